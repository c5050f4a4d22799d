/**
 * The agent versions the recordings and the end-to-end tests use: one place.
 * A newer version is one edit here and one re-record (`deno task record`).
 *
 * @module
 */

/** One pinned npm package. */
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

/** The ids of the pinned agents. */
export type PinnedAgent =
  | "claude-code"
  | "codex"
  | "gemini-cli"
  | "copilot-cli"
  | "qwen-code"
  | "factory-droid"
  | "opencode"
  | "kilo"
  | "kimi-code";

/** The pinned agents, by everyhook's agent id. */
export const PINS: Readonly<Record<PinnedAgent, Pin>> = {
  "claude-code": { package: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" },
  "codex": { package: "@openai/codex", version: "0.171.0", bin: "codex" },
  "gemini-cli": { package: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
  "copilot-cli": { package: "@github/copilot", version: "1.0.102", bin: "copilot" },
  // Needs Node 22 or later (its package's engines).
  "qwen-code": { package: "@qwen-code/qwen-code", version: "0.24.4", bin: "qwen", node: NODE_22 },
  // Factory's CLI under the package name `droid`: a compiled binary in a platform package.
  "factory-droid": { package: "droid", version: "0.215.0", bin: "droid" },
  // A compiled binary in a platform package; hooks are a plugin it loads.
  "opencode": { package: "opencode-ai", version: "1.18.33", bin: "opencode" },
  // OpenCode's fork; 7.8.1 has no platform packages in the registry, 7.7.7 does.
  "kilo": { package: "@kilocode/cli", version: "7.7.7", bin: "kilo" },
  // Needs Node 22.19 or later: on Node 20 it stops at start.
  "kimi-code": { package: "@moonshot-ai/kimi-code", version: "2.1.0", bin: "kimi", node: NODE_22 },
};

/** The folder (git ignores it) the agents are installed into, one folder each. */
export const AGENTS_CACHE = ".cache/agents";

/**
 * The folder a pinned Node.js is installed into, below {@linkcode AGENTS_CACHE}.
 *
 * @param node The pinned `node` package.
 * @returns `node-<version>`.
 *
 * @example Usage
 * ```ts
 * import { NODE_22, nodeFolder } from "./pins.ts";
 * console.assert(nodeFolder(NODE_22) === `node-${NODE_22.version}`);
 * ```
 */
export function nodeFolder(node: Pin): string {
  return `node-${node.version}`;
}
