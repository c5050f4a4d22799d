/**
 * The registry: one line per agent, with its names, the name of its files,
 * its pinned package, the prefix of its variables, and a loader that imports
 * only its own module. `run` and a hook in direct mode start once per tool
 * call and need one agent: they look it up here and load that module alone,
 * where `mod.ts` loads all of them. The pins (tests/e2e/pins.ts), the
 * recorder (scripts/record.ts), the recording hook, verify's driver list and
 * the import-graph test read this table, or a test fails when they disagree
 * with it. On `run`'s path: imports only types, and each agent's module only
 * when it is loaded.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/** One pinned npm package: an agent's, or the Node.js an agent needs. */
export interface Pin {
  /** The npm package. */
  package: string;
  /** The exact version. */
  version: string;
  /** The name of its executable in node_modules/.bin. */
  bin: string;
  /**
   * The Node.js the agent needs, where the machine's may be too old: the npm
   * package `node` at an exact version, installed beside the agents and put
   * first on PATH when the agent is installed and run.
   */
  node?: Pin;
}

/**
 * Node.js 22 from the npm registry (the `node` package), for agents whose
 * package asks for Node 22 or later: on an older Node, npm quietly installs an
 * older release of such a package instead.
 */
export const NODE_22: Pin = { package: "node", version: "22.23.3", bin: "node" };

/**
 * One agent's line in the registry: what is known of it without loading its
 * module, and the loader of that module.
 */
export interface AgentEntry {
  /** The agent's id, such as `claude-code`. */
  id: string;
  /** Its short names, as its module lists them. */
  aliases: readonly string[];
  /**
   * The name its files share: its module `src/agents/<module>.ts`, and where it
   * has a pinned binary and no family that makes them from its record, its
   * verify driver `src/verify/drivers/<module>.ts` and its end-to-end harness
   * `tests/e2e/<module>_harness.ts` (docs/add_an_agent.md lists the places).
   */
  module: string;
  /**
   * The npm package the recordings, the end-to-end tests and verify's runs
   * use (one edit here and a re-record for a newer version); absent for an
   * agent with no binary here (Cursor).
   */
  pin?: Pin;
  /** The prefixes of the variables the agent sets for its hooks: the recording hook keeps them. */
  env: readonly string[];
  /** Import the agent's module and give its agent. */
  load(): Promise<Agent>;
}

/**
 * Every agent, in the order help and reports list them, with its loader. An
 * agent is one line here; `mod.ts` loads them all from this table.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGENT_ENTRIES } from "./registry.ts";
 * assert(AGENT_ENTRIES.some((e) => e.id === "cursor"));
 * ```
 */
export const AGENT_ENTRIES: readonly AgentEntry[] = [
  {
    id: "claude-code",
    aliases: ["claude"],
    module: "claude_code",
    pin: { package: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" },
    env: ["CLAUDE"],
    load: async () => (await import("./claude_code.ts")).claudeCode,
  },
  {
    id: "codex",
    aliases: [],
    module: "codex",
    pin: { package: "@openai/codex", version: "0.171.0", bin: "codex" },
    env: ["CODEX"],
    load: async () => (await import("./codex.ts")).codex,
  },
  {
    id: "gemini-cli",
    aliases: ["gemini"],
    module: "gemini_cli",
    pin: { package: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
    env: ["GEMINI"],
    load: async () => (await import("./gemini_cli.ts")).geminiCli,
  },
  {
    id: "copilot-cli",
    aliases: ["copilot"],
    module: "copilot_cli",
    pin: { package: "@github/copilot", version: "1.0.102", bin: "copilot" },
    env: ["COPILOT", "GITHUB_COPILOT"],
    load: async () => (await import("./copilot_cli.ts")).copilotCli,
  },
  {
    id: "cursor",
    aliases: [],
    module: "cursor",
    env: ["CURSOR"],
    load: async () => (await import("./cursor.ts")).cursor,
  },
  {
    id: "qwen-code",
    aliases: ["qwen"],
    module: "qwen_code",
    // Needs Node 22 or later (its package's engines).
    pin: { package: "@qwen-code/qwen-code", version: "0.24.4", bin: "qwen", node: NODE_22 },
    env: ["QWEN"],
    load: async () => (await import("./qwen_code.ts")).qwenCode,
  },
  {
    id: "factory-droid",
    aliases: ["droid"],
    module: "factory_droid",
    // Factory's CLI under the package name `droid`: a compiled binary in a platform package.
    pin: { package: "droid", version: "0.215.0", bin: "droid" },
    env: ["FACTORY", "DROID"],
    load: async () => (await import("./factory_droid.ts")).factoryDroid,
  },
  {
    id: "opencode",
    aliases: [],
    module: "opencode",
    // A compiled binary in a platform package; hooks are a plugin it loads.
    pin: { package: "opencode-ai", version: "1.18.33", bin: "opencode" },
    env: ["OPENCODE"],
    load: async () => (await import("./opencode.ts")).opencode,
  },
  {
    id: "kilo",
    aliases: ["kilo-code"],
    module: "kilo",
    // OpenCode's fork; 7.8.1 has no platform packages in the registry, 7.7.7 does.
    pin: { package: "@kilocode/cli", version: "7.7.7", bin: "kilo" },
    env: ["KILO"],
    load: async () => (await import("./kilo.ts")).kilo,
  },
  {
    id: "kimi-code",
    aliases: ["kimi"],
    module: "kimi_code",
    // Needs Node 22.19 or later: on Node 20 it stops at start.
    pin: { package: "@moonshot-ai/kimi-code", version: "2.1.0", bin: "kimi", node: NODE_22 },
    env: ["KIMI"],
    load: async () => (await import("./kimi_code.ts")).kimiCode,
  },
  {
    id: "auggie",
    aliases: ["augment"],
    module: "auggie",
    // Augment's CLI; it talks only to an Augment backend (verify and the tests run a fake of it).
    pin: { package: "@augmentcode/auggie", version: "0.36.0", bin: "auggie" },
    env: ["AUGMENT"],
    load: async () => (await import("./auggie.ts")).auggie,
  },
  {
    id: "cline",
    aliases: [],
    module: "cline",
    // Its core packages need Node 22; the CLI is a compiled binary in a platform package.
    pin: { package: "cline", version: "3.0.65", bin: "cline", node: NODE_22 },
    env: ["CLINE"],
    load: async () => (await import("./cline.ts")).cline,
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
 * import assert from "node:assert/strict";
 * import { loadAgent } from "./registry.ts";
 * assert((await loadAgent("claude"))?.id === "claude-code");
 * assert((await loadAgent("nobody")) === undefined);
 * ```
 */
export async function loadAgent(name: string): Promise<Agent | undefined> {
  const entry = AGENT_ENTRIES.find((e) => e.id === name || e.aliases.includes(name));
  return entry ? await entry.load() : undefined;
}
