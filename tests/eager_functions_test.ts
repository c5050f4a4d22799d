// What scripts/eager_functions.ts does to a bundle: the functions and wrapped modules of the text
// `deno bundle` writes come out in parentheses, behave as before, and a layout it cannot read is an
// error.
import assert from "node:assert/strict";
import { eagerFunctions, MOVED_NOTE } from "../scripts/eager_functions.ts";

const BUNDLE = `#!/usr/bin/env -S deno run
// Generated
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};

// src/table.ts
var TABLE;
var init_table = __esm({
  "src/table.ts"() {
    TABLE = { twice: twice(2) };
  }
});

// src/main.ts
init_table();
const first = twice(TABLE.twice);
async function later(x) {
  return await Promise.resolve(x);
}
function twice(n) {
  const inner = () => {
    return n;
  };
  return inner() * 2;
}
function* count() {
  yield 1;
}
export { first, later, count };
`;

async function load(text: string): Promise<Record<string, unknown>> {
  const body = text.replace(/^#!.*\n/, "");
  return await import(`data:application/javascript,${encodeURIComponent(body)}`);
}

Deno.test("every top-level function and wrapped module is parenthesized, and the module behaves as before", async () => {
  const out = eagerFunctions(BUNDLE, "var __defProp");
  assert.match(out, /^#!\/usr\/bin\/env -S deno run\n\/\/ Generated\n/);
  for (
    const wanted of [
      "var later = (async function later(x) {",
      "var twice = (function twice(n) {",
      "var count = (function* count() {",
      '  "src/table.ts": (function() {',
    ]
  ) {
    assert.ok(out.includes(wanted), `the output has ${wanted}`);
  }
  assert.doesNotMatch(out, /^(async )?function/m);
  // Moved above the code, so that the table's use of twice, before its line, still finds it.
  assert.ok(out.indexOf(MOVED_NOTE) < out.indexOf("var __defProp"));
  const before = await load(BUNDLE);
  const after = await load(out);
  assert.equal(after.first, 8);
  assert.equal(after.first, before.first);
  assert.equal(await (after.later as (x: number) => Promise<number>)(3), 3);
  assert.deepEqual([...(after.count as () => Iterable<number>)()], [1]);
});

Deno.test("a function whose end is not laid out as deno bundle writes it is an error, not a guess", () => {
  const broken = "const a = 1;\nfunction f() {\n  return `\n}\n  x`;\n}\n";
  assert.throws(() => eagerFunctions(broken), /cannot tell where the block at line 2 ends/);
  assert.throws(() => eagerFunctions("function f() {\n  return 1;\n"), /line 1/);
});

Deno.test("a text with no function is left as it is", () => {
  const text = "// only data\nexport const x = { a: 1 };\n";
  assert.equal(eagerFunctions(text), text);
});
