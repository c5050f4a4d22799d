/**
 * Fixtures from one session of a chat agent (Qwen Code, Factory Droid): the
 * recording hook under every event, a script that plays each tool variant and a
 * sub-agent, and the main agent's first stop sent back once; then each fixture
 * is picked from the hook log by its native event and a test on its payload
 * (fixture_picks.ts).
 *
 * @module
 */

import type { ChatStep } from "../../src/verify/fake/openai_chat.ts";
import { textStep } from "../../src/verify/fake/openai_chat.ts";
import type { HookRule } from "./record_hook.ts";
import {
  type ChatAgent,
  type ChatSession,
  FORCE_PUSH,
  recordingHooks,
  runChatAgent,
} from "./chat_agent_session.ts";
import { SUB_MARKER } from "./chat_agent_cases.ts";
import type { World } from "./world.ts";

// Picking fixtures from a hook log is every agent's (fixture_picks.ts); the chat agents' modules name it here.
export {
  commandIs,
  fileTool,
  type FixturePick,
  payloadOf,
  pickFixtures,
  toolInput,
} from "./fixture_picks.ts";

/** The reason the fixture session's stop hook sends the agent back with. */
export const STOP_REASON = "R-STOP-BACK check the work once more";

/** The prompt of the fixture session. */
export const FIXTURE_PROMPT = "Please do the scripted steps.";

/**
 * The fixture session's script: a force push, a harmless command, a write, a
 * read and an edit (of `edit-me.txt`), a write to `.env`, a sub-agent, a final
 * text, and one more text for after the stop hook sends the agent back.
 *
 * @param agent The agent (its shell and sub-agent calls).
 * @param files The agent's file tool calls for the project, in that order.
 * @returns The steps.
 *
 * @example Usage
 * ```ts ignore
 * const steps = fixtureSteps(QWEN, [write, read, edit, writeEnv]);
 * ```
 */
export function fixtureSteps(agent: ChatAgent, files: readonly ChatStep[]): ChatStep[] {
  return [
    agent.shell(FORCE_PUSH),
    agent.shell("echo hello"),
    ...files,
    agent.subagent(SUB_MARKER),
    textStep("FINAL-1"),
    textStep("FINAL-2"),
  ];
}

/**
 * Runs the fixture session in a world: the recording hook under `events`, and
 * the stop rules given.
 *
 * @param agent The agent.
 * @param world The world (from chatWorld); `edit-me.txt` is written into its project.
 * @param steps The model's main steps.
 * @param events The native events to record.
 * @param rules The recording hook's rules (a stop sent back once).
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * const s = await fixtureSession(QWEN, world, steps, ["PreToolUse"], []);
 * ```
 */
export async function fixtureSession(
  agent: ChatAgent,
  world: World,
  steps: ChatStep[],
  events: readonly string[],
  rules: HookRule[],
): Promise<ChatSession> {
  await Deno.writeTextFile(`${world.project}/edit-me.txt`, "line one\nline two\n");
  return await runChatAgent(agent, {
    world,
    script: {
      steps,
      subagentMarker: SUB_MARKER,
      markerInAnyUserMessage: agent.markerInAnyUserMessage,
      subagentSteps: [textStep("SUB-FIRST"), textStep("SUB-SECOND")],
    },
    hooks: recordingHooks(agent, events, 30),
    rules,
    prompt: FIXTURE_PROMPT,
    timeoutMs: 120_000,
  });
}
