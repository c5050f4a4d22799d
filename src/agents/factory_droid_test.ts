import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertEveryFixtureReads,
  assertForcePushRead,
  assertKindsAndPaths,
  recordedPayloads,
} from "../../tests/agent_recordings.ts";
import { factoryDroid } from "./factory_droid.ts";
import { translate } from "../run/translate.ts";
import { ANSWER_PARTS } from "./types.ts";

/** The payloads the real Droid 0.215.0 sent on Linux, by `<event>.<variant>`. */
const { fixtures: FIXTURES, read } = await recordedPayloads(factoryDroid);

Deno.test("factoryDroid.read() reads an Execute call with its command and the common fields", () => {
  const doc = read("pre-tool.shell-force-push");
  assertForcePushRead(doc, { agent: "factory-droid", nativeEvent: "PreToolUse", tool: "Execute" });
  assert.match(doc.transcript ?? "", /^<home>\/\.factory\/sessions\/.*\.jsonl$/);
});

Deno.test("factoryDroid.read() gives Create, Read, Edit and Task calls their kind and path", () => {
  assertKindsAndPaths(read, [
    ["pre-tool.write", "write", "<project>/new-file.txt"],
    ["pre-tool.read", "read", "<project>/edit-me.txt"],
    ["pre-tool.edit", "edit", "<project>/edit-me.txt"],
    ["pre-tool.write-env", "write", "<project>/.env"],
    ["pre-tool.agent", "agent", undefined],
  ]);
});

Deno.test("factoryDroid.read() gives the tool's text after PostToolUse, which fires only on success", () => {
  const tool = read("post-tool.shell-harmless").tool;
  assert.match(tool?.output ?? "", /^hello\n/);
  assert.equal(tool?.failed, false);
});

Deno.test("factoryDroid.read() reads stops, and the sub-agent's result as its last message", () => {
  assert.equal(read("stop.first").stop?.continued, false);
  assert.equal(read("stop.continued").stop?.continued, true);
  const sub = read("subagent-stop.first");
  assert.equal(sub.stop?.continued, false);
  assert.equal(sub.stop?.lastMessage, FIXTURES.get("subagent-stop.first")!.payload["task_result"]);
  assert.equal(read("session-start.startup").source, "startup");
  assert.equal(read("session-end.end").reason, "other");
});

Deno.test("factoryDroid.transcriptLastMessage() finds the last assistant text of a session file", () => {
  const line = (role: string, content: unknown) =>
    JSON.stringify({ type: "message", message: { role, content } });
  const transcript = [
    JSON.stringify({ type: "session_start", id: "s" }),
    line("user", [{ type: "text", text: "do it" }]),
    line("assistant", [{ type: "text", text: "first" }]),
    line("assistant", [{ type: "tool_use", name: "Execute", input: {} }, {
      type: "text",
      text: "last",
    }]),
    line("user", [{ type: "tool_result", content: "x" }]),
    JSON.stringify({ type: "agent_turn_outcome", reason: "completed" }),
  ].join("\n");
  assert.equal(factoryDroid.transcriptLastMessage?.(transcript), "last");
});

Deno.test("factoryDroid: no answer is ever written as the legacy decision block before a tool", () => {
  const cells = factoryDroid.events["pre-tool"]!.cells;
  for (const part of ANSWER_PARTS) {
    const stdout = JSON.stringify(cells[part].stdout ?? {});
    assert.ok(!stdout.includes('"decision"'), `${part}: ${stdout}`);
  }
  const deny = translate(factoryDroid, "pre-tool", { decision: "deny", reason: "no" });
  assert.equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision, "deny");
  const ask = translate(factoryDroid, "pre-tool", { decision: "ask", reason: "sure?" });
  assert.equal(JSON.parse(ask.stdout).hookSpecificOutput.permissionDecision, "deny");
});

Deno.test("factoryDroid cells rest on cases in fixtures/conformance/factory-droid.json", async () => {
  const { file, binary } = await assertCellsRecorded(factoryDroid);
  assert.ok(binary >= 10);
  // What the cells say about the legacy block rests on what the binary did.
  const legacy = file.cases.find((c) => c.id === "pre-block-legacy");
  assert.equal(legacy?.toolRan, true, "Droid ran the tool after a legacy decision block");
});

Deno.test("factoryDroid: every recorded fixture reads into a document of its event", async () => {
  await assertEveryFixtureReads(factoryDroid, 5);
});
