/**
 * Reading a file from someone's disk without trusting it. The path is followed
 * through its links and must end at a regular file (a FIFO would block the
 * read forever, `/dev/zero` would never end); at most a stated number of bytes
 * is read; a file that changes while it is read (its size or time moves, or an
 * empty read of a file said to hold bytes) is read again. Loads no `node:` or
 * `npm:` module, so `run` may use it too.
 *
 * The check and the open are two steps: a file swapped for a FIFO between them
 * can still block the open. The file is checked again once open.
 *
 * @module
 */

/** The most bytes read from a settings, hooks or backup file: 64 MiB. */
export const MAX_CONFIG_BYTES: number = 64 * 1024 * 1024;

/** The most bytes read from the start of a hook to find its first line: 4 KiB. */
export const HOOK_HEAD_BYTES = 4096;

/** What a file was when it was read, to tell later whether it changed. */
export interface FileStamp {
  /** Its size in bytes. */
  size: number;
  /** Its modification time in milliseconds, when the OS gives one. */
  mtime: number | null;
  /** Its inode, when the OS gives one. */
  ino: number | null;
  /** Its permission bits, when the OS has them. */
  mode: number | null;
  /** Its owner's user id, when the OS has one. */
  uid: number | null;
  /** Its group id, when the OS has one. */
  gid: number | null;
}

/** What reading a file gave. */
export type BoundedRead =
  | { kind: "file"; bytes: Uint8Array; stamp: FileStamp }
  | { kind: "missing" }
  | { kind: "refused"; reason: string };

/** How to read. */
export interface ReadBoundedOptions {
  /** The most bytes to read; a larger file is refused. */
  cap: number;
  /**
   * An empty file changed less than this many milliseconds ago may be in the
   * middle of a rewrite (truncated, not yet written): it is read again once
   * that much time has passed. 0 (the default) reads it as it is.
   */
  settleMs?: number;
}

/** How many times a file that keeps changing is read before giving up. */
const ATTEMPTS = 5;

const KINDS: ReadonlyArray<[keyof Deno.FileInfo, string]> = [
  ["isDirectory", "a folder"],
  ["isFifo", "a FIFO"],
  ["isCharDevice", "a character device"],
  ["isBlockDevice", "a block device"],
  ["isSocket", "a socket"],
];

/**
 * What a path is when it is not a regular file, in words.
 *
 * @param info What `Deno.stat` (which follows links) said.
 * @returns Such as `a FIFO`, or undefined for a regular file.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { notAFile } from "./read_bounded.ts";
 * assert(notAFile(Deno.statSync(".")) === "a folder");
 * ```
 */
export function notAFile(info: Deno.FileInfo): string | undefined {
  if (info.isFile) return undefined;
  return KINDS.find(([key]) => info[key] === true)?.[1] ?? "not a regular file";
}

/**
 * A size in words, as the refusals say it.
 *
 * @param bytes A number of bytes.
 * @returns Such as `64 MiB` or `12 KiB`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sizeWords } from "./read_bounded.ts";
 * assert(sizeWords(64 * 1024 * 1024) === "64 MiB");
 * ```
 */
export function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024 * 10) / 10} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024 * 10) / 10} KiB`;
  return `${bytes} bytes`;
}

function stampOf(info: Deno.FileInfo): FileStamp {
  return {
    size: info.size,
    mtime: info.mtime?.getTime() ?? null,
    ino: info.ino ?? null,
    mode: info.mode === null ? null : info.mode & 0o7777,
    uid: info.uid ?? null,
    gid: info.gid ?? null,
  };
}

/**
 * Whether two stamps of one path tell of a change: another size, time or inode.
 *
 * @param a One stamp.
 * @param b A later one.
 * @returns True when the file changed in between.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stampChanged } from "./read_bounded.ts";
 * const s = { size: 1, mtime: 5, ino: 7, mode: 0o644, uid: 0, gid: 0 };
 * assert(!stampChanged(s, { ...s }) && stampChanged(s, { ...s, mtime: 6 }));
 * ```
 */
export function stampChanged(a: FileStamp, b: FileStamp): boolean {
  return a.size !== b.size || a.mtime !== b.mtime || a.ino !== b.ino;
}

function tooLarge(size: number, cap: number): BoundedRead {
  return {
    kind: "refused",
    reason: `is ${sizeWords(size)}, over the ${sizeWords(cap)} everyhook reads`,
  };
}

const pause = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

// Read at most `limit` bytes; the first buffer fits the size the file said it has.
async function readUpTo(file: Deno.FsFile, limit: number, size: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < limit) {
    const want = chunks.length === 0 ? size + 1 : 64 * 1024;
    const buf = new Uint8Array(Math.min(want, limit - total));
    const n = await file.read(buf);
    if (n === null) break;
    chunks.push(buf.subarray(0, n));
    total += n;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Read a whole file: a regular file (after following links), up to a cap,
 * read again when it changed while it was read.
 *
 * @param path The file.
 * @param options The cap, and how long a freshly emptied file is given to settle.
 * @returns The bytes and the file's stamp; `missing`; or `refused` with the
 *   reason in words that follow the path (`is a FIFO, not a file`).
 * @throws The file system's error when the file cannot be read (permissions, I/O).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_CONFIG_BYTES, readBounded } from "./read_bounded.ts";
 * const r = await readBounded("/dev/null", { cap: MAX_CONFIG_BYTES });
 * assert(r.kind === "refused" && r.reason === "is a character device, not a file");
 * ```
 */
export async function readBounded(
  path: string,
  options: ReadBoundedOptions,
): Promise<BoundedRead> {
  const settleMs = options.settleMs ?? 0;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    let before: Deno.FileInfo;
    try {
      before = await Deno.stat(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return { kind: "missing" };
      throw e;
    }
    const kind = notAFile(before);
    if (kind !== undefined) return { kind: "refused", reason: `is ${kind}, not a file` };
    if (before.size > options.cap) return tooLarge(before.size, options.cap);
    let bytes: Uint8Array;
    let opened: FileStamp;
    let after: FileStamp;
    {
      using file = await Deno.open(path, { read: true });
      const openInfo = await file.stat();
      opened = stampOf(openInfo);
      if (notAFile(openInfo) !== undefined || stampChanged(stampOf(before), opened)) {
        await pause(20 * (attempt + 1));
        continue;
      }
      bytes = await readUpTo(file, options.cap + 1, opened.size);
      after = stampOf(await file.stat());
    }
    if (bytes.length > options.cap) return tooLarge(bytes.length, options.cap);
    if (stampChanged(opened, after) || bytes.length !== after.size) {
      await pause(20 * (attempt + 1));
      continue;
    }
    const age = after.mtime === null ? Infinity : Date.now() - after.mtime;
    if (bytes.length === 0 && age < settleMs && attempt < ATTEMPTS - 1) {
      // Truncated moments ago: perhaps by a program about to write it again.
      await pause(Math.min(settleMs, settleMs - age));
      continue;
    }
    return { kind: "file", bytes, stamp: after };
  }
  return { kind: "refused", reason: "kept changing while everyhook read it" };
}

/**
 * Read the first bytes of a file that is a regular file (after following
 * links), such as a hook's first line. Nothing is read from anything else.
 *
 * @param path The file.
 * @param bytes How many bytes at most.
 * @returns The bytes, or undefined when it is not a regular file or cannot be read.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readHeadSync } from "./read_bounded.ts";
 * assert(readHeadSync("/dev/zero", 10) === undefined);
 * ```
 */
export function readHeadSync(path: string, bytes: number): Uint8Array | undefined {
  try {
    if (notAFile(Deno.statSync(path)) !== undefined) return undefined;
    using file = Deno.openSync(path, { read: true });
    if (notAFile(file.statSync()) !== undefined) return undefined;
    const buf = new Uint8Array(bytes);
    let at = 0;
    while (at < bytes) {
      const n = file.readSync(buf.subarray(at));
      if (n === null) break;
      at += n;
    }
    return buf.subarray(0, at);
  } catch {
    return undefined;
  }
}

/**
 * Why a path cannot be started as a hook file, when it cannot: it is missing,
 * or it is a folder, a FIFO or a device.
 *
 * @param path The hook's path.
 * @returns Words that follow the path (`is a folder, not a hook file`), or
 *   undefined for a regular file.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { notAHookFile } from "./read_bounded.ts";
 * assert(notAHookFile(".") === "is a folder, not a hook file");
 * assert(notAHookFile("/no/such/hook.ts") === "does not exist");
 * ```
 */
export function notAHookFile(path: string): string | undefined {
  let info: Deno.FileInfo;
  try {
    info = Deno.statSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
      return "does not exist";
    }
    const code = (e as { code?: unknown }).code;
    return `cannot be read${typeof code === "string" ? ` (${code})` : ""}`;
  }
  const kind = notAFile(info);
  return kind === undefined ? undefined : `is ${kind}, not a hook file`;
}
