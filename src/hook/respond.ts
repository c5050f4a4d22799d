/**
 * The contract side of a hook written with the SDK: the document's text in,
 * the handler called, and what the hook prints on stdout out: the answer, or
 * nothing for no opinion. A thrown error, a document that cannot be read and
 * an answer that is not one all come out as text that is not an answer, which
 * the contract counts as a failure (ignored with a message, or a deny with
 * `--fail-closed`), the same whether `everyhook run` or direct mode reads it.
 * Imports only the contract.
 *
 * @module
 */

import { isContractEvent, readAnswer } from "../contract/contract.ts";
import type { HookAnswer } from "../contract/contract.ts";
import type { Document, Handler } from "./types.ts";

/** A document's text read, or why it could not be. */
export type DocumentReading = { ok: true; doc: Document } | { ok: false; problem: string };

/**
 * Read a document's text: a JSON object whose `event` is a contract event.
 * Nothing else is checked, so a test may hand a hook a partial document.
 *
 * @param text The text on stdin.
 * @returns The document, or the problem.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readDocument } from "./respond.ts";
 * assert(readDocument('{"event":"stop","stop":{"continued":false}}').ok);
 * assert(!readDocument('{"event":"lunch"}').ok);
 * ```
 */
export function readDocument(text: string): DocumentReading {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { ok: false, problem: `it is not JSON (${(error as Error).message})` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problem: "it is not a JSON object" };
  }
  const event = (value as Record<string, unknown>).event;
  if (typeof event !== "string" || !isContractEvent(event)) {
    return { ok: false, problem: `its "event" is not a contract event: ${JSON.stringify(event)}` };
  }
  return { ok: true, doc: value as Document };
}

/**
 * Call the handler and check what it gave back.
 *
 * @param handler The hook's handler.
 * @param doc The document.
 * @returns The answer (`{}` for no opinion), or the problem with what it gave.
 * @throws Whatever the handler throws.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { callHandler } from "./respond.ts";
 * const r = await callHandler(() => ({ decision: "deny", reason: "no" }), {
 *   everyhook: 1, agent: "codex", event: "prompt", nativeEvent: "UserPromptSubmit", native: {},
 * });
 * assert(r.ok && r.answer.decision === "deny");
 * ```
 */
export async function callHandler(
  handler: Handler,
  doc: Document,
): Promise<{ ok: true; answer: HookAnswer } | { ok: false; problem: string; text: string }> {
  const value = await handler(doc);
  if (value === undefined || value === null) return { ok: true, answer: {} };
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    const why = `it cannot be written as JSON (${(error as Error).message})`;
    return { ok: false, problem: why, text: `The hook's answer is not one: ${why}` };
  }
  if (text === undefined) {
    const why = `it is ${typeof value}, not an object`;
    return { ok: false, problem: why, text: `The hook's answer is not one: ${why}` };
  }
  const reading = readAnswer(text);
  return reading.ok
    ? { ok: true, answer: reading.answer }
    : { ok: false, problem: reading.problem, text };
}

/**
 * What the hook prints on stdout for a document's text: the answer's JSON,
 * nothing for no opinion, or, when something went wrong, text that is not an
 * answer (a wrong answer as it was, so the reader names its problem). What
 * went wrong, with the stack of a thrown error, goes to `log`.
 *
 * @param handler The hook's handler.
 * @param text The document's text.
 * @param log Where to write what went wrong (stderr, in a process).
 * @returns The text for stdout, without a final new line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { respond } from "./respond.ts";
 * const out = await respond(() => ({ context: "hi" }), '{"event":"prompt"}', () => {});
 * assert(out === '{"context":"hi"}');
 * const failed = await respond(() => { throw new Error("boom"); }, '{"event":"prompt"}', () => {});
 * assert(failed === "The handler threw Error: boom");
 * ```
 */
export async function respond(
  handler: Handler,
  text: string,
  log: (text: string) => void,
): Promise<string> {
  return (await respondWith(handler, text, log)).stdout;
}

/**
 * What {@linkcode respond} prints, and the answer it printed when the handler
 * gave one: for a caller in the same process, which need not read it again.
 *
 * @param handler The hook's handler.
 * @param text The document, as JSON text.
 * @param log Where a line for the person goes (the hook's stderr).
 * @returns The text for stdout, and the answer it holds (absent where the
 *   text is not an answer: a document or an answer that could not be read,
 *   or a handler that threw).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { respondWith } from "./respond.ts";
 * const out = await respondWith(() => ({ decision: "deny", reason: "no" }), '{"event":"pre-tool"}', () => {});
 * assert.deepEqual(out.answer, { decision: "deny", reason: "no" });
 * assert.equal(out.stdout, JSON.stringify(out.answer));
 * ```
 */
export async function respondWith(
  handler: Handler,
  text: string,
  log: (text: string) => void,
): Promise<{ stdout: string; answer?: HookAnswer }> {
  const reading = readDocument(text);
  if (!reading.ok) {
    log(`everyhook hook: cannot read the document: ${reading.problem}\n`);
    return { stdout: `The hook cannot read its document: ${reading.problem}` };
  }
  try {
    const called = await callHandler(handler, reading.doc);
    if (!called.ok) {
      log(`everyhook hook: the handler's answer is not one: ${called.problem}\n`);
      return { stdout: called.text };
    }
    const stdout = Object.keys(called.answer).length === 0 ? "" : JSON.stringify(called.answer);
    return { stdout, answer: called.answer };
  } catch (error) {
    const name = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log(`${error instanceof Error && error.stack ? error.stack : name}\n`);
    return { stdout: `The handler threw ${firstLine(name)}` };
  }
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/)[0] ?? "";
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
