/**
 * The library's public surface is deliberate: the entry points JSR publishes
 * (mod.ts, the SDK's src/hook/mod.ts) name each export, with no `export *`
 * that would publish whatever a module it re-exports grows, and
 * `deno doc --lint` finds nothing to say of them.
 *
 * @module
 */

import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);
const ENTRIES = ["mod.ts", "src/hook/mod.ts"];

Deno.test("the published entry points name each export: no export *", async () => {
  for (const entry of ENTRIES) {
    const text = await Deno.readTextFile(new URL(entry, ROOT));
    const star = text.split("\n").filter((line) => /^\s*export\s+(type\s+)?\*/.test(line));
    assert.deepEqual(star, [], entry);
  }
});

Deno.test("deno doc --lint finds nothing in the published entry points", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--lint", ...ENTRIES],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, text);
});
