/**
 * Direct mode: the agent starts the hook itself, and the hook does in its own
 * process what `everyhook run` would: it reads the agent's JSON, builds the
 * document with that one agent's module (given by direct_load.ts, which loads
 * it alone), calls the handler in place of a hook process, checks the answer,
 * translates it, and prints the agent's JSON. It is `run`'s adapter with the handler as
 * the runner, so every rule of the contract holds as it does under `run`: a
 * failure is ignored with a message, or denies before a tool and on a prompt
 * with fail-closed; a handler that runs past its time is answered for on time.
 * Loaded only in direct mode.
 *
 * @module
 */

import type { ContractEvent, HookAnswer } from "../contract/contract.ts";
import { EVENTS, isContractEvent } from "../contract/contract.ts";
import type { Agent } from "../agents/types.ts";
import type { HookOutcome, HookSpec } from "../run/hook_process.ts";
import { MAX_INPUT, runAdapter, type RunInput, type RunResult } from "../run/run.ts";
import type { DirectArgs } from "./direct_args.ts";
import { respondWith } from "./respond.ts";
import { STALLED_TEXT, whenStalled } from "./stdio.ts";
import type { Handler } from "./types.ts";

/** What direct mode prints, and the exit code the agent sees. */
export interface DirectOutput {
  /** The agent's JSON (empty for nothing). */
  stdout: string;
  /** A message for the person, or the agent's stderr form (empty for nothing). */
  stderr: string;
  /** The exit code. */
  exit: number;
  /** The whole result, when the adapter ran (not for a usage problem). */
  result?: RunResult;
}

/** What direct mode needs besides the handler and its arguments. */
export interface DirectOptions {
  /** The agent the line names, loaded (direct_load.ts); undefined for a name no agent has. */
  agent: Agent | undefined;
  /** The hook's path or URL, for messages. */
  hook: string;
  /** What the agent wrote on stdin. */
  input: RunInput;
  /** Where the handler's console lines go (they never reach the agent). */
  log: (text: string) => void;
  /** Where to write what happened, step by step, when asked to. */
  debug?: (text: string) => void;
  /** What stands in for the hook process (default: the handler, in this process). */
  runner?: (spec: HookSpec) => Promise<HookOutcome>;
}

/**
 * Run the adapter in this process, the handler standing in for the hook process.
 *
 * @param handler The hook's handler.
 * @param args Direct mode's arguments.
 * @param options The agent, the input, the hook's name, where logs go.
 * @returns What to print and the exit code.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runDirect } from "./direct.ts";
 * import { claudeCode } from "../agents/claude_code.ts";
 * const payload = { hook_event_name: "UserPromptSubmit", prompt: "hi", session_id: "s" };
 * const out = await runDirect(() => ({ decision: "deny", reason: "not today" }), {
 *   agent: "claude-code", event: "prompt", timeout: 5, failClosed: false,
 * }, {
 *   agent: claudeCode, hook: "h.ts", log: () => {},
 *   input: { bytes: new TextEncoder().encode(JSON.stringify(payload)), truncated: false },
 * });
 * assert(out.stdout.includes("not today"));
 * ```
 */
export async function runDirect(
  handler: Handler,
  args: DirectArgs,
  options: DirectOptions,
): Promise<DirectOutput> {
  const agent = options.agent;
  if (!agent) {
    return usage(`no agent is named "${args.agent}"`);
  }
  const event = eventOf(agent, args.event);
  if (event === undefined) {
    const has = EVENTS.filter((e) => agent.events[e] !== undefined).join(", ");
    return usage(`${agent.name} has no event "${args.event}" (it has ${has})`);
  }
  const runner = options.runner ??
    ((spec: HookSpec): Promise<HookOutcome> => inProcess(handler, spec, options.log));
  // The handler's own folder is this process's: the payload's is not looked at (no stat, and no
  // read permission asked of a hook that may have none).
  const result = await runAdapter(agent, event, options.input, [options.hook], {
    failClosed: args.failClosed,
    timeoutSeconds: args.timeout,
    env: {},
    cwd: "",
    runner,
    ...(options.runner ? {} : { inProcess: true }),
    ...(options.debug ? { debug: options.debug } : {}),
  });
  return { ...result.native, result };
}

/** The most of the agent's JSON direct mode reads (as `run`). */
export const DIRECT_MAX_INPUT: number = MAX_INPUT;

function usage(detail: string): DirectOutput {
  return {
    stdout: "",
    stderr: `everyhook: cannot run this hook in direct mode: ${detail}`,
    exit: 1,
  };
}

function eventOf(agent: Agent, name: string): ContractEvent | undefined {
  if (isContractEvent(name)) return agent.events[name] ? name : undefined;
  const native = EVENTS.find((e) => agent.events[e]?.native === name) ?? agent.aliasEvents[name];
  return native !== undefined && agent.events[native] ? native : undefined;
}

/**
 * The handler as a hook process: the document in, what it would print out,
 * or a timeout when it has not answered by the deadline.
 */
async function inProcess(
  handler: Handler,
  spec: HookSpec,
  log: (text: string) => void,
): Promise<HookOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let stderr = "";
  const keep = (text: string) => {
    stderr += text;
    log(text);
  };
  const deadline = new Deadline(spec.timeoutMs);
  const stalled = whenStalled();
  try {
    const text = new TextDecoder().decode(spec.stdin);
    const first = await Promise.race([
      respondWith(handler, text, keep),
      deadline.done,
      stalled.done.then((): { stdout: string; answer?: HookAnswer } => ({ stdout: STALLED_TEXT })),
    ]);
    if (first === TIMED_OUT) {
      return { kind: "timeout", timeoutMs: spec.timeoutMs, stdout: "", stderr, ms: ms() };
    }
    const { stdout, answer } = first;
    return { kind: "exited", code: 0, stdout, stderr, ms: ms(), ...(answer ? { answer } : {}) };
  } finally {
    deadline.clear();
    stalled.stop();
  }
}

const TIMED_OUT: unique symbol = Symbol("timed out");

/**
 * A deadline that can be cleared. It waits with Atomics.waitAsync rather than
 * setTimeout: the first setTimeout of a process costs milliseconds of CPU, and
 * direct mode starts once per tool call. A cleared deadline never settles.
 */
class Deadline {
  done: Promise<typeof TIMED_OUT>;
  #cell = new Int32Array(new SharedArrayBuffer(4));

  constructor(ms: number) {
    const wait = Atomics.waitAsync(this.#cell, 0, 0, Math.max(0, ms));
    const settled = wait.async ? wait.value : Promise.resolve(wait.value);
    this.done = settled.then((v) =>
      v === "timed-out" ? TIMED_OUT : new Promise<typeof TIMED_OUT>(() => {})
    );
  }

  clear(): void {
    Atomics.notify(this.#cell, 0);
  }
}
