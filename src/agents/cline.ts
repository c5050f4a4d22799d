/**
 * Cline CLI: its events, tools, payloads, translation cells and files. Cline
 * has no settings file: it runs every file in a hooks folder whose name (without
 * one of a few extensions) is an event's (`<home>/.cline/hooks/PreToolUse`,
 * `<project>/.clinerules/hooks/PreToolUse.sh`), all of them, with its own
 * payload on stdin (`hookName`, `taskId`, `workspaceRoots`, `tool_call`), and
 * merges their answers: `cancel`, `contextModification` (or `context`),
 * `errorMessage`, `overrideInput`. The exit code is ignored, and there is no
 * way to refuse one tool call: `cancel` aborts the whole task and the model
 * never learns why. everyhook refuses a call by rewriting it
 * (`overrideInput`) into a command that prints the reason and fails, and
 * gives the reason as context. Install writes everyhook's own file per event
 * (`<Event>.mjs`, see src/settings/runner_file.ts), beside any of the
 * person's.
 *
 * @module
 */

import type { Agent, AgentEvent, Cell, EventCells, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import { baseDocument, obj, outputText, parseInput, str, toolCall, toolKind } from "./_payload.ts";
import { droppedCell, droppedDecisions, recordedCase } from "./_cells.ts";

// The pinned package: its hooks are read in @cline/core's bundle (the folders,
// the file names, the fields of an answer, the 120 s timeout); what an answer
// does rests on recorded runs.
const DOCS = "https://www.npmjs.com/package/cline/v/3.0.65";

/** A cell resting on a recorded run: the case id in fixtures/conformance/cline.json. */
const seen = recordedCase;

const NOTHING: Cell = { exit: 0, effect: "none", basis: seen("pre-nothing") };

const NO_MESSAGE = droppedCell(
  "Cline shows a hook's message to no one: an errorMessage without cancel reached the model as context",
  seen("cline-pre-error-message"),
);

/**
 * The refusal: the call is rewritten into a shell command that prints the
 * reason on stderr and fails, and the reason goes to the model as context.
 * `<reason-sh>` is the reason as one single-quoted shell word.
 */
const PRE_DENY: Cell = {
  stdout: {
    overrideInput: { commands: ["printf '%s\\n' <reason-sh> >&2; exit 1"] },
    contextModification: "<reason>",
  },
  exit: 0,
  effect: "blocked",
  note:
    "Cline has no refusal of one call (cancel aborts the whole task, and the model never sees why; exit codes are ignored): everyhook rewrites the call. A run_commands call runs the rewritten command instead, which prints the reason and fails; any other tool's input no longer fits, so the tool fails without running. Either way the model also gets the reason as a <hook_context> message",
  basis: seen("cline-pre-deny-rewrite"),
};

const PRE_TOOL: EventCells = {
  deny: PRE_DENY,
  ask: {
    ...PRE_DENY,
    becomes: "deny",
    note: "Cline cannot ask the person from a hook: everyhook refuses the call instead",
  },
  allow: droppedCell(
    "Cline takes no approval from a hook; a headless run approves every tool itself",
    seen("pre-nothing"),
  ),
  context: {
    stdout: { contextModification: "<context>" },
    exit: 0,
    effect: "context",
    note: "the tool runs; the context reaches the model as a <hook_context> user message",
    basis: seen("cline-pre-context"),
  },
  message: NO_MESSAGE,
  input: {
    stdout: { overrideInput: "<input>" },
    exit: 0,
    effect: "rewritten",
    note: "the whole input is replaced",
    basis: seen("cline-pre-override"),
  },
  none: NOTHING,
};

const POST_TOOL: EventCells = {
  ...droppedDecisions(
    "the tool already ran: Cline reads no refusal after it",
    seen("cline-post-context"),
  ),
  context: {
    stdout: { contextModification: "<context>" },
    exit: 0,
    effect: "context",
    note: "the context reaches the model as a <hook_context> user message after the tool's result",
    basis: seen("cline-post-context"),
  },
  message: NO_MESSAGE,
  input: droppedCell("the tool already ran", seen("cline-post-context")),
  none: { ...NOTHING, basis: seen("cline-post-context") },
};

const TASK_START_NOTE =
  "Cline starts TaskStart and does not wait for it (unless its host asks): no answer is read";

const SESSION_START: EventCells = {
  ...droppedDecisions(TASK_START_NOTE, seen("cline-start-context")),
  context: droppedCell(TASK_START_NOTE, seen("cline-start-context")),
  message: droppedCell(TASK_START_NOTE, seen("cline-start-context")),
  input: droppedCell(TASK_START_NOTE, seen("cline-start-context")),
  none: { ...NOTHING, basis: seen("cline-start-context") },
};

const END_NOTE =
  "Cline does not wait for SessionShutdown: in a headless run that ended normally its hook had not run when the process ended, and nothing of an answer is used";

const SESSION_END: EventCells = {
  ...droppedDecisions(END_NOTE, seen("cline-end-fires")),
  context: droppedCell(END_NOTE, seen("cline-end-fires")),
  message: droppedCell(END_NOTE, seen("cline-end-fires")),
  input: droppedCell(END_NOTE, seen("cline-end-fires")),
  none: { ...NOTHING, basis: seen("cline-end-fires") },
};

const STOP_NOTE =
  "TaskComplete fires once the task has ended: Cline cannot be sent back to work, and an answer changes nothing";

const STOP: EventCells = {
  ...droppedDecisions(STOP_NOTE, seen("cline-stop-cancel")),
  context: droppedCell(STOP_NOTE, seen("cline-stop-context")),
  message: droppedCell(STOP_NOTE, seen("cline-stop-context")),
  input: droppedCell(STOP_NOTE, seen("cline-stop-context")),
  none: { ...NOTHING, basis: seen("cline-stop-context") },
};

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "PreToolUse",
    info:
      "Before a tool runs: refuse it (by rewriting it into a failing command, with the reason as context), rewrite its input, or add context.",
    matcher: false,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "PostToolUse",
    info:
      "After a tool ran, a call everyhook refused included (its rewritten command ran, and failed): add context for the model.",
    matcher: false,
    cells: POST_TOOL,
  },
  "session-start": {
    native: "TaskStart",
    info: "When a task starts: for logs; Cline does not wait for the answer.",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "SessionShutdown",
    info:
      "When Cline's session closes: for logs and clean-up, and unreliable: a headless run may end before the hook runs.",
    matcher: false,
    cells: SESSION_END,
    unsteady:
      "Cline does not wait for SessionShutdown: the hook had not run when a headless run ended (case cline-end-fires)",
  },
  stop: {
    native: "TaskComplete",
    info: "After the task has ended: for logs; it cannot send Cline back to work.",
    matcher: false,
    cells: STOP,
  },
};

/** Cline's own names for its payloads' `hookName`, and the file name of each. */
const HOOK_NAMES: Readonly<Record<string, string>> = {
  "tool_call": "PreToolUse",
  "tool_result": "PostToolUse",
  "agent_start": "TaskStart",
  "agent_end": "TaskComplete",
  "session_shutdown": "SessionShutdown",
  "prompt_submit": "UserPromptSubmit",
};

// SEEN: the tools a headless run offered the model (the first request of a recorded run).
const TOOLS: ToolTable = {
  names: {
    run_commands: "shell",
    editor: "edit",
    read_files: "read",
    search_codebase: "read",
    spawn_agent: "agent",
  },
  patterns: [],
};

/** The paths of a read_files input: `files[].path`. */
function readPaths(fields: Record<string, unknown>): string[] | undefined {
  if (!Array.isArray(fields.files)) return undefined;
  const paths = fields.files.map((f) => str(obj(f)?.path)).filter((p) => p !== undefined);
  return paths.length > 0 ? paths : undefined;
}

/** A run_commands input's `commands` (a list, or one string) as one command line. */
function commandLine(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (!Array.isArray(v)) return undefined;
  const all = v.filter((c) => typeof c === "string");
  return all.length > 0 ? all.join("\n") : undefined;
}

/** The tool call of a tool_call or tool_result payload. */
function readTool(payload: Record<string, unknown>, event: ContractEvent): ToolCall | undefined {
  const call = obj(payload.tool_call) ?? obj(payload.tool_result);
  const name = str(call?.name);
  if (call === undefined || name === undefined) return undefined;
  const input = parseInput(call.input);
  const fields = obj(input) ?? {};
  const kind = toolKind(TOOLS, name);
  const post = obj(payload.postToolUse);
  const paths = kind === "read" ? readPaths(fields) : undefined;
  return toolCall({
    name,
    kind,
    input,
    command: kind === "shell" ? commandLine(fields.commands) : undefined,
    path: kind === "edit" ? str(fields.path) : undefined,
    paths,
    output: event === "post-tool" ? str(post?.result) ?? outputText(call.output) : undefined,
    failed: event === "post-tool" ? failedOf(post, call.output) : undefined,
  });
}

/**
 * Whether a tool failed: `postToolUse.success` is false, or (SEEN: a command
 * that exited 1 had `success: true` there) one of run_commands' results says
 * `success: false`; undefined when neither says.
 */
function failedOf(post: Record<string, unknown> | undefined, output: unknown): boolean | undefined {
  const results = Array.isArray(output) ? output.map((r) => obj(r)?.success) : [];
  if (results.includes(false) || post?.success === false) return true;
  return typeof post?.success === "boolean" || results.length > 0 ? false : undefined;
}

/**
 * Read a Cline payload into the contract's document: `hookName` names the
 * event, `taskId` the session, the first of `workspaceRoots` the folder.
 *
 * @param payload The payload, whole.
 * @param event The contract event.
 * @returns The document.
 */
function readPayload(payload: Record<string, unknown>, event: ContractEvent): HookDocument {
  const hookName = str(payload.hookName);
  const roots = Array.isArray(payload.workspaceRoots) ? payload.workspaceRoots : [];
  const doc = baseDocument({
    agent: "cline",
    event,
    nativeEvent: (hookName && HOOK_NAMES[hookName]) ?? EVENTS[event]?.native ?? event,
    native: payload,
    cwd: str(roots[0]) ?? str(obj(payload.workspaceInfo)?.rootPath),
    session: str(payload.taskId),
  });
  const tool = readTool(payload, event);
  if (tool !== undefined && (event === "pre-tool" || event === "post-tool")) doc.tool = tool;
  if (event === "stop") {
    const turn = obj(payload.turn);
    const status = str(turn?.status);
    const last = str(turn?.outputText);
    doc.stop = {
      continued: false,
      ...(status === "completed" ? { status } : {}),
      ...(last === undefined ? {} : { lastMessage: last }),
    };
  }
  return doc;
}

/**
 * Cline CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cline } from "./cline.ts";
 * assert.equal(cline.id, "cline");
 * assert.equal(cline.events["pre-tool"]?.native, "PreToolUse");
 * ```
 */
export const cline: Agent = {
  id: "cline",
  name: "Cline",
  aliases: [],
  recorded: true,
  docs: DOCS,
  events: EVENTS,
  aliasEvents: {},
  tools: TOOLS,
  read(payload, context) {
    return readPayload(payload, context.event);
  },
  stopSays: {
    status: {
      text: "turn.status of TaskComplete (completed)",
      basis: { kind: "binary", case: "fixtures/cline/stop.completed.json" },
    },
    lastMessage: {
      text: "turn.outputText of TaskComplete",
      basis: { kind: "binary", case: "fixtures/cline/stop.completed.json" },
    },
  },
  listing: { runsTypes: ["command"] },
  // SEEN (tests/e2e/team_clone_test.ts): a hook runs in the workspace folder, and no variable
  // names it. READ: a project's hook files are read from <workspace>/.clinerules/hooks alone, so
  // the folder a project's line runs in is its project; there is no one file to search up for.
  projectFolder: {
    env: [],
    otherwise: "working-folder",
    basis: { kind: "binary", case: "project-clone" },
  },
  install: {
    matcherSyntax: "regex",
    files: {
      // READ and SEEN: <home>/.cline/hooks and <project>/.clinerules/hooks are hook folders.
      user: { scope: "user", parts: [".cline", "hooks", "<Event>.mjs"] },
      project: { scope: "project", parts: [".clinerules", "hooks", "<Event>.mjs"] },
    },
    container: "runner",
    layout: "flat",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    // Cline has no switch of its own: everyhook's hook file refuses for a line that hangs or cannot start.
    failClosedFields: { failClosed: true },
    // READ: Cline stops a hook file after 120 s; everyhook's file runs its lines one by one.
    timeoutCaps: {
      "pre-tool": 120,
      "post-tool": 120,
      "session-start": 120,
      "session-end": 120,
      stop: 120,
    },
    stillToDo: {
      user: "Cline finds hook files when a task starts: nothing more to do.",
      project:
        "Cline runs a project's hook files with no trust step: nothing more to do in this project.",
    },
  },
};
