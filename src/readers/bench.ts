/**
 * `bench`: a hook put to the documents the real agents sent (fixtures/), through
 * the same adapter `run` uses, with what each agent would do with the answer and
 * the exact JSON it would get.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { isContractEvent } from "../contract/contract.ts";
import type { Fixture } from "./recorded.ts";
import type { RunResult } from "../run/run.ts";
import { runAdapter } from "../run/run.ts";
import { runHook } from "../run/hook_process.ts";
import type { SpokenProtocol } from "../speaks/types.ts";

/** One fixture put to the hook. */
export interface BenchResult {
  /** The agent's id. */
  agent: string;
  /** The agent's version in the fixture. */
  version: string;
  /** recorded or documented. */
  source: string;
  /** The system it was recorded on. */
  os: string;
  /** The day. */
  date: string;
  /** The contract event. */
  event: string;
  /** The fixture's variant. */
  variant: string;
  /** The fixture's file. */
  file: string | undefined;
  /** What `run` made of it. */
  result: RunResult;
}

/** How to bench. */
export interface BenchOptions {
  /** The agents to use. */
  agents: readonly Agent[];
  /** Only these events (all when empty). */
  events: readonly ContractEvent[];
  /** Fail closed, as `run --fail-closed` would. */
  failClosed: boolean;
  /** The hook's timeout in seconds. */
  timeoutSeconds: number;
  /** The environment the hook gets. */
  env: Readonly<Record<string, string>>;
  /** The folder the hook runs in when a fixture's folder does not exist. */
  cwd: string;
  /** How many hooks run at once. */
  parallel?: number;
  /**
   * A project folder: the hook runs there and each document's folder is it (the
   * payload's `cwd`, and Cursor's `workspace_roots`, where the payload has them).
   */
  project?: string;
  /** Told when each document is done, for a progress line. */
  onDocument?: (done: number, total: number, result: BenchResult) => void;
  /** Told when an agent's last document is done: how many it had and how long they took, in ms, from its first start. */
  onAgent?: (agent: string, documents: number, ms: number) => void;
  /** The hook is written for this agent's protocol (`--speaks`). */
  speaks?: SpokenProtocol;
}

/**
 * A payload with its folder fields set to a project folder: `cwd`, and
 * `workspace_roots` (Cursor), where the payload has them.
 *
 * @param payload The agent's payload.
 * @param project The folder.
 * @returns A copy with the folder put in.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inProject } from "./bench.ts";
 * assert(inProject({ cwd: "/rec", tool_name: "Bash" }, "/p").cwd === "/p");
 * assert(!("cwd" in inProject({ tool_name: "Bash" }, "/p")));
 * ```
 */
export function inProject(
  payload: Readonly<Record<string, unknown>>,
  project: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...payload };
  if ("cwd" in out) out.cwd = project;
  if (Array.isArray(out.workspace_roots)) out.workspace_roots = [project];
  return out;
}

/**
 * Put a hook to fixtures, a few at a time, in the fixtures' order.
 *
 * @param hook The hook and its arguments.
 * @param fixtures The fixtures.
 * @param options Agents, events, failure mode, environment.
 * @returns One result per fixture whose agent and event were chosen.
 *
 * @example Usage
 * ```ts ignore
 * import { bench } from "./bench.ts";
 * import { AGENTS } from "../agents/mod.ts";
 * const results = await bench(["examples/block-force-push.ts"], fixtures, {
 *   agents: AGENTS, events: [], failClosed: false, timeoutSeconds: 10, env: {}, cwd: "/",
 * });
 * ```
 */
export async function bench(
  hook: readonly string[],
  fixtures: readonly Fixture[],
  options: BenchOptions,
): Promise<BenchResult[]> {
  const chosen = fixtures.flatMap((fixture) => {
    const agent = options.agents.find((a) => a.id === fixture.agent);
    if (!agent || !isContractEvent(fixture.event) || !agent.events[fixture.event]) return [];
    if (options.events.length > 0 && !options.events.includes(fixture.event)) return [];
    return [{ fixture, agent, event: fixture.event }];
  });
  const results: BenchResult[] = new Array(chosen.length);
  const left = new Map<string, number>();
  for (const c of chosen) left.set(c.agent.id, (left.get(c.agent.id) ?? 0) + 1);
  const totals = new Map(left);
  const started = new Map<string, number>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const i = next++;
      const { fixture, agent, event } = chosen[i] as (typeof chosen)[number];
      if (!started.has(agent.id)) started.set(agent.id, performance.now());
      const payload = options.project === undefined
        ? fixture.payload
        : inProject(fixture.payload, options.project);
      const bytes = new TextEncoder().encode(JSON.stringify(payload));
      const result = await runAdapter(agent, event, { bytes, truncated: false }, hook, {
        failClosed: options.failClosed,
        timeoutSeconds: options.timeoutSeconds,
        env: options.env,
        cwd: options.project ?? options.cwd,
        runner: runHook,
        ...(options.speaks ? { speaks: options.speaks } : {}),
      });
      results[i] = {
        agent: agent.id,
        version: fixture.version,
        source: fixture.source,
        os: fixture.os,
        date: fixture.date,
        event,
        variant: fixture.variant,
        file: fixture.file,
        result,
      };
      options.onDocument?.(++done, chosen.length, results[i]);
      left.set(agent.id, left.get(agent.id)! - 1);
      if (left.get(agent.id) === 0) {
        const ms = Math.round(performance.now() - started.get(agent.id)!);
        options.onAgent?.(agent.id, totals.get(agent.id)!, ms);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.parallel ?? 4) }, worker));
  return results;
}
