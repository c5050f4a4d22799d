/**
 * Where `list` looks for an agent's hooks: the files install writes (or their
 * folder, where the agent reads every file there) and the agent's other reads,
 * as absolute paths for one system, environment and project. Reads nothing.
 *
 * @module
 */

import type { Agent, FileLocation, ReadLocation } from "../agents/types.ts";
import { eventFile, eventFileNatives, readLocationPath } from "../settings/locations.ts";
import type { ListWorld } from "./listing.ts";

/**
 * Every file an agent reads hooks from: the ones install writes and its other reads.
 *
 * @param agent The agent.
 * @param world The environment, system and project.
 * @returns The files with their absolute paths, in the agent's order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentLocations } from "./hook_locations.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const files = agentLocations(findAgent("codex")!, { env: { HOME: "/h" }, os: "linux", project: "/p" });
 * assert(files.some((f) => f.path === "/h/.codex/config.toml"));
 * ```
 */
export function agentLocations(
  agent: Agent,
  world: ListWorld,
): Array<ReadLocation & { path: string }> {
  const { user, project } = agent.install.files;
  // Where the agent reads every file in the folder of its settings file, the folder is read.
  const container = agent.install.container;
  const ownFormat = container === "plugin" ? "plugin" : container === "toml" ? "toml" : "json";
  // An agent with no project file (Kimi Code) has only the user's read.
  const scopes = agent.install.noProject === undefined ? [user, project] : [user];
  // An agent with a file per event (Cline) has everyhook's file of each event read.
  const natives = eventFileNatives(agent);
  const own: ReadLocation[] = agent.listing?.readsHooksFolder
    ? scopes.map(folderOf)
    : natives !== undefined
    ? scopes.flatMap((where) =>
      natives.map((n) => ({
        ...where,
        parts: where.parts.map((p) => eventFile(p, n)),
        format: "plugin" as const,
      }))
    )
    : scopes.map((where) => ({ ...where, format: ownFormat }));
  const out: Array<ReadLocation & { path: string }> = [];
  for (const loc of [...own, ...(agent.reads ?? [])]) {
    const path = locate(loc, world);
    if (path !== undefined) out.push({ ...loc, path });
  }
  return out;
}

/**
 * The absolute path of one file an agent reads, on this system.
 *
 * @param loc Where the file is.
 * @param world The environment, system and project.
 * @returns The path, or undefined when the file is not read on this system.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { locate } from "./hook_locations.ts";
 * const p = locate({ scope: "project", parts: [".x", "y.json"], format: "json" }, { env: {}, os: "linux", project: "/p" });
 * assert(p === "/p/.x/y.json");
 * ```
 */
export function locate(loc: ReadLocation, world: ListWorld): string | undefined {
  return readLocationPath(loc, world);
}

function folderOf(where: FileLocation): ReadLocation {
  return { ...where, parts: where.parts.slice(0, -1), format: "json", folder: true };
}
