/**
 * Gemini CLI: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import {
  GEMINI_CLI_SWITCHES,
  GEMINI_PROJECT_FOLDER,
  GEMINI_SYSTEM_SETTINGS,
} from "./gemini_cli_switches.ts";
import { contentText, transcriptOf } from "./_transcript.ts";
import type {
  Agent,
  AgentEvent,
  Basis,
  Cell,
  EventCells,
  ReadContext,
  Template,
  ToolTable,
} from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import { obj, outputText, snakeCaseDocument, str, toolCall, toolInput } from "./_payload.ts";
import * as cells from "./_cells.ts";

const REFERENCE = "https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md";

/**
 * A cell resting on a run of Gemini CLI 0.61.0: the case id in
 * fixtures/conformance/gemini-cli.json, or, for the two cases seen in runs that
 * are not recorded there yet, their own id (`bt-plaintext`, `ss-context`).
 */
const seen = cells.recordedCase;

/** A cell resting on Gemini CLI's hooks reference. */
function documented(anchor: string): Basis {
  return cells.documentedAt(REFERENCE, anchor);
}

const DENY: { [key: string]: Template } = { decision: "deny", reason: "<reason>" };
const NOTHING: Cell = cells.nothingCell(seen("pre-exit0-empty"));
const MESSAGE: Cell = cells.messageCell(documented("common-output-fields"));
const NO_INPUT = cells.noInputCell(documented("beforetool"));

const PRE_TOOL: EventCells = {
  ...cells.refusalCells(DENY, "blocked", {
    note: 'the model gets the reason as the tool\'s error: "Tool execution blocked: <reason>"',
    basis: seen("pre-deny"),
  }, {
    note:
      "Gemini CLI waits forever for a confirmation on ask in a headless run (it hung until killed), so everyhook refuses the call with the reason instead",
    basis: seen("pre-ask"),
  }),
  allow: {
    stdout: { decision: "allow" },
    exit: 0,
    effect: "approved",
    note:
      "seen with --yolo, where the tool ran; Gemini CLI does not pass the reason of an allow to the model",
    basis: seen("pre-allow"),
  },
  context: cells.droppedCell(
    "Gemini CLI takes no added context before a tool: the context never reached the model",
    seen("pre-context"),
  ),
  message: {
    ...MESSAGE,
    note: 'shown to the person as "Hook system message: <message>"',
    basis: seen("bt-plaintext"),
  },
  input: {
    stdout: cells.hookSpecific("BeforeTool", { tool_input: "<input>" }),
    exit: 0,
    effect: "rewritten",
    note:
      "Gemini CLI merges the input over the model's arguments and tells the model they were modified by a hook",
    basis: seen("pre-rewrite"),
  },
  none: NOTHING,
};

const POST_TOOL: EventCells = {
  ...cells.refusalCells(DENY, "feedback", {
    note: "the tool already ran: Gemini CLI replaces its output with the reason",
    basis: seen("post-deny"),
  }, {
    note:
      "the tool already ran, so there is nothing to ask: its output is replaced with the reason",
  }),
  allow: cells.noApprovalCell("tool", documented("aftertool")),
  context: cells.contextCell(
    "AfterTool",
    seen("post-context"),
    "appended to the tool's output inside <hook_context> tags",
  ),
  message: MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("aftertool") },
};

const PROMPT: EventCells = {
  ...cells.refusalCells(DENY, "blocked", {
    note:
      'the prompt is not sent, so the model never sees the reason: it is in the run\'s warnings ("Agent execution blocked: <reason>")',
    basis: seen("prompt-deny"),
  }, { note: "Gemini CLI cannot ask about a prompt: the prompt is refused with the reason" }),
  allow: cells.noApprovalCell("prompt", documented("beforeagent")),
  context: cells.contextCell(
    "BeforeAgent",
    seen("prompt-context"),
    "added after the prompt inside <hook_context> tags, and kept in the history",
  ),
  message: MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("beforeagent") },
};

const NOT_AT_START =
  "Gemini CLI's SessionStart is advisory: a start cannot be refused, asked about or approved";

const SESSION_START: EventCells = {
  ...cells.startDecisions(documented("sessionstart"), NOT_AT_START),
  context: cells.contextCell(
    "SessionStart",
    seen("session-start-context"),
    "put before the first prompt inside <hook_context> tags",
  ),
  message: {
    ...MESSAGE,
    note: "Gemini CLI printed it twice on its stderr",
    basis: seen("ss-context"),
  },
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("sessionstart") },
};

const AT_END = "Gemini CLI does not wait for a SessionEnd hook and uses no answer from it";

const SESSION_END: EventCells = {
  ...cells.droppedAnswers(AT_END, documented("sessionend")),
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("sessionend") },
};

const STOP: EventCells = {
  deny: {
    stdout: cells.BLOCK,
    exit: 0,
    effect: "sent-back",
    note:
      "the reason becomes the next prompt; Gemini CLI has no cap on this loop, so a hook must let the agent stop when stop.continued is true",
    basis: seen("stop-block-once"),
  },
  ...cells.stopAskAllow(documented("afteragent")),
  context: cells.droppedCell(
    "Gemini CLI's AfterAgent takes no added context",
    documented("afteragent"),
  ),
  message: MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("afteragent") },
};

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "BeforeTool",
    info: "Before a tool runs: refuse it (ask is refused too) or rewrite its input.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "AfterTool",
    info: "After a tool ran: replace its output with a reason, or add context to it.",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "BeforeAgent",
    info: "When the person submits a prompt: refuse it before the model sees it, or add context.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "SessionStart",
    info: "When a session starts, resumes or is cleared: add context.",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "SessionEnd",
    info: "When the session ends: for logs and clean-up; Gemini CLI does not wait for it.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "AfterAgent",
    info: "When the agent has answered: send it back to work with a reason as its next prompt.",
    matcher: false,
    cells: STOP,
  },
};

const TOOLS: ToolTable = {
  names: {
    run_shell_command: "shell",
    replace: "edit",
    write_file: "write",
    read_file: "read",
    read_many_files: "read",
    invoke_agent: "agent",
  },
  patterns: [{ pattern: "^mcp_", kind: "mcp" }],
};

/** The text the model got from a tool: `llmContent` (a string or parts), else what was displayed. */
function toolOutput(response: Record<string, unknown> | undefined): string | undefined {
  if (!response) return undefined;
  return contentText(response.llmContent) ??
    outputText(response.returnDisplay ?? response.llmContent);
}

/** The tool call of a BeforeTool or AfterTool payload. */
function readTool(name: string, payload: Record<string, unknown>, event: ContractEvent): ToolCall {
  const { input, fields, kind, command } = toolInput(TOOLS, name, payload.tool_input);
  const many = Array.isArray(fields.paths)
    ? fields.paths.filter((p): p is string => typeof p === "string")
    : undefined;
  const response = obj(payload.tool_response);
  const after = event === "post-tool";
  return toolCall({
    name,
    kind,
    input,
    command,
    path: kind === "other" ? undefined : str(fields.file_path),
    paths: kind === "other" ? undefined : many,
    output: after ? toolOutput(response) : undefined,
    failed: after ? response?.error !== undefined && response.error !== null : undefined,
  });
}

/**
 * Read a Gemini CLI payload into the contract's document. Gemini CLI sends the
 * snake_case fields Claude Code set; AfterAgent carries the answer in
 * `prompt_response`.
 */
function read(payload: Record<string, unknown>, { event }: ReadContext): HookDocument {
  const doc = snakeCaseDocument("gemini-cli", payload, event, EVENTS[event]?.native ?? event);
  const name = str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event);
  if (doc.stop) {
    const answer = str(payload.prompt_response);
    if (answer !== undefined && answer !== "") doc.stop.lastMessage = answer;
    // The AfterAgent prompt is the person's original prompt, not a prompt event's.
    if (event === "stop") delete doc.prompt;
  }
  return doc;
}

/**
 * Gemini CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiCli } from "./gemini_cli.ts";
 * assert(geminiCli.id === "gemini-cli");
 * ```
 */
export const geminiCli: Agent = {
  id: "gemini-cli",
  name: "Gemini CLI",
  aliases: ["gemini"],
  recorded: true,
  docs: "https://github.com/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md",
  events: EVENTS,
  aliasEvents: {},
  tools: TOOLS,
  read,
  stopSays: {
    status: {
      text: "not sent: AfterAgent carries the prompt, the response and stop_hook_active",
      basis: { kind: "binary", case: "fixtures/gemini-cli/stop.first.json" },
    },
    lastMessage: {
      text:
        "prompt_response; else the chat file's tail (type gemini, content), then every other format everyhook knows",
      basis: { kind: "binary", case: "fixtures/gemini-cli/stop.first.json" },
    },
  },
  ...transcriptOf("gemini-cli"),
  // DOCS: https://github.com/google-gemini/gemini-cli/blob/main/docs/reference/configuration.md
  // (system settings). Seen in a run of Gemini CLI 0.61.0: a hooks entry that is an object
  // prints "Invalid configuration" at every start, and the hook still runs.
  reads: GEMINI_SYSTEM_SETTINGS,
  listing: {
    switches: GEMINI_CLI_SWITCHES,
    runsTypes: ["command"],
    notArray:
      'Gemini CLI prints "Invalid configuration" ("Expected array") at every start, and still runs it',
  },
  projectFolder: GEMINI_PROJECT_FOLDER,
  install: {
    matcherSyntax: "regex",
    files: {
      user: {
        scope: "user",
        parts: [".gemini", "settings.json"],
        env: "GEMINI_CLI_HOME",
        envReplaces: 0,
      },
      project: { scope: "project", parts: [".gemini", "settings.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "ms",
    timeoutField: "timeout",
    commandField: "command",
    stillToDo: {
      user:
        "Gemini CLI reads its settings when a session starts: start a new session, in a folder it trusts (it skips hooks elsewhere).",
      project:
        "Gemini CLI runs project hooks only in a trusted folder and asks before it runs a new or changed one: trust the folder and accept the hook.",
    },
  },
};
