#!/usr/bin/env -S deno run --allow-env=EVERYHOOK_PROTECT
/**
 * An everyhook hook: refuse edits and writes to `.env` files, in any agent.
 *
 * At pre-tool, for tool calls of kind edit or write (so every file of a Codex
 * patch too), it refuses when a path is `.env` or `.env.<anything>`, except
 * `.env.example`, `.env.sample` and `.env.template`. EVERYHOOK_PROTECT adds
 * entries, separated like PATH (`:`, or `;` on Windows): a file, a folder
 * (everything under it, written with or without a final slash), or a pattern in
 * which `*` matches within a name and `**` any number of folders. A pattern with
 * no slash is matched against every file name. Relative entries are relative to
 * the agent's folder. A shell redirect into a file is out of its reach: pair it
 * with a shell check where that matters.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { protectedPath } from "./protect-env-files.ts";
 * assert(protectedPath("config/.env.local", { cwd: "/p", extra: [] }) !== undefined);
 * assert(protectedPath(".env.example", { cwd: "/p", extra: [] }) === undefined);
 * ```
 *
 * @module
 */

import { defineHook, deny, type HookAnswer } from "../hook.bundle.js";

/** What protectedPath needs besides the path. */
export interface ProtectOptions {
  /** The agent's folder, for relative paths. */
  cwd: string | undefined;
  /** Entries from EVERYHOOK_PROTECT. */
  extra: readonly string[];
}

const ALLOWED_ENV = new Set([".env.example", ".env.sample", ".env.template"]);

/**
 * Make a path comparable: forward slashes, `.` and `..` resolved, absolute when
 * a folder is given, lower case for Windows drive paths.
 *
 * @param path A path as the agent or the person wrote it.
 * @param cwd The folder relative paths are relative to.
 * @returns The normalized path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalize } from "./protect-env-files.ts";
 * assert(normalize("a/../b/./c", "/p") === "/p/b/c");
 * assert(normalize("C:\\Repo\\.env", undefined) === "c:/repo/.env");
 * ```
 */
export function normalize(path: string, cwd: string | undefined): string {
  let p = path.replaceAll("\\", "/");
  const windows = /^[A-Za-z]:\//.test(p) || /^[A-Za-z]:\//.test((cwd ?? "").replaceAll("\\", "/"));
  const absolute = p.startsWith("/") || /^[A-Za-z]:\//.test(p);
  if (!absolute && cwd) p = `${cwd.replaceAll("\\", "/").replace(/\/$/, "")}/${p}`;
  const lead = p.startsWith("/") ? "/" : "";
  const parts: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  const out = lead + parts.join("/");
  return windows ? out.toLowerCase() : out;
}

/**
 * Turn a protect pattern into a regular expression over normalized paths.
 *
 * @param pattern A pattern with `*` and `**`.
 * @returns The expression.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { patternToRegExp } from "./protect-env-files.ts";
 * assert(patternToRegExp("/p/**\/*.pem").test("/p/a/b/key.pem"));
 * ```
 */
export function patternToRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "*" && pattern[i + 1] === "*") {
      i++;
      if (pattern[i + 1] === "/") {
        i++;
        re += "(?:.*/)?";
      } else re += ".*";
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/**
 * Why a path is protected, or undefined when it is not.
 *
 * @param path The path as the agent sent it.
 * @param options The agent's folder and the extra entries.
 * @returns A short reason, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { protectedPath } from "./protect-env-files.ts";
 * assert(protectedPath("/p/secrets/a.txt", { cwd: "/p", extra: ["secrets"] }) !== undefined);
 * ```
 */
export function protectedPath(path: string, options: ProtectOptions): string | undefined {
  const full = normalize(path, options.cwd);
  const name = full.slice(full.lastIndexOf("/") + 1);
  const lowerName = name.toLowerCase();
  if ((lowerName === ".env" || lowerName.startsWith(".env.")) && !ALLOWED_ENV.has(lowerName)) {
    return `"${name}" is an environment file`;
  }
  for (const entry of options.extra) {
    if (entry.trim() === "") continue;
    if (entry.includes("*") || entry.includes("?")) {
      const target = entry.includes("/") || entry.includes("\\") ? full : name;
      const pattern = entry.includes("/") || entry.includes("\\")
        ? normalize(entry, options.cwd)
        : entry;
      if (patternToRegExp(pattern).test(target)) {
        return `it matches the protected pattern "${entry}"`;
      }
      continue;
    }
    const base = normalize(entry, options.cwd);
    if (full === base) return `it is the protected file "${entry}"`;
    if (full.startsWith(`${base}/`)) return `it is inside the protected folder "${entry}"`;
  }
  return undefined;
}

/**
 * Split EVERYHOOK_PROTECT into entries, the way PATH is split on this system.
 *
 * @param value The variable's value.
 * @param windows Whether `;` (Windows) or `:` separates entries.
 * @returns The entries.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { protectEntries } from "./protect-env-files.ts";
 * assert(protectEntries("a:b/**", false).length === 2);
 * ```
 */
export function protectEntries(value: string | undefined, windows: boolean): string[] {
  return (value ?? "").split(windows ? ";" : ":").map((s) => s.trim()).filter((s) => s !== "");
}

/**
 * The answer for one document: a deny when an edit or write touches a
 * protected path, else nothing.
 *
 * @param doc The contract's document.
 * @param extra Entries from EVERYHOOK_PROTECT.
 * @returns The answer, or undefined for no opinion.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { answerFor } from "./protect-env-files.ts";
 * const doc = { event: "pre-tool", cwd: "/p", tool: { kind: "write", paths: [".env"] } };
 * assert(answerFor(doc, [])?.decision === "deny");
 * ```
 */
export function answerFor(
  doc: {
    event?: unknown;
    cwd?: unknown;
    tool?: { kind?: unknown; path?: unknown; paths?: unknown };
  },
  extra: readonly string[],
): HookAnswer & { decision: "deny"; reason: string } | undefined {
  if (doc.event !== "pre-tool") return undefined;
  if (doc.tool?.kind !== "edit" && doc.tool?.kind !== "write") return undefined;
  const paths = Array.isArray(doc.tool.paths)
    ? doc.tool.paths.filter((p): p is string => typeof p === "string")
    : typeof doc.tool.path === "string"
    ? [doc.tool.path]
    : [];
  const cwd = typeof doc.cwd === "string" ? doc.cwd : undefined;
  for (const path of paths) {
    const why = protectedPath(path, { cwd, extra });
    if (why) {
      return deny(
        `Blocked a change to ${path}: ${why}. Leave it as it is, or ask the person to change it.`,
        { message: `everyhook protect-env-files refused a change to ${path}` },
      );
    }
  }
  return undefined;
}

/** The hook: a deny for an edit or write of a protected file, before it happens. */
export default defineHook((doc) =>
  answerFor(doc, protectEntries(Deno.env.get("EVERYHOOK_PROTECT"), Deno.build.os === "windows"))
);
