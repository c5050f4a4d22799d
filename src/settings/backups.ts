/**
 * everyhook's backups of a person's settings files: where they go, what they are
 * called, and how many are kept.
 *
 * - Where: in a folder `.everyhook-backups` beside the file, which holds a
 *   `.gitignore` of `*`, so that backups of a project's files never show in
 *   `git status` and are never committed. Each backup is
 *   `<file name>.<YYYYMMDD-HHMMSS>[-n].bak` (UTC); the part after the file
 *   name is the backup's id, which `restore --backup <id>` takes.
 * - How many: the first backup (the file as it was before everyhook first
 *   changed it) and the {@linkcode KEEP_RECENT} newest are kept; every other
 *   one is deleted right after a new backup is written.
 * - Backups an older everyhook wrote beside the file
 *   (`<file>.bak-everyhook-<stamp>`) are read and counted the same way.
 *
 * This module writes and deletes only backups, never the person's file itself
 * (that is safe_write.ts). Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";

/**
 * The folder beside a settings file that holds its backups.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { BACKUP_FOLDER } from "./backups.ts";
 * assert(BACKUP_FOLDER === ".everyhook-backups");
 * ```
 */
export const BACKUP_FOLDER = ".everyhook-backups";

/**
 * How many of the newest backups are kept, besides the first.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { KEEP_RECENT } from "./backups.ts";
 * assert(KEEP_RECENT === 5);
 * ```
 */
export const KEEP_RECENT = 5;

const LEGACY_MARK = ".bak-everyhook-";
const STAMP = /^(\d{8}-\d{6})(?:-(\d+))?$/;

/**
 * The ending of a backup that records a file's absence: the file was not
 * there (`<file name>.<stamp>.absent`, holding the folders everyhook made for
 * it). Putting it back deletes the file.
 */
export const ABSENT_SUFFIX = ".absent";

/** One backup of a file. */
export interface Backup {
  /** The backup's path. */
  path: string;
  /** True for a backup that records that the file was not there. */
  absent?: boolean;
  /** Its id: the time stamp and number, such as `20261017-173000` or `20261017-173000-1`. */
  id: string;
  /** When it was made (from its name). */
  time: Date;
}

function pathApi(path: string): typeof posix {
  return /^[A-Za-z]:[\\/]|^\\\\/.test(path) ? win32 : posix;
}

function stampOf(now: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-` +
    `${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
}

function timeOf(stamp: string): Date {
  const [d, t] = stamp.split("-") as [string, string];
  return new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${
      t.slice(4, 6)
    }Z`,
  );
}

function sortKey(id: string): string {
  const m = STAMP.exec(id);
  return m ? `${m[1]}-${(m[2] ?? "").padStart(6, "0")}` : id;
}

/**
 * The path of a new backup of a file, made at a time: the first free id.
 *
 * @param path The file's path.
 * @param now The time.
 * @param taken Whether a backup path is taken.
 * @param suffix `.bak`, or {@linkcode ABSENT_SUFFIX} for a file's absence.
 * @returns The backup's path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { backupPath } from "./backups.ts";
 * const at = new Date("2026-10-17T17:30:00Z");
 * assert(
 *   backupPath("/h/s.json", at, () => false) === "/h/.everyhook-backups/s.json.20261017-173000.bak",
 * );
 * ```
 */
export function backupPath(
  path: string,
  now: Date,
  taken: (name: string) => boolean,
  suffix = ".bak",
): string {
  const api = pathApi(path);
  const base = api.join(api.dirname(path), BACKUP_FOLDER, `${api.basename(path)}.${stampOf(now)}`);
  const free = (name: string) =>
    !taken(name) &&
    !taken(name.replace(/\.(?:bak|absent)$/, suffix === ".bak" ? ABSENT_SUFFIX : ".bak"));
  let name = `${base}${suffix}`;
  for (let n = 1; !free(name); n++) name = `${base}-${n}${suffix}`;
  return name;
}

/**
 * The backups of a file, newest first (by the time in their ids, then their number).
 *
 * @param path The file's path (the path the person knows).
 * @returns The backups.
 *
 * @example Usage
 * ```ts ignore
 * import { listBackups } from "./backups.ts";
 * const [newest] = await listBackups("/home/me/.codex/hooks.json");
 * ```
 */
export async function listBackups(path: string): Promise<Backup[]> {
  const api = pathApi(path);
  const dir = api.dirname(path);
  const name = api.basename(path);
  const found: Backup[] = [];
  const read = async (folder: string, prefix: string, suffix: string) => {
    try {
      for await (const entry of Deno.readDir(folder)) {
        if (!entry.isFile || !entry.name.startsWith(prefix) || !entry.name.endsWith(suffix)) {
          continue;
        }
        const id = entry.name.slice(prefix.length, entry.name.length - suffix.length);
        const m = STAMP.exec(id);
        if (!m) continue;
        found.push({ path: api.join(folder, entry.name), id, time: timeOf(m[1]!) });
      }
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound) && !(e instanceof Deno.errors.NotADirectory)) {
        throw e;
      }
    }
  };
  await read(api.join(dir, BACKUP_FOLDER), `${name}.`, ".bak");
  const before = found.length;
  await read(api.join(dir, BACKUP_FOLDER), `${name}.`, ABSENT_SUFFIX);
  for (const b of found.slice(before)) b.absent = true;
  await read(dir, `${name}${LEGACY_MARK}`, "");
  return found.sort((a, b) => {
    const [x, y] = [sortKey(a.id), sortKey(b.id)];
    return x < y ? 1 : x > y ? -1 : 0;
  });
}

/**
 * Which backups the retention rule lets go: all but the oldest (the file as it
 * was before everyhook first changed it) and the `keep` newest.
 *
 * @param backups The backups, newest first.
 * @param keep How many of the newest to keep.
 * @returns The backups to delete.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { backupsToDrop } from "./backups.ts";
 * const b = (id: string) => ({ path: id, id, time: new Date(0) });
 * const drop = backupsToDrop(["8", "7", "6", "5", "4", "3", "2", "1"].map(b), 5);
 * assert(drop.map((d) => d.id).join() === "3,2");
 * ```
 */
export function backupsToDrop(backups: readonly Backup[], keep: number = KEEP_RECENT): Backup[] {
  return backups.filter((_, i) => i >= keep && i !== backups.length - 1);
}

/**
 * Write a backup of a file's bytes, then delete the backups the retention rule
 * lets go. The backup folder is made with its `.gitignore` when it is missing.
 *
 * @param path The file's path (the path the person knows).
 * @param bytes The bytes to keep.
 * @param options The time, and the permission bits to give the backup.
 * @returns The backup's path.
 *
 * @example Usage
 * ```ts ignore
 * import { writeBackup } from "./backups.ts";
 * await writeBackup("/home/me/.codex/hooks.json", bytes, { now: new Date(), mode: 0o600 });
 * ```
 */
export async function writeBackup(
  path: string,
  bytes: Uint8Array,
  options: { now: Date; mode: number | null; suffix?: string },
): Promise<string> {
  const api = pathApi(path);
  const folder = api.join(api.dirname(path), BACKUP_FOLDER);
  await Deno.mkdir(folder, { recursive: true });
  try {
    await Deno.writeTextFile(api.join(folder, ".gitignore"), "*\n", { createNew: true });
  } catch (e) {
    if (!(e instanceof Deno.errors.AlreadyExists)) throw e;
  }
  // Every id once, whichever its ending: `--backup <id>` names one backup.
  const taken = new Set((await listBackups(path)).map((b) => b.path));
  for (;;) {
    const name = backupPath(path, options.now, (n) => taken.has(n), options.suffix);
    taken.add(name);
    try {
      await Deno.writeFile(name, bytes, { createNew: true, mode: 0o600 });
    } catch (e) {
      if (e instanceof Deno.errors.AlreadyExists) continue;
      throw e;
    }
    if (Deno.build.os !== "windows") await Deno.chmod(name, options.mode ?? 0o644);
    for (const old of backupsToDrop(await listBackups(path))) {
      try {
        await Deno.remove(old.path);
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
      }
    }
    return name;
  }
}

/**
 * Record that a file is not there, as a backup: putting it back deletes the
 * file. It names the folders everyhook is about to make for the file (those
 * that are not there), so that what everyhook made can be taken away again.
 *
 * @param path The file's path.
 * @param now The time.
 * @param madeFolders The folders that are not there yet, deepest first.
 * @returns The backup's path.
 *
 * @example Usage
 * ```ts ignore
 * import { writeAbsence } from "./backups.ts";
 * await writeAbsence("/home/me/.cursor/hooks.json", new Date(), ["/home/me/.cursor"]);
 * ```
 */
export async function writeAbsence(
  path: string,
  now: Date,
  madeFolders: readonly string[],
): Promise<string> {
  const made = new TextEncoder().encode(JSON.stringify({ everyhook: 1, madeFolders }) + "\n");
  const written = await writeBackup(path, made, { now, mode: 0o600, suffix: ABSENT_SUFFIX });
  return written;
}

/**
 * The folders an absence backup says everyhook made for the file.
 *
 * @param backup The absence backup's path.
 * @returns The folders, deepest first (none when it cannot be read).
 *
 * @example Usage
 * ```ts ignore
 * import { madeFoldersOf } from "./backups.ts";
 * console.log(await madeFoldersOf("/home/me/.cursor/.everyhook-backups/hooks.json.20261201-101010.absent"));
 * ```
 */
export async function madeFoldersOf(backup: string): Promise<string[]> {
  try {
    const value = JSON.parse(await Deno.readTextFile(backup));
    const list = value?.madeFolders;
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Delete every backup of a file, and its backup folder when nothing else is
 * left in it (its `.gitignore` aside): for a file everyhook made and then took
 * away, whose backups hold nothing of the person's.
 *
 * @param path The file's path.
 * @param only Only this backup (the rest are kept).
 *
 * @example Usage
 * ```ts ignore
 * import { dropBackups } from "./backups.ts";
 * await dropBackups("/home/me/.cursor/hooks.json");
 * ```
 */
export async function dropBackups(path: string, only?: string): Promise<void> {
  for (const b of await listBackups(path)) {
    if (only !== undefined && b.path !== only) continue;
    await Deno.remove(b.path).catch((e) => {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    });
  }
  const api = pathApi(path);
  const folder = api.join(api.dirname(path), BACKUP_FOLDER);
  const left = await Array.fromAsync(Deno.readDir(folder)).catch(() => []);
  if (left.every((e) => e.name === ".gitignore")) {
    await Deno.remove(folder, { recursive: true }).catch(() => {});
  }
}

/**
 * The path a new backup would get, without writing anything (for a dry run).
 *
 * @param path The file's path.
 * @param now The time.
 * @returns The backup's path.
 *
 * @example Usage
 * ```ts ignore
 * import { nextBackupPath } from "./backups.ts";
 * console.log(await nextBackupPath("/home/me/.codex/hooks.json", new Date()));
 * ```
 */
export async function nextBackupPath(path: string, now: Date): Promise<string> {
  const taken = new Set((await listBackups(path)).map((b) => b.path));
  return backupPath(path, now, (n) => taken.has(n));
}
