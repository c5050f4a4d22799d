/**
 * Finding a program on PATH, and the few path functions the hook runner needs
 * for both Unix and Windows paths whatever the system it runs on. On `run`'s
 * path: imports nothing.
 *
 * @module
 */

/**
 * Find a program on the environment's PATH (with PATHEXT on Windows).
 *
 * @param name A program name such as `bash`.
 * @param env The environment whose PATH is searched.
 * @param os The operating system.
 * @returns The program's full path, or undefined.
 *
 * @example Usage
 * ```ts ignore
 * import { findOnPath } from "./path_search.ts";
 * console.log(findOnPath("bash", Deno.env.toObject(), Deno.build.os));
 * ```
 */
export function findOnPath(
  name: string,
  env: Readonly<Record<string, string>>,
  os: typeof Deno.build.os,
): string | undefined {
  const windows = os === "windows";
  const key = windows ? Object.keys(env).find((k) => k.toUpperCase() === "PATH") : "PATH";
  const dirs = (key ? env[key] ?? "" : "").split(windows ? ";" : ":").filter((d) => d !== "");
  const exts = windows && extensionOf(name) === ""
    ? (env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter((e) => e !== "")
    : [""];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = joinPath(dir, name + ext, windows);
      if (isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The extension of a path's last part, lower-cased, with its dot; empty when
 * it has none (a leading dot, as in `.env`, is not one).
 *
 * @param path A path with `/` or `\` separators.
 * @returns The extension, such as `.ts`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { extensionOf } from "./path_search.ts";
 * assert(extensionOf("C:\\hooks\\A.PS1") === ".ps1" && extensionOf("/a/.env") === "");
 * ```
 */
export function extensionOf(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? "";
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

/**
 * Whether a path has a folder separator: `/`, and on Windows `\` too.
 *
 * @param path The path.
 * @param windows True for Windows paths.
 * @returns True when it names a folder part.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasSeparator } from "./path_search.ts";
 * assert(hasSeparator("a\\b", true) && !hasSeparator("a\\b", false));
 * ```
 */
export function hasSeparator(path: string, windows: boolean): boolean {
  return path.includes("/") || (windows && path.includes("\\"));
}

function isAbsolute(path: string, windows: boolean): boolean {
  return windows ? /^([a-zA-Z]:[\\/]|[\\/]{2})/.test(path) : path.startsWith("/");
}

function joinPath(dir: string, name: string, windows: boolean): string {
  const sep = windows ? "\\" : "/";
  return /[\\/]$/.test(dir) ? dir + name : dir + sep + name;
}

/**
 * A path read from a base folder: an absolute path as it is, a relative one
 * (a leading `./` dropped) below `base`.
 *
 * @param base The folder relative paths are read from.
 * @param path The path.
 * @param windows True for Windows paths.
 * @returns The path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePath } from "./path_search.ts";
 * assert(resolvePath("/h", "./a.sh", false) === "/h/a.sh");
 * assert(resolvePath("C:\\h", "D:\\a.ps1", true) === "D:\\a.ps1");
 * ```
 */
export function resolvePath(base: string, path: string, windows: boolean): string {
  if (isAbsolute(path, windows)) return path;
  const rel = path.replace(/^\.[\\/]/, "");
  return joinPath(base, rel, windows);
}

/**
 * Whether a path is a file; false for a folder or when it cannot be read.
 *
 * @param path The path.
 * @returns True for a file.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFile } from "./path_search.ts";
 * assert(!isFile("/no/such/file"));
 * ```
 */
export function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}
