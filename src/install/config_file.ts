/**
 * What install, uninstall and restore share: the world they work in, reading
 * an agent's settings file for a change, checking what is about to be written,
 * and the reason a file is left alone. Not on `run`'s path.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";
import {
  decodeJsonText,
  DEFAULT_FORMAT,
  duplicateHooksKey,
  encodeJsonText,
  type JsonText,
  parseJsonText,
  type TextFormat,
} from "../settings/json_text.ts";
import type { Agent, InstallInfo } from "../agents/types.ts";
import { pluginHooksText, pluginText } from "../settings/plugin_file.ts";
import { isPersonsHookText, runnerHooksText, runnerText } from "../settings/runner_file.ts";
import { tomlHooksJson, tomlWithHooks, verifyToml } from "../settings/toml_hooks.ts";
import {
  eventFile,
  eventFileNatives,
  pathsFor,
  type Scope,
  settingsFilePath,
} from "../settings/locations.ts";
import { type FileSnapshot, readSnapshot } from "../settings/safe_write.ts";
import { asRefusal } from "../os/fs_errors.ts";

/** The world install, uninstall and restore work in. */
export interface InstallWorld {
  /** The environment (HOME, USERPROFILE and the agents' variables). */
  env: Readonly<Record<string, string>>;
  /** The current folder. */
  cwd: string;
  /** The operating system the agents run on. */
  os: string;
  /** The time, for backup names. */
  now(): Date;
  /** Called right before a file is renamed into place (tests change the file there). */
  beforeRename?: (file: string) => Promise<void>;
}

/**
 * A file read for a change: its snapshot, text and root object.
 */
export interface ReadFile {
  /** The snapshot the write compares against. */
  snapshot: FileSnapshot;
  /** The text and layout (a new file's default layout when there is none). */
  json: JsonText;
  /** The parsed value (undefined for no file or an empty one). */
  value: unknown;
}

/**
 * Read a settings file for a change. everyhook's plugin reads as the JSON text of
 * its `HOOKS` value; a TOML config as the JSON text of everyhook's block of
 * `[[hooks]]` tables in it (src/settings/toml_hooks.ts).
 *
 * @param file The path.
 * @param info The agent's install data, for what holds its entries (a JSON file when absent).
 * @param project In project scope, the project folder the file must stay inside.
 * @returns The snapshot, text and value.
 * @throws {EveryhookError} `config-syntax` when it is not UTF-8 JSON; `config-shape`
 *   for a plugin everyhook did not write or that was edited; `outside-project`
 *   for a project file or backups folder that a link leads out of the project.
 *
 * @example Usage
 * ```ts ignore
 * import { readSettingsFile } from "./config_file.ts";
 * const f = await readSettingsFile("/home/me/.codex/hooks.json");
 * ```
 */
export async function readSettingsFile(
  file: string,
  info?: Pick<InstallInfo, "container">,
  project?: string,
): Promise<ReadFile> {
  const snapshot = await readSnapshot(file, project === undefined ? {} : { project });
  return readOf(snapshot, file, info);
}

/** A file as read from its snapshot (a new file's default layout when there is none). */
function readOf(
  snapshot: FileSnapshot,
  file: string,
  info?: Pick<InstallInfo, "container">,
): ReadFile {
  if (snapshot.bytes === null) {
    return { snapshot, json: { text: "", format: DEFAULT_FORMAT }, value: undefined };
  }
  return { snapshot, ...settingsOf(snapshot.bytes, file, info) };
}

/**
 * What a command says of a hook file of the person's own that it left as it
 * is (a `.mjs` of one event that everyhook did not write: runner_file.ts).
 */
export const PERSONS_FILE_NOTE =
  "a hook file everyhook did not write, with nothing of everyhook's in it: left as it is (the agent still runs it)";

/**
 * Read a settings file for a change, as {@linkcode readSettingsFile} does, but
 * give undefined for a hook file of the person's own of one event (Cline's
 * `<Event>.mjs` bearing no mark of everyhook's, runner_file.ts), instead of
 * refusing it: it holds nothing of everyhook's, so a command with nothing to
 * write there (an uninstall, a sync or an import asking nothing of that event)
 * leaves it as it is. A copy of everyhook's edited since is still refused.
 *
 * @param file The path.
 * @param info The agent's install data.
 * @param project In project scope, the project folder the file must stay inside.
 * @returns The file as read, or undefined for a file of the person's.
 * @throws {EveryhookError} As {@linkcode readSettingsFile}.
 *
 * @example Usage
 * ```ts ignore
 * import { readUnlessPersons } from "./config_file.ts";
 * const read = await readUnlessPersons("/home/me/.cline/hooks/PreToolUse.mjs", { container: "runner" });
 * ```
 */
export async function readUnlessPersons(
  file: string,
  info: Pick<InstallInfo, "container">,
  project?: string,
): Promise<ReadFile | undefined> {
  const snapshot = await readSnapshot(file, project === undefined ? {} : { project });
  return isPersonsBytes(snapshot.bytes, info) ? undefined : readOf(snapshot, file, info);
}

/**
 * Whether a file's bytes are a hook file of the person's own of one event
 * (only an agent whose container is `runner` has such files).
 *
 * @param bytes The file's bytes, or null for no file.
 * @param info The agent's install data.
 * @returns True for a file everyhook did not write and has nothing of its in it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPersonsBytes } from "./config_file.ts";
 * const own = new TextEncoder().encode("#!/bin/sh\necho '{}'\n");
 * assert(isPersonsBytes(own, { container: "runner" }));
 * assert(!isPersonsBytes(own, {}));
 * assert(!isPersonsBytes(null, { container: "runner" }));
 * ```
 */
export function isPersonsBytes(
  bytes: Uint8Array | null,
  info: Pick<InstallInfo, "container">,
): boolean {
  return info.container === "runner" && bytes !== null &&
    isPersonsHookText(new TextDecoder().decode(bytes));
}

/**
 * The JSON text and value of a settings file's bytes, as
 * {@linkcode readSettingsFile} reads them (everyhook's plugin and Cline's hook
 * file as their `HOOKS` value, a TOML config as everyhook's block in it).
 *
 * @param bytes The file's bytes.
 * @param file The path, for messages.
 * @param info The agent's install data (a JSON file when absent).
 * @returns The text, its layout and the parsed value (undefined for an empty file).
 * @throws {EveryhookError} As {@linkcode readSettingsFile}.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsOf } from "./config_file.ts";
 * import { runnerText } from "../settings/runner_file.ts";
 * const bytes = new TextEncoder().encode(runnerText('{"version": 1, "hooks": {}}'));
 * assert.deepEqual(settingsOf(bytes, "PreToolUse.mjs", { container: "runner" }).value, { version: 1, hooks: {} });
 * assert.throws(() => settingsOf(new TextEncoder().encode("echo hi"), "PreToolUse.mjs", { container: "runner" }));
 * ```
 */
export function settingsOf(
  bytes: Uint8Array,
  file: string,
  info?: Pick<InstallInfo, "container">,
): { json: JsonText; value: unknown } {
  if (info?.container === "plugin" || info?.container === "runner") {
    const inner = info.container === "plugin" ? pluginHooksText : runnerHooksText;
    const text = inner(decodeJsonText(bytes, file).text, file);
    const value = text === "" ? undefined : parseJsonText(text, file);
    return { json: { text, format: DEFAULT_FORMAT }, value };
  }
  if (info?.container === "toml") {
    const text = tomlHooksJson(tomlSource(bytes, file), file);
    const value = text === "" ? undefined : parseJsonText(text, file);
    return { json: { text, format: DEFAULT_FORMAT }, value };
  }
  const json = decodeJsonText(bytes, file);
  const value = parseJsonText(json.text, file);
  const twice = duplicateHooksKey(json.text);
  if (twice !== undefined) {
    throw new EveryhookError(
      "config-shape",
      `Cannot change "${file}": it has the key "${twice}" twice, and an agent reads only one of them; keep one and try again`,
    );
  }
  return { json, value };
}

/** The text of a TOML config, or a refusal when it is not UTF-8. */
function tomlSource(bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw new EveryhookError("config-syntax", `Cannot read "${file}": it is not UTF-8 text`);
  }
}

/**
 * A check for bytes about to be written: they must be UTF-8 JSON.
 *
 * @param file The path, for messages.
 * @returns The check.
 *
 * @example Usage
 * ```ts
 * import { verifyJson } from "./config_file.ts";
 * verifyJson("x.json")(new TextEncoder().encode("{}"));
 * ```
 */
export function verifyJson(file: string): (bytes: Uint8Array) => void {
  return (bytes) => {
    parseJsonText(decodeJsonText(bytes, file).text, file);
  };
}

/**
 * The bytes to write for an agent's settings file: the JSON text, or for
 * everyhook's plugin, the plugin around it, or for a TOML config, the config
 * as it was with everyhook's block made from the JSON text.
 *
 * @param info The agent's install data.
 * @param text The JSON text.
 * @param format The file's layout.
 * @param before The file's bytes as read (a TOML config keeps all but everyhook's block).
 * @returns The bytes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileContent } from "./config_file.ts";
 * import { DEFAULT_FORMAT } from "../settings/json_text.ts";
 * assert(fileContent({}, "{}\n", DEFAULT_FORMAT).length === 3);
 * ```
 */
export function fileContent(
  info: Pick<InstallInfo, "container">,
  text: string,
  format: TextFormat,
  before: Uint8Array | null = null,
): Uint8Array {
  if (info.container === "toml") {
    const old = before === null ? "" : new TextDecoder().decode(before).replace(/^\uFEFF/, "");
    return new TextEncoder().encode(tomlWithHooks(old, text));
  }
  if (info.container === "runner") return new TextEncoder().encode(runnerText(text));
  return info.container === "plugin"
    ? new TextEncoder().encode(pluginText(text))
    : encodeJsonText(text, format);
}

/**
 * The check for bytes about to be written into an agent's settings file: JSON, or
 * everyhook's plugin with a JSON `HOOKS`.
 *
 * @param info The agent's install data.
 * @param file The path, for messages.
 * @returns The check.
 *
 * @example Usage
 * ```ts
 * import { verifyFile } from "./config_file.ts";
 * verifyFile({}, "x.json")(new TextEncoder().encode("{}"));
 * ```
 */
export function verifyFile(
  info: Pick<InstallInfo, "container">,
  file: string,
): (bytes: Uint8Array) => void {
  if (info.container === "toml") return verifyToml(file);
  if (info.container !== "plugin" && info.container !== "runner") return verifyJson(file);
  const inner = info.container === "plugin" ? pluginHooksText : runnerHooksText;
  return (bytes) => {
    parseJsonText(inner(decodeJsonText(bytes, file).text, file), file);
  };
}

/**
 * The hook's absolute path, resolved against the current folder.
 *
 * @param hook The path as given.
 * @param world The current folder and OS.
 * @returns The absolute path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookPath } from "./config_file.ts";
 * assert(hookPath("a.ts", { cwd: "/p", os: "linux" }) === "/p/a.ts");
 * ```
 */
export function hookPath(hook: string, world: Pick<InstallWorld, "cwd" | "os">): string {
  return pathsFor(world.os).resolve(world.cwd, hook);
}

/**
 * The reason to print for a file left alone, from what stopped the change: an
 * everyhook refusal, or any error of the file system (a folder where a file
 * should be, a read-only file system, a full disk), in one line.
 *
 * @param e What was thrown.
 * @param file The file, for messages.
 * @returns The reason.
 * @throws What is neither (a bug, or a Deno permission that is missing, which the CLI names).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { refusalReason } from "./config_file.ts";
 * import { EveryhookError } from "../contract/errors.ts";
 * assert(refusalReason(new EveryhookError("config-shape", "bad"), "f") === "bad");
 * ```
 */
export function refusalReason(e: unknown, file: string): string {
  const refusal = asRefusal(e, "change", file);
  if (refusal instanceof EveryhookError) return refusal.message;
  throw e;
}

/**
 * The file each agent's hooks go in, for a scope.
 *
 * @param agents The agents.
 * @param scope The scope.
 * @param project The project folder as given (default: the current folder).
 * @param world The environment, folder and OS.
 * @returns Each agent with its file, and in project scope the project folder
 *   (absolute) its writes must stay inside; an agent with a file per event
 *   (Cline) has one row per event, with the native event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentFiles } from "./config_file.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const [one] = agentFiles([findAgent("codex")!], "project", "p", {
 *   env: {}, cwd: "/w", os: "linux", now: () => new Date(),
 * });
 * assert(one?.file === "/w/p/.codex/hooks.json");
 * ```
 */
export function agentFiles(
  agents: readonly Agent[],
  scope: Scope,
  project: string | undefined,
  world: InstallWorld,
): Array<{ agent: Agent; file: string; native?: string; project?: string }> {
  const folder = pathsFor(world.os).resolve(world.cwd, project ?? ".");
  return agents.flatMap((agent) => {
    const file = settingsFilePath(agent, scope, { env: world.env, os: world.os, project: folder });
    const inside = scope === "project" ? { project: folder } : {};
    const natives = eventFileNatives(agent);
    if (natives === undefined) return [{ agent, file, ...inside }];
    return natives.map((native) => ({ agent, file: eventFile(file, native), native, ...inside }));
  });
}

/**
 * The file a write really changes, for the report: `{ linkedTo }`, where the
 * links of the file named lead, or nothing when it is no link.
 *
 * @param read The file as read.
 * @returns The field to add to a report's row.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { linkedTo } from "./config_file.ts";
 * const snapshot = { path: "/h/a", target: "/dots/a", link: true, bytes: null, mode: null, stamp: null };
 * assert.deepEqual(linkedTo({ snapshot }), { linkedTo: "/dots/a" });
 * ```
 */
export function linkedTo(read: { snapshot: FileSnapshot }): { linkedTo?: string } {
  return read.snapshot.link ? { linkedTo: read.snapshot.target } : {};
}

/**
 * The world's hook before a rename, bound to one file, as `safeWrite` takes it.
 *
 * @param world The world.
 * @param file The file about to be written.
 * @returns `{ beforeRename }`, or nothing when the world has none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renameHook } from "./config_file.ts";
 * const w = { env: {}, cwd: "/", os: "linux", now: () => new Date() };
 * assert(renameHook(w, "/f").beforeRename === undefined);
 * ```
 */
export function renameHook(
  world: InstallWorld,
  file: string,
): { beforeRename?: () => Promise<void> } {
  const hook = world.beforeRename;
  return hook ? { beforeRename: () => hook(file) } : {};
}
