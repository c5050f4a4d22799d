/**
 * A fake Anthropic Messages API for driving the real Claude Code binary:
 * `POST /v1/messages` answered from a script, streamed as Server-Sent Events
 * in the order the real API uses (message_start, content_block_start,
 * content_block_delta..., content_block_stop, message_delta, message_stop).
 *
 * Stateless: the step that answers a request is the number of assistant
 * messages already in it, so retries and Stop-hook re-prompts stay in step.
 * A subagent's requests (the Agent tool) are told apart by a marker text in
 * their first user message and answered from a second script.
 *
 * @module
 */

import { contentText } from "../../agents/_transcript.ts";
import { type FakeHandler, type FakeServer, sseResponse, startFakeServer } from "./server.ts";

/** One scripted model turn. */
export type AnthropicStep =
  | { kind: "tool"; name: string; input: Record<string, unknown> }
  | { kind: "text"; text: string };

/** What the fake model says. */
export interface AnthropicScript {
  /** The main conversation's turns, in order; past the end it says "Done.". */
  main: readonly AnthropicStep[];
  /** The subagent's turns, for requests whose first user message holds `subMarker`. */
  sub?: readonly AnthropicStep[];
  /** The marker that tells a subagent's requests apart. */
  subMarker?: string;
}

/** What a request to the fake was answered with (kept for the tests). */
export interface AnthropicAnswer {
  /** main, sub, or aux (a request without tools, such as a title). */
  conversation: "main" | "sub" | "aux";
  /** The step index (assistant messages already in the request). */
  step: number;
}

/**
 * The messages of a Messages API request body (an empty list when it has none).
 *
 * @param body A request body.
 * @returns Its messages that have a role.
 *
 * @example Usage
 * ```ts
 * import { messagesOf } from "./anthropic.ts";
 * console.log(messagesOf({ messages: [{ role: "user", content: "hi" }] }).length); // 1
 * ```
 */
export function messagesOf(body: unknown): Array<{ role: string; content: unknown }> {
  if (typeof body !== "object" || body === null) return [];
  const messages = (body as Record<string, unknown>)["messages"];
  if (!Array.isArray(messages)) return [];
  return messages.filter((m): m is { role: string; content: unknown } =>
    typeof m === "object" && m !== null &&
    typeof (m as Record<string, unknown>)["role"] === "string"
  );
}

/**
 * Decides which conversation and step a request belongs to.
 *
 * @param script The script.
 * @param body The request body.
 * @returns The conversation and step, and the step to answer with.
 *
 * @example Usage
 * ```ts
 * import { pickStep } from "./anthropic.ts";
 * const s = pickStep({ main: [{ kind: "text", text: "Hi." }] }, {
 *   tools: [{ name: "Bash" }],
 *   messages: [{ role: "user", content: "go" }],
 * });
 * console.log(s.answer.conversation, s.answer.step, s.step); // main 0 { kind: "text", text: "Hi." }
 * ```
 */
export function pickStep(
  script: AnthropicScript,
  body: unknown,
): { answer: AnthropicAnswer; step: AnthropicStep } {
  const tools = typeof body === "object" && body !== null
    ? (body as Record<string, unknown>)["tools"]
    : undefined;
  const messages = messagesOf(body);
  const step = messages.filter((m) => m.role === "assistant").length;
  if (!Array.isArray(tools) || tools.length === 0) {
    return { answer: { conversation: "aux", step }, step: { kind: "text", text: "ok" } };
  }
  const firstUser = messages.find((m) => m.role === "user");
  const isSub = script.sub !== undefined && script.subMarker !== undefined &&
    firstUser !== undefined && (contentText(firstUser.content) ?? "").includes(script.subMarker);
  const steps = isSub ? script.sub ?? [] : script.main;
  return {
    answer: { conversation: isSub ? "sub" : "main", step },
    step: steps[step] ?? { kind: "text", text: "Done." },
  };
}

let messageCounter = 0;

/**
 * The SSE events of one streamed answer, in the real API's order.
 *
 * @param step The turn to stream.
 * @param model The model the request asked for.
 * @returns The events for {@linkcode sseResponse}.
 *
 * @example Usage
 * ```ts
 * import { streamEvents } from "./anthropic.ts";
 * const names = streamEvents({ kind: "text", text: "Hi." }, "claude-x").map((e) => e.event);
 * console.log(names.join(" "));
 * ```
 */
export function streamEvents(
  step: AnthropicStep,
  model: string,
): Array<{ event: string; data: unknown }> {
  const n = ++messageCounter;
  const usage = {
    "input_tokens": 100,
    "output_tokens": 1,
    "cache_creation_input_tokens": 0,
    "cache_read_input_tokens": 0,
  };
  const events: Array<{ event: string; data: unknown }> = [{
    event: "message_start",
    data: {
      type: "message_start",
      message: {
        id: `msg_fake_${n}`,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    },
  }];
  const delta = (d: Record<string, unknown>) => ({
    event: "content_block_delta",
    data: { type: "content_block_delta", index: 0, delta: d },
  });
  if (step.kind === "tool") {
    events.push({
      event: "content_block_start",
      data: {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: `toolu_fake_${n}`, name: step.name, input: {} },
      },
    });
    // The input arrives in pieces, as the real API sends it.
    const json = JSON.stringify(step.input);
    const mid = Math.floor(json.length / 2);
    events.push(delta({ type: "input_json_delta", partial_json: json.slice(0, mid) }));
    events.push(delta({ type: "input_json_delta", partial_json: json.slice(mid) }));
  } else {
    events.push({
      event: "content_block_start",
      data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    });
    events.push(delta({ type: "text_delta", text: step.text }));
  }
  events.push({ event: "content_block_stop", data: { type: "content_block_stop", index: 0 } });
  events.push({
    event: "message_delta",
    data: {
      type: "message_delta",
      delta: { stop_reason: step.kind === "tool" ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: 20 },
    },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  return events;
}

/**
 * The request handler of the fake Messages API (also answers count_tokens; 404 elsewhere).
 *
 * @param script What the model says.
 * @param answers Where to note what each /v1/messages request was answered with.
 * @returns A handler for {@linkcode startFakeServer}.
 *
 * @example Usage
 * ```ts
 * import { anthropicHandler } from "./anthropic.ts";
 * const handler = anthropicHandler({ main: [{ kind: "text", text: "Hi." }] });
 * console.log(typeof handler);
 * ```
 */
export function anthropicHandler(
  script: AnthropicScript,
  answers: AnthropicAnswer[] = [],
): FakeHandler {
  return (req) => {
    const path = req.path.split("?")[0];
    if (req.method === "POST" && path === "/v1/messages/count_tokens") {
      return Response.json({ input_tokens: 1000 });
    }
    if (req.method !== "POST" || path !== "/v1/messages") {
      return Response.json({
        type: "error",
        error: { type: "not_found_error", message: `fake server: no route ${req.path}` },
      }, { status: 404 });
    }
    const { answer, step } = pickStep(script, req.body);
    answers.push(answer);
    const body = typeof req.body === "object" && req.body !== null
      ? req.body as Record<string, unknown>
      : {};
    const model = typeof body["model"] === "string" ? body["model"] : "claude-fake";
    if (body["stream"] === true) return sseResponse(streamEvents(step, model));
    const events = streamEvents(step, model);
    const start = events[0]?.data as { message: Record<string, unknown> };
    const block = step.kind === "tool"
      ? { type: "tool_use", id: `toolu_fake_${messageCounter}`, name: step.name, input: step.input }
      : { type: "text", text: step.text };
    return Response.json({
      ...start.message,
      content: [block],
      stop_reason: step.kind === "tool" ? "tool_use" : "end_turn",
    });
  };
}

/** A running fake Messages API. */
export interface FakeAnthropic extends FakeServer {
  /** What each /v1/messages request was answered with, in order. */
  answers: AnthropicAnswer[];
}

/**
 * Starts the fake Messages API on 127.0.0.1 (a port the OS picks).
 * Point Claude Code at it with ANTHROPIC_BASE_URL=`server.url`.
 *
 * @param script What the model says.
 * @returns The server, its request log, and what each request was answered with.
 *
 * @example Usage
 * ```ts ignore
 * import { startFakeAnthropic } from "./anthropic.ts";
 * const api = await startFakeAnthropic({ main: [{ kind: "text", text: "Hi." }] });
 * const res = await fetch(`${api.url}/v1/messages`, {
 *   method: "POST",
 *   body: JSON.stringify({ stream: true, tools: [{}], messages: [] }),
 * });
 * console.log((await res.text()).includes("message_stop"));
 * await api.close();
 * ```
 */
export async function startFakeAnthropic(script: AnthropicScript): Promise<FakeAnthropic> {
  const answers: AnthropicAnswer[] = [];
  const server = await startFakeServer(anthropicHandler(script, answers));
  return Object.assign(server, { answers });
}

/**
 * Every distinct `tool_result` text the model was shown, in order, over a
 * run's requests (what a tool printed, or the reason a hook blocked it).
 *
 * @param requests The fake server's request log.
 * @returns The texts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolResultTexts } from "./anthropic.ts";
 * const body = {
 *   messages: [{ role: "user", content: [{ type: "tool_result", content: [{ type: "text", text: "hi" }] }] }],
 * };
 * assert(toolResultTexts([{ body }, { body }]).join() === "hi");
 * ```
 */
export function toolResultTexts(requests: ReadonlyArray<{ body: unknown }>): string[] {
  const seen: string[] = [];
  for (const r of requests) {
    for (const m of messagesOf(r.body)) {
      if (m.role !== "user" || !Array.isArray(m.content)) continue;
      for (const block of m.content) {
        if (typeof block !== "object" || block === null) continue;
        const b = block as Record<string, unknown>;
        if (b["type"] !== "tool_result") continue;
        const text = contentText(b["content"]) ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }
  }
  return seen;
}
