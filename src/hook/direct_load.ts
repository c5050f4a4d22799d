/**
 * Direct mode's code and the one agent a direct line names, loaded together
 * when a hook starts in direct mode. From the sources, they come through the
 * registry. The bundled SDK (hook.bundle.js) has, in place of this module, a
 * table that imports one generated file per agent, `chunks/direct-<id>.js`,
 * which holds direct mode and that agent's module alone (scripts/bundle.ts):
 * a hook in direct mode then loads the code of one agent, not of all twelve.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { runDirect } from "./direct.ts";

/** What direct mode runs with: its code, its limit on input, and the agent. */
export interface DirectMode {
  /** The agent the line names; undefined when no agent has that name. */
  agent: Agent | undefined;
  /** Direct mode itself (direct.ts). */
  runDirect: typeof runDirect;
  /** The most of the agent's JSON to read. */
  maxInput: number;
}

/**
 * Load direct mode and the agent with an id or short name.
 *
 * @param name The agent's id or short name, as the direct line gives it.
 * @returns Direct mode, with the agent or without one when none has that name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadDirect } from "./direct_load.ts";
 * assert((await loadDirect("claude")).agent?.id === "claude-code");
 * assert((await loadDirect("nobody")).agent === undefined);
 * ```
 */
export async function loadDirect(name: string): Promise<DirectMode> {
  const [{ runDirect, DIRECT_MAX_INPUT }, { loadAgent }] = await Promise.all([
    import("./direct.ts"),
    import("../agents/registry.ts"),
  ]);
  return { agent: await loadAgent(name), runDirect, maxInput: DIRECT_MAX_INPUT };
}
