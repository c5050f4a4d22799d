/**
 * Progress on a terminal for long work (`verify` over several agents, `bench`
 * over many documents): one status line on stderr, rewritten in place, and a
 * line that stays for each agent done, with the time it took. Nothing at all
 * when stderr is not a terminal or the output is `--json`, so a pipe, a file or
 * a script sees only the command's output. A verify run again inside a network
 * namespace writes to a pipe its parent copies to the terminal: the parent says
 * so with EVERYHOOK_PROGRESS=1.
 *
 * @module
 */

import type { Io } from "./io.ts";

/** The variable a parent everyhook sets for a child whose stderr it shows on a terminal. */
export const PROGRESS_VAR = "EVERYHOOK_PROGRESS";

/** Where progress goes. */
export interface Progress {
  /** Whether anything is shown. */
  readonly on: boolean;
  /** Show `text` as the status line, in place of the one before. */
  status(text: string): void;
  /** Write a line that stays (the status line is cleared first). */
  line(text: string): void;
  /** Clear the status line: the work is done. */
  end(): void;
}

/**
 * Whether progress is shown: stderr is a terminal (or a parent everyhook shows
 * this one's stderr on one) and the output is not `--json`.
 *
 * @param io The world.
 * @param json Whether the output is `--json`.
 * @returns True when progress is shown.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { progressShown } from "./progress.ts";
 * import { memoryIo } from "./io.ts";
 * assert.equal(progressShown(memoryIo({ errTerminal: true }), false), true);
 * assert.equal(progressShown(memoryIo({ errTerminal: true }), true), false);
 * assert.equal(progressShown(memoryIo(), false), false);
 * ```
 */
export function progressShown(io: Io, json: boolean): boolean {
  if (json) return false;
  return io.errIsTerminal?.() === true || io.env[PROGRESS_VAR] === "1";
}

/** Clear the line and go back to its start. */
const CLEAR = "\r\x1b[2K";

/**
 * Progress on stderr, or nothing (see {@linkcode progressShown}).
 *
 * @param io The world.
 * @param json Whether the output is `--json`.
 * @returns Where progress goes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { progressFor } from "./progress.ts";
 * import { memoryIo } from "./io.ts";
 * const io = memoryIo({ errTerminal: true });
 * const p = progressFor(io, false);
 * p.status("bench: 1 of 2");
 * p.line("codex: 2 documents in 0.3 s");
 * p.end();
 * assert.match(io.stderrText(), /bench: 1 of 2.*\n?.*codex: 2 documents in 0\.3 s\n/s);
 * const quiet = memoryIo();
 * progressFor(quiet, false).line("x");
 * assert.equal(quiet.stderrText(), "");
 * ```
 */
export function progressFor(io: Io, json: boolean): Progress {
  if (!progressShown(io, json)) {
    return { on: false, status() {}, line() {}, end() {} };
  }
  let shown = false;
  const width = 100;
  return {
    on: true,
    status(text: string) {
      const cut = text.length > width ? `${text.slice(0, width - 1)}…` : text;
      io.err(`${CLEAR}${cut}`);
      shown = true;
    },
    line(text: string) {
      io.err(`${shown ? CLEAR : ""}${text}\n`);
      shown = false;
    },
    end() {
      if (shown) io.err(CLEAR);
      shown = false;
    },
  };
}

/**
 * Seconds, as the progress lines write them: `0.4 s`, `12.3 s`, `2 min 5 s`.
 *
 * @param ms Milliseconds.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { seconds } from "./progress.ts";
 * assert.equal(seconds(420), "0.4 s");
 * assert.equal(seconds(125_000), "2 min 5 s");
 * ```
 */
export function seconds(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${s % 60} s`;
}
