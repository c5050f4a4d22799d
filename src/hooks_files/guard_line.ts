/**
 * The guarded form of a direct line, which install writes with
 * `--fail-closed`: in place of the hook, deno starts a small module given on
 * the line itself (a `data:` URL, base64, so no shell reads any of it) that
 * imports the hook by its literal address and, when the import fails, hands
 * the failure to the SDK's guard (src/hook/guard.ts), which denies before a
 * tool and on a prompt, saying the hook is broken. A literal import is in the
 * module graph Deno builds at start, so it needs no read permission: the hook
 * runs with exactly its shebang's permissions, as in a plain direct line. A
 * `data:` module has no folder, so Deno would find no configuration for the
 * hook: the line names the one Deno would have found beside the hook
 * (`--config=<file>`), or `--no-config` when there is none. Not on `run`'s path.
 *
 * @module
 */

import { dirname, posix, win32 } from "node:path";

const PREFIX = "data:application/javascript;base64,";
const HEAD = /^const h=("(?:[^"\\]|\\.)*");/;

/**
 * A path as a `file:` URL.
 *
 * @param path An absolute path.
 * @param os The operating system.
 * @returns The URL.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileUrl } from "./guard_line.ts";
 * assert.equal(fileUrl("/a b/h.ts", "linux"), "file:///a%20b/h.ts");
 * assert.equal(fileUrl("C:\\h\\a.ts", "windows"), "file:///C:/h/a.ts");
 * ```
 */
export function fileUrl(path: string, os: string): string {
  const slashed = os === "windows" ? `/${path.replaceAll("\\", "/")}` : path;
  const parts = slashed.split("/").map((p, i) =>
    i === 1 && /^[A-Za-z]:$/.test(p) ? p : encodeURIComponent(p)
  );
  return new URL(`file://${parts.join("/")}`).href;
}

/**
 * The guard module's source: it names the hook, imports it, and on failure
 * calls the SDK's guard.
 *
 * @param hookUrl The hook's `file:` URL.
 * @param guardUrl The SDK guard's specifier (a `file:` URL, or the JSR package's `hook/guard`).
 * @returns JavaScript.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardSource } from "./guard_line.ts";
 * assert.match(guardSource("file:///h/a.ts", "file:///e/src/hook/guard.ts"), /^const h="file:\/\/\/h\/a.ts";/);
 * ```
 */
export function guardSource(hookUrl: string, guardUrl: string): string {
  const h = JSON.stringify(hookUrl);
  return `const h=${h};const g=globalThis;g[Symbol.for("everyhook.guarded")]=h;` +
    `const p=import(${h});g[Symbol.for("everyhook.loading")]=p;` +
    `try{await p}catch(e){const m=await import(${
      JSON.stringify(guardUrl)
    });await m.answerBroken(h,e)}`;
}

/**
 * The word a guarded line names in place of the hook.
 *
 * @param hook The hook's absolute path.
 * @param guardUrl The SDK guard's specifier.
 * @param os The operating system.
 * @returns A `data:` URL.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardedHook, guardWord } from "./guard_line.ts";
 * const word = guardWord("/h/a b.ts", "file:///e/src/hook/guard.ts", "linux");
 * assert.ok(word.startsWith("data:application/javascript;base64,"));
 * assert.equal(guardedHook(word), "/h/a b.ts");
 * ```
 */
export function guardWord(hook: string, guardUrl: string, os: string): string {
  const bytes = new TextEncoder().encode(guardSource(fileUrl(hook, os), guardUrl));
  return PREFIX + btoa(String.fromCharCode(...bytes));
}

/**
 * The hook a guarded line's word names, or undefined for a word that is not one.
 *
 * @param word A word of a line.
 * @returns The hook's absolute path (a Windows one with its drive letter).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardedHook } from "./guard_line.ts";
 * assert.equal(guardedHook("/h/a.ts"), undefined);
 * ```
 */
export function guardedHook(word: string): string | undefined {
  if (!word.startsWith(PREFIX)) return undefined;
  let source: string;
  try {
    source = new TextDecoder().decode(
      Uint8Array.from(atob(word.slice(PREFIX.length)), (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
  const m = HEAD.exec(source);
  if (!m) return undefined;
  let url: URL;
  try {
    url = new URL(JSON.parse(m[1] as string));
  } catch {
    return undefined;
  }
  if (url.protocol !== "file:") return undefined;
  const path = decodeURIComponent(url.pathname);
  return path.replace(/^\/([A-Za-z]:)/, "$1");
}

/**
 * The configuration flag of a guarded line: the deno.json or deno.jsonc Deno
 * would find in the hook's folder or a folder above it, or `--no-config`.
 *
 * @param hook The hook's absolute path.
 * @param os The operating system.
 * @returns `--config=<file>` or `--no-config`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardConfigFlag } from "./guard_line.ts";
 * const flag = guardConfigFlag(new URL(import.meta.url).pathname, "linux");
 * assert.match(flag, /^--config=.*deno\.json$/);
 * ```
 */
export function guardConfigFlag(hook: string, os: string): string {
  const path = os === "windows" ? win32 : posix;
  let dir = dirname(hook);
  while (true) {
    for (const name of ["deno.json", "deno.jsonc"]) {
      const file = path.join(dir, name);
      try {
        if (Deno.statSync(file).isFile) return `--config=${file}`;
      } catch {
        // not here
      }
    }
    const up = path.dirname(dir);
    if (up === dir) return "--no-config";
    dir = up;
  }
}
