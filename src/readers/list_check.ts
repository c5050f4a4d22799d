/**
 * `list --check`: whether the TypeScript and JavaScript hooks of everyhook's
 * entries still load, each the way its line loads it (the line's deno and
 * permission flags for a direct entry; the deno `run` uses and the hook's
 * shebang for a `run` entry). Loading every hook is slow, so `list` does it
 * only when asked. A hook that no longer loads is a problem of each entry that
 * starts it. Not on `run`'s path.
 *
 * @module
 */

import type { ListedEntry } from "./listing.ts";
import {
  checkLoads,
  isDenoModule,
  type LoadHow,
  type LoadResult,
} from "../hooks_files/load_check.ts";
import { parseLine } from "../hooks_files/command_line.ts";
import { shebangPermissions } from "../run/hook_plan.ts";
import { findOnPath } from "../run/path_search.ts";

/** Permission flags as a line holds them. */
const PERMISSION = /^--(?:allow|deny)-[a-z-]+(?:=.*)?$|^-[ARWNESI]+(?:=.*)?$/;

/**
 * How an entry's line loads its hook, or undefined when it starts no Deno module.
 *
 * @param entry An entry of everyhook's.
 * @param source The hook's text (its first line gives a `run` entry's permissions).
 * @param env The environment whose PATH finds deno.
 * @param os The operating system.
 * @returns The deno, permissions and configuration.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadHowOf } from "./list_check.ts";
 * const how = loadHowOf({
 *   ours: true, mode: "direct", hook: "/h/a.ts",
 *   command: '/bin/deno run --quiet --no-prompt --allow-env "/h/a.ts" --everyhook-agent codex --everyhook-event pre-tool --everyhook-timeout 28',
 * }, "", {}, "linux");
 * assert.deepEqual(how, { deno: "/bin/deno", permissions: ["--allow-env"], config: { kind: "found" } });
 * ```
 */
export function loadHowOf(
  entry: Pick<ListedEntry, "ours" | "mode" | "hook" | "command">,
  source: string,
  env: Readonly<Record<string, string>>,
  os: string,
): LoadHow | undefined {
  if (!entry.ours || entry.hook === null || !isDenoModule(entry.hook) || entry.command === null) {
    return undefined;
  }
  const line = parseLine(entry.command);
  if (line === undefined) return undefined;
  if (line.mode === "direct") {
    const [deno, ...flags] = line.self;
    if (deno === undefined) return undefined;
    const named = flags.find((f) => f.startsWith("--config="));
    const config = flags.includes("--no-config")
      ? { kind: "none" as const }
      : named !== undefined
      ? { kind: "file" as const, path: named.slice("--config=".length) }
      : { kind: "found" as const };
    return { deno, permissions: flags.filter((f) => PERMISSION.test(f)), config };
  }
  const first = line.self[0] ?? "";
  const deno = /(^|[\\/])deno(\.exe)?$/.test(first)
    ? first
    : findOnPath("deno", env, os as typeof Deno.build.os);
  if (deno === undefined) return undefined;
  const permissions = shebangPermissions(source.split(/\r?\n/, 1)[0] ?? "");
  return { deno, permissions, config: { kind: "found" } };
}

/**
 * Load the hook of each of everyhook's TypeScript and JavaScript entries once,
 * and add a problem to each entry whose hook does not load.
 *
 * @param entries The entries (changed in place).
 * @param env The environment the checks run in.
 * @param os The operating system.
 * @param check Loads one hook (default `checkLoads`).
 * @returns How many hooks were loaded.
 *
 * @example Usage
 * ```ts ignore
 * import { checkEntries } from "./list_check.ts";
 * await checkEntries(listing.entries, Deno.env.toObject(), Deno.build.os);
 * ```
 */
export async function checkEntries(
  entries: ListedEntry[],
  env: Readonly<Record<string, string>>,
  os: string,
  check: (hook: string, how: LoadHow) => Promise<LoadResult> = (hook, how) =>
    checkLoads(hook, how, env),
): Promise<number> {
  const done = new Map<string, Promise<LoadResult>>();
  for (const entry of entries) {
    if (entry.hook === null || !isDenoModule(entry.hook) || !entry.ours) continue;
    let source = "";
    try {
      source = await Deno.readTextFile(entry.hook);
    } catch {
      continue; // list already says the hook is not there
    }
    const how = loadHowOf(entry, source, env, os);
    if (how === undefined) continue;
    const key = JSON.stringify([entry.hook, how]);
    if (!done.has(key)) done.set(key, check(entry.hook, how));
    const result = await done.get(key)!;
    if (!result.ok) {
      entry.problems.push({
        kind: "does-not-load",
        text:
          `its hook does not load (list --check): ${result.why}; it guards nothing until it does: fix it and put it to \`everyhook bench\``,
      });
    }
  }
  return done.size;
}
