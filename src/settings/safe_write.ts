/**
 * The only code that writes or deletes a person's file. Every change backs the
 * file up first (backups.ts: where backups go and how many are kept), writes a temporary file
 * beside the target and renames it over the target, keeps the file's mode,
 * writes through a symbolic link to the file it points at (the link stays a
 * link; in project scope only when it stays inside the project, see
 * confine.ts), keeps its owner and group when it can, and refuses when the file
 * changed after it was read (its bytes, size, time or inode). Files are read
 * through `readBounded`: regular files only, up to 64 MiB. A dry run writes
 * nothing, not even a backup. Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";
import { EveryhookError } from "../contract/errors.ts";
import { dropBackups, nextBackupPath, writeAbsence, writeBackup } from "./backups.ts";
import { type FileStamp, MAX_CONFIG_BYTES, readBounded, stampChanged } from "../os/read_bounded.ts";
import { asRefusal, fsErrorWords } from "../os/fs_errors.ts";
import { checkInsideProject, followLinks } from "./confine.ts";

/** A file as it was read, to be compared with what is there right before the rename. */
export interface FileSnapshot {
  /** The path the person knows (it may be a link). */
  path: string;
  /** The file that is written: the path, or where its link points. */
  target: string;
  /** Whether `path` is a symbolic link. */
  link: boolean;
  /** The bytes, or null when there is no file. */
  bytes: Uint8Array | null;
  /** The permission bits, when the file exists and the OS has them. */
  mode: number | null;
  /** Its size, time, inode and owner as read, or null when there is no file. */
  stamp: FileStamp | null;
}

/** One change to one file. */
export interface WriteRequest {
  /** The file as it was read. */
  snapshot: FileSnapshot;
  /** The new bytes, or null to delete the file. */
  content: Uint8Array | null;
  /** Back the file up first (when it exists). Default true. */
  backup?: boolean;
  /**
   * When the file is not there and is made, record its absence as a backup
   * first (with the folders made for it), so that putting that back deletes it.
   */
  recordAbsence?: boolean;
  /**
   * The mode of a file that is not there yet (default 0644); a file that is
   * there keeps its own. An executable everyhook writes (Cline's hook files) is 0755.
   */
  newMode?: number;
  /** Throws when the new bytes are not what the file must hold; nothing is written then. */
  verify?: (bytes: Uint8Array) => void;
  /** Write nothing. */
  dryRun?: boolean;
  /** The time of the backup's name. */
  now: Date;
  /** Called right before the rename (tests use it to change the file under us). */
  beforeRename?: () => Promise<void>;
  /** Called after each step of the write, by name (tests end the process there). */
  step?: (name: string) => void;
}

/** What a write did. */
export interface WriteResult {
  /** The backup's path, when one was made (or would be, in a dry run). */
  backup: string | null;
  /** The backup that records the file's absence, when one was made. */
  absence?: string;
  /** Whether the file was written or deleted. */
  wrote: boolean;
  /** What the person should know, such as an owner that could not be kept. */
  notes: string[];
}

/**
 * How long an empty file changed moments ago is given before it is taken as
 * empty: a program rewriting it in place truncates it first.
 */
const SETTLE_MS = 300;

function pathApi(path: string): typeof posix {
  return /^[A-Za-z]:[\\/]|^\\\\/.test(path) ? win32 : posix;
}

/**
 * Read a file, following a symbolic link, as the snapshot a write compares against.
 * With a project folder, the file and its backups folder must resolve inside
 * it (confine.ts): one that leads out is refused before it is read.
 *
 * @param path The file's path.
 * @param options The project folder the file must stay inside (project scope).
 * @returns The snapshot (bytes null when there is no file).
 * @throws {EveryhookError} `outside-project` when a link leads out of the project.
 *
 * @example Usage
 * ```ts ignore
 * import { readSnapshot } from "./safe_write.ts";
 * const s = await readSnapshot("/home/me/.claude/settings.json");
 * ```
 */
export async function readSnapshot(
  path: string,
  options: { project?: string } = {},
): Promise<FileSnapshot> {
  let target: string;
  let read;
  try {
    if (options.project !== undefined) await checkInsideProject(path, options.project);
    target = await followLinks(path);
    read = await readBounded(target, { cap: MAX_CONFIG_BYTES, settleMs: SETTLE_MS });
  } catch (e) {
    throw asRefusal(e, "read", path);
  }
  const link = target !== path;
  if (read.kind === "missing") return { path, target, link, bytes: null, mode: null, stamp: null };
  if (read.kind === "refused") {
    throw new EveryhookError("file-system", `Cannot change "${path}": it ${read.reason}`);
  }
  return { path, target, link, bytes: read.bytes, mode: read.stamp.mode, stamp: read.stamp };
}

/**
 * Read a backup (or any file everyhook reads whole): a regular file, up to 64 MiB.
 *
 * @param path The file.
 * @returns The bytes.
 * @throws {EveryhookError} `file-system` when it is missing, not a file, too large or unreadable.
 *
 * @example Usage
 * ```ts ignore
 * import { readWhole } from "./safe_write.ts";
 * const bytes = await readWhole("/home/me/.codex/.everyhook-backups/hooks.json.20261017-173000.bak");
 * ```
 */
export async function readWhole(path: string): Promise<Uint8Array> {
  let read;
  try {
    read = await readBounded(path, { cap: MAX_CONFIG_BYTES });
  } catch (e) {
    throw asRefusal(e, "read", path);
  }
  if (read.kind === "file") return read.bytes;
  const why = read.kind === "missing" ? "it is not there any more" : `it ${read.reason}`;
  throw new EveryhookError("file-system", `Cannot read "${path}": ${why}`);
}

/**
 * Whether two byte strings (or two missing files) are the same.
 *
 * @param a One, or null for no file.
 * @param b The other.
 * @returns True when equal.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameBytes } from "./safe_write.ts";
 * assert(sameBytes(new Uint8Array([1]), new Uint8Array([1])) && sameBytes(null, null));
 * ```
 */
export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Whether the file is still what was read: the same bytes, size, time and inode.
async function unchanged(snapshot: FileSnapshot): Promise<boolean> {
  const now = await readBounded(snapshot.target, { cap: MAX_CONFIG_BYTES });
  if (now.kind === "missing") return snapshot.bytes === null;
  if (now.kind === "refused" || snapshot.bytes === null || snapshot.stamp === null) return false;
  return !stampChanged(snapshot.stamp, now.stamp) && sameBytes(now.bytes, snapshot.bytes);
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return false;
    throw e;
  }
}

function changed(path: string): EveryhookError {
  return new EveryhookError(
    "config-changed",
    `Cannot change "${path}": it changed while everyhook was working on it; run the command again`,
  );
}

/**
 * Write (or delete) one file safely: verify, back up, write a temporary file
 * beside it, check that the file is still what was read, rename.
 *
 * @param request What to write and what the file was.
 * @returns The backup made and whether anything was written.
 * @throws {EveryhookError} `config-changed` when the file changed since it was read;
 *   whatever `verify` throws when the new bytes are wrong.
 *
 * @example Usage
 * ```ts ignore
 * import { readSnapshot, safeWrite } from "./safe_write.ts";
 * const snapshot = await readSnapshot("/home/me/.codex/hooks.json");
 * await safeWrite({ snapshot, content: new TextEncoder().encode("{}\n"), now: new Date() });
 * ```
 */
export async function safeWrite(request: WriteRequest): Promise<WriteResult> {
  const { snapshot, content } = request;
  if (content !== null) request.verify?.(content);
  const wantBackup = (request.backup ?? true) && snapshot.bytes !== null;
  if (request.dryRun) {
    if (!wantBackup) return { backup: null, wrote: false, notes: [] };
    return { backup: await nextBackupPath(snapshot.path, request.now), wrote: false, notes: [] };
  }
  try {
    return await write(request, wantBackup);
  } catch (e) {
    throw asRefusal(e, "write", snapshot.path);
  }
}

async function write(request: WriteRequest, wantBackup: boolean): Promise<WriteResult> {
  const { snapshot, content } = request;
  const api = pathApi(snapshot.target);
  const notes: string[] = [];
  if (!(await unchanged(snapshot))) throw changed(snapshot.path);
  if (content === null && snapshot.bytes === null) return { backup: null, wrote: false, notes };
  let backup: string | null = null;
  if (wantBackup) {
    backup = await writeBackup(snapshot.path, snapshot.bytes!, {
      now: request.now,
      mode: snapshot.mode,
    });
    const folder = pathApi(backup).dirname(backup);
    await keepOwner(folder, snapshot, []);
    await keepOwner(pathApi(folder).join(folder, ".gitignore"), snapshot, []);
    await keepOwner(backup, snapshot, notes);
  }
  let absence: string | undefined;
  if (request.recordAbsence && snapshot.bytes === null && content !== null) {
    const made = await missingFolders(api, snapshot);
    absence = await writeAbsence(snapshot.path, request.now, made);
    try {
      return await writeContent(request, api, backup, notes, absence);
    } catch (e) {
      // Nothing was written: what was made for the file goes again.
      await dropBackups(snapshot.path, absence);
      for (const folder of made) await Deno.remove(folder).catch(() => {});
      throw e;
    }
  }
  return await writeContent(request, api, backup, notes, absence);
}

async function writeContent(
  request: WriteRequest,
  api: typeof posix,
  backup: string | null,
  notes: string[],
  absence: string | undefined,
): Promise<WriteResult> {
  const { snapshot, content } = request;
  request.step?.("backed-up");
  if (content === null) {
    await request.beforeRename?.();
    if (!(await unchanged(snapshot))) throw changed(snapshot.path);
    await Deno.remove(snapshot.target);
    return { backup, wrote: true, notes };
  }
  await Deno.mkdir(api.dirname(snapshot.target), { recursive: true });
  const temp = api.join(
    api.dirname(snapshot.target),
    `.${api.basename(snapshot.target)}.everyhook-${crypto.randomUUID().slice(0, 8)}.tmp`,
  );
  try {
    await Deno.writeFile(temp, content, { createNew: true, mode: 0o600 });
    request.step?.("temp-written");
    await keepOwner(temp, snapshot, notes);
    if (Deno.build.os !== "windows") {
      await Deno.chmod(temp, snapshot.mode ?? request.newMode ?? 0o644);
    }
    request.step?.("temp-mode");
    await request.beforeRename?.();
    if (!(await unchanged(snapshot))) throw changed(snapshot.path);
    await Deno.rename(temp, snapshot.target);
    request.step?.("renamed");
  } finally {
    if (await exists(temp)) await Deno.remove(temp);
  }
  return { backup, wrote: true, notes, ...(absence ? { absence } : {}) };
}

/** The folders above a file that are not there, deepest first. */
async function missingFolders(api: typeof posix, snapshot: FileSnapshot): Promise<string[]> {
  const out: string[] = [];
  let dir = api.dirname(snapshot.target);
  while (!(await exists(dir))) {
    out.push(dir);
    const up = api.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return out;
}

// Give what is written for `snapshot` (the new file, a backup, the backup folder)
// the owner and group the person's file has (as root, a new file is root's); when
// that is not allowed, say so once in `notes`.
async function keepOwner(path: string, snapshot: FileSnapshot, notes: string[]): Promise<void> {
  const want = snapshot.stamp;
  if (Deno.build.os === "windows" || want === null || want.uid === null || want.gid === null) {
    return;
  }
  let have: Deno.FileInfo;
  try {
    have = await Deno.lstat(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  // A link is not followed: a .gitignore a project put there as a link to another file keeps that file's owner.
  if (have.isSymlink || (have.uid === want.uid && have.gid === want.gid)) return;
  try {
    await Deno.chown(path, want.uid, want.gid);
  } catch (e) {
    if (e instanceof Deno.errors.NotCapable) throw e;
    const note =
      `Cannot keep the owner of "${snapshot.path}" (user ${want.uid}, group ${want.gid}): ${
        fsErrorWords(e)
      }; the file is now owned by user ${have.uid}`;
    if (!notes.includes(note)) notes.push(note);
  }
}
