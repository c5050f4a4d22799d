/**
 * The one entry everyhook writes for a hook at one native event of an agent:
 * the timeout within the agent's cap and in its unit, the matcher where the
 * event takes one, the line. install and sync both build entries here.
 * Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import type { RunLine } from "./command_line.ts";
import { buildEntry, type DesiredEntry } from "./hooks_file.ts";
import { canText } from "./can_text.ts";

/** One entry as a report shows it. */
export interface PlannedEntryReport {
  /** The contract event. */
  event: ContractEvent;
  /** The agent's name for it. */
  native: string;
  /** The matcher written, or null. */
  matcher: string | null;
  /** The timeout written, in the agent's unit. */
  timeout: number;
  /** What a hook's answers do there, in short. */
  can: string;
}

/** What an entry is asked to be. */
export interface EntryAsk {
  /** The agent's timeout, in seconds. */
  timeout: number;
  /** The matcher, for events that take one. */
  matcher?: string;
  /** A failing hook denies; the agent's own switch is written too. */
  failClosed: boolean;
}

/**
 * Plan one entry.
 *
 * @param agent The agent.
 * @param event The contract event.
 * @param native The native event it is written under.
 * @param ask The timeout, matcher and fail-closed asked for.
 * @param argvOf The words of the line, from what it says (the timeout `run` gives the hook among it).
 * @returns The entry, its report, a note on a capped timeout, and whether a matcher was dropped.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { planEntry } from "./entry_plan.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const p = planEntry(findAgent("codex")!, "stop", "Stop", { timeout: 30, failClosed: false }, () => ["everyhook", "run"]);
 * assert.equal(p.report.timeout, 30);
 * ```
 */
export function planEntry(
  agent: Agent,
  event: ContractEvent,
  native: string,
  ask: EntryAsk,
  argvOf: (line: Omit<RunLine, "hook">) => string[],
): { desired: DesiredEntry; report: PlannedEntryReport; note?: string; noMatcher: boolean } {
  const info = agent.install;
  const cap = info.timeoutCaps?.[event];
  const seconds = cap !== undefined ? Math.min(cap, ask.timeout) : ask.timeout;
  const note = cap !== undefined && ask.timeout > cap
    ? `${event}: ${agent.name} allows ${native} ${cap} seconds; the entry says ${cap}`
    : undefined;
  const takes = agent.events[event]!.matcher;
  const matcher = ask.matcher !== undefined && takes ? ask.matcher : undefined;
  const argv = argvOf({
    agent: agent.id,
    event,
    timeout: Math.max(1, seconds - 2),
    failClosed: ask.failClosed,
  });
  const inMs = info.timeoutUnit === "ms" ||
    (info.timeoutMsFrom !== undefined && seconds >= info.timeoutMsFrom);
  const timeout = inMs ? seconds * 1000 : seconds;
  const desired = buildEntry(info, {
    event,
    native,
    argv,
    timeout,
    failClosed: ask.failClosed,
    ...(matcher === undefined ? {} : { matcher }),
  });
  return {
    desired,
    report: { event, native, matcher: matcher ?? null, timeout, can: canText(agent, event) },
    ...(note === undefined ? {} : { note }),
    noMatcher: ask.matcher !== undefined && !takes,
  };
}

/**
 * The native events an entry is written under for a contract event: the main
 * one, and the ones the agent fires instead in some cases.
 *
 * @param agent The agent.
 * @param event A contract event the agent has.
 * @returns The native names.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { nativesOf } from "./entry_plan.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.ok(nativesOf(findAgent("claude-code")!, "post-tool").includes("PostToolUse"));
 * ```
 */
export function nativesOf(agent: Agent, event: ContractEvent): string[] {
  return [agent.events[event]!.native, ...(agent.install.alsoNatives?.[event] ?? [])];
}
