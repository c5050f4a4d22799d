/**
 * uninstall: take out exactly the entries install wrote for a hook (found by
 * reading their lines back) from the file as it is now. When the file is
 * exactly what install made of one of its backups (adding those entries to
 * the backup gives its bytes), the backup's bytes are written back, so the
 * file is byte for byte what it was; any other edit since, even a comment or
 * a space, is kept and no backup is written back. A file left holding only an
 * empty skeleton (`{}`, an empty `hooks`, `version: 1`) with no comment is
 * deleted, after a backup. A hook file of the person's own of one event
 * (Cline's `<Event>.mjs` that everyhook did not write) holds nothing of
 * everyhook's: it is left as it is, with a note, and stops nothing; a copy of
 * everyhook's edited since, which may hold the hook's entries, is refused.
 * Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { linePath, samePath } from "../settings/command_line.ts";
import { lineHook } from "../settings/portable.ts";
import {
  findOurs,
  type FoundEntry,
  type JsonObject,
  removeEntry,
} from "../settings/settings_file.ts";
import { importedCommand } from "../settings/import_line.ts";
import {
  agentFiles,
  fileContent,
  type InstallWorld,
  linkedTo,
  PERSONS_FILE_NOTE,
  readUnlessPersons,
  refusalReason,
  renameHook,
  verifyFile,
} from "./config_file.ts";
import { editJson, hasComment, parseJsonText, type TextFormat } from "../settings/json_text.ts";
import { pathsFor, type Scope } from "../settings/locations.ts";
import { installMade } from "./replay.ts";
import { readWhole, safeWrite, sameBytes } from "../settings/safe_write.ts";
import { dropBackups, listBackups, madeFoldersOf } from "../settings/backups.ts";
import { installedHook, type LookupRead } from "./installed_hook.ts";

/** How many of a file's newest backups are tried as the bytes from before install. */
const BACKUPS_TRIED = 20;

/** What to uninstall. */
export interface UninstallOptions {
  /** The hook's path, as given; with `from`, an imported command string (every one when empty). */
  hook: string;
  /** Take out what `import --from <agent>` wrote, instead of a hook file's entries. */
  from?: string;
  /** The agents. */
  agents: readonly Agent[];
  /** Only these events (all when absent). */
  events?: readonly ContractEvent[];
  /** Which file of each agent. */
  scope: Scope;
  /** The project folder for the project scope. */
  project?: string;
  /** Write nothing. */
  dryRun: boolean;
}

/** What uninstall did (or would do) to one agent's file. */
export interface UninstallResult {
  /** The agent's id. */
  agent: string;
  /** The scope. */
  scope: Scope;
  /** The file. */
  file: string;
  /** The file written through `file`, when that is a link (user scope follows links). */
  linkedTo?: string;
  /** What happened: entries removed, the file deleted, nothing of ours, no file, or refused. */
  action: "removed" | "deleted" | "unchanged" | "no-file" | "refused";
  /** How many entries were taken out. */
  removed: number;
  /** The backup made (or that would be made), or null. */
  backup: string | null;
  /** The backup whose bytes were written back, or null. */
  restoredFrom: string | null;
  /** Why the file was left alone, or null. */
  refused: string | null;
  /** Anything else to know. */
  notes: string[];
}

/** The whole uninstall report. */
export interface UninstallReport {
  /** False when a file was refused. */
  ok: boolean;
  /** Whether nothing was written. */
  dryRun: boolean;
  /** The hook's absolute path. */
  hook: string;
  /** The scope. */
  scope: Scope;
  /** Entries taken out, over every file. */
  removed: number;
  /** One row per agent. */
  results: UninstallResult[];
}

/**
 * Whether a value holds nothing but an empty skeleton (`{}`, an empty `hooks`,
 * `version: 1`): what is left of a file install made once its entries are out.
 *
 * @param value The parsed file.
 * @returns True when nothing of the person's is in it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isEmptySkeleton } from "./uninstall.ts";
 * assert(isEmptySkeleton({ version: 1, hooks: {} }));
 * assert(!isEmptySkeleton({ model: "opus" }));
 * ```
 */
export function isEmptySkeleton(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([k, v]) =>
    (k === "version" && v === 1) ||
    (k === "hooks" && typeof v === "object" && v !== null && Object.keys(v).length === 0)
  );
}

/**
 * Uninstall a hook from each agent's file.
 *
 * @param options What to take out, and where.
 * @param world The environment, folder, OS and clock.
 * @returns The report.
 * @throws {EveryhookError} `not-found` when no installed hook fits the name given;
 *   `ambiguous` when several do (see `installedHook`).
 *
 * @example Usage
 * ```ts ignore
 * import { uninstall } from "./uninstall.ts";
 * const report = await uninstall({ hook: "a.ts", agents, scope: "user", dryRun: false }, world);
 * ```
 */
export async function uninstall(
  options: UninstallOptions,
  world: InstallWorld,
): Promise<UninstallReport> {
  // Each file is read once: what the lookup read is what is changed (its
  // snapshot still guards the write against a change since).
  const reads = new Map<string, LookupRead>();
  const hook = options.from !== undefined
    ? options.hook
    : await installedHook(options, world, reads);
  const results: UninstallResult[] = [];
  const files = agentFiles(options.agents, options.scope, options.project, world);
  for (const { agent, file, native, project } of files) {
    const row: UninstallResult = {
      agent: agent.id,
      scope: options.scope,
      file,
      action: "unchanged",
      removed: 0,
      backup: null,
      restoredFrom: null,
      refused: null,
      notes: [],
    };
    results.push(row);
    try {
      // The lookup's read is used again only for a file no project confines (the
      // lookup reads without that check); a file two agents share is read again
      // after the first change.
      const read = project === undefined ? reads.get(file) : undefined;
      reads.delete(file);
      await uninstallOne(agent, { file, project }, hook, options, world, row, read);
    } catch (e) {
      row.action = "refused";
      row.refused = refusalReason(e, file);
    }
    // An agent with a file per event (Cline) reports the files it has, or one row when it has none.
    if (native !== undefined && row.action === "no-file") {
      const others = results.filter((r) => r.agent === agent.id && r !== row);
      if (others.length > 0) results.pop();
    }
  }
  dropEmptyFirsts(results);
  return {
    ok: results.every((r) => r.action !== "refused"),
    dryRun: options.dryRun,
    hook,
    scope: options.scope,
    removed: results.reduce((n, r) => n + r.removed, 0),
    results,
  };
}

async function uninstallOne(
  agent: Agent,
  { file, project }: { file: string; project: string | undefined },
  hook: string,
  options: UninstallOptions,
  world: InstallWorld,
  row: UninstallResult,
  before: LookupRead | undefined,
): Promise<void> {
  // A hook file of the person's own (Cline's, of one event) has nothing of everyhook's in it.
  const read = before?.read ?? await readUnlessPersons(file, agent.install, project);
  if (read === undefined) {
    row.notes.push(PERSONS_FILE_NOTE);
    return;
  }
  Object.assign(row, linkedTo(read));
  if (read.snapshot.bytes === null) {
    row.action = "no-file";
    return;
  }
  const info = agent.install;
  const format = read.json.format;
  const line = linePath(hook, world.os);
  const folder = pathsFor(world.os).resolve(world.cwd, options.project ?? ".");
  const from = options.from;
  const fits = (f: FoundEntry) => {
    if (from === undefined) return samePath(lineHook(f.line, folder, world.os), line);
    const command = importedCommand(f.line);
    return f.line.speaks === from && command !== undefined && (hook === "" || command === hook);
  };
  const isMine = (f: FoundEntry) =>
    f.line.agent === agent.id && fits(f) &&
    (options.events === undefined || options.events.some((e) => e === f.line.event));
  const mine = (root: JsonObject) => findOurs(root, info).filter(isMine);
  if (typeof read.value !== "object" || read.value === null || Array.isArray(read.value)) return;
  let root = read.value as JsonObject;
  let text = read.json.text;
  const ours = before ? before.found.filter(isMine) : mine(root);
  // Taken out from the last: an entry's path stays good while only entries
  // after it go; its group's size is read again each time. One scan at the end
  // makes sure none is left (and takes out, rescanning, any that is).
  for (let i = ours.length - 1; i >= 0; i--) {
    text = removeEntry(text, root, withGroupSize(root, ours[i]!), format);
    root = parseJsonText(text, file) as JsonObject;
    row.removed++;
  }
  let found = ours.length > 0 ? mine(root) : ours;
  while (found.length > 0) {
    text = removeEntry(text, root, found.at(-1)!, format);
    root = parseJsonText(text, file) as JsonObject;
    row.removed++;
    found = mine(root);
  }
  if (row.removed === 0) return;
  const trimmed = withoutEmptiedHooks(text, root, format);
  if (trimmed !== text) root = parseJsonText(trimmed, file) as JsonObject;
  text = trimmed;
  const left = fileContent(info, text, format, read.snapshot.bytes);
  let content: Uint8Array | null = left;
  const current = read.snapshot.bytes;
  const backups = await listBackups(file);
  for (const { path: backup, absent } of backups.slice(0, BACKUPS_TRIED)) {
    if (absent) continue;
    let bytes: Uint8Array;
    try {
      bytes = await readWhole(backup);
    } catch {
      continue;
    }
    // The bytes left once our entries are out may be the backup's already: then
    // they are what would be written back, and install need not be replayed.
    if (sameBytes(left, bytes) || installMade(bytes, ours, info, current)) {
      content = bytes;
      row.restoredFrom = backup;
      break;
    }
  }
  // A TOML config is the person's: it goes only when nothing but everyhook's block was in it.
  const emptied = info.container === "toml"
    ? content.length === 0
    : isEmptySkeleton(root) && !hasComment(text);
  if (row.restoredFrom === null && emptied) content = null;
  // A file that was not there before everyhook first wrote it (its oldest backup
  // records that), deleted now: what everyhook made for it goes too, its backups
  // and the folders made for it, so the home is as it was.
  const made = content === null && backups.at(-1)?.absent ? backups.at(-1) : undefined;
  const written = await safeWrite({
    snapshot: read.snapshot,
    content,
    verify: verifyFile(info, file),
    dryRun: options.dryRun,
    now: world.now(),
    ...(made ? { backup: false } : {}),
    ...renameHook(world, file),
  });
  row.backup = written.backup;
  row.notes.push(...written.notes);
  row.action = content === null ? "deleted" : "removed";
  if (made && !options.dryRun) {
    // Only folders above the file (below the project, in project scope) are taken:
    // the record is a file in the person's folder, and nothing it says leads elsewhere.
    const above = (dir: string, of: string) =>
      of.startsWith(`${dir}/`) || of.startsWith(`${dir}\\`);
    const folders = (await madeFoldersOf(made.path)).filter((f) =>
      above(f, file) && (project === undefined || above(project, f))
    );
    await dropBackups(file);
    for (const folder of folders) {
      // Only an empty folder: anything put there since is the person's.
      await Deno.remove(folder).catch(() => {});
    }
    row.notes.push(
      folders.length > 0
        ? `everyhook made this file, its backups and ${folders.join(", ")}: all taken away`
        : "everyhook made this file: it and its backups are taken away",
    );
  }
}

// A "no-file" row kept for an agent with a file per event, when a later file of it had a row after all.
function dropEmptyFirsts(results: UninstallResult[]): void {
  for (let i = results.length - 1; i >= 0; i--) {
    const r = results[i]!;
    if (r.action !== "no-file") continue;
    if (results.some((o) => o !== r && o.agent === r.agent && o.action !== "no-file")) {
      results.splice(i, 1);
    }
  }
}

// The entry with its group's size as the file holds it now (entries of the
// same group may have gone since it was found).
function withGroupSize(root: JsonObject, found: FoundEntry): FoundEntry {
  if (found.groupPath === undefined) return found;
  let node: unknown = root;
  for (const key of found.groupPath) {
    node = typeof node === "object" && node !== null
      ? (node as Record<string | number, unknown>)[key]
      : undefined;
  }
  const handlers = typeof node === "object" && node !== null
    ? (node as JsonObject).hooks
    : undefined;
  return Array.isArray(handlers) ? { ...found, groupSize: handlers.length } : found;
}

// A `hooks` object our entries were taken out of, left empty with no comment
// inside, goes too: it says nothing, and install may have added it.
function withoutEmptiedHooks(text: string, root: JsonObject, format: TextFormat): string {
  const hooks = root.hooks;
  if (typeof hooks !== "object" || hooks === null || Object.keys(hooks).length > 0) return text;
  const without = editJson(text, ["hooks"], undefined, format);
  return hasComment(without) === hasComment(text) ? without : text;
}
