/**
 * Factory Droid: its events, tools, payloads, translation cells and files. Its
 * hooks take Claude Code's layout and names in `settings.json` (the `hooks.json`
 * files its reference names were not read by the pinned binary); it ignores
 * Claude Code's legacy top-level `decision: "block"` before a tool, so only
 * `permissionDecision` is written; `droid exec` fires no prompt event, and
 * PostToolUse only after a tool that succeeded.
 *
 * @module
 */

import type { Agent, AgentEvent, Basis, Cell, EventCells, Template, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import {
  obj,
  outputText,
  parseInput,
  snakeCaseDocument,
  str,
  toolCall,
  toolKind,
} from "./_payload.ts";
import { contentText, lastLineText } from "./_transcript.ts";
import {
  contextCell,
  documentedAt,
  droppedCell,
  droppedDecisions,
  hookSpecific,
  recordedCase,
} from "./_cells.ts";

const DOCS = "https://docs.factory.ai/reference/hooks-reference";

/** A cell resting on a recorded run: the case id in fixtures/conformance/factory-droid.json. */
const seen = recordedCase;

/** A cell resting on the hooks reference. */
function documented(anchor?: string): Basis {
  return documentedAt(DOCS, anchor);
}

const NOTHING: Cell = { exit: 0, effect: "none", basis: documented("hook-output") };
const MESSAGE: Cell = {
  stdout: { systemMessage: "<message>" },
  exit: 0,
  effect: "message",
  note: "droid exec neither printed it nor sent it to the model",
  basis: documented("common-json-fields"),
};
const NO_INPUT = droppedCell(
  "a tool input can only be rewritten before the tool runs",
  documented("pretooluse-decision-control"),
);
const BLOCK: { [key: string]: Template } = { decision: "block", reason: "<reason>" };
const PRE_DENY = hookSpecific("PreToolUse", {
  permissionDecision: "deny",
  permissionDecisionReason: "<reason>",
});

const PRE_TOOL: EventCells = {
  deny: {
    stdout: PRE_DENY,
    exit: 0,
    effect: "blocked",
    note:
      'the model gets "Error: <reason>"; Claude Code\'s legacy {"decision":"block"} did not block here, so everyhook never writes it',
    basis: seen("pre-deny-json"),
  },
  ask: {
    stdout: PRE_DENY,
    exit: 0,
    effect: "blocked",
    becomes: "deny",
    note:
      "droid exec ran the tool when a hook asked (there is no one to ask, and it did not refuse): everyhook refuses instead",
    basis: seen("pre-ask"),
  },
  allow: {
    stdout: hookSpecific("PreToolUse", {
      permissionDecision: "allow",
      permissionDecisionReason: "<reason>",
    }),
    exit: 0,
    effect: "approved",
    note:
      "droid exec ran the force push without the hook's allow too, so the approval could not be told apart",
    basis: documented("pretooluse-decision-control"),
  },
  context: droppedCell(
    "Droid did not pass a PreToolUse additionalContext to the model",
    seen("pre-context"),
  ),
  message: MESSAGE,
  input: {
    stdout: hookSpecific("PreToolUse", { updatedInput: "<input>" }),
    exit: 0,
    effect: "rewritten",
    basis: seen("pre-updated-input-noallow"),
  },
  none: { ...NOTHING, basis: seen("pre-nothing") },
};

const FEEDBACK: Cell = {
  stdout: hookSpecific("PostToolUse", { additionalContext: "<reason>" }),
  exit: 0,
  effect: "feedback",
  note:
    'Droid did not pass {"decision":"block"} after the tool ran to the model, and additionalContext did reach it: the reason goes as context',
  basis: seen("post-context"),
};

const POST_TOOL: EventCells = {
  deny: FEEDBACK,
  ask: {
    ...FEEDBACK,
    becomes: "deny",
    note:
      "the tool already ran, so there is nothing to ask: the reason goes to the model as context",
  },
  allow: droppedCell(
    "the tool already ran: there is nothing left to approve",
    documented("posttooluse-decision-control"),
  ),
  context: contextCell("PostToolUse", seen("post-context")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const NOT_IN_EXEC = "droid exec fires no UserPromptSubmit for the person's prompt";

const PROMPT: EventCells = {
  deny: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    note: `${NOT_IN_EXEC}: this holds in an interactive session`,
    basis: documented("userpromptsubmit-decision-control"),
  },
  ask: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    becomes: "deny",
    note: "Droid cannot ask about a prompt: the prompt is refused",
    basis: documented("userpromptsubmit-decision-control"),
  },
  allow: droppedCell("a prompt needs no approval", documented("userpromptsubmit-decision-control")),
  context: {
    ...contextCell("UserPromptSubmit", documented("userpromptsubmit-decision-control")),
    note: `${NOT_IN_EXEC}: this holds in an interactive session`,
  },
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const SESSION_START: EventCells = {
  ...droppedDecisions(
    "a session start cannot be refused, asked about or approved",
    documented("sessionstart"),
  ),
  context: contextCell("SessionStart", seen("ss-context")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const AT_END = "the session is over: nothing can be refused, approved or added";

const SESSION_END: EventCells = {
  ...droppedDecisions(AT_END, documented("sessionend")),
  context: droppedCell(AT_END, documented("sessionend")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const STOP: EventCells = {
  deny: { stdout: BLOCK, exit: 0, effect: "sent-back", basis: seen("stop-block") },
  ask: droppedCell("there is no one to ask at a stop: the agent stops", documented("stop")),
  allow: droppedCell("stopping is what happens anyway", documented("stop")),
  context: droppedCell(
    "Droid did not pass context at a stop to the model: only a deny with a reason sends it back",
    seen("stop-context"),
  ),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const SUBAGENT_DONE =
  "the sub-agent's own session had already ended: a block neither sent it back nor reached the model; the Stop that fires in the sub-agent's own session does send it back";

const SUBAGENT_STOP: EventCells = {
  ...droppedDecisions(SUBAGENT_DONE, seen("subagent-stop-block")),
  context: droppedCell(SUBAGENT_DONE, seen("subagent-stop-block")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "PreToolUse",
    info:
      "Before a tool runs: refuse it (the model gets the reason), rewrite its input, or approve it.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "PostToolUse",
    info:
      "After a tool ran and succeeded (a tool that failed fires nothing): tell the model something about it, as context.",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "UserPromptSubmit",
    info:
      "When the person submits a prompt in an interactive session: refuse it or add context. droid exec does not fire it.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "SessionStart",
    info:
      "When a session starts (a sub-agent's too): add context (plain text on stdout is context too).",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "SessionEnd",
    info: "When the session ends: for logs and clean-up; an answer changes nothing.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "Stop",
    info:
      "When the agent (or a sub-agent, in its own session) is about to end its turn: send it back to work with a reason.",
    matcher: false,
    cells: STOP,
  },
  "subagent-stop": {
    native: "SubagentStop",
    info: "After a sub-agent (the Task tool) finished: for logs; an answer changes nothing.",
    matcher: false,
    cells: SUBAGENT_STOP,
  },
};

const TOOLS: ToolTable = {
  names: {
    Execute: "shell",
    Edit: "edit",
    MultiEdit: "edit",
    ApplyPatch: "edit",
    Create: "write",
    Read: "read",
    Task: "agent",
  },
  // The binary names an MCP tool `<server>___<tool>`.
  patterns: [{ pattern: "___", kind: "mcp" }],
};

/** The tool call of a PreToolUse or PostToolUse payload. */
function readTool(name: string, payload: Record<string, unknown>, event: ContractEvent): ToolCall {
  const input = parseInput(payload.tool_input);
  const fields = obj(input) ?? {};
  const kind = toolKind(TOOLS, name);
  return toolCall({
    name,
    kind,
    input,
    command: kind === "shell" ? str(fields.command) : undefined,
    path: kind === "other" ? undefined : str(fields.file_path),
    output: event === "post-tool" ? outputText(payload.tool_response) : undefined,
    // PostToolUse fires only when the tool succeeded.
    failed: event === "post-tool" ? false : undefined,
  });
}

/**
 * Read a Droid payload into the contract's document: the snake_case fields
 * Claude Code set; at SubagentStop, `task_result` is the sub-agent's last message.
 *
 * @param payload The payload, whole.
 * @param event The contract event.
 * @returns The document.
 */
function read(payload: Record<string, unknown>, event: ContractEvent): HookDocument {
  const doc = snakeCaseDocument("factory-droid", payload, event, EVENTS[event]?.native ?? event);
  const name = str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event);
  const result = str(payload.task_result);
  if (doc.stop && doc.stop.lastMessage === undefined && result !== undefined && result !== "") {
    doc.stop.lastMessage = result;
  }
  return doc;
}

/**
 * The text of the last assistant message in a Droid session file (JSON Lines
 * under `~/.factory/sessions/`: `type: "message"` lines, `message.role`,
 * `message.content[]` blocks).
 */
function lastAssistantText(transcript: string): string | undefined {
  return lastLineText(transcript, (line) => {
    const message = obj(line.message);
    return line.type === "message" && message?.role === "assistant"
      ? contentText(message.content, "text")
      : undefined;
  });
}

/**
 * Factory Droid as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { factoryDroid } from "./factory_droid.ts";
 * console.assert(factoryDroid.id === "factory-droid");
 * ```
 */
export const factoryDroid: Agent = {
  id: "factory-droid",
  name: "Factory Droid",
  aliases: ["droid"],
  recorded: true,
  docs: DOCS,
  events: EVENTS,
  aliasEvents: {},
  tools: TOOLS,
  read(payload, context) {
    return read(payload, context.event);
  },
  stopSays: {
    status: { text: "not sent", basis: documented("stop") },
    lastMessage: {
      text:
        "not in the payload: the transcript's tail (JSON Lines, type message, message.role assistant, text blocks), then every other format everyhook knows; at SubagentStop, task_result",
      basis: { kind: "binary", case: "fixtures/factory-droid/stop.first.json" },
    },
  },
  transcriptLastMessage: lastAssistantText,
  // DOCS: the settings reference (a project's local settings, not committed).
  reads: [{ scope: "project", parts: [".factory", "settings.local.json"], format: "json" }],
  listing: { runsTypes: ["command"] },
  // The reference names FACTORY_PROJECT_DIR; a cloned project's hook got it (team_clone_test.ts).
  projectFolder: { env: ["FACTORY_PROJECT_DIR"], basis: { kind: "binary", case: "project-clone" } },
  install: {
    files: {
      // SEEN (file-user-hooks-json, file-project-hooks-json): the hooks.json files were not read.
      user: {
        scope: "user",
        parts: [".factory", "settings.json"],
        env: "FACTORY_HOME_OVERRIDE",
        envReplaces: 0,
      },
      project: { scope: "project", parts: [".factory", "settings.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    stillToDo: {
      user: "Droid reads its settings when a session starts: start a new session.",
      project:
        "Droid reads its settings when a session starts: start a new session in this project (droid exec ran project hooks with no trust step).",
    },
  },
};
