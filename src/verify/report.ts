/**
 * verify's verdict on one agent's run: per hook entry, whether it fired, how
 * long it took, what it answered and what became of it, and for an entry that
 * did not fire, why (list's findings, a matcher that leaves out the shell tool,
 * an event name the agent does not have, an event verify's run does not reach).
 * Reads nothing: the world's listing, the probes' calls and what reached the
 * model come in.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import type { ListedEntry } from "../readers/listing.ts";
import type { ProbeCall } from "./probe.ts";
import type { Watched } from "./world.ts";

/**
 * The events verify's run reaches: one session, one prompt, one shell tool call
 * with its result, the turn's stop. Every agent recorded here sends them all in a
 * headless run (fixtures/); no subagent is started.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { REACHED_EVENTS } from "./report.ts";
 * assert(REACHED_EVENTS.includes("pre-tool") && !REACHED_EVENTS.includes("subagent-stop"));
 * ```
 */
export const REACHED_EVENTS: readonly ContractEvent[] = [
  "session-start",
  "prompt",
  "pre-tool",
  "post-tool",
  "stop",
  "session-end",
];

/**
 * What became of one entry:
 * - `fired`: the agent ran it;
 * - `not-fired`: verify's run reached its event and it did not run (the reason says
 *   why where it can be told: list's findings, an event name the agent does not have);
 * - `not-reached`: verify's run does not reach it (its event, or a matcher that
 *   leaves out the shell tool);
 * - `not-observed`: not a command entry (an http or prompt hook): verify cannot see it.
 */
export type EntryStatus = "fired" | "not-fired" | "not-reached" | "not-observed";

/** One call of an entry, as the report shows it. */
export interface CallReport {
  /** The native event the agent named in the payload. */
  payloadEvent: string | null;
  /** Milliseconds, or null. */
  ms: number | null;
  /** The exit code, or null when the agent stopped the hook. */
  exit: number | null;
  /** What it printed on stdout, trimmed (the answer). */
  answer: string;
  /** What it printed on stderr, trimmed. */
  stderr: string;
  /** Text of its answer that reached the model (a block reason, context), or null. */
  reachedModel: string | null;
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
}

/** What the run shows besides the entries. */
export interface RunSeen {
  /** The calls the probes kept. */
  calls: readonly ProbeCall[];
  /** Each tool result that reached the model, in order. */
  toolResults: readonly string[];
}

function matches(matcher: string | null, names: readonly string[]): boolean {
  if (matcher === null || matcher === "" || matcher === "*") return true;
  try {
    const re = new RegExp(`^(?:${matcher})$`);
    return names.some((n) => re.test(n));
  } catch {
    return names.includes(matcher);
  }
}

/** The texts of an answer worth looking for in what reached the model. */
function answerTexts(call: ProbeCall): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string" && v.trim().length >= 4) out.push(v.trim());
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk);
  };
  try {
    walk(JSON.parse(call.stdout));
  } catch {
    if (call.stdout.trim().length >= 4) out.push(call.stdout.trim());
  }
  if (call.stderr.trim().length >= 4) out.push(call.stderr.trim());
  return out;
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
 *   timeout: null, ours: false, mode: null, hook: null, alsoRunBy: [], problems: [], notes: [], warnings: [],
 * };
 * const watched = [{ id: "e1-1", file: "/h/.claude/settings.json", copy: "/w/.claude/settings.json", native: "Stop" }];
 * const [r] = reportEntries(findAgent("claude-code")!, [entry], watched, { calls: [], toolResults: [] }, (p) => p);
 * assert(r!.status === "not-fired");
 * ```
 */
export function reportEntries(
  agent: Agent,
  entries: readonly ListedEntry[],
  watched: readonly Watched[],
  seen: RunSeen,
  userText: (text: string) => string,
): EntryReport[] {
  const shells = Object.entries(agent.tools.names).filter(([, k]) => k === "shell").map(([n]) => n);
  const taken = new Set<Watched>();
  return entries.map((e): EntryReport => {
    // The entries of a file come in file order in both lists.
    const probe = watched.find((w) => !taken.has(w) && w.copy === e.file && w.native === e.event);
    if (probe) taken.add(probe);
    const calls = probe?.id ? seen.calls.filter((c) => c.id === probe.id) : [];
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
        answer: c.stdout.trim(),
        stderr: c.stderr.trim(),
        reachedModel: answerTexts(c).find((t) => seen.toolResults.some((r) => r.includes(t))) ??
          null,
      })),
    };
    const listed = e.problems.map(userText).join("; ");
    if (calls.length > 0) {
      return {
        ...base,
        status: "fired",
        reason: listed === "" ? null : `it fired although list says: ${listed}`,
      };
    }
    if (!probe?.id) {
      return {
        ...base,
        status: "not-observed",
        reason: `a ${e.type} entry: verify sees command entries only`,
      };
    }
    if (listed !== "") return { ...base, status: "not-fired", reason: listed };
    if (e.contractEvent === null) {
      return { ...base, status: "not-fired", reason: `${agent.name} has no event "${e.event}"` };
    }
    if (!REACHED_EVENTS.includes(e.contractEvent)) {
      return { ...base, status: "not-reached", reason: `verify's run does not reach ${e.event}` };
    }
    const native = agent.events[e.contractEvent];
    const notHere = Object.values(agent.install.alsoNatives ?? {}).flat().includes(e.event)
      ? `${e.event} fires only for a tool that failed, and verify's harmless command did not`
      : native?.headless ?? native?.unsteady;
    if (notHere !== undefined) return { ...base, status: "not-reached", reason: notHere };
    if (native?.matcher && !matches(e.matcher, shells)) {
      return {
        ...base,
        status: "not-reached",
        reason: `the matcher "${e.matcher}" leaves out ${
          shells.join(" and ")
        }, the shell tool verify's run calls`,
      };
    }
    return {
      ...base,
      status: "not-fired",
      reason:
        `list finds nothing in its way, yet ${agent.name} did not run it (a version without this event, or a setting list does not read?)`,
    };
  });
}
