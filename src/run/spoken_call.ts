/**
 * `run --speaks`: the call written as the payload the spoken agent would send,
 * the hook run with it, and its output read with the spoken agent's meanings,
 * a rewritten input carried back into the calling agent's shape. Where the
 * call cannot be said in the spoken agent's words, the hook is not called. On
 * `run`'s path: imports only types and the failure answers.
 *
 * @module
 */

import type { ContractEvent, HookAnswer, HookDocument } from "../contract/contract.ts";
import type { Fact } from "../agents/types.ts";
import type { Said, SpokenProtocol } from "../speaks/types.ts";
import type { HookOutcome, HookSpec } from "./hook_process.ts";
import { failureAnswer } from "./hook_failure.ts";

/** What `--speaks` did: the payload the hook was given, or why it was not called. */
export interface SpokenRun {
  /** The spoken agent's id. */
  agent: string;
  /** Whether the hook was called. */
  called: boolean;
  /** Why the call could not be said in the spoken agent's words (the hook was then not called). */
  why?: string;
  /** The spoken agent's name for the event the payload was sent under. */
  nativeEvent?: string;
  /** The payload the hook read on stdin. */
  payload?: Record<string, unknown>;
  /** What was added to the hook's environment. */
  env?: Record<string, string>;
  /** Every rule the payload was written by and the output read by, with its basis. */
  rules: Fact[];
}

/** The parts of the run's result a spoken call fills in. */
export interface SpokenResult {
  /** What the hook did. */
  hook: {
    status: string;
    exit: number | null;
    ms: number;
    stdout: string;
    stderr: string;
    error: string | null;
  };
  /** Notes on what changed or was dropped. */
  notes: string[];
  /** What was said and read. */
  spoken?: SpokenRun;
}

/** What a spoken call needs to know besides the hook. */
export interface SpokenHow {
  /** A hook that fails (or is not called) denies before a tool and on a prompt. */
  failClosed: boolean;
  /** The hook's file name, for messages. */
  hookName: string;
  /** everyhook's own folder. */
  cwd: string;
  /** The calling agent's environment. */
  env: Readonly<Record<string, string>>;
  /** The only kinds of tool call the hook is given (`--only-tools`). */
  onlyTools?: readonly string[] | undefined;
}

/**
 * Call a hook written for another agent's protocol.
 *
 * @param speaks The spoken protocol.
 * @param doc The document read from the calling agent's payload.
 * @param spec How to run the hook, but for its stdin.
 * @param runner Runs the hook.
 * @param how The failure mode, the hook's name, the folder and environment.
 * @param result Where to record what was said and read.
 * @param fail Records a failure and gives the answer that stands in for it.
 * @param other Judges an outcome that is not an exit (a timeout, a hook that did not start).
 * @returns The answer in the contract's words, its input in the calling agent's shape.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { callSpoken, type SpokenResult } from "./spoken_call.ts";
 * import { claudeCodeSpoken } from "../speaks/claude_code.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "stop" as const, nativeEvent: "Stop", native: {},
 *   stop: { continued: false } };
 * const result: SpokenResult = { hook: { status: "not-run", exit: null, ms: 0, stdout: "", stderr: "", error: null }, notes: [] };
 * const answer = await callSpoken(claudeCodeSpoken, doc, { argv: ["h"], env: {}, cwd: "/", timeoutMs: 1000 },
 *   () => Promise.resolve({ kind: "exited", code: 2, stdout: "", stderr: "not yet", ms: 1 }),
 *   { failClosed: false, hookName: "h", cwd: "/", env: {} }, result, () => ({}), () => ({}));
 * assert.deepEqual(answer, { decision: "deny", reason: "not yet" });
 * assert.equal(result.spoken?.payload?.hook_event_name, "Stop");
 * ```
 */
export async function callSpoken(
  speaks: SpokenProtocol,
  doc: HookDocument,
  spec: Omit<HookSpec, "stdin">,
  runner: (spec: HookSpec) => Promise<HookOutcome>,
  how: SpokenHow,
  result: SpokenResult,
  fail: (kind: "exit", detail: string) => HookAnswer,
  other: (outcome: HookOutcome) => HookAnswer,
): Promise<HookAnswer> {
  const kind = doc.tool?.kind;
  const only = how.onlyTools;
  if (kind !== undefined && only && !only.includes(kind)) {
    const why = `the entry is for ${only.join(", ")} calls only, and this is a ${kind} call`;
    result.spoken = { agent: speaks.id, called: false, why, rules: [] };
    result.notes.push(`not called: ${why}`);
    return {};
  }
  const said = speaks.write(doc, { cwd: how.cwd, env: how.env });
  const spoken: SpokenRun = { agent: speaks.id, called: said.ok, rules: [...said.rules] };
  result.spoken = spoken;
  if (!said.ok) {
    spoken.why = said.why;
    result.notes.push(
      `not called: ${said.why}, so the call cannot be said in ${speaks.name}'s words`,
    );
    return how.failClosed
      ? failureAnswer(
        doc.event,
        true,
        how.hookName,
        `it cannot be said in ${speaks.name}'s words: ${said.why}`,
      )
      : {};
  }
  spoken.nativeEvent = said.nativeEvent;
  spoken.payload = said.payload;
  spoken.env = said.env;
  const outcome = await runner({
    ...spec,
    stdin: new TextEncoder().encode(`${JSON.stringify(said.payload)}\n`),
    env: { ...spec.env, ...said.env },
  });
  if (outcome.kind !== "exited") return other(outcome);
  return heard(speaks, said, outcome, doc.event, result, fail);
}

function heard(
  speaks: SpokenProtocol,
  said: Extract<Said, { ok: true }>,
  outcome: Extract<HookOutcome, { kind: "exited" }>,
  event: ContractEvent,
  result: SpokenResult,
  fail: (kind: "exit", detail: string) => HookAnswer,
): HookAnswer {
  result.hook.ms = outcome.ms;
  result.hook.stdout = outcome.stdout;
  result.hook.stderr = outcome.stderr;
  result.hook.exit = outcome.code;
  const read = speaks.read(
    { exit: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr },
    event,
    said.nativeEvent,
  );
  result.spoken!.rules.push(...read.rules);
  if (read.failure !== undefined) {
    result.hook.status = "exit";
    result.hook.error = read.failure;
    return fail("exit", read.failure);
  }
  result.hook.status = outcome.code === 0 ? "answered" : "exit";
  const answer = { ...read.answer };
  if (answer.input !== undefined) {
    const back = said.inputBack(answer.input);
    if ("input" in back) answer.input = back.input;
    else {
      delete answer.input;
      result.notes.push(`input dropped: ${back.why}`);
    }
  }
  return answer;
}
