/**
 * Builders the agent modules share for their translation cells: the common
 * cells, the `hookSpecificOutput` template, and what a cell rests on.
 * On `run`'s path: imports only types.
 *
 * @module
 */

import type { Basis, Cell, Template } from "./types.ts";

/**
 * A cell that adds context through `hookSpecificOutput.additionalContext`.
 *
 * @param nativeEvent The native event name, written as `hookEventName`.
 * @param basis What the cell rests on.
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
export function contextCell(nativeEvent: string, basis: Basis): Cell {
  return {
    stdout: hookSpecific(nativeEvent, { additionalContext: "<context>" }),
    exit: 0,
    effect: "context",
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
