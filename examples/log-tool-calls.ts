#!/usr/bin/env -S deno run --allow-env=EVERYHOOK_LOG,EVERYHOOK_LOG_FULL --allow-write
/**
 * An everyhook hook: append every document it is given, as one JSON line, to
 * the file EVERYHOOK_LOG names, and print nothing (no opinion, so the agent's
 * own permission rules stay in charge). Texts longer than 8,000 characters are
 * cut, with a note of how much was cut; EVERYHOOK_LOG_FULL=1 keeps them whole.
 * Without EVERYHOOK_LOG it does nothing. `--allow-write` is not scoped because
 * the file's name comes from the variable.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutLongTexts } from "./log-tool-calls.ts";
 * const cut = cutLongTexts({ a: "x".repeat(9000) }, 8000) as { a: string };
 * assert(cut.a.length < 9000);
 * ```
 *
 * @module
 */

import { defineHook } from "../hook.bundle.js";

/** The longest text kept whole, in characters. */
export const MAX_TEXT = 8000;

/**
 * Cut every string longer than `max` in a JSON value, saying how much was cut.
 *
 * @param value A JSON value.
 * @param max The longest string kept whole.
 * @returns A copy with long strings cut.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutLongTexts } from "./log-tool-calls.ts";
 * assert(JSON.stringify(cutLongTexts(["abc"], 2)).includes("[cut 1 characters]"));
 * ```
 */
export function cutLongTexts(value: unknown, max: number): unknown {
  if (typeof value === "string") {
    return value.length > max
      ? `${value.slice(0, max)}…[cut ${value.length - max} characters]`
      : value;
  }
  if (Array.isArray(value)) return value.map((v) => cutLongTexts(v, max));
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cutLongTexts(v, max);
    return out;
  }
  return value;
}

/**
 * The line logged for one document.
 *
 * @param text The document as read from stdin.
 * @param full Keep long texts whole.
 * @returns One JSON line, ending in a new line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { logLine } from "./log-tool-calls.ts";
 * assert(logLine('{"event": "stop"}', false) === '{"event":"stop"}\n');
 * ```
 */
export function logLine(text: string, full: boolean): string {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    doc = { unreadable: text };
  }
  return JSON.stringify(full ? doc : cutLongTexts(doc, MAX_TEXT)) + "\n";
}

/** The hook: one line per document, and no opinion. */
export default defineHook(async (doc) => {
  const file = Deno.env.get("EVERYHOOK_LOG");
  if (!file) return;
  const line = logLine(JSON.stringify(doc), Deno.env.get("EVERYHOOK_LOG_FULL") === "1");
  // One write with append: lines from hooks running at once do not interleave.
  await Deno.writeTextFile(file, line, { append: true, create: true });
});
