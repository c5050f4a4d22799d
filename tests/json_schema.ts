/**
 * A JSON Schema validator for the tests, that knows only the keywords the
 * schemas in schema/ use and refuses any other, so that a schema cannot use a
 * keyword it would silently skip.
 *
 * @module
 */

/** A JSON Schema, as parsed. */
export type Schema = Record<string, unknown>;

const KEYWORDS = new Set([
  "$schema",
  "$id",
  "$defs",
  "$ref",
  "title",
  "description",
  "type",
  "const",
  "enum",
  "required",
  "properties",
  "additionalProperties",
  "items",
  "minLength",
]);

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * The problems of `value` against `schema`, as "path: problem" lines; none when it is valid.
 *
 * @param value The value.
 * @param schema The schema (or a part of it).
 * @param root The whole schema, for `$ref`.
 * @param path Where `value` is, for the lines.
 * @returns The problems.
 */
export function validate(value: unknown, schema: Schema, root: Schema, path = "$"): string[] {
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key)) throw new Error(`the validator does not know "${key}" at ${path}`);
  }
  if (typeof schema.$ref === "string") {
    const name = /^#\/\$defs\/(.+)$/.exec(schema.$ref)?.[1];
    const target = name ? (root.$defs as Record<string, Schema>)[name] : undefined;
    if (!target) throw new Error(`cannot follow "${schema.$ref}"`);
    return validate(value, target, root, path);
  }
  const problems: string[] = [];
  const type = schema.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    const actual = typeOf(value);
    const ok = types.includes(actual) || (actual === "integer" && types.includes("number"));
    if (!ok) return [`${path}: is ${actual}, not ${types.join(" or ")}`];
  }
  if ("const" in schema && value !== schema.const) {
    problems.push(`${path}: is not ${JSON.stringify(schema.const)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) {
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof schema.minLength === "number" && typeof value === "string") {
    if (value.length < schema.minLength) {
      problems.push(`${path}: is shorter than ${schema.minLength}`);
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, i) =>
      problems.push(...validate(item, schema.items as Schema, root, `${path}[${i}]`))
    );
  }
  if (typeOf(value) === "object") {
    const record = value as Record<string, unknown>;
    for (const key of (schema.required as string[] | undefined) ?? []) {
      if (!(key in record)) problems.push(`${path}: "${key}" is required`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [key, field] of Object.entries(record)) {
      const sub = properties[key];
      if (sub) problems.push(...validate(field, sub, root, `${path}.${key}`));
      else if (schema.additionalProperties === false) {
        problems.push(`${path}: "${key}" is not allowed`);
      } else if (typeof schema.additionalProperties === "object") {
        problems.push(
          ...validate(field, schema.additionalProperties as Schema, root, `${path}.${key}`),
        );
      }
    }
  }
  return problems;
}
