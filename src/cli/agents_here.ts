/**
 * Which agents are here, for `install --all`: an agent is found when one of
 * its binaries is on PATH (the names verify looks for, from its drivers) or
 * the folder of its user settings file (or a folder between it and the home
 * folder, a shared `.config` aside) is there. `--all` writes only the agents
 * found, so that it makes no `~/.cursor` or `~/.qwen` for an agent that is not
 * installed (other tools may take such a folder for one). Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import { DRIVERS } from "../verify/drivers/mod.ts";
import { agentFiles, type InstallWorld } from "../install/config_file.ts";
import { pathsFor } from "../settings/locations.ts";
import { findOnPath } from "../os/path_search.ts";

/** Whether an agent is here, and what was looked for. */
export interface AgentHere {
  /** The agent. */
  agent: Agent;
  /** Whether a binary or its folder was found. */
  found: boolean;
  /** What was looked for, for the message: `claude on PATH`, `~/.claude`. */
  lookedFor: string[];
}

/**
 * Look for each agent here.
 *
 * @param agents The agents.
 * @param world The environment, folder and OS.
 * @returns One row per agent, in order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentsHere } from "./agents_here.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const home = Deno.makeTempDirSync();
 * const [row] = agentsHere([findAgent("cursor")!], { env: { HOME: home, PATH: "" }, cwd: home, os: "linux", now: () => new Date() });
 * assert.equal(row?.found, false);
 * Deno.mkdirSync(`${home}/.cursor`);
 * assert.equal(agentsHere([findAgent("cursor")!], { env: { HOME: home, PATH: "" }, cwd: home, os: "linux", now: () => new Date() })[0]?.found, true);
 * Deno.removeSync(home, { recursive: true });
 * ```
 */
export function agentsHere(agents: readonly Agent[], world: InstallWorld): AgentHere[] {
  const paths = pathsFor(world.os);
  const home = world.env.HOME ?? world.env.USERPROFILE ?? "";
  return agentFiles(agents, "user", undefined, world).map(({ agent, file }) => {
    const bins = DRIVERS.find((d) => d.id === agent.id)?.bins ?? [];
    const onPath = bins.some((b) =>
      findOnPath(b, world.env, world.os as typeof Deno.build.os) !== undefined
    );
    const folders: string[] = [];
    for (let dir = paths.dirname(file); dir !== home && paths.dirname(dir) !== dir;) {
      if (paths.basename(dir) !== ".config") folders.push(dir);
      if (home === "" || !dir.startsWith(home)) break;
      dir = paths.dirname(dir);
    }
    const present = folders.some((f) => isFolder(f));
    const short = (
      p: string,
    ) => (home !== "" && p.startsWith(home) ? `~${p.slice(home.length)}` : p);
    return {
      agent,
      found: onPath || present,
      lookedFor: [...bins.map((b) => `${b} on PATH`), ...folders.slice(-1).map(short)],
    };
  });
}

function isFolder(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}
