import assert from "node:assert/strict";
import { directWords, readDirectArgs } from "./direct_args.ts";

Deno.test("readDirectArgs() reads what directWords() writes, and leaves other words alone", () => {
  const args = { agent: "gemini-cli", event: "stop", timeout: 7.5, failClosed: true };
  assert.deepEqual(readDirectArgs(directWords(args)), { kind: "direct", args });
  assert.deepEqual(
    readDirectArgs(["-v", "--everyhook-agent=codex", "x", "--everyhook-event=prompt"]),
    { kind: "direct", args: { agent: "codex", event: "prompt", timeout: 25, failClosed: false } },
  );
  assert.deepEqual(readDirectArgs([]), { kind: "contract" });
  assert.deepEqual(readDirectArgs(["--agent", "codex"]), { kind: "contract" });
});

Deno.test("readDirectArgs() refuses direct mode's flags when they are wrong", () => {
  const bad = [
    ["--everyhook-agent"],
    ["--everyhook-agent", "codex"],
    ["--everyhook-event", "stop"],
    ["--everyhook-fail-closed"],
    ["--everyhook-agent", "codex", "--everyhook-event", "stop", "--everyhook-timeout", "0"],
    ["--everyhook-agent", "codex", "--everyhook-event", "stop", "--everyhook-timeout", "soon"],
    ["--everyhook-agent", "codex", "--everyhook-event", "stop", "--everyhook-fail-closed=no"],
  ];
  for (const words of bad) assert.equal(readDirectArgs(words).kind, "bad", words.join(" "));
});
