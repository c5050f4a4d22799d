import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertForcePushRead,
  assertKindsAndPaths,
  assertPermissionDeny,
  conformanceCases,
  recordedPayloads,
} from "../../tests/agent_recordings.ts";
import { kimiCode } from "./kimi_code.ts";
import { translate } from "../run/translate.ts";
import { ANSWER_PARTS } from "./types.ts";

/** The payloads the real Kimi Code 2.1.0 sent on Linux, by `<event>.<variant>`. */
const { read } = await recordedPayloads(kimiCode);
const CASES = await conformanceCases("kimi-code");

Deno.test("kimiCode.read() reads a Bash call with its command and the common fields", () => {
  const doc = read("pre-tool.shell-force-push");
  assertForcePushRead(doc, { agent: "kimi-code", nativeEvent: "PreToolUse", tool: "Bash" });
  assert.match(doc.session ?? "", /^session_/);
  assert.equal(doc.transcript, undefined, "Kimi Code sends no transcript path");
});

Deno.test("kimiCode.read() gives Write, Read and Edit calls their kind and their path field", () => {
  assertKindsAndPaths(read, [
    ["pre-tool.write", "write", "<project>/new-file.txt"],
    ["pre-tool.read", "read", "<project>/edit-me.txt"],
    ["pre-tool.edit", "edit", "<project>/edit-me.txt"],
  ]);
});

Deno.test("kimiCode.read() reads PostToolUseFailure as a failed post-tool with the error's message", () => {
  const doc = read("post-tool.shell-failed");
  assert.equal(doc.nativeEvent, "PostToolUseFailure");
  assert.equal(doc.tool?.failed, true);
  assert.equal(doc.tool?.output, "R-PUSH force push is refused");
  assert.equal(kimiCode.aliasEvents.PostToolUseFailure, "post-tool");
});

Deno.test("kimiCode.read() joins a prompt given as content parts, and reads stops and starts", () => {
  assert.equal(read("prompt.prompt").prompt, "Please do the scripted steps.");
  assert.equal(read("stop.first").stop?.continued, false);
  assert.equal(read("session-start.startup").source, "startup");
});

Deno.test("kimiCode: a deny before a tool is written as what blocked the real binary, never the legacy block", () => {
  assertPermissionDeny(kimiCode, "R");
  const recorded = CASES.get("pre-deny-json");
  assert.equal(recorded?.toolRan, false);
  assert.equal(recorded?.reachedModel, true);
  assert.equal(CASES.get("pre-block-legacy")?.toolRan, true, "the legacy block did not block");
  for (const part of ANSWER_PARTS) {
    assert.equal(kimiCode.events["pre-tool"]!.cells[part].stdout?.decision, undefined, part);
  }
});

Deno.test("kimiCode: a stop and a prompt are refused by exit 2 with the reason on stderr", () => {
  const stop = translate(kimiCode, "stop", { decision: "deny", reason: "R-STOP" });
  assert.equal(stop.exit, 2);
  assert.equal(stop.stderr, "R-STOP");
  assert.equal(stop.stdout, "");
  assert.equal(CASES.get("stop-exit2-stderr")?.continued, true);
  const prompt = translate(kimiCode, "prompt", { decision: "deny", reason: "R-UPS" });
  assert.equal(prompt.exit, 2);
  assert.equal(CASES.get("ups-exit2-stderr")?.toolRan, false, "the prompt did not reach the model");
});

Deno.test("kimiCode: every answer after a tool and at SessionEnd is dropped, and says why", () => {
  for (const event of ["post-tool", "session-end"] as const) {
    for (const part of ["deny", "ask", "allow", "context", "message", "input"] as const) {
      const cell = kimiCode.events[event]!.cells[part];
      assert.equal(cell.becomes, "dropped", `${event} ${part}`);
      assert.ok(cell.note && cell.note.length > 20, `${event} ${part}`);
      assert.equal(cell.basis.kind, "binary", `${event} ${part}`);
    }
  }
  assert.match(kimiCode.events["post-tool"]!.cells.deny.note!, /does not wait/);
  const end = CASES.get("session-end-fires");
  assert.match(end?.notes ?? "", /the hook never ran/);
});

Deno.test("kimiCode: every recorded cell names a case of fixtures/conformance/kimi-code.json", async () => {
  const { binary } = await assertCellsRecorded(kimiCode);
  assert.ok(binary >= 10);
});

Deno.test("kimiCode: hooks go in the user's config.toml only, as [[hooks]] tables with seconds", () => {
  const info = kimiCode.install;
  assert.equal(info.container, "toml");
  assert.deepEqual(info.files.user.parts, [".kimi-code", "config.toml"]);
  assert.equal(info.files.user.env, "KIMI_CODE_HOME");
  assert.equal(info.timeoutUnit, "s");
  assert.match(info.noProject ?? "", /never from a project/);
  assert.equal(CASES.get("file-project-settings")?.toolRan, true, "a project file was not read");
});
