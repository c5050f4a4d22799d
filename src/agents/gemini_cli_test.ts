import assert from "node:assert/strict";
import { testdataPayloads } from "../../tests/agent_recordings.ts";
import { geminiCli } from "./gemini_cli.ts";
import { translate } from "../run/translate.ts";
import type { ContractEvent } from "../contract/contract.ts";

/** Payloads the real Gemini CLI 0.61.0 sent on Linux (paths made <home>, <project>). */
const { payload, read } = await testdataPayloads(
  geminiCli,
  new URL("./testdata/gemini_cli.json", import.meta.url),
);

Deno.test("geminiCli.read() reads a run_shell_command call with its command and the common fields", () => {
  const doc = read("BeforeTool.shell-force-push", "pre-tool");
  assert.equal(doc.agent, "gemini-cli");
  assert.equal(doc.event, "pre-tool");
  assert.equal(doc.nativeEvent, "BeforeTool");
  assert.deepEqual(doc.tool, {
    name: "run_shell_command",
    kind: "shell",
    input: { command: "git push --force origin main", description: "force push" },
    command: "git push --force origin main",
  });
  assert.equal(doc.cwd, "<project>");
  assert.equal(doc.session, "52c689c3-c166-476b-b4f2-709b45c36f0b");
  assert.match(doc.transcript ?? "", /^<home>\/\.gemini\/tmp\/project\/chats\/session-.*\.jsonl$/);
  assert.equal(doc.native, payload("BeforeTool.shell-force-push"));
});

Deno.test("geminiCli.read() gives write_file, replace and read_file their kind and path", () => {
  const cases: Array<[string, string]> = [
    ["BeforeTool.write_file", "write"],
    ["BeforeTool.replace", "edit"],
    ["BeforeTool.read_file", "read"],
  ];
  for (const [key, kind] of cases) {
    const tool = read(key, "pre-tool").tool;
    assert.equal(tool?.kind, kind, key);
    assert.equal(tool?.path, "<project>/notes.txt", key);
    assert.deepEqual(tool?.paths, ["<project>/notes.txt"], key);
    assert.equal(tool?.command, undefined, key);
  }
});

Deno.test("geminiCli.read() takes the output from tool_response.llmContent after a tool", () => {
  const shell = read("AfterTool.shell-harmless", "post-tool").tool;
  assert.match(shell?.output ?? "", /^<untrusted_context>\nOutput: hello\n/);
  assert.equal(shell?.failed, false);
  const write = read("AfterTool.write_file", "post-tool").tool;
  assert.match(write?.output ?? "", /^Successfully created and wrote to new file/);
  const failed = read("AfterTool.read_file-failed", "post-tool").tool;
  assert.equal(failed?.failed, true);
  assert.equal(
    failed?.output,
    "Could not read file because no file was found at the specified path.",
  );
});

Deno.test("geminiCli.read() reads llmContent parts and falls back to returnDisplay", () => {
  const base = payload("AfterTool.shell-harmless");
  const parts = geminiCli.read(
    { ...base, tool_response: { llmContent: [{ text: "a" }, { inlineData: {} }, { text: "b" }] } },
    { event: "post-tool" },
  );
  assert.equal(parts.tool?.output, "a\nb");
  const display = geminiCli.read(
    { ...base, tool_response: { returnDisplay: { fileName: "x" } } },
    { event: "post-tool" },
  );
  assert.equal(display.tool?.output, '{"fileName":"x"}');
});

Deno.test("geminiCli.read() reads AfterAgent's answer and stop_hook_active as the stop", () => {
  const first = read("AfterAgent.first", "stop");
  assert.deepEqual(first.stop, { continued: false, lastMessage: "All done. FINAL_TEXT_MARKER" });
  assert.equal(first.prompt, undefined);
  const again = read("AfterAgent.continued", "stop");
  assert.equal(again.stop?.continued, true);
  assert.equal(
    again.stop?.lastMessage,
    "All done. FINAL_TEXT_MARKER\nAll done. FINAL_TEXT_MARKER",
  );
});

Deno.test("geminiCli.read() reads the prompt, the session start's source and the end's reason", () => {
  assert.equal(read("BeforeAgent.prompt", "prompt").prompt, "Please do the tasks.");
  assert.equal(read("BeforeAgent.prompt-retry", "prompt").prompt, "KEEP_GOING");
  assert.equal(read("SessionStart.startup", "session-start").source, "startup");
  assert.equal(read("SessionEnd.exit", "session-end").reason, "exit");
});

Deno.test("geminiCli.read() names MCP and unknown tools and survives odd payloads", () => {
  const mcp = geminiCli.read(
    { tool_name: "mcp_github_create_issue", tool_input: '{"title":"x"}' },
    { event: "pre-tool" },
  );
  assert.equal(mcp.tool?.kind, "mcp");
  assert.deepEqual(mcp.tool?.input, { title: "x" });
  assert.equal(mcp.tool?.path, undefined);
  const other = geminiCli.read({ tool_name: "glob", tool_input: { pattern: "*" } }, {
    event: "pre-tool",
  });
  assert.equal(other.tool?.kind, "other");
  for (const event of Object.keys(geminiCli.events) as ContractEvent[]) {
    const doc = geminiCli.read({ cwd: 3, tool_name: null, tool_response: "x", extra: [1] }, {
      event,
    });
    assert.equal(doc.event, event);
    assert.equal(doc.nativeEvent, geminiCli.events[event]?.native);
    assert.equal(doc.cwd, undefined);
  }
});

Deno.test("geminiCli.transcriptLastMessage() finds the last model text in a chat file", () => {
  const chat = [
    '{"sessionId":"s","kind":"main"}',
    '{"id":"1","type":"user","content":[{"text":"Please do the tasks."}]}',
    '{"id":"2","type":"gemini","content":"","toolCalls":[{"name":"read_file"}]}',
    '{"id":"3","type":"gemini","content":"All done. FINAL_TEXT_MARKER","model":"gemini-2.5-flash"}',
    '{"id":"4","type":"user","content":[{"functionResponse":{"name":"read_file"}}]}',
    '{"id":"5","type":"gemini","content":"","toolCalls":[]}',
    '{"$set":{"lastUpdated":"2026-11-30T09:59:14.346Z"}}',
    '{"id":"6","type":"gem',
  ].join("\n");
  assert.equal(geminiCli.transcriptLastMessage?.(chat), "All done. FINAL_TEXT_MARKER");
  assert.equal(
    geminiCli.transcriptLastMessage?.('{"type":"gemini","content":[{"text":"a"},{"text":"b"}]}'),
    "a\nb",
  );
  assert.equal(geminiCli.transcriptLastMessage?.('{"type":"user","content":"x"}'), undefined);
});

Deno.test("translate() turns ask into a deny with a note before a Gemini CLI tool", () => {
  const t = translate(geminiCli, "pre-tool", { decision: "ask", reason: "Check first" });
  assert.equal(t.stdout, '{"decision":"deny","reason":"Check first"}');
  assert.equal(t.exit, 0);
  assert.deepEqual(t.effects, ["blocked"]);
  assert.equal(t.parts[0]?.cell.becomes, "deny");
  assert.match(t.notes[0] ?? "", /^ask: .*waits forever/);
});

Deno.test("translate() drops context before a Gemini CLI tool and keeps the deny", () => {
  const t = translate(geminiCli, "pre-tool", {
    decision: "deny",
    reason: "No force push",
    context: "ignored",
    message: "Blocked",
  });
  assert.deepEqual(JSON.parse(t.stdout), {
    decision: "deny",
    reason: "No force push",
    systemMessage: "Blocked",
  });
  assert.deepEqual(t.effects, ["blocked", "message"]);
  assert.ok(t.notes.some((n) => n.startsWith("context: ") && n.includes("never reached")));
});

Deno.test("translate() writes a Gemini CLI rewrite as hookSpecificOutput.tool_input", () => {
  const t = translate(geminiCli, "pre-tool", {
    decision: "allow",
    input: { command: "git push origin main" },
  });
  assert.deepEqual(JSON.parse(t.stdout), {
    decision: "allow",
    hookSpecificOutput: {
      hookEventName: "BeforeTool",
      tool_input: { command: "git push origin main" },
    },
  });
  assert.deepEqual(t.effects, ["approved", "rewritten"]);
});

Deno.test("translate() sends Gemini CLI back to work from AfterAgent with a deny", () => {
  const t = translate(geminiCli, "stop", { decision: "deny" });
  assert.equal(
    t.stdout,
    '{"decision":"block","reason":"A hook asked you to keep working before you stop."}',
  );
  assert.deepEqual(t.effects, ["sent-back"]);
  const after = translate(geminiCli, "post-tool", { decision: "deny", reason: "Hidden" });
  assert.deepEqual(after.effects, ["feedback"]);
  const none = translate(geminiCli, "pre-tool", {});
  assert.equal(none.stdout, "");
  assert.deepEqual(none.effects, ["none"]);
});

/** The raw outputs our recorder put to Gemini CLI, where they have been recorded. */
const RECORDED = await Deno.readTextFile(
  new URL("../../fixtures/conformance/gemini-cli.json", import.meta.url),
).then((t) => JSON.parse(t) as { cases: Array<{ id: string }> }).catch(() => undefined);

/** The cases seen in runs of Gemini CLI that are not recorded in fixtures/conformance/ yet. */
const FROM_NOTES = new Set(["bt-plaintext", "ss-context"]);

function binaryCases(): Set<string> {
  const cases = new Set<string>();
  for (const event of Object.values(geminiCli.events)) {
    for (const cell of Object.values(event.cells)) {
      if (cell.basis.kind === "binary") cases.add(cell.basis.case);
    }
  }
  return cases;
}

Deno.test("geminiCli.events rest each cell on a recorded case or the reference, with notes", () => {
  for (const event of Object.values(geminiCli.events)) {
    for (const cell of Object.values(event.cells)) {
      if (cell.basis.kind === "docs") {
        assert.match(cell.basis.ref, /^https:\/\/github\.com\/google-gemini\/gemini-cli\//);
      }
      if (cell.becomes !== undefined) assert.ok(cell.note, JSON.stringify(cell));
    }
  }
  assert.ok(binaryCases().has("pre-ask"));
});

Deno.test({
  name: "geminiCli.events cite only cases in fixtures/conformance/gemini-cli.json or the notes",
  ignore: RECORDED === undefined,
  fn() {
    const recorded = new Set(RECORDED?.cases.map((c) => c.id));
    for (const id of binaryCases()) {
      assert.ok(recorded.has(id) || FROM_NOTES.has(id), `unknown case "${id}"`);
    }
  },
});
if (RECORDED === undefined) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped a check of case ids: fixtures/conformance/gemini-cli.json is not there");
}
