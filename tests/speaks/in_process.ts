/**
 * Running a hook written in a spoken protocol inside the test's process: a
 * runner that hands the hook the payload from the spec's stdin and keeps it,
 * and a walk that puts every agent's recorded documents through
 * `run --speaks <agent>` with such a hook.
 *
 * @module
 */

import type { Fixture } from "../../src/readers/recorded.ts";
import type { ContractEvent } from "../../src/contract/contract.ts";
import { isContractEvent } from "../../src/contract/contract.ts";
import type { Agent } from "../../src/agents/types.ts";
import { AGENTS } from "../../src/agents/mod.ts";
import { runAdapter, type RunResult } from "../../src/run/run.ts";
import type { SpokenProtocol } from "../../src/speaks/types.ts";
import type { HookOutcome, HookSpec } from "../../src/run/hook_process.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** What a hook prints. */
export interface Print {
  exit: number;
  stdout?: string;
  stderr?: string;
}

/** A hook in a spoken protocol: its payload, environment and contract event in, its output out. */
export type InProcessHook = (
  payload: Any,
  env: Record<string, string>,
  event: ContractEvent,
) => Print;

/**
 * A runner that runs a hook in this process and keeps what it was given.
 *
 * @param hook The hook: the payload and the environment in, its output out.
 * @param seen Where the payload and the environment are kept.
 * @returns The runner.
 */
export function inProcessRunner(
  hook: (payload: Any, env: Record<string, string>) => Print,
  seen: { payload?: Any; env?: Record<string, string> },
): (spec: HookSpec) => Promise<HookOutcome> {
  return (spec) => {
    const payload = JSON.parse(new TextDecoder().decode(spec.stdin));
    seen.payload = payload;
    seen.env = { ...spec.env };
    const out = hook(payload, { ...spec.env });
    return Promise.resolve({
      kind: "exited",
      code: out.exit,
      stdout: out.stdout ?? "",
      stderr: out.stderr ?? "",
      ms: 0,
    });
  };
}

/** One recorded document put through `run --speaks`. */
export interface SpokenRun {
  /** The recorded document. */
  f: Fixture & { event: ContractEvent };
  /** The agent that recorded it. */
  agent: Agent;
  /** What `run` came to. */
  r: RunResult;
  /** The payload the hook was given, or undefined when it was not run. */
  payload: Any;
}

/**
 * Every recorded document of an event its agent has, put through `run` in the
 * `/nowhere` folder with a hook in the spoken protocol run in this process.
 *
 * @param fixtures The recorded documents.
 * @param speaks The protocol the hook is written in.
 * @param hook The hook.
 * @returns The runs, one a document.
 */
export async function* spokenRuns(
  fixtures: readonly Fixture[],
  speaks: SpokenProtocol,
  hook: InProcessHook,
): AsyncGenerator<SpokenRun> {
  for (const f of fixtures) {
    const agent = AGENTS.find((a) => a.id === f.agent)!;
    const event = f.event;
    if (!isContractEvent(event) || !agent.events[event]) continue;
    const seen: { payload?: Any } = {};
    const r = await runAdapter(
      agent,
      event,
      { bytes: new TextEncoder().encode(JSON.stringify(f.payload)), truncated: false },
      ["h"],
      {
        env: {},
        cwd: "/nowhere",
        runner: inProcessRunner((p, env) => hook(p, env, event), seen),
        speaks,
      },
    );
    yield { f: { ...f, event }, agent, r, payload: seen.payload };
  }
}
