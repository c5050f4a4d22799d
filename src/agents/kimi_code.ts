/**
 * Kimi Code: its events, tools, payloads, translation cells and files. Its
 * hooks use Claude Code's event names, snake_case payload and deny output, but
 * sit as `[[hooks]]` tables in `~/.kimi-code/config.toml` (event, a regular
 * expression matcher, command, timeout in seconds), with no project file. At
 * every event it reads one decision: block, by exit 2 (the reason on stderr)
 * or by `hookSpecificOutput.permissionDecision: "deny"`; Claude Code's legacy
 * `decision: "block"` is ignored. Its PostToolUse and PostToolUseFailure are
 * fire-and-forget: the answer is never read, and the hook often does not run
 * before a headless run ends. Its SessionEnd did not fire in a headless (`-p`) run.
 *
 * @module
 */

import type { Agent, AgentEvent, Cell, EventCells, ReadContext, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import { obj, outputText, snakeCaseDocument, str, toolCall, toolInput } from "./_payload.ts";
import * as cells from "./_cells.ts";

// The config-file reference the binary itself links to: hooks are entries of that file. What a
// hook's answer does rests on recorded runs; the entry's fields (a timeout of 1 to 600 seconds)
// were read in the schema bundled in the pinned package.
const DOCS = "https://moonshotai.github.io/kimi-code/en/configuration/config-files.html";

/** A cell resting on a recorded run: the case id in fixtures/conformance/kimi-code.json. */
const seen = cells.recordedCase;

const NOTHING: Cell = cells.nothingCell(seen("pre-nothing"));
const NO_MESSAGE = cells.droppedCell(
  "Kimi Code has no message for the person: a systemMessage was neither shown nor sent to the model",
  seen("pre-systemmessage"),
);
const NO_INPUT = cells.droppedCell(
  "Kimi Code takes no rewritten input from a hook (only a refusal before a tool)",
  seen("pre-updated-input"),
);
/** The message, input and no-decision cells of every event but PostToolUse and SessionEnd. */
const COMMON: Pick<EventCells, "message" | "input" | "none"> = {
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};
const PRE_DENY = cells.preToolDecision("deny");

const PRE_TOOL: EventCells = {
  ...cells.refusalCells(PRE_DENY, "blocked", {
    note:
      'the model gets "Tool execution failed." and the reason; Claude Code\'s legacy {"decision":"block"} did not block here, so everyhook never writes it',
    basis: seen("pre-deny-json"),
  }, {
    note:
      "Kimi Code reads no ask from a hook (the tool ran): everyhook refuses the call with the reason instead",
    basis: seen("pre-ask"),
  }),
  allow: cells.droppedCell(
    "Kimi Code takes no approval from a hook; prompt mode runs every tool without asking anyway",
    seen("pre-ask"),
  ),
  context: cells.droppedCell(
    "Kimi Code passes no context from a hook before a tool to the model",
    seen("pre-context"),
  ),
  ...COMMON,
};

const FIRE_AND_FORGET =
  "Kimi Code starts PostToolUse (and PostToolUseFailure) and does not wait for it: no answer is read, and in a headless run the hook often did not run at all before the process ended";

const POST_TOOL: EventCells = {
  ...cells.droppedDecisions(FIRE_AND_FORGET, seen("post-block")),
  context: cells.droppedCell(FIRE_AND_FORGET, seen("post-context")),
  message: cells.droppedCell(FIRE_AND_FORGET, seen("post-context")),
  input: cells.droppedCell(FIRE_AND_FORGET, seen("post-context")),
  none: { ...NOTHING, basis: seen("post-context") },
};

const PROMPT_BLOCK: Cell = {
  stderr: "<reason>",
  exit: 2,
  effect: "blocked",
  note:
    'the prompt is not sent to the model; a headless run prints the reason and exits 1. Claude Code\'s legacy {"decision":"block"} did not refuse it: Kimi Code passed that JSON to the model as context',
  basis: seen("ups-exit2-stderr"),
};

const PROMPT: EventCells = {
  deny: PROMPT_BLOCK,
  ask: {
    ...PROMPT_BLOCK,
    becomes: "deny",
    note: "Kimi Code cannot ask about a prompt: the prompt is refused",
  },
  allow: cells.noApprovalCell("prompt", seen("ups-exit2-stderr")),
  context: {
    stdout: { message: "<context>" },
    exit: 0,
    effect: "context",
    note:
      "Kimi Code's own top-level message field, added to the prompt as a hook result (any other stdout, JSON or not, is added as it is)",
    basis: seen("ups-message"),
  },
  ...COMMON,
};

const SESSION_START: EventCells = {
  ...cells.startDecisions(seen("ss-context")),
  context: cells.droppedCell(
    "Kimi Code passed no context from SessionStart to the model",
    seen("ss-message"),
  ),
  ...COMMON,
};

const NOT_FIRED = "SessionEnd did not fire in a headless (-p) run: nothing of it reaches anyone";

const SESSION_END: EventCells = {
  ...cells.droppedAnswers(NOT_FIRED, seen("session-end-fires")),
  input: NO_INPUT,
  none: { ...NOTHING, basis: seen("session-end-fires") },
};

const STOP: EventCells = {
  deny: {
    stderr: "<reason>",
    exit: 2,
    effect: "sent-back",
    note:
      "the reason goes to the model as a user message, once per turn: a second refusal in the same turn is not honoured",
    basis: seen("stop-exit2-stderr"),
  },
  ...cells.stopAskAllow(seen("stop-exit2-stderr")),
  context: cells.droppedCell(
    "Kimi Code takes no context at a stop (a deny with a reason sends the agent back with it)",
    seen("stop-context"),
  ),
  ...COMMON,
};

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "PreToolUse",
    info: "Before a tool runs: refuse it (the model gets the reason). Nothing else is read.",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "PostToolUse",
    info:
      "After a tool ran (PostToolUseFailure after one failed or was refused): for logs only, and unreliable: Kimi Code does not wait for it, and a headless run often ends before it runs.",
    matcher: true,
    cells: POST_TOOL,
    unsteady:
      "Kimi Code does not wait for PostToolUse or PostToolUseFailure: a headless run often ends before the hook runs (cases post-block, post-exit2-stderr, postfail-block)",
  },
  prompt: {
    native: "UserPromptSubmit",
    info: "When a prompt is submitted: refuse it, or add context.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "SessionStart",
    info: "When a session starts: for logs; an answer changes nothing.",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "SessionEnd",
    info:
      "When an interactive session ends: for logs and clean-up. It did not fire in a headless (-p) run.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "Stop",
    info: "When a turn is about to end: send the agent back to work with a reason, once per turn.",
    matcher: false,
    cells: STOP,
  },
};

const TOOLS: ToolTable = {
  names: {
    Bash: "shell",
    Edit: "edit",
    Write: "write",
    Read: "read",
    Agent: "agent",
  },
  patterns: [{ pattern: "^mcp__", kind: "mcp" }],
};

/** The text of a PostToolUseFailure's `error` (an object with a message). */
function errorText(v: unknown): string | undefined {
  return str(v) ?? str(obj(v)?.message);
}

/** The tool call of a PreToolUse, PostToolUse or PostToolUseFailure payload. */
function readTool(
  name: string,
  payload: Record<string, unknown>,
  event: ContractEvent,
  nativeEvent: string,
): ToolCall {
  const { input, fields, kind, command } = toolInput(TOOLS, name, payload.tool_input);
  const failed = nativeEvent === "PostToolUseFailure";
  return toolCall({
    name,
    kind,
    input,
    command,
    path: kind === "other" ? undefined : str(fields.path) ?? str(fields.file_path),
    output: event !== "post-tool"
      ? undefined
      : failed
      ? errorText(payload.error)
      : outputText(payload.tool_output),
    failed: event === "post-tool" ? failed : undefined,
  });
}

/** The text of a UserPromptSubmit `prompt`: a string, or a list of content parts. */
function promptText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (!Array.isArray(v)) return undefined;
  const texts = v.map((part) => str(obj(part)?.text)).filter((t) => t !== undefined);
  return texts.length > 0 ? texts.join("\n") : undefined;
}

/**
 * Read a Kimi Code payload into the contract's document: the snake_case fields
 * Claude Code set (no `transcript_path`), `tool_call_id` for the call's id, and
 * a prompt given as a list of content parts.
 *
 * @param payload The payload, whole.
 * @param context What `run` was told besides the payload: the contract event.
 * @returns The document.
 */
function read(payload: Record<string, unknown>, { event }: ReadContext): HookDocument {
  const doc = snakeCaseDocument("kimi-code", payload, event, EVENTS[event]?.native ?? event);
  const prompt = promptText(payload.prompt);
  if (event === "prompt" && prompt !== undefined) doc.prompt = prompt;
  const name = str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event, doc.nativeEvent);
  return doc;
}

/**
 * Kimi Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { kimiCode } from "./kimi_code.ts";
 * assert.equal(kimiCode.id, "kimi-code");
 * assert.equal(kimiCode.events["pre-tool"]?.native, "PreToolUse");
 * ```
 */
export const kimiCode: Agent = {
  id: "kimi-code",
  name: "Kimi Code",
  aliases: ["kimi"],
  recorded: true,
  docs: DOCS,
  events: EVENTS,
  aliasEvents: { PostToolUseFailure: "post-tool" },
  tools: TOOLS,
  read,
  stopSays: {
    status: {
      text: "not sent: Stop carries stop_hook_active, not why the turn ended",
      basis: { kind: "binary", case: "fixtures/kimi-code/stop.first.json" },
    },
    lastMessage: {
      text:
        "not in the payload, and no transcript path is sent: everyhook cannot give the last message",
      basis: { kind: "binary", case: "fixtures/kimi-code/stop.first.json" },
    },
  },
  listing: { runsTypes: ["command"] },
  install: {
    // READ: the matcher is a JavaScript regular expression tested against the tool name.
    matcherSyntax: "regex",
    files: {
      user: {
        scope: "user",
        parts: [".kimi-code", "config.toml"],
        env: "KIMI_CODE_HOME",
        envReplaces: 1,
      },
      // SEEN (file-project-settings): Kimi Code reads no project file; install refuses this scope.
      project: { scope: "project", parts: [".kimi-code", "config.toml"] },
    },
    noProject: "Kimi Code reads hooks only from ~/.kimi-code/config.toml, never from a project",
    container: "toml",
    layout: "flat",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    // SEEN: a tool that failed or was refused fires PostToolUseFailure, not PostToolUse.
    alsoNatives: { "post-tool": ["PostToolUseFailure"] },
    // READ: the config schema takes a timeout of 1 to 600 seconds.
    timeoutCaps: {
      "pre-tool": 600,
      "post-tool": 600,
      prompt: 600,
      "session-start": 600,
      "session-end": 600,
      stop: 600,
    },
    stillToDo: {
      user: "Kimi Code reads its config when a session starts: start a new session.",
      project: "Kimi Code reads no project hooks: install for the user instead (--scope user).",
    },
  },
};
