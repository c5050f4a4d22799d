/**
 * everyhook's entries in an agent's settings file, in the agent's layout: building
 * an entry, finding the entries a line of ours wrote, and adding or removing
 * them as text edits that leave every other byte alone. Not on `run`'s path.
 *
 * @module
 */

import type { InstallInfo, Template } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { parseArgv, type ParsedLine, parseLine, shellLine } from "./command_line.ts";
import { EveryhookError } from "../contract/errors.ts";
import { editJson, type JsonPath, type TextFormat } from "./json_text.ts";
import { walkEntries } from "./entry_walk.ts";

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** What install writes for one event. */
export interface DesiredEntry {
  /** The contract event. */
  event: ContractEvent;
  /** The agent's event name (the key under `hooks`). */
  native: string;
  /** The matcher, where the event takes one. */
  matcher?: string;
  /** The entry: a whole matcher group (`matcher-groups`) or a flat entry. */
  value: JsonObject;
}

/** One entry of ours found in a file. */
export interface FoundEntry {
  /** The key under `hooks` it sits in. */
  native: string;
  /** Where the handler (or flat entry) is. */
  path: JsonPath;
  /** Where its matcher group is, in `matcher-groups` layouts. */
  groupPath?: JsonPath;
  /** How many handlers its group holds (1 in flat layouts). */
  groupSize: number;
  /** The group's matcher (matcher-groups) or the entry's matcher (flat). */
  matcher: unknown;
  /** The handler or flat entry. */
  value: JsonObject;
  /** Its group (matcher-groups), or the entry itself. */
  unit: JsonObject;
  /** The line, read back. */
  line: ParsedLine;
}

/** What one entry needs to be built. */
export interface EntryOptions {
  /** The contract event. */
  event: ContractEvent;
  /** The agent's event name. */
  native: string;
  /** The words of the `run` line, program first. */
  argv: readonly string[];
  /** The timeout in the agent's unit. */
  timeout: number;
  /** The matcher, where the event takes one. */
  matcher?: string;
  /** Write the agent's fail-closed switch. */
  failClosed: boolean;
  /** The command line's text, where it is not `shellLine(argv)` (an imported command). */
  line?: string;
}

function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Build the entry install writes for one event, in the agent's layout.
 *
 * @param info The agent's install data.
 * @param options The line, timeout, matcher and switches.
 * @returns The entry.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildEntry } from "./settings_file.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const e = buildEntry(findAgent("codex")!.install, {
 *   event: "stop", native: "Stop", argv: ["/bin/everyhook", "run"], timeout: 30, failClosed: false,
 * });
 * assert(Array.isArray(e.value.hooks));
 * ```
 */
export function buildEntry(info: InstallInfo, options: EntryOptions): DesiredEntry {
  const command: JsonObject = info.execFields
    ? { [info.execFields.program]: options.argv[0], [info.execFields.args]: options.argv.slice(1) }
    : { [info.commandField]: options.line ?? shellLine(options.argv) };
  const extra: Record<string, Template> = {
    ...(options.failClosed ? info.failClosedFields : {}),
    ...info.eventFields?.[options.event],
  };
  const withMatcher = options.matcher === undefined ? {} : { matcher: options.matcher };
  const base = { event: options.event, native: options.native, ...withMatcher };
  if (info.layout === "flat") {
    return {
      ...base,
      value: {
        type: "command",
        ...command,
        ...withMatcher,
        [info.timeoutField]: options.timeout,
        ...extra,
      },
    };
  }
  const handler = { type: "command", ...command, [info.timeoutField]: options.timeout, ...extra };
  return { ...base, value: { ...withMatcher, hooks: [handler] } };
}

/**
 * Check that a file's value has the shape install can add to, and give its root.
 *
 * @param value The parsed file (undefined for an empty or missing file).
 * @param info The agent's install data.
 * @param file The file's path, for messages.
 * @param natives The event names about to be written (each must be an array or absent).
 * @returns The root object (an empty one for an empty file).
 * @throws {EveryhookError} `config-shape` when the root, `hooks`, an event's list or the version is wrong.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkShape } from "./settings_file.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert(Object.keys(checkShape(undefined, findAgent("codex")!.install, "x", [])).length === 0);
 * ```
 */
export function checkShape(
  value: unknown,
  info: InstallInfo,
  file: string,
  natives: readonly string[],
): JsonObject {
  const refuse = (why: string) =>
    new EveryhookError("config-shape", `Cannot change "${file}": ${why}`);
  if (value === undefined) return {};
  if (!isObject(value)) throw refuse("it is not a JSON object");
  if (info.layout === "flat" && value.version !== undefined && value.version !== 1) {
    throw refuse(`its "version" is ${JSON.stringify(value.version)}, and only version 1 is read`);
  }
  const hooks = value.hooks;
  if (hooks === undefined) return value;
  if (!isObject(hooks)) throw refuse(`its "hooks" is not an object`);
  for (const native of natives) {
    const list = hooks[native];
    if (list !== undefined && !Array.isArray(list)) {
      throw refuse(`its "hooks.${native}" is not a list`);
    }
  }
  return value;
}

/**
 * The line of one handler or flat entry, read back, when it is one of ours.
 *
 * @param value The handler or entry.
 * @param info The agent's install data.
 * @returns The line, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { entryLine } from "./settings_file.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const line = entryLine(
 *   { command: '/bin/everyhook run --agent codex --event stop --timeout 1 -- "/h/a.ts"' },
 *   findAgent("codex")!.install,
 * );
 * assert(line?.hook === "/h/a.ts");
 * ```
 */
export function entryLine(value: JsonObject, info: InstallInfo): ParsedLine | undefined {
  if (info.execFields) {
    const program = value[info.execFields.program];
    const args = value[info.execFields.args];
    if (
      typeof program === "string" && Array.isArray(args) && args.every((a) => typeof a === "string")
    ) {
      return parseArgv([program, ...args]);
    }
  }
  for (const field of new Set([info.commandField, "command"])) {
    const text = value[field];
    if (typeof text === "string") return parseLine(text);
  }
  return undefined;
}

/**
 * Every entry in a file whose line starts everyhook's `run`.
 *
 * @param root The file's root object.
 * @param info The agent's install data.
 * @returns The entries, in file order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findOurs } from "./settings_file.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert(findOurs({ hooks: {} }, findAgent("cursor")!.install).length === 0);
 * ```
 */
export function findOurs(root: JsonObject, info: InstallInfo): FoundEntry[] {
  const found: FoundEntry[] = [];
  if (!isObject(root.hooks)) return found;
  for (const entry of walkEntries(root.hooks, info.layout)) {
    // In matcher groups, everyhook's entries sit in a group's `hooks` list.
    if (info.layout !== "flat" && entry.groupPath === undefined) continue;
    const line = entryLine(entry.value, info);
    if (line) found.push({ ...entry, line });
  }
  return found;
}

/**
 * Whether two JSON values are equal (object keys in any order).
 *
 * @param a One value.
 * @param b The other.
 * @returns True when equal.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonEqual } from "./settings_file.ts";
 * assert(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }));
 * ```
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length &&
      a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length &&
    ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
}

/**
 * Whether an entry found in the file is exactly what install would write now.
 *
 * @param found The entry in the file.
 * @param desired What install would write.
 * @param info The agent's install data.
 * @returns True when nothing needs to change.
 *
 * @example Usage
 * ```ts ignore
 * import { isSameEntry } from "./settings_file.ts";
 * if (isSameEntry(found, desired, info)) console.log("unchanged");
 * ```
 */
export function isSameEntry(found: FoundEntry, desired: DesiredEntry, info: InstallInfo): boolean {
  if (found.native !== desired.native) return false;
  if (info.layout === "flat" || found.groupSize === 1) return jsonEqual(found.unit, desired.value);
  const handler = (desired.value.hooks as unknown[])[0];
  return jsonEqual(found.matcher, desired.matcher) && jsonEqual(found.value, handler);
}

/**
 * Add an entry at the end of its event's list, creating `hooks` and the list as needed.
 *
 * @param text The file's text.
 * @param root The file's root object (parsed from `text`).
 * @param desired The entry.
 * @param format The file's layout.
 * @returns The new text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { addEntry } from "./settings_file.ts";
 * import { DEFAULT_FORMAT } from "./json_text.ts";
 * const out = addEntry("{}\n", {}, { event: "stop", native: "Stop", value: { hooks: [] } }, DEFAULT_FORMAT);
 * assert(out.includes('"Stop"'));
 * ```
 */
export function addEntry(
  text: string,
  root: JsonObject,
  desired: DesiredEntry,
  format: TextFormat,
): string {
  const hooks = root.hooks;
  if (!isObject(hooks)) {
    return editJson(text, ["hooks"], { [desired.native]: [desired.value] }, format);
  }
  if (!Array.isArray(hooks[desired.native])) {
    return editJson(text, ["hooks", desired.native], [desired.value], format);
  }
  return editJson(text, ["hooks", desired.native, -1], desired.value, format, { insert: true });
}

/**
 * Put what install would write in place of one entry of ours, keeping its
 * place in the list. Where the entry shares a group with other handlers and
 * the matcher changed, the handler leaves the group and a new group is added.
 *
 * @param text The file's text.
 * @param root The file's root object.
 * @param found The entry to replace.
 * @param desired What to write.
 * @param format The file's layout.
 * @returns The new text.
 *
 * @example Usage
 * ```ts ignore
 * import { replaceEntry } from "./settings_file.ts";
 * const out = replaceEntry(text, root, found, desired, format);
 * ```
 */
export function replaceEntry(
  text: string,
  root: JsonObject,
  found: FoundEntry,
  desired: DesiredEntry,
  format: TextFormat,
): string {
  if (found.groupPath === undefined || found.groupSize === 1) {
    return editJson(text, found.groupPath ?? found.path, desired.value, format);
  }
  if (jsonEqual(found.matcher, desired.matcher)) {
    return editJson(text, found.path, (desired.value.hooks as unknown[])[0], format);
  }
  const removed = editJson(text, found.path, undefined, format);
  return addEntry(removed, root, desired, format);
}

/**
 * Take one entry of ours out, and with it its group and its event's list when
 * they become empty (`hooks` itself stays).
 *
 * @param text The file's text.
 * @param root The file's root object.
 * @param found The entry.
 * @param format The file's layout.
 * @returns The new text.
 *
 * @example Usage
 * ```ts ignore
 * import { removeEntry } from "./settings_file.ts";
 * const out = removeEntry(text, root, found, format);
 * ```
 */
export function removeEntry(
  text: string,
  root: JsonObject,
  found: FoundEntry,
  format: TextFormat,
): string {
  const list = (root.hooks as JsonObject)[found.native] as unknown[];
  if (found.groupPath !== undefined && found.groupSize > 1) {
    return editJson(text, found.path, undefined, format);
  }
  if (list.length > 1) return editJson(text, found.groupPath ?? found.path, undefined, format);
  return editJson(text, ["hooks", found.native], undefined, format);
}
