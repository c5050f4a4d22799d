/**
 * How deep a JSON text nests, looked at before it is parsed: a document nested
 * thousands deep parses, but cannot be written out again (JSON.stringify runs
 * out of stack), so `run` refuses one past {@linkcode MAX_JSON_DEPTH} from the
 * agent and from the hook alike. On `run`'s path: imports nothing.
 *
 * @module
 */

/** The deepest nesting of arrays and objects `run` reads: 256 (the agents' payloads nest under 10). */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether a JSON text nests arrays and objects deeper than `max`. Brackets
 * inside strings do not count; the text need not be valid JSON.
 *
 * @param text The text.
 * @param max The deepest nesting allowed.
 * @returns True when some point of the text is deeper than `max`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { nestsDeeperThan } from "./json_depth.ts";
 * assert(nestsDeeperThan("[[[1]]]", 2) && !nestsDeeperThan('{"a":"[[[["}', 2));
 * assert(!nestsDeeperThan("[1],[2],[3]", 2) && !nestsDeeperThan("[[1]]", 2));
 * ```
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  // No more opening brackets than `max` (in strings or not): it cannot nest deeper. The split
  // runs in the regular expression engine; the walk below, one character at a time, is for the
  // texts with more.
  if (text.split(/[[{]/, max + 2).length <= max + 1) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
