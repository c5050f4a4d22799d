/**
 * Claude Code: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import { CLAUDE_CODE_SWITCHES } from "./claude_code_switches.ts";
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

const DOCS = "https://code.claude.com/docs/en/hooks";

/** A cell resting on a recorded run. */
const seen = recordedCase;

/** A cell resting on the hooks reference. */
function documented(anchor?: string): Basis {
  return documentedAt(DOCS, anchor);
}

const NOTHING: Cell = { exit: 0, effect: "none", basis: documented("exit-code-output") };
const MESSAGE: Cell = {
  stdout: { systemMessage: "<message>" },
  exit: 0,
  effect: "message",
  basis: documented("json-output"),
};
const NO_INPUT = droppedCell(
  "a tool input can only be rewritten before the tool runs",
  documented("pretooluse-decision-control"),
);
const NO_APPROVAL_AFTER = droppedCell(
  "the tool already ran: there is nothing left to approve",
  documented("posttooluse-decision-control"),
);
const BLOCK: { [key: string]: Template } = { decision: "block", reason: "<reason>" };

const PRE_TOOL: EventCells = {
  deny: {
    stdout: hookSpecific("PreToolUse", {
      permissionDecision: "deny",
      permissionDecisionReason: "<reason>",
    }),
    exit: 0,
    effect: "blocked",
    basis: seen("pre-deny-json"),
  },
  ask: {
    stdout: hookSpecific("PreToolUse", {
      permissionDecision: "ask",
      permissionDecisionReason: "<reason>",
    }),
    exit: 0,
    effect: "asked",
    note:
      "with no one to ask (claude -p) Claude Code refused the call and gave the model the reason",
    basis: seen("pre-ask-noperm"),
  },
  allow: {
    stdout: hookSpecific("PreToolUse", { permissionDecision: "allow" }),
    exit: 0,
    effect: "approved",
    basis: seen("pre-allow-noperm"),
  },
  context: contextCell("PreToolUse", seen("pre-addctx")),
  message: { ...MESSAGE, basis: seen("pre-systemmessage") },
  input: {
    stdout: hookSpecific("PreToolUse", { updatedInput: "<input>" }),
    exit: 0,
    effect: "rewritten",
    basis: seen("pre-updated-input-noallow"),
  },
  none: { ...NOTHING, basis: seen("pre-exit0-empty") },
};

const POST_TOOL: EventCells = {
  deny: { stdout: BLOCK, exit: 0, effect: "feedback", basis: seen("post-block") },
  ask: {
    stdout: BLOCK,
    exit: 0,
    effect: "feedback",
    becomes: "deny",
    note: "the tool already ran, so there is nothing to ask: the reason goes to the model",
    basis: seen("post-block"),
  },
  allow: NO_APPROVAL_AFTER,
  // "<event>": PostToolUse, or PostToolUseFailure when the payload came under that name (Claude
  // Code ignores context under the wrong hookEventName: seen with claude 2.1.332).
  context: contextCell("<event>", seen("post-addctx")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const PROMPT: EventCells = {
  deny: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    note:
      "the prompt never reaches the model, so neither does the reason: Claude Code shows it to the person",
    basis: seen("ups-block"),
  },
  ask: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    becomes: "deny",
    note:
      "Claude Code cannot ask about a prompt: the prompt is refused and the person sees the reason",
    basis: seen("ups-block"),
  },
  allow: droppedCell("a prompt needs no approval", documented("userpromptsubmit-decision-control")),
  context: contextCell("UserPromptSubmit", seen("ups-addctx")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const NOT_AT_START = "a session start cannot be refused, asked about or approved";

const SESSION_START: EventCells = {
  ...droppedDecisions(NOT_AT_START, documented("sessionstart")),
  context: contextCell("SessionStart", seen("ss-addctx")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const AT_END = "the session is over: nothing can be refused, approved or added";

const SESSION_END: EventCells = {
  ...droppedDecisions(AT_END, documented("sessionend")),
  context: droppedCell(AT_END, documented("sessionend")),
  message: {
    ...MESSAGE,
    note: "the session is ending, so the person may not see the message",
  },
  input: NO_INPUT,
  none: NOTHING,
};

/** The cells of Stop and SubagentStop: deny sends the agent (or the subagent) back to work. */
function stopCells(denyCase: string, contextBasis: Basis): EventCells {
  return {
    deny: { stdout: BLOCK, exit: 0, effect: "sent-back", basis: seen(denyCase) },
    ask: droppedCell(
      "there is no one to ask at a stop: the agent stops",
      documented("stop"),
    ),
    allow: droppedCell(
      "stopping is what happens anyway",
      documented("stop"),
    ),
    context: droppedCell(
      "Claude Code sends the agent back to work when a stop hook adds context, so everyhook leaves it out: context alone must not keep the agent going (deny with a reason does that)",
      contextBasis,
    ),
    message: MESSAGE,
    input: NO_INPUT,
    none: NOTHING,
  };
}

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "PreToolUse",
    info:
      "Before a tool runs: refuse it, ask the person, approve it, rewrite its input or add context.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "PostToolUse",
    info:
      "After a tool ran (PostToolUseFailure when it failed): give the model feedback on it or add context.",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "UserPromptSubmit",
    info: "When the person submits a prompt: refuse it before the model sees it, or add context.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "SessionStart",
    info: "When a session starts, resumes, is cleared or compacted: add context.",
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
    info: "When the agent is about to end its turn: send it back to work with a reason.",
    matcher: false,
    cells: stopCells("stop-block", seen("stop-addctx")),
  },
  "subagent-stop": {
    native: "SubagentStop",
    info: "When a subagent is about to finish: send it back to work with a reason.",
    matcher: false,
    cells: stopCells("subagent-stop-block", documented("subagentstop")),
  },
};

const TOOLS: ToolTable = {
  names: {
    Bash: "shell",
    PowerShell: "shell",
    Edit: "edit",
    MultiEdit: "edit",
    NotebookEdit: "edit",
    Write: "write",
    Read: "read",
    NotebookRead: "read",
    Agent: "agent",
    Task: "agent",
  },
  patterns: [{ pattern: "^mcp__", kind: "mcp" }],
};

/** The tool call of a PreToolUse, PostToolUse or PostToolUseFailure payload. */
function readTool(
  name: string,
  payload: Record<string, unknown>,
  event: ContractEvent,
  nativeEvent: string,
): ToolCall {
  const input = parseInput(payload.tool_input);
  const fields = obj(input) ?? {};
  const kind = toolKind(TOOLS, name);
  const failed = nativeEvent === "PostToolUseFailure";
  return toolCall({
    name,
    kind,
    input,
    command: kind === "shell" ? str(fields.command) : undefined,
    path: str(fields.file_path) ?? str(fields.notebook_path),
    output: failed ? str(payload.error) : toolOutput(payload.tool_response),
    failed: event === "post-tool" ? failed : undefined,
  });
}

/** A tool response as text: a shell's stdout (and stderr), anything else as it came. */
function toolOutput(response: unknown): string | undefined {
  const shell = obj(response);
  const stdout = str(shell?.stdout);
  if (stdout === undefined) return outputText(response);
  const stderr = str(shell?.stderr);
  return stderr ? (stdout ? `${stdout}\n${stderr}` : stderr) : stdout;
}

/**
 * Read a Claude Code payload into the contract's document.
 *
 * @param payload The payload, whole.
 * @param event The contract event.
 * @returns The document.
 */
function read(payload: Record<string, unknown>, event: ContractEvent): HookDocument {
  const doc = snakeCaseDocument(
    "claude-code",
    payload,
    event,
    EVENTS[event]?.native ?? event,
  );
  const name = str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event, doc.nativeEvent);
  return doc;
}

/**
 * The text of the last assistant message in a Claude Code transcript (JSON
 * Lines: one line per content block, `type: "assistant"`, `message.content[]`).
 */
function lastAssistantText(transcript: string): string | undefined {
  return lastLineText(
    transcript,
    (line) =>
      line.type === "assistant" ? contentText(obj(line.message)?.content, "text") : undefined,
  );
}

/**
 * Claude Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { claudeCode } from "./claude_code.ts";
 * console.assert(claudeCode.id === "claude-code");
 * ```
 */
export const claudeCode: Agent = {
  id: "claude-code",
  name: "Claude Code",
  aliases: ["claude"],
  recorded: true,
  docs: "https://code.claude.com/docs/en/hooks",
  events: EVENTS,
  aliasEvents: { PostToolUseFailure: "post-tool" },
  tools: TOOLS,
  read(payload, context) {
    return read(payload, context.event);
  },
  stopSays: {
    status: {
      text:
        "not sent: Stop fires only when the turn is done (not on an interrupt; a failed API call fires StopFailure instead)",
      basis: documented("stop"),
    },
    lastMessage: {
      text:
        "last_assistant_message; else the transcript's tail (JSON Lines, type assistant, message.content text blocks), then every other format everyhook knows",
      basis: { kind: "binary", case: "fixtures/claude-code/stop.first.json" },
    },
  },
  transcriptLastMessage: lastAssistantText,
  // DOCS: https://code.claude.com/docs/en/settings (settings files and managed settings).
  reads: [
    { scope: "project", parts: [".claude", "settings.local.json"], format: "json" },
    {
      scope: "system",
      parts: ["etc", "claude-code", "managed-settings.json"],
      format: "json",
      os: ["linux"],
    },
    {
      scope: "system",
      parts: ["Library", "Application Support", "ClaudeCode", "managed-settings.json"],
      format: "json",
      os: ["darwin"],
    },
  ],
  listing: { switches: CLAUDE_CODE_SWITCHES },
  // The variable Claude Code gives every hook: its reference names it, and a project synced on one
  // machine and run in a clone on another (tests/e2e/team_clone_test.ts) ran its hooks through it.
  projectFolder: { env: ["CLAUDE_PROJECT_DIR"], basis: { kind: "binary", case: "project-clone" } },
  install: {
    files: {
      user: {
        scope: "user",
        parts: [".claude", "settings.json"],
        env: "CLAUDE_CONFIG_DIR",
        envReplaces: 1,
      },
      project: { scope: "project", parts: [".claude", "settings.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    failClosedFields: { onFailure: "block" },
    // A tool that failed fires PostToolUseFailure, not PostToolUse (recorded in
    // fixtures/claude-code/post-tool.shell-failed.json).
    alsoNatives: { "post-tool": ["PostToolUseFailure"] },
    stillToDo: {
      user:
        "Claude Code reads its settings when a session starts: start a new session (an interactive one runs hooks once the folder is trusted).",
      project:
        "Claude Code reads its settings when a session starts: start a new session in this project and trust the folder when it asks.",
    },
  },
};
