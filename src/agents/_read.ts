/**
 * Small readers the agent modules share: they take `unknown` values from a
 * payload and give typed ones back, never throwing on a missing or odd field.
 * On `run`'s path: imports nothing but types.
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
import type { Basis, Cell, Template, ToolTable } from "./types.ts";

/**
 * The value as a string, or undefined.
 *
 * @param v Any value.
 * @returns The string, or undefined when it is not one.
 *
 * @example Usage
 * ```ts
 * import { str } from "./_read.ts";
 * console.assert(str("a") === "a" && str(1) === undefined);
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
 * import { obj } from "./_read.ts";
 * console.assert(obj({ a: 1 })?.a === 1 && obj([1]) === undefined);
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
 * import { parseInput } from "./_read.ts";
 * console.assert((parseInput('{"a":1}') as { a: number }).a === 1);
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
 * import { outputText } from "./_read.ts";
 * console.assert(outputText({ stdout: "hi" }) === '{"stdout":"hi"}');
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
 * import { toolKind } from "./_read.ts";
 * const table = { names: { Bash: "shell" as const }, patterns: [{ pattern: "^mcp__", kind: "mcp" as const }] };
 * console.assert(toolKind(table, "mcp__x__y") === "mcp");
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

/**
 * Build a tool call, leaving out every field that has no value.
 *
 * @param fields The fields; `paths` is filled from `path` when absent.
 * @returns The tool call.
 *
 * @example Usage
 * ```ts
 * import { toolCall } from "./_read.ts";
 * const t = toolCall({ name: "Write", kind: "write", input: {}, path: "a.ts" });
 * console.assert(t.paths?.[0] === "a.ts");
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
}): ToolCall {
  const call: ToolCall = { name: fields.name, kind: fields.kind, input: fields.input };
  if (fields.command !== undefined) call.command = fields.command;
  const paths = fields.paths ?? (fields.path !== undefined ? [fields.path] : undefined);
  if (paths && paths.length > 0) {
    call.path = fields.path ?? paths[0] as string;
    call.paths = paths;
  } else if (fields.path !== undefined) call.path = fields.path;
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
 * import { baseDocument } from "./_read.ts";
 * const d = baseDocument({ agent: "codex", event: "stop", nativeEvent: "Stop", native: {} });
 * console.assert(d.everyhook === 1 && d.cwd === undefined);
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
 * import { snakeCaseDocument } from "./_read.ts";
 * const d = snakeCaseDocument("codex", { hook_event_name: "Stop", stop_hook_active: true }, "stop", "Stop");
 * console.assert(d.stop?.continued === true);
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
 * import { patchPaths } from "./_read.ts";
 * const p = patchPaths("*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch");
 * console.assert(p.paths[0] === "a.txt" && p.onlyAdds);
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
 * The objects of a JSON Lines text, in order; lines that are not JSON objects are skipped.
 *
 * @param text The text of a `.jsonl` file.
 * @returns One object per readable line.
 *
 * @example Usage
 * ```ts
 * import { jsonLines } from "./_read.ts";
 * console.assert(jsonLines('{"a":1}\nnot json\n').length === 1);
 * ```
 */
export function jsonLines(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (!t.startsWith("{")) continue;
    try {
      const o = obj(JSON.parse(t));
      if (o) out.push(o);
    } catch {
      // a half-written last line, or a line of another kind: skip it
    }
  }
  return out;
}

/**
 * The text of a message's content: the content itself when it is a string, else
 * the `text` of its blocks (of `blockType` only, when given), joined by newlines.
 *
 * @param content A message's content, as a transcript holds it.
 * @param blockType The block type to keep, such as `text` or `output_text`.
 * @returns The text, or undefined when there is none.
 *
 * @example Usage
 * ```ts
 * import { contentText } from "./_read.ts";
 * const c = [{ type: "text", text: "a" }, { type: "tool_use" }, { type: "text", text: "b" }];
 * console.assert(contentText(c, "text") === "a\nb");
 * ```
 */
export function contentText(content: unknown, blockType?: string): string | undefined {
  if (typeof content === "string") return content.trim() === "" ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const block of content) {
    const b = obj(block);
    if (!b || (blockType !== undefined && b.type !== blockType)) continue;
    const text = str(b.text);
    if (text) texts.push(text);
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}

/**
 * The text of the last line of a JSON Lines transcript that has one.
 *
 * @param transcript The transcript's text.
 * @param textOf The text of one line, or undefined when the line is not a message.
 * @returns The text of the last line that has one.
 *
 * @example Usage
 * ```ts
 * import { lastLineText, str } from "./_read.ts";
 * const t = '{"m":"a"}\n{"m":"b"}\n{"x":1}\n';
 * console.assert(lastLineText(t, (line) => str(line.m)) === "b");
 * ```
 */
export function lastLineText(
  transcript: string,
  textOf: (line: Record<string, unknown>) => string | undefined,
): string | undefined {
  const lines = jsonLines(transcript);
  for (let i = lines.length - 1; i >= 0; i--) {
    const text = textOf(lines[i] as Record<string, unknown>);
    if (text) return text;
  }
  return undefined;
}

/**
 * A cell that adds context through `hookSpecificOutput.additionalContext`.
 *
 * @param nativeEvent The native event name, written as `hookEventName`.
 * @param basis What the cell rests on.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import { contextCell } from "./_read.ts";
 * const c = contextCell("SessionStart", { kind: "binary", case: "ss-addctx" });
 * console.assert(c.effect === "context");
 * ```
 */
export function contextCell(nativeEvent: string, basis: Basis): Cell {
  return {
    stdout: hookSpecific(nativeEvent, { additionalContext: "<context>" }),
    exit: 0,
    effect: "context",
    basis,
  };
}

/**
 * The basis of a cell that rests on a recorded run of the agent's binary.
 *
 * @param id The case id in fixtures/conformance/<agent>.json (or the shared conformance notes).
 * @returns The basis.
 *
 * @example Usage
 * ```ts
 * import { recordedCase } from "./_read.ts";
 * console.assert(recordedCase("pre-deny").kind === "binary");
 * ```
 */
export function recordedCase(id: string): Basis {
  return { kind: "binary", case: id };
}

/**
 * The basis of a cell that rests on the agent's documentation.
 *
 * @param page The address of the page.
 * @param anchor The section on it, if one fits.
 * @returns The basis.
 *
 * @example Usage
 * ```ts
 * import { documentedAt } from "./_read.ts";
 * const b = documentedAt("https://example.com/hooks", "stop");
 * console.assert(b.kind === "docs" && b.ref === "https://example.com/hooks#stop");
 * ```
 */
export function documentedAt(page: string, anchor?: string): Basis {
  return { kind: "docs", ref: anchor ? `${page}#${anchor}` : page };
}

/**
 * A cell for a part that is not sent at all: nothing printed, nothing changes.
 *
 * @param note Why the part cannot be sent.
 * @param basis What that rests on.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import { droppedCell } from "./_read.ts";
 * const c = droppedCell("no", { kind: "docs", ref: "https://example.com" });
 * console.assert(c.becomes === "dropped" && c.effect === "none");
 * ```
 */
export function droppedCell(note: string, basis: Basis): Cell {
  return { exit: 0, effect: "none", becomes: "dropped", note, basis };
}

/**
 * The three decision cells of an event where no decision can be taken: each dropped with the same note.
 *
 * @param note Why no decision can be taken there.
 * @param basis What that rests on.
 * @returns The deny, ask and allow cells.
 *
 * @example Usage
 * ```ts
 * import { droppedDecisions } from "./_read.ts";
 * const d = droppedDecisions("too late", { kind: "docs", ref: "https://example.com" });
 * console.assert(d.deny.becomes === "dropped" && d.allow.note === "too late");
 * ```
 */
export function droppedDecisions(
  note: string,
  basis: Basis,
): Record<"deny" | "ask" | "allow", Cell> {
  return {
    deny: droppedCell(note, basis),
    ask: droppedCell(note, basis),
    allow: droppedCell(note, basis),
  };
}

/**
 * The `hookSpecificOutput` template Claude Code's format (and the agents that
 * copy it) reads; `hookEventName` is always set, because Claude Code ignores an
 * answer whose `hookEventName` is missing or names another event.
 *
 * @param nativeEvent The native event name.
 * @param fields The other fields.
 * @returns `{ hookSpecificOutput: { hookEventName, ...fields } }`.
 *
 * @example Usage
 * ```ts
 * import { hookSpecific } from "./_read.ts";
 * const t = hookSpecific("PreToolUse", { additionalContext: "<context>" });
 * console.assert(JSON.stringify(t).includes('"hookEventName":"PreToolUse"'));
 * ```
 */
export function hookSpecific(
  nativeEvent: string,
  fields: { [key: string]: Template },
): { [key: string]: Template } {
  return { hookSpecificOutput: { hookEventName: nativeEvent, ...fields } };
}
