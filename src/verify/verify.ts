/**
 * `verify`: run each agent once, headless, in a world made of a copy of the
 * user's hooks and settings (world.ts), against its fake model API on
 * 127.0.0.1 whose script calls one harmless shell command and stops, and say
 * per hook entry what happened (report.ts). Agents run two at a time.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import type { HookOutcome } from "../run/hook_process.ts";
import type { ListWorld } from "../readers/listing.ts";
import { agentReadiness, runAgentOnce, worldEnv } from "./agent_run.ts";
import { shellScript } from "./driver.ts";
import { findDriver } from "./drivers/mod.ts";
import { readCalls } from "./probe.ts";
import { type EntryReport, reportEntries } from "./report.ts";
import { buildWorld } from "./world.ts";
import { notConfirmed, plannedEntries } from "./consent.ts";
import { EveryhookError } from "../contract/errors.ts";

/** The shell command verify's model asks every agent to run: it prints a word and changes nothing. */
export const HARMLESS_COMMAND = "echo everyhook-verify";

/** The prompt verify submits. */
export const VERIFY_PROMPT = `Run the shell command \`${HARMLESS_COMMAND}\`, then stop.`;

/** What became of one agent. */
export interface AgentVerdict {
  /** The agent's id. */
  agent: string;
  /** Its name. */
  name: string;
  /** How its run went, or why it was not run. */
  run:
    | {
      kind: "ran";
      binary: string;
      /** The exit code, or null when it was stopped at verify's time limit. */
      exit: number | null;
      ms: number;
      /** Whether the harmless command's output reached the model (the command ran). */
      commandRan: boolean;
      /** The last lines the agent printed, when it failed. */
      tail: string | null;
    }
    | { kind: "not-run"; reason: string };
  /** True when every entry list expects to run did, and the agent could be run (or had no hook). */
  ok: boolean;
  /** Each entry. */
  entries: EntryReport[];
  /** What was adjusted in the world's copies. */
  adjustments: string[];
}

/** The whole report. */
export interface VerifyReport {
  /** True when every agent's verdict is. */
  ok: boolean;
  /** The user's project. */
  project: string;
  /** Whether the agents ran in a network namespace with loopback only. */
  loopbackOnly: boolean;
  /** One verdict per agent. */
  agents: AgentVerdict[];
}

/** What verify needs. */
export interface VerifyOptions {
  /** The agents. */
  agents: readonly Agent[];
  /** The user's environment, system and project (read only). */
  user: ListWorld;
  /** Only the entries of these events (undefined or "all": every entry). */
  events: readonly ContractEvent[] | "all" | undefined;
  /** The binary of the one agent asked for, instead of PATH's. */
  bin?: string;
  /** Whether this process is in a loopback-only network namespace. */
  loopbackOnly: boolean;
  /** Where progress lines go. */
  progress: (line: string) => void;
  /** How long one agent may run, in milliseconds (default 180 000). */
  timeoutMs?: number;
  /** The person said yes to the entries that need one (consent.ts); without it such an agent is not run. */
  yes?: boolean;
}

function keep(events: VerifyOptions["events"], event: ContractEvent | null): boolean {
  return events === undefined || events === "all" || (event !== null && events.includes(event));
}

function tailOf(outcome: HookOutcome): string | null {
  if (outcome.kind === "start-failed") return outcome.message;
  const text = `${outcome.stdout}\n${outcome.stderr}`.trim();
  return text === "" ? null : text.split("\n").slice(-6).join("\n");
}

/**
 * Verify one agent: find its binary, build its world, run it, report.
 *
 * @param agent The agent.
 * @param o The options.
 * @returns Its verdict.
 *
 * @example Usage
 * ```ts ignore
 * import { verifyAgent } from "./verify.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const v = await verifyAgent(findAgent("codex")!, { agents: [], user: { env: Deno.env.toObject(), os: "linux", project: Deno.cwd() }, events: "all", loopbackOnly: false, progress: console.error });
 * console.log(v.ok);
 * ```
 */
export async function verifyAgent(agent: Agent, o: VerifyOptions): Promise<AgentVerdict> {
  const base = { agent: agent.id, name: agent.name, entries: [], adjustments: [] };
  const notRun = (reason: string, ok = false): AgentVerdict => ({
    ...base,
    run: { kind: "not-run", reason },
    ok,
  });
  const driver = findDriver(agent.id);
  if (!driver) return notRun(`everyhook cannot run ${agent.name} headless yet`, true);
  const env = { ...o.user.env } as Record<string, string>;
  // With --bin, the binary's folder is looked in first.
  const dirOf = (p: string) => p.slice(0, p.lastIndexOf("/"));
  if (o.bin) env.PATH = [dirOf(o.bin), env.PATH ?? ""].filter((p) => p !== "").join(":");
  const bins = o.bin ? [o.bin.slice(o.bin.lastIndexOf("/") + 1)] : driver.bins;
  const ready = await agentReadiness({ bins, node: driver.node }, env);
  if (!ready.ok) return notRun(ready.reason, ready.reason.startsWith("not installed"));
  const binary = o.bin ?? ready.program;
  const held = (await plannedEntries([agent], o.user)).filter((e) => e.ask !== null);
  if (held.length > 0 && !o.yes) return notRun(notConfirmed(held));
  const root = await Deno.makeTempDir({ prefix: `everyhook-verify-${agent.id}-` });
  try {
    const world = await buildWorld(agent, o.user, root).catch((e) => {
      if (e instanceof EveryhookError) return e.message;
      throw e;
    });
    if (typeof world === "string") return notRun(world);
    const entries = world.listing.entries.filter((e) => keep(o.events, e.contractEvent));
    if (entries.length === 0) return { ...notRun(`no hook to verify`, true) };
    o.progress(`${agent.name}: running ${binary} in ${root}`);
    const dir = dirOf(binary);
    const run = await runAgentOnce({
      driver,
      program: binary,
      world,
      env: worldEnv(world, [dir, env.PATH ?? ""].filter((p) => p !== "").join(":")),
      script: shellScript(driver, [HARMLESS_COMMAND], "Done."),
      prompt: VERIFY_PROMPT,
      timeoutMs: o.timeoutMs ?? 180_000,
    });
    const calls = await readCalls(world.calls);
    const reports = reportEntries(agent, entries, world.watched, {
      calls,
      toolResults: run.toolResults,
    }, world.userText);
    const outcome = run.outcome;
    const exit = outcome.kind === "exited" ? outcome.code : null;
    const ms = outcome.ms;
    o.progress(`${agent.name}: done in ${(ms / 1000).toFixed(1)} s`);
    const commandRan = run.toolResults.some((t) => t.includes("everyhook-verify"));
    const failed = exit !== 0;
    return {
      ...base,
      run: { kind: "ran", binary, exit, ms, commandRan, tail: failed ? tailOf(outcome) : null },
      ok: !failed && reports.every((r) => r.status !== "not-fired" && r.broken === undefined),
      entries: reports,
      adjustments: world.adjustments,
    };
  } finally {
    await removeWorld(root);
  }
}

/** Remove a world; an agent that just ended can still be writing inside, so try again a moment. */
async function removeWorld(root: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await Deno.remove(root, { recursive: true });
      return;
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Verify every agent asked for, two at a time.
 *
 * @param o The options.
 * @returns The report.
 *
 * @example Usage
 * ```ts ignore
 * import { verifyAll } from "./verify.ts";
 * import { AGENTS } from "../agents/mod.ts";
 * const r = await verifyAll({ agents: AGENTS, user: { env: Deno.env.toObject(), os: "linux", project: Deno.cwd() }, events: "all", loopbackOnly: false, progress: console.error });
 * console.log(r.ok);
 * ```
 */
export async function verifyAll(o: VerifyOptions): Promise<VerifyReport> {
  const verdicts: AgentVerdict[] = new Array(o.agents.length);
  let next = 0;
  const worker = async () => {
    while (next < o.agents.length) {
      const i = next++;
      verdicts[i] = await verifyAgent(o.agents[i]!, o);
    }
  };
  await Promise.all([worker(), worker()]);
  return {
    ok: verdicts.every((v) => v.ok),
    project: o.user.project,
    loopbackOnly: o.loopbackOnly,
    agents: verdicts,
  };
}
