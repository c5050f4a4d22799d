/**
 * Messages of a readable length: a value from the command line is shown in an
 * error cut to its start and its length, however long it was. On `run`'s
 * path: imports nothing.
 *
 * @module
 */

/** The longest word of a command line shown whole in a message. */
export const LONGEST_SHOWN = 120;

/** How many characters of a longer word are shown. */
const KEPT = 60;

/**
 * A word cut to a readable length: its first characters, then how long it was.
 *
 * @param word The word.
 * @returns The word, or its start and length when it is longer than {@linkcode LONGEST_SHOWN}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutWord } from "./short_text.ts";
 * assert.equal(cutWord("codex"), "codex");
 * assert.equal(cutWord("x".repeat(1000)), `${"x".repeat(60)}…[1000 characters]`);
 * ```
 */
export function cutWord(word: string): string {
  return word.length > LONGEST_SHOWN ? `${word.slice(0, KEPT)}…[${word.length} characters]` : word;
}

/**
 * A message with every long word of the command line in it cut (as written,
 * each of its comma-separated parts, and its value after `=`), and then any
 * other run of characters without a space that is longer than twice
 * {@linkcode LONGEST_SHOWN} (a path made from a long value).
 *
 * @param message The message.
 * @param words The command line's words.
 * @returns The message, short.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shortMessage } from "./short_text.ts";
 * const long = "a".repeat(5000);
 * const text = shortMessage(`no agent named "${long}"`, ["--agent", long]);
 * assert.ok(text.length < 120 && text.includes("[5000 characters]"));
 * ```
 */
export function shortMessage(message: string, words: readonly string[]): string {
  const long = new Set<string>();
  for (const word of words) {
    const value = word.startsWith("--") && word.includes("=")
      ? word.slice(word.indexOf("=") + 1)
      : word;
    for (const part of [word, value, ...value.split(",")]) {
      if (part.length > LONGEST_SHOWN) long.add(part);
    }
  }
  let out = message;
  for (const word of [...long].sort((a, b) => b.length - a.length)) {
    out = out.replaceAll(word, cutWord(word));
  }
  return out.replace(
    new RegExp(`[^\\s"]{${2 * LONGEST_SHOWN + 1},}`, "g"),
    (run) => cutWord(run),
  );
}
