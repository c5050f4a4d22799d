/**
 * Whether a hook that exited non-zero is broken: it never ran its code,
 * because its program could not load it. For a Deno hook that is an error
 * Deno prints while it builds the module graph (a syntax error, a module not
 * found, a package that cannot be had, an import it has no permission for),
 * which Deno prints as `error: <reason>` with no `Uncaught` (an error the
 * hook's code threw is a crash: see hook_crash.ts). Node.js and Python say the
 * same of a syntax error or a module they cannot find. A broken hook guards
 * nothing: `run` denies for it where a non-zero exit denies and says it is
 * broken, `bench` counts it as a crash, and `verify` shows it apart from a
 * hook that fired. On `run`'s path: imports nothing.
 *
 * @module
 */

/** How each runtime says it could not load a hook: a pattern whose first group is the reason. */
const LOAD_ERRORS: ReadonlyArray<{ runtime: string; pattern: RegExp }> = [
  // Deno: `error: Module not found "file:///h/x.ts".`, `error: SyntaxError: ...`,
  // `error: JSR package manifest for '@a/b' failed to load. ...`, `error: Requires import access ...`,
  // each followed by where in the graph: `    at file:///h/a.ts:1:17`.
  {
    runtime: "deno",
    pattern: /^error: (?!Uncaught\b)(.+)$(?=[\s\S]*^\s+at (?:file|https?|jsr|npm|data):)/m,
  },
  // Node.js: a syntax error or a module not found while the loader reads the hook.
  {
    runtime: "node",
    pattern: /^((?:SyntaxError|Error \[ERR_MODULE_NOT_FOUND\]): .+)$(?![\s\S]*^\s+at JSON\.parse)/m,
  },
  // Python: a syntax error with no traceback (the file did not compile), or a module not found.
  {
    runtime: "python",
    pattern:
      /^(?![\s\S]*^Traceback) {2}File "[^"\n]*", line \d+$[\s\S]*?^((?:SyntaxError|IndentationError): .+)$/m,
  },
  { runtime: "python", pattern: /^Traceback[\s\S]*^((?:ModuleNotFoundError): .+)$/m },
];

/**
 * Read from a hook's stderr why it could not be loaded.
 *
 * @param stderr What the hook printed on stderr (colour codes already taken
 *   out); only a hook that exited 1, as each of these runtimes does then, is read.
 * @returns The first line of the reason, or null when the hook was loaded (or
 *   stderr does not show it was not).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readBroken } from "./hook_broken.ts";
 * assert.equal(
 *   readBroken('error: Module not found "file:///h/nope.ts".\n    at file:///h/a.ts:1:17'),
 *   'Module not found "file:///h/nope.ts".',
 * );
 * assert.equal(readBroken("error: Uncaught TypeError: x is not a function"), null);
 * assert.equal(readBroken("no force pushes here"), null);
 * ```
 */
export function readBroken(stderr: string): string | null {
  for (const { pattern } of LOAD_ERRORS) {
    const m = pattern.exec(stderr);
    if (m?.[1] !== undefined) return short(m[1].trim());
  }
  return null;
}

function short(text: string): string {
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}

/**
 * The reason the agent is given for a broken hook where it denies: one line.
 *
 * @param hookName The hook's file name, or empty.
 * @param why The first line of why it does not load.
 * @returns The reason.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { brokenReason } from "./hook_broken.ts";
 * assert.equal(
 *   brokenReason("a.ts", "SyntaxError: Expression expected"),
 *   'The hook "a.ts" is broken (it does not load), so this is blocked: SyntaxError: Expression expected',
 * );
 * ```
 */
export function brokenReason(hookName: string, why: string): string {
  const name = hookName === "" ? "The hook" : `The hook "${hookName}"`;
  return `${name} is broken (it does not load), so this is blocked: ${why}`;
}

/**
 * The line the person reads on stderr about a broken hook, with what it printed.
 *
 * @param hookName The hook's file name, or empty.
 * @param printed What the hook's program printed (colour codes taken out).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { brokenStderr } from "./hook_broken.ts";
 * assert.match(brokenStderr("a.ts", "error: x"), /^everyhook: the hook "a.ts" is broken: /);
 * ```
 */
export function brokenStderr(hookName: string, printed: string): string {
  const name = hookName === "" ? "the hook" : `the hook "${hookName}"`;
  return `everyhook: ${name} is broken: it does not load, so it guards nothing; fix it and put it to \`everyhook bench\`. It printed:\n${printed}`;
}

/**
 * Whether a run's failure means the hook is broken: it could not start
 * (`start`), or its program could not load it (`broken`), so it never ran its code.
 *
 * @param failure A run's failure, or null.
 * @returns True for a broken hook.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBroken } from "./hook_broken.ts";
 * assert.ok(isBroken({ kind: "broken", detail: "SyntaxError: Expression expected" }));
 * assert.ok(!isBroken({ kind: "crash", detail: "it crashed with TypeError: x" }));
 * ```
 */
export function isBroken(failure: { kind: string; detail?: string } | null): boolean {
  return failure?.kind === "broken" || failure?.kind === "start";
}
