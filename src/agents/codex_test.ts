import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertEveryFixtureReads,
  assertPermissionDeny,
  assertSnakeCaseFields,
  testdataPayloads,
} from "../../tests/agent_recordings.ts";
import { codex } from "./codex.ts";
import { translate } from "../run/translate.ts";

/** Payloads the real Codex CLI 0.171.0 sent on Linux (paths made <home>, <project>). */
const { payload, read } = await testdataPayloads(
  codex,
  new URL("./testdata/codex.json", import.meta.url),
);

function patchCall(patch: string) {
  return codex.read({
    hook_event_name: "PreToolUse",
    tool_name: "apply_patch",
    tool_input: { command: patch },
  }, { event: "pre-tool" }).tool;
}

Deno.test("codex.read() reads a shell call with its command and the common fields", () => {
  const doc = read("PreToolUse.shell-force-push", "pre-tool");
  assert.equal(doc.agent, "codex");
  assert.equal(doc.nativeEvent, "PreToolUse");
  assert.deepEqual(doc.tool, {
    name: "Bash",
    kind: "shell",
    input: { command: "git push --force origin main" },
    command: "git push --force origin main",
  });
  assert.equal(doc.cwd, "<project>");
  assert.equal(doc.session, payload("PreToolUse.shell-force-push").session_id);
  assert.match(doc.transcript ?? "", /^<home>\/\.codex\/sessions\/.*\/rollout-.*\.jsonl$/);
  assert.equal(doc.native, payload("PreToolUse.shell-force-push"));
});

Deno.test("codex.read() gives a shell's output after the call, and no failed it cannot know", () => {
  const tool = read("PostToolUse.shell-harmless", "post-tool").tool;
  assert.equal(tool?.output, "hello\n");
  assert.equal(tool?.failed, undefined);
  const push = read("PostToolUse.shell-force-push", "post-tool").tool;
  assert.match(push?.output ?? "", /^fatal: 'origin' does not appear/);
});

Deno.test("codex.read() reads a patch that only adds files as a write, with its path", () => {
  const tool = read("PreToolUse.patch-add", "pre-tool").tool;
  assert.equal(tool?.name, "apply_patch");
  assert.equal(tool?.kind, "write");
  assert.equal(tool?.path, "added.txt");
  assert.deepEqual(tool?.paths, ["added.txt"]);
  assert.equal(tool?.command, undefined);
  const after = read("PostToolUse.patch-add", "post-tool").tool;
  assert.equal(after?.failed, false);
  assert.match(after?.output ?? "", /Success\. Updated the following files:\nA added\.txt/);
});

Deno.test("codex.read() reads a patch that updates a file as an edit", () => {
  const tool = read("PreToolUse.patch-update", "pre-tool").tool;
  assert.equal(tool?.kind, "edit");
  assert.deepEqual(tool?.paths, ["existing.txt"]);
});

Deno.test("codex.read() lists every file a patch adds, updates, deletes and moves to", () => {
  const tool = patchCall(
    [
      "*** Begin Patch",
      "*** Add File: docs/new.md",
      "+hi",
      "*** Update File: src/app.ts",
      "*** Move to: src/main.ts",
      "@@",
      "-a",
      "+b",
      "*** Delete File: .env",
      "*** Update File: src/app.ts",
      "*** End Patch",
    ].join("\r\n"),
  );
  assert.equal(tool?.kind, "edit");
  assert.equal(tool?.path, "docs/new.md");
  assert.deepEqual(tool?.paths, ["docs/new.md", "src/app.ts", "src/main.ts", ".env"]);
  const deletes = patchCall("*** Begin Patch\n*** Delete File: a.txt\n*** End Patch");
  assert.equal(deletes?.kind, "edit");
  const empty = patchCall("not a patch");
  assert.equal(empty?.kind, "edit");
  assert.equal(empty?.paths, undefined);
});

Deno.test("codex.read() marks a patch failed when Codex reports a non-zero exit code", () => {
  const doc = codex.read({
    hook_event_name: "PostToolUse",
    tool_name: "apply_patch",
    tool_input: { command: "*** Begin Patch\n*** Update File: x.txt\n*** End Patch" },
    tool_response: "Exit code: 1\nWall time: 0 seconds\nOutput:\nFailed to find expected lines",
  }, { event: "post-tool" });
  assert.equal(doc.tool?.failed, true);
});

Deno.test("codex.read() knows sub-agent, MCP and other tool names as Codex sends them", () => {
  assert.equal(read("PreToolUse.spawn-agent", "pre-tool").tool?.kind, "agent");
  const wait = read("PreToolUse.wait-agent", "pre-tool").tool;
  assert.equal(wait?.name, "multi_agent_v1wait_agent");
  assert.equal(wait?.kind, "other");
  const mcp = codex.read({ tool_name: "mcp__fs__read", tool_input: '{"path":"a"}' }, {
    event: "pre-tool",
  });
  assert.equal(mcp.tool?.kind, "mcp");
  assert.deepEqual(mcp.tool?.input, { path: "a" });
});

Deno.test("codex.read() takes a command sent as an argv array", () => {
  const tool = codex.read({
    tool_name: "Bash",
    tool_input: { command: ["bash", "-lc", "ls -la"] },
  }, { event: "pre-tool" }).tool;
  assert.equal(tool?.command, "ls -la");
  const plain = codex.read({ tool_name: "Bash", tool_input: { command: ["ls", "-la"] } }, {
    event: "pre-tool",
  });
  assert.equal(plain.tool?.command, "ls -la");
});

Deno.test("codex.read() reads prompt, session start, session end and a sub-agent's prompt", () => {
  assert.equal(read("UserPromptSubmit.prompt", "prompt").prompt, "do the task");
  assert.equal(read("SessionStart.startup", "session-start").source, "startup");
  assert.equal(read("SessionEnd.other", "session-end").reason, "other");
  const sub = read("UserPromptSubmit.subagent-prompt", "prompt");
  assert.equal(sub.prompt, "say hello");
  assert.deepEqual(sub.subagent, { id: "01a22be7-e89a-7383-82b6-a41c3f57386e", type: "default" });
});

Deno.test("codex.read() reads stops, a stop after a hook sent it back, and a sub-agent's stop", () => {
  assert.deepEqual(read("Stop.first", "stop").stop, {
    continued: false,
    lastMessage: "All four steps done.",
  });
  assert.equal(read("Stop.continued", "stop").stop?.continued, true);
  const sub = read("SubagentStop.first", "subagent-stop");
  assert.deepEqual(sub.stop, { continued: false, lastMessage: "Subagent finished." });
  assert.equal(sub.subagent?.id, "01a22be7-e89a-7383-82b6-a41c3f57386e");
  assert.equal(sub.subagent?.type, "default");
  assert.match(
    sub.subagent?.transcript ?? "",
    /rollout-.*01a22be7-e89a-7383-82b6-a41c3f57386e\.jsonl$/,
  );
});

Deno.test("codex.read() keeps unknown fields in native and leaves missing ones out", () => {
  const odd = { "tool_name": "Bash", "tool_input": 7, "extra": { a: 1 } };
  const doc = codex.read(odd, { event: "pre-tool" });
  assert.equal(doc.nativeEvent, "PreToolUse");
  assert.equal(doc.native, odd);
  assert.deepEqual(doc.tool, { name: "Bash", kind: "shell", input: 7 });
  assert.deepEqual(codex.read({}, { event: "session-start" }), {
    everyhook: 1,
    agent: "codex",
    event: "session-start",
    nativeEvent: "SessionStart",
    native: {},
  });
});

Deno.test("codex.transcriptLastMessage() finds the last assistant message of a real rollout", async () => {
  const text = await Deno.readTextFile(new URL("./testdata/codex_rollout.jsonl", import.meta.url));
  assert.equal(codex.transcriptLastMessage?.(text), "All four steps done.");
  const withoutTaskComplete = text.split("\n").filter((l) => !l.includes("task_complete")).join(
    "\n",
  );
  assert.equal(codex.transcriptLastMessage?.(withoutTaskComplete), "All four steps done.");
  assert.equal(codex.transcriptLastMessage?.('{"type":"event_msg","payload":{}}'), undefined);
});

Deno.test("translate() refuses a Codex tool call with hookEventName PreToolUse", () => {
  const t = assertPermissionDeny(codex, "No force push");
  assert.deepEqual(t.effects, ["blocked"]);
  assert.deepEqual(t.notes, []);
});

Deno.test("translate() turns ask into deny on Codex, with a note", () => {
  const t = translate(codex, "pre-tool", { decision: "ask", reason: "Sure?" });
  assert.deepEqual(JSON.parse(t.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "Sure?",
    },
  });
  assert.deepEqual(t.effects, ["blocked"]);
  assert.equal(t.parts[0]?.cell.becomes, "deny");
  assert.match(t.notes[0] ?? "", /^ask: Codex cannot ask/);
});

Deno.test("translate() prints nothing for a bare allow on Codex, with a note", () => {
  const t = translate(codex, "pre-tool", { decision: "allow", reason: "fine" });
  assert.equal(t.stdout, "");
  assert.deepEqual(t.effects, ["none"]);
  assert.match(t.notes[0] ?? "", /^allow: Codex has no approval to give/);
});

Deno.test("translate() sends a new input with an allow on Codex, with or without a decision", () => {
  const expected = {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      updatedInput: { command: "echo safe" },
    },
  };
  const alone = translate(codex, "pre-tool", { input: { command: "echo safe" } });
  assert.deepEqual(JSON.parse(alone.stdout), expected);
  assert.deepEqual(alone.effects, ["rewritten"]);
  const withAllow = translate(codex, "pre-tool", {
    decision: "allow",
    input: { command: "echo safe" },
  });
  assert.deepEqual(JSON.parse(withAllow.stdout), expected);
  const withDeny = translate(codex, "pre-tool", {
    decision: "deny",
    reason: "no",
    input: { command: "echo safe" },
  });
  assert.ok(!withDeny.stdout.includes("updatedInput"));
  assert.ok(withDeny.notes.some((n) => n.startsWith("input dropped")));
});

Deno.test("translate() notes that a Codex post-tool deny replaces the tool's output", () => {
  const t = translate(codex, "post-tool", { decision: "deny", reason: "Secrets in output" });
  assert.deepEqual(JSON.parse(t.stdout), { decision: "block", reason: "Secrets in output" });
  assert.deepEqual(t.effects, ["feedback"]);
  assert.match(t.notes.join("\n"), /replaces the tool's whole output/);
});

Deno.test("translate() sends a Codex agent back at a stop with decision block", () => {
  for (const event of ["stop", "subagent-stop"] as const) {
    const t = translate(codex, event, { decision: "deny", reason: "Run the tests first" });
    assert.deepEqual(JSON.parse(t.stdout), { decision: "block", reason: "Run the tests first" });
    assert.deepEqual(t.effects, ["sent-back"]);
  }
});

Deno.test("translate() drops everything at a Codex session end", () => {
  const t = translate(codex, "session-end", { decision: "deny", message: "bye", context: "x" });
  assert.equal(t.stdout, "");
  assert.deepEqual(t.effects, ["none"]);
  assert.equal(t.notes.length, 3);
});

Deno.test("codex cells rest on cases recorded in fixtures/conformance/codex.json", async () => {
  const { cases } = await assertCellsRecorded(codex);
  assert.ok(cases.size >= 10);
});

Deno.test("codex.read() reads every fixture recorded from the binary", async () => {
  const fixtures = await assertEveryFixtureReads(codex, 10, (doc, f, where) => {
    assertSnakeCaseFields(doc, f, where);
    if (doc.tool?.name === "apply_patch") assert.ok((doc.tool.paths ?? []).length > 0, where);
  });
  const env = fixtures.find((f) => f.variant === "write-env");
  assert.ok(env);
  const tool = codex.read(env.payload, { event: "pre-tool" }).tool;
  assert.equal(tool?.kind, "write");
  assert.deepEqual(tool?.paths, [".env"]);
});

Deno.test("codex.read() reads every file of an apply_patch in every shape, and says when it cannot", () => {
  const patch =
    "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: docs/b.md\n+x\n*** End Patch\n";
  const shapes: unknown[] = [
    { command: patch },
    { command: ["apply_patch", patch] },
    { command: ["apply_patch", "--", patch] },
    { input: patch },
    { patch },
    patch,
    JSON.stringify({ command: ["apply_patch", patch] }),
  ];
  for (const input of shapes) {
    const doc = codex.read({ tool_name: "apply_patch", tool_input: input }, { event: "pre-tool" });
    assert.deepEqual(doc.tool?.paths, ["src/a.ts", "docs/b.md"], JSON.stringify(input));
    assert.equal(doc.tool?.unread, undefined);
  }
  for (
    const [input, why] of [
      [{ command: 7 }, /no patch text/],
      [{ command: ["apply_patch"] }, /no patch text/],
      [{ command: "*** Begin Patch\n*** End Patch" }, /no file header/],
    ] as const
  ) {
    const doc = codex.read({ tool_name: "apply_patch", tool_input: input }, { event: "pre-tool" });
    assert.equal(doc.tool?.paths, undefined, "paths are absent, not empty");
    assert.equal(doc.tool?.path, undefined);
    assert.match(doc.tool?.unread ?? "", why);
  }
  const write = codex.read({ tool_name: "Write", tool_input: { content: "x" } }, {
    event: "pre-tool",
  });
  assert.match(write.tool?.unread ?? "", /no file path in the input of Write/);
});
