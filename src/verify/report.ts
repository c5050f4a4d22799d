/**
 * verify's verdict on one agent's run: per hook entry, whether it fired, how
 * long it took, what it answered and what became of it, and for an entry that
 * did not fire, why (list's findings that no fired entry shares, a matcher
 * that leaves out the tools the run called, an event name the agent does not
 * have, an event verify's run did not reach). Reads nothing: the world's
 * listing, the probes' calls, what the run reached and what reached the model
 * come in.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import type { ListedEntry } from "../readers/listing.ts";
import type { ProbeCall } from "./probe.ts";
import { matcherTakes, type Reached } from "./reach.ts";
import type { Watched } from "./world.ts";
import { type Printed, printed } from "../contract/printed.ts";
import { readBroken } from "../run/hook_broken.ts";
import { reasonText } from "../run/hook_failure.ts";
import { parseLine } from "../hooks_files/command_line.ts";
import { brokenFate } from "../readers/broken_fate.ts";
import { loadConformanceNow } from "../readers/recorded.ts";

/**
 * What became of one entry:
 * - `fired`: the agent ran it;
 * - `not-fired`: verify's run reached its event with a tool its matcher takes in,
 *   and it did not run (the reason says why where it can be told: list's
 *   findings no fired entry shares, an event name the agent does not have);
 * - `not-reached`: verify's run did not get to it (no step reached its event, or
 *   none with a tool its matcher takes in): never a failure;
 * - `not-observed`: not a command entry (an http or prompt hook): verify cannot see it.
 *
 * A status is per entry and the report's verdict reads it through
 * {@linkcode STATUS_FAILS}: a status added later says there whether it fails.
 */
export type EntryStatus = "fired" | "not-fired" | "not-reached" | "not-observed";

/**
 * Whether each status makes verify's verdict fail.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { STATUS_FAILS } from "./report.ts";
 * assert.equal(STATUS_FAILS["not-reached"], false);
 * assert.equal(STATUS_FAILS["not-fired"], true);
 * ```
 */
export const STATUS_FAILS: Readonly<Record<EntryStatus, boolean>> = {
  "fired": false,
  "not-fired": true,
  "not-reached": false,
  "not-observed": false,
};

/** One call of an entry, as the report shows it. */
export interface CallReport {
  /** The native event the agent named in the payload. */
  payloadEvent: string | null;
  /** Milliseconds, or null. */
  ms: number | null;
  /** The exit code, or null when the agent stopped the hook. */
  exit: number | null;
  /** What it printed on stdout (the answer): the JSON value, other text, or nothing. */
  answer: Printed;
  /** What it printed on stderr, trimmed. */
  stderr: string;
  /** Text of its answer that reached the model (a block reason, context), or null. */
  reachedModel: string | null;
  /** The step of verify's run it was for, or null when the payload names none. */
  step: string | null;
}

/** One entry of the report. */
export interface EntryReport {
  /** The user's file. */
  file: string;
  /** user or project. */
  scope: ListedEntry["scope"];
  /** The native event as written. */
  event: string;
  /** The contract event, when the name is one the agent has. */
  contractEvent: ContractEvent | null;
  /** The matcher, or null. */
  matcher: string | null;
  /** The command as the user wrote it. */
  command: string | null;
  /** Whether everyhook wrote it. */
  ours: boolean;
  /** What became of it. */
  status: EntryStatus;
  /** Why it did not fire, or what list said of one that fired anyway; null otherwise. */
  reason: string | null;
  /** Its calls. */
  calls: CallReport[];
  /**
   * For an entry that fired: why its hook is broken (it did not load), the
   * first line of what its program printed. Absent when it is not.
   */
  broken?: string;
  /** The steps of verify's run that reached its event with a tool its matcher takes in. */
  reachedBy: string[];
}

/**
 * Why a call's hook did not load: Deno's (or Node.js's, Python's) load error in
 * what it printed, read from a hook that exited 1 (direct mode, a hook by hand),
 * or from the hook's output `run` passes on when it says the hook is broken.
 */
function brokenIn(call: ProbeCall): string | null {
  const said = reasonText(call.stderr);
  if (call.exit === 1) return readBroken(said);
  const at = said.search(/^everyhook: the hook .* is broken: /m);
  return at < 0 ? null : readBroken(said.slice(at).split("\n").slice(1).join("\n"));
}

/**
 * A native event a step would have reached, and why it did not: the agent
 * cannot play the step, or the step was played and did not happen (in a run
 * the agent itself ended in failure, `agentFailed`).
 */
export type Missed = Reached & { why: string; cannot?: boolean; agentFailed?: boolean };

/** What the run shows besides the entries. */
export interface RunSeen {
  /** The calls the probes kept. */
  calls: readonly ProbeCall[];
  /** Each tool result that reached the model, in order. */
  toolResults: readonly string[];
  /**
   * Every text the fake model received, in any request (messages, system
   * prompt, tool results), one per line; where absent, only the tool results are looked in.
   */
  modelSaw?: string;
  /** The native events the steps that ran reached. */
  reached: readonly Reached[];
  /** The step of the run a call was for (holes.ts), or null. */
  stepOf?: (call: ProbeCall, event: ContractEvent | null) => string | null;
  /** The native events of steps that did not run or cannot run in this agent, and why not. */
  missed?: ReadonlyArray<Missed>;
}

/**
 * The text of a call's answer the fake model received, or null: looked for in
 * the tool results and every text of every request, leaving out a text the
 * hook was given itself (a hook that echoes the command proves nothing).
 */
function reachedModel(call: ProbeCall, seen: RunSeen): string | null {
  const given = typeof call.input === "string" ? call.input : JSON.stringify(call.input);
  const given2 = allTexts(call.input).join("\n");
  return answerTexts(call).find((t) =>
    !given.includes(t) && !given2.includes(t) &&
    (seen.toolResults.some((r) => r.includes(t)) || (seen.modelSaw ?? "").includes(t))
  ) ?? null;
}

/**
 * Every string in a JSON value, depth first.
 *
 * @param value The value.
 * @returns Its strings.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { allTexts } from "./report.ts";
 * assert.deepEqual(allTexts({ a: ["x", { b: "y" }], c: 1 }), ["x", "y"]);
 * ```
 */
export function allTexts(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk);
  };
  walk(value);
  return out;
}

/** The keys of an answer whose values are the agents' own words (a decision, an event name), not the hook's text. */
const WORD_KEYS: ReadonlySet<string> = new Set([
  "decision",
  "permissionDecision",
  "hookEventName",
  "behavior",
  "continue",
  "suppressOutput",
]);

/** The texts of an answer worth looking for in what reached the model, longest first. */
function answerTexts(call: ProbeCall): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key: string | null) => {
    if (key !== null && WORD_KEYS.has(key)) return;
    if (typeof v === "string" && v.trim().length >= 4) out.push(v.trim());
    else if (Array.isArray(v)) v.forEach((x) => walk(x, null));
    else if (typeof v === "object" && v !== null) {
      for (const [k, x] of Object.entries(v)) walk(x, k);
    }
  };
  try {
    walk(JSON.parse(call.stdout), null);
  } catch {
    if (call.stdout.trim().length >= 4) out.push(call.stdout.trim());
  }
  if (call.stderr.trim().length >= 4) out.push(call.stderr.trim());
  return out.sort((a, b) => b.length - a.length);
}

/**
 * The report of each entry of one agent.
 *
 * @param agent The agent.
 * @param entries The entries list found in the world, before wrapping (the world's paths).
 * @param watched The entries the probes watch.
 * @param seen The calls and what reached the model.
 * @param userText A text naming the world's paths, naming the user's instead.
 * @returns One report per entry, in list's order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { reportEntries } from "./report.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const entry = {
 *   agent: "claude-code", scope: "user" as const, file: "/w/.claude/settings.json", event: "Stop",
 *   contractEvent: "stop" as const, matcher: null, type: "command", name: null, command: "true",
 *   timeout: null, ours: false, mode: null, hook: null, speaks: null, alsoRunBy: [], problems: [], notes: [], warnings: [],
 * };
 * const watched = [{ id: "e1-1", file: "/h/.claude/settings.json", copy: "/w/.claude/settings.json", native: "Stop" }];
 * const reached = [
 *   { native: "Stop", step: "stop", tools: [], kind: null, thread: "main" as const, event: "stop" as const },
 * ];
 * const [r] = reportEntries(findAgent("claude-code")!, [entry], watched, { calls: [], toolResults: [], reached }, (p) => p);
 * assert.equal(r!.status, "not-fired");
 * ```
 */
export function reportEntries(
  agent: Agent,
  entries: readonly ListedEntry[],
  watched: readonly Watched[],
  seen: RunSeen,
  userText: (text: string) => string,
): EntryReport[] {
  const taken = new Set<Watched>();
  const withCalls = entries.map((e) => {
    // The entries of a file come in file order in both lists.
    const probe = watched.find((w) => !taken.has(w) && w.copy === e.file && w.native === e.event);
    if (probe) taken.add(probe);
    const calls = probe?.id ? seen.calls.filter((c) => c.id === probe.id) : [];
    return { e, probe, calls };
  });
  // A finding of list that entries fired under is not what held another back.
  const firedUnder = new Set(
    withCalls.filter((x) => x.calls.length > 0).flatMap((x) => x.e.problems.map((p) => p.text)),
  );
  return withCalls.map(({ e, probe, calls }): EntryReport => {
    const reaching = seen.reached.filter((r) =>
      r.native === e.event &&
      (r.kind === null || !agent.events[e.contractEvent ?? "stop"]?.matcher ||
        matcherTakes(e.matcher, r.tools))
    );
    const base = {
      file: userText(e.file),
      scope: e.scope,
      event: e.event,
      contractEvent: e.contractEvent,
      matcher: e.matcher,
      command: e.command,
      ours: e.ours,
      calls: calls.map((c) => ({
        payloadEvent: c.payloadEvent,
        ms: c.ms,
        exit: c.exit,
        answer: printed(c.stdout),
        stderr: c.stderr.trim(),
        reachedModel: reachedModel(c, seen),
        step: seen.stepOf?.(c, e.contractEvent) ?? null,
      })),
      reachedBy: [...new Set(reaching.map((r) => r.step))],
    };
    const own = e.problems.filter((p) => !firedUnder.has(p.text)).map((p) => userText(p.text))
      .join("; ");
    const shared = e.problems.filter((p) => firedUnder.has(p.text)).map((p) => userText(p.text));
    // Only what no fired entry shares: a finding entries fired under would mislead here.
    const listedNote = own === "" ? "" : ` (list says also: ${own})`;
    if (calls.length > 0) {
      const broken = calls.map(brokenIn).find((b) => b !== null);
      if (broken) {
        const line = e.command === null ? undefined : parseLine(e.command);
        const fate = brokenFate(
          agent,
          line?.mode ?? "run",
          line?.failClosed ?? false,
          loadConformanceNow().find((f) => f.agent === agent.id),
        );
        return { ...base, status: "fired", broken, reason: `its hook does not load: ${fate}` };
      }
      return {
        ...base,
        status: "fired",
        reason: e.problems.length === 0
          ? null
          : `it fired although list says: ${e.problems.map((p) => userText(p.text)).join("; ")}`,
      };
    }
    if (!probe?.id) {
      return {
        ...base,
        status: "not-observed",
        reason: `a ${e.type} entry: verify sees command entries only`,
      };
    }
    if (e.contractEvent === null) {
      return { ...base, status: "not-fired", reason: `${agent.name} has no event "${e.event}"` };
    }
    const missedHere = (seen.missed ?? []).filter((m) => m.native === e.event && !m.cannot);
    if (
      reaching.length === 0 && own !== "" && missedHere.length > 0 &&
      missedHere.every((m) => m.agentFailed)
    ) {
      // The agent gave up before the step, and list names why this entry cannot run: that is the miss.
      return { ...base, status: "not-fired", reason: own };
    }
    // An event the agent fires in some runs and not in others says so.
    const notHere = reaching.length === 0 ? undefined : agent.events[e.contractEvent]?.unsteady;
    if (notHere !== undefined) return { ...base, status: "not-reached", reason: notHere };
    if (reaching.length === 0) {
      return {
        ...base,
        status: "not-reached",
        reason: `${notReachedWhy(agent, e, seen)}${listedNote}`,
      };
    }
    if (own !== "") return { ...base, status: "not-fired", reason: own };
    const sharedNote = shared.length === 0
      ? ""
      : `; list's finding "${shared.join("; ")}" is not why: other entries fired under it`;
    return {
      ...base,
      status: "not-fired",
      reason: `the step${base.reachedBy.length === 1 ? "" : "s"} ${
        base.reachedBy.join(", ")
      } reached ${e.event}${
        e.matcher ? ` with a tool its matcher takes in` : ""
      }, yet ${agent.name} did not run it (a version without this event, or a setting list does not read?)${sharedNote}`,
    };
  });
}

/** Why no step of the run reached an entry: its event, or its matcher. */
function notReachedWhy(agent: Agent, e: ListedEntry, seen: RunSeen): string {
  const sameEvent = seen.reached.filter((r) => r.native === e.event);
  if (sameEvent.length === 0) {
    const missed = (seen.missed ?? []).filter((m) => m.native === e.event);
    // A step the agent cannot do is named only when no played step would have reached the event.
    const played = missed.filter((m) => !m.cannot);
    const shown = played.length > 0 ? played : missed;
    const whys = [...new Set(shown.map((m) => `${m.step}: ${m.why}`))];
    return whys.length === 0
      ? `verify's run does not reach ${e.event}`
      : `verify's run did not reach ${e.event} (${whys.join("; ")})`;
  }
  const called = [...new Set(sameEvent.flatMap((r) => r.tools))];
  return `the matcher "${e.matcher}" leaves out ${called.join(" and ")}, the tool${
    called.length === 1 ? "" : "s"
  } verify's run called at ${e.event} (${agent.name})`;
}
