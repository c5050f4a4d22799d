/**
 * kilo, for real: everyhook's plugin still gets what the committed fixtures
 * hold, key conformance cases still hold, and everyhook works end to end
 * (install writes the plugin, a headless run, uninstall). Run by hand inside a
 * loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/kilo_test.ts'
 *
 * @module
 */

import { pluginAgentTests } from "./plugin_agent_e2e.ts";
import { KILO } from "./plugin_agent_session.ts";

await pluginAgentTests(
  KILO,
  "they go through the same plugin as in OpenCode, where they run; a Kilo Code run takes 40 to 80 s on this 2-core machine",
);
