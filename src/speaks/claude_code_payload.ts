/**
 * The payload Claude Code sends for a document: its event names, its tool for
 * each kind of call and that tool's input, the session, folder and transcript
 * fields, and the environment it sets for hooks (CLAUDE_PROJECT_DIR), each
 * rule with what it rests on (the recorded payloads in fixtures/claude-code/,
 * the hooks reference). The reading side is claude_code.ts. On `run`'s path:
 * loads Claude Code's agent module and nothing of the other agents'.
 *
 * @module
 */

import type { ContractEvent, HookDocument } from "../contract/contract.ts";
import type { Basis, Fact } from "../agents/types.ts";
import { claudeCode } from "../agents/claude_code.ts";
import { documentedAt } from "../agents/_cells.ts";
import { obj, str } from "../agents/_payload.ts";
import type { Said, WriteContext } from "./types.ts";
import {
  absolute,
  FIELD_NAMES,
  inputBack,
  onePatchChange,
  type ToolShapes,
  writeInput,
} from "./_tool_input.ts";
import { sameAgentSaid } from "./_spoken.ts";

const DOCS = claudeCode.docs;

/** A rule resting on Claude Code's hooks reference. */
export function documented(anchor: string): Basis {
  return documentedAt(DOCS, anchor);
}

/** A rule resting on a payload Claude Code sent, recorded in fixtures/claude-code/. */
export function sent(file: string): Basis {
  return { kind: "binary", case: `fixtures/claude-code/${file}.json` };
}

const PATH = {
  key: "file_path",
  from: FIELD_NAMES.path,
  doc: "path",
  required: true,
  absolute: true,
} as const;

/** Claude Code's tool for each kind of call, and the shape of its input. */
const TOOLS: ToolShapes = {
  shell: {
    name: "Bash",
    fields: [
      { key: "command", from: FIELD_NAMES.command, doc: "command", required: true },
      { key: "description", from: FIELD_NAMES.description },
    ],
    basis: sent("pre-tool.shell-force-push"),
  },
  write: {
    name: "Write",
    fields: [PATH, { key: "content", from: FIELD_NAMES.content, required: true }],
    basis: sent("pre-tool.write"),
  },
  edit: {
    name: "Edit",
    fields: [
      PATH,
      { key: "old_string", from: FIELD_NAMES.oldText, required: true },
      { key: "new_string", from: FIELD_NAMES.newText, required: true },
      { key: "replace_all", from: ["replace_all"] },
    ],
    basis: sent("pre-tool.edit"),
  },
  read: {
    name: "Read",
    fields: [PATH, { key: "offset", from: ["offset"] }, { key: "limit", from: ["limit"] }],
    basis: sent("pre-tool.read"),
  },
  agent: {
    name: "Agent",
    fields: [
      { key: "description", from: ["description"] },
      { key: "prompt", from: ["prompt", "task"], required: true },
      { key: "subagent_type", from: ["subagent_type", "subagentType", "agent_type"] },
    ],
    basis: sent("pre-tool.agent"),
  },
};

/** The recorded payload each event's name rests on. */
export const EVENT_FIXTURE: Record<ContractEvent, string> = {
  "pre-tool": "shell-force-push",
  "post-tool": "shell-harmless",
  prompt: "prompt",
  "session-start": "startup",
  "session-end": "end",
  stop: "first",
  "subagent-stop": "first",
};

const SOURCES = ["startup", "resume", "clear", "compact", "fork"];
const END_REASONS = ["clear", "resume", "logout", "prompt_input_exit", "other"];
const MCP_NAME = /^mcp__[^_].*__./;

type Built =
  | { ok: true; name: string; input: Record<string, unknown>; back?: Record<string, string> }
  | { ok: false; why: string };

/** The tool name and input Claude Code would send for the document's call. */
function claudeTool(doc: HookDocument, cwd: string, rules: Fact[]): Built {
  const tool = doc.tool!;
  if (tool.kind === "mcp") {
    if (!MCP_NAME.test(tool.name)) {
      return {
        ok: false,
        why:
          `Claude Code names an MCP tool mcp__<server>__<tool>, and the server of "${tool.name}" cannot be read from its name`,
      };
    }
    rules.push({
      text: "an MCP tool keeps its mcp__<server>__<tool> name",
      basis: documented("match-mcp-tools"),
    });
    return { ok: true, name: tool.name, input: obj(tool.input) ?? {}, back: {} };
  }
  const shape = TOOLS[tool.kind];
  if (!shape) {
    return {
      ok: false,
      why: `Claude Code has no tool of the kind "${tool.kind}" (${tool.name} is one)`,
    };
  }
  const written = writeInput(shape, doc, cwd);
  if (written.ok) {
    rules.push({ text: `a ${tool.kind} call is sent as ${shape.name}`, basis: shape.basis });
    return { ok: true, name: shape.name, input: written.input, back: written.back };
  }
  if (tool.kind !== "edit" && tool.kind !== "write") return written;
  const change = onePatchChange(tool.input);
  if ("why" in change) return { ok: false, why: `${written.why}, and ${change.why}` };
  const path = absolute(change.path, doc.cwd ?? cwd);
  const one = (x: string) => `Claude Code's Edit and Write take one file at a time: ${x}`;
  if (change.kind === "add") {
    rules.push({ text: "a patch that adds one file is sent as Write", basis: TOOLS.write!.basis });
    return { ok: true, name: "Write", input: { file_path: path, content: change.content } };
  }
  if (change.kind === "update" && change.edits.length === 1) {
    const edit = change.edits[0]!;
    rules.push({
      text: "a patch that changes one place in one file is sent as Edit",
      basis: TOOLS.edit!.basis,
    });
    return {
      ok: true,
      name: "Edit",
      input: {
        file_path: path,
        old_string: edit.oldText,
        new_string: edit.newText,
        replace_all: false,
      },
    };
  }
  if (change.kind === "update") {
    return {
      ok: false,
      why:
        `Claude Code's Edit takes one old and one new text, and the patch changes ${change.edits.length} places in ${change.path}`,
    };
  }
  return {
    ok: false,
    why: change.kind === "delete"
      ? `Claude Code has no tool that deletes a file (the patch deletes ${change.path})`
      : one(`the patch moves ${change.path} to ${change.to}`),
  };
}

/** The fields of Claude Code's payload for the document's event. */
function eventFields(doc: HookDocument, cwd: string, rules: Fact[]):
  | {
    ok: true;
    native: string;
    fields: Record<string, unknown>;
    back?: Record<string, string> | undefined;
    tool?: string;
  }
  | { ok: false; why: string } {
  const event = doc.event;
  const native = claudeCode.events[event]!.native;
  switch (event) {
    case "pre-tool":
    case "post-tool": {
      const built = claudeTool(doc, cwd, rules);
      if (!built.ok) return built;
      const tool = doc.tool!;
      const fields: Record<string, unknown> = {
        "tool_name": built.name,
        "tool_input": built.input,
      };
      const id = str(doc.native.tool_use_id) ?? str(doc.native.toolUseId);
      if (id !== undefined) fields.tool_use_id = id;
      if (event === "pre-tool") {
        return { ok: true, native, fields, back: built.back, tool: built.name };
      }
      if (tool.failed) {
        fields.error = tool.output ?? "";
        fields.is_interrupt = false;
        rules.push({
          text: "a tool that failed is sent under PostToolUseFailure, with its output as error",
          basis: sent("post-tool.shell-failed"),
        });
        return { ok: true, native: "PostToolUseFailure", fields, tool: built.name };
      }
      if (built.name === "Bash") {
        fields.tool_response = {
          stdout: tool.output ?? "",
          stderr: "",
          interrupted: false,
          isImage: false,
        };
        rules.push({
          text:
            "a shell's output is sent as tool_response.stdout (the calling agent's text, stdout and stderr as one)",
          basis: sent("post-tool.shell-harmless"),
        });
      } else {
        fields.tool_response = tool.output ?? "";
        rules.push({
          text:
            "tool_response is the text the calling agent gave for the tool's result (Claude Code's own shape depends on the tool)",
          basis: documented("posttooluse-input"),
        });
      }
      return { ok: true, native, fields, tool: built.name };
    }
    case "prompt":
      if (doc.prompt === undefined) return { ok: false, why: "the call carries no prompt text" };
      return { ok: true, native, fields: { prompt: doc.prompt } };
    case "session-start": {
      const source = doc.source !== undefined && SOURCES.includes(doc.source)
        ? doc.source
        : "startup";
      if (source !== doc.source) {
        rules.push({
          text: `source is "startup": Claude Code's sources are ${SOURCES.join(", ")}${
            doc.source !== undefined ? `, not "${doc.source}"` : ""
          }`,
          basis: documented("sessionstart-input"),
        });
      }
      return { ok: true, native, fields: { source } };
    }
    case "session-end": {
      const reason = doc.reason !== undefined && END_REASONS.includes(doc.reason)
        ? doc.reason
        : "other";
      return { ok: true, native, fields: { reason } };
    }
    case "stop":
    case "subagent-stop": {
      const fields: Record<string, unknown> = { "stop_hook_active": doc.stop?.continued ?? false };
      if (event === "subagent-stop") {
        fields.agent_id = doc.subagent?.id ?? "";
        fields.agent_type = doc.subagent?.type ?? "";
        fields.agent_transcript_path = doc.subagent?.transcript ?? "";
      }
      if (doc.stop?.lastMessage !== undefined) fields.last_assistant_message = doc.stop.lastMessage;
      rules.push({
        text: "stop_hook_active says whether a hook already sent the agent back",
        basis: sent(event === "stop" ? "stop.continued" : "subagent-stop.first"),
      });
      return { ok: true, native, fields };
    }
  }
}

/**
 * Write the payload Claude Code would send for a document, or say why it cannot be said.
 *
 * @param doc The document.
 * @param context everyhook's folder and the calling environment.
 * @returns The payload and its rules, or why not.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeClaudePayload } from "./claude_code_payload.ts";
 * const said = writeClaudePayload({ everyhook: 1, agent: "codex", event: "prompt", nativeEvent: "UserPromptSubmit",
 *   native: {}, prompt: "hi", cwd: "/p" }, { cwd: "/", env: {} });
 * assert.ok(said.ok);
 * assert.equal(said.payload.hook_event_name, "UserPromptSubmit");
 * assert.equal(said.env.CLAUDE_PROJECT_DIR, "/p");
 * ```
 */
export function writeClaudePayload(doc: HookDocument, context: WriteContext): Said {
  const cwd = doc.cwd ?? context.cwd;
  const env: Record<string, string> = {};
  if (context.env.CLAUDE_PROJECT_DIR === undefined) env.CLAUDE_PROJECT_DIR = cwd;
  const envRule: Fact = {
    text: "CLAUDE_PROJECT_DIR is the project folder (the payload's cwd)",
    basis: documented("reference-scripts-by-path"),
  };
  if (doc.agent === claudeCode.id) return sameAgentSaid(doc, env, [envRule]);
  const rules: Fact[] = [];
  const built = eventFields(doc, cwd, rules);
  if (!built.ok) return { ok: false, why: built.why, rules };
  const payload: Record<string, unknown> = {
    "session_id": doc.session ?? "",
    "transcript_path": doc.transcript ?? "",
    cwd,
  };
  const mode = str(doc.native.permission_mode);
  if (mode !== undefined) payload.permission_mode = mode;
  payload.hook_event_name = built.native;
  Object.assign(payload, built.fields);
  rules.unshift({
    text:
      "session_id, transcript_path, cwd and hook_event_name on every event (empty where the calling agent sent none)",
    basis: documented("common-input-fields"),
  });
  rules.push(envRule);
  const back = built.back;
  const toolName = built.tool ?? "";
  return {
    ok: true,
    nativeEvent: built.native,
    payload,
    env,
    rules,
    inputBack: (input) =>
      back === undefined
        ? { why: `the call was written as ${toolName} from a patch, which cannot be written back` }
        : inputBack(doc.tool?.input, input, back, toolName),
  };
}
