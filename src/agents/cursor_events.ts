/**
 * Cursor's events: their native names and, for each, the translation cells
 * (what everyhook prints for each part of an answer, and what Cursor does with
 * it). On `run`'s path: imports only _cells.ts and types.
 *
 * @module
 */

import type { AgentEvent, Basis, Cell, EventCells } from "./types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import * as cells from "./_cells.ts";

const REFERENCE = "https://cursor.com/docs/hooks";

/** Every Cursor cell rests on its hooks reference: no Cursor binary was run here. */
function documented(anchor: string): Basis {
  return cells.documentedAt(REFERENCE, anchor);
}

const NOTHING: Cell = cells.nothingCell(documented("hook-events"));
const NO_INPUT = cells.noInputCell(
  documented("pretooluse"),
  "a tool input can only be rewritten before the tool runs (preToolUse updated_input)",
);

/**
 * What a permission event prints for no opinion. Cursor's reference does not make
 * an allow necessary: its own audit.sh example prints nothing at beforeShellExecution
 * and beforeMCPExecution, and a failed hook lets the action through unless the entry
 * has failClosed. But failClosed (which install writes with --fail-closed) blocks on
 * "invalid JSON", and the reference does not say whether empty output counts; `{}`
 * is valid JSON that decides nothing. An allow would be an approval the hook never
 * gave, so everyhook does not print one.
 */
const NO_OPINION: Cell = {
  stdout: {},
  exit: 0,
  effect: "none",
  note:
    'printed as {} and not {"permission":"allow"}: the reference does not require an allow (its audit.sh example prints nothing before a shell command), an allow would approve what the hook only let pass, and {} stays valid JSON for an entry with failClosed, which blocks on invalid JSON',
  basis: documented("beforeshellexecution-beforemcpexecution"),
};

const PRE_TOOL: EventCells = {
  ...cells.refusalCells(
    { permission: "deny", agent_message: "<reason>", user_message: "<reason>" },
    "blocked",
    {
      note:
        "agent_message goes to the model and user_message to the person; the person sees the reason unless the answer has a message",
      basis: documented("pretooluse"),
    },
    {
      note:
        'Cursor accepts "ask" at preToolUse but does not enforce it, so everyhook refuses the call with the reason (beforeShellExecution and beforeMCPExecution do ask, when wired by hand)',
    },
  ),
  allow: {
    stdout: { permission: "allow" },
    exit: 0,
    effect: "approved",
    note:
      "when several hooks answer, Cursor merges their answers, and a source of higher priority wins",
    basis: documented("pretooluse"),
  },
  context: cells.droppedCell(
    "Cursor's preToolUse takes no added context",
    documented("pretooluse"),
  ),
  message: {
    stdout: { user_message: "<message>" },
    exit: 0,
    effect: "message",
    note: "Cursor shows user_message only when the call is denied",
    basis: documented("pretooluse"),
  },
  input: {
    stdout: { updated_input: "<input>" },
    exit: 0,
    effect: "rewritten",
    basis: documented("pretooluse"),
  },
  none: NO_OPINION,
};

const POST_TOOL: EventCells = {
  deny: {
    stdout: { additional_context: "<reason>" },
    exit: 0,
    effect: "feedback",
    becomes: "context",
    note:
      "Cursor's postToolUse cannot refuse a result: the reason is added after the tool's result as context (a context in the same answer takes its place)",
    basis: documented("posttooluse"),
  },
  ask: {
    stdout: { additional_context: "<reason>" },
    exit: 0,
    effect: "feedback",
    becomes: "context",
    note:
      "the tool already ran, so there is nothing to ask: the reason is added after the tool's result as context",
    basis: documented("posttooluse"),
  },
  allow: cells.noApprovalCell("tool", documented("posttooluse")),
  context: {
    stdout: { additional_context: "<context>" },
    exit: 0,
    effect: "context",
    basis: documented("posttooluse"),
  },
  message: cells.droppedCell(
    "Cursor's postToolUse has no message for the person",
    documented("posttooluse"),
  ),
  input: NO_INPUT,
  none: NOTHING,
};

const PROMPT: EventCells = {
  ...cells.refusalCells({ continue: false, user_message: "<reason>" }, "blocked", {
    note:
      "the prompt is not sent, so the model never sees the reason: Cursor shows it to the person",
    basis: documented("beforesubmitprompt"),
  }, {
    note: "Cursor cannot ask about a prompt: the prompt is refused and the person sees the reason",
  }),
  allow: cells.noApprovalCell("prompt", documented("beforesubmitprompt")),
  context: cells.droppedCell(
    "Cursor's beforeSubmitPrompt takes no added context",
    documented("beforesubmitprompt"),
  ),
  message: {
    stdout: { user_message: "<message>" },
    exit: 0,
    effect: "message",
    note: "Cursor shows user_message only when the prompt is refused",
    basis: documented("beforesubmitprompt"),
  },
  input: NO_INPUT,
  none: {
    ...NO_OPINION,
    note:
      "printed as {}: valid JSON that decides nothing, so that an entry with failClosed (which blocks on invalid JSON) lets the prompt through",
    basis: documented("beforesubmitprompt"),
  },
};

const NOT_AT_START =
  "Cursor does not wait for sessionStart: a start cannot be refused, asked about or approved";

const SESSION_START: EventCells = {
  ...cells.startDecisions(documented("sessionstart"), NOT_AT_START),
  context: {
    stdout: { additional_context: "<context>" },
    exit: 0,
    effect: "context",
    note: "added to the conversation's initial system context",
    basis: documented("sessionstart"),
  },
  message: cells.droppedCell(
    "Cursor accepts user_message at sessionStart but does not use it",
    documented("sessionstart"),
  ),
  input: NO_INPUT,
  none: NOTHING,
};

const AT_END = "Cursor logs a sessionEnd hook's answer and uses nothing from it";

const SESSION_END: EventCells = {
  ...cells.droppedDecisions(AT_END, documented("sessionend")),
  context: cells.droppedCell(AT_END, documented("sessionend")),
  message: cells.droppedCell(AT_END, documented("sessionend")),
  input: NO_INPUT,
  none: NOTHING,
};

/** The cells of stop and subagentStop: deny is a follow-up message that sends the agent back. */
function stopCells(anchor: string, note: string): EventCells {
  return {
    deny: {
      stdout: { followup_message: "<reason>" },
      exit: 0,
      effect: "sent-back",
      note,
      basis: documented(anchor),
    },
    ...cells.stopAskAllow(documented(anchor)),
    context: cells.droppedCell(`Cursor's ${anchor} takes no added context`, documented(anchor)),
    message: cells.droppedCell(
      `Cursor's ${anchor} has no message for the person`,
      documented(anchor),
    ),
    input: NO_INPUT,
    none: NOTHING,
  };
}

/**
 * Cursor's events, by contract event: the names install writes, and their cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CURSOR_EVENTS } from "./cursor_events.ts";
 * assert(CURSOR_EVENTS["stop"]?.native === "stop");
 * ```
 */
export const CURSOR_EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "preToolUse",
    info: "Before a tool runs: refuse it (ask is refused too), approve it or rewrite its input.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "postToolUse",
    info: "After a tool ran: add context (a refusal becomes context).",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "beforeSubmitPrompt",
    info: "When the person submits a prompt: refuse it before the model sees it.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "sessionStart",
    info: "When a conversation starts: add context.",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "sessionEnd",
    info: "When a conversation ends: for logs and clean-up; an answer changes nothing.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "stop",
    info: "When the agent loop ends: send it back to work with a follow-up message.",
    matcher: false,
    cells: stopCells(
      "stop",
      "the reason is submitted as the next user message; Cursor does this at most loop_limit times (5 by default) per hook",
    ),
  },
  "subagent-stop": {
    native: "subagentStop",
    info: "When a subagent ends: send it back to work with a follow-up message.",
    matcher: false,
    cells: stopCells(
      "subagentstop",
      'Cursor uses the follow-up only when the subagent\'s status is "completed", at most loop_limit times (5 by default)',
    ),
  },
};

/** The cells of an event that only informs: Cursor's reference lists no output for it. */
function informsOnly(anchor: string, name: string): EventCells {
  const why = `Cursor's ${name} takes no answer: the reference lists no output for it`;
  return {
    ...cells.droppedDecisions(why, documented(anchor)),
    context: cells.droppedCell(why, documented(anchor)),
    message: cells.droppedCell(why, documented(anchor)),
    input: NO_INPUT,
    none: { ...NOTHING, basis: documented(anchor) },
  };
}

/** The cells of beforeShellExecution and beforeMCPExecution: like preToolUse, but ask is asked. */
function beforeExecution(anchor: string): EventCells {
  return {
    ...PRE_TOOL,
    deny: { ...PRE_TOOL.deny, basis: documented(anchor) },
    ask: {
      stdout: { permission: "ask", agent_message: "<reason>", user_message: "<reason>" },
      exit: 0,
      effect: "asked",
      basis: documented(anchor),
    },
    allow: { ...PRE_TOOL.allow, basis: documented(anchor) },
    context: cells.droppedCell("this event takes no added context", documented(anchor)),
    input: cells.droppedCell(
      "this event takes no new input (preToolUse's updated_input can)",
      documented(anchor),
    ),
    none: { ...NO_OPINION, basis: documented(anchor) },
  };
}

const BEFORE_READ = "beforereadfile";

/**
 * The cells of the events `run` reads besides the ones install writes, where their
 * answers differ from those of their contract event: afterFileEdit and the other
 * after-events take no answer, beforeReadFile has no message for the model, and the
 * shell and MCP permission events can ask.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CURSOR_ALIAS_CELLS } from "./cursor_events.ts";
 * assert(CURSOR_ALIAS_CELLS.afterFileEdit?.deny.becomes === "dropped");
 * ```
 */
export const CURSOR_ALIAS_CELLS: Readonly<Record<string, EventCells>> = {
  afterFileEdit: informsOnly("afterfileedit", "afterFileEdit"),
  afterShellExecution: informsOnly("aftershellexecution", "afterShellExecution"),
  afterMCPExecution: informsOnly("aftermcpexecution", "afterMCPExecution"),
  postToolUseFailure: informsOnly("posttoolusefailure", "postToolUseFailure"),
  beforeShellExecution: beforeExecution("beforeshellexecution-beforemcpexecution"),
  beforeMCPExecution: beforeExecution("beforeshellexecution-beforemcpexecution"),
  beforeReadFile: {
    ...PRE_TOOL,
    deny: {
      stdout: { permission: "deny", user_message: "<reason>" },
      exit: 0,
      effect: "blocked",
      note: "beforeReadFile has no message for the model: the person sees the reason",
      basis: documented(BEFORE_READ),
    },
    ask: {
      stdout: { permission: "deny", user_message: "<reason>" },
      exit: 0,
      effect: "blocked",
      becomes: "deny",
      note: "beforeReadFile cannot ask: the read is refused and the person sees the reason",
      basis: documented(BEFORE_READ),
    },
    allow: {
      stdout: { permission: "allow" },
      exit: 0,
      effect: "approved",
      basis: documented(BEFORE_READ),
    },
    context: cells.droppedCell("beforeReadFile takes no added context", documented(BEFORE_READ)),
    message: {
      stdout: { user_message: "<message>" },
      exit: 0,
      effect: "message",
      note: "Cursor shows user_message only when the read is refused",
      basis: documented(BEFORE_READ),
    },
    input: cells.droppedCell("beforeReadFile takes no new input", documented(BEFORE_READ)),
    none: { ...NO_OPINION, basis: documented(BEFORE_READ) },
  },
};
