/**
 * The guard of a direct line written with `--fail-closed`: the line starts a
 * small module that imports the hook, and when the hook does not load (a
 * syntax error, a module not found, an import it may not make) or throws while
 * it loads, that module calls {@linkcode answerBroken}, which answers the
 * agent as `run` would for a broken hook: a deny before a tool and on a prompt,
 * saying the hook is broken. Without the guard, Deno would exit 1 and the agent
 * would do what it does with any hook that exits 1 (most let the tool run).
 * Loaded only when the hook did not load.
 *
 * @module
 */

import { readDirectArgs } from "./direct_args.ts";
import { DEFINED } from "./define.ts";
import { loadDirect } from "./direct_load.ts";
import { readStdin, write } from "./stdio.ts";

/**
 * What the hook's failure to load reads as, as Deno would have printed it had
 * the hook been the program: a load error (`error: <reason>` at the hook), or,
 * once the hook's own code ran (it called defineHook), an uncaught error.
 *
 * @param hook The hook's URL.
 * @param error What the import of the hook threw.
 * @param ran Whether the hook's own code had started.
 * @returns The text for stderr.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadErrorText } from "./guard.ts";
 * const text = loadErrorText("file:///h/a.ts", new TypeError('Module not found "file:///h/b.ts".'), false);
 * assert.equal(text, 'error: Module not found "file:///h/b.ts".\n    at file:///h/a.ts');
 * assert.match(loadErrorText("file:///h/a.ts", new RangeError("no"), true), /^error: Uncaught RangeError: no/);
 * ```
 */
export function loadErrorText(hook: string, error: unknown, ran: boolean): string {
  const name = error instanceof Error ? error.name : "Error";
  const message = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
  return ran ? `error: Uncaught ${name}: ${message}` : `error: ${message}\n    at ${hook}`;
}

/**
 * Answer the agent for a hook that did not load, from direct mode's arguments
 * and the agent's JSON on stdin, and end the process.
 *
 * @param hook The hook's URL.
 * @param error What the import of the hook threw.
 * @returns Never: the process ends with the agent's exit code.
 *
 * @example Usage
 * ```ts ignore
 * import { answerBroken } from "./guard.ts";
 * try { await import("file:///h/a.ts"); } catch (e) { await answerBroken("file:///h/a.ts", e); }
 * ```
 */
export async function answerBroken(hook: string, error: unknown): Promise<never> {
  const reading = readDirectArgs(Deno.args);
  if (reading.kind !== "direct") {
    write("stderr", `everyhook: the hook ${hook} did not load: ${String(error)}\n`);
    Deno.exit(1);
  }
  const ran = (globalThis as unknown as Record<symbol, unknown>)[DEFINED] === true;
  const stderr = loadErrorText(hook, error, ran);
  const direct = await loadDirect(reading.args.agent);
  const input = readStdin(direct.maxInput);
  const out = await direct.runDirect(() => undefined, reading.args, {
    agent: direct.agent,
    hook,
    input,
    log: () => {},
    runner: () => Promise.resolve({ kind: "exited", code: 1, stdout: "", stderr, ms: 0 }),
  });
  write("stdout", out.stdout === "" ? "" : `${out.stdout}\n`);
  write("stderr", out.stderr === "" ? "" : `${out.stderr}\n`);
  Deno.exit(out.exit);
}
