/**
 * schema/manifest.schema.json against the manifest reader: every example of
 * everyhook.json in the README and docs/ validates and reads, the
 * schema names exactly the agents and events everyhook knows, and the bad
 * manifests below are refused by both. The validator knows only the keywords
 * the schema uses, and refuses any other.
 */
import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import { EVENTS } from "../src/contract/contract.ts";
import { parseJsonText } from "../src/settings/json_text.ts";
import { parseManifest } from "../src/install/manifest.ts";
import { SPOKEN_ENTRIES } from "../src/speaks/registry.ts";

type Schema = Record<string, unknown>;
const ROOT = new URL("..", import.meta.url).pathname;
const schema = JSON.parse(
  await Deno.readTextFile(`${ROOT}schema/manifest.schema.json`),
) as Schema;

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
  "minItems",
  "minimum",
  "maximum",
  "pattern",
  "anyOf",
]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function validate(value: unknown, s: Schema, path = "$"): string[] {
  for (const key of Object.keys(s)) {
    if (!KEYWORDS.has(key)) throw new Error(`the validator does not know "${key}" at ${path}`);
  }
  if (typeof s.$ref === "string") {
    const name = /^#\/\$defs\/(.+)$/.exec(s.$ref)?.[1];
    const target = name ? (schema.$defs as Record<string, Schema>)[name] : undefined;
    if (!target) throw new Error(`cannot follow ${s.$ref}`);
    return validate(value, target, path);
  }
  const out: string[] = [];
  if (Array.isArray(s.anyOf)) {
    const fits = (s.anyOf as Schema[]).some((b) => validate(value, b, path).length === 0);
    if (!fits) out.push(`${path}: fits none of anyOf`);
  }
  if (s.const !== undefined && value !== s.const) out.push(`${path}: is not ${s.const}`);
  if (Array.isArray(s.enum) && !s.enum.includes(value)) out.push(`${path}: not in enum`);
  if (s.type !== undefined) {
    const t = typeOf(value);
    const ok = s.type === t || (s.type === "number" && t === "integer");
    if (!ok) return [...out, `${path}: is ${t}, not ${s.type}`];
  }
  if (typeof value === "string") {
    if (typeof s.minLength === "number" && value.length < s.minLength) out.push(`${path}: short`);
    if (typeof s.pattern === "string" && !new RegExp(s.pattern).test(value)) {
      out.push(`${path}: does not match ${s.pattern}`);
    }
  }
  if (typeof value === "number") {
    if (typeof s.minimum === "number" && value < s.minimum) out.push(`${path}: below minimum`);
    if (typeof s.maximum === "number" && value > s.maximum) out.push(`${path}: above maximum`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === "number" && value.length < s.minItems) out.push(`${path}: few items`);
    if (s.items) {
      value.forEach((v, i) => out.push(...validate(v, s.items as Schema, `${path}[${i}]`)));
    }
  }
  if (typeOf(value) === "object") {
    const o = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const r of (s.required ?? []) as string[]) if (!(r in o)) out.push(`${path}: needs ${r}`);
    for (const [k, v] of Object.entries(o)) {
      if (props[k]) out.push(...validate(v, props[k], `${path}.${k}`));
      else if (s.additionalProperties === false) out.push(`${path}: has ${k}`);
    }
  }
  return out;
}

/** Every ```jsonc block of a file whose first line is `// everyhook.json`. */
async function examples(file: string): Promise<string[]> {
  const text = await Deno.readTextFile(`${ROOT}${file}`);
  return [...text.matchAll(/```jsonc\n(\/\/ everyhook\.json\n[\s\S]*?)```/g)].map((m) => m[1]!);
}

Deno.test("the manifest schema names exactly the agents, events and spoken protocols everyhook knows", () => {
  const defs = schema.$defs as Record<string, { enum: string[] }>;
  assert.deepEqual(defs.agent!.enum, AGENTS.map((a) => a.id));
  assert.deepEqual(defs.spoken!.enum, SPOKEN_ENTRIES.map((e) => e.id));
  assert.deepEqual(defs.event!.enum, [...EVENTS]);
});

Deno.test("every everyhook.json example in the README and docs/ validates and reads", async () => {
  const pages = ["README.md"];
  for await (const e of Deno.readDir(`${ROOT}docs`)) {
    if (e.isFile && e.name.endsWith(".md")) pages.push(`docs/${e.name}`);
  }
  const found = (await Promise.all(pages.map(examples))).flat();
  assert.ok((await examples("docs/team-hooks.md")).length >= 1, "docs/team-hooks.md shows one");
  for (const text of found) {
    const value = parseJsonText(text, "everyhook.json");
    assert.deepEqual(validate(value, schema), [], text);
    const m = parseManifest(text, "everyhook.json", AGENTS);
    assert.ok(m.hooks.length > 0, text);
  }
});

Deno.test("the schema and the reader refuse the same bad manifests", () => {
  const bad: unknown[] = [
    {},
    { hooks: {} },
    { hooks: [{}] },
    { hooks: [{ file: "/abs/a.ts" }] },
    { hooks: [{ file: "../a.ts" }] },
    { hooks: [{ file: "a/../../b.ts" }] },
    { hooks: [{ file: "C:/a.ts" }] },
    { hooks: [{ file: "a\\b.ts" }] },
    { hooks: [{ file: "a.ts", events: [] }] },
    { hooks: [{ file: "a.ts", events: ["pre_tool"] }] },
    { hooks: [{ file: "a.ts", events: "pre-tool" }] },
    { hooks: [{ file: "a.ts", agents: ["claude"] }] },
    { hooks: [{ file: "a.ts", timeout: 0 }] },
    { hooks: [{ file: "a.ts", timeout: 2.5 }] },
    { hooks: [{ file: "a.ts", timeout: 3601 }] },
    { hooks: [{ file: "a.ts", failClosed: "yes" }] },
    { hooks: [{ file: "a.ts", speaks: "bash" }] },
    { hooks: [{ file: "a.ts", speaks: "opencode" }] },
    { hooks: [{ file: "a.ts", extra: 1 }] },
    { hooks: [], start: "npx" },
    { hooks: [], everyhook: "latest" },
    { hooks: [], other: true },
  ];
  for (const value of bad) {
    const text = JSON.stringify(value);
    assert.notDeepEqual(validate(value, schema), [], `the schema takes ${text}`);
    assert.throws(() => parseManifest(text, "everyhook.json", AGENTS), /Cannot read/, text);
  }
  const good = {
    everyhook: "0.1.0",
    start: "jsr",
    hooks: [
      { file: "hooks/a.ts", events: "all", agents: ["codex"], matcher: "Bash", timeout: 10 },
      { file: "b.sh", failClosed: true, speaks: "claude-code" },
    ],
  };
  assert.deepEqual(validate(good, schema), []);
  const m = parseManifest(JSON.stringify(good), "everyhook.json", AGENTS);
  assert.deepEqual(m.hooks.map((h) => [h.file, h.timeout, h.failClosed]), [
    ["hooks/a.ts", 10, false],
    ["b.sh", 30, true],
  ]);
});
