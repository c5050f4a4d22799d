/**
 * The agents by name, each with a loader that imports only its own module.
 * `run` and a hook in direct mode start once per tool call and need one agent:
 * they look it up here and load that module alone, where `mod.ts` loads all of
 * them. A test keeps this table and `mod.ts` in step. On `run`'s path: imports
 * only types, and each agent's module only when it is loaded.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/** One agent's names and the loader of its module. */
export interface AgentEntry {
  /** The agent's id, such as `claude-code`. */
  id: string;
  /** Its short names, as its module lists them. */
  aliases: readonly string[];
  /** Import the agent's module and give its agent. */
  load(): Promise<Agent>;
}

/**
 * Every agent, in the order of `mod.ts`, with its loader.
 *
 * @example Usage
 * ```ts
 * import { AGENT_ENTRIES } from "./registry.ts";
 * console.assert(AGENT_ENTRIES.some((e) => e.id === "cursor"));
 * ```
 */
export const AGENT_ENTRIES: readonly AgentEntry[] = [
  {
    id: "claude-code",
    aliases: ["claude"],
    load: async () => (await import("./claude_code.ts")).claudeCode,
  },
  { id: "codex", aliases: [], load: async () => (await import("./codex.ts")).codex },
  {
    id: "gemini-cli",
    aliases: ["gemini"],
    load: async () => (await import("./gemini_cli.ts")).geminiCli,
  },
  {
    id: "copilot-cli",
    aliases: ["copilot"],
    load: async () => (await import("./copilot_cli.ts")).copilotCli,
  },
  { id: "cursor", aliases: [], load: async () => (await import("./cursor.ts")).cursor },
  {
    id: "qwen-code",
    aliases: ["qwen"],
    load: async () => (await import("./qwen_code.ts")).qwenCode,
  },
  {
    id: "factory-droid",
    aliases: ["droid"],
    load: async () => (await import("./factory_droid.ts")).factoryDroid,
  },
  { id: "opencode", aliases: [], load: async () => (await import("./opencode.ts")).opencode },
  { id: "kilo", aliases: ["kilo-code"], load: async () => (await import("./kilo.ts")).kilo },
  {
    id: "kimi-code",
    aliases: ["kimi"],
    load: async () => (await import("./kimi_code.ts")).kimiCode,
  },
];

/**
 * Load the agent with an id or short name, and only that agent's module.
 *
 * @param name An id such as `gemini-cli`, or a short name such as `gemini`.
 * @returns The agent, or undefined when none has that name.
 *
 * @example Usage
 * ```ts
 * import { loadAgent } from "./registry.ts";
 * console.assert((await loadAgent("claude"))?.id === "claude-code");
 * console.assert((await loadAgent("nobody")) === undefined);
 * ```
 */
export async function loadAgent(name: string): Promise<Agent | undefined> {
  const entry = AGENT_ENTRIES.find((e) => e.id === name || e.aliases.includes(name));
  return entry ? await entry.load() : undefined;
}
