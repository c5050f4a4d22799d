/**
 * GitHub Copilot CLI: its tools, how its payloads read, and its files. Its
 * events and their translation cells are in copilot_cli_events.ts.
 *
 * @module
 */

import { transcriptOf } from "./_transcript.ts";
import { disableAllHooks } from "./_settings_files.ts";
import type { Agent, ReadContext, ReadLocation, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument, StopStatus, ToolCall } from "../contract/contract.ts";
import {
  obj,
  outputText,
  patchFiles,
  snakeCaseDocument,
  str,
  toolCall,
  toolInput,
} from "./_payload.ts";
import { COPILOT_CLI_ALIAS_CELLS, COPILOT_CLI_EVENTS } from "./copilot_cli_events.ts";

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

/**
 * Copilot CLI's `stopReason` values and the contract's stop status each is; only
 * `end_turn` was seen (a turn the agent finished), so no other value is guessed at.
 */
const STOP_REASONS: Readonly<Record<string, StopStatus>> = { "end_turn": "completed" };

const FAILED_RESULTS = new Set(["failure", "error", "rejected", "denied"]);

/** The tool call of a camelCase or a PascalCase payload. */
function readTool(name: string, payload: Record<string, unknown>, event: ContractEvent): ToolCall {
  const raw = payload.toolArgs ?? payload.tool_input ?? payload.toolInput;
  const { input, fields, kind: listed, command } = toolInput(TOOLS, name, raw);
  const patched = name === "apply_patch" ? patchFiles(input) : undefined;
  const kind = patched?.onlyAdds ? "write" : listed;
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
    command,
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
function read(payload: Record<string, unknown>, { event }: ReadContext): HookDocument {
  // A camelCase payload with an error and no result can only come from postToolUseFailure.
  const failure = event === "post-tool" && payload.error !== undefined &&
    payload.toolResult === undefined;
  const native = failure ? "postToolUseFailure" : COPILOT_CLI_EVENTS[event]?.native ?? event;
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
    const status = STOP_REASONS[str(payload.stopReason) ?? ""];
    if (status !== undefined) doc.stop.status = status;
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

/** The settings files that hold Copilot CLI's switches, and its inline hooks: the user's and the project's. */
const USER_SETTINGS: ReadLocation = {
  scope: "user",
  parts: [".copilot", "settings.json"],
  env: "COPILOT_HOME",
  envReplaces: 1,
  format: "json",
};
const PROJECT_SETTINGS: ReadLocation = {
  scope: "project",
  parts: [".github", "copilot", "settings.json"],
  format: "json",
};

/**
 * GitHub Copilot CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { copilotCli } from "./copilot_cli.ts";
 * assert(copilotCli.id === "copilot-cli");
 * ```
 */
export const copilotCli: Agent = {
  id: "copilot-cli",
  name: "GitHub Copilot CLI",
  aliases: ["copilot"],
  recorded: true,
  docs: "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference",
  events: COPILOT_CLI_EVENTS,
  aliasEvents: ALIAS_EVENTS,
  aliasCells: COPILOT_CLI_ALIAS_CELLS,
  tools: TOOLS,
  read,
  stopSays: {
    status: {
      text: 'stopReason "end_turn" is completed; no other value was seen, so no other is read',
      basis: { kind: "binary", case: "fixtures/copilot-cli/stop.first.json" },
    },
    lastMessage: {
      text:
        "response at subagentStop; else events.jsonl's tail (assistant.message, data.content), then every other format everyhook knows",
      basis: { kind: "binary", case: "fixtures/copilot-cli/subagent-stop.first.json" },
    },
  },
  ...transcriptOf("copilot-cli"),
  // Seen in a run of Copilot CLI 1.0.102, which read them all: the hooks folders, the inline
  // hooks keys of two settings files, and the project's .claude/settings.json in Claude Code's
  // layout (not ~/.claude).
  reads: [
    USER_SETTINGS,
    {
      scope: "project",
      parts: [".claude", "settings.json"],
      format: "json",
      layout: "matcher-groups",
    },
    PROJECT_SETTINGS,
  ],
  listing: {
    // DOCS: the hooks reference (disableAllHooks). Folder trust: project hooks load only in a
    // folder Copilot CLI trusts, kept in trustedFolders of $COPILOT_HOME/config.json (a key its
    // package names; a folder above the project trusts it too). Recorded in
    // fixtures/conformance/copilot-cli.json: project-untrusted (no hook ran) and
    // project-trusted-config (the project in trustedFolders, no --trust-folder: the hook ran).
    switches: [
      ...disableAllHooks(
        [USER_SETTINGS, PROJECT_SETTINGS],
        ["user", "project"],
        "disableAllHooks is true in <file>: Copilot CLI runs no hook; remove it or set it to false",
      ),
      {
        file: {
          scope: "user",
          parts: [".copilot", "config.json"],
          env: "COPILOT_HOME",
          envReplaces: 1,
          format: "json",
        },
        key: ["trustedFolders"],
        when: { trusts: [] },
        stops: ["project"],
        kind: "not-trusted",
        problem:
          "the project is not in trustedFolders of <file>: Copilot CLI loads no project hook in a folder it does not trust; trust it when Copilot CLI asks (copilot -p needs --trust-folder)",
      },
    ],
    versionIgnored: "Copilot CLI ignores the whole file without a word (seen with version 2)",
    readsHooksFolder: true,
  },
  // Both variables reached the hook of a cloned project (tests/e2e/team_clone_test.ts); the docs name neither.
  projectFolder: {
    env: ["COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    basis: { kind: "binary", case: "project-clone" },
  },
  install: {
    matcherSyntax: "regex",
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
    // Seen in a run of Copilot CLI 1.0.102: `exec` + `args` start the program with no shell.
    execFields: { program: "exec", args: "args" },
    // A tool that failed fires postToolUseFailure, not postToolUse (recorded in
    // fixtures/copilot-cli/post-tool.failed.json).
    alsoNatives: { "post-tool": ["postToolUseFailure"] },
    stillToDo: {
      user:
        "Copilot CLI reads its hooks when a session starts: start a new session. It runs an event's hooks in order and stops at the first deny.",
      project:
        "Copilot CLI loads project hooks only in a trusted folder: trust this folder (or run with --trust-folder). It runs an event's hooks in order and stops at the first deny.",
    },
  },
};
