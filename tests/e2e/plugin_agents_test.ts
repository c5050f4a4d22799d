/**
 * Every agent of the plugin family (OpenCode, Kilo Code: each one whose
 * record's `headless` is of the plugin family), for real: everyhook's plugin
 * still gets what the committed fixtures hold, key conformance cases still
 * hold, and everyhook works end to end (install writes the plugin, a headless
 * run, uninstall). The refused-prompt and fail-closed scenarios run in the
 * family's first agent only: the others go through the same plugin, and each
 * run of a plugin agent takes tens of seconds on a small machine. Run by hand
 * inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/plugin_agents_test.ts'
 *
 * @module
 */

import { AGENTS } from "../../src/agents/mod.ts";
import { pluginAgentTests } from "./plugin_agent_e2e.ts";
import { pluginAgentOf } from "./plugin_agent_session.ts";

const family = AGENTS.filter((a) => a.headless?.family === "plugin");
for (const [i, agent] of family.entries()) {
  await pluginAgentTests(
    pluginAgentOf(agent.id),
    i === 0
      ? undefined
      : `they go through the same plugin as in ${family[0]!.name}, where they run`,
  );
}
