/**
 * A fake OpenAI Responses API (`POST /v1/responses`, streamed as server-sent
 * events) that answers Codex CLI from a script of tool calls. It keeps no
 * state: the step it plays is the number of tool outputs already in the
 * request's `input`, so a hook that sends Codex back gets the final message
 * again.
 *
 * @module
 */

import { type FakeServer, sseResponse, startFakeServer } from "./server.ts";

/** One scripted model turn. */
export type ResponsesStep =
  /** A shell call (`exec_command` when offered, else `shell_command` or `shell`). */
  | { kind: "shell"; command: string }
  /** An `apply_patch` call with the raw patch text (freeform where the tool is custom). */
  | { kind: "patch"; patch: string }
  /** A final assistant message. */
  | { kind: "message"; text: string }
  /** Any output item, as the API would send it (such as a namespaced `spawn_agent` call). */
  | { kind: "raw"; item: Record<string, unknown> };

/** The script the fake model plays. */
export interface ResponsesScript {
  /** Played in order, one per model request. */
  steps: ResponsesStep[];
  /** The message once the steps are done (and for every later request). */
  final: string;
  /** What a sub-agent's thread answers (its requests carry another thread id). */
  subagentFinal?: string;
}

/** What a request body's `input` holds, as far as the fake reads it. */
interface InputItem {
  type?: unknown;
  role?: unknown;
  "call_id"?: unknown;
  output?: unknown;
  content?: unknown;
}

function inputOf(body: unknown): InputItem[] {
  if (body === null || typeof body !== "object") return [];
  const input = (body as { input?: unknown }).input;
  return Array.isArray(input)
    ? input.filter((i): i is InputItem => i !== null && typeof i === "object")
    : [];
}

/**
 * The step a request asks for: how many tool outputs its input already holds.
 *
 * @param body A logged `/v1/responses` request body.
 * @returns The index into the script's steps.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepOf } from "./openai_responses.ts";
 * assert(stepOf({ input: [{ type: "function_call_output", output: "x" }] }) === 1);
 * ```
 */
export function stepOf(body: unknown): number {
  return inputOf(body).filter((i) => typeof i.type === "string" && i.type.endsWith("_call_output"))
    .length;
}

/**
 * The text Codex gave the model as the output of one tool call, from a request
 * body (the latest request that holds it is the one to read).
 *
 * @param body A logged `/v1/responses` request body.
 * @param callId The call's id (`call_<step>`).
 * @returns The output text, or undefined when the body has none for that call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { callOutput } from "./openai_responses.ts";
 * const body = { input: [{ type: "function_call_output", "call_id": "call_0", output: "hi" }] };
 * assert(callOutput(body, "call_0") === "hi");
 * ```
 */
export function callOutput(body: unknown, callId: string): string | undefined {
  const item = inputOf(body).find((i) =>
    typeof i.type === "string" && i.type.endsWith("_call_output") && i.call_id === callId
  );
  if (item === undefined) return undefined;
  return typeof item.output === "string" ? item.output : JSON.stringify(item.output);
}

/**
 * The id the fake gives the tool call of a step.
 *
 * @param step The step's index.
 * @returns Its call id.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { callIdOf } from "./openai_responses.ts";
 * assert(callIdOf(2) === "call_2");
 * ```
 */
export function callIdOf(step: number): string {
  return `call_${step}`;
}

interface Tool {
  type?: unknown;
  name?: unknown;
}

function offeredTools(body: unknown): Map<string, Tool> {
  const tools = new Map<string, Tool>();
  const list = body !== null && typeof body === "object"
    ? (body as { tools?: unknown }).tools
    : undefined;
  if (!Array.isArray(list)) return tools;
  for (const t of list) {
    if (t === null || typeof t !== "object") continue;
    const tool = t as Tool;
    const name = typeof tool.name === "string" ? tool.name : String(tool.type);
    tools.set(name, tool);
  }
  return tools;
}

function shellItem(tools: Map<string, Tool>, command: string, id: string): Record<string, unknown> {
  const call = { type: "function_call", id: `fc_${id}`, "call_id": id };
  if (tools.has("exec_command")) {
    return {
      ...call,
      name: "exec_command",
      arguments: JSON.stringify({ cmd: command, "yield_time_ms": 5000 }),
    };
  }
  if (tools.has("shell_command")) {
    return { ...call, name: "shell_command", arguments: JSON.stringify({ command }) };
  }
  return {
    ...call,
    name: "shell",
    arguments: JSON.stringify({ command: ["bash", "-lc", command] }),
  };
}

function patchItem(tools: Map<string, Tool>, patch: string, id: string): Record<string, unknown> {
  const tool = tools.get("apply_patch");
  if (tool?.type === "custom") {
    return {
      type: "custom_tool_call",
      id: `ctc_${id}`,
      "call_id": id,
      name: "apply_patch",
      input: patch,
    };
  }
  if (tool !== undefined) {
    return {
      type: "function_call",
      id: `fc_${id}`,
      "call_id": id,
      name: "apply_patch",
      arguments: JSON.stringify({ input: patch }),
    };
  }
  return shellItem(tools, `apply_patch <<'PATCH'\n${patch}\nPATCH`, id);
}

function messageItem(text: string, id: string): Record<string, unknown> {
  return {
    type: "message",
    id: `msg_${id}`,
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text, annotations: [] }],
  };
}

/** Cut a text into a few pieces, as the API streams deltas. */
function pieces(text: string): string[] {
  const size = Math.max(1, Math.ceil(text.length / 3));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}

/**
 * The events of one streamed response holding one output item, in the order
 * the real API sends them (created, in_progress, the item added, its deltas,
 * its done events, the item done, completed with usage).
 *
 * @param responseId The response id.
 * @param item The finished output item.
 * @returns The events, each with its `type` as the SSE event name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { responseEvents } from "./openai_responses.ts";
 * const events = responseEvents("resp_1", { type: "message", id: "m", role: "assistant", content: [{ type: "output_text", text: "hi" }] });
 * assert(events.at(-1)?.event === "response.completed");
 * ```
 */
export function responseEvents(
  responseId: string,
  item: Record<string, unknown>,
): Array<{ event: string; data: Record<string, unknown> }> {
  const events: Array<{ event: string; data: Record<string, unknown> }> = [];
  const push = (type: string, data: Record<string, unknown>): void => {
    events.push({ event: type, data: { type, "sequence_number": events.length, ...data } });
  };
  const itemId = String(item.id ?? "");
  const base = { id: responseId, object: "response", "created_at": 1, model: "fake", output: [] };
  push("response.created", { response: { ...base, status: "in_progress" } });
  push("response.in_progress", { response: { ...base, status: "in_progress" } });
  if (item.type === "message") {
    const content = Array.isArray(item.content) ? item.content : [];
    const first = content[0] as { text?: unknown } | undefined;
    const text = typeof first?.text === "string" ? first.text : "";
    push("response.output_item.added", {
      "output_index": 0,
      item: { ...item, status: "in_progress", content: [] },
    });
    const part = { "output_index": 0, "item_id": itemId, "content_index": 0 };
    push("response.content_part.added", {
      ...part,
      part: { type: "output_text", text: "", annotations: [] },
    });
    for (const delta of pieces(text)) push("response.output_text.delta", { ...part, delta });
    push("response.output_text.done", { ...part, text });
    push("response.content_part.done", {
      ...part,
      part: { type: "output_text", text, annotations: [] },
    });
  } else if (item.type === "function_call") {
    const args = String(item.arguments ?? "");
    push("response.output_item.added", {
      "output_index": 0,
      item: { ...item, status: "in_progress", arguments: "" },
    });
    for (const delta of pieces(args)) {
      push("response.function_call_arguments.delta", {
        "output_index": 0,
        "item_id": itemId,
        delta,
      });
    }
    push("response.function_call_arguments.done", {
      "output_index": 0,
      "item_id": itemId,
      arguments: args,
    });
  } else if (item.type === "custom_tool_call") {
    const input = String(item.input ?? "");
    push("response.output_item.added", {
      "output_index": 0,
      item: { ...item, status: "in_progress", input: "" },
    });
    for (const delta of pieces(input)) {
      push("response.custom_tool_call_input.delta", {
        "output_index": 0,
        "item_id": itemId,
        delta,
      });
    }
    push("response.custom_tool_call_input.done", { "output_index": 0, "item_id": itemId, input });
  } else {
    push("response.output_item.added", {
      "output_index": 0,
      item: { ...item, status: "in_progress" },
    });
  }
  const done = { ...item, status: "completed" };
  push("response.output_item.done", { "output_index": 0, item: done });
  push("response.completed", {
    response: {
      ...base,
      status: "completed",
      output: [done],
      usage: {
        "input_tokens": 10,
        "input_tokens_details": { "cached_tokens": 0 },
        "output_tokens": 5,
        "output_tokens_details": { "reasoning_tokens": 0 },
        "total_tokens": 15,
      },
    },
  });
  return events;
}

/** True when the request comes from a sub-agent's thread (its thread id is not the session's). */
function fromSubagent(headers: Headers): boolean {
  const raw = headers.get("x-codex-turn-metadata");
  if (raw === null) return false;
  try {
    const meta = JSON.parse(raw) as { "thread_id"?: unknown; "session_id"?: unknown };
    return typeof meta.thread_id === "string" && typeof meta.session_id === "string" &&
      meta.thread_id !== meta.session_id;
  } catch {
    return false;
  }
}

/**
 * Put the id of the last sub-agent Codex reported (in an earlier tool output)
 * where a raw item says `$LAST_AGENT_ID`.
 */
function withAgentId(item: Record<string, unknown>, body: unknown): Record<string, unknown> {
  const text = JSON.stringify(item);
  if (!text.includes("$LAST_AGENT_ID")) return item;
  const outputs = inputOf(body).filter((i) =>
    typeof i.type === "string" && i.type.endsWith("_call_output")
  ).map((i) => typeof i.output === "string" ? i.output : JSON.stringify(i.output)).join(" ");
  const found = /agent_id\\?"\s*:\s*\\?"([^"\\]+)/.exec(outputs) ??
    /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/.exec(outputs);
  return found?.[1] === undefined
    ? item
    : JSON.parse(text.replaceAll("$LAST_AGENT_ID", found[1])) as Record<string, unknown>;
}

/**
 * The output item the script gives for one request body.
 *
 * @param script The script.
 * @param body The request body.
 * @param subagent True when the request is a sub-agent's.
 * @returns The item the fake streams back.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { itemFor } from "./openai_responses.ts";
 * const item = itemFor({ steps: [{ kind: "shell", command: "ls" }], final: "done" }, { input: [], tools: [{ type: "function", name: "exec_command" }] }, false);
 * assert(item.name === "exec_command");
 * ```
 */
export function itemFor(
  script: ResponsesScript,
  body: unknown,
  subagent: boolean,
): Record<string, unknown> {
  const step = stepOf(body);
  const id = callIdOf(step);
  if (subagent) return messageItem(script.subagentFinal ?? "Sub-agent done.", id);
  const tools = offeredTools(body);
  const scripted = script.steps[step];
  if (scripted === undefined) return messageItem(script.final, id);
  switch (scripted.kind) {
    case "shell":
      return shellItem(tools, scripted.command, id);
    case "patch":
      return patchItem(tools, scripted.patch, id);
    case "message":
      return messageItem(scripted.text, id);
    case "raw":
      return { id: `fc_${id}`, "call_id": id, ...withAgentId(scripted.item, body) };
  }
}

/**
 * Start the fake Responses API on 127.0.0.1 (a port the OS chooses). Every
 * request is logged in `requests`; anything but `POST .../responses` gets 404.
 *
 * @param script What the model does.
 * @returns The running server; its `url` plus `/v1` is Codex's `base_url`.
 *
 * @example Usage
 * ```ts ignore
 * import { startFakeResponses } from "./openai_responses.ts";
 * await using server = await startFakeResponses({ steps: [{ kind: "shell", command: "echo hello" }], final: "done" });
 * console.log(server.url);
 * ```
 */
export async function startFakeResponses(
  script: ResponsesScript,
): Promise<FakeServer & AsyncDisposable> {
  let responses = 0;
  const server = await startFakeServer((req) => {
    if (req.method !== "POST" || !req.path.split("?")[0]!.endsWith("/responses")) {
      return Response.json({ error: { message: `not found: ${req.path}` } }, { status: 404 });
    }
    responses += 1;
    const item = itemFor(script, req.body, fromSubagent(req.headers));
    return sseResponse(responseEvents(`resp_${responses}`, item));
  });
  return { ...server, [Symbol.asyncDispose]: () => server.close() };
}
