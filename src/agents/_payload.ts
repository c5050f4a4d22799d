/**
 * Readers the agent modules share for payloads: they take `unknown` values from
 * a payload and give typed ones back, never throwing on a missing or odd field,
 * and build the contract's document and tool call from them. On `run`'s path:
 * imports nothing but the contract.
 *
 * @module
 */

import type {
  ContractEvent,
  HookDocument,
  SubagentInfo,
  ToolCall,
  ToolKind,
} from "../contract/contract.ts";
import { CONTRACT_VERSION } from "../contract/contract.ts";
import type { ToolTable } from "./types.ts";

/**
 * The value as a string, or undefined.
 *
 * @param v Any value.
 * @returns The string, or undefined when it is not one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { str } from "./_payload.ts";
 * assert(str("a") === "a" && str(1) === undefined);
 * ```
 */
export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

/**
 * The value as a plain object, or undefined.
 *
 * @param v Any value.
 * @returns The object, or undefined when it is not one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { obj } from "./_payload.ts";
 * assert(obj({ a: 1 })?.a === 1 && obj([1]) === undefined);
 * ```
 */
export function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : undefined;
}

/**
 * A tool input as an object: a JSON string is parsed; anything else is kept as it is.
 *
 * @param v The input as the agent sent it.
 * @returns The parsed input.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseInput } from "./_payload.ts";
 * assert((parseInput('{"a":1}') as { a: number }).a === 1);
 * ```
 */
export function parseInput(v: unknown): unknown {
  if (typeof v !== "string") return v ?? {};
  const t = v.trim();
  if (!t.startsWith("{") && !t.startsWith("[")) return v;
  try {
    return JSON.parse(t);
  } catch {
    return v;
  }
}

/**
 * A tool output as text: strings as they are, anything else as JSON.
 *
 * @param v The output as the agent sent it.
 * @returns The text, or undefined when there is none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { outputText } from "./_payload.ts";
 * assert(outputText({ stdout: "hi" }) === '{"stdout":"hi"}');
 * ```
 */
export function outputText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === "string" ? v : JSON.stringify(v);
}

/**
 * The kind of a tool by the agent's table: an exact name first, then the patterns.
 *
 * @param table The agent's tool table.
 * @param name The tool's name.
 * @returns The kind, `other` when nothing matches.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolKind } from "./_payload.ts";
 * const table = { names: { Bash: "shell" as const }, patterns: [{ pattern: "^mcp__", kind: "mcp" as const }] };
 * assert(toolKind(table, "mcp__x__y") === "mcp");
 * ```
 */
export function toolKind(table: ToolTable, name: string): ToolKind {
  const exact = table.names[name];
  if (exact) return exact;
  for (const { pattern, kind } of table.patterns) {
    if (new RegExp(pattern).test(name)) return kind;
  }
  return "other";
}

/** A tool call's input as read: parsed, its fields, the tool's kind, and a shell's command. */
export interface ToolInput {
  /** The input, parsed from JSON where it was a JSON string. */
  input: unknown;
  /** The input's fields; none when it is not an object. */
  fields: Record<string, unknown>;
  /** The tool's kind by the agent's table. */
  kind: ToolKind;
  /** The input's `command` field when the tool is a shell and the field is a string. */
  command: string | undefined;
}

/**
 * Read a tool call's input the way most agents send it: one value (an object,
 * or that object as a JSON string), with a shell's command in its `command` field.
 *
 * @param table The agent's tool table.
 * @param name The tool's name.
 * @param raw The input as the agent sent it.
 * @returns The parsed input, its fields, the tool's kind and a shell's command.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolInput } from "./_payload.ts";
 * const table = { names: { Bash: "shell" as const }, patterns: [] };
 * const t = toolInput(table, "Bash", '{"command":"ls"}');
 * assert(t.kind === "shell" && t.command === "ls" && t.fields.command === "ls");
 * assert(toolInput(table, "Read", { command: "ls" }).command === undefined);
 * ```
 */
export function toolInput(table: ToolTable, name: string, raw: unknown): ToolInput {
  const input = parseInput(raw);
  const fields = obj(input) ?? {};
  const kind = toolKind(table, name);
  return { input, fields, kind, command: kind === "shell" ? str(fields.command) : undefined };
}

/**
 * Build a tool call, leaving out every field that has no value.
 *
 * @param fields The fields; `paths` is filled from `path` when absent. An edit or a
 *   write whose paths cannot be had gets `unread` (the reason given, or a default one).
 * @returns The tool call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolCall } from "./_payload.ts";
 * const t = toolCall({ name: "Write", kind: "write", input: {}, path: "a.ts" });
 * assert(t.paths?.[0] === "a.ts");
 * ```
 */
export function toolCall(fields: {
  name: string;
  kind: ToolKind;
  input: unknown;
  command?: string | undefined;
  path?: string | undefined;
  paths?: string[] | undefined;
  output?: string | undefined;
  failed?: boolean | undefined;
  unread?: string | undefined;
}): ToolCall {
  const call: ToolCall = { name: fields.name, kind: fields.kind, input: fields.input };
  if (fields.command !== undefined) call.command = fields.command;
  const paths = fields.paths ?? (fields.path !== undefined ? [fields.path] : undefined);
  if (paths && paths.length > 0) {
    call.path = fields.path ?? paths[0] as string;
    call.paths = paths;
  } else if (fields.path !== undefined) call.path = fields.path;
  if (fields.unread !== undefined) call.unread = fields.unread;
  else if ((fields.kind === "edit" || fields.kind === "write") && call.paths === undefined) {
    call.unread = `no file path in the input of ${fields.name}`;
  }
  if (fields.output !== undefined) call.output = fields.output;
  if (fields.failed !== undefined) call.failed = fields.failed;
  return call;
}

/**
 * Start a document with the fields every event has, leaving out the absent ones.
 *
 * @param fields The agent, events, and the common fields.
 * @returns A document to which the event's own fields are added.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseDocument } from "./_payload.ts";
 * const d = baseDocument({ agent: "codex", event: "stop", nativeEvent: "Stop", native: {} });
 * assert(d.everyhook === 1 && d.cwd === undefined);
 * ```
 */
export function baseDocument(fields: {
  agent: string;
  event: ContractEvent;
  nativeEvent: string;
  native: Record<string, unknown>;
  cwd?: string | undefined;
  session?: string | undefined;
  transcript?: string | undefined;
}): HookDocument {
  const doc: HookDocument = {
    everyhook: CONTRACT_VERSION,
    agent: fields.agent,
    event: fields.event,
    nativeEvent: fields.nativeEvent,
    native: fields.native,
  };
  if (fields.cwd !== undefined) doc.cwd = fields.cwd;
  if (fields.session !== undefined) doc.session = fields.session;
  if (fields.transcript !== undefined) doc.transcript = fields.transcript;
  return doc;
}

/**
 * A document from a payload in the snake_case shape Claude Code set and others
 * follow (`hook_event_name`, `session_id`, `transcript_path`, `cwd`, `prompt`,
 * `source`, `reason`, `stop_hook_active`, `last_assistant_message`, `agent_id`,
 * `agent_type`, `agent_transcript_path`). The tool call is left to the agent.
 *
 * @param agent The agent's id.
 * @param payload The payload, whole.
 * @param event The contract event.
 * @param nativeFallback The native event name when the payload has none.
 * @returns The document, without `tool`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { snakeCaseDocument } from "./_payload.ts";
 * const d = snakeCaseDocument("codex", { hook_event_name: "Stop", stop_hook_active: true }, "stop", "Stop");
 * assert(d.stop?.continued === true);
 * ```
 */
export function snakeCaseDocument(
  agent: string,
  payload: Record<string, unknown>,
  event: ContractEvent,
  nativeFallback: string,
): HookDocument {
  const doc = baseDocument({
    agent,
    event,
    nativeEvent: str(payload.hook_event_name) ?? nativeFallback,
    native: payload,
    cwd: str(payload.cwd),
    session: str(payload.session_id),
    transcript: str(payload.transcript_path),
  });
  const prompt = str(payload.prompt);
  if (prompt !== undefined) doc.prompt = prompt;
  const source = str(payload.source);
  if (source !== undefined) doc.source = source;
  const reason = str(payload.reason);
  if (reason !== undefined) doc.reason = reason;
  if (event === "stop" || event === "subagent-stop" || "stop_hook_active" in payload) {
    doc.stop = { continued: payload.stop_hook_active === true };
    const last = str(payload.last_assistant_message);
    if (last !== undefined) doc.stop.lastMessage = last;
  }
  const subagent: SubagentInfo = {};
  const id = str(payload.agent_id);
  if (id !== undefined) subagent.id = id;
  const type = str(payload.agent_type);
  if (type !== undefined) subagent.type = type;
  const transcript = str(payload.agent_transcript_path);
  if (transcript !== undefined) subagent.transcript = transcript;
  if (Object.keys(subagent).length > 0) doc.subagent = subagent;
  return doc;
}

/**
 * Every file an `apply_patch` text touches, in order and once each: the files
 * it adds, updates and deletes, and where it moves them.
 *
 * @param patch The patch text (`*** Begin Patch` … `*** End Patch`).
 * @returns The paths, and whether the patch only adds files.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { patchPaths } from "./_payload.ts";
 * const p = patchPaths("*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch");
 * assert(p.paths[0] === "a.txt" && p.onlyAdds);
 * ```
 */
export function patchPaths(patch: string): { paths: string[]; onlyAdds: boolean } {
  const paths: string[] = [];
  let onlyAdds = true;
  for (const raw of patch.split("\n")) {
    const line = raw.replace(/\r$/, "");
    const m = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/.exec(line);
    if (!m) continue;
    if (m[1] !== "Add File") onlyAdds = false;
    const path = (m[2] as string).trim();
    if (!paths.includes(path)) paths.push(path);
  }
  return { paths, onlyAdds: onlyAdds && paths.length > 0 };
}

/**
 * Every file an `apply_patch` input touches: its patch text in any shape it
 * comes in ({@link patchText}), read by {@link patchPaths}.
 *
 * @param input The tool input (already parsed from JSON where it was a JSON string).
 * @returns The paths and whether the patch only adds files; undefined when no shape holds a patch.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { patchFiles } from "./_payload.ts";
 * const patch = "*** Begin Patch\n*** Update File: a.txt\n-x\n+y\n*** End Patch";
 * assert.deepEqual(patchFiles({ input: patch }), { paths: ["a.txt"], onlyAdds: false });
 * assert.equal(patchFiles({ command: 3 }), undefined);
 * ```
 */
export function patchFiles(input: unknown): { paths: string[]; onlyAdds: boolean } | undefined {
  const patch = patchText(input);
  return patch === undefined ? undefined : patchPaths(patch);
}

/**
 * The patch text of an `apply_patch` input, in every shape it comes in: the
 * input itself as a string, or its `command`, `input` or `patch` field as a
 * string or as an argv list (`["apply_patch", "<patch>"]`, the patch being the
 * last element that holds a `*** Begin Patch`).
 *
 * @param input The tool input (already parsed from JSON where it was a JSON string).
 * @returns The patch, or undefined when no shape holds one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { patchText } from "./_payload.ts";
 * const patch = "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch";
 * assert(patchText({ command: ["apply_patch", patch] }) === patch);
 * assert(patchText({ command: 3 }) === undefined);
 * ```
 */
export function patchText(input: unknown): string | undefined {
  const fromValue = (v: unknown): string | undefined => {
    if (typeof v === "string") return v;
    if (!Array.isArray(v)) return undefined;
    const texts = v.filter((x): x is string => typeof x === "string");
    return texts.findLast((x) => x.includes("*** Begin Patch")) ??
      (texts.length === 2 && texts[0] === "apply_patch" ? texts[1] : undefined);
  };
  const direct = fromValue(input);
  if (direct !== undefined) return direct;
  const fields = obj(input);
  if (!fields) return undefined;
  for (const key of ["command", "input", "patch"]) {
    const found = fromValue(fields[key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
