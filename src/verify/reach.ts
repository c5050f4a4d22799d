/**
 * What verify's run reached in one agent: per native event name, the tool
 * calls it was sent for (which tool names, main thread or subagent) and the
 * step of the run that reached it. Built from the steps that ran (steps.ts
 * says which native events each step reaches, from the agent's recordings),
 * and read by report.ts to tell an entry that did not fire because the run
 * never got to it ("not reached", never red) from one the run got to and that
 * did not run (a real miss).
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent, ToolKind } from "../contract/contract.ts";

/** Which thread a call was made on. */
export type Thread = "main" | "subagent";

/** One native event the run reached, once per step and thread. */
export interface Reached {
  /** The native event name, as an entry writes it. */
  native: string;
  /** The step of the run that reached it. */
  step: string;
  /** The tool names the agent sends it for (empty for an event that carries no tool). */
  tools: readonly string[];
  /** The tool kind of the call, or null for an event that carries no tool. */
  kind: ToolKind | null;
  /** The thread. */
  thread: Thread;
  /** The contract event. */
  event: ContractEvent;
}

/** What one step reaches, in contract terms: the step turns it into native names. */
export interface StepReach {
  /** The contract event. */
  event: ContractEvent;
  /** The tool kind of the call, or null for an event without a tool. */
  kind: ToolKind | null;
  /** Only the natives of a failed tool call (PostToolUseFailure), or only the others. */
  failed?: boolean;
  /** The thread (default main). */
  thread?: Thread;
}

/**
 * The native names an agent fires for a failed tool call instead of its
 * post-tool event (Claude Code's and Qwen Code's PostToolUseFailure, Copilot
 * CLI's postToolUseFailure and its PascalCase spelling): install's extra
 * natives of post-tool, in every spelling the agent reads.
 *
 * @param agent The agent.
 * @returns The names.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { failureNatives } from "./reach.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.deepEqual(failureNatives(findAgent("claude-code")!), ["PostToolUseFailure"]);
 * assert.deepEqual(failureNatives(findAgent("gemini-cli")!), []);
 * ```
 */
export function failureNatives(agent: Agent): string[] {
  const also = (agent.install?.alsoNatives?.["post-tool"] ?? []).map((n) => n.toLowerCase());
  const names = [
    ...(agent.install?.alsoNatives?.["post-tool"] ?? []),
    ...Object.keys(agent.aliasEvents),
  ];
  return [...new Set(names.filter((n) => also.includes(n.toLowerCase())))];
}

/**
 * Every native name the agent reads for a contract event: its own, and the
 * other spellings it reads (aliases), with or without the failure natives.
 *
 * @param agent The agent.
 * @param event The contract event.
 * @param failed true: only the failure natives; false: all but them.
 * @returns The names.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { nativesOf } from "./reach.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.deepEqual(nativesOf(findAgent("claude-code")!, "post-tool", false), ["PostToolUse"]);
 * assert.deepEqual(nativesOf(findAgent("claude-code")!, "post-tool", true), ["PostToolUseFailure"]);
 * ```
 */
export function nativesOf(agent: Agent, event: ContractEvent, failed: boolean): string[] {
  const failures = failureNatives(agent);
  const own = agent.events[event]?.native;
  const names = [
    ...(own === undefined ? [] : [own]),
    ...Object.entries(agent.aliasEvents).filter(([, e]) => e === event).map(([n]) => n),
  ];
  return [...new Set(names)].filter((n) => failures.includes(n) === failed);
}

/**
 * The agent's tool names of one kind.
 *
 * @param agent The agent.
 * @param kind The kind.
 * @returns The names, in the table's order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolsOfKind } from "./reach.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.ok(toolsOfKind(findAgent("claude-code")!, "shell").includes("Bash"));
 * ```
 */
export function toolsOfKind(agent: Agent, kind: ToolKind): string[] {
  return Object.entries(agent.tools.names).filter(([, k]) => k === kind).map(([n]) => n);
}

/**
 * The native events one step reached.
 *
 * @param agent The agent.
 * @param step The step's name.
 * @param reaches What the step reaches, in contract terms.
 * @returns One record per native name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { reachedBy } from "./reach.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const r = reachedBy(findAgent("claude-code")!, "fails", [{ event: "post-tool", kind: "shell", failed: true }]);
 * assert.deepEqual(r.map((x) => x.native), ["PostToolUseFailure"]);
 * ```
 */
export function reachedBy(agent: Agent, step: string, reaches: readonly StepReach[]): Reached[] {
  return reaches.flatMap((r) =>
    nativesOf(agent, r.event, r.failed ?? false).map((native) => ({
      native,
      step,
      tools: r.kind === null ? [] : toolsOfKind(agent, r.kind),
      kind: r.kind,
      thread: r.thread ?? "main",
      event: r.event,
    }))
  );
}

/**
 * Whether a matcher takes in one of the names (no matcher, an empty one and
 * `*` take in every name; a matcher that is not a regular expression is a name).
 *
 * @param matcher The matcher, or null.
 * @param names The tool names.
 * @returns Whether one of them matches.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { matcherTakes } from "./reach.ts";
 * assert.ok(matcherTakes("Bash|Edit", ["Edit"]));
 * assert.ok(!matcherTakes("Bash", ["mcp__everyhook__probe"]));
 * ```
 */
export function matcherTakes(matcher: string | null, names: readonly string[]): boolean {
  if (matcher === null || matcher === "" || matcher === "*") return true;
  try {
    const re = new RegExp(`^(?:${matcher})$`);
    return names.some((n) => re.test(n));
  } catch {
    return names.includes(matcher);
  }
}
