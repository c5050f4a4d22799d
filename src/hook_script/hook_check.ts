/**
 * What install, list and bench say about a hook file before it runs: that it
 * is a folder or missing rather than a hook, and that its first line asks
 * Deno for every permission (`-A`, `--allow-all`), which the runner grants as
 * the line asks. Not on `run`'s path.
 *
 * @module
 */

import { shebangPermissions } from "../run/hook_plan.ts";
import { HOOK_HEAD_BYTES, readHeadSync } from "../os/read_bounded.ts";

/**
 * The flag of a hook's first line that grants every permission, if any.
 *
 * @param line The hook's first line.
 * @returns `-A`, `--allow-all` (or a group of short flags holding `A`), or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { allowAllFlag } from "./hook_check.ts";
 * assert(allowAllFlag("#!/usr/bin/env -S deno run -A") === "-A");
 * assert(allowAllFlag("#!/usr/bin/env -S deno run --allow-read") === undefined);
 * ```
 */
export function allowAllFlag(line: string): string | undefined {
  return shebangPermissions(line).find((f) => f === "--allow-all" || /^-[A-Z]*A[A-Z]*$/.test(f));
}

/**
 * The warnings about a hook file: one line when its first line asks for every
 * permission. A path that is not a regular file gives none (and is not read).
 *
 * @param path The hook file's path.
 * @returns The warnings.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookWarnings } from "./hook_check.ts";
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/h.ts`, "#!/usr/bin/env -S deno run --allow-all\n");
 * assert(hookWarnings(`${dir}/h.ts`)[0]?.includes("every permission") === true);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function hookWarnings(path: string): string[] {
  const head = readHeadSync(path, HOOK_HEAD_BYTES);
  if (head === undefined) return [];
  return firstLineWarnings(path, new TextDecoder().decode(head));
}

/**
 * The warnings about a hook whose text (or its start) is already read: what
 * {@linkcode hookWarnings} says, from its first line.
 *
 * @param path The hook file's path, for the words.
 * @param text The hook's text, or its start.
 * @returns The warnings.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { firstLineWarnings } from "./hook_check.ts";
 * assert(firstLineWarnings("/h.ts", "#!/usr/bin/env -S deno run -A\nrest").length === 1);
 * assert(firstLineWarnings("/h.ts", "#!/bin/sh\n").length === 0);
 * ```
 */
export function firstLineWarnings(path: string, text: string): string[] {
  const line = text.split(/\r?\n/, 1)[0] ?? "";
  const flag = allowAllFlag(line);
  if (flag === undefined) return [];
  return [
    `the hook "${path}" asks for every permission (${flag} in its first line): it runs with full access to files, the network, the environment and other programs`,
  ];
}
