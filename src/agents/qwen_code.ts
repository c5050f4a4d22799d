/**
 * Qwen Code: its events, tools, payloads, translation cells and files. Its
 * hooks take Claude Code's layout and names (`PreToolUse`, `hookSpecificOutput`,
 * exit 2) in `settings.json`; its tools keep Gemini CLI's names
 * (`run_shell_command`, `write_file`); a timeout is in seconds, but a value of
 * 1000 or more is read as milliseconds.
 *
 * @module
 */

import { QWEN_CODE_SWITCHES } from "./qwen_code_switches.ts";
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

const DOCS = "https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks";

/** A cell resting on a recorded run: the case id in fixtures/conformance/qwen-code.json. */
const seen = recordedCase;

/** A cell resting on the hooks reference. */
function documented(anchor?: string): Basis {
  return documentedAt(DOCS, anchor);
}

const NOTHING: Cell = { exit: 0, effect: "none", basis: documented("hook-output-structure") };
const MESSAGE: Cell = {
  stdout: { systemMessage: "<message>" },
  exit: 0,
  effect: "message",
  note: "a headless run (qwen with a prompt argument) neither printed it nor sent it to the model",
  basis: documented("hook-output-structure"),
};
const NO_INPUT = droppedCell(
  "a tool input can only be rewritten before the tool runs",
  documented("pretooluse"),
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
    note: "the model gets the reason, word for word, as the tool's result",
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
      "with no one to ask (a headless run) Qwen Code refused the call and gave the model the reason",
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
      "a headless run without --yolo refused the shell tool before the hook ran, so the allow could not be seen there",
    basis: documented("pretooluse"),
  },
  context: droppedCell(
    "Qwen Code did not pass a PreToolUse additionalContext to the model",
    seen("pre-context"),
  ),
  message: MESSAGE,
  input: droppedCell(
    "Qwen Code ran the original command when a hook answered updatedInput",
    seen("pre-updated-input"),
  ),
  none: { ...NOTHING, basis: seen("pre-nothing") },
};

/** At post-tool only additionalContext reached the model: a reason goes that way. */
const FEEDBACK: Cell = {
  ...contextCell("<event>", seen("post-context")),
  effect: "feedback",
  note:
    "Qwen Code did not pass a decision block or an exit 2 after the tool ran to the model: the reason goes as additional context",
};

const POST_TOOL: EventCells = {
  deny: { ...FEEDBACK, stdout: hookSpecific("<event>", { additionalContext: "<reason>" }) },
  ask: {
    ...FEEDBACK,
    stdout: hookSpecific("<event>", { additionalContext: "<reason>" }),
    becomes: "deny",
    note:
      "the tool already ran, so there is nothing to ask: the reason goes to the model as context",
  },
  allow: droppedCell(
    "the tool already ran: there is nothing left to approve",
    documented("posttooluse"),
  ),
  // "<event>": PostToolUse, or PostToolUseFailure when the payload came under that name.
  context: contextCell("<event>", seen("post-context")),
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const PROMPT_REFUSED =
  "the prompt never reaches the model, and a headless run ends without a word: the reason is not shown";

const PROMPT: EventCells = {
  deny: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    note: PROMPT_REFUSED,
    basis: seen("ups-block"),
  },
  ask: {
    stdout: BLOCK,
    exit: 0,
    effect: "blocked",
    becomes: "deny",
    note: `Qwen Code cannot ask about a prompt: ${PROMPT_REFUSED}`,
    basis: seen("ups-block"),
  },
  allow: droppedCell("a prompt needs no approval", documented("userpromptsubmit")),
  context: contextCell("UserPromptSubmit", seen("ups-context")),
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

/** The cells of Stop and SubagentStop: deny sends the agent (or the subagent) back to work. */
function stopCells(denyCase: string, anchor: string, contextBasis: Basis): EventCells {
  return {
    deny: { stdout: BLOCK, exit: 0, effect: "sent-back", basis: seen(denyCase) },
    ask: droppedCell("there is no one to ask at a stop: the agent stops", documented(anchor)),
    allow: droppedCell("stopping is what happens anyway", documented(anchor)),
    context: droppedCell(
      "Qwen Code sent the agent back to work when a stop hook added context, and without the context's text, so everyhook leaves it out: context alone must not keep the agent going (deny with a reason does that)",
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
    info: "Before a tool runs: refuse it (the model gets the reason), or approve it.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "PostToolUse",
    info:
      "After a tool ran (PostToolUseFailure when it failed): tell the model something about it, as context.",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "UserPromptSubmit",
    info:
      "Before a prompt goes to the model: refuse it or add context. It also fires before each tool result goes back, with an empty prompt.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "SessionStart",
    info: "When a session starts or resumes: add context (plain text on stdout is context too).",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "SessionEnd",
    info: "When the session ends (not seen in a headless run): for logs and clean-up.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "Stop",
    info: "When the agent is about to end its turn: send it back to work with a reason.",
    matcher: false,
    cells: stopCells("stop-block", "stop", seen("stop-context")),
  },
  "subagent-stop": {
    native: "SubagentStop",
    info: "When a subagent is about to finish: send it back to work with a reason.",
    matcher: false,
    cells: stopCells("subagent-stop-block", "subagentstop", documented("subagentstop")),
  },
};

const TOOLS: ToolTable = {
  names: {
    run_shell_command: "shell",
    edit: "edit",
    notebook_edit: "edit",
    write_file: "write",
    read_file: "read",
    agent: "agent",
  },
  patterns: [{ pattern: "^mcp__", kind: "mcp" }],
};

/** The text the model got from a tool: `llmContent` when it is text, else the whole response. */
function toolOutput(response: unknown): string | undefined {
  const content = obj(response)?.llmContent;
  return typeof content === "string" ? content : outputText(response);
}

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
    path: kind === "other" ? undefined : str(fields.file_path) ?? str(fields.notebook_path),
    output: event !== "post-tool"
      ? undefined
      : failed
      ? str(payload.error)
      : toolOutput(payload.tool_response),
    failed: event === "post-tool" ? failed : undefined,
  });
}

/**
 * The text of the last model message in a Qwen Code chat file (JSON Lines under
 * `~/.qwen/projects/<project>/chats/`: `type: "assistant"` lines, `message.parts[]`
 * with `text`).
 */
function lastModelText(transcript: string): string | undefined {
  return lastLineText(
    transcript,
    (line) => line.type === "assistant" ? contentText(obj(line.message)?.parts) : undefined,
  );
}

/**
 * Read a Qwen Code payload into the contract's document: the snake_case fields
 * Claude Code set, `last_assistant_message` at stops.
 *
 * @param payload The payload, whole.
 * @param event The contract event.
 * @returns The document.
 */
function read(payload: Record<string, unknown>, event: ContractEvent): HookDocument {
  const doc = snakeCaseDocument("qwen-code", payload, event, EVENTS[event]?.native ?? event);
  const name = str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event, doc.nativeEvent);
  return doc;
}

/**
 * Qwen Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { qwenCode } from "./qwen_code.ts";
 * console.assert(qwenCode.id === "qwen-code");
 * ```
 */
export const qwenCode: Agent = {
  id: "qwen-code",
  name: "Qwen Code",
  aliases: ["qwen"],
  recorded: true,
  docs: DOCS,
  events: EVENTS,
  aliasEvents: { PostToolUseFailure: "post-tool" },
  tools: TOOLS,
  read(payload, context) {
    return read(payload, context.event);
  },
  stopSays: {
    status: {
      text:
        "not sent: Stop fires when a turn ends as it should (an API error or a detected loop fires StopFailure instead)",
      basis: documented("stopfailure"),
    },
    lastMessage: {
      text:
        "last_assistant_message; else the transcript's tail (JSON Lines, type assistant, message.parts text), then every other format everyhook knows",
      basis: { kind: "binary", case: "fixtures/qwen-code/stop.first.json" },
    },
  },
  transcriptLastMessage: lastModelText,
  // DOCS: the settings reference (system settings files, overridden by QWEN_CODE_SYSTEM_SETTINGS_PATH).
  reads: [
    {
      scope: "system",
      parts: ["etc", "qwen-code", "settings.json"],
      format: "json",
      os: ["linux"],
    },
    {
      scope: "system",
      parts: ["Library", "Application Support", "QwenCode", "settings.json"],
      format: "json",
      os: ["darwin"],
    },
  ],
  listing: {
    runsTypes: ["command", "http", "prompt"],
    switches: QWEN_CODE_SWITCHES,
  },
  // The hooks reference names QWEN_PROJECT_DIR; a cloned project's hook got it (team_clone_test.ts).
  projectFolder: { env: ["QWEN_PROJECT_DIR"], basis: { kind: "binary", case: "project-clone" } },
  install: {
    files: {
      user: { scope: "user", parts: [".qwen", "settings.json"], env: "QWEN_HOME", envReplaces: 1 },
      project: { scope: "project", parts: [".qwen", "settings.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "s",
    // DOCS (command hooks): a timeout of 1000 or more is read as milliseconds, for old settings.
    timeoutMsFrom: 1000,
    timeoutField: "timeout",
    commandField: "command",
    // SEEN: a tool that failed fires PostToolUseFailure, not PostToolUse.
    alsoNatives: { "post-tool": ["PostToolUseFailure"] },
    stillToDo: {
      user: "Qwen Code reads its settings when a session starts: start a new session.",
      project:
        "Qwen Code reads its settings when a session starts: start a new session in this project (its reference says project hooks load only in a trusted folder; a headless run here ran them without one).",
    },
  },
};
