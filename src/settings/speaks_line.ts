/**
 * The `--speaks` part of the lines everyhook writes: the words that say which
 * agent's hook protocol a hook is written for. Every line that carries a
 * `--speaks` (install's, import's, a team manifest's) gets it from here, so
 * that the words are written one way. Not on `run`'s path; imports nothing.
 *
 * @module
 */

/**
 * The `--speaks` part of a `run` line: the words that say which agent's hook
 * protocol the hook is written for, put before the `--` (none when it is
 * written to everyhook's contract). Every line that carries a `--speaks` is
 * written through this function.
 *
 * @param speaks The spoken agent's id, or undefined.
 * @param onlyTools The kinds of tool call the hook is for, where the agent's
 *   event takes no matcher (`--only-tools shell,edit`); every kind when absent.
 * @returns The words.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { speaksWords } from "./speaks_line.ts";
 * assert.deepEqual(speaksWords("claude-code"), ["--speaks", "claude-code"]);
 * assert.deepEqual(speaksWords(undefined), []);
 * assert.deepEqual(speaksWords("claude-code", ["shell"]), ["--speaks", "claude-code", "--only-tools", "shell"]);
 * ```
 */
export function speaksWords(speaks: string | undefined, onlyTools?: readonly string[]): string[] {
  const only = onlyTools && onlyTools.length > 0 ? ["--only-tools", onlyTools.join(",")] : [];
  return speaks === undefined ? [] : ["--speaks", speaks, ...only];
}
