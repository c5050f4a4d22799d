/**
 * The recorder's harness of each pinned agent, found through its record: an
 * agent of a family with shared end-to-end files (its record's `headless` of
 * the plugin or the chat family) is recorded by the family's harness
 * (plugin_agent_harness.ts, chat_family_harness.ts), with nothing of its own;
 * any other has `tests/e2e/<module>_harness.ts`, after its registry line's
 * `module`.
 *
 * @module
 */

import type { AgentEntry } from "../../src/agents/registry.ts";
import type { AgentHarness } from "./harness_types.ts";

/**
 * Where an agent's harness is: the family's, or its own module's path.
 *
 * @param entry The agent's registry line.
 * @returns `family` with the family's name, or `own` with the module's path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { AGENT_ENTRIES } from "../../src/agents/registry.ts";
 * import { harnessPlace } from "./harnesses.ts";
 * const kilo = AGENT_ENTRIES.find((e) => e.id === "kilo")!;
 * assert.deepEqual(await harnessPlace(kilo), { family: "plugin" });
 * const qwen = AGENT_ENTRIES.find((e) => e.id === "qwen-code")!;
 * assert.deepEqual(await harnessPlace(qwen), { family: "chat" });
 * ```
 */
export async function harnessPlace(
  entry: AgentEntry,
): Promise<{ family: "plugin" | "chat" } | { own: string }> {
  const family = (await entry.load()).headless?.family;
  return family === undefined ? { own: `tests/e2e/${entry.module}_harness.ts` } : { family };
}

/**
 * The agent's harness, for `deno task record` (scripts/record.ts).
 *
 * @param entry The agent's registry line.
 * @returns The harness.
 *
 * @example Usage
 * ```ts ignore
 * import { AGENT_ENTRIES } from "../../src/agents/registry.ts";
 * const harness = await harnessOf(AGENT_ENTRIES.find((e) => e.id === "opencode")!);
 * console.log(await harness.unavailable());
 * ```
 */
export async function harnessOf(entry: AgentEntry): Promise<AgentHarness> {
  const place = await harnessPlace(entry);
  if ("family" in place && place.family === "plugin") {
    const { pluginHarness } = await import("./plugin_agent_harness.ts");
    const { pluginAgentOf } = await import("./plugin_agent_session.ts");
    return pluginHarness(pluginAgentOf(entry.id));
  }
  if ("family" in place) {
    const { chatFamilyHarness } = await import("./chat_family_harness.ts");
    return chatFamilyHarness(entry.id);
  }
  const mod = await import(`./${entry.module}_harness.ts`) as { harness: AgentHarness };
  return mod.harness;
}
