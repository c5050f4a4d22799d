/**
 * How `list` reads the files it lists: each one checked to be a regular file
 * and read up to a cap, with the reason when it is not; and a memory for the
 * questions it asks of the disk once per entry. Reads only.
 *
 * @module
 */

import { MAX_CONFIG_BYTES, readBounded } from "../os/read_bounded.ts";
import { fsErrorCode, fsErrorWords } from "../os/fs_errors.ts";

/**
 * A function that asks each question once: the first answer for a key is kept.
 *
 * @param ask The question, such as whether a path exists.
 * @returns The same question, answered from memory the second time.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { remembered } from "./list_files.ts";
 * let asked = 0;
 * const exists = remembered((_path: string) => (asked++, true));
 * exists("/a");
 * exists("/a");
 * assert(asked === 1);
 * ```
 */
export function remembered<T>(ask: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const answer = ask(key);
    known.set(key, answer);
    return answer;
  };
}

/** What list read of one file. */
export type ListedRead =
  | { kind: "text"; text: string }
  | { kind: "missing" }
  | { kind: "refused"; reason: string };

/**
 * Read one file list shows: a regular file (after following links), up to
 * 64 MiB; a FIFO, a device, a folder, a larger file or one that cannot be read
 * is skipped with the reason.
 *
 * @param path The file.
 * @returns Its text, `missing`, or `refused` with the reason.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readListed } from "./list_files.ts";
 * const r = await readListed("/dev/zero");
 * assert(r.kind === "refused" && r.reason === "it is a character device, not a file: skipped");
 * ```
 */
export async function readListed(path: string): Promise<ListedRead> {
  try {
    const read = await readBounded(path, { cap: MAX_CONFIG_BYTES });
    if (read.kind === "missing") return read;
    if (read.kind === "refused") return { kind: "refused", reason: `it ${read.reason}: skipped` };
    return { kind: "text", text: new TextDecoder().decode(read.bytes) };
  } catch (e) {
    if (e instanceof Deno.errors.NotADirectory) return { kind: "missing" };
    if (fsErrorCode(e) === undefined) throw e;
    return { kind: "refused", reason: `it cannot be read: ${fsErrorWords(e)}` };
  }
}
