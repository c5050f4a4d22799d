/**
 * Builders the agent modules share for their translation cells: the common
 * cells, the `hookSpecificOutput` template, and what a cell rests on.
 * On `run`'s path: imports only types.
 *
 * @module
 */

import type { Basis, Cell, Effect, EventCells, Template } from "./types.ts";

/**
 * A cell that adds context through `hookSpecificOutput.additionalContext`.
 *
 * @param nativeEvent The native event name, written as `hookEventName`.
 * @param basis What the cell rests on.
 * @param note What the agent did with the context, where that is worth saying.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { contextCell } from "./_cells.ts";
 * const c = contextCell("SessionStart", { kind: "binary", case: "ss-addctx" });
 * assert(c.effect === "context");
 * ```
 */
export function contextCell(nativeEvent: string, basis: Basis, note?: string): Cell {
  return {
    stdout: hookSpecific(nativeEvent, { additionalContext: "<context>" }),
    exit: 0,
    effect: "context",
    ...(note === undefined ? {} : { note }),
    basis,
  };
}

/**
 * The basis of a cell that rests on a recorded run of the agent's binary.
 *
 * @param id The case id: in fixtures/conformance/<agent>.json, or of a run of the binary not
 *   recorded there yet.
 * @returns The basis.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordedCase } from "./_cells.ts";
 * assert(recordedCase("pre-deny").kind === "binary");
 * ```
 */
export function recordedCase(id: string): Basis {
  return { kind: "binary", case: id };
}

/**
 * The basis of a cell that rests on the agent's documentation.
 *
 * @param page The address of the page.
 * @param anchor The section on it, if one fits.
 * @returns The basis.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { documentedAt } from "./_cells.ts";
 * const b = documentedAt("https://example.com/hooks", "stop");
 * assert(b.kind === "docs" && b.ref === "https://example.com/hooks#stop");
 * ```
 */
export function documentedAt(page: string, anchor?: string): Basis {
  return { kind: "docs", ref: anchor ? `${page}#${anchor}` : page };
}

/**
 * A cell for a part that is not sent at all: nothing printed, nothing changes.
 *
 * @param note Why the part cannot be sent.
 * @param basis What that rests on.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { droppedCell } from "./_cells.ts";
 * const c = droppedCell("no", { kind: "docs", ref: "https://example.com" });
 * assert(c.becomes === "dropped" && c.effect === "none");
 * ```
 */
export function droppedCell(note: string, basis: Basis): Cell {
  return { exit: 0, effect: "none", becomes: "dropped", note, basis };
}

/**
 * The three decision cells of an event where no decision can be taken: each dropped with the same note.
 *
 * @param note Why no decision can be taken there.
 * @param basis What that rests on.
 * @returns The deny, ask and allow cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { droppedDecisions } from "./_cells.ts";
 * const d = droppedDecisions("too late", { kind: "docs", ref: "https://example.com" });
 * assert(d.deny.becomes === "dropped" && d.allow.note === "too late");
 * ```
 */
export function droppedDecisions(
  note: string,
  basis: Basis,
): Record<"deny" | "ask" | "allow", Cell> {
  return {
    deny: droppedCell(note, basis),
    ask: droppedCell(note, basis),
    allow: droppedCell(note, basis),
  };
}

/**
 * The `hookSpecificOutput` template Claude Code's format (and the agents that
 * copy it) reads; `hookEventName` is always set, because Claude Code ignores an
 * answer whose `hookEventName` is missing or names another event.
 *
 * @param nativeEvent The native event name.
 * @param fields The other fields.
 * @returns `{ hookSpecificOutput: { hookEventName, ...fields } }`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookSpecific } from "./_cells.ts";
 * const t = hookSpecific("PreToolUse", { additionalContext: "<context>" });
 * assert(JSON.stringify(t).includes('"hookEventName":"PreToolUse"'));
 * ```
 */
export function hookSpecific(
  nativeEvent: string,
  fields: { [key: string]: Template },
): { [key: string]: Template } {
  return { hookSpecificOutput: { hookEventName: nativeEvent, ...fields } };
}

/**
 * The stdout of a PreToolUse decision in Claude Code's words (and those of the
 * agents that copy them): `permissionDecision`, with the reason unless
 * `withReason` is false.
 *
 * @param decision The decision.
 * @param withReason Whether `permissionDecisionReason` is written.
 * @returns The stdout template.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { preToolDecision } from "./_cells.ts";
 * const out = preToolDecision("deny") as { hookSpecificOutput: Record<string, unknown> };
 * assert(out.hookSpecificOutput.permissionDecisionReason === "<reason>");
 * ```
 */
export function preToolDecision(
  decision: "deny" | "ask" | "allow",
  withReason = true,
): { [key: string]: Template } {
  return hookSpecific("PreToolUse", {
    permissionDecision: decision,
    ...(withReason ? { permissionDecisionReason: "<reason>" } : {}),
  });
}

/**
 * The approval of a tool that already ran, or of a prompt: nothing to
 * approve, so nothing is sent.
 *
 * @param what `tool` after a tool ran, `prompt` at a prompt.
 * @param basis What it rests on.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { noApprovalCell } from "./_cells.ts";
 * assert(noApprovalCell("prompt", { kind: "docs", ref: "x" }).note === "a prompt needs no approval");
 * ```
 */
export function noApprovalCell(what: "tool" | "prompt", basis: Basis): Cell {
  return droppedCell(
    what === "tool"
      ? "the tool already ran: there is nothing left to approve"
      : "a prompt needs no approval",
    basis,
  );
}

/** The stdout that refuses a prompt, sends a stop back, or gives feedback after a tool, in Claude Code's words (and those of the agents that copy them). */
export const BLOCK: { [key: string]: Template } = { decision: "block", reason: "<reason>" };

/**
 * The cell of a message to the person (`systemMessage`).
 *
 * @param basis What it rests on.
 * @param note What the agent did with it, where that is worth saying.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { messageCell } from "./_cells.ts";
 * assert(messageCell({ kind: "docs", ref: "x" }).effect === "message");
 * ```
 */
export function messageCell(basis: Basis, note?: string): Cell {
  return {
    stdout: { systemMessage: "<message>" },
    exit: 0,
    effect: "message",
    ...(note === undefined ? {} : { note }),
    basis,
  };
}

/**
 * The cell of an answer with no decision: nothing printed.
 *
 * @param basis What it rests on.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { nothingCell } from "./_cells.ts";
 * assert(nothingCell({ kind: "docs", ref: "x" }).stdout === undefined);
 * ```
 */
export function nothingCell(basis: Basis): Cell {
  return { exit: 0, effect: "none", basis };
}

/**
 * The cell of a rewritten input at an event after the tool or without one: not sent.
 *
 * @param basis What it rests on.
 * @param note Why not, where the agent's words say more than the default.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { noInputCell } from "./_cells.ts";
 * assert(noInputCell({ kind: "docs", ref: "x" }).becomes === "dropped");
 * ```
 */
export function noInputCell(
  basis: Basis,
  note = "a tool input can only be rewritten before the tool runs",
): Cell {
  return droppedCell(note, basis);
}

/**
 * The ask and allow of a stop: there is no one to ask, and stopping needs no
 * approval, so neither is sent.
 *
 * @param basis What both rest on.
 * @returns The two cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stopAskAllow } from "./_cells.ts";
 * const cells = stopAskAllow({ kind: "docs", ref: "x" });
 * assert(cells.ask.becomes === "dropped" && cells.allow.becomes === "dropped");
 * ```
 */
export function stopAskAllow(basis: Basis): Pick<EventCells, "ask" | "allow"> {
  return {
    ask: droppedCell("there is no one to ask at a stop: the agent stops", basis),
    allow: droppedCell("stopping is what happens anyway", basis),
  };
}

/**
 * Every cell of an event that takes no answer but the input and no-decision
 * ones: the decisions, the context and the message, each dropped with the same note.
 *
 * @param note Why nothing of an answer is used there.
 * @param basis What that rests on.
 * @returns The five cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { droppedAnswers } from "./_cells.ts";
 * const d = droppedAnswers("over", { kind: "docs", ref: "x" });
 * assert(d.message.becomes === "dropped" && d.context.note === "over");
 * ```
 */
export function droppedAnswers(
  note: string,
  basis: Basis,
): Pick<EventCells, "deny" | "ask" | "allow" | "context" | "message"> {
  return {
    ...droppedDecisions(note, basis),
    context: droppedCell(note, basis),
    message: droppedCell(note, basis),
  };
}

/** What a cell of a refusal says and rests on. */
export interface Said {
  /** What the agent does with it, where that is worth saying. */
  note?: string;
  /** What it rests on. */
  basis: Basis;
}

/**
 * The deny and the ask of an event where the agent cannot ask: both print the
 * same refusal, the ask becoming a deny.
 *
 * @param stdout The refusal's stdout.
 * @param effect What the refusal does.
 * @param deny The deny's note and basis.
 * @param ask Why the ask became a refusal, and what that rests on (the deny's basis when left out).
 * @returns The two cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { BLOCK, refusalCells } from "./_cells.ts";
 * const b = { kind: "binary", case: "prompt-block" } as const;
 * const cells = refusalCells(BLOCK, "blocked", { basis: b }, { note: "cannot ask" });
 * assert(cells.ask.becomes === "deny" && cells.ask.basis === b && cells.deny.note === undefined);
 * ```
 */
export function refusalCells(
  stdout: { [key: string]: Template },
  effect: Effect,
  deny: Said,
  ask: { note: string; basis?: Basis },
): Pick<EventCells, "deny" | "ask"> {
  return {
    deny: { stdout, exit: 0, effect, ...deny },
    ask: {
      stdout,
      exit: 0,
      effect,
      becomes: "deny",
      note: ask.note,
      basis: ask.basis ?? deny.basis,
    },
  };
}

/**
 * The decisions of a session start: none can be taken, so each is dropped.
 *
 * @param basis What that rests on.
 * @param note Why, where the agent's words say more than the default.
 * @returns The deny, ask and allow cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { startDecisions } from "./_cells.ts";
 * const d = startDecisions({ kind: "docs", ref: "x" });
 * assert(d.ask.becomes === "dropped" && d.deny.note?.includes("session start"));
 * ```
 */
export function startDecisions(
  basis: Basis,
  note = "a session start cannot be refused, asked about or approved",
): Record<"deny" | "ask" | "allow", Cell> {
  return droppedDecisions(note, basis);
}
