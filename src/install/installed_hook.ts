/**
 * Which installed hook a name given to uninstall means. A path that is
 * installed is that hook. Otherwise the name is matched the way `list --hook`
 * finds a hook: against the end of each installed hook's path, whole path
 * parts only (`no-rm-rf.ts` or `hooks/no-rm-rf.ts` fit `/p/hooks/no-rm-rf.ts`;
 * `rf.ts` does not). One fit is that hook; more than one is refused with the
 * list, none is said so. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import { EveryhookError } from "../contract/errors.ts";
import { linePath, samePath } from "../settings/command_line.ts";
import { lineHook } from "../settings/portable.ts";
import {
  agentFiles,
  hookPath,
  type InstallWorld,
  type ReadFile,
  readUnlessPersons,
} from "./config_file.ts";
import { findOurs, type FoundEntry, type JsonObject } from "../settings/settings_file.ts";
import { pathsFor, type Scope } from "../settings/locations.ts";

/** Where to look for installed hooks. */
export interface InstalledHookQuery {
  /** The hook as the person gave it: a path, or the end of one. */
  hook: string;
  /** The agents whose files are read. */
  agents: readonly Agent[];
  /** Which file of each agent. */
  scope: Scope;
  /** The project folder for the project scope. */
  project?: string;
}

/**
 * Whether an installed hook's path fits a name: the same path, or a path that
 * ends with the name's parts.
 *
 * @param installed The path in the installed line.
 * @param name The name as given.
 * @returns True when it fits.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitsName } from "./installed_hook.ts";
 * assert(fitsName("/p/hooks/no-rm-rf.ts", "no-rm-rf.ts"));
 * assert(fitsName("C:\\p\\No-Rm-Rf.ts", "no-rm-rf.ts"));
 * assert(!fitsName("/p/hooks/no-rm-rf.ts", "rf.ts"));
 * ```
 */
export function fitsName(installed: string, name: string): boolean {
  const windows = /^[A-Za-z]:[\\/]|^\\\\/.test(installed);
  const fold = (s: string) => (windows ? s.toLowerCase() : s).replaceAll("\\", "/");
  const have = fold(installed);
  const want = fold(name).replace(/^\.\//, "");
  return want !== "" && (have === want || have.endsWith(`/${want}`));
}

/** A file the lookup read, and the entries of ours it found in it. */
export interface LookupRead {
  /** The file as read. */
  read: ReadFile;
  /** Every entry of ours in it (any hook, any agent), in file order. */
  found: FoundEntry[];
}

/**
 * The installed hook a name means, as an absolute path.
 *
 * @param query The name and where to look.
 * @param world The environment, folder and OS.
 * @param reads Where to keep each file read and what was found in it, by its path, for the
 *   caller to change it without reading it again.
 * @returns The hook's path: the path given when it is installed, else the one
 *   installed hook whose path ends with the name.
 * @throws {EveryhookError} `not-found` when no installed hook fits; `ambiguous`
 *   when several do (the message lists them).
 *
 * @example Usage
 * ```ts ignore
 * import { installedHook } from "./installed_hook.ts";
 * const hook = await installedHook({ hook: "no-rm-rf.ts", agents, scope: "user" }, world);
 * ```
 */
export async function installedHook(
  query: InstalledHookQuery,
  world: InstallWorld,
  reads?: Map<string, LookupRead>,
): Promise<string> {
  const given = hookPath(query.hook, world);
  const installed: string[] = [];
  // The files that could not be read, named when no hook fits (the hook may be in one).
  const unread: string[] = [];
  for (const { agent, file } of agentFiles(query.agents, query.scope, query.project, world)) {
    let value: unknown;
    let read: ReadFile | undefined;
    try {
      // A hook file of the person's own (Cline's, of one event) holds no hook of everyhook's.
      read = await readUnlessPersons(file, agent.install);
      if (read === undefined) continue;
      value = read.value;
    } catch {
      unread.push(file); // uninstall reports the file's problem itself
      continue;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    const folder = pathsFor(world.os).resolve(world.cwd, query.project ?? ".");
    const ours = findOurs(value as JsonObject, agent.install);
    reads?.set(file, { read, found: ours });
    for (const found of ours) {
      if (found.line.agent !== agent.id || !found.line.hook) continue;
      const hook = lineHook(found.line, folder, world.os);
      if (!installed.some((h) => samePath(h, hook))) installed.push(hook);
    }
  }
  if (installed.some((h) => samePath(h, linePath(given, world.os)))) return given;
  const fits = installed.filter((h) => fitsName(h, query.hook));
  if (fits.length === 1) return fits[0]!;
  const where = `${query.scope} scope of ${query.agents.map((a) => a.name).join(", ")}`;
  if (fits.length === 0) {
    const unreadText = unread.length === 0
      ? ""
      : `; ${unread.join(", ")} could not be read as everyhook's (everyhook list says why)`;
    throw new EveryhookError(
      "not-found",
      `Cannot uninstall "${query.hook}": no installed hook fits that name (${where}); ` +
        `everyhook list --ours shows the installed ones${unreadText}`,
    );
  }
  throw new EveryhookError(
    "ambiguous",
    `Cannot uninstall "${query.hook}": it fits ${fits.length} installed hooks (${where}): ` +
      `${fits.join(", ")}; give the path of the one to take out`,
  );
}
