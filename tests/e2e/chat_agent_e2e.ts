// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The end-to-end tests every chat agent (Qwen Code, Factory Droid) runs, given
 * its own parts: its payloads still have the committed fixtures' keys, key
 * conformance cases still hold. The scenarios every agent shares
 * (block-force-push, the stop sent back once, uninstall byte for byte, a
 * refused prompt, --fail-closed) are in scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { Fixture } from "./harness_types.ts";
import { assertFixturesHold, keyCasesTest } from "./conformance_runner.ts";
import { inPool } from "./process.ts";
import { type ChatAgent, type ChatSession, chatWorld } from "./chat_agent_session.ts";
import { CHAT_CASES, runChatCase } from "./chat_agent_cases.ts";
import { agentVersion, skipReason, type World } from "./world.ts";

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

/** What went wrong, for assertion messages. */
function why(s: ChatSession): string {
  return `exit ${s.run.code}${s.run.timedOut ? " (timed out)" : ""}\nstderr:\n${
    s.run.stderr.slice(-1500)
  }\nstdout:\n${s.run.stdout.slice(-1500)}\ntool results:\n${
    JSON.stringify(s.toolResults).slice(0, 1500)
  }`;
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
 * await chatAgentTests({ agent: QWEN, fixtures, keyCases: ["pre-deny-json"], jobs: 2 });
 * ```
 */
export async function chatAgentTests(t: ChatAgentTests): Promise<void> {
  const id = t.agent.id;
  const skip = await skipReason(id);
  if (skip) console.log(`${id} end-to-end tests skip: ${skip}`);

  Deno.test({
    name: `${id} payloads still have every key of the committed fixtures`,
    ignore: skip !== undefined,
    async fn() {
      const version = await agentVersion(id);
      await using world = await chatWorld(id);
      const { session, fixtures, missing } = await t.fixtures(world, version);
      assert.equal(session.run.code, 0, why(session));
      // Nothing but the chat completions API was called.
      const other = session.requests.filter((r) => !r.path.endsWith("/chat/completions"));
      assert.deepEqual(other.map((r) => `${r.method} ${r.path}`), []);
      assert.deepEqual(missing, [], why(session));
      await assertFixturesHold(id, fixtures, {
        cover: "all",
        keys: "kept",
        fields: ["tool_name"],
        nativeEvent: true,
      });
    },
  });

  keyCasesTest({
    id,
    skip,
    keyCases: t.keyCases,
    run: (ids) =>
      inPool(CHAT_CASES.filter((c) => ids.includes(c.id)), t.jobs, (c) => runChatCase(t.agent, c)),
  });
}
