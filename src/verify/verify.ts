/**
 * `verify`: run each agent once, headless, in a world made of a copy of the
 * user's hooks and settings (world.ts), against its fake model API on
 * 127.0.0.1 whose script plays the steps of steps.ts in one session (or, with
 * `--quick`, the one harmless shell call), and say per step what it reached
 * (reach.ts), per hook entry what happened (report.ts), and the holes
 * (holes.ts). Agents run two at a time.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent, ToolKind } from "../contract/contract.ts";
import type { HookOutcome } from "../run/hook_process.ts";
import type { ListWorld } from "../readers/listing.ts";
import { agentReadiness, runAgentOnce, worldEnv } from "./agent_run.ts";
import { mcpServerScript, type McpServerSpec } from "./mcp_server.ts";
import type { AgentRunOptions } from "./agent_run.ts";
import type { AgentWorld, FakeApiKind, McpPlay, StepCannot } from "./driver.ts";
import { findDriver } from "./drivers/mod.ts";
import { readCalls } from "./probe.ts";
import { type Reached, reachedBy } from "./reach.ts";
import { allTexts, type EntryReport, type Missed, reportEntries, STATUS_FAILS } from "./report.ts";
import { findHoles, type Hole, stepOfCall } from "./holes.ts";
import type { ProbeCall } from "./probe.ts";
import type { ListedEntry } from "../readers/listing.ts";
import type { Watched } from "./world.ts";
import {
  planRun,
  PROBE_FILE,
  SHELL_COMMAND,
  STEP_REACH,
  STEP_TEXT,
  type StepName,
  stepsAnswered,
  stepsDone,
} from "./steps.ts";
import { buildWorld } from "./world.ts";
import { notConfirmed, plannedEntries } from "./consent.ts";
import { EveryhookError } from "../contract/errors.ts";

/** The shell command verify's model asks every agent to run: it prints a word and changes nothing. */
export const HARMLESS_COMMAND = SHELL_COMMAND;

/** One step of an agent's run, as the report shows it. */
export interface StepReport {
  /** The step's name. */
  name: StepName;
  /** What it does. */
  text: string;
  /** done; not-done (played, and the run shows it did not happen); cannot (this agent cannot play it). */
  status: "done" | "not-done" | "cannot";
  /** Why it was not done or cannot be, or null. */
  why: string | null;
  /** The tool it called, where it calls one. */
  tool: string | null;
  /** That tool's kind (the agent's table; mcp for verify's MCP tool), or null. */
  kind: ToolKind | null;
  /** The recording that shows the agent sending that call to its hooks, or null. */
  basis: string | null;
  /** The native events it reached. */
  events: string[];
  /** The entries (by index in the verdict's entries) that fired for it. */
  fired: number[];
}

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
      /** Whether the run was --quick (the one shell call). */
      quick: boolean;
      /** Whether Codex CLI's unreviewed entries were trusted in the copy (--as-reviewed). */
      asReviewed: boolean;
      /** The last lines the agent printed, when it failed. */
      tail: string | null;
    }
    | { kind: "not-run"; reason: string };
  /** True when every entry list expects to run did, and the agent could be run (or had no hook). */
  ok: boolean;
  /** Each entry. */
  entries: EntryReport[];
  /** The steps of the run (empty when it was not run). */
  steps: StepReport[];
  /** The holes the run showed. */
  holes: Hole[];
  /** What was adjusted in the world's copies. */
  adjustments: string[];
}

/** The whole report. */
export interface VerifyReport {
  /** The version of this shape. */
  everyhook: 1;
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
  /** Told when an agent's turn starts and when its verdict is in, with the time it took in ms. */
  onAgent?: (
    event: { kind: "start"; agent: Agent } | {
      kind: "done";
      agent: Agent;
      verdict: AgentVerdict;
      ms: number;
    },
  ) => void;
  /** How long one agent may run, in milliseconds (default 180 000). */
  timeoutMs?: number;
  /** Only the shell call (the session, the prompt, the call, the stop). */
  quick?: boolean;
  /** Trust, in the copy only, the Codex CLI entries Codex would skip as not reviewed. */
  asReviewed?: boolean;
  /** The person said yes to the entries that need one (consent.ts); without it such an agent is not run. */
  yes?: boolean;
  /**
   * `--speaks`: the hooks of this agent are imported (as `import --from` does)
   * into each other agent's copies before the run, and reported with its own.
   */
  speaks?: {
    from: Agent;
    /** Puts them into one agent's copies; gives what to say of it. */
    bringInto(agent: Agent, inWorld: ListWorld): Promise<string[]>;
  };
}

/** The agents whose trust of hooks --as-reviewed lays aside in the run (their driver's switch). */
const REVIEWED_BY_SWITCH: readonly string[] = ["codex"];

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
  const base = {
    agent: agent.id,
    name: agent.name,
    entries: [],
    steps: [],
    holes: [],
    adjustments: [],
  };
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
  const spoken = o.speaks && o.speaks.from.id !== agent.id ? o.speaks : undefined;
  const asked = spoken ? [agent, spoken.from] : [agent];
  const held = (await plannedEntries(asked, o.user)).filter((e) => e.ask !== null);
  if (held.length > 0 && !o.yes) return notRun(notConfirmed(held));
  const root = await Deno.makeTempDir({ prefix: `everyhook-verify-${agent.id}-` });
  try {
    const bring = spoken ? (w: ListWorld) => spoken.bringInto(agent, w) : undefined;
    const world = await buildWorld(agent, o.user, root, bring).catch((e) => {
      if (e instanceof EveryhookError) return e.message;
      throw e;
    });
    if (typeof world === "string") return notRun(world);
    const entries = world.listing.entries.filter((e) => keep(o.events, e.contractEvent));
    if (entries.length === 0) return { ...notRun(`no hook to verify`, true) };
    o.progress(`${agent.name}: running ${binary} in ${root}`);
    const dir = dirOf(binary);
    const quick = o.quick ?? false;
    const plan = planRun(driver, world.project, quick);
    const asReviewed = (o.asReviewed ?? false) && REVIEWED_BY_SWITCH.includes(agent.id);
    const mcpStep = plan.steps.find((s) => s.name === "mcp" && s.kind === "played");
    if (mcpStep) await Deno.writeTextFile(`${world.root}/mcp-server.sh`, mcpServerScript());
    const run = await runAgentOnce({
      driver,
      program: binary,
      world,
      env: worldEnv(world, [dir, env.PATH ?? ""].filter((p) => p !== "").join(":")),
      script: plan.script as never,
      prompt: plan.prompt,
      timeoutMs: o.timeoutMs ?? 180_000,
      bypassTrust: asReviewed,
      ...mcpOptions(mcpStep ? driver.plays?.mcp : undefined, world),
    });
    const calls = await readCalls(world.calls);
    const outcome = run.outcome;
    const exit = outcome.kind === "exited" ? outcome.code : null;
    let probeFile: string | null = null;
    try {
      probeFile = await Deno.readTextFile(`${world.project}/${PROBE_FILE}`);
    } catch { /* not written */ }
    const done = stepsDone(plan.steps, {
      toolResults: run.toolResults,
      requests: run.requests,
      probeFile,
      exit,
    });
    const answered = stepsAnswered(plan.steps, run.toolResults);
    const reached: Reached[] = [];
    const missed: Missed[] = [];
    for (const step of plan.steps) {
      // A main-thread call is of the tool the step called (the agent's name for it).
      const natives = reachedBy(agent, step.name, STEP_REACH[step.name]).map((r) =>
        step.kind === "played" && step.tool !== null && r.thread === "main" && r.kind !== null
          ? { ...r, tools: [step.tool] }
          : r
      );
      const why = step.kind === "cannot" ? step.why : done[step.name] ?? null;
      for (const r of natives) {
        // A call that got an answer reached its pre-tool event, though the tool did not run.
        const got = why === null ||
          (r.event === "pre-tool" && r.thread === "main" && answered.includes(step.name));
        if (got) reached.push(r);
        else {
          missed.push({
            ...r,
            why: why!,
            cannot: step.kind === "cannot",
            agentFailed: step.kind === "played" && exit !== 0,
          });
        }
      }
    }
    for (const r of driver.notSent ?? []) {
      for (let i = reached.length - 1; i >= 0; i--) {
        const x = reached[i]!;
        if (x.step === r.step && agent.events[r.event]?.native === x.native) {
          reached.splice(i, 1);
          missed.push({ ...x, why: r.why });
        }
      }
    }
    const reports = reportEntries(agent, entries, world.watched, {
      calls,
      toolResults: run.toolResults,
      modelSaw: run.requests.flatMap((r) => allTexts(r.body)).join("\n"),
      reached,
      missed,
      stepOf: stepOfCall,
    }, world.userText);
    if (REVIEWED_BY_SWITCH.includes(agent.id) && !asReviewed) {
      for (const r of reports) {
        if (r.status === "not-fired" && /not reviewed/.test(r.reason ?? "")) {
          r.reason +=
            `; to see it fire without reviewing it, \`everyhook verify --agent ${agent.id} --as-reviewed\` runs it in verify's copy only`;
        }
      }
    }
    const holes = findHoles(
      agent,
      reports,
      entryCalls(entries, world.watched, calls),
      reached,
      done.subagent === null,
    );
    const steps: StepReport[] = plan.steps.map((step) => {
      // A step played where the agent has no hook event for it (Cline's prompt) fires nothing it could.
      const noEvent = step.kind === "played" &&
        reachedBy(agent, step.name, STEP_REACH[step.name]).length === 0;
      const cannot = step.kind === "cannot" || noEvent;
      const why = step.kind === "cannot"
        ? step.why
        : noEvent
        ? `${agent.name} has no hook event for this step`
        : done[step.name] ?? null;
      return {
        name: step.name,
        text: STEP_TEXT[step.name],
        status: cannot ? "cannot" : why === null ? "done" : "not-done",
        why,
        tool: step.kind === "played" ? step.tool : null,
        kind: step.name === "shell"
          ? "shell"
          : step.kind === "played" && step.tool !== null
          ? (step.name === "mcp" ? "mcp" : agent.tools.names[step.tool] ?? null)
          : null,
        basis: step.kind === "played" ? step.basis : null,
        events: [...new Set(reached.filter((r) => r.step === step.name).map((r) => r.native))],
        fired: reports.flatMap((r, i) => r.calls.some((c) => c.step === step.name) ? [i] : []),
      };
    });
    const ms = outcome.ms;
    o.progress(`${agent.name}: done in ${(ms / 1000).toFixed(1)} s`);
    const commandRan = run.toolResults.some((t) => t.includes("everyhook-verify"));
    const failed = exit !== 0;
    return {
      ...base,
      run: {
        kind: "ran",
        binary,
        exit,
        ms,
        commandRan,
        quick,
        asReviewed,
        tail: failed ? tailOf(outcome) : null,
      },
      ok: !failed && reports.every((r) => !STATUS_FAILS[r.status] && r.broken === undefined) &&
        holes.length === 0,
      entries: reports,
      steps,
      holes,
      adjustments: [
        ...world.adjustments,
        ...(asReviewed
          ? [
            `${agent.name} ran with its hook trust check off (--as-reviewed): every entry in the copy ran as if reviewed`,
          ]
          : []),
      ],
    };
  } finally {
    await removeWorld(root);
  }
}

/** What a run that calls verify's MCP server adds: the server in the agent's settings, arguments, variables. */
function mcpOptions(
  mcp: McpPlay<unknown> | StepCannot | undefined,
  world: AgentWorld,
): Pick<AgentRunOptions<FakeApiKind>, "moreArgs" | "extraEnv" | "before"> {
  if (mcp === undefined || "cannot" in mcp) return {};
  const server: McpServerSpec = { command: "/bin/sh", args: [`${world.root}/mcp-server.sh`] };
  return {
    ...(mcp.args ? { moreArgs: mcp.args(server) } : {}),
    ...(mcp.env ? { extraEnv: (apiUrl: string) => mcp.env!(world, apiUrl, server) } : {}),
    ...(mcp.setup ? { before: () => mcp.setup!(world, server) } : {}),
  };
}

/** Per entry, its probe's calls (the entries of a file come in file order in both lists). */
function entryCalls(
  entries: readonly ListedEntry[],
  watched: readonly Watched[],
  calls: readonly ProbeCall[],
): ProbeCall[][] {
  const taken = new Set<Watched>();
  return entries.map((e) => {
    const probe = watched.find((w) => !taken.has(w) && w.copy === e.file && w.native === e.event);
    if (probe) taken.add(probe);
    return probe?.id ? calls.filter((c) => c.id === probe.id) : [];
  });
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
      const agent = o.agents[i]!;
      const started = performance.now();
      o.onAgent?.({ kind: "start", agent });
      verdicts[i] = await verifyAgent(agent, o);
      const ms = Math.round(performance.now() - started);
      o.onAgent?.({ kind: "done", agent, verdict: verdicts[i], ms });
    }
  };
  await Promise.all([worker(), worker()]);
  return {
    everyhook: 1,
    ok: verdicts.every((v) => v.ok),
    project: o.user.project,
    loopbackOnly: o.loopbackOnly,
    agents: verdicts,
  };
}
