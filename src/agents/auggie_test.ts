import assert from "node:assert/strict";
import {
  assertEveryFixtureReads,
  assertForcePushRead,
  assertKindsAndPaths,
  conformanceCases,
  recordedPayloads,
} from "../../tests/agent_recordings.ts";
import { auggie } from "./auggie.ts";
import { translate } from "../run/translate.ts";
import { ANSWER_PARTS } from "./types.ts";

/** The payloads the real Auggie 0.36.0 sent on Linux, by `<event>.<variant>`. */
const { fixtures: FIXTURES, read } = await recordedPayloads(auggie);

Deno.test("auggie.read() takes conversation_id and workspace_roots for the session and folder", () => {
  const doc = read("pre-tool.shell-force-push");
  assertForcePushRead(doc, { agent: "auggie", nativeEvent: "PreToolUse", tool: "launch-process" });
  assert.match(doc.session ?? "", /^[0-9a-f-]{36}$/);
  // Before the tool ran Auggie sends the string "[undefined]" as its output: not read.
  assert.equal(doc.tool?.output, undefined);
});

Deno.test("auggie.read() gives save-file, view and str-replace-editor their kind and path", () => {
  assertKindsAndPaths(read, [
    ["pre-tool.write", "write", "new-file.txt"],
    ["pre-tool.read", "read", "edit-me.txt"],
    ["pre-tool.edit", "edit", "edit-me.txt"],
    ["pre-tool.write-env", "write", ".env"],
  ]);
});

Deno.test("auggie.read() takes an MCP tool (named <tool>_<server>) by its is_mcp_tool flag", () => {
  for (const key of ["pre-tool.mcp", "post-tool.mcp"]) {
    const doc = read(key);
    assert.equal(doc.tool?.name, "probe_everyhook", key);
    assert.equal(doc.tool?.kind, "mcp", key);
  }
  assert.match(read("post-tool.mcp").tool?.output ?? "", /everyhook-verify-mcp-42/);
  // A tool of Auggie's own is not one, whatever its name.
  assert.equal(read("pre-tool.write").tool?.kind, "write");
});

Deno.test("auggie.read() reads the prompt, the tool's text after it ran, and the stop", () => {
  assert.equal(read("prompt.prompt").prompt, FIXTURES.get("prompt.prompt")!.payload["user_prompt"]);
  assert.match(read("post-tool.shell-harmless").tool?.output ?? "", /hello/);
  const stop = read("stop.first").stop;
  assert.equal(stop?.continued, false);
  assert.equal(stop?.status, "completed");
  assert.equal(stop?.lastMessage, "FINAL-OK");
});

Deno.test("auggie: its own event names and a timeout in milliseconds", () => {
  assert.equal(auggie.events.prompt?.native, "PromptSubmit");
  assert.equal(auggie.events["subagent-stop"], undefined);
  assert.equal(auggie.install.timeoutUnit, "ms");
  assert.deepEqual(auggie.install.files.user.parts, [".augment", "settings.json"]);
  assert.equal(auggie.install.files.user.env, undefined);
});

Deno.test("auggie: no answer is ever written as the legacy decision block before a tool", () => {
  const cells = auggie.events["pre-tool"]!.cells;
  for (const part of ANSWER_PARTS) {
    const stdout = JSON.stringify(cells[part].stdout ?? {});
    assert.ok(!stdout.includes('"decision"'), `${part}: ${stdout}`);
  }
  const deny = translate(auggie, "pre-tool", { decision: "deny", reason: "no" });
  const out = JSON.parse(deny.stdout).hookSpecificOutput;
  assert.equal(out.permissionDecision, "deny");
  assert.equal(out.permissionDecisionReason, "no");
});

Deno.test("auggie: the backend's hook flag is its gate, resting on a recorded run", () => {
  const gate = auggie.listing?.gate;
  assert.ok(gate);
  assert.match(gate.text, /enable_hooks/);
  assert.equal(gate.basis.kind, "binary");
});

Deno.test("auggie cells rest on cases in fixtures/conformance/auggie.json", async () => {
  const recorded = await conformanceCases("auggie");
  const cited = [
    ...Object.values(auggie.events).flatMap((e) => Object.values(e?.cells ?? {})),
    auggie.listing!.gate!,
    auggie.stopSays!.status,
    auggie.stopSays!.lastMessage,
  ].map((c) => c.basis).filter((b) => b.kind === "binary");
  assert.ok(cited.length >= 8);
  for (const b of cited) {
    if (b.kind !== "binary" || b.case.startsWith("fixtures/")) continue;
    assert.ok(recorded.has(b.case), `unknown case "${b.case}"`);
  }
  // What the cells say rests on what the binary did.
  assert.equal(recorded.get("pre-block-legacy")?.toolRan, true, "the legacy block did not block");
  assert.equal(recorded.get("pre-deny-json")?.toolRan, false);
  assert.equal(recorded.get("pre-deny-json")?.reachedModel, true);
  assert.match(recorded.get("backend-hooks-off")?.notes ?? "", /the hook never ran/);
  assert.equal(recorded.get("backend-hooks-off")?.toolRan, true);
});

Deno.test("auggie: every recorded fixture reads into a document of its event", async () => {
  await assertEveryFixtureReads(auggie, 10);
});
