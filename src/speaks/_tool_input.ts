/**
 * Writing a tool input in a spoken agent's shape from the contract's tool
 * call, field by field, and carrying a rewritten input back into the calling
 * agent's shape. A spoken protocol describes each of its tools as a
 * {@linkcode ToolShape} (data); the fields are looked up in the calling
 * agent's input under the names the agents use for the same thing. Also reads
 * an `apply_patch` text that touches one file into that file's edits, where a
 * spoken agent has no patch tool. On `run`'s path: imports only the payload
 * readers and types.
 *
 * @module
 */

import type { ContractEvent, HookDocument, ToolKind } from "../contract/contract.ts";
import type { Agent, Basis } from "../agents/types.ts";
import { documentedAt, recordedCase } from "../agents/_cells.ts";
import { obj, patchText } from "../agents/_payload.ts";

/** One field of a spoken agent's tool input. */
export interface FieldRule {
  /** The field's name in the spoken agent's input. */
  key: string;
  /** The names the calling agents give the same field, tried in order. */
  from: readonly string[];
  /** Where the document holds the value when no name matches: the call's command or first path. */
  doc?: "command" | "path";
  /** The call cannot be said without it. */
  required?: boolean;
  /** A path the spoken agent sends absolute: a relative one is joined to the folder. */
  absolute?: boolean;
}

/** A spoken agent's tool for one kind of call, and the shape of its input. */
export interface ToolShape {
  /** The tool's name as the spoken agent sends it. */
  name: string;
  /** The fields of its input. */
  fields: readonly FieldRule[];
  /** What the name and the shape rest on. */
  basis: Basis;
}

/** The tool shapes of a spoken agent, by kind; a kind it has no tool for is absent. */
export type ToolShapes = Readonly<Partial<Record<ToolKind, ToolShape>>>;

/** The names agents give a shell command, a path, a file's text, an edit's old and new text. */
export const FIELD_NAMES = {
  command: ["command", "cmd"],
  path: ["file_path", "path", "filePath", "absolute_path", "target_file", "notebook_path"],
  content: ["content", "file_text", "contents", "text", "file_content"],
  oldText: ["old_string", "old_str", "oldString", "old_text"],
  newText: ["new_string", "new_str", "newString", "new_text"],
  description: ["description", "summary"],
} as const;

/**
 * The field of a file tool's path, sent absolute, under the spoken agent's key.
 *
 * @param key The field's name in the spoken agent's input.
 * @returns The field rule.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { absolutePathField } from "./_tool_input.ts";
 * const f = absolutePathField("file_path");
 * assert.equal(f.key, "file_path");
 * assert.equal(f.absolute, true);
 * assert.ok(f.from.includes("filePath"));
 * ```
 */
export function absolutePathField(key: string): FieldRule {
  return { key, from: FIELD_NAMES.path, doc: "path", required: true, absolute: true };
}

/**
 * What a spoken rule rests on when it is a payload the agent sent: one of its
 * committed fixtures.
 *
 * @param agentId The spoken agent's id, the folder of its fixtures.
 * @returns A function from a fixture's name (without `.json`) to its basis.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fixtureBasis } from "./_tool_input.ts";
 * const sent = fixtureBasis("codex");
 * assert.deepEqual(sent("pre-tool.shell"), {
 *   kind: "binary",
 *   case: "fixtures/codex/pre-tool.shell.json",
 * });
 * ```
 */
export function fixtureBasis(agentId: string): (file: string) => Basis {
  return (file) => ({ kind: "binary", case: `fixtures/${agentId}/${file}.json` });
}

/** The three kinds of basis a spoken protocol's rules rest on. */
export interface SpokenBases {
  /** A place in the agent's hook reference: an anchor on its page, or the page. */
  documented(anchor?: string): Basis;
  /** A payload the agent sent: one of its fixtures, by name (without `.json`). */
  sent(file: string): Basis;
  /** A recorded case: its id in the agent's conformance file. */
  seen(caseId: string): Basis;
}

/**
 * The basis makers of a spoken agent's rules, from its module.
 *
 * @param agent The spoken agent's module.
 * @returns The makers.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { spokenBases } from "./_tool_input.ts";
 * import { codex } from "../agents/codex.ts";
 * const { documented, sent, seen } = spokenBases(codex);
 * assert.deepEqual(documented(), { kind: "docs", ref: codex.docs });
 * assert.deepEqual(sent("stop.first"), { kind: "binary", case: "fixtures/codex/stop.first.json" });
 * assert.deepEqual(seen("pre-deny"), { kind: "binary", case: "pre-deny" });
 * ```
 */
export function spokenBases(agent: Pick<Agent, "id" | "docs">): SpokenBases {
  return {
    documented: (anchor) => documentedAt(agent.docs, anchor),
    sent: fixtureBasis(agent.id),
    seen: recordedCase,
  };
}

/** The fixture each event's payload was recorded in, named alike in every agent's fixtures. */
export const EVENT_FIXTURES: Readonly<Record<ContractEvent, string>> = {
  "pre-tool": "pre-tool.shell-force-push",
  "post-tool": "post-tool.shell-harmless",
  prompt: "prompt.prompt",
  "session-start": "session-start.startup",
  "session-end": "session-end.end",
  stop: "stop.first",
  "subagent-stop": "subagent-stop.first",
};

/**
 * What the name of each of a spoken agent's events rests on: its recorded
 * payload of that event, or for an event none was recorded of, what the table
 * says instead.
 *
 * @param sent The basis of one of the agent's fixtures, by name.
 * @param unrecorded The events with no recorded payload, and what each rests on.
 * @returns The basis of an event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { eventBases, fixtureBasis } from "./_tool_input.ts";
 * const docs = { kind: "docs", ref: "https://example.com" } as const;
 * const basis = eventBases(fixtureBasis("qwen-code"), { "session-end": docs });
 * assert.equal(basis("session-end"), docs);
 * assert.deepEqual(basis("stop"), { kind: "binary", case: "fixtures/qwen-code/stop.first.json" });
 * ```
 */
export function eventBases(
  sent: (file: string) => Basis,
  unrecorded: Readonly<Partial<Record<ContractEvent, Basis>>> = {},
): (event: ContractEvent) => Basis {
  return (event) => unrecorded[event] ?? sent(EVENT_FIXTURES[event]);
}

/** How a spoken agent names its shell, write, edit and read tools and the keys of their input. */
export interface FileToolNames {
  /** The key of a file tool's path, sent absolute. */
  path: string;
  /** The shell tool's name, and its key of the command's description. */
  shell: readonly [name: string, description: string];
  /** The write tool's name, and its key of the file's text. */
  write: readonly [name: string, content: string];
  /** The edit tool's name, its keys of the old and the new text, and any more fields. */
  edit: readonly [name: string, oldText: string, newText: string, ...more: FieldRule[]];
  /** The read tool's name, and any more fields. */
  read: readonly [name: string, ...more: FieldRule[]];
}

/**
 * The shell, write, edit and read tools of a spoken agent, in the shapes its
 * recorded pre-tool fixtures (`pre-tool.shell-force-push`, `pre-tool.write`,
 * `pre-tool.edit`, `pre-tool.read`) show: only the names and keys differ
 * between agents.
 *
 * @param names The agent's tool names and input keys.
 * @param sent The basis of one of the agent's fixtures, by name.
 * @returns The four tool shapes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileTools, fixtureBasis } from "./_tool_input.ts";
 * const tools = fileTools({
 *   path: "file_path",
 *   shell: ["Bash", "description"],
 *   write: ["Write", "content"],
 *   edit: ["Edit", "old_string", "new_string"],
 *   read: ["Read"],
 * }, fixtureBasis("claude-code"));
 * assert.equal(tools.edit.fields.length, 3);
 * assert.equal(tools.read.basis.kind === "binary" && tools.read.basis.case, "fixtures/claude-code/pre-tool.read.json");
 * ```
 */
export function fileTools(
  names: FileToolNames,
  sent: (file: string) => Basis,
): Record<"shell" | "write" | "edit" | "read", ToolShape> {
  const path = absolutePathField(names.path);
  const [shell, description] = names.shell;
  const [write, content] = names.write;
  const [edit, oldText, newText, ...editMore] = names.edit;
  const [read, ...readMore] = names.read;
  return {
    shell: {
      name: shell,
      fields: [
        { key: "command", from: FIELD_NAMES.command, doc: "command", required: true },
        { key: description, from: FIELD_NAMES.description },
      ],
      basis: sent("pre-tool.shell-force-push"),
    },
    write: {
      name: write,
      fields: [path, { key: content, from: FIELD_NAMES.content, required: true }],
      basis: sent("pre-tool.write"),
    },
    edit: {
      name: edit,
      fields: [
        path,
        { key: oldText, from: FIELD_NAMES.oldText, required: true },
        { key: newText, from: FIELD_NAMES.newText, required: true },
        ...editMore,
      ],
      basis: sent("pre-tool.edit"),
    },
    read: { name: read, fields: [path, ...readMore], basis: sent("pre-tool.read") },
  };
}

/** The fields of a call that starts a subagent: its type, what it is for, and its prompt. */
export const AGENT_FIELDS = {
  type: { key: "subagent_type", from: ["subagent_type", "subagentType", "agent_type"] },
  description: { key: "description", from: ["description"] },
  prompt: { key: "prompt", from: ["prompt", "task"], required: true },
} as const satisfies Record<string, FieldRule>;

/** A tool input written in a spoken agent's shape, and how to carry a rewrite back. */
export type WrittenInput =
  | {
    ok: true;
    input: Record<string, unknown>;
    /** For each field of the spoken input, the calling agent's field it came from. */
    back: Record<string, string>;
  }
  | { ok: false; why: string };

/**
 * Write a tool input in a spoken shape from a tool call's input and the document.
 *
 * @param shape The spoken agent's tool.
 * @param doc The document (its `tool` and `cwd` are read).
 * @param cwd The folder a relative path is joined to when the document names none.
 * @returns The input and the fields it came from, or why a required field is missing.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeInput } from "./_tool_input.ts";
 * const shape = { name: "Write", basis: { kind: "docs" as const, ref: "x" }, fields: [
 *   { key: "file_path", from: ["path"], doc: "path" as const, required: true, absolute: true },
 * ] };
 * const doc = { everyhook: 1 as const, agent: "a", event: "pre-tool" as const, nativeEvent: "x", native: {},
 *   cwd: "/p", tool: { name: "create", kind: "write" as const, input: { path: "a.txt" }, path: "a.txt" } };
 * const w = writeInput(shape, doc, "/");
 * assert.ok(w.ok);
 * assert.deepEqual(w.input, { file_path: "/p/a.txt" });
 * ```
 */
export function writeInput(shape: ToolShape, doc: HookDocument, cwd: string): WrittenInput {
  const tool = doc.tool;
  if (!tool) return { ok: false, why: "the call names no tool" };
  const fields = obj(tool.input) ?? {};
  const input: Record<string, unknown> = {};
  const back: Record<string, string> = {};
  for (const rule of shape.fields) {
    const name = rule.from.find((k) => fields[k] !== undefined && fields[k] !== null);
    let value: unknown = name !== undefined ? fields[name] : undefined;
    if (value === undefined && rule.doc === "command") value = tool.command;
    if (value === undefined && rule.doc === "path") value = tool.path;
    if (value === undefined) {
      if (rule.required) {
        return { ok: false, why: `${tool.name}'s input has no ${rule.key} for ${shape.name}` };
      }
      continue;
    }
    if (rule.absolute && typeof value === "string") value = absolute(value, doc.cwd ?? cwd);
    input[rule.key] = value;
    if (name !== undefined && value === fields[name]) back[rule.key] = name;
  }
  return { ok: true, input, back };
}

/**
 * Carry an input a hook rewrote in the spoken shape back into the calling
 * agent's: each spoken field goes to the calling agent's field it came from.
 *
 * @param original The calling agent's input.
 * @param rewritten The hook's input, in the spoken shape.
 * @param back For each spoken field, the calling agent's field (from {@linkcode writeInput}).
 * @param spokenName The spoken tool's name, for the reason.
 * @returns The calling agent's input, or why a field cannot be carried.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inputBack } from "./_tool_input.ts";
 * const r = inputBack({ command: "x", description: "d" }, { command: "y" }, { command: "command" }, "Bash");
 * assert.deepEqual(r, { input: { command: "y", description: "d" } });
 * ```
 */
export function inputBack(
  original: unknown,
  rewritten: Record<string, unknown>,
  back: Readonly<Record<string, string>>,
  spokenName: string,
): { input: Record<string, unknown> } | { why: string } {
  const base = obj(original);
  if (!base) return { why: "the calling agent's input is not an object" };
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(rewritten)) {
    const to = back[key];
    if (to === undefined) {
      return {
        why: `${spokenName}'s field "${key}" has no field of its own in the calling agent's input`,
      };
    }
    out[to] = value;
  }
  return { input: out };
}

/**
 * A path as absolute: joined to the folder when it is relative (a path that
 * starts with the folder is kept as it is).
 *
 * @param path The path as the calling agent sent it.
 * @param folder The folder it is relative to.
 * @returns The absolute path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { absolute } from "./_tool_input.ts";
 * assert.equal(absolute("src/a.ts", "/p"), "/p/src/a.ts");
 * assert.equal(absolute("/etc/hosts", "/p"), "/etc/hosts");
 * ```
 */
export function absolute(path: string, folder: string): string {
  if (folder !== "" && path.startsWith(folder)) return path;
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\")) return path;
  const sep = /^[A-Za-z]:[\\/]/.test(folder) ? "\\" : "/";
  const base = folder.endsWith("/") || folder.endsWith("\\") ? folder.slice(0, -1) : folder;
  return `${base}${sep}${path.replace(/^\.[\\/]/, "")}`;
}

/** One file's change in an `apply_patch` text. */
export type PatchChange =
  | { kind: "add"; path: string; content: string }
  | { kind: "update"; path: string; edits: Array<{ oldText: string; newText: string }> }
  | { kind: "delete"; path: string }
  | { kind: "move"; path: string; to: string };

/**
 * The change an `apply_patch` call makes, when it touches exactly one file.
 *
 * @param input The tool input (any shape `patchText` reads).
 * @returns The change, or why it is not one file's change.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { onePatchChange } from "./_tool_input.ts";
 * const patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+two\n*** End Patch";
 * assert.deepEqual(onePatchChange({ command: patch }), {
 *   kind: "update", path: "a.txt", edits: [{ oldText: "one", newText: "two" }],
 * });
 * ```
 */
export function onePatchChange(input: unknown): PatchChange | { why: string } {
  const text = patchText(input);
  if (text === undefined) return { why: "no patch text in the input" };
  const changes: PatchChange[] = [];
  let hunk: { old: string[]; new: string[] } | undefined;
  let adding: string[] | undefined;
  const close = () => {
    const last = changes.at(-1);
    if (hunk && last?.kind === "update" && (hunk.old.length > 0 || hunk.new.length > 0)) {
      last.edits.push({ oldText: hunk.old.join("\n"), newText: hunk.new.join("\n") });
    }
    hunk = undefined;
  };
  for (const raw of text.split("\n")) {
    const line = raw.replace(/\r$/, "");
    const head = /^\*\*\* (Add File|Update File|Delete File|Move to): (.+)$/.exec(line);
    if (head) {
      close();
      adding = undefined;
      const path = (head[2] as string).trim();
      if (head[1] === "Add File") {
        adding = [];
        changes.push({ kind: "add", path, content: "" });
      } else if (head[1] === "Update File") changes.push({ kind: "update", path, edits: [] });
      else if (head[1] === "Delete File") changes.push({ kind: "delete", path });
      else {
        const last = changes.pop();
        changes.push({ kind: "move", path: last?.path ?? path, to: path });
      }
      continue;
    }
    if (line.startsWith("*** ")) {
      close();
      continue;
    }
    const last = changes.at(-1);
    if (last?.kind === "add" && adding && line.startsWith("+")) {
      adding.push(line.slice(1));
      last.content = `${adding.join("\n")}\n`;
    } else if (last?.kind === "update") {
      if (line.startsWith("@@")) {
        close();
        hunk = { old: [], new: [] };
        continue;
      }
      hunk ??= { old: [], new: [] };
      const body = line.slice(1);
      if (line.startsWith("-")) hunk.old.push(body);
      else if (line.startsWith("+")) hunk.new.push(body);
      else if (line.startsWith(" ") || line === "") {
        hunk.old.push(body);
        hunk.new.push(body);
      }
    }
  }
  close();
  if (changes.length !== 1) {
    return {
      why: changes.length === 0
        ? "the patch names no file"
        : `the patch touches ${changes.length} files`,
    };
  }
  return changes[0] as PatchChange;
}
