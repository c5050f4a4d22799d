/**
 * The end-to-end tests a chat agent with a test file of its own (Kimi Code,
 * Cline) runs, given its own parts: the shared tests of agent_e2e.ts (its payloads
 * still have the committed fixtures' keys, key conformance cases still hold),
 * with the chat agents' shared cases (chat_agent_cases.ts). The scenarios
 * every agent shares (block-force-push, the stop sent back once, uninstall
 * byte for byte, a refused prompt, --fail-closed) are in scenarios_test.ts.
 *
 * @module
 */

import type { Fixture } from "./harness_types.ts";
import { agentE2eTests } from "./agent_e2e.ts";
import type { ChatAgent, ChatSession } from "./chat_agent_session.ts";
import { CHAT_CASES, runChatCase } from "./chat_agent_cases.ts";
import { CHAT_FIXTURE_CHECK, chatFixtureSet } from "./chat_agent_harness.ts";
import type { World } from "./world.ts";

/** What one agent's end-to-end tests need besides the shared parts. */
export interface ChatAgentTests {
  /** How to run the agent. */
  agent: ChatAgent;
  /** Runs the fixture session and picks its fixtures. */
  fixtures(world: World, version: string): Promise<{
    session: ChatSession;
    fixtures: Fixture[];
    missing: string[];
  }>;
  /** The conformance cases re-run each time. */
  keyCases: readonly string[];
  /** How many agent sessions run at once. */
  jobs: number;
}

/**
 * Registers one agent's end-to-end tests; they skip, saying why, when the
 * agent cannot be installed or started here.
 *
 * @param t The agent's parts.
 * @returns When the tests are registered.
 *
 * @example Usage
 * ```ts ignore
 * import { chatAgentTests } from "./chat_agent_e2e.ts";
 * await chatAgentTests({ agent: KIMI, fixtures, keyCases: ["pre-deny-json"], jobs: 2 });
 * ```
 */
export async function chatAgentTests(t: ChatAgentTests): Promise<void> {
  await agentE2eTests({
    id: t.agent.id,
    fixtureSet: (version) => chatFixtureSet(t.agent.id, version, t.fixtures),
    fixtureCheck: CHAT_FIXTURE_CHECK,
    cases: CHAT_CASES,
    runCase: (c) => runChatCase(t.agent, c),
    jobs: t.jobs,
    keyCases: t.keyCases,
  });
}
