import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertEveryFixtureReads,
  assertKindsAndPaths,
  assertPermissionDeny,
  assertSnakeCaseFields,
  testdataPayloads,
} from "../../tests/agent_recordings.ts";
import { claudeCode } from "./claude_code.ts";
import { translate } from "../run/translate.ts";

/** Payloads the real Claude Code 2.1.332 sent on Linux (paths made <home>, <project>). */
const { payload, read } = await testdataPayloads(
  claudeCode,
  new URL("./testdata/claude_code.json", import.meta.url),
);

Deno.test("claudeCode.read() reads a Bash call with its command and the common fields", () => {
  const doc = read("PreToolUse.shell-force-push", "pre-tool");
  assert.equal(doc.everyhook, 1);
  assert.equal(doc.agent, "claude-code");
  assert.equal(doc.event, "pre-tool");
  assert.equal(doc.nativeEvent, "PreToolUse");
  assert.deepEqual(doc.tool, {
    name: "Bash",
    kind: "shell",
    input: { command: "git push --force origin main", description: "Force push to main" },
    command: "git push --force origin main",
  });
  assert.equal(doc.cwd, "<project>");
  assert.equal(doc.session, payload("PreToolUse.shell-force-push").session_id);
  assert.match(doc.transcript ?? "", /^<home>\/\.claude\/projects\/.*\.jsonl$/);
  assert.equal(doc.subagent, undefined);
  assert.equal(doc.stop, undefined);
  assert.equal(doc.native, payload("PreToolUse.shell-force-push"));
});

Deno.test("claudeCode.read() gives Write, Read and Edit calls their kind and path", () => {
  assertKindsAndPaths((key) => read(key, "pre-tool"), [
    ["PreToolUse.write", "write", "<project>/new-file.txt"],
    ["PreToolUse.read", "read", "<project>/edit-me.txt"],
    ["PreToolUse.edit", "edit", "<project>/edit-me.txt"],
  ], (tool, key) => {
    assert.deepEqual(tool?.paths, [tool?.path], key);
    assert.equal(tool?.command, undefined, key);
  });
});

Deno.test("claudeCode.read() gives a shell's output as text and failed false after PostToolUse", () => {
  const tool = read("PostToolUse.shell-harmless", "post-tool").tool;
  assert.equal(tool?.output, "hello");
  assert.equal(tool?.failed, false);
  const write = read("PostToolUse.write", "post-tool").tool;
  assert.equal(write?.kind, "write");
  assert.equal(typeof write?.output, "string");
  assert.match(write?.output ?? "", /new-file\.txt/);
});

Deno.test("claudeCode.read() marks a PostToolUseFailure call failed, with the error as output", () => {
  const doc = read("PostToolUseFailure.shell-force-push", "post-tool");
  assert.equal(doc.nativeEvent, "PostToolUseFailure");
  assert.equal(doc.tool?.failed, true);
  assert.match(doc.tool?.output ?? "", /^Exit code 128\nfatal: not a git repository/);
  assert.equal(claudeCode.aliasEvents.PostToolUseFailure, "post-tool");
});

Deno.test("claudeCode.read() reads prompt, session start and session end", () => {
  assert.equal(read("UserPromptSubmit.prompt", "prompt").prompt, "Please do the scripted task.");
  assert.equal(read("SessionStart.startup", "session-start").source, "startup");
  const end = read("SessionEnd.other", "session-end");
  assert.equal(end.reason, "other");
  assert.equal(end.nativeEvent, "SessionEnd");
});

Deno.test("claudeCode.read() reads a stop, and a stop after a hook sent the agent back", () => {
  assert.deepEqual(read("Stop.first", "stop").stop, { continued: false, lastMessage: "All done." });
  assert.deepEqual(read("Stop.continued", "stop").stop, { continued: true, lastMessage: "Done." });
});

Deno.test("claudeCode.read() reads the subagent of a SubagentStop and of a call inside a subagent", () => {
  const stop = read("SubagentStop.first", "subagent-stop");
  assert.deepEqual(stop.stop, { continued: false, lastMessage: "Subagent finished." });
  assert.equal(stop.subagent?.id, "a8f78f9fc197025d1");
  assert.equal(stop.subagent?.type, "general-purpose");
  assert.match(stop.subagent?.transcript ?? "", /subagents\/agent-a8f78f9fc197025d1\.jsonl$/);
  const inside = read("PreToolUse.shell-in-subagent", "pre-tool");
  assert.deepEqual(inside.subagent, { id: "a8f78f9fc197025d1", type: "general-purpose" });
  assert.equal(read("PreToolUse.agent", "pre-tool").tool?.kind, "agent");
});

Deno.test("claudeCode.read() parses a tool input sent as a JSON string and knows MCP tools", () => {
  const doc = claudeCode.read({
    hook_event_name: "PreToolUse",
    tool_name: "mcp__github__create_issue",
    tool_input: '{"title":"x"}',
  }, { event: "pre-tool" });
  assert.equal(doc.tool?.kind, "mcp");
  assert.deepEqual(doc.tool?.input, { title: "x" });
  const notebook = claudeCode.read({
    tool_name: "NotebookEdit",
    tool_input: { notebook_path: "a.ipynb" },
  }, { event: "pre-tool" });
  assert.equal(notebook.tool?.kind, "edit");
  assert.equal(notebook.tool?.path, "a.ipynb");
  assert.equal(
    claudeCode.read({ tool_name: "WebFetch", tool_input: {} }, { event: "pre-tool" }).tool?.kind,
    "other",
  );
});

Deno.test("claudeCode.read() keeps unknown fields in native and leaves missing ones out", () => {
  const odd = { "hook_event_name": 42, "tool_name": "Bash", "tool_input": null, "future": [1] };
  const doc = claudeCode.read(odd, { event: "pre-tool" });
  assert.equal(doc.nativeEvent, "PreToolUse");
  assert.equal(doc.native, odd);
  assert.deepEqual(doc.tool, { name: "Bash", kind: "shell", input: {} });
  const empty = claudeCode.read({}, { event: "stop" });
  assert.deepEqual(empty, {
    everyhook: 1,
    agent: "claude-code",
    event: "stop",
    nativeEvent: "Stop",
    native: {},
    stop: { continued: false },
  });
});

Deno.test("claudeCode.transcriptLastMessage() finds the last assistant text of a real transcript", async () => {
  const text = await Deno.readTextFile(
    new URL("./testdata/claude_code_transcript.jsonl", import.meta.url),
  );
  assert.equal(claudeCode.transcriptLastMessage?.(text), "All done.");
  const noText = text.split("\n").filter((l) => !l.includes('"text":"All done."')).join("\n");
  assert.equal(claudeCode.transcriptLastMessage?.(noText), undefined);
  assert.equal(claudeCode.transcriptLastMessage?.("not json\n{"), undefined);
});

Deno.test("translate() refuses a Claude Code tool call with hookEventName PreToolUse", () => {
  const t = assertPermissionDeny(claudeCode, "No force push");
  assert.deepEqual(t.effects, ["blocked"]);
  assert.deepEqual(t.notes, []);
});

Deno.test("translate() asks on Claude Code and notes what a headless run does", () => {
  const t = translate(claudeCode, "pre-tool", { decision: "ask", reason: "Sure?" });
  assert.deepEqual(JSON.parse(t.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "ask",
      permissionDecisionReason: "Sure?",
    },
  });
  assert.deepEqual(t.effects, ["asked"]);
  assert.match(t.notes.join("\n"), /claude -p/);
});

Deno.test("translate() approves and rewrites on Claude Code in one hookSpecificOutput", () => {
  const t = translate(claudeCode, "pre-tool", {
    decision: "allow",
    input: { command: "git push origin main" },
  });
  assert.deepEqual(JSON.parse(t.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      updatedInput: { command: "git push origin main" },
    },
  });
  assert.deepEqual(t.effects, ["approved", "rewritten"]);
});

Deno.test("translate() uses decision block after a tool, at a prompt and at a stop on Claude Code", () => {
  const block = { decision: "block", reason: "R" };
  assert.deepEqual(
    JSON.parse(translate(claudeCode, "post-tool", { decision: "deny", reason: "R" }).stdout),
    block,
  );
  const prompt = translate(claudeCode, "prompt", { decision: "deny", reason: "R" });
  assert.deepEqual(JSON.parse(prompt.stdout), block);
  assert.deepEqual(prompt.effects, ["blocked"]);
  const stop = translate(claudeCode, "stop", { decision: "deny", reason: "R" });
  assert.deepEqual(JSON.parse(stop.stdout), block);
  assert.deepEqual(stop.effects, ["sent-back"]);
  const sub = translate(claudeCode, "subagent-stop", { decision: "deny", reason: "R" });
  assert.deepEqual(sub.effects, ["sent-back"]);
});

Deno.test("translate() leaves context out at a Claude Code stop, with a note", () => {
  const t = translate(claudeCode, "stop", { context: "also check X" });
  assert.equal(t.stdout, "");
  assert.deepEqual(t.effects, ["none"]);
  assert.match(t.notes.join("\n"), /keep the agent going/);
});

Deno.test("claudeCode.read() reads every fixture recorded from the binary", async () => {
  const fixtures = await assertEveryFixtureReads(claudeCode, 10, (doc, f, where) => {
    assertSnakeCaseFields(doc, f, where);
    if (["edit", "write", "read"].includes(doc.tool?.kind ?? "")) assert.ok(doc.tool?.path, where);
    if (f.event === "post-tool") {
      assert.equal(doc.tool?.failed, f.nativeEvent === "PostToolUseFailure", where);
    }
  });
  const env = fixtures.find((f) => f.variant === "write-env");
  assert.ok(env);
  const tool = claudeCode.read(env.payload, { event: "pre-tool" }).tool;
  assert.equal(tool?.kind, "write");
  assert.match(tool?.path ?? "", /\.env$/);
});

Deno.test("claudeCode cells rest on cases in fixtures/conformance/claude-code.json", async () => {
  const { binary } = await assertCellsRecorded(claudeCode);
  assert.ok(binary >= 10);
});
