/**
 * Auggie, for real, against the fake Augment backend: its payloads still have
 * the committed fixtures' keys, and key conformance cases still hold (the
 * legacy block that does not block, and no hook at all when the backend's
 * enable_hooks flag is off, among them). The scenarios every agent shares are
 * in scenarios_test.ts.
 *
 * Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/auggie_test.ts'
 *
 * @module
 */

import { assertFixturesHold, keyCasesTest } from "./conformance_runner.ts";
import { auggieFixtures, runAuggieCases } from "./auggie_harness.ts";
import { AUGGIE_ID } from "./auggie_session.ts";
import { skipReason } from "./world.ts";

const skip = await skipReason(AUGGIE_ID);

Deno.test({
  name: "auggie's payloads still have the committed fixtures' keys and tool names",
  ignore: skip !== undefined,
  async fn() {
    await assertFixturesHold(AUGGIE_ID, await auggieFixtures(), {
      cover: "all",
      keys: "same",
      fields: ["tool_name", "hook_event_name"],
      nativeEvent: true,
    });
  },
});

keyCasesTest({
  id: AUGGIE_ID,
  skip,
  keyCases: ["pre-deny-json", "pre-exit2-stderr", "pre-block-legacy", "backend-hooks-off"],
  run: (ids) => runAuggieCases(ids),
});
