/**
 * The holes verify's run shows in one agent's hooks: a guard (a pre-tool
 * entry that saw the run's main shell call) that the subagent's shell call
 * went past, and a guard whose matcher leaves out a tool the run called that
 * can do what the shell does (an MCP tool). A hole fails verify. Also which
 * step of the run each hook call belongs to, read from what the agent sent.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import type { ProbeCall } from "./probe.ts";
import { MCP_MARK } from "./mcp_server.ts";
import { matcherTakes, type Reached } from "./reach.ts";
import type { EntryReport } from "./report.ts";
import {
  EDIT_TEXT,
  FAILS_MARK,
  MISSING_FILE,
  PROBE_FILE,
  SHELL_COMMAND,
  type StepName,
  SUBAGENT_COMMAND,
} from "./steps.ts";

/** One hole. */
export interface Hole {
  /** What kind. */
  kind: "subagent-unguarded" | "matcher-misses";
  /** The entry (its index in the verdict's entries). */
  entry: number;
  /** What is wrong. */
  text: string;
  /** What to do. */
  fix: string;
}

/** The steps whose tool calls can do what a shell call does: a guard that leaves them out is a hole. */
const SHELL_LIKE: readonly Reached["kind"][] = ["mcp"];

/** The step of an event that carries no tool call. */
const EVENT_STEP: Readonly<Partial<Record<ContractEvent, StepName>>> = {
  "session-start": "session",
  "session-end": "session",
  prompt: "prompt",
  stop: "stop",
  "subagent-stop": "subagent",
};

/**
 * The step of verify's run one hook call belongs to, from what the agent sent it.
 *
 * @param call The call.
 * @param event The contract event of its entry.
 * @returns The step, or null when the payload names none of the run's calls.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepOfCall } from "./holes.ts";
 * const call = { id: "e1-1", input: { tool_input: { command: "echo everyhook-verify" } }, payloadEvent: "PreToolUse", stdout: "", stderr: "", exit: 0, ms: 1 };
 * assert.equal(stepOfCall(call, "pre-tool"), "shell");
 * assert.equal(stepOfCall({ ...call, input: {} }, "stop"), "stop");
 * ```
 */
export function stepOfCall(call: ProbeCall, event: ContractEvent | null): StepName | null {
  // An event without a tool call is its step's (a prompt names every step).
  if (event !== null && event !== "subagent-stop" && EVENT_STEP[event] !== undefined) {
    return EVENT_STEP[event]!;
  }
  const text = typeof call.input === "string" ? call.input : JSON.stringify(call.input);
  if (text.includes("everyhook-verify-subagent")) return "subagent";
  if (text.includes(MCP_MARK.replace(/42$/, ""))) return "mcp";
  if (text.includes(FAILS_MARK.replace(/42$/, "")) || text.includes(MISSING_FILE)) {
    return "fails";
  }
  if (text.includes(EDIT_TEXT.after)) return "edit";
  if (text.includes(EDIT_TEXT.before)) return "write";
  if (text.includes(PROBE_FILE)) return "edit";
  if (text.includes(JSON.stringify(SHELL_COMMAND)) || text.includes(SHELL_COMMAND)) return "shell";
  return event === null ? null : EVENT_STEP[event] ?? null;
}

/**
 * Whether a call is the subagent's shell call.
 *
 * @param call The call.
 * @returns True when its payload holds the subagent's command.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSubagentShell } from "./holes.ts";
 * const call = { id: "e1-1", input: { tool_input: { command: "printf 'everyhook-verify-subagent-%s' 42" } }, payloadEvent: null, stdout: "", stderr: "", exit: 0, ms: 1 };
 * assert.ok(isSubagentShell(call));
 * ```
 */
export function isSubagentShell(call: ProbeCall): boolean {
  const text = typeof call.input === "string" ? call.input : JSON.stringify(call.input);
  return text.includes(JSON.stringify(SUBAGENT_COMMAND).slice(1, -1)) ||
    text.includes(SUBAGENT_COMMAND);
}

/**
 * The holes of one agent's run.
 *
 * @param agent The agent.
 * @param reports The entries' reports (their calls carry their steps).
 * @param calls Per entry (same order), the probe's calls.
 * @param reached What the run reached.
 * @param subagentRan Whether the subagent's shell command ran.
 * @returns The holes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findHoles } from "./holes.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.deepEqual(findHoles(findAgent("claude-code")!, [], [], [], true), []);
 * ```
 */
export function findHoles(
  agent: Agent,
  reports: readonly EntryReport[],
  calls: ReadonlyArray<readonly ProbeCall[]>,
  reached: readonly Reached[],
  subagentRan: boolean,
): Hole[] {
  const holes: Hole[] = [];
  const pre = agent.events["pre-tool"]?.native;
  reports.forEach((r, i) => {
    if (r.contractEvent !== "pre-tool") return;
    const onMainShell = r.calls.some((c) => c.step === "shell");
    if (!onMainShell) return;
    if (subagentRan && !(calls[i] ?? []).some(isSubagentShell)) {
      holes.push({
        kind: "subagent-unguarded",
        entry: i,
        text: `${r.event}${
          r.matcher ? ` ${r.matcher}` : ""
        } saw the main thread's shell call, but ${agent.name} ran the subagent's shell call without it`,
        fix:
          `put this entry where ${agent.name} runs it for subagents too (its settings file rather than one agent's own), and run verify again`,
      });
    }
    for (const x of reached) {
      if (
        x.native !== r.event || !SHELL_LIKE.includes(x.kind) || matcherTakes(r.matcher, x.tools)
      ) continue;
      holes.push({
        kind: "matcher-misses",
        entry: i,
        text: `your ${r.matcher} matcher at ${r.event} does not see the ${x.kind} tool ${
          x.tools.join(", ")
        } the run called`,
        fix: `widen the matcher to take in ${
          x.tools.join("|")
        } (or drop it), or add an entry for it at ${pre ?? r.event}`,
      });
    }
  });
  return holes;
}
