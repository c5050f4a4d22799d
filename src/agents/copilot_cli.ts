/**
 * GitHub Copilot CLI: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import type { Agent, AgentEvent, Basis, Cell, EventCells, Template, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import {
  obj,
  outputText,
  parseInput,
  patchPaths,
  snakeCaseDocument,
  str,
  toolCall,
  toolKind,
} from "./_payload.ts";
import { contentText, lastLineText } from "./_transcript.ts";
import { droppedCell, droppedDecisions } from "./_cells.ts";

const REFERENCE =
  "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference";

/** A cell resting on a recorded run of Copilot CLI 1.0.102: the case id in fixtures/conformance/copilot-cli.json. */
function seen(id: string): Basis {
  return { kind: "binary", case: id };
}

/** A cell resting on Copilot CLI's hooks reference. */
function documented(anchor: string): Basis {
  return { kind: "docs", ref: `${REFERENCE}#${anchor}` };
}

const BLOCK: { [key: string]: Template } = { decision: "block", reason: "<reason>" };
const NOTHING: Cell = { exit: 0, effect: "none", basis: seen("pre-nothing") };
const NO_MESSAGE = droppedCell(
  "Copilot CLI has no field for a message to the person in a command hook's answer",
  documented("hook-events"),
);
const NO_INPUT = droppedCell(
  "a tool input can only be rewritten before the tool runs",
  documented("pretooluse-decision-control"),
);

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
  context: {
    stdout: { additionalContext: "<context>" },
    exit: 0,
    effect: "context",
    note: "added as a user message after the tool's result",
    basis: seen("pre-context"),
  },
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
  deny: {
    stdout: BLOCK,
    exit: 0,
    effect: "feedback",
    note:
      'a permissionDecision deny does nothing after the tool; decision block replaces the result with "Tool result blocked: <reason>"',
    basis: seen("post-block"),
  },
  ask: {
    stdout: BLOCK,
    exit: 0,
    effect: "feedback",
    becomes: "deny",
    note:
      "the tool already ran, so there is nothing to ask: its result is replaced with the reason",
    basis: seen("post-block"),
  },
  allow: droppedCell(
    "the tool already ran: there is nothing left to approve",
    documented("posttooluse"),
  ),
  context: {
    stdout: { additionalContext: "<context>" },
    exit: 0,
    effect: "context",
    note: "appended to the tool's result as guidance from postToolUse hooks",
    basis: seen("post-context"),
  },
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("posttooluse") },
};

const PROMPT: EventCells = {
  deny: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    note:
      "the prompt is not sent, so the model never sees the reason: Copilot CLI prints it for the person and, in a -p run, exits with code 1",
    basis: seen("prompt-block"),
  },
  ask: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    becomes: "deny",
    note: "Copilot CLI cannot ask about a prompt: the prompt is refused with the reason",
    basis: seen("prompt-block"),
  },
  allow: droppedCell("a prompt needs no approval", documented("userpromptsubmitted")),
  context: {
    stdout: { additionalContext: "<context>" },
    exit: 0,
    effect: "context",
    note: "appended to the prompt inside <system_reminder> tags",
    basis: seen("prompt-context"),
  },
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("userpromptsubmitted") },
};

const NOT_AT_START = "a session start cannot be refused, asked about or approved";

const SESSION_START: EventCells = {
  ...droppedDecisions(NOT_AT_START, documented("sessionstart")),
  context: {
    stdout: { additionalContext: "<context>" },
    exit: 0,
    effect: "context",
    note: "sent as a user message of its own before the first prompt",
    basis: seen("start-context"),
  },
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("sessionstart") },
};

const AT_END = "the session is over: Copilot CLI ignores a sessionEnd hook's answer";

const SESSION_END: EventCells = {
  ...droppedDecisions(AT_END, documented("sessionend")),
  context: droppedCell(AT_END, documented("sessionend")),
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: { ...NOTHING, basis: documented("sessionend") },
};

/** The cells of agentStop and subagentStop: deny sends the agent (or subagent) back to work. */
function stopCells(deny: Cell, anchor: string): EventCells {
  return {
    deny,
    ask: droppedCell("there is no one to ask at a stop: the agent stops", documented(anchor)),
    allow: droppedCell("stopping is what happens anyway", documented(anchor)),
    context: droppedCell(`Copilot CLI's ${anchor} takes no added context`, documented(anchor)),
    message: NO_MESSAGE,
    input: NO_INPUT,
    none: { ...NOTHING, basis: documented(anchor) },
  };
}

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
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
      stdout: BLOCK,
      exit: 0,
      effect: "sent-back",
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
      stdout: BLOCK,
      exit: 0,
      effect: "sent-back",
      note:
        "the subagent goes back to work with the reason; an agentStop a subagent fires at the end of its own turn is not a subagentStop, and a block there was ignored",
      basis: seen("subagent-stop-block"),
    }, "subagentstop"),
  },
};

/**
 * The payload spellings run reads: the camelCase events install writes, the
 * PascalCase (Claude-compatible) ones a person may wire by hand, and the tool
 * failure event.
 */
const ALIAS_EVENTS: Readonly<Record<string, ContractEvent>> = {
  postToolUseFailure: "post-tool",
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  PostToolUseFailure: "post-tool",
  UserPromptSubmit: "prompt",
  SessionStart: "session-start",
  SessionEnd: "session-end",
  Stop: "stop",
  SubagentStop: "subagent-stop",
};

const TOOLS: ToolTable = {
  names: {
    bash: "shell",
    powershell: "shell",
    edit: "edit",
    str_replace_editor: "edit",
    apply_patch: "edit",
    create: "write",
    view: "read",
    task: "agent",
    // the names of the PascalCase (Claude-compatible) payloads
    Bash: "shell",
    PowerShell: "shell",
    Edit: "edit",
    Write: "write",
    Read: "read",
    Agent: "agent",
  },
  patterns: [{ pattern: "^mcp__", kind: "mcp" }],
};

const FAILED_RESULTS = new Set(["failure", "error", "rejected", "denied"]);

/** The tool call of a camelCase or a PascalCase payload. */
function readTool(name: string, payload: Record<string, unknown>, event: ContractEvent): ToolCall {
  const input = parseInput(payload.toolArgs ?? payload.tool_input ?? payload.toolInput);
  const fields = obj(input) ?? {};
  let kind = toolKind(TOOLS, name);
  const patch = typeof input === "string" ? input : str(fields.input) ?? str(fields.patch);
  const patched = name === "apply_patch" && patch !== undefined ? patchPaths(patch) : undefined;
  if (patched?.onlyAdds) kind = "write";
  const path = str(fields.path) ?? str(fields.file_path);
  const after = event === "post-tool";
  const result = obj(payload.toolResult) ?? obj(payload.tool_result);
  const resultType = str(result?.resultType) ?? str(result?.result_type);
  const error = payload.error ?? payload.tool_error;
  const failed = error !== undefined ||
    (resultType !== undefined && FAILED_RESULTS.has(resultType));
  const output = str(result?.textResultForLlm) ?? str(result?.text_result_for_llm) ??
    outputText(payload.toolResult ?? payload.tool_result ?? payload.tool_response) ??
    errorText(error);
  return toolCall({
    name,
    kind,
    input,
    command: kind === "shell" ? str(fields.command) : undefined,
    path: kind === "other" ? undefined : path,
    paths: patched?.paths,
    output: after ? output : undefined,
    failed: after ? failed : undefined,
  });
}

/** An error as text: a string, an object's message, or JSON. */
function errorText(error: unknown): string | undefined {
  return str(obj(error)?.message) ?? outputText(error);
}

/**
 * Read a Copilot CLI payload. The camelCase payloads (the events install writes)
 * do not name their event, so the event comes from `run`; the PascalCase ones are
 * Claude Code's snake_case shape.
 */
function read(payload: Record<string, unknown>, event: ContractEvent): HookDocument {
  // A camelCase payload with an error and no result can only come from postToolUseFailure.
  const failure = event === "post-tool" && payload.error !== undefined &&
    payload.toolResult === undefined;
  const native = failure ? "postToolUseFailure" : EVENTS[event]?.native ?? event;
  const doc = snakeCaseDocument("copilot-cli", payload, event, str(payload.hookName) ?? native);
  const session = str(payload.sessionId);
  if (session !== undefined) doc.session = session;
  const transcript = str(payload.transcriptPath);
  if (transcript !== undefined) doc.transcript = transcript;
  if (doc.source === "new") doc.source = "startup";
  const name = str(payload.toolName) ?? str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event);
  if (doc.stop) {
    const last = str(payload.response);
    if (last !== undefined && doc.stop.lastMessage === undefined) doc.stop.lastMessage = last;
  }
  const id = str(payload.agentId);
  const type = str(payload.agentType) ?? str(payload.agentName) ?? str(payload.agent_name);
  // A subagent names itself in every payload it sends (agentStop fires at its own turn's end too).
  if (id !== undefined || type !== undefined) {
    doc.subagent = { ...doc.subagent };
    if (id !== undefined) doc.subagent.id = id;
    if (type !== undefined && doc.subagent.type === undefined) doc.subagent.type = type;
  }
  return doc;
}

/**
 * The text of the last assistant message in a Copilot CLI session's
 * `events.jsonl` (`type: "assistant.message"`, `data.content`).
 */
function lastAssistantMessage(transcript: string): string | undefined {
  return lastLineText(
    transcript,
    (line) => line.type === "assistant.message" ? contentText(obj(line.data)?.content) : undefined,
  );
}

/**
 * GitHub Copilot CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { copilotCli } from "./copilot_cli.ts";
 * console.assert(copilotCli.id === "copilot-cli");
 * ```
 */
export const copilotCli: Agent = {
  id: "copilot-cli",
  name: "GitHub Copilot CLI",
  aliases: ["copilot"],
  recorded: true,
  docs: "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference",
  events: EVENTS,
  aliasEvents: ALIAS_EVENTS,
  tools: TOOLS,
  read(payload, context) {
    return read(payload, context.event);
  },
  transcriptLastMessage: lastAssistantMessage,
  // SEEN (conformance.md, "Order across sources"): the hooks folders, the inline hooks keys of
  // two settings files, and the project's .claude/settings.json in Claude Code's layout (not ~/.claude).
  reads: [
    {
      scope: "user",
      parts: [".copilot", "settings.json"],
      env: "COPILOT_HOME",
      envReplaces: 1,
      format: "json",
    },
    {
      scope: "project",
      parts: [".claude", "settings.json"],
      format: "json",
      layout: "matcher-groups",
    },
    { scope: "project", parts: [".github", "copilot", "settings.json"], format: "json" },
  ],
  listing: {
    versionIgnored: "Copilot CLI ignores the whole file without a word (seen with version 2)",
  },
  // INSTALL-BEGIN (owned by the install work, issue #4)
  install: {
    files: {
      user: {
        scope: "user",
        parts: [".copilot", "hooks", "everyhook.json"],
        env: "COPILOT_HOME",
        envReplaces: 1,
      },
      project: { scope: "project", parts: [".github", "hooks", "everyhook.json"] },
    },
    layout: "flat",
    timeoutUnit: "s",
    timeoutField: "timeoutSec",
    commandField: "bash",
    // SEEN (conformance.md): `exec` + `args` start the program with no shell.
    execFields: { program: "exec", args: "args" },
    stillToDo: {
      user:
        "Copilot CLI reads its hooks when a session starts: start a new session. It runs an event's hooks in order and stops at the first deny.",
      project:
        "Copilot CLI loads project hooks only in a trusted folder: trust this folder (or run with --trust-folder). It runs an event's hooks in order and stops at the first deny.",
    },
  },
  // INSTALL-END
};
