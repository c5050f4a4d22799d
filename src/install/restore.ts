/**
 * restore: put the newest everyhook backup of each agent's settings file back (or
 * the one whose id is named), after backing up the file as it is, so that a
 * restore can be undone by another; or list the backups there are. A hook
 * file of the person's own that is there now (Cline's `<Event>.mjs` that
 * everyhook did not write) is left as it is unless `--backup` names one of its
 * backups. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import {
  agentFiles,
  type InstallWorld,
  isPersonsBytes,
  linkedTo,
  PERSONS_FILE_NOTE,
  refusalReason,
  renameHook,
  settingsOf,
} from "./config_file.ts";
import { checkInsideProject } from "../settings/confine.ts";
import type { Scope } from "../settings/locations.ts";
import { readSnapshot, readWhole, safeWrite, sameBytes } from "../settings/safe_write.ts";
import { listBackups } from "../settings/backups.ts";
import { EveryhookError } from "../contract/errors.ts";
import { findOurs, type JsonObject } from "../settings/settings_file.ts";

/** ", with N entries of everyhook's (for hooks ...)" for a backup's bytes, or "". */
function oursIn(agent: Agent, bytes: Uint8Array, file: string): string {
  try {
    // Read as install reads the file: a plugin's, a hook file's or a TOML config's entries too.
    const { value } = settingsOf(bytes, file, agent.install);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return "";
    const ours = findOurs(value as JsonObject, agent.install);
    if (ours.length === 0) return ", with no entry of everyhook's";
    const hooks = [...new Set(ours.map((f) => f.line.hook))].join(", ");
    return `, with ${ours.length} entr${ours.length === 1 ? "y" : "ies"} of everyhook's (${hooks})`;
  } catch {
    return "";
  }
}

/** A file's permission bits, or null where the OS has none. */
async function modeOf(path: string): Promise<number | null> {
  const mode = (await Deno.stat(path)).mode;
  return mode === null ? null : mode & 0o777;
}

/** What to restore. */
export interface RestoreOptions {
  /** The agents. */
  agents: readonly Agent[];
  /** Which file of each agent. */
  scope: Scope;
  /** The project folder for the project scope. */
  project?: string;
  /** Write nothing. */
  dryRun: boolean;
  /** Only list each file's backups; put nothing back. */
  list?: boolean;
  /** The id of the backup to put back (as `--list` shows it); default the newest. */
  backup?: string;
}

/** One backup of a file, as `restore --list` shows it. */
export interface BackupRow {
  /** The id `--backup` takes. */
  id: string;
  /** The backup's path. */
  path: string;
  /** When it was made, as an ISO time. */
  time: string;
  /** Whether it is the oldest: the first backup, which is never deleted (the file as it was before everyhook first changed it, when the file was there). */
  first: boolean;
  /** True for a backup that records that the file was not there: putting it back deletes the file. */
  absent?: boolean;
}

/** What restore did (or would do) to one agent's file. */
export interface RestoreResult {
  /** The agent's id. */
  agent: string;
  /** The scope. */
  scope: Scope;
  /** The file. */
  file: string;
  /** The file written through `file`, when that is a link (user scope follows links). */
  linkedTo?: string;
  /** The backup put back (or that would be), or null. */
  from: string | null;
  /** How many older backups there are. */
  others: number;
  /** Whether the file was put back. */
  restored: boolean;
  /** Why nothing was put back, or null. */
  reason: string | null;
  /** In a dry run: whether it would be put back. */
  wouldRestore?: boolean;
  /** The backup of the file as it was (or of its absence), when one was made. */
  savedCurrent?: string | null;
  /**
   * What the restore brings back or takes away, in one sentence: a file that
   * is not there (uninstall removed it) and the entries of everyhook's it
   * brings back, or a file that was not there before, which it deletes.
   */
  brings?: string;
  /** Every backup of the file, newest first. */
  backups: BackupRow[];
  /** Anything else to know, such as an owner that could not be kept. */
  notes?: string[];
}

/** The whole restore report. */
export interface RestoreReport {
  /** False when a file could not be put back for a reason other than having no backup. */
  ok: boolean;
  /** Whether nothing was written. */
  dryRun: boolean;
  /** The scope. */
  scope: Scope;
  /** Whether the backups were only listed. */
  list: boolean;
  /** One row per agent. */
  results: RestoreResult[];
}

/**
 * Restore each agent's file from its newest backup.
 *
 * @param options Which files.
 * @param world The environment, folder, OS and clock.
 * @returns The report.
 * @throws {EveryhookError} `not-found` when `backup` names an id no file has.
 *
 * @example Usage
 * ```ts ignore
 * import { restore } from "./restore.ts";
 * const report = await restore({ agents, scope: "user", dryRun: true }, world);
 * ```
 */
export async function restore(
  options: RestoreOptions,
  world: InstallWorld,
): Promise<RestoreReport> {
  const results: RestoreResult[] = [];
  let ok = true;
  const files = agentFiles(options.agents, options.scope, options.project, world);
  for (const { agent, file, project } of files) {
    const row: RestoreResult = {
      agent: agent.id,
      scope: options.scope,
      file,
      from: null,
      others: 0,
      restored: false,
      reason: null,
      backups: [],
    };
    results.push(row);
    try {
      // In project scope, a file or backups folder a link leads out of is refused
      // before its backups are read.
      if (project !== undefined) await checkInsideProject(file, project);
      const backups = await listBackups(file);
      row.backups = backups.map((b, i) => ({
        id: b.id,
        path: b.path,
        time: b.time.toISOString(),
        first: i === backups.length - 1,
        ...(b.absent ? { absent: true } : {}),
      }));
      if (options.list) continue;
      const chosen = options.backup === undefined
        ? backups[0]
        : backups.find((b) => b.id === options.backup);
      if (chosen === undefined) {
        row.reason = options.backup === undefined
          ? "no everyhook backup of this file"
          : `no backup ${options.backup} of this file`;
        continue;
      }
      row.from = chosen.path;
      row.others = backups.length - 1;
      const bytes = chosen.absent ? null : await readWhole(chosen.path);
      // A backup keeps its file's mode: a file that is not there comes back with it
      // (Cline's hook file, an executable, as one).
      const mode = bytes === null ? null : await modeOf(chosen.path);
      const snapshot = await readSnapshot(file, project === undefined ? {} : { project });
      Object.assign(row, linkedTo({ snapshot }));
      if (bytes === null && snapshot.bytes === null) {
        row.reason = "the file is not there, as this backup records";
        continue;
      }
      if (bytes !== null && snapshot.bytes !== null && sameBytes(snapshot.bytes, bytes)) {
        row.reason = "the file already holds these bytes";
        continue;
      }
      // A hook file of the person's own now (Cline's, of one event) is put a backup over only
      // when the person names that backup.
      if (options.backup === undefined && isPersonsBytes(snapshot.bytes, agent.install)) {
        row.reason = `${PERSONS_FILE_NOTE}; restore --backup ${chosen.id} puts that backup over it`;
        continue;
      }
      const brings = bytes === null
        ? "this backup records that the file was not there: restore deletes it (after a backup)"
        : snapshot.bytes === null
        ? `the file is not there now (uninstall removed it, or it was deleted): restore brings it back as this backup holds it${
          oursIn(agent, bytes, file)
        }`
        : undefined;
      if (brings !== undefined) row.brings = brings;
      const written = await safeWrite({
        snapshot,
        content: bytes,
        dryRun: options.dryRun,
        now: world.now(),
        // Its absence is kept too, so that this restore can be undone.
        recordAbsence: true,
        ...(mode === null ? {} : { newMode: mode }),
        ...renameHook(world, file),
      });
      if (options.dryRun) row.wouldRestore = true;
      else row.restored = true;
      row.savedCurrent = written.backup ?? written.absence ?? null;
      if (written.notes.length > 0) row.notes = written.notes;
    } catch (e) {
      ok = false;
      row.reason = refusalReason(e, file);
    }
  }
  if (options.backup !== undefined && !results.some((r) => r.from !== null)) {
    throw new EveryhookError(
      "not-found",
      `Cannot restore backup "${options.backup}": no file has a backup by that id; ` +
        `everyhook restore --list shows them`,
    );
  }
  return { ok, dryRun: options.dryRun, scope: options.scope, list: options.list ?? false, results };
}
