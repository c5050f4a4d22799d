/**
 * Kilo Code's recorder: everyhook's plugin records what it sends and how the agent
 * carries out each answer (see plugin_agent_harness.ts). `deno task record kilo`
 * runs it.
 *
 * @module
 */

import type { AgentHarness } from "./harness_types.ts";
import { pluginHarness } from "./plugin_agent_harness.ts";
import { KILO } from "./plugin_agent_session.ts";

/**
 * Kilo Code's harness, for `deno task record` and the e2e tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./kilo_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures/kilo");
 * ```
 */
export const harness: AgentHarness = pluginHarness(KILO);
