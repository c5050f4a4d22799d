/**
 * Every agent, loaded: the modules the registry (registry.ts) names, each
 * loaded through its line there, so that adding an agent is that one line.
 *
 * @module
 */

import type { Agent } from "./types.ts";
import { type FolderVariable, folderVariables } from "./folder_variables.ts";
import { AGENT_ENTRIES } from "./registry.ts";

export type { Agent } from "./types.ts";

/**
 * Every agent everyhook knows, in the order help and reports list them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGENTS } from "./mod.ts";
 * assert(AGENTS.some((a) => a.id === "codex"));
 * ```
 */
export const AGENTS: readonly Agent[] = await Promise.all(AGENT_ENTRIES.map((e) => e.load()));

/**
 * Find an agent by its id or one of its short names.
 *
 * @param name An id such as `gemini-cli`, or an alias such as `gemini`.
 * @returns The agent, or undefined when none has that name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findAgent } from "./mod.ts";
 * assert(findAgent("claude")?.id === "claude-code");
 * ```
 */
export function findAgent(name: string): Agent | undefined {
  return AGENTS.find((a) => a.id === name || a.aliases.includes(name));
}

/**
 * Every variable that moves a file an agent's hooks are in, with what it
 * stands for, in the registry's order: made from the agents' own file data, so
 * that the commands' help names a new agent's variable with no edit of its own.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGENT_FOLDER_VARIABLES } from "./mod.ts";
 * assert(AGENT_FOLDER_VARIABLES.some((v) => v.name === "CODEX_HOME"));
 * ```
 */
export const AGENT_FOLDER_VARIABLES: ReadonlyArray<FolderVariable> = folderVariables(AGENTS);
