/**
 * The file system's errors in words. Deno gives some as `Deno.errors` classes
 * and others (a read-only file system, a full disk) only as an `Error` with a
 * `code` such as `EROFS`; both become one line that names the file and what
 * stopped the change, so that one agent's file never stops the others. Not on
 * `run`'s path.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";

const WORDS: Readonly<Record<string, string>> = {
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EFBIG: "the file is too large",
  ENOENT: "no such file or folder",
  ENOTDIR: "a part of the path is not a folder",
  EISDIR: "it is a folder",
  ELOOP: "too many symbolic links",
  ENAMETOOLONG: "the name is too long",
  EIO: "input/output error",
  EBUSY: "the file is busy",
  ETXTBSY: "the file is busy",
  EMFILE: "too many open files",
  ENFILE: "too many open files",
  EXDEV: "a link across file systems",
  EEXIST: "it exists already",
};

/**
 * The file system's error code of a thrown value, when it is one.
 *
 * @param e What was thrown.
 * @returns Such as `EROFS`, or undefined (a bug, or a missing Deno permission).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fsErrorCode } from "./fs_errors.ts";
 * const e = Object.assign(new Error("Read-only file system (os error 30)"), { code: "EROFS" });
 * assert(fsErrorCode(e) === "EROFS" && fsErrorCode(new TypeError("x")) === undefined);
 * ```
 */
export function fsErrorCode(e: unknown): string | undefined {
  if (!(e instanceof Error) || e instanceof Deno.errors.NotCapable) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code === "string" && /^E[A-Z0-9]+$/.test(code)) return code;
  const known = Object.entries(Deno.errors).find(([, kind]) => e instanceof kind);
  return known ? known[0] : undefined;
}

/**
 * A file system error in words, with its code.
 *
 * @param e What was thrown (one for which `fsErrorCode` gives a code).
 * @returns Such as `read-only file system (EROFS)`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fsErrorWords } from "./fs_errors.ts";
 * const e = Object.assign(new Error("Read-only file system (os error 30)"), { code: "EROFS" });
 * assert(fsErrorWords(e) === "read-only file system (EROFS)");
 * ```
 */
export function fsErrorWords(e: unknown): string {
  const code = fsErrorCode(e) ?? "unknown";
  const said = (e instanceof Error ? e.message : String(e)).split(" (os error")[0] ?? "";
  const words = WORDS[code] ?? (said.charAt(0).toLowerCase() + said.slice(1));
  return `${words} (${code})`;
}

/**
 * Turn a file system error met while reading or writing a file into a refusal
 * that names the file; anything else is returned as it is.
 *
 * @param e What was thrown.
 * @param verb `read`, `write` or `change`.
 * @param file The file the person knows.
 * @returns The refusal, or `e` itself.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { asRefusal } from "./fs_errors.ts";
 * const e = Object.assign(new Error("Read-only file system"), { code: "EROFS" });
 * const r = asRefusal(e, "write", "/h/.codex/hooks.json") as Error;
 * assert(r.message === 'Cannot write "/h/.codex/hooks.json": read-only file system (EROFS)');
 * ```
 */
export function asRefusal(e: unknown, verb: "read" | "write" | "change", file: string): unknown {
  if (e instanceof EveryhookError || fsErrorCode(e) === undefined) return e;
  return new EveryhookError("file-system", `Cannot ${verb} "${file}": ${fsErrorWords(e)}`, {
    cause: e,
  });
}
