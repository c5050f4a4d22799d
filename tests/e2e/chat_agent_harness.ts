/**
 * The recorder every chat agent (Qwen Code, Factory Droid) shares: the
 * fixtures from its one fixture session, written once every pick is found,
 * and the conformance file from one session per case that applies to it. Each
 * agent's harness gives only its session, its picks and how many sessions run
 * at once.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { conformanceFile, writeFixture } from "./fixture_io.ts";
import { inPool } from "./process.ts";
import { type ChatAgent, type ChatSession, chatWorld } from "./chat_agent_session.ts";
import { casesFor, runChatCase } from "./chat_agent_cases.ts";
import { agentVersion, skipReason, type World } from "./world.ts";

/** What one chat agent's recorder needs besides the shared parts. */
export interface ChatRecorder {
  /** How to run the agent. */
  agent: ChatAgent;
  /** Its name in error messages, such as `Droid`. */
  name: string;
  /** How many of its sessions run at once. */
  jobs: number;
  /** The ids of the shared cases that do not apply to it (none when absent). */
  skip?: readonly string[];
  /** Runs its fixture session in a world. */
  session(world: World): Promise<ChatSession>;
  /** The fixtures of a fixture session, and the picks nothing matched. */
  fixtures(s: ChatSession, world: World, version: string): {
    fixtures: Fixture[];
    missing: string[];
  };
}

/**
 * A chat agent's harness, for `deno task record` and the e2e tests.
 *
 * @param r The agent's parts.
 * @returns The harness.
 *
 * @example Usage
 * ```ts ignore
 * import { chatAgentHarness } from "./chat_agent_harness.ts";
 * export const harness = chatAgentHarness({ agent: QWEN, name: "Qwen Code", jobs: 2, session, fixtures });
 * ```
 */
export function chatAgentHarness(r: ChatRecorder): AgentHarness {
  const id = r.agent.id;
  return {
    id,
    unavailable: () => skipReason(id),
    async recordFixtures(outDir) {
      const version = await agentVersion(id);
      await using world = await chatWorld(id);
      const s = await r.session(world);
      if (s.run.code !== 0) {
        throw new Error(`${r.name} exited ${s.run.code}: ${s.run.stderr.slice(-800)}`);
      }
      const { fixtures, missing } = r.fixtures(s, world, version);
      if (missing.length > 0) {
        throw new Error(
          `Cannot find ${missing.join(", ")}; saw ${s.hookCalls.map((c) => c.event).join(" ")}`,
        );
      }
      const written: string[] = [];
      for (const f of fixtures) written.push(await writeFixture(outDir, f));
      return written;
    },
    async recordConformance() {
      const cases = await inPool(
        casesFor(r.agent, r.skip),
        r.jobs,
        (c) => runChatCase(r.agent, c),
      );
      return conformanceFile(id, cases);
    },
  };
}
