/**
 * The payload writer the spoken protocols of the Claude-shaped agents share
 * (Claude Code, Qwen Code, Factory Droid: snake_case fields, `hook_event_name`,
 * `tool_name` and `tool_input`), built from a table of the agent's own names,
 * tool shapes and what each rests on. On `run`'s path: imports only the
 * payload readers, the tool-input writer and types.
 *
 * @module
 */

import type { ContractEvent, HookDocument } from "../contract/contract.ts";
import type { Agent, Basis, Fact } from "../agents/types.ts";
import { obj, patchText, str } from "../agents/_payload.ts";
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

/** What the writer of one Claude-shaped agent's payloads needs. */
export interface WriterTable {
  /** The spoken agent's module (its events' names). */
  agent: Agent;
  /** Its tool for each kind of call. */
  tools: ToolShapes;
  /**
   * Where its edits and writes go through one patch tool (Codex CLI's
   * `apply_patch`, its input `{command: <patch>}`): that tool, and what it rests on.
   */
  patch?: { name: string; basis: Basis };
  /** How it names an MCP tool (kept as it is when it matches), or null. */
  mcp: { pattern: RegExp; form: string; basis: Basis } | null;
  /** The event a failed tool's post-tool is sent under, where the agent has one. */
  failure: { native: string; basis: Basis } | null;
  /** A shell's output as `{stdout, stderr, interrupted, isImage}` (Claude Code), else as text. */
  shellResponse: Basis | null;
  /** What a tool's output as text rests on. */
  response: Basis;
  /** The session sources it sends; another is sent as the first. */
  sources: readonly string[];
  /** What the sources rest on. */
  sourceBasis: Basis;
  /** The session end reasons it sends; another is sent as the last. */
  endReasons: readonly string[];
  /** What `stop_hook_active` rests on, per stop event. */
  stopBasis: Basis;
  /** What the common fields rest on. */
  common: Basis;
  /** The variable it sets to the project folder, where it sets one. */
  envVar: { name: string; basis: Basis } | null;
  /** The field a stop's last message goes in (default `last_assistant_message`). */
  lastMessageKey?: string;
}

type Built =
  | { ok: true; name: string; input: Record<string, unknown>; back?: Record<string, string> }
  | { ok: false; why: string };

function tool(t: WriterTable, doc: HookDocument, cwd: string, rules: Fact[]): Built {
  const call = doc.tool!;
  const name = t.agent.name;
  if (call.kind === "mcp") {
    if (!t.mcp || !t.mcp.pattern.test(call.name)) {
      return {
        ok: false,
        why: `${name} names an MCP tool ${
          t.mcp?.form ?? "its own way"
        }, and the server of "${call.name}" cannot be read from its name`,
      };
    }
    rules.push({ text: `an MCP tool keeps its ${t.mcp.form} name`, basis: t.mcp.basis });
    return { ok: true, name: call.name, input: obj(call.input) ?? {}, back: {} };
  }
  if (t.patch && (call.kind === "edit" || call.kind === "write")) {
    return patchTool(t.patch, t.agent.name, doc, cwd, rules);
  }
  const shape = t.tools[call.kind];
  if (!shape) {
    return {
      ok: false,
      why: `${name} has no tool of the kind "${call.kind}" (${call.name} is one)`,
    };
  }
  const written = writeInput(shape, doc, cwd);
  if (written.ok) {
    rules.push({ text: `a ${call.kind} call is sent as ${shape.name}`, basis: shape.basis });
    return { ok: true, name: shape.name, input: written.input, back: written.back };
  }
  if (call.kind !== "edit" && call.kind !== "write") return written;
  const change = onePatchChange(call.input);
  if ("why" in change) return { ok: false, why: `${written.why}, and ${change.why}` };
  const path = absolute(change.path, doc.cwd ?? cwd);
  const as = (kind: "write" | "edit", input: Record<string, unknown>, what: string): Built => {
    const target = t.tools[kind];
    if (!target) return { ok: false, why: `${name} has no ${kind} tool for ${what}` };
    const made = writeInput(target, { ...doc, tool: { ...call, input, path } }, cwd);
    if (!made.ok) return made;
    rules.push({ text: `a patch that ${what} is sent as ${target.name}`, basis: target.basis });
    return { ok: true, name: target.name, input: made.input };
  };
  if (change.kind === "add") {
    return as("write", { file_path: path, content: change.content }, "adds one file");
  }
  if (change.kind === "update" && change.edits.length === 1) {
    const edit = change.edits[0]!;
    const input = {
      "file_path": path,
      "old_string": edit.oldText,
      "new_string": edit.newText,
      "replace_all": false,
    };
    return as("edit", input, "changes one place in one file");
  }
  if (change.kind === "update") {
    return {
      ok: false,
      why:
        `${name}'s edit tool takes one old and one new text, and the patch changes ${change.edits.length} places in ${change.path}`,
    };
  }
  return {
    ok: false,
    why: change.kind === "delete"
      ? `${name} has no tool that deletes a file (the patch deletes ${change.path})`
      : `${name}'s tools take one file at a time: the patch moves ${change.path} to ${change.to}`,
  };
}

/** An edit or a write said as one patch (`*** Begin Patch` ... `*** End Patch`) for one file. */
function patchTool(
  patch: { name: string; basis: Basis },
  agentName: string,
  doc: HookDocument,
  cwd: string,
  rules: Fact[],
): Built {
  const call = doc.tool!;
  const given = patchText(call.input);
  if (given !== undefined && given.includes("*** Begin Patch")) {
    rules.push({ text: `a patch is sent as ${patch.name} as it is`, basis: patch.basis });
    return { ok: true, name: patch.name, input: { command: given } };
  }
  const fields = obj(call.input) ?? {};
  const pick = (names: readonly string[]) =>
    names.map((n) => fields[n]).find((v) => typeof v === "string") as
      | string
      | undefined;
  const path = call.path;
  if (path === undefined) {
    return { ok: false, why: `${call.name}'s input names no file for ${patch.name}` };
  }
  const folder = doc.cwd ?? cwd;
  const file = path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path;
  const lines = (text: string, mark: string) =>
    text.replace(/\n$/, "").split("\n").map((l) => `${mark}${l}`);
  const oldText = pick(FIELD_NAMES.oldText);
  const newText = pick(FIELD_NAMES.newText);
  const content = pick(FIELD_NAMES.content);
  let body: string[];
  if (call.kind === "edit" && oldText !== undefined && newText !== undefined) {
    body = [`*** Update File: ${file}`, "@@", ...lines(oldText, "-"), ...lines(newText, "+")];
  } else if (content !== undefined) {
    body = [`*** Add File: ${file}`, ...lines(content, "+")];
  } else {
    return {
      ok: false,
      why:
        `${call.name}'s input has no old and new text or content for ${agentName}'s ${patch.name}`,
    };
  }
  rules.push({
    text: `an edit or a write of one file is sent as ${patch.name} with a patch of it`,
    basis: patch.basis,
  });
  return {
    ok: true,
    name: patch.name,
    input: { command: ["*** Begin Patch", ...body, "*** End Patch"].join("\n") },
  };
}

type Fields =
  | {
    ok: true;
    native: string;
    fields: Record<string, unknown>;
    back?: Record<string, string> | undefined;
    tool?: string;
  }
  | { ok: false; why: string };

function fields(t: WriterTable, doc: HookDocument, cwd: string, rules: Fact[]): Fields {
  const event: ContractEvent = doc.event;
  const native = t.agent.events[event]?.native;
  if (native === undefined) return { ok: false, why: `${t.agent.name} has no ${event} event` };
  switch (event) {
    case "pre-tool":
    case "post-tool": {
      const built = tool(t, doc, cwd, rules);
      if (!built.ok) return built;
      const call = doc.tool!;
      const out: Record<string, unknown> = { "tool_name": built.name, "tool_input": built.input };
      const id = str(doc.native.tool_use_id) ?? str(doc.native.toolUseId);
      if (id !== undefined) out.tool_use_id = id;
      if (event === "pre-tool") {
        return { ok: true, native, fields: out, back: built.back, tool: built.name };
      }
      if (call.failed && t.failure) {
        out.error = call.output ?? "";
        out.is_interrupt = false;
        rules.push({
          text: `a tool that failed is sent under ${t.failure.native}, its output as error`,
          basis: t.failure.basis,
        });
        return { ok: true, native: t.failure.native, fields: out, tool: built.name };
      }
      if (t.shellResponse && call.kind === "shell") {
        out.tool_response = {
          stdout: call.output ?? "",
          stderr: "",
          interrupted: false,
          isImage: false,
        };
        rules.push({
          text: "a shell's output is sent as tool_response.stdout",
          basis: t.shellResponse,
        });
      } else {
        out.tool_response = call.output ?? "";
        rules.push({
          text: "tool_response is the text the calling agent gave for the tool's result",
          basis: t.response,
        });
      }
      return { ok: true, native, fields: out, tool: built.name };
    }
    case "prompt":
      if (doc.prompt === undefined) return { ok: false, why: "the call carries no prompt text" };
      return { ok: true, native, fields: { prompt: doc.prompt } };
    case "session-start": {
      const source = doc.source !== undefined && t.sources.includes(doc.source)
        ? doc.source
        : t.sources[0]!;
      if (source !== doc.source) {
        rules.push({
          text: `source is "${source}": ${t.agent.name}'s sources are ${t.sources.join(", ")}`,
          basis: t.sourceBasis,
        });
      }
      return { ok: true, native, fields: { source } };
    }
    case "session-end": {
      const reason = doc.reason !== undefined && t.endReasons.includes(doc.reason)
        ? doc.reason
        : t.endReasons.at(-1)!;
      return { ok: true, native, fields: { reason } };
    }
    case "stop":
    case "subagent-stop": {
      const out: Record<string, unknown> = { "stop_hook_active": doc.stop?.continued ?? false };
      if (event === "subagent-stop") {
        out.agent_id = doc.subagent?.id ?? "";
        out.agent_type = doc.subagent?.type ?? "";
        out.agent_transcript_path = doc.subagent?.transcript ?? "";
      }
      if (doc.stop?.lastMessage !== undefined) {
        out[t.lastMessageKey ?? "last_assistant_message"] = doc.stop.lastMessage;
      }
      rules.push({
        text: "stop_hook_active says whether a hook already sent the agent back",
        basis: t.stopBasis,
      });
      return { ok: true, native, fields: out };
    }
  }
}

/**
 * The writer of a Claude-shaped agent's payloads, from its table.
 *
 * @param t The agent's table.
 * @returns The protocol's `write`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { snakeCaseWriter } from "./_snake_case_write.ts";
 * import { qwenCode } from "../agents/qwen_code.ts";
 * const basis = { kind: "docs" as const, ref: qwenCode.docs };
 * const write = snakeCaseWriter({ agent: qwenCode, tools: {}, mcp: null, failure: null, shellResponse: null,
 *   response: basis, sources: ["startup"], sourceBasis: basis, endReasons: ["other"], stopBasis: basis,
 *   common: basis, envVar: { name: "QWEN_PROJECT_DIR", basis } });
 * const said = write({ everyhook: 1, agent: "codex", event: "prompt", nativeEvent: "UserPromptSubmit", native: {},
 *   prompt: "hi", cwd: "/p" }, { cwd: "/", env: {} });
 * assert.ok(said.ok);
 * assert.equal(said.env.QWEN_PROJECT_DIR, "/p");
 * ```
 */
export function snakeCaseWriter(
  t: WriterTable,
): (doc: HookDocument, context: WriteContext) => Said {
  return (doc, context) => {
    const cwd = doc.cwd ?? context.cwd;
    const env: Record<string, string> = {};
    const envRules: Fact[] = [];
    if (t.envVar) {
      if (context.env[t.envVar.name] === undefined) env[t.envVar.name] = cwd;
      envRules.push({
        text: `${t.envVar.name} is the project folder (the payload's cwd)`,
        basis: t.envVar.basis,
      });
    }
    if (doc.agent === t.agent.id) return sameAgentSaid(doc, env, envRules);
    const rules: Fact[] = [];
    const built = fields(t, doc, cwd, rules);
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
      basis: t.common,
    });
    rules.push(...envRules);
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
          ? {
            why: `the call was written as ${toolName} from a patch, which cannot be written back`,
          }
          : inputBack(doc.tool?.input, input, back, toolName),
    };
  };
}
