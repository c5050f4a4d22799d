/**
 * The registry of agents. Adding an agent is one line here.
 *
 * @module
 */

import type { Agent } from "./types.ts";
import { type FolderVariable, folderVariables } from "./folder_variables.ts";
import { claudeCode } from "./claude_code.ts";
import { codex } from "./codex.ts";
import { geminiCli } from "./gemini_cli.ts";
import { copilotCli } from "./copilot_cli.ts";
import { cursor } from "./cursor.ts";
import { qwenCode } from "./qwen_code.ts";
import { factoryDroid } from "./factory_droid.ts";
import { opencode } from "./opencode.ts";
import { kilo } from "./kilo.ts";
import { kimiCode } from "./kimi_code.ts";

export type { Agent } from "./types.ts";

/**
 * Every agent everyhook knows, in the order help and reports list them.
 *
 * @example Usage
 * ```ts
 * import { AGENTS } from "./mod.ts";
 * console.assert(AGENTS.some((a) => a.id === "codex"));
 * ```
 */
export const AGENTS: readonly Agent[] = [
  claudeCode,
  codex,
  geminiCli,
  copilotCli,
  cursor,
  qwenCode,
  factoryDroid,
  opencode,
  kilo,
  kimiCode,
];

/**
 * Find an agent by its id or one of its short names.
 *
 * @param name An id such as `gemini-cli`, or an alias such as `gemini`.
 * @returns The agent, or undefined when none has that name.
 *
 * @example Usage
 * ```ts
 * import { findAgent } from "./mod.ts";
 * console.assert(findAgent("claude")?.id === "claude-code");
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
 * import { AGENT_FOLDER_VARIABLES } from "./mod.ts";
 * console.assert(AGENT_FOLDER_VARIABLES.some((v) => v.name === "CODEX_HOME"));
 * ```
 */
export const AGENT_FOLDER_VARIABLES: ReadonlyArray<FolderVariable> = folderVariables(AGENTS);
