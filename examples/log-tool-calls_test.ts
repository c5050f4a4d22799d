import assert from "node:assert/strict";
import { shebangPermissions } from "../src/run/hook_plan.ts";
import { cutLongTexts, logLine, MAX_TEXT } from "./log-tool-calls.ts";

Deno.test("cutLongTexts() cuts every long string and keeps the rest", () => {
  const doc = {
    a: "x".repeat(MAX_TEXT + 5),
    b: ["y".repeat(MAX_TEXT)],
    c: 1,
    d: null,
    e: { f: true },
  };
  const cut = cutLongTexts(doc, MAX_TEXT) as typeof doc;
  assert.equal(cut.a, `${"x".repeat(MAX_TEXT)}…[cut 5 characters]`);
  assert.equal(cut.b[0], "y".repeat(MAX_TEXT));
  assert.deepEqual([cut.c, cut.d, cut.e], [1, null, { f: true }]);
});

Deno.test("logLine() writes one compact line, whole with full", () => {
  const text = JSON.stringify({ event: "post-tool", tool: { output: "z".repeat(9000) } }, null, 2);
  const line = logLine(text, false);
  assert.equal(line.split("\n").length, 2);
  assert.ok(line.length < 8200);
  assert.ok(logLine(text, true).includes("z".repeat(9000)));
  assert.deepEqual(JSON.parse(logLine("not json", false)), { unreadable: "not json" });
});

Deno.test("log-tool-calls.ts as a program appends lines and prints nothing", async () => {
  const hook = new URL("./log-tool-calls.ts", import.meta.url).pathname;
  const first = (await Deno.readTextFile(hook)).split("\n")[0] ?? "";
  // The flags the hook runner grants: exactly those of the shebang.
  const flags = shebangPermissions(first);
  assert.deepEqual(flags, ["--allow-env=EVERYHOOK_LOG,EVERYHOOK_LOG_FULL", "--allow-write"]);
  const dir = await Deno.makeTempDir();
  const log = `${dir}/calls.jsonl`;
  for (const event of ["pre-tool", "post-tool"]) {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-prompt", ...flags, hook],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { EVERYHOOK_LOG: log },
    }).spawn();
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(JSON.stringify({ everyhook: 1, event })));
    await w.close();
    const out = await child.output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    assert.equal(out.stdout.length, 0);
  }
  const lines = (await Deno.readTextFile(log)).trim().split("\n").map((l) => JSON.parse(l).event);
  assert.deepEqual(lines, ["pre-tool", "post-tool"]);
  await Deno.remove(dir, { recursive: true });
});
