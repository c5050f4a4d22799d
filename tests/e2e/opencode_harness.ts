/**
 * OpenCode's recorder: everyhook's plugin records what it sends and how the agent
 * carries out each answer (see plugin_agent_harness.ts). `deno task record opencode`
 * runs it.
 *
 * @module
 */

import type { AgentHarness } from "./harness_types.ts";
import { pluginHarness } from "./plugin_agent_harness.ts";
import { OPENCODE } from "./plugin_agent_session.ts";

/**
 * OpenCode's harness, for `deno task record` and the e2e tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./opencode_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures/opencode");
 * ```
 */
export const harness: AgentHarness = pluginHarness(OPENCODE);
