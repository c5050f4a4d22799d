/**
 * Auggie, for real, against the fake Augment backend: its payloads still have
 * the committed fixtures' keys, and key conformance cases still hold (the
 * legacy block that does not block, and no hook at all when the backend's
 * enable_hooks flag is off, among them): the shared tests of agent_e2e.ts,
 * with auggie_harness.ts's parts. The scenarios every agent shares are
 * in scenarios_test.ts.
 *
 * Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/auggie_test.ts'
 *
 * @module
 */

import { agentE2eTests } from "./agent_e2e.ts";
import { AUGGIE_E2E } from "./auggie_harness.ts";

// The payloads against the committed fixtures, and the key conformance cases.
await agentE2eTests(AUGGIE_E2E);
