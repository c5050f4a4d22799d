/**
 * `defineHook`: a handler becomes a hook. When the module that calls it is the
 * program Deno was started with, the hook runs: in direct mode when its
 * arguments say so (the agent's JSON in, the agent's JSON out), else as a
 * contract hook (the document in, the answer out), as `everyhook run`,
 * `bench` and a person by hand start it. Imported by a test, it only gives
 * the handler back, to be called with `answer(doc)`.
 *
 * The hook process ends as soon as its answer is printed: what the handler
 * left running (a promise not awaited, a timer) is cut off, as a hook on the
 * path of every tool call should not keep the agent waiting. This module and
 * direct mode call `Deno.exit` for that: they are the main of the hook's own
 * process, not of everyhook's.
 *
 * @module
 */

import type { HookAnswer } from "../contract/contract.ts";
import { callHandler, respond } from "./respond.ts";
import { readDirectArgs } from "./direct_args.ts";
import { readStdin, redirectConsole, STALLED_TEXT, whenStalled, write } from "./stdio.ts";
import type { Document, Handler } from "./types.ts";

/** A hook made with {@linkcode defineHook}. */
export interface Hook {
  /** The handler, as given. */
  readonly handler: Handler;
  /**
   * Call the handler with a document and check its answer, as everyhook would.
   *
   * @param doc The document.
   * @returns The answer; `{}` for no opinion.
   * @throws {TypeError} When the handler gives something that is not an answer;
   *   whatever the handler throws.
   */
  answer(doc: Document): Promise<HookAnswer>;
  /**
   * Run the hook as a program now: read stdin, answer on stdout, end the
   * process. `defineHook` does this by itself when its caller is the main
   * module; call it yourself when `defineHook` is called from a helper module.
   *
   * @param args The arguments (default `Deno.args`).
   */
  main(args?: readonly string[]): Promise<never>;
}

/**
 * Make a hook of a handler. The handler gets the document, typed by its
 * event, and gives back an answer (`deny(...)`, `context(...)`, ...) or
 * nothing for no opinion.
 *
 * @param handler The handler.
 * @returns The hook; as the program's main module, it also starts running.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { defineHook, deny, isShell } from "./mod.ts";
 * const hook = defineHook((doc) =>
 *   doc.event === "pre-tool" && isShell(doc) && doc.tool.command.startsWith("rm -rf /")
 *     ? deny("Not the root folder")
 *     : undefined
 * );
 * const answer = await hook.answer({
 *   everyhook: 1, agent: "claude-code", event: "pre-tool", nativeEvent: "PreToolUse", native: {},
 *   tool: { name: "Bash", kind: "shell", command: "rm -rf /", input: {} },
 * });
 * assert(answer.decision === "deny");
 * ```
 */
export function defineHook(handler: Handler): Hook {
  let started = false;
  const hook: Hook = {
    handler,
    async answer(doc) {
      const called = await callHandler(handler, doc);
      if (!called.ok) throw new TypeError(`The hook's answer is not one: ${called.problem}`);
      return called.answer;
    },
    async main(args = Deno.args) {
      if (started) return await new Promise<never>(() => {});
      started = true;
      Deno.exit(await runMain(handler, args));
    },
  };
  const caller = callerUrl();
  const main = guardedHook() ?? Deno.mainModule;
  if (caller === main) marks()[DEFINED] = true;
  if (caller !== undefined && caller === main && !underTestRunner()) {
    // Once the module has finished loading, so that the handler sees all of it;
    // under a guard, once the guard's import of it succeeded (else the guard answers).
    const loading = marks()[LOADING];
    queueMicrotask(() =>
      void (loading instanceof Promise ? loading.then(() => hook.main(), () => {}) : hook.main())
    );
  }
  return hook;
}

async function runMain(handler: Handler, args: readonly string[]): Promise<number> {
  const reading = readDirectArgs(args);
  if (reading.kind === "bad") {
    write("stderr", `everyhook: cannot read this hook's arguments: ${reading.problem}\n`);
    return 2;
  }
  if (Deno.stdin.isTerminal()) {
    write(
      "stderr",
      "everyhook: this hook reads JSON on stdin: pipe a document in (or, in direct mode, an agent's payload)\n",
    );
    return 2;
  }
  if (reading.kind === "contract") {
    const text = new TextDecoder().decode(readStdin(Infinity).bytes);
    const restore = redirectConsole((line) => write("stderr", line));
    const stalled = whenStalled();
    const out = await Promise.race([
      respond(handler, text, (line) => write("stderr", line)),
      stalled.done.then(() => STALLED_TEXT),
    ]);
    stalled.stop();
    restore();
    write("stdout", out === "" ? "" : `${out}\n`);
    return 0;
  }
  const direct = await (await import("./direct_load.ts")).loadDirect(reading.args.agent);
  const input = readStdin(direct.maxInput);
  const debug = debugWriter();
  // The handler's console never reaches the agent: stdout is the agent's JSON,
  // and an agent may read stderr too (Gemini CLI takes a JSON object there for
  // an answer). It is shown with EVERYHOOK_DEBUG=1.
  let logs = "";
  const keep = (line: string) => void (logs += line);
  redirectConsole(keep);
  const out = await direct.runDirect(handler, reading.args, {
    agent: direct.agent,
    hook: guardedHook() ?? Deno.mainModule,
    input,
    log: keep,
    ...(debug ? { debug } : {}),
  });
  if (debug && out.result) debug(`the handler's console: ${logs === "" ? "(nothing)" : logs}`);
  write("stdout", out.stdout === "" ? "" : `${out.stdout}\n`);
  write("stderr", out.stderr === "" ? "" : `${out.stderr}\n`);
  return out.exit;
}

/**
 * The key under which a guarded direct line names the hook it imports: a line
 * written with --fail-closed starts a small guard module that imports the hook,
 * so that a hook that does not load still denies. Its hook runs as the program.
 */
export const GUARDED: unique symbol = Symbol.for("everyhook.guarded") as typeof GUARDED;

/** The key under which a guard keeps its import of the hook, a promise. */
export const LOADING: unique symbol = Symbol.for("everyhook.loading") as typeof LOADING;

/** The key set once the program's hook called defineHook: its module was running. */
export const DEFINED: unique symbol = Symbol.for("everyhook.defined") as typeof DEFINED;

function marks(): Record<symbol, unknown> {
  return globalThis as unknown as Record<symbol, unknown>;
}

function guardedHook(): string | undefined {
  const url = marks()[GUARDED];
  return typeof url === "string" ? url : undefined;
}

/** EVERYHOOK_DEBUG=1, where the hook may read it without asking: a writer to stderr. */
function debugWriter(): ((text: string) => void) | undefined {
  const descriptor = { name: "env", variable: "EVERYHOOK_DEBUG" } as const;
  if (Deno.permissions.querySync(descriptor).state !== "granted") return undefined;
  if (Deno.env.get("EVERYHOOK_DEBUG") !== "1") return undefined;
  return (text) => write("stderr", `everyhook debug: ${text}\n`);
}

/**
 * True under `deno test` and `deno bench` (doc tests too), where the module
 * that calls defineHook may be the main module without being a program: there
 * `Deno.test` is the runner's own function, under `deno run` a no-op (Deno 2.9
 * names them `test` and `noopTest`). Should a Deno name them otherwise, a
 * test that calls defineHook itself would end with the hook's exit, loudly,
 * rather than a hook staying silent in an agent.
 */
function underTestRunner(): boolean {
  return Deno.test.name === "test";
}

/** One frame of V8's structured stack trace, as much of it as is read here. */
interface CallSite {
  getScriptNameOrSourceURL(): string | null;
}

/** V8's stack trace API on `Error`, which Deno keeps. */
interface StackApi {
  prepareStackTrace?: unknown;
  stackTraceLimit: number;
  captureStackTrace(holder: object, above?: unknown): void;
}

/**
 * The URL of the module whose code called `defineHook`: the one frame above
 * it, taken as V8's structured call site. A formatted `Error().stack` costs
 * about a millisecond of every hook call (Deno maps every frame through the
 * module's source map); one frame, unformatted, a fraction of that.
 */
function callerUrl(): string | undefined {
  const api = Error as unknown as StackApi;
  const saved = { prepare: api.prepareStackTrace, limit: api.stackTraceLimit };
  const holder: { stack?: unknown } = {};
  try {
    api.prepareStackTrace = (_error: unknown, sites: unknown) => sites;
    api.stackTraceLimit = 1;
    api.captureStackTrace(holder, defineHook);
    const sites = holder.stack;
    const site = Array.isArray(sites) ? sites[0] as CallSite | undefined : undefined;
    return site?.getScriptNameOrSourceURL() ?? undefined;
  } finally {
    api.prepareStackTrace = saved.prepare;
    api.stackTraceLimit = saved.limit;
  }
}
