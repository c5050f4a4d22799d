/**
 * Whether a hook that exited non-zero crashed: an uncaught error as Deno,
 * Node.js, Bun or Python prints it on stderr. A crash still denies where a
 * non-zero exit denies, but the agent is given one clean line (for a missing
 * Deno permission: which flag the hook's shebang needs) instead of a stack
 * trace, and the person gets the detail. On `run`'s path: imports nothing.
 *
 * @module
 */

/** What a crash comes to. */
export interface HookCrash {
  /** The error's name, such as `NotCapable` or `TypeError`. */
  error: string;
  /** The error's message, on one line. */
  message: string;
  /** The one line the agent is given, without the hook's name. */
  line: string;
}

/** How each runtime prints an uncaught error: a pattern whose groups are the name and message. */
const UNCAUGHT: ReadonlyArray<{ runtime: string; pattern: RegExp }> = [
  // Deno: `error: Uncaught (in promise) NotCapable: Requires env access ...`
  { runtime: "deno", pattern: /^error: Uncaught (?:\(in promise\) )?([\w$.]+)(?::? ?(.*))?$/m },
  // Python: `Traceback (most recent call last):` ... then `ValueError: message` last.
  {
    runtime: "python",
    pattern:
      /^Traceback \(most recent call last\):[\s\S]*^(\w+(?:Error|Exception|Exit|Interrupt))(?:: (.*))?\s*$(?![\s\S]*^\w+(?:Error|Exception): )/m,
  },
  // Node.js and Bun: `TypeError: message` followed by `    at ...` frames.
  { runtime: "node", pattern: /^(?:Uncaught )?(\w*(?:Error|Exception))(?:: (.*))?\n\s+at /m },
];

/** Deno's permission errors: the flag is in the message. */
const PERMISSION_ERRORS: ReadonlySet<string> = new Set(["NotCapable", "PermissionDenied"]);

/**
 * Read a crash from what a hook printed on stderr.
 *
 * @param stderr The hook's stderr (colour codes already taken out).
 * @returns The crash, or null when stderr does not show an uncaught error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCrash } from "./hook_crash.ts";
 * const crash = readCrash(
 *   'error: Uncaught (in promise) NotCapable: Requires env access to "HOME", run again with the --allow-env flag\n    at Object.getEnv (ext:deno_os/30_os.js:124:16)',
 * );
 * assert(crash?.line === "it needs --allow-env: add it to its shebang");
 * assert(readCrash("no force pushes here") === null);
 * ```
 */
export function readCrash(stderr: string): HookCrash | null {
  for (const { pattern } of UNCAUGHT) {
    const m = pattern.exec(stderr);
    if (!m) continue;
    const error = m[1] ?? "Error";
    const message = (m[2] ?? "").trim();
    const flag = PERMISSION_ERRORS.has(error) ? /--allow-[a-z-]+/.exec(message)?.[0] : undefined;
    const line = flag !== undefined
      ? `it needs ${flag}: add it to its shebang`
      : `it crashed with ${error}${message === "" ? "" : `: ${short(message)}`}`;
    return { error, message, line };
  }
  return null;
}

function short(text: string): string {
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/**
 * The reason the agent is given for a hook that crashed before a tool: one line.
 *
 * @param hookName The hook's file name, or empty.
 * @param crash The crash.
 * @returns The reason.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { crashReason } from "./hook_crash.ts";
 * const r = crashReason("a.ts", { error: "TypeError", message: "x", line: "it crashed with TypeError: x" });
 * assert(r === 'The hook "a.ts" crashed, so this is blocked: it crashed with TypeError: x');
 * ```
 */
export function crashReason(hookName: string, crash: HookCrash): string {
  const name = hookName === "" ? "The hook" : `The hook "${hookName}"`;
  return `${name} crashed, so this is blocked: ${crash.line}`;
}
