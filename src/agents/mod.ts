/**
 * The registry of agents. Adding an agent is one line here.
 *
 * @module
 */

import type { Agent } from "./types.ts";
import { claudeCode } from "./claude_code.ts";
import { codex } from "./codex.ts";
import { geminiCli } from "./gemini_cli.ts";
import { copilotCli } from "./copilot_cli.ts";
import { cursor } from "./cursor.ts";
import { qwenCode } from "./qwen_code.ts";
import { factoryDroid } from "./factory_droid.ts";

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
