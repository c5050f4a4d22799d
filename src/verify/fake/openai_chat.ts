/**
 * A fake of the OpenAI chat completions API (`POST /v1/chat/completions`), the
 * API GitHub Copilot CLI speaks in BYOK mode. It answers from a script, one
 * step per model turn: the step is the number of assistant messages already in
 * the request, so the server keeps no state of its own. It streams as the real
 * API does (`chat.completion.chunk` events, the tool call's arguments in
 * pieces, a usage chunk with no choices, then `data: [DONE]`), and the fake
 * server under it logs every request body.
 *
 * @module
 */

import { type FakeServer, sseResponse, startFakeServer } from "./server.ts";

/** One model turn: a tool call, a final text, or an HTTP error. */
export type ChatStep =
  | { kind: "tool"; name: string; args: Record<string, unknown> }
  | { kind: "text"; text: string }
  | { kind: "error"; status: number };

/** What the fake model does. */
export interface ChatScript {
  /** The main conversation, one step per turn; past its end the model says `done`. */
  steps: ChatStep[];
  /**
   * A text that marks a sub-agent's conversation (looked for in its first user
   * message); such conversations get `subagentSteps` instead.
   */
  subagentMarker?: string;
  /**
   * Look for the marker in every user message, not only the first (for agents
   * whose first user message is a reminder of their own, such as Factory Droid).
   */
  markerInAnyUserMessage?: boolean;
  /** The sub-agent's turns (default: one text, `SUBAGENT-DONE`). */
  subagentSteps?: ChatStep[];
}

/** One chat message as the agent sent it. */
export interface ChatMessage {
  role: string;
  content?: unknown;
  "tool_calls"?: Array<{ id: string; function: { name: string; arguments: string } }>;
}

/** The fake API: a running fake server plus its base URL for `COPILOT_PROVIDER_BASE_URL`. */
export interface FakeChatApi extends FakeServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
}

/** The text the model answers with once the script is over. */
export const PAST_THE_END = "done";

/**
 * A tool call step.
 *
 * @param name The agent's tool name (Copilot CLI: bash, view, create, edit, task...).
 * @param args The tool's arguments.
 * @returns The step.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolStep } from "./openai_chat.ts";
 * const step = toolStep("bash", { command: "echo hello", description: "Say hello" });
 * assert(step.kind === "tool");
 * ```
 */
export function toolStep(name: string, args: Record<string, unknown>): ChatStep {
  return { kind: "tool", name, args };
}

/**
 * A final text step.
 *
 * @param text What the model says.
 * @returns The step.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { textStep } from "./openai_chat.ts";
 * assert(textStep("All done").kind === "text");
 * ```
 */
export function textStep(text: string): ChatStep {
  return { kind: "text", text };
}

/**
 * The messages of a logged request body (an empty list when it has none).
 *
 * @param body A request body from the fake server's log.
 * @returns Its `messages`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatMessages } from "./openai_chat.ts";
 * assert(chatMessages({ messages: [{ role: "user", content: "hi" }] }).length === 1);
 * ```
 */
export function chatMessages(body: unknown): ChatMessage[] {
  if (!isRecord(body) || !Array.isArray(body.messages)) return [];
  return body.messages.filter((m): m is ChatMessage => isRecord(m) && typeof m.role === "string");
}

/**
 * The text of a message's content (string content, or the text parts joined).
 *
 * @param message One chat message.
 * @returns Its text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { messageText } from "./openai_chat.ts";
 * assert(messageText({ role: "user", content: [{ type: "text", text: "hi" }] }) === "hi");
 * ```
 */
export function messageText(message: ChatMessage): string {
  const c = message.content;
  if (typeof c === "string") return c;
  if (Array.isArray(c)) {
    return c.map((p) => isRecord(p) && typeof p.text === "string" ? p.text : "").join("");
  }
  return "";
}

/**
 * Every distinct tool result the model was shown, in order, over a run's requests.
 *
 * @param requests The fake server's request log.
 * @returns The texts of the `tool` messages.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolResults } from "./openai_chat.ts";
 * const body = { messages: [{ role: "tool", content: "hello" }] };
 * assert(toolResults([{ body }, { body }]).length === 1);
 * ```
 */
export function toolResults(requests: ReadonlyArray<{ body: unknown }>): string[] {
  const seen: string[] = [];
  for (const r of requests) {
    for (const m of chatMessages(r.body)) {
      const text = messageText(m);
      if (m.role === "tool" && !seen.includes(text)) seen.push(text);
    }
  }
  return seen;
}

/**
 * The requests of the main conversation: model turns that offered tools and are
 * not a sub-agent's.
 *
 * @param requests The fake server's request log.
 * @param subagentMarker The marker of sub-agent conversations, if any.
 * @param anyUserMessage Look for the marker in every user message, not only the first.
 * @returns The main conversation's requests.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mainTurns } from "./openai_chat.ts";
 * const body = { tools: [{}], messages: [{ role: "user", content: "go" }] };
 * assert(mainTurns([{ body }]).length === 1);
 * ```
 */
export function mainTurns<T extends { body: unknown }>(
  requests: ReadonlyArray<T>,
  subagentMarker?: string,
  anyUserMessage = false,
): T[] {
  return requests.filter((r) => {
    if (!isRecord(r.body) || !Array.isArray(r.body.tools) || r.body.tools.length === 0) {
      return false;
    }
    return subagentMarker === undefined ||
      !userText(r.body, anyUserMessage).includes(subagentMarker);
  });
}

/**
 * The requests of sub-agent conversations: model turns whose first user
 * message holds the marker.
 *
 * @param requests The fake server's request log.
 * @param subagentMarker The marker of sub-agent conversations.
 * @param anyUserMessage Look for the marker in every user message, not only the first.
 * @returns The sub-agents' requests.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { subagentTurns } from "./openai_chat.ts";
 * const body = { tools: [{}], messages: [{ role: "user", content: "SUB do it" }] };
 * assert(subagentTurns([{ body }], "SUB").length === 1);
 * ```
 */
export function subagentTurns<T extends { body: unknown }>(
  requests: ReadonlyArray<T>,
  subagentMarker: string,
  anyUserMessage = false,
): T[] {
  const main = mainTurns(requests, subagentMarker, anyUserMessage);
  return mainTurns(requests).filter((r) => !main.includes(r));
}

/**
 * Start the fake chat completions API on 127.0.0.1 (a port the OS chooses).
 *
 * @param script What the model does.
 * @returns The running server; close it when done.
 *
 * @example Usage
 * ```ts ignore
 * import { startFakeOpenAiChat, textStep } from "./openai_chat.ts";
 * const api = await startFakeOpenAiChat({ steps: [textStep("hi")] });
 * const res = await fetch(`${api.baseUrl}/chat/completions`, {
 *   method: "POST",
 *   body: JSON.stringify({ stream: true, tools: [{}], messages: [] }),
 * });
 * console.log(await res.text());
 * await api.close();
 * ```
 */
export async function startFakeOpenAiChat(script: ChatScript): Promise<FakeChatApi> {
  let served = 0;
  const server = await startFakeServer((req) => {
    const path = req.path.split("?")[0] ?? "";
    if (req.method === "POST" && path.endsWith("/chat/completions")) {
      served++;
      return answer(script, req.body, served);
    }
    if (req.method === "GET" && path.endsWith("/models")) {
      return Response.json({ object: "list", data: [{ id: "gpt-4.1", object: "model" }] });
    }
    return Response.json({ error: { message: `not found: ${req.path}` } }, { status: 404 });
  });
  return { ...server, baseUrl: `${server.url}/v1` };
}

function answer(script: ChatScript, body: unknown, served: number): Response {
  const record = isRecord(body) ? body : {};
  const model = typeof record.model === "string" ? record.model : "gpt-4.1";
  const step = pickStep(script, record);
  if (step.kind === "error") {
    return Response.json(
      { error: { message: `fake error ${step.status}`, type: "invalid_request_error" } },
      { status: step.status },
    );
  }
  const id = `chatcmpl-fake-${served}`;
  const created = Math.floor(Date.now() / 1000);
  const usage = { "prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110 };
  const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    usage: null,
  });
  const chunks: unknown[] = [];
  if (step.kind === "tool") {
    const args = JSON.stringify(step.args);
    chunks.push(chunk({
      role: "assistant",
      content: null,
      tool_calls: [{
        index: 0,
        id: `call_fake_${served}`,
        type: "function",
        function: { name: step.name, arguments: "" },
      }],
      refusal: null,
    }, null));
    for (const piece of pieces(args, 24)) {
      chunks.push(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null));
    }
    chunks.push(chunk({}, "tool_calls"));
  } else {
    chunks.push(chunk({ role: "assistant", content: "", refusal: null }, null));
    for (const piece of pieces(step.text, 24)) chunks.push(chunk({ content: piece }, null));
    chunks.push(chunk({}, "stop"));
  }
  if (record.stream !== true) {
    return Response.json(wholeCompletion(id, created, model, step, served, usage));
  }
  chunks.push({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
  return sseResponse([...chunks.map((data) => ({ data })), { data: "[DONE]" }]);
}

function wholeCompletion(
  id: string,
  created: number,
  model: string,
  step: Exclude<ChatStep, { kind: "error" }>,
  served: number,
  usage: Record<string, number>,
): Record<string, unknown> {
  const message = step.kind === "tool"
    ? {
      role: "assistant",
      content: null,
      tool_calls: [{
        id: `call_fake_${served}`,
        type: "function",
        function: { name: step.name, arguments: JSON.stringify(step.args) },
      }],
    }
    : { role: "assistant", content: step.text };
  const finish = step.kind === "tool" ? "tool_calls" : "stop";
  return {
    id,
    object: "chat.completion",
    created,
    model,
    choices: [{ index: 0, message, finish_reason: finish }],
    usage,
  };
}

function pickStep(script: ChatScript, body: Record<string, unknown>): ChatStep {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  if (tools.length === 0) return textStep("Fake title");
  const marker = script.subagentMarker;
  const sub = marker !== undefined &&
    userText(body, script.markerInAnyUserMessage === true).includes(marker);
  const steps = sub ? script.subagentSteps ?? [textStep("SUBAGENT-DONE")] : script.steps;
  const turn = chatMessages(body).filter((m) => m.role === "assistant").length;
  return steps[turn] ?? textStep(`${PAST_THE_END} (turn ${turn})`);
}

/** The text of the first user message, or of every user message joined. */
function userText(body: unknown, every: boolean): string {
  const users = chatMessages(body).filter((m) => m.role === "user");
  return (every ? users : users.slice(0, 1)).map(messageText).join("\n");
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
