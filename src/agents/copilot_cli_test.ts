import assert from "node:assert/strict";
import { testdataPayloads } from "../../tests/agent_recordings.ts";
import { copilotCli } from "./copilot_cli.ts";
import { translate } from "../run/translate.ts";
import type { ContractEvent } from "../contract/contract.ts";

/**
 * Payloads the real Copilot CLI 1.0.102 sent on Linux (paths made <home>, <project>):
 * `<event>.<variant>` from camelCase config keys, `P:<Event>.<variant>` from PascalCase ones.
 */
const { payload, read } = await testdataPayloads(
  copilotCli,
  new URL("./testdata/copilot_cli.json", import.meta.url),
);

const SESSION = "76425d8b-3f51-48a3-99d4-a032b3caa72a";

Deno.test("copilotCli.read() reads a camelCase preToolUse, which does not name its event", () => {
  const doc = read("preToolUse.shell-force-push", "pre-tool");
  assert.equal(doc.agent, "copilot-cli");
  assert.equal(doc.event, "pre-tool");
  assert.equal(doc.nativeEvent, "preToolUse");
  assert.deepEqual(doc.tool, {
    name: "bash",
    kind: "shell",
    input: { command: "git push --force origin main", description: "Force push main" },
    command: "git push --force origin main",
  });
  assert.equal(doc.cwd, "<project>");
  assert.equal(doc.session, SESSION);
  assert.equal(doc.native, payload("preToolUse.shell-force-push"));
});

Deno.test("copilotCli.read() parses toolArgs sent as a JSON string", () => {
  const recorded = payload("preToolUse.shell-force-push");
  const doc = copilotCli.read({ ...recorded, toolArgs: JSON.stringify(recorded.toolArgs) }, {
    event: "pre-tool",
  });
  assert.equal(doc.tool?.command, "git push --force origin main");
  assert.deepEqual(doc.tool?.input, recorded.toolArgs);
});

Deno.test("copilotCli.read() reads the PascalCase (Claude-style) payloads too", () => {
  const doc = read("P:PreToolUse.shell-force-push", "pre-tool");
  assert.equal(doc.nativeEvent, "PreToolUse");
  assert.equal(doc.tool?.name, "Bash");
  assert.equal(doc.tool?.kind, "shell");
  assert.equal(doc.tool?.command, "git push --force origin main");
  assert.equal(doc.session, SESSION);
  for (const native of ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"]) {
    assert.ok(copilotCli.aliasEvents[native], native);
  }
});

Deno.test("copilotCli.read() gives file tools their kind and path in both spellings", () => {
  const cases: Array<[string, string, string]> = [
    ["preToolUse.create", "create", "write"],
    ["preToolUse.edit", "edit", "edit"],
    ["preToolUse.view", "view", "read"],
    ["P:PreToolUse.write", "Write", "write"],
    ["P:PreToolUse.edit", "Edit", "edit"],
    ["P:PreToolUse.read", "Read", "read"],
    ["preToolUse.task", "task", "agent"],
    ["P:PreToolUse.agent", "Agent", "agent"],
  ];
  for (const [key, name, kind] of cases) {
    const tool = read(key, "pre-tool").tool;
    assert.equal(tool?.name, name, key);
    assert.equal(tool?.kind, kind, key);
    if (kind !== "agent") assert.deepEqual(tool?.paths, ["<project>/notes.txt"], key);
  }
});

Deno.test("copilotCli.read() takes the output from toolResult and marks failures", () => {
  const camel = read("postToolUse.shell-harmless", "post-tool").tool;
  assert.equal(camel?.output, "hello\n<shellId: 1 completed with exit code 0>");
  assert.equal(camel?.failed, false);
  const snake = read("P:PostToolUse.shell-harmless", "post-tool").tool;
  assert.equal(snake?.output, camel?.output);
  assert.equal(snake?.failed, false);
  const base = payload("postToolUse.shell-harmless");
  const failed = copilotCli.read(
    { ...base, toolResult: { resultType: "failure", textResultForLlm: "boom" } },
    { event: "post-tool" },
  );
  assert.equal(failed.tool?.failed, true);
  assert.equal(failed.tool?.output, "boom");
  const { toolResult: _, ...noResult } = base;
  const failure = copilotCli.read({ ...noResult, error: { message: "Command not found" } }, {
    event: "post-tool",
  });
  assert.equal(failure.tool?.failed, true);
  assert.equal(failure.tool?.output, "Command not found");
  assert.equal(failure.nativeEvent, "postToolUseFailure");
  assert.equal(copilotCli.aliasEvents.postToolUseFailure, "post-tool");
});

Deno.test("copilotCli.read() reads every file of an apply_patch call", () => {
  const patch = [
    "*** Begin Patch",
    "*** Add File: docs/new.md",
    "+hello",
    "*** Update File: src/app.ts",
    "@@",
    "-a",
    "+b",
    "*** End Patch",
  ].join("\n");
  const doc = copilotCli.read({ toolName: "apply_patch", toolArgs: patch }, { event: "pre-tool" });
  assert.equal(doc.tool?.kind, "edit");
  assert.equal(doc.tool?.path, "docs/new.md");
  assert.deepEqual(doc.tool?.paths, ["docs/new.md", "src/app.ts"]);
  const add = copilotCli.read({
    toolName: "apply_patch",
    toolArgs: { input: "*** Begin Patch\n*** Add File: a.txt\n+x\n*** End Patch" },
  }, { event: "pre-tool" });
  assert.equal(add.tool?.kind, "write");
});

Deno.test("copilotCli.read() reads agentStop and its stop_hook_active", () => {
  const first = read("agentStop.first", "stop");
  assert.equal(first.nativeEvent, "agentStop");
  assert.deepEqual(first.stop, { continued: false, status: "completed" });
  assert.equal(
    copilotCli.read({ stopReason: "something_else" }, { event: "stop" }).stop?.status,
    undefined,
  );
  assert.equal(first.transcript, `<home>/.copilot/session-state/${SESSION}/events.jsonl`);
  assert.equal(read("agentStop.continued", "stop").stop?.continued, true);
  assert.equal(read("P:Stop.continued", "stop").stop?.continued, true);
  assert.equal(read("P:Stop.first", "stop").transcript, first.transcript);
});

Deno.test("copilotCli.read() reads the subagent and its answer at subagentStop", () => {
  for (const key of ["subagentStop.first", "P:SubagentStop.first"]) {
    const doc = read(key, "subagent-stop");
    assert.equal(doc.stop?.continued, false, key);
    assert.equal(doc.stop?.lastMessage, "SUBAGENT-DONE", key);
    assert.equal(doc.subagent?.id, "54d2312a-522d-4121-98a1-14d0755be437", key);
    assert.equal(doc.subagent?.type, "general-purpose", key);
  }
});

Deno.test("copilotCli.read() names the subagent whose own turn ends at agentStop", () => {
  const doc = copilotCli.read({
    sessionId: "9c7d14b3",
    cwd: "<project>",
    transcriptPath: "<home>/.copilot/session-state/0dab3855/events.jsonl",
    stopReason: "end_turn",
    stop_hook_active: false,
    agentId: "9c7d14b3",
    agentType: "explore",
    parentAgentId: "0dab3855",
  }, { event: "stop" });
  assert.deepEqual(doc.subagent, { id: "9c7d14b3", type: "explore" });
  assert.equal(read("agentStop.first", "stop").subagent, undefined);
});

Deno.test("copilotCli.read() reads prompt, session start (new is startup) and session end", () => {
  assert.equal(read("userPromptSubmitted.prompt", "prompt").prompt, "Do the scripted steps");
  assert.equal(read("P:UserPromptSubmit.prompt", "prompt").prompt, "Do the scripted steps");
  assert.equal(read("sessionStart.first", "session-start").source, "startup");
  assert.equal(read("P:SessionStart.first", "session-start").source, "startup");
  assert.equal(read("sessionEnd.first", "session-end").reason, "complete");
});

Deno.test("copilotCli.read() survives payloads with odd or missing fields", () => {
  for (const event of Object.keys(copilotCli.events) as ContractEvent[]) {
    const doc = copilotCli.read({ toolName: 7, toolArgs: "{not json", sessionId: null }, {
      event,
    });
    assert.equal(doc.event, event);
    assert.equal(doc.nativeEvent, copilotCli.events[event]?.native);
    assert.equal(doc.session, undefined);
  }
  const odd = copilotCli.read({ toolName: "bash", toolArgs: "{not json" }, { event: "pre-tool" });
  assert.equal(odd.tool?.input, "{not json");
  assert.equal(odd.tool?.command, undefined);
});

Deno.test("copilotCli.transcriptLastMessage() finds the last assistant message in events.jsonl", () => {
  const events = [
    '{"type":"user.message","data":{"content":"Do the scripted steps"}}',
    '{"type":"assistant.message","data":{"content":"All done.","toolRequests":[]}}',
    '{"type":"hook.start","data":{"hookType":"agentStop"}}',
    '{"type":"assistant.message","data":{"content":"","toolRequests":[{"name":"bash"}]}}',
    '{"type":"session.shutdown","data":{}}',
  ].join("\n");
  assert.equal(copilotCli.transcriptLastMessage?.(events), "All done.");
  assert.equal(copilotCli.transcriptLastMessage?.(""), undefined);
});

Deno.test("translate() writes a Copilot CLI post-tool deny as decision block", () => {
  const t = translate(copilotCli, "post-tool", { decision: "deny", reason: "Secrets in output" });
  assert.equal(t.stdout, '{"decision":"block","reason":"Secrets in output"}');
  assert.deepEqual(t.effects, ["feedback"]);
  assert.match(t.parts[0]?.cell.note ?? "", /permissionDecision deny does nothing/);
});

Deno.test("translate() writes Copilot CLI's preToolUse answers at the top level", () => {
  const deny = translate(copilotCli, "pre-tool", { decision: "deny", reason: "No" });
  assert.equal(deny.stdout, '{"permissionDecision":"deny","permissionDecisionReason":"No"}');
  const rewrite = translate(copilotCli, "pre-tool", { input: { command: "echo safe" } });
  assert.equal(rewrite.stdout, '{"modifiedArgs":{"command":"echo safe"}}');
  assert.deepEqual(rewrite.effects, ["rewritten"]);
  const ask = translate(copilotCli, "pre-tool", { decision: "ask", reason: "Sure?", message: "m" });
  assert.equal(ask.stdout, '{"permissionDecision":"ask","permissionDecisionReason":"Sure?"}');
  assert.deepEqual(ask.effects, ["asked"]);
  assert.ok(ask.notes.some((n) => n.startsWith("message: ")));
  const stop = translate(copilotCli, "stop", { decision: "deny", reason: "Run the tests" });
  assert.equal(stop.stdout, '{"decision":"block","reason":"Run the tests"}');
  assert.deepEqual(stop.effects, ["sent-back"]);
});

Deno.test("copilotCli.events give each dropped or changed cell a note", () => {
  for (const [event, spec] of Object.entries(copilotCli.events)) {
    for (const [part, cell] of Object.entries(spec.cells)) {
      if (cell.becomes !== undefined) assert.ok(cell.note, `${event} ${part}`);
      if (cell.basis.kind === "docs") {
        assert.match(cell.basis.ref, /^https:\/\/docs\.github\.com\//, `${event} ${part}`);
      }
    }
  }
});

/** The raw outputs our recorder put to Copilot CLI, where they have been recorded. */
const RECORDED = await Deno.readTextFile(
  new URL("../../fixtures/conformance/copilot-cli.json", import.meta.url),
).then((t) => JSON.parse(t) as { cases: Array<{ id: string }> }).catch(() => undefined);

Deno.test({
  name:
    "copilotCli.events and the failed-tool cells cite only cases in fixtures/conformance/copilot-cli.json",
  ignore: RECORDED === undefined,
  fn() {
    const recorded = new Set(RECORDED?.cases.map((c) => c.id));
    let cited = 0;
    const tables = [
      ...Object.values(copilotCli.events).map((spec) => spec.cells),
      ...Object.values(copilotCli.aliasCells ?? {}),
    ];
    for (const cells of tables) {
      for (const cell of Object.values(cells)) {
        if (cell.basis.kind !== "binary") continue;
        cited++;
        assert.ok(recorded.has(cell.basis.case), `unknown case "${cell.basis.case}"`);
      }
    }
    assert.ok(cited >= 10);
  },
});
if (RECORDED === undefined) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped a check of case ids: fixtures/conformance/copilot-cli.json is not there");
}
