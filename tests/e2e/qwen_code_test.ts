/**
 * Qwen Code, for real (on the pinned Node 22): the payloads still have the
 * committed fixtures' keys and key conformance cases still hold
 * (chat_agent_e2e.ts); the scenarios every agent shares are in
 * scenarios_test.ts.
 *
 * Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/qwen_code_test.ts'
 *
 * @module
 */

import { chatAgentTests } from "./chat_agent_e2e.ts";
import { QWEN_JOBS, qwenFixtures, qwenFixtureSession } from "./qwen_code_harness.ts";
import { QWEN } from "./qwen_code_session.ts";

await chatAgentTests({
  agent: QWEN,
  fixtures: async (world, version) => {
    const session = await qwenFixtureSession(world);
    return { session, ...qwenFixtures(session, world, version) };
  },
  keyCases: ["pre-deny-json", "post-context", "stop-block"],
  jobs: QWEN_JOBS,
});
