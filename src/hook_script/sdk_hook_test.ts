import assert from "node:assert/strict";
import { isSdkSpecifier, runsDirect, writtenWithSdk } from "./sdk_hook.ts";
import { staticImports, tokens } from "./import_scan.ts";

const SDK = "jsr:@everyhook/cli/hook";

Deno.test("staticImports() reads every form of import and re-export, and skips dynamic ones", () => {
  const source = [
    "#!/usr/bin/env -S deno run",
    'import "side";',
    'import a, { b, c as d, type E } from "one";',
    'import * as ns from "two";',
    'import type { F } from "three";',
    'import type G from "four";',
    'import type from "five";',
    'export { h } from "six";',
    'export * from "seven";',
    'export type { I } from "eight";',
    "export const x = 1;",
    "export { x as y };",
    'const later = await import("nine");',
    "console.log(import.meta.url);",
    'import json from "./data.json" with { type: "json" };',
  ].join("\n");
  assert.deepEqual(
    staticImports(source).map((i) => [i.specifier, i.typeOnly, i.names, i.namespace ?? null]),
    [
      ["side", false, [], null],
      ["one", false, ["b", "c"], null],
      ["two", false, [], "ns"],
      ["three", true, ["F"], null],
      ["four", true, [], null],
      ["five", false, [], null],
      ["six", false, ["h"], null],
      ["seven", false, [], null],
      ["eight", true, ["I"], null],
      ["./data.json", false, [], null],
    ],
  );
});

Deno.test("staticImports() is not fooled by comments, strings, templates or regular expressions", () => {
  const source = [
    `// import { defineHook } from "${SDK}";`,
    `/* import { defineHook } from "${SDK}"; */`,
    `const s = 'import { defineHook } from "${SDK}"';`,
    `const d = "import { defineHook } from '${SDK}'";`,
    "const t = `",
    `import { defineHook } from "${SDK}";`,
    "${ `nested ${'}'} import x from \"y\"` }`;",
    `const r = /import { defineHook } from "${SDK}"/;`,
    `const q = a / b; const w = c / d;`,
    "function f() {",
    `  return { import: 1 };`,
    "}",
  ].join("\n");
  assert.deepEqual(staticImports(source), []);
  assert.equal(writtenWithSdk(source), false);
});

Deno.test("tokens() keeps a division apart from a regular expression", () => {
  const kinds = tokens("x = a / b / c; y = /re/g.test(z); if (p) return /q/;").map((t) => t.kind);
  assert.equal(kinds.filter((k) => k === "regex").length, 2);
});

Deno.test("writtenWithSdk() needs defineHook, taken by value, from the SDK", () => {
  assert.equal(writtenWithSdk(`import { defineHook, deny } from "${SDK}";`), true);
  assert.equal(writtenWithSdk(`import { defineHook as make } from "${SDK}";`), true);
  assert.equal(
    writtenWithSdk(`import * as eh from "${SDK}";\nexport default eh.defineHook(() => {});`),
    true,
  );
  assert.equal(writtenWithSdk(`import * as eh from "${SDK}";\n// eh.defineHook`), false);
  assert.equal(writtenWithSdk(`import { deny, isShell } from "${SDK}";`), false);
  assert.equal(writtenWithSdk(`import { type defineHook } from "${SDK}";`), false);
  assert.equal(writtenWithSdk(`import type { defineHook } from "${SDK}";`), false);
  assert.equal(writtenWithSdk(`import { defineHook } from "jsr:@other/cli/hook";`), false);
  assert.equal(writtenWithSdk(`import { defineHook } from "../src/hook/mod.ts";`), true);
});

Deno.test("isSdkSpecifier() knows the SDK's names and paths", () => {
  for (
    const s of [
      SDK,
      "jsr:@everyhook/cli@0.1.0/hook",
      "jsr:/@everyhook/cli@^0.1/hook",
      "@everyhook/cli/hook",
      "https://jsr.io/@everyhook/cli/0.1.0/src/hook/mod.ts",
      "./src/hook/mod.ts",
      "/opt/everyhook/src/hook/mod.ts",
      "file:///opt/everyhook/src/hook/mod.ts",
    ]
  ) assert.equal(isSdkSpecifier(s), true, s);
  for (
    const s of [
      "jsr:@everyhook/cli",
      "jsr:@everyhook/cli/hooks",
      "npm:@everyhook/cli/hook",
      "src/hook/mod.ts",
      "./src/hook/mod.tsx",
      "jsr:@everyhook/cli-fake/hook",
    ]
  ) assert.equal(isSdkSpecifier(s), false, s);
});

Deno.test("runsDirect() takes only modules Deno runs", () => {
  const source = `import { defineHook } from "${SDK}";`;
  assert.equal(runsDirect("/h/a.ts", source), true);
  assert.equal(runsDirect("/h/a.MJS", source), true);
  assert.equal(runsDirect("/h/a.sh", source), false);
  assert.equal(runsDirect("/h/a.py", source), false);
});
