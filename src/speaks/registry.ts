/**
 * The spoken protocols by agent, each with a loader that imports only its own
 * module (and that agent's module), so that `run --speaks` loads one. On
 * `run`'s path: imports only types.
 *
 * @module
 */

import type { SpokenProtocol } from "./types.ts";

/** One spoken protocol's agent and the loader of its module. */
export interface SpokenEntry {
  /** The spoken agent's id. */
  id: string;
  /** Its short names. */
  aliases: readonly string[];
  /** Import the module and give the protocol. */
  load(): Promise<SpokenProtocol>;
}

/**
 * Every agent whose hook protocol everyhook speaks.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SPOKEN_ENTRIES } from "./registry.ts";
 * assert.ok(SPOKEN_ENTRIES.some((e) => e.id === "claude-code"));
 * ```
 */
export const SPOKEN_ENTRIES: readonly SpokenEntry[] = [
  {
    id: "claude-code",
    aliases: ["claude"],
    load: async () => (await import("./claude_code.ts")).claudeCodeSpoken,
  },
  { id: "codex", aliases: [], load: async () => (await import("./codex.ts")).codexSpoken },
  {
    id: "copilot-cli",
    aliases: ["copilot"],
    load: async () => (await import("./copilot_cli.ts")).copilotCliSpoken,
  },
  {
    id: "gemini-cli",
    aliases: ["gemini"],
    load: async () => (await import("./gemini_cli.ts")).geminiCliSpoken,
  },
  { id: "cursor", aliases: [], load: async () => (await import("./cursor.ts")).cursorSpoken },
  {
    id: "qwen-code",
    aliases: ["qwen"],
    load: async () => (await import("./qwen_code.ts")).qwenCodeSpoken,
  },
  {
    id: "factory-droid",
    aliases: ["droid"],
    load: async () => (await import("./factory_droid.ts")).factoryDroidSpoken,
  },
];

/**
 * Load the spoken protocol of an agent by id or short name, that module alone.
 *
 * @param name An id such as `claude-code`, or a short name such as `claude`.
 * @returns The protocol, or undefined when everyhook does not speak that agent's.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadSpoken } from "./registry.ts";
 * assert.equal((await loadSpoken("claude"))?.id, "claude-code");
 * assert.equal(await loadSpoken("opencode"), undefined);
 * ```
 */
export async function loadSpoken(name: string): Promise<SpokenProtocol | undefined> {
  const entry = SPOKEN_ENTRIES.find((e) => e.id === name || e.aliases.includes(name));
  return entry ? await entry.load() : undefined;
}

/**
 * The ids of the agents whose protocol everyhook speaks, for messages.
 *
 * @returns The ids, comma-separated.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { spokenIds } from "./registry.ts";
 * assert.ok(spokenIds().includes("claude-code"));
 * ```
 */
export function spokenIds(): string {
  return SPOKEN_ENTRIES.map((e) => e.id).join(", ");
}
