/**
 * Colour for a person at a terminal: deny in red, ask in yellow, allow in
 * green, problems and crashes in red, quiet detail dimmed. Off when stdout is
 * not a terminal (a pipe, a file, a test) and when `NO_COLOR` is set to
 * anything (https://no-color.org). Not on `run`'s path.
 *
 * @module
 */

import type { Io } from "./io.ts";

/** The paints a renderer uses; each leaves the text alone when colour is off. */
export interface Paint {
  /** A deny, a problem, a crash. */
  bad(text: string): string;
  /** An ask, a note that needs a look. */
  warn(text: string): string;
  /** An allow, a success. */
  good(text: string): string;
  /** Detail that can be skipped. */
  dim(text: string): string;
  /** A heading. */
  bold(text: string): string;
  /** A decision word (`deny`, `ask`, `allow`) in its colour; other text as it is. */
  decision(text: string): string;
}

const CODES = { bad: 31, warn: 33, good: 32, dim: 2, bold: 1 } as const;

/**
 * The paints for an Io: colour when its stdout is a terminal and `NO_COLOR` is not set.
 *
 * @param io The Io (its `isTerminal` and environment).
 * @returns The paints.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { paintFor } from "./colour.ts";
 * import { memoryIo } from "./io.ts";
 * assert(paintFor(memoryIo()).bad("no") === "no");
 * assert(paintFor(memoryIo({ terminal: true })).bad("no") === "\x1b[31mno\x1b[0m");
 * assert(paintFor(memoryIo({ terminal: true, env: { NO_COLOR: "" } })).bad("no") === "no");
 * ```
 */
export function paintFor(io: Pick<Io, "env" | "isTerminal">): Paint {
  const on = io.isTerminal?.() === true && io.env.NO_COLOR === undefined;
  const wrap = (code: number) => (text: string) =>
    on && text !== "" ? `\x1b[${code}m${text}\x1b[0m` : text;
  const bad = wrap(CODES.bad);
  const warn = wrap(CODES.warn);
  const good = wrap(CODES.good);
  return {
    bad,
    warn,
    good,
    dim: wrap(CODES.dim),
    bold: wrap(CODES.bold),
    decision: (text) =>
      text.replace(
        /^(deny|ask|allow)\b/,
        (w) => (w === "deny" ? bad : w === "ask" ? warn : good)(w),
      ),
  };
}
