/**
 * The adapter: the agent's JSON → the contract's document → the hook → its
 * answer, checked → the translation → the agent's JSON. `everyhook run` is a
 * thin shell over {@linkcode runAdapter}. On `run`'s path: imports no `node:`
 * or `npm:` module.
 *
 * @module
 */

import type { ContractEvent, HookAnswer, HookDocument } from "../contract/contract.ts";
import { readAnswer } from "../contract/contract.ts";
import type { Agent, Effect } from "../agents/types.ts";
import { translate } from "./translate.ts";
import type { HookOutcome, HookSpec } from "./hook_process.ts";
import { EveryhookError } from "../contract/errors.ts";
import { failureAnswer, personMessage, reasonText } from "./hook_failure.ts";
export type { SpokenRun } from "./spoken_call.ts";
import { crashReason, readCrash } from "./hook_crash.ts";
import { brokenReason, brokenStderr, readBroken } from "./hook_broken.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../os/json_depth.ts";
import type { SpokenProtocol } from "../speaks/types.ts";
import type { SpokenRun } from "./spoken_call.ts";

/** The most of the agent's JSON `run` reads: 50 MB. Reading stops there. */
export const MAX_INPUT = 50 * 1024 * 1024;

/** How long a hook may run when `--timeout` is not given, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 25;

/** What the agent wrote on stdin, as read. */
export interface RunInput {
  /** The bytes read (at most {@linkcode MAX_INPUT}). */
  bytes: Uint8Array;
  /** True when there was more than was read. */
  truncated: boolean;
  /** True when stdin had not ended by the deadline. */
  timedOut?: boolean;
}

/** How to run the adapter. */
export interface RunOptions {
  /** A hook that fails is a deny before a tool and on a prompt. */
  failClosed?: boolean;
  /** How long the hook may run; default {@linkcode DEFAULT_TIMEOUT_SECONDS}. */
  timeoutSeconds?: number;
  /**
   * When the whole run must be done, as a `performance.now()` time: the hook
   * gets what is left of it (at most `timeoutSeconds`), and none when nothing is.
   */
  deadline?: number;
  /** The agent's environment; the hook gets it plus EVERYHOOK, EVERYHOOK_AGENT and EVERYHOOK_EVENT. */
  env: Readonly<Record<string, string>>;
  /** everyhook's own folder: relative hook paths are read from it, and the hook runs in it when the payload names no folder that exists. */
  cwd: string;
  /** Where to write what happened, step by step (EVERYHOOK_DEBUG=1). */
  debug?: (text: string) => void;
  /**
   * Runs the hook: `runHook` of hook_process.ts, which starts it as a program;
   * direct mode passes the handler itself, and starts no program; tests pass a
   * fake. Given by the caller, so that the adapter loads no process code.
   */
  runner: (spec: HookSpec) => Promise<HookOutcome>;
  /**
   * The runner is a handler in this process (direct mode): there is no
   * program to start in a folder, so the payload's folder is not looked at
   * and the hook's working folder is `cwd`.
   */
  inProcess?: boolean;
  /**
   * The hook is written for this agent's own protocol (`--speaks`): it is given
   * the payload that agent would send, and its output is read with that
   * agent's meanings. Loaded by the caller (src/speaks/registry.ts).
   */
  speaks?: SpokenProtocol;
  /** With `speaks`: the only kinds of tool call the hook is given. */
  onlyTools?: readonly string[];
}

/** What became of the hook. */
export type HookStatus =
  | "answered"
  | "exit"
  | "crashed"
  | "broken"
  | "start-failed"
  | "timeout"
  | "invalid"
  | "output-too-large"
  | "not-run";

/**
 * Why the hook's answer could not be used: the agent's JSON could not be read
 * (`input`), the hook could not start (`start`), ran too long (`timeout`),
 * printed something that is not an answer (`invalid`), or exited non-zero but
 * not 2 at a stop (`exit`), or crashed with an uncaught error (`crash`: before a
 * tool that is still a deny, with one clean line as the reason), or is broken:
 * its program could not load it (`broken`: a syntax error, a module not found;
 * a deny where a crash is one, saying so). A hook that could not start
 * (`start`) is broken too: see `isBroken` in hook_broken.ts.
 */
export type FailureKind = "input" | "start" | "timeout" | "invalid" | "exit" | "crash" | "broken";

/** The whole result of one run: what `--json` prints. */
export interface RunResult {
  /** False when the hook failed or the input could not be read. */
  ok: boolean;
  /** The agent's id. */
  agent: string;
  /** The contract event. */
  event: ContractEvent;
  /** The agent's own name for the event. */
  nativeEvent: string;
  /** The document the hook was given; null when the input could not be read. */
  document: HookDocument | null;
  /** What the hook did. */
  hook: {
    status: HookStatus;
    exit: number | null;
    ms: number;
    stdout: string;
    stderr: string;
    error: string | null;
  };
  /** The answer that was translated (after a failure or an exit code became one). */
  answer: HookAnswer;
  /** Why the hook's own answer could not be used, or null. */
  failure: { kind: FailureKind; detail: string } | null;
  /** What everyhook prints for the agent. */
  native: { stdout: string; stderr: string; exit: number };
  /** What the agent does with it: the main effect. */
  effect: Effect;
  /** Every effect, the main one first. */
  effects: Effect[];
  /** What had to become something else, or was dropped, and why. */
  notes: string[];
  /** With `--speaks`: what was said to the hook and how its output was read. */
  spoken?: SpokenRun;
}

/**
 * Run the adapter once.
 *
 * @param agent The agent that calls.
 * @param event The contract event the entry is for; the agent must have it.
 * @param input What the agent wrote on stdin.
 * @param hook The hook and its arguments.
 * @param options The environment, folder, timeout and failure mode.
 * @returns The whole result; `native` is what to print.
 * @throws {EveryhookError} A usage error when the agent has no such event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAdapter } from "./run.ts";
 * import type { Agent } from "../agents/types.ts";
 * const cell = { exit: 0, effect: "none" as const, basis: { kind: "docs" as const, ref: "x" } };
 * const agent: Agent = {
 *   id: "demo", name: "Demo", aliases: [], recorded: false, docs: "",
 *   events: { prompt: { native: "Prompt", info: "", matcher: false, cells: {
 *     deny: { ...cell, exit: 2, effect: "blocked", stderr: "<reason>" }, ask: cell, allow: cell,
 *     context: cell, message: cell, input: cell, none: cell,
 *   } } },
 *   aliasEvents: {}, tools: { names: {}, patterns: [] },
 *   read: (native, { event }) => ({ everyhook: 1, agent: "demo", event, nativeEvent: "Prompt", native }),
 *   install: {} as Agent["install"],
 * };
 * const result = await runAdapter(agent, "prompt", { bytes: new TextEncoder().encode("{}"), truncated: false }, ["hook"], {
 *   env: {}, cwd: "/",
 *   runner: () => Promise.resolve({ kind: "exited", code: 0, stdout: '{"decision":"deny","reason":"no"}', stderr: "", ms: 1 }),
 * });
 * assert(result.native.exit === 2 && result.native.stderr === "no");
 * ```
 */
export async function runAdapter(
  agent: Agent,
  event: ContractEvent,
  input: RunInput,
  hook: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const table = agent.events[event];
  if (!table) {
    const has = Object.keys(agent.events).join(", ");
    throw new EveryhookError(
      "usage",
      `Cannot run "--event ${event}" for ${agent.name}: it has no such event (it has ${has})`,
    );
  }
  // Called as debug?.(...): with no debug writer, what it would write is not even made.
  const debug = options.debug;
  const failClosed = options.failClosed ?? false;
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const hookName = (hook[0] ?? "").split(/[\\/]/).pop() ?? "";
  const result: RunResult = {
    ok: true,
    agent: agent.id,
    event,
    nativeEvent: table.native,
    document: null,
    hook: { status: "not-run", exit: null, ms: 0, stdout: "", stderr: "", error: null },
    answer: {},
    failure: null,
    native: { stdout: "", stderr: "", exit: 0 },
    effect: "none",
    effects: ["none"],
    notes: [],
  };
  const fail = (kind: FailureKind, detail: string): HookAnswer => {
    result.ok = false;
    result.failure = { kind, detail };
    return failureAnswer(event, failClosed, hookName, detail);
  };

  let answer: HookAnswer;
  const reading = readDocument(agent, event, input, timeoutSeconds);
  if (!reading.ok) {
    answer = fail("input", reading.problem);
  } else {
    const doc = reading.document;
    result.document = doc;
    result.nativeEvent = doc.nativeEvent;
    if (doc.stop && doc.stop.lastMessage === undefined) {
      // Loaded for a stop only: the other events do not pay for the transcript readers.
      const { addLastMessage } = await import("./transcript_tail.ts");
      addLastMessage(agent, doc, result.notes);
    }
    debug?.(`document: ${JSON.stringify(doc)}`);
    const runner = options.runner;
    const timeoutMs = Math.floor(
      options.deadline === undefined
        ? timeoutSeconds * 1000
        : Math.min(timeoutSeconds * 1000, options.deadline - performance.now()),
    );
    if (timeoutMs <= 0) {
      result.hook.status = "timeout";
      answer = fail(
        "timeout",
        `The ${timeoutSeconds} s --timeout had passed before the hook could start`,
      );
    } else {
      const spec = {
        argv: hook,
        env: { ...options.env, EVERYHOOK: "1", EVERYHOOK_AGENT: agent.id, EVERYHOOK_EVENT: event },
        cwd: !options.inProcess && doc.cwd !== undefined && isFolder(doc.cwd)
          ? doc.cwd
          : options.cwd,
        base: options.cwd,
        timeoutMs,
      };
      const other = (outcome: HookOutcome) =>
        judge(outcome, event, timeoutSeconds, result, fail, hookName);
      if (options.speaks) {
        const how = { ...options, failClosed, hookName };
        const { callSpoken } = await import("./spoken_call.ts");
        answer = await callSpoken(options.speaks, doc, spec, runner, how, result, fail, other);
      } else {
        answer = other(
          await runner({ ...spec, stdin: new TextEncoder().encode(`${JSON.stringify(doc)}\n`) }),
        );
      }
    }
  }
  result.answer = answer;
  debug?.(`hook: ${JSON.stringify(result.hook)}`);
  debug?.(`answer: ${JSON.stringify(answer)}`);
  const sentAs = result.document ? { nativeEvent: result.document.nativeEvent } : {};
  const t = translate(agent, event, answer, sentAs);
  const stderr = [t.stderr];
  if (result.hook.status === "crashed") {
    const name = hookName === "" ? "the hook" : `the hook "${hookName}"`;
    stderr.push(`everyhook: ${name} crashed; it printed:\n${reasonText(result.hook.stderr)}`);
  } else if (result.hook.status === "broken") {
    stderr.push(brokenStderr(hookName, reasonText(result.hook.stderr)));
  } else if (result.failure) {
    const said = personMessage(failClosed, event, hookName, result.failure.detail);
    stderr.push(
      result.failure.kind === "start" ? `${said} (the hook is broken: it guards nothing)` : said,
    );
  }
  result.native = {
    stdout: t.stdout,
    stderr: stderr.filter((s) => s !== "").join("\n"),
    exit: t.exit,
  };
  result.effects = t.effects;
  result.effect = t.effects[0] ?? "none";
  result.notes.push(...t.notes);
  debug?.(`printed: exit ${t.exit} ${t.stdout === "" ? "(nothing)" : t.stdout}`);
  return result;
}

type Reading = { ok: true; document: HookDocument } | { ok: false; problem: string };

function readDocument(
  agent: Agent,
  event: ContractEvent,
  input: RunInput,
  timeoutSeconds: number,
): Reading {
  const mb = Math.round(MAX_INPUT / 1024 / 1024);
  if (input.timedOut) {
    return {
      ok: false,
      problem: `The agent's JSON had not ended on stdin within the ${timeoutSeconds} s --timeout`,
    };
  }
  if (input.truncated) {
    return {
      ok: false,
      problem: `The agent's JSON is over ${mb} MB: read the first ${mb} MB and stopped`,
    };
  }
  const text = new TextDecoder().decode(input.bytes).replace(/^\uFEFF/, "");
  if (text.trim() === "") return { ok: false, problem: "The agent sent nothing on stdin" };
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { ok: false, problem: `The agent's JSON nests deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `The agent's input is not JSON: ${why}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const what = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
    return { ok: false, problem: `The agent's input is not a JSON object but ${what}` };
  }
  try {
    return { ok: true, document: agent.read(value as Record<string, unknown>, { event }) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `Cannot read the agent's JSON as ${agent.name}: ${why}` };
  }
}

function judge(
  outcome: HookOutcome,
  event: ContractEvent,
  timeoutSeconds: number,
  result: RunResult,
  fail: (kind: FailureKind, detail: string) => HookAnswer,
  hookName: string,
): HookAnswer {
  result.hook.ms = outcome.ms;
  if (outcome.kind === "start-failed") {
    result.hook.status = "start-failed";
    result.hook.error = outcome.message;
    return fail("start", outcome.message);
  }
  result.hook.stdout = outcome.stdout;
  result.hook.stderr = outcome.stderr;
  if (outcome.kind === "timeout") {
    result.hook.status = "timeout";
    const detail = `The hook ran past its ${timeoutSeconds} s and was stopped`;
    result.hook.error = detail;
    return fail("timeout", detail);
  }
  if (outcome.kind === "output-too-large") {
    result.hook.status = "output-too-large";
    const mib = Math.round(outcome.cap / 1024 / 1024 * 10) / 10;
    const detail = `The hook printed more than ${mib} MiB on stdout, which is not an answer`;
    result.hook.error = detail;
    return fail("invalid", detail);
  }
  result.hook.exit = outcome.code;
  const stopping = event === "stop" || event === "subagent-stop";
  const said = reasonText(outcome.stderr);
  const broken = outcome.code === 1 ? readBroken(said) : null;
  if (broken !== null) {
    result.hook.status = "broken";
    result.hook.error = broken;
    if (!stopping) {
      fail("broken", broken);
      return { decision: "deny", reason: brokenReason(hookName, broken) };
    }
    return fail("broken", `${broken} (at a stop only exit 2 sends the agent back)`);
  }
  const crash = outcome.code !== 0 ? readCrash(said) : null;
  if (crash) {
    result.hook.status = "crashed";
    result.hook.error = crash.line;
    if (!stopping || outcome.code === 2) {
      fail("crash", crash.line);
      return { decision: "deny", reason: crashReason(hookName, crash) };
    }
    return fail("crash", `${crash.line} (at a stop only exit 2 sends the agent back)`);
  }
  if (outcome.code !== 0) {
    result.hook.status = "exit";
    if (!stopping || outcome.code === 2) {
      return {
        decision: "deny",
        reason: said !== "" ? said : `The hook exited with ${outcome.code}`,
      };
    }
    const detail = `The hook exited with ${outcome.code}${
      said !== "" ? `: ${firstLine(said)}` : ""
    } (at a stop only exit 2 sends the agent back)`;
    result.hook.error = detail;
    return fail("exit", detail);
  }
  const reading = outcome.kind === "exited" && outcome.answer !== undefined
    ? { ok: true as const, answer: outcome.answer }
    : nestsDeeperThan(outcome.stdout, MAX_JSON_DEPTH)
    ? { ok: false as const, problem: `it nests deeper than ${MAX_JSON_DEPTH} levels` }
    : readAnswer(outcome.stdout);
  if (!reading.ok) {
    result.hook.status = "invalid";
    const detail = `The hook printed something that is not an answer: ${reading.problem}`;
    result.hook.error = detail;
    return fail("invalid", detail);
  }
  result.hook.status = "answered";
  return reading.answer;
}

function firstLine(text: string): string {
  const line = text.split(/\r?\n/)[0] ?? "";
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

// Looked at only where read access is granted: a hook in direct mode may have none, and is never to prompt.
function isFolder(path: string): boolean {
  if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") return false;
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
