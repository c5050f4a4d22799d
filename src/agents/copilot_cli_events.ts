/**
 * GitHub Copilot CLI's events: their native names and, for each, the
 * translation cells (what everyhook prints for each part of an answer, and what
 * Copilot CLI does with it). On `run`'s path: imports only _cells.ts and types.
 *
 * @module
 */

import type { AgentEvent, Basis, Cell, EventCells } from "./types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import * as cells from "./_cells.ts";

const REFERENCE =
  "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference";

/** A cell resting on a recorded run of Copilot CLI 1.0.102: the case id in fixtures/conformance/copilot-cli.json. */
const seen = cells.recordedCase;

/** A cell resting on Copilot CLI's hooks reference. */
function documented(anchor: string): Basis {
  return cells.documentedAt(REFERENCE, anchor);
}

const NOTHING: Cell = cells.nothingCell(seen("pre-nothing"));
const NO_MESSAGE = cells.droppedCell(
  "Copilot CLI has no field for a message to the person in a command hook's answer",
  documented("hook-events"),
);
const NO_INPUT = cells.noInputCell(documented("pretooluse-decision-control"));

/**
 * The message, input and no-decision cells of an event after a tool or without
 * one: no message can be sent, nor an input, and no decision prints nothing.
 */
function unanswered(anchor: string): Pick<EventCells, "message" | "input" | "none"> {
  return { message: NO_MESSAGE, input: NO_INPUT, none: cells.nothingCell(documented(anchor)) };
}

/** Context as Copilot CLI takes it: a top-level `additionalContext`. */
function contextAnswer(note: string, basis: Basis): Cell {
  return { stdout: { additionalContext: "<context>" }, exit: 0, effect: "context", note, basis };
}

const PRE_TOOL: EventCells = {
  deny: {
    stdout: { permissionDecision: "deny", permissionDecisionReason: "<reason>" },
    exit: 0,
    effect: "blocked",
    note: 'the model gets "Denied by preToolUse hook: <reason>" as the tool result',
    basis: seen("pre-deny"),
  },
  ask: {
    stdout: { permissionDecision: "ask", permissionDecisionReason: "<reason>" },
    exit: 0,
    effect: "asked",
    note:
      "with no one to ask (copilot -p) Copilot CLI refused the call and gave the model the reason",
    basis: seen("pre-ask"),
  },
  allow: {
    stdout: { permissionDecision: "allow" },
    exit: 0,
    effect: "approved",
    note: "the call ran without --allow-all-tools, and the permissionRequest hook was skipped",
    basis: seen("pre-allow-no-flag"),
  },
  context: contextAnswer("added as a user message after the tool's result", seen("pre-context")),
  message: NO_MESSAGE,
  input: {
    stdout: { modifiedArgs: "<input>" },
    exit: 0,
    effect: "rewritten",
    note:
      "the model's tool call in the history is rewritten too; Copilot CLI's own display still shows the original",
    basis: seen("pre-modified-args"),
  },
  none: NOTHING,
};

const POST_TOOL: EventCells = {
  ...cells.refusalCells(cells.BLOCK, "feedback", {
    note:
      'a permissionDecision deny does nothing after the tool; decision block replaces the result with "Tool result blocked: <reason>"',
    basis: seen("post-block"),
  }, {
    note:
      "the tool already ran, so there is nothing to ask: its result is replaced with the reason",
  }),
  allow: cells.noApprovalCell("tool", documented("posttooluse")),
  context: contextAnswer(
    "appended to the tool's result as guidance from postToolUse hooks",
    seen("post-context"),
  ),
  ...unanswered("posttooluse"),
};

const PROMPT: EventCells = {
  ...cells.refusalCells(cells.BLOCK, "blocked", {
    note:
      "the prompt is not sent, so the model never sees the reason: Copilot CLI prints it for the person and, in a -p run, exits with code 1",
    basis: seen("prompt-block"),
  }, { note: "Copilot CLI cannot ask about a prompt: the prompt is refused with the reason" }),
  allow: cells.noApprovalCell("prompt", documented("userpromptsubmitted")),
  context: contextAnswer(
    "appended to the prompt inside <system_reminder> tags",
    seen("prompt-context"),
  ),
  ...unanswered("userpromptsubmitted"),
};

const SESSION_START: EventCells = {
  ...cells.startDecisions(documented("sessionstart")),
  context: contextAnswer(
    "sent as a user message of its own before the first prompt",
    seen("start-context"),
  ),
  ...unanswered("sessionstart"),
};

const AT_END = "the session is over: Copilot CLI ignores a sessionEnd hook's answer";

const SESSION_END: EventCells = {
  ...cells.droppedDecisions(AT_END, documented("sessionend")),
  context: cells.droppedCell(AT_END, documented("sessionend")),
  ...unanswered("sessionend"),
};

/**
 * The cells of agentStop and subagentStop: deny (`decision: "block"`) sends the
 * agent (or subagent) back to work.
 */
function stopCells(deny: { note: string; basis: Basis }, anchor: string): EventCells {
  return {
    deny: { stdout: cells.BLOCK, exit: 0, effect: "sent-back", note: deny.note, basis: deny.basis },
    ...cells.stopAskAllow(documented(anchor)),
    context: cells.droppedCell(
      `Copilot CLI's ${anchor} takes no added context`,
      documented(anchor),
    ),
    ...unanswered(anchor),
  };
}

/**
 * Copilot CLI's events, by contract event: the camelCase names install writes,
 * and their cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { COPILOT_CLI_EVENTS } from "./copilot_cli_events.ts";
 * assert(COPILOT_CLI_EVENTS["pre-tool"]?.native === "preToolUse");
 * ```
 */
export const COPILOT_CLI_EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "preToolUse",
    info:
      "Before a tool runs: refuse it, ask the person, approve it, rewrite its input or add context.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "postToolUse",
    info: "After a tool ran: replace its result with a reason, or add context to it.",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "userPromptSubmitted",
    info: "When the person submits a prompt: refuse it before the model sees it, or add context.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "sessionStart",
    info: "When a session starts or resumes: add context.",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "sessionEnd",
    info: "When the session ends: for logs and clean-up; an answer changes nothing.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "agentStop",
    info: "When the agent is about to end its turn: send it back to work with a reason.",
    matcher: false,
    cells: stopCells({
      note:
        "the reason comes back as a new user message; Copilot CLI stops sending the agent back after 8 times",
      basis: seen("stop-block"),
    }, "agentstop"),
  },
  "subagent-stop": {
    native: "subagentStop",
    info: "When a subagent is about to finish: send it back to work with a reason.",
    matcher: false,
    cells: stopCells({
      note:
        "the subagent goes back to work with the reason; an agentStop a subagent fires at the end of its own turn is not a subagentStop, and a block there was ignored",
      basis: seen("subagent-stop-block"),
    }, "subagentstop"),
  },
};

/** The words Copilot CLI puts before a failed tool's guidance (seen with the bash tool). */
const GUIDANCE =
  'a user message after the failed call\'s result: "Tool "<tool>" failed. Additional guidance from postToolUseFailure hooks:\n<text>"';

/** A refusal or an ask after a failed tool, which Copilot CLI takes only as guidance. */
function asGuidance(note: string): Cell {
  return {
    stdout: { additionalContext: "<reason>" },
    exit: 0,
    effect: "feedback",
    becomes: "context",
    note,
    basis: seen("postfail-context"),
  };
}

/**
 * The cells of a failed tool's event: Copilot CLI takes guidance there (a
 * top-level additionalContext, or exit 2 with stderr), under either spelling of
 * the key; a block, a deny, a modifiedResult or Claude's hookSpecificOutput are
 * ignored there. A command that runs and exits non-zero is not a failure: it
 * fires postToolUse.
 */
const POST_TOOL_FAILURE: EventCells = {
  ...POST_TOOL,
  deny: asGuidance(
    `the call already failed and a block or deny is ignored here: the reason goes to the model as ${GUIDANCE}`,
  ),
  ask: asGuidance(
    `the call already failed, so there is nothing to ask: the reason goes as ${GUIDANCE}`,
  ),
  context: contextAnswer(`given to the model as ${GUIDANCE}`, seen("postfail-context")),
  none: cells.nothingCell(seen("postfail-nothing")),
};

/**
 * The cells of the events `run` reads whose answers differ from their contract
 * event's: the failed-tool events, which take guidance and not a block.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { COPILOT_CLI_ALIAS_CELLS } from "./copilot_cli_events.ts";
 * assert(COPILOT_CLI_ALIAS_CELLS.postToolUseFailure?.deny.becomes === "context");
 * ```
 */
export const COPILOT_CLI_ALIAS_CELLS: Readonly<Record<string, EventCells>> = {
  postToolUseFailure: POST_TOOL_FAILURE,
  PostToolUseFailure: POST_TOOL_FAILURE,
};
