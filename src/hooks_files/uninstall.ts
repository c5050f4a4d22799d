/**
 * uninstall: take out exactly the entries install wrote for a hook (found by
 * reading their lines back) from the file as it is now. When the file is
 * exactly what install made of one of its backups (adding those entries to
 * the backup gives its bytes), the backup's bytes are written back, so the
 * file is byte for byte what it was; any other edit since, even a comment or
 * a space, is kept and no backup is written back. A file left holding only an
 * empty skeleton (`{}`, an empty `hooks`, `version: 1`) with no comment is
 * deleted, after a backup. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { linePath, samePath } from "./command_line.ts";
import { findOurs, type JsonObject, removeEntry } from "./hooks_file.ts";
import {
  agentFiles,
  fileContent,
  type InstallWorld,
  linkedTo,
  readHooksFile,
  refusalReason,
  renameHook,
  verifyFile,
} from "./config_file.ts";
import { editJson, hasComment, parseJsonText, type TextFormat } from "./json_text.ts";
import type { Scope } from "./locations.ts";
import { installMade } from "./replay.ts";
import { readWhole, safeWrite } from "./safe_write.ts";
import { listBackups } from "./backups.ts";
import { installedHook } from "./installed_hook.ts";

/** How many of a file's newest backups are tried as the bytes from before install. */
const BACKUPS_TRIED = 20;

/** What to uninstall. */
export interface UninstallOptions {
  /** The hook's path, as given. */
  hook: string;
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
  const hook = await installedHook(options, world);
  const results: UninstallResult[] = [];
  const files = agentFiles(options.agents, options.scope, options.project, world);
  for (const { agent, file, project } of files) {
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
      await uninstallOne(agent, { file, project }, hook, options, world, row);
    } catch (e) {
      row.action = "refused";
      row.refused = refusalReason(e, file);
    }
  }
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
): Promise<void> {
  const read = await readHooksFile(file, agent.install, project);
  Object.assign(row, linkedTo(read));
  if (read.snapshot.bytes === null) {
    row.action = "no-file";
    return;
  }
  const info = agent.install;
  const format = read.json.format;
  const line = linePath(hook, world.os);
  const mine = (root: JsonObject) =>
    findOurs(root, info).filter((f) =>
      f.line.agent === agent.id && samePath(f.line.hook, line) &&
      (options.events === undefined || options.events.some((e) => e === f.line.event))
    );
  if (typeof read.value !== "object" || read.value === null || Array.isArray(read.value)) return;
  let root = read.value as JsonObject;
  let text = read.json.text;
  const ours = mine(root);
  let found = ours;
  while (found.length > 0) {
    text = removeEntry(text, root, found.at(-1)!, format);
    root = parseJsonText(text, file) as JsonObject;
    row.removed++;
    found = mine(root);
  }
  if (row.removed === 0) return;
  text = withoutEmptiedHooks(text, root, format);
  root = parseJsonText(text, file) as JsonObject;
  let content: Uint8Array | null = fileContent(info, text, format, read.snapshot.bytes);
  const current = read.snapshot.bytes;
  for (const { path: backup } of (await listBackups(file)).slice(0, BACKUPS_TRIED)) {
    let bytes: Uint8Array;
    try {
      bytes = await readWhole(backup);
    } catch {
      continue;
    }
    if (installMade(bytes, ours, info, current)) {
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
  const written = await safeWrite({
    snapshot: read.snapshot,
    content,
    verify: verifyFile(info, file),
    dryRun: options.dryRun,
    now: world.now(),
    ...renameHook(world, file),
  });
  row.backup = written.backup;
  row.notes.push(...written.notes);
  row.action = content === null ? "deleted" : "removed";
}

// A `hooks` object our entries were taken out of, left empty with no comment
// inside, goes too: it says nothing, and install may have added it.
function withoutEmptiedHooks(text: string, root: JsonObject, format: TextFormat): string {
  const hooks = root.hooks;
  if (typeof hooks !== "object" || hooks === null || Object.keys(hooks).length > 0) return text;
  const without = editJson(text, ["hooks"], undefined, format);
  return hasComment(without) === hasComment(text) ? without : text;
}
