import assert from "node:assert/strict";
import { isFileChange, isMcp, isPreTool, isRead, isShell, isTool } from "./guards.ts";
import { allow, ask, context, deny, input, message } from "./answers.ts";
import { readAnswer } from "../contract/contract.ts";
import type { Document, ToolCall } from "./types.ts";

function pre(tool: ToolCall, event: "pre-tool" | "post-tool" = "pre-tool"): Document {
  return { everyhook: 1, agent: "codex", event, nativeEvent: "X", tool, native: {} };
}

Deno.test("the guards check what their types promise", () => {
  const shell = pre({ name: "Bash", kind: "shell", command: "ls", input: {} });
  assert.ok(isShell(shell) && isTool(shell) && isPreTool(shell));
  assert.ok(!isShell(pre({ name: "Bash", kind: "shell", input: {} })), "no command, no shell");
  assert.ok(isShell(pre({ name: "Bash", kind: "shell", command: "ls", input: {} }, "post-tool")));
  assert.ok(
    !isPreTool(pre({ name: "Bash", kind: "shell", command: "ls", input: {} }, "post-tool")),
  );
  const write = pre({ name: "Write", kind: "write", path: "a", paths: ["a", "b"], input: {} });
  assert.ok(isFileChange(write) && !isRead(write) && !isShell(write));
  assert.ok(!isFileChange(pre({ name: "Write", kind: "write", input: {} })), "no paths");
  assert.ok(isRead(pre({ name: "Read", kind: "read", path: "a", paths: ["a"], input: {} })));
  assert.ok(isMcp(pre({ name: "mcp__a__b", kind: "mcp", input: {} })));
  const stop: Document = {
    everyhook: 1,
    agent: "codex",
    event: "stop",
    nativeEvent: "Stop",
    stop: { continued: false },
    native: {},
  };
  assert.ok(!isTool(stop) && !isShell(stop) && !isFileChange(stop));
});

Deno.test("the answer helpers make answers the contract takes", () => {
  const answers = [
    deny("r"),
    deny("r", { message: "m", context: "c" }),
    ask("r"),
    allow(),
    allow("r", { input: { command: "ls" } }),
    context("c"),
    message("m"),
    { ...allow(), ...input({ command: "trash build" }) },
  ];
  for (const a of answers) {
    const r = readAnswer(JSON.stringify(a));
    assert.ok(r.ok, JSON.stringify(a));
    assert.deepEqual(r.answer, a);
  }
  assert.deepEqual(deny("no", { message: "m" }), { decision: "deny", reason: "no", message: "m" });
  assert.deepEqual(allow(), { decision: "allow" });
});
