/**
 * Cursor: its tools, how its payloads read, and its files. Its events and
 * their translation cells are in cursor_events.ts.
 *
 * @module
 */

import { transcriptOf } from "./_transcript.ts";
import { systemFiles } from "./_system_files.ts";
import type { Agent, ReadContext, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument, StopStatus, ToolCall } from "../contract/contract.ts";
import { STOP_STATUSES } from "../contract/contract.ts";
import {
  obj,
  outputText,
  parseInput,
  snakeCaseDocument,
  str,
  toolCall,
  toolInput,
} from "./_payload.ts";
import { CURSOR_ALIAS_CELLS, CURSOR_EVENTS } from "./cursor_events.ts";

/** The events with their own payloads that run reads when a person wires them by hand. */
const ALIAS_EVENTS: Readonly<Record<string, ContractEvent>> = {
  beforeShellExecution: "pre-tool",
  beforeMCPExecution: "pre-tool",
  beforeReadFile: "pre-tool",
  postToolUseFailure: "post-tool",
  afterShellExecution: "post-tool",
  afterMCPExecution: "post-tool",
  afterFileEdit: "post-tool",
};

const TOOLS: ToolTable = {
  names: {
    Shell: "shell",
    Write: "write",
    Read: "read",
    Delete: "edit",
    Edit: "edit",
    StrReplace: "edit",
    Task: "agent",
  },
  patterns: [{ pattern: "^MCP:", kind: "mcp" }],
};

/**
 * The tool call of an afterFileEdit payload: always an edit, of `file_path` and
 * of any file an entry of `edits` names; never a read, even without `edits`.
 */
function fileEdit(payload: Record<string, unknown>, after: boolean): ToolCall {
  const edits = Array.isArray(payload.edits) ? payload.edits : [];
  const paths: string[] = [];
  for (const p of [payload.file_path, ...edits.map((e) => obj(e)?.file_path ?? obj(e)?.path)]) {
    if (typeof p === "string" && p !== "" && !paths.includes(p)) paths.push(p);
  }
  return toolCall({
    name: "Write",
    kind: "edit",
    input: { file_path: payload.file_path, edits: payload.edits },
    paths,
    failed: after ? false : undefined,
    unread: paths.length === 0 ? "no file_path in the afterFileEdit payload" : undefined,
  });
}

/** The tool call of any of Cursor's tool payloads, told apart by their fields. */
function readTool(
  payload: Record<string, unknown>,
  nativeEvent: string,
  after: boolean,
): ToolCall | undefined {
  const name = str(payload.tool_name);
  const command = str(payload.command);
  const filePath = str(payload.file_path);
  if (nativeEvent === "afterFileEdit" || (filePath !== undefined && Array.isArray(payload.edits))) {
    return fileEdit(payload, after);
  }
  const mcp = nativeEvent === "beforeMCPExecution" || nativeEvent === "afterMCPExecution" ||
    (name !== undefined && "result_json" in payload);
  if (mcp && name !== undefined) {
    return toolCall({
      name,
      kind: "mcp",
      input: parseInput(payload.tool_input),
      output: outputText(payload.result_json),
      failed: after ? false : undefined,
    });
  }
  if (name !== undefined) {
    const { input, fields, kind, command } = toolInput(TOOLS, name, payload.tool_input);
    const failed = nativeEvent === "postToolUseFailure" || "error_message" in payload;
    return toolCall({
      name,
      kind,
      input,
      command,
      path: kind === "other" || kind === "mcp"
        ? undefined
        : str(fields.file_path) ?? str(fields.path) ?? str(fields.target_file),
      output: failed ? str(payload.error_message) : outputText(payload.tool_output),
      failed: after ? failed : undefined,
    });
  }
  if (command !== undefined) {
    return toolCall({
      name: "Shell",
      kind: "shell",
      input: { command },
      command,
      output: str(payload.output),
      failed: after ? false : undefined,
    });
  }
  if (filePath !== undefined) {
    return toolCall({ name: "Read", kind: "read", input: { file_path: filePath }, path: filePath });
  }
  return undefined;
}

function isStopStatus(value: string): value is StopStatus {
  return (STOP_STATUSES as readonly string[]).includes(value);
}

/**
 * Read a Cursor payload. Cursor sends `conversation_id` (and `session_id` at the
 * session events), `workspace_roots` and, at the tool events, `cwd`.
 */
function read(payload: Record<string, unknown>, { event }: ReadContext): HookDocument {
  const doc = snakeCaseDocument("cursor", payload, event, CURSOR_EVENTS[event]?.native ?? event);
  const session = str(payload.conversation_id) ?? str(payload.session_id);
  if (session !== undefined) doc.session = session;
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
  const root = str(roots[0]);
  if (doc.cwd === undefined && root !== undefined) doc.cwd = root;
  if (event === "pre-tool" || event === "post-tool") {
    const tool = readTool(payload, doc.nativeEvent, event === "post-tool");
    if (tool) doc.tool = tool;
  }
  if (event === "stop" || event === "subagent-stop") {
    const loops = typeof payload.loop_count === "number" ? payload.loop_count : 0;
    doc.stop = { continued: loops > 0 };
    const status = str(payload.status);
    if (status !== undefined && isStopStatus(status)) doc.stop.status = status;
    const summary = str(payload.summary);
    if (summary !== undefined && summary !== "") doc.stop.lastMessage = summary;
    const type = str(payload.subagent_type);
    const transcript = str(payload.agent_transcript_path);
    if (type !== undefined || transcript !== undefined) {
      doc.subagent = {};
      if (type !== undefined) doc.subagent.type = type;
      if (transcript !== undefined) doc.subagent.transcript = transcript;
    }
  }
  return doc;
}

/**
 * Cursor as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cursor } from "./cursor.ts";
 * assert(cursor.id === "cursor");
 * ```
 */
export const cursor: Agent = {
  id: "cursor",
  name: "Cursor",
  aliases: [],
  recorded: false,
  docs: "https://cursor.com/docs/hooks",
  events: CURSOR_EVENTS,
  aliasEvents: ALIAS_EVENTS,
  aliasCells: CURSOR_ALIAS_CELLS,
  tools: TOOLS,
  read,
  stopSays: {
    status: {
      text: "status, as sent: completed, aborted or error (stop and subagentStop)",
      basis: { kind: "docs", ref: "https://cursor.com/docs/hooks#stop" },
    },
    lastMessage: {
      text:
        "summary at subagentStop, none at stop; else the transcript_path file's tail as JSON Lines of role and message.content (a format Cursor does not document), then every other format everyhook knows",
      basis: { kind: "docs", ref: "https://cursor.com/docs/hooks#stop" },
    },
  },
  ...transcriptOf("cursor"),
  // DOCS: https://cursor.com/docs/hooks (enterprise hooks, watched and reloaded).
  reads: systemFiles("cursor", "Cursor", "hooks.json"),
  // DOCS: the hooks reference names the variables a hook script gets.
  projectFolder: {
    env: ["CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
    basis: { kind: "docs", ref: "https://cursor.com/docs/hooks" },
  },
  install: {
    matcherSyntax: "regex",
    files: {
      user: { scope: "user", parts: [".cursor", "hooks.json"] },
      project: { scope: "project", parts: [".cursor", "hooks.json"] },
    },
    layout: "flat",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    failClosedFields: { failClosed: true },
    // docs: loop_limit caps the follow-ups one stop script can send (5 is Cursor's default).
    eventFields: { stop: { loop_limit: 5 }, "subagent-stop": { loop_limit: 5 } },
    stillToDo: {
      user:
        "Cursor watches hooks.json and reloads it (docs); if the hook does not fire, restart Cursor.",
      project:
        "Cursor watches hooks.json and reloads it (docs); if the hook does not fire, restart Cursor.",
    },
  },
};
