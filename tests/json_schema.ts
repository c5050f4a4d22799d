/**
 * A JSON Schema validator for the keywords the schemas in schema/ use, and no
 * more: a schema with any other keyword is refused, so that no keyword is
 * silently skipped. For the tests (tests/ is not published).
 *
 * @module
 */

/** A schema, or a part of one. */
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
  "oneOf",
]);

const ROOT = new URL("..", import.meta.url).pathname;

/**
 * Read one of the schemas in schema/.
 *
 * @param name Its name, such as `list` for schema/list.schema.json.
 * @returns The schema.
 *
 * @example Usage
 * ```ts ignore
 * const schema = await readSchema("list");
 * ```
 */
export async function readSchema(name: string): Promise<Schema> {
  return JSON.parse(await Deno.readTextFile(`${ROOT}schema/${name}.schema.json`)) as Schema;
}

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
 * @param schema The schema, or a part of it.
 * @param root The whole schema, where `$ref`s point.
 * @param path Where `value` is, for the lines.
 * @returns The problems.
 * @throws {Error} For a keyword the validator does not know, or a `$ref` it cannot follow.
 *
 * @example Usage
 * ```ts ignore
 * const schema = { type: "object", required: ["a"] };
 * validate({}, schema, schema); // ['$: "a" is required']
 * ```
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
  if (Array.isArray(schema.oneOf)) {
    const tries = (schema.oneOf as Schema[]).map((s) => validate(value, s, root, path));
    const passed = tries.filter((t) => t.length === 0).length;
    if (passed === 1) return [];
    if (passed > 1) return [`${path}: matches ${passed} of oneOf, not exactly one`];
    const nearest = tries.reduce((a, b) => (b.length < a.length ? b : a));
    return [`${path}: matches none of oneOf; the nearest: ${nearest.join("; ")}`];
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
