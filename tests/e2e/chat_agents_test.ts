/**
 * Every agent of the chat family (Qwen Code, Factory Droid: each one whose
 * record's `headless` is of the chat family), for real: its payloads still
 * have the committed fixtures' keys and its key conformance cases (its
 * record's `recording.keyCases`) still hold, through the family's recorder
 * (chat_family_harness.ts). The scenarios every agent shares are in
 * scenarios_test.ts. Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/chat_agents_test.ts'
 *
 * @module
 */

import { AGENTS } from "../../src/agents/mod.ts";
import { agentE2eTests } from "./agent_e2e.ts";
import { chatFamilyE2e } from "./chat_family_harness.ts";

for (const agent of AGENTS.filter((a) => a.headless?.family === "chat")) {
  await agentE2eTests(chatFamilyE2e(agent.id));
}
