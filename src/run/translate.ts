/**
 * The translation of an answer into what one agent understands at one event.
 * It reads the cells of the agent's module (the table) and composes them: the
 * parts of one answer are merged key by key. `run`, `bench` and `explain` all
 * read the same cells. This module is on `run`'s path: it imports nothing else.
 *
 * @module
 */

import type { ContractEvent, HookAnswer } from "../contract/contract.ts";
import type { Agent, AnswerPart, Cell, Effect, Template } from "../agents/types.ts";

/** What everyhook prints for an answer, and what the agent does with it. */
export interface Translation {
  /** The exact text printed on stdout (empty for nothing). */
  stdout: string;
  /** The text printed on stderr (usually empty). */
  stderr: string;
  /** The exit code. */
  exit: number;
  /** What the agent does, the main effect first; `["none"]` when nothing changes. */
  effects: Effect[];
  /** The parts of the answer, and the cell each was written with. */
  parts: Array<{ part: AnswerPart; cell: Cell }>;
  /** What had to become something else, or was dropped. */
  notes: string[];
}

/** What translate() needs besides the answer. */
export interface TranslateOptions {
  /**
   * The event name the agent sent, when it is one of the agent's alias names for
   * this event (Claude Code's PostToolUseFailure for post-tool): `"<event>"` in
   * a cell is written as it, so the answer names the event the agent asked about,
   * and the alias's own cells are used where the agent has them (`aliasCells`).
   */
  nativeEvent?: string;
}

/** The reason used when a hook refuses without giving one. */
export const DEFAULT_REASON = "A hook refused this without giving a reason.";

/** The reason used when a stop hook sends the agent back without giving one. */
export const DEFAULT_STOP_REASON = "A hook asked you to keep working before you stop.";

/**
 * Translate an answer for one agent and event.
 *
 * @param agent The agent.
 * @param event The contract event; the agent must have it.
 * @param answer The hook's answer (an empty object is no opinion).
 * @returns What to print and what it does.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { translate } from "./translate.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const agent = findAgent("claude-code")!;
 * if (agent.events["pre-tool"]) {
 *   const t = translate(agent, "pre-tool", { decision: "deny", reason: "no" });
 *   assert(t.effects[0] === "blocked");
 * }
 * ```
 */
export function translate(
  agent: Agent,
  event: ContractEvent,
  answer: HookAnswer,
  options: TranslateOptions = {},
): Translation {
  const table = agent.events[event];
  if (!table) throw new RangeError(`${agent.name} has no event "${event}"`);
  const sent = options.nativeEvent;
  const alias = sent !== undefined && agent.aliasEvents[sent] === event ? sent : undefined;
  const nativeEvent = alias ?? table.native;
  const cells = (alias !== undefined ? agent.aliasCells?.[alias] : undefined) ?? table.cells;
  const notes: string[] = [];
  const parts: Array<{ part: AnswerPart; cell: Cell }> = [];
  const decision: AnswerPart = answer.decision ?? "none";
  parts.push({ part: decision, cell: cells[decision] });
  if (answer.context !== undefined) parts.push({ part: "context", cell: cells.context });
  if (answer.message !== undefined) parts.push({ part: "message", cell: cells.message });
  if (answer.input !== undefined) {
    if (answer.decision === undefined || answer.decision === "allow") {
      parts.push({ part: "input", cell: cells.input });
    } else {
      notes.push(
        `input dropped: it is taken only with allow or no decision, not with ${answer.decision}`,
      );
    }
  }
  const isStop = event === "stop" || event === "subagent-stop";
  const values: Record<string, string> = {
    event: nativeEvent,
    reason: answer.reason ?? (isStop ? DEFAULT_STOP_REASON : DEFAULT_REASON),
    message: answer.message ?? "",
    context: answer.context ?? "",
  };
  let merged: { [key: string]: Template } | undefined;
  const stderr: string[] = [];
  let exit = 0;
  const effects: Effect[] = [];
  for (const { part, cell } of parts) {
    if (cell.note) notes.push(`${part}: ${cell.note}`);
    if (cell.becomes === "dropped") continue;
    if (cell.stdout) merged = mergeTemplates(merged ?? {}, cell.stdout);
    if (cell.stderr) stderr.push(fill(cell.stderr, values, answer.input) as string);
    exit = Math.max(exit, cell.exit);
    if (cell.effect !== "none" && !effects.includes(cell.effect)) effects.push(cell.effect);
  }
  if (effects.length === 0) effects.push("none");
  const stdout = merged === undefined ? "" : JSON.stringify(fill(merged, values, answer.input));
  return { stdout, stderr: stderr.join("\n"), exit, effects, parts, notes };
}

/**
 * Merge two JSON templates: objects key by key, anything else from `b`.
 *
 * @param a The first template.
 * @param b The second; its values win.
 * @returns A new merged template.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeTemplates } from "./translate.ts";
 * const m = mergeTemplates({ a: { x: 1 } }, { a: { y: 2 } });
 * assert(JSON.stringify(m) === '{"a":{"x":1,"y":2}}');
 * ```
 */
export function mergeTemplates(
  a: { [key: string]: Template },
  b: { [key: string]: Template },
): { [key: string]: Template } {
  const out: { [key: string]: Template } = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    out[key] = isObject(prev) && isObject(value) ? mergeTemplates(prev, value) : value;
  }
  return out;
}

function isObject(v: Template | undefined): v is { [key: string]: Template } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A text as one single-quoted POSIX shell word (a quote inside ends, escapes and reopens it). */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

function fill(t: Template, values: Record<string, string>, input: unknown): unknown {
  if (typeof t === "string") {
    if (t === "<input>") return input ?? {};
    return t.replace(
      /<(event|reason|message|context|reason-sh)>/g,
      (_, k: string) => k === "reason-sh" ? shellWord(values.reason ?? "") : values[k] ?? "",
    );
  }
  if (Array.isArray(t)) return t.map((x) => fill(x, values, input));
  if (isObject(t)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(t)) out[k] = fill(v, values, input);
    return out;
  }
  return t;
}
