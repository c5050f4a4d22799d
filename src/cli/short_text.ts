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

/** How many characters of a long path's end are kept at most: its last parts that fit. */
const KEPT_END = 60;

/**
 * A path cut to a readable length: its start, how long it was, and its last
 * parts (the file's name and the folders above it that fit), so that a long
 * project folder does not hide which file of it is meant.
 *
 * @param path The path.
 * @returns The path, or its start, length and end when it is longer than {@linkcode LONGEST_SHOWN}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutPath } from "./short_text.ts";
 * assert.equal(cutPath("/p/.claude/settings.json"), "/p/.claude/settings.json");
 * const long = `/w/${"d".repeat(300)}/.claude/settings.json`;
 * assert.equal(cutPath(long), `/w/${"d".repeat(37)}…[${long.length} characters]…/.claude/settings.json`);
 * ```
 */
export function cutPath(path: string): string {
  if (path.length <= LONGEST_SHOWN) return path;
  const parts = path.split(/(?=[\\/])/);
  let end = "";
  for (let i = parts.length - 1; i > 0; i--) {
    const longer = parts.slice(i).join("");
    if (longer.length > KEPT_END) break;
    end = longer;
  }
  return `${path.slice(0, KEPT_END - 20)}…[${path.length} characters]…${end}`;
}

/**
 * A path as a report shows it: the home folder as `~`, then cut to a
 * readable length ({@linkcode cutPath}).
 *
 * @param path The path.
 * @param env The environment (its HOME, or USERPROFILE).
 * @returns The path to show.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shownPath } from "./short_text.ts";
 * assert.equal(shownPath("/h/.codex/hooks.json", { HOME: "/h" }), "~/.codex/hooks.json");
 * assert.ok(shownPath(`/p/${"x".repeat(500)}/a.json`, {}).endsWith("characters]…/a.json"));
 * ```
 */
export function shownPath(path: string, env: Readonly<Record<string, string>>): string {
  const home = env.HOME || env.USERPROFILE;
  if (home && (path === home || path.startsWith(home + "/") || path.startsWith(home + "\\"))) {
    return cutPath("~" + path.slice(home.length));
  }
  return cutPath(path);
}

/**
 * A report's text with every path in it longer than {@linkcode LONGEST_SHOWN}
 * cut ({@linkcode cutPath}): a note or a reason that names a file of a long
 * project folder.
 *
 * @param text The text.
 * @returns The text, its long paths cut.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutPaths } from "./short_text.ts";
 * const text = cutPaths(`cannot parse /p/${"x".repeat(500)}/a.json: a comma`);
 * assert.ok(text.length < 140 && text.endsWith("characters]…/a.json: a comma"));
 * ```
 */
export function cutPaths(text: string): string {
  return text.replace(
    new RegExp(`[^\\s"'()]*[\\\\/][^\\s"'()]{${LONGEST_SHOWN},}`, "g"),
    (run) => {
      const tail = /[:,;.]$/.exec(run)?.[0] ?? "";
      return cutPath(run.slice(0, run.length - tail.length)) + tail;
    },
  );
}
