/**
 * everyhook's errors: one class with a stable code and the exit code it maps to.
 * Only `cli.ts` turns them into an exit.
 *
 * @module
 */

/**
 * The exit codes of every command.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXIT } from "./errors.ts";
 * assert(EXIT.usage === 2);
 * ```
 */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** The stable codes of everyhook's errors. */
export type ErrorCode =
  | "usage"
  | "permission"
  | "input"
  | "hook-start"
  | "hook-timeout"
  | "hook-output"
  | "hook-broken"
  | "config-syntax"
  | "config-shape"
  | "config-changed"
  | "file-system"
  | "path-refused"
  | "outside-project"
  | "not-found"
  | "ambiguous"
  | "internal";

/**
 * The codes of a command line everyhook refuses, which exit 2: a usage error,
 * and a path that cannot be written into a hook line (one holding `$`, a quote,
 * a backtick, `%`, a backslash or a control character).
 */
const USAGE_CODES: ReadonlySet<ErrorCode> = new Set(["usage", "path-refused"]);

/**
 * An error everyhook reports to the person, with a stable code for scripts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { EveryhookError } from "./errors.ts";
 * const e = new EveryhookError("usage", 'Cannot read "--agent": no agent named "foo"');
 * assert(e.exitCode === 2);
 * ```
 */
export class EveryhookError extends Error {
  /** The stable code. */
  readonly code: ErrorCode;
  /** The exit code the CLI ends with. */
  readonly exitCode: number;

  /**
   * Make an error.
   *
   * @param code The stable code.
   * @param message The message, sentence case, no trailing period.
   * @param options The cause, if any.
   */
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.exitCode = USAGE_CODES.has(code) ? EXIT.usage : EXIT.failure;
  }

  /** The class's name, as stack traces and `String(error)` show it. */
  override get name(): string {
    return "EveryhookError";
  }
}
