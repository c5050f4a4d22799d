/**
 * Factory Droid, for real: the payloads still have the committed fixtures'
 * keys, key conformance cases still hold (the legacy block that does not
 * block among them) (chat_agent_e2e.ts); the scenarios every agent shares
 * are in scenarios_test.ts, where the refused-prompt scenario skips: `droid
 * exec` fires no prompt event.
 *
 * Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/factory_droid_test.ts'
 *
 * @module
 */

import { chatAgentTests } from "./chat_agent_e2e.ts";
import { DROID_JOBS, droidFixtures, droidFixtureSession } from "./factory_droid_harness.ts";
import { DROID } from "./factory_droid_session.ts";

await chatAgentTests({
  agent: DROID,
  fixtures: async (world, version) => {
    const session = await droidFixtureSession(world);
    return { session, ...droidFixtures(session, world, version) };
  },
  keyCases: ["pre-deny-json", "pre-exit2-stderr", "pre-block-legacy", "post-context", "stop-block"],
  jobs: DROID_JOBS,
});
