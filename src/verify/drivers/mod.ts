/**
 * The driver of every agent everyhook can run headless, in the registry's
 * order (src/agents/registry.ts; Cursor has no headless run against a fake
 * API), made from the registry and the agents' records with no list of
 * agents to keep in step:
 *
 * - an agent whose record carries `headless` data (src/agents/headless.ts)
 *   gets its driver from its family's builder ({@linkcode FAMILY_BUILDERS});
 * - an agent whose headless run is its own has a driver module here,
 *   `drivers/<module>.ts` after its registry line's `module`, in
 *   {@linkcode OWN_DRIVERS}.
 *
 * The drivers' test checks that each pinned agent has exactly one of the two
 * and that `OWN_DRIVERS` names no module the registry lacks. The driver data
 * of a family lives in the agent's module, as data only: src/agents is below
 * src/verify and imports none of it.
 *
 * @module
 */

import { AGENTS } from "../../agents/mod.ts";
import type { HeadlessRun } from "../../agents/headless.ts";
import { AGENT_ENTRIES } from "../../agents/registry.ts";
import type { AnyDriver } from "../driver.ts";
import { AUGGIE_DRIVER } from "./auggie.ts";
import { CLINE_DRIVER } from "./cline.ts";
import { CLAUDE_CODE_DRIVER } from "./claude_code.ts";
import { CODEX_DRIVER } from "./codex.ts";
import { COPILOT_CLI_DRIVER } from "./copilot_cli.ts";
import { GEMINI_CLI_DRIVER } from "./gemini_cli.ts";
import { KIMI_CODE_DRIVER } from "./kimi_code.ts";
import { chatDriver } from "./_chat_driver.ts";
import { pluginDriver } from "./_plugin_driver.ts";

/**
 * The drivers written as modules of their own, by the registry's `module`
 * name of their agent (each in `drivers/<module>.ts`).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { OWN_DRIVERS } from "./mod.ts";
 * assert.equal(OWN_DRIVERS["claude_code"]?.id, "claude-code");
 * ```
 */
export const OWN_DRIVERS: Readonly<Record<string, AnyDriver>> = {
  "claude_code": CLAUDE_CODE_DRIVER,
  codex: CODEX_DRIVER,
  "gemini_cli": GEMINI_CLI_DRIVER,
  "copilot_cli": COPILOT_CLI_DRIVER,
  "kimi_code": KIMI_CODE_DRIVER,
  auggie: AUGGIE_DRIVER,
  cline: CLINE_DRIVER,
};

/**
 * The builder of each family's driver, from the agent's id, name and
 * headless data.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { FAMILY_BUILDERS } from "./mod.ts";
 * const d = FAMILY_BUILDERS.plugin("x", "X", {
 *   family: "plugin", bins: ["x"], prefix: "X", configFolder: "x", projectFolder: ".x", env: {},
 * });
 * assert.equal(d.api, "openai-chat");
 * ```
 */
export const FAMILY_BUILDERS: {
  readonly [F in HeadlessRun["family"]]: (
    id: string,
    name: string,
    run: Extract<HeadlessRun, { family: F }>,
  ) => AnyDriver;
} = {
  plugin: (id, name, run) => pluginDriver({ id, name, ...run }),
  chat: (id, name, run) => chatDriver({ id, name, ...run }),
};

/**
 * The driver its family's builder makes of an agent's headless data.
 *
 * @param id The agent's id.
 * @param name The agent's name for people.
 * @param run Its record's `headless`.
 * @returns The driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { familyDriver } from "./mod.ts";
 * import { findAgent } from "../../agents/mod.ts";
 * const kilo = findAgent("kilo")!;
 * assert.equal(familyDriver(kilo.id, kilo.name, kilo.headless!).homeFolders[0], ".config/kilo");
 * ```
 */
export function familyDriver(id: string, name: string, run: HeadlessRun): AnyDriver {
  // Each family's builder takes that family's data: the table's type says so, run.family picks it.
  const build = FAMILY_BUILDERS[run.family] as (
    id: string,
    name: string,
    run: HeadlessRun,
  ) => AnyDriver;
  return build(id, name, run);
}

function driverOf(id: string, module: string): AnyDriver | undefined {
  const agent = AGENTS.find((a) => a.id === id);
  const run = agent?.headless;
  if (agent && run) return familyDriver(agent.id, agent.name, run);
  return OWN_DRIVERS[module];
}

/**
 * Every driver: one for each pinned agent of the registry that has one, in
 * the registry's order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DRIVERS } from "./mod.ts";
 * assert(DRIVERS.some((d) => d.id === "codex"));
 * assert(DRIVERS.some((d) => d.id === "kilo"));
 * ```
 */
export const DRIVERS: readonly AnyDriver[] = AGENT_ENTRIES
  .filter((e) => e.pin !== undefined)
  .flatMap((e) => driverOf(e.id, e.module) ?? []);

/**
 * The driver of an agent, by everyhook's agent id.
 *
 * @param id The agent id.
 * @returns Its driver, or undefined when the agent has none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findDriver } from "./mod.ts";
 * assert(findDriver("gemini-cli")?.api === "gemini");
 * assert(findDriver("cursor") === undefined);
 * ```
 */
export function findDriver(id: string): AnyDriver | undefined {
  return DRIVERS.find((d) => d.id === id);
}
