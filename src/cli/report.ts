/**
 * Rendering shared by the commands: the JSON they print, the error document,
 * and a `run` result as a few lines for a person. Commands return data; this
 * module and its siblings turn it into what a person reads. On `run`'s path:
 * imports only types and the effect words.
 *
 * @module
 */

import type { HookAnswer } from "../contract/contract.ts";
import type { ErrorCode } from "../contract/errors.ts";
import type { RunResult } from "../run/run.ts";
import { effectWords } from "../agents/effect_words.ts";

/**
 * A value as the JSON a command prints: two-space indented, with a final newline.
 *
 * @param value Any JSON value.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonText } from "./report.ts";
 * assert(jsonText({ ok: true }) === '{\n  "ok": true\n}\n');
 * ```
 */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * The version of every `--json` output, its first key `everyhook`: it changes
 * only when a field is renamed, removed or changes meaning (new fields may come
 * in any version). The shapes are in schema/<command>.schema.json.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { OUTPUT_VERSION } from "./report.ts";
 * assert.equal(OUTPUT_VERSION, 1);
 * ```
 */
export const OUTPUT_VERSION = 1;

/**
 * A command's `--json` output: `everyhook` (the output's version) first, then the
 * command's own fields, as {@linkcode jsonText} writes them.
 *
 * @param value The command's fields.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonOutput } from "./report.ts";
 * assert.deepEqual(JSON.parse(jsonOutput({ ok: true })), { everyhook: 1, ok: true });
 * ```
 */
export function jsonOutput(value: object): string {
  return jsonText({ everyhook: OUTPUT_VERSION, ...value });
}

/** The document every command prints with `--json` when it fails with an error. */
export interface ErrorDocument {
  /** The output's version. */
  everyhook: typeof OUTPUT_VERSION;
  /** Always false. */
  ok: false;
  /** The error's stable code (src/contract/errors.ts), for scripts. */
  code: ErrorCode;
  /** The message, for people. */
  error: string;
}

/**
 * The error document.
 *
 * @param error The error's stable code and message.
 * @returns `{ everyhook: 1, ok: false, code, error }`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { errorDocument } from "./report.ts";
 * const doc = errorDocument({ code: "usage", message: "x" });
 * assert.deepEqual(doc, { everyhook: 1, ok: false, code: "usage", error: "x" });
 * ```
 */
export function errorDocument(error: { code: ErrorCode; message: string }): ErrorDocument {
  return { everyhook: OUTPUT_VERSION, ok: false, code: error.code, error: error.message };
}

/**
 * An answer in a few words, such as `deny: Not on main` or `no opinion`.
 *
 * @param answer The answer.
 * @returns The words.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { answerSummary } from "./report.ts";
 * assert(answerSummary({}) === "no opinion");
 * ```
 */
export function answerSummary(answer: HookAnswer): string {
  const parts: string[] = [];
  if (answer.decision) {
    parts.push(answer.reason ? `${answer.decision}: ${answer.reason}` : answer.decision);
  }
  if (answer.context !== undefined) parts.push(`context: ${answer.context}`);
  if (answer.message !== undefined) parts.push(`message: ${answer.message}`);
  if (answer.input !== undefined) parts.push(`input: ${JSON.stringify(answer.input)}`);
  return parts.length === 0 ? "no opinion" : parts.join("; ");
}

/**
 * A `run` result as a few lines for a person: what the hook said, what is
 * printed for the agent, and what the agent does.
 *
 * @param result The result.
 * @param indent The indent of every line.
 * @returns The text.
 *
 * @example Usage
 * ```ts ignore
 * import { runSummary } from "./report.ts";
 * console.log(runSummary(result, "  "));
 * ```
 */
export function runSummary(result: RunResult, indent: string): string {
  const hook = result.failure
    ? `failed (${result.failure.kind}): ${result.failure.detail}`
    : answerSummary(result.answer);
  const printed = result.native.stdout === "" ? "nothing" : result.native.stdout;
  const lines = [
    `the hook: ${hook}`,
    `printed:  ${printed} (exit ${result.native.exit})`,
    `so:       ${effectWords(result.effects)}`,
    ...result.notes.map((n) => `note:     ${n}`),
  ];
  return lines.map((l) => `${indent}${l}`).join("\n");
}

/** One case of the demo: an agent, a payload, and what `run` made of it. */
