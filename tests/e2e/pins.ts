/**
 * The agent versions the recordings and the end-to-end tests use, read from
 * the registry's lines (src/agents/registry.ts): a newer version is one edit
 * there and one re-record (`deno task record`).
 *
 * @module
 */

import { AGENT_ENTRIES, NODE_22, type Pin } from "../../src/agents/registry.ts";

export { NODE_22, type Pin };

/**
 * The pinned agents, by everyhook's agent id: the pins of the registry's
 * lines (src/agents/registry.ts), in its order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { PINS } from "./pins.ts";
 * assert(PINS["codex"]?.bin === "codex" && PINS["cursor"] === undefined);
 * ```
 */
export const PINS: Readonly<Record<string, Pin>> = Object.fromEntries(
  AGENT_ENTRIES.flatMap((e) => e.pin ? [[e.id, e.pin]] : []),
);

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
 * import assert from "node:assert/strict";
 * import { NODE_22, nodeFolder } from "./pins.ts";
 * assert(nodeFolder(NODE_22) === `node-${NODE_22.version}`);
 * ```
 */
export function nodeFolder(node: Pin): string {
  return `node-${node.version}`;
}
