/**
 * A fake Gemini API for Gemini CLI on 127.0.0.1: `streamGenerateContent`
 * (server-sent events, as the real API streams them), `generateContent` and
 * `countTokens`. It answers from a script of tool calls and logs every request
 * body (through the shared fake server).
 *
 * The script is stateless: the step answered is the number of model turns the
 * request already holds in `contents`, so a retry or a blocked tool call never
 * shifts it. Past the end of the script, the last step is answered again.
 *
 * @module
 */

import { type FakeServer, startFakeServer } from "./server.ts";

/** One answer of the fake model: a tool call, or a final text. */
export type GeminiStep =
  | { kind: "call"; name: string; args: Record<string, unknown> }
  | { kind: "text"; text: string };

/** The model name the fake reports back (the CLI pins `gemini-2.5-flash`). */
const MODEL_VERSION = "gemini-2.5-flash";

/** A JSON object, once it is known to be one. */
function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : undefined;
}

/** The `contents` of a generateContent request body (empty when there are none). */
export function requestContents(body: unknown): Array<Record<string, unknown>> {
  const contents = asRecord(body)?.contents;
  return Array.isArray(contents)
    ? contents.flatMap((c: unknown) => {
      const r = asRecord(c);
      return r ? [r] : [];
    })
    : [];
}

/**
 * How many model turns a request already holds: the step of the script to answer.
 *
 * @param body A generateContent request body.
 * @returns The number of `contents` whose role is `model`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { modelTurns } from "./gemini.ts";
 * const body = { contents: [{ role: "user", parts: [] }, { role: "model", parts: [] }] };
 * assert(modelTurns(body) === 1);
 * ```
 */
export function modelTurns(body: unknown): number {
  return requestContents(body).filter((c) => c.role === "model").length;
}

/** Words of a text, each with the space that follows it, in chunks of about three words. */
function textPieces(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [text];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(""));
  return pieces.length > 0 ? pieces : [""];
}

/**
 * The chunks (GenerateContentResponse objects) the real API streams for one
 * answer: a text comes in several pieces, a function call whole in one chunk;
 * only the last chunk carries `finishReason` and the full usage.
 *
 * @param step The answer.
 * @param responseId The id every chunk of this answer carries.
 * @returns The chunks, in order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiChunks } from "./gemini.ts";
 * const chunks = geminiChunks({ kind: "text", text: "All done, nothing left to do." }, "r1");
 * assert(chunks.length === 2);
 * ```
 */
export function geminiChunks(step: GeminiStep, responseId: string): Array<Record<string, unknown>> {
  const parts = step.kind === "call"
    ? [[{ functionCall: { name: step.name, args: step.args } }]]
    : textPieces(step.text).map((text) => [{ text }]);
  return parts.map((p, i) => {
    const last = i === parts.length - 1;
    const candidate: Record<string, unknown> = { content: { role: "model", parts: p }, index: 0 };
    if (last) candidate.finishReason = "STOP";
    return {
      candidates: [candidate],
      usageMetadata: last
        ? { promptTokenCount: 120, candidatesTokenCount: 12, totalTokenCount: 132 }
        : { promptTokenCount: 120, totalTokenCount: 120 },
      modelVersion: MODEL_VERSION,
      responseId,
    };
  });
}

/** The whole answer as one GenerateContentResponse (for `generateContent`). */
function wholeAnswer(step: GeminiStep, responseId: string): Record<string, unknown> {
  const parts = step.kind === "call"
    ? [{ functionCall: { name: step.name, args: step.args } }]
    : [{ text: step.text }];
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 120, candidatesTokenCount: 12, totalTokenCount: 132 },
    modelVersion: MODEL_VERSION,
    responseId,
  };
}

/** Server-sent events the way Google's API frames them: `data: <json>` and CRLF CRLF. */
function streamResponse(chunks: Array<Record<string, unknown>>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\r\n\r\n`));
      }
      controller.close();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * Starts the fake Gemini API on 127.0.0.1 (a port the OS chooses). Point the
 * CLI at it with `GOOGLE_GEMINI_BASE_URL` = the returned `url`.
 *
 * @param script The answers, step by step.
 * @returns The running server: its url, every request it logged, and close().
 *
 * @example Usage
 * ```ts ignore
 * import { startFakeGemini } from "./gemini.ts";
 * await using api = await startFakeGemini([{ kind: "text", text: "done" }]);
 * console.log(api.url, api.requests.length);
 * ```
 */
export async function startFakeGemini(
  script: readonly GeminiStep[],
): Promise<FakeServer & AsyncDisposable> {
  if (script.length === 0) throw new Error("the fake Gemini script is empty");
  const server = await startFakeServer((req) => {
    const responseId = `fake-${req.index}`;
    const path = req.path.split("?")[0] ?? "";
    if (path.endsWith(":countTokens")) return json({ totalTokens: 120 });
    const isStream = path.endsWith(":streamGenerateContent");
    if (!isStream && !path.endsWith(":generateContent")) {
      return json(
        { error: { code: 404, message: `no such path ${path}`, status: "NOT_FOUND" } },
        404,
      );
    }
    const step = script[Math.min(modelTurns(req.body), script.length - 1)]!;
    return isStream
      ? streamResponse(geminiChunks(step, responseId))
      : json(wholeAnswer(step, responseId));
  });
  return Object.assign(server, { [Symbol.asyncDispose]: () => server.close() });
}

/**
 * The texts of every `functionResponse` a request sent back to the model, in
 * order, as JSON text (`{"output":"..."}` or `{"error":"..."}`).
 *
 * @param body A generateContent request body.
 * @returns One JSON text per function response.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { functionResponses } from "./gemini.ts";
 * const body = {
 *   contents: [{ role: "user", parts: [{ functionResponse: { name: "x", response: { output: "hi" } } }] }],
 * };
 * assert(functionResponses(body)[0] === '{"output":"hi"}');
 * ```
 */
export function functionResponses(body: unknown): string[] {
  const out: string[] = [];
  for (const content of requestContents(body)) {
    const parts = Array.isArray(content.parts) ? content.parts : [];
    for (const part of parts) {
      const response = asRecord(asRecord(part)?.functionResponse)?.response;
      if (response !== undefined) out.push(JSON.stringify(response));
    }
  }
  return out;
}

/**
 * Every distinct function response the model was shown, in order, over a
 * run's requests, as JSON text (what a tool printed, or the reason a hook
 * blocked it).
 *
 * @param requests The fake server's request log.
 * @returns The JSON texts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { functionResponsesOf } from "./gemini.ts";
 * const body = {
 *   contents: [{ role: "user", parts: [{ functionResponse: { name: "x", response: { output: "hi" } } }] }],
 * };
 * assert(functionResponsesOf([{ body }, { body }]).length === 1);
 * ```
 */
export function functionResponsesOf(requests: ReadonlyArray<{ body: unknown }>): string[] {
  const seen: string[] = [];
  for (const r of requests) {
    for (const text of functionResponses(r.body)) if (!seen.includes(text)) seen.push(text);
  }
  return seen;
}
