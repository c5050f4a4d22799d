/**
 * The chat agents (Qwen Code, Factory Droid, Kimi Code, Cline) on the shared
 * recorder and tests (agent_e2e.ts): the fixtures from an agent's one fixture
 * session, the conformance file from one session per case of
 * chat_agent_cases.ts that applies to it. Each agent's harness gives only its
 * session, its picks and how many sessions run at once: the chat family's
 * (chat_family_harness.ts) from the agent's record, Kimi Code's and Cline's
 * their own.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { type AgentE2e, agentHarness, type FixtureSet, sessionProblems } from "./agent_e2e.ts";
import type { FixtureCheck } from "./conformance_runner.ts";
import { type ChatAgent, type ChatSession, chatWorld } from "./chat_agent_session.ts";
import { casesFor, type ChatCase, runChatCase } from "./chat_agent_cases.ts";
import type { World } from "./world.ts";

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
  /** The conformance cases re-run by the e2e tests (none when absent: the recorder only). */
  keyCases?: readonly string[];
  /** Runs its fixture session in a world. */
  session(world: World): Promise<ChatSession>;
  /** The fixtures of a fixture session, and the picks nothing matched. */
  fixtures(s: ChatSession, world: World, version: string): {
    fixtures: Fixture[];
    missing: string[];
  };
}

/** How a chat agent's fresh fixtures are held against its committed ones. */
export const CHAT_FIXTURE_CHECK: FixtureCheck = {
  cover: "all",
  keys: "kept",
  fields: ["tool_name"],
  nativeEvent: true,
};

/**
 * What went wrong in a chat agent's session, for error messages.
 *
 * @param s The session.
 * @returns Its exit, the ends of its output and the tool results.
 *
 * @example Usage
 * ```ts ignore
 * import { chatWhy } from "./chat_agent_harness.ts";
 * throw new Error(chatWhy(session));
 * ```
 */
export function chatWhy(s: ChatSession): string {
  return `exit ${s.run.code}${s.run.timedOut ? " (timed out)" : ""}\nstderr:\n${
    s.run.stderr.slice(-1500)
  }\nstdout:\n${s.run.stdout.slice(-1500)}\ntool results:\n${
    JSON.stringify(s.toolResults).slice(0, 1500)
  }\nhook calls: ${s.hookCalls.map((c) => c.event).join(" ")}`;
}

/**
 * One fresh fixture set of a chat agent: its fixture session in a world of
 * its own, which must end with exit 0 and call nothing but the chat
 * completions API.
 *
 * @param id The agent's id.
 * @param run Runs the fixture session in the world and picks its fixtures.
 * @returns The fixture set.
 *
 * @example Usage
 * ```ts ignore
 * import { chatFixtureSet } from "./chat_agent_harness.ts";
 * const set = await chatFixtureSet("qwen-code", "0.24.4", run);
 * ```
 */
export async function chatFixtureSet(
  id: string,
  version: string,
  run: (world: World, version: string) => Promise<{
    session: ChatSession;
    fixtures: Fixture[];
    missing: string[];
  }>,
): Promise<FixtureSet> {
  await using world = await chatWorld(id);
  const { session, fixtures, missing } = await run(world, version);
  const problems = sessionProblems({
    code: session.run.code,
    requests: session.requests,
    api: (path) => path.endsWith("/chat/completions"),
  });
  return { fixtures, missing, problems, why: chatWhy(session) };
}

/**
 * A chat agent's parts for the shared recorder and tests.
 *
 * @param r The agent's parts.
 * @returns The agent's e2e parts.
 *
 * @example Usage
 * ```ts ignore
 * import { chatAgentE2e } from "./chat_agent_harness.ts";
 * const spec = chatAgentE2e({ agent: QWEN, name: "Qwen Code", jobs: 2, session, fixtures });
 * ```
 */
export function chatAgentE2e(r: ChatRecorder): AgentE2e<ChatCase> {
  return {
    id: r.agent.id,
    fixtureSet: (version) =>
      chatFixtureSet(r.agent.id, version, async (world, v) => {
        const session = await r.session(world);
        return { session, ...r.fixtures(session, world, v) };
      }),
    fixtureCheck: CHAT_FIXTURE_CHECK,
    cases: casesFor(r.agent, r.skip),
    runCase: (c) => runChatCase(r.agent, c),
    jobs: r.jobs,
    keyCases: r.keyCases ?? [],
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
  return agentHarness(chatAgentE2e(r));
}
