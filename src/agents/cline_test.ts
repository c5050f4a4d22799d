import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertForcePushRead,
  assertKindsAndPaths,
  conformanceCases,
  recordedPayloads,
} from "../../tests/agent_recordings.ts";
import { cline } from "./cline.ts";
import { translate } from "../run/translate.ts";
import { ANSWER_PARTS } from "./types.ts";

/** The payloads the real Cline 3.0.65 sent on Linux, by `<event>.<variant>`. */
const { fixtures: FIXTURES, read } = await recordedPayloads(cline);
const CASES = await conformanceCases("cline");

Deno.test("cline.read() reads a run_commands call with its command, the task and the workspace", () => {
  const doc = read("pre-tool.shell-force-push");
  assertForcePushRead(doc, { agent: "cline", nativeEvent: "PreToolUse", tool: "run_commands" });
  assert.match(doc.session ?? "", /^conv_/);
});

Deno.test("cline.read() gives the editor and read_files calls their kind and paths", () => {
  assertKindsAndPaths(read, [
    ["pre-tool.write", "edit", "<project>/new-file.txt"],
    ["pre-tool.edit", "edit", "<project>/edit-me.txt"],
    ["pre-tool.read", "read", "<project>/edit-me.txt"],
  ]);
});

Deno.test("cline.read() reads a tool's result, a task's start and its end", () => {
  const post = read("post-tool.shell");
  assert.equal(post.nativeEvent, "PostToolUse");
  assert.equal(post.tool?.failed, false);
  assert.match(post.tool?.output ?? "", /hello/);
  assert.equal(read("session-start.startup").nativeEvent, "TaskStart");
  const stop = read("stop.completed").stop;
  assert.deepEqual(stop, { continued: false, status: "completed", lastMessage: "FINAL-1" });
});

Deno.test("cline: a deny rewrites the call, and the recorded run shows the command did not run and the reason arrived", () => {
  const out = translate(cline, "pre-tool", { decision: "deny", reason: "R" });
  assert.deepEqual(JSON.parse(out.stdout), {
    overrideInput: { commands: ["printf '%s\\n' 'R' >&2; exit 1"] },
    contextModification: "R",
  });
  const rewrite = CASES.get("cline-pre-deny-rewrite");
  assert.equal(rewrite?.toolRan, false);
  assert.equal(rewrite?.reachedModel, true);
  const editor = CASES.get("cline-pre-deny-editor");
  assert.equal(editor?.toolRan, false, "the editor wrote the file");
  assert.equal(editor?.reachedModel, true);
  // What everyhook never writes: cancel ends the whole task, Claude Code's deny does not block.
  assert.equal(CASES.get("cline-pre-cancel")?.runEnded, true);
  assert.equal(CASES.get("cline-pre-cancel")?.reachedModel, false);
  assert.equal(CASES.get("pre-deny-json")?.toolRan, true);
  assert.equal(CASES.get("pre-exit2-stderr")?.toolRan, true);
  for (const part of ANSWER_PARTS) {
    assert.equal(cline.events["pre-tool"]!.cells[part].stdout?.cancel, undefined, part);
  }
});

Deno.test("cline: nothing at TaskComplete sends Cline back, and TaskStart's answer is not read", () => {
  for (const event of ["stop", "session-start", "session-end"] as const) {
    for (const part of ["deny", "ask", "allow", "context", "message", "input"] as const) {
      assert.equal(cline.events[event]!.cells[part].becomes, "dropped", `${event} ${part}`);
    }
  }
  assert.equal(CASES.get("cline-stop-cancel")?.continued, false);
  assert.equal(CASES.get("cline-stop-context")?.continued, false);
  assert.equal(CASES.get("cline-start-context")?.reachedModel, false);
});

Deno.test("cline: every recorded cell names a case of fixtures/conformance/cline.json", async () => {
  const { binary } = await assertCellsRecorded(cline);
  assert.ok(binary >= 10);
});

Deno.test("cline.read() takes a command that exited non-zero as a failed tool, though postToolUse says success", () => {
  const f = FIXTURES.get("post-tool.shell")!;
  const payload = structuredClone(f.payload) as Record<string, unknown>;
  const result = payload.tool_result as { output: Array<Record<string, unknown>> };
  result.output[0]!.success = false;
  const doc = cline.read(payload, { event: "post-tool" });
  assert.equal((payload.postToolUse as { success: boolean }).success, true);
  assert.equal(doc.tool?.failed, true);
});
