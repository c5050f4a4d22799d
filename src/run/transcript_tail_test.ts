import assert from "node:assert/strict";
import { AGENTS, findAgent } from "../agents/mod.ts";
import type { HookDocument } from "../contract/contract.ts";
import { addLastMessage, lastMessageIn } from "./transcript_tail.ts";

/** One transcript per format everyhook reads, each ending with the message "LAST <format>". */
const FORMATS: Record<string, string> = {
  "claude-code": [
    '{"type":"user","message":{"role":"user","content":"go"}}',
    '{"type":"assistant","message":{"content":[{"type":"text","text":"LAST claude-code"},{"type":"tool_use"}]}}',
    '{"type":"system","subtype":"stop_hook_summary"}',
  ].join("\n"),
  codex: [
    '{"timestamp":"t","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"go"}]}}',
    '{"timestamp":"t","type":"event_msg","payload":{"type":"task_complete","last_agent_message":"LAST codex"}}',
  ].join("\n"),
  "gemini-cli": [
    '{"id":"1","type":"user","content":[{"text":"go"}]}',
    '{"id":"2","type":"gemini","content":"LAST gemini-cli"}',
  ].join("\n"),
  "copilot-cli": [
    '{"type":"user.message","data":{"content":"go"}}',
    '{"type":"assistant.message","data":{"content":"LAST copilot-cli"}}',
  ].join("\n"),
  cursor: [
    '{"role":"user","message":{"content":[{"type":"text","text":"<user_query>go</user_query>"}]}}',
    '{"role":"assistant","message":{"content":[{"type":"text","text":"LAST cursor"},{"type":"tool_use","name":"Read"}]}}',
  ].join("\n"),
  "qwen-code": [
    '{"type":"user","message":{"role":"user","parts":[{"text":"go"}]}}',
    '{"type":"assistant","message":{"role":"model","parts":[{"text":"LAST qwen-code"}]}}',
    '{"type":"assistant","message":{"role":"model","parts":[{"functionCall":{"name":"x"}}]}}',
    '{"type":"system","subtype":"x"}',
  ].join("\n"),
  "factory-droid": [
    '{"type":"session_start","id":"s"}',
    '{"type":"message","message":{"role":"user","content":[{"type":"text","text":"go"}]}}',
    '{"type":"message","message":{"role":"assistant","content":[{"type":"text","text":"LAST factory-droid"}]}}',
    '{"type":"agent_turn_outcome","reason":"completed"}',
  ].join("\n"),
};

Deno.test("lastMessageIn() reads each agent's own transcript format", () => {
  // OpenCode and Kilo Code send no transcript: their stops carry no last message.
  for (const agent of AGENTS.filter((a) => a.transcriptLastMessage !== undefined)) {
    const text = FORMATS[agent.id];
    assert.ok(text, `no transcript format for ${agent.id}`);
    assert.equal(lastMessageIn(agent, text), `LAST ${agent.id}`, agent.id);
    assert.equal(lastMessageIn(agent, text, true), `LAST ${agent.id}`, agent.id);
  }
});

Deno.test("lastMessageIn() reads every known format in any agent's transcript path", () => {
  for (const agent of AGENTS) {
    for (const [format, text] of Object.entries(FORMATS)) {
      const found = lastMessageIn(agent, text, true);
      assert.equal(found, `LAST ${format}`, `${agent.id} reading ${format}`);
    }
  }
  assert.equal(lastMessageIn(findAgent("codex")!, '{"type":"x"}\nnot json', true), undefined);
});

Deno.test("addLastMessage() fills a Codex subagent stop from a Claude-format transcript", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/agent.jsonl`, FORMATS["claude-code"]!);
    const doc: HookDocument = {
      everyhook: 1,
      agent: "codex",
      event: "subagent-stop",
      nativeEvent: "SubagentStop",
      stop: { continued: false },
      subagent: { transcript: `${dir}/agent.jsonl` },
      native: {},
    };
    const notes: string[] = [];
    await addLastMessage(findAgent("codex")!, doc, notes);
    assert.equal(doc.stop?.lastMessage, "LAST claude-code");
    const cursorDoc: HookDocument = {
      ...doc,
      agent: "cursor",
      event: "stop",
      stop: { continued: false },
      transcript: `${dir}/missing.jsonl`,
    };
    await addLastMessage(findAgent("cursor")!, cursorDoc, notes);
    assert.equal(cursorDoc.stop?.lastMessage, undefined);
    assert.match(notes.join("\n"), /cannot read the transcript/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
