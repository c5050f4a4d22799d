/**
 * Qwen Code's recorder: the fixtures (what the real binary sends a hook) from
 * one headless session that plays every tool variant and a sub-agent, and the
 * conformance file (what it does with each raw hook output) from one session
 * per case, against the fake chat completions API. `deno task record qwen-code`
 * runs it.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { toolStep } from "../../src/verify/fake/openai_chat.ts";
import { type ChatSession, FORCE_PUSH } from "./chat_agent_session.ts";
import { chatAgentHarness } from "./chat_agent_harness.ts";
import {
  commandIs,
  fileTool,
  type FixturePick,
  fixtureSession,
  fixtureSteps,
  payloadOf,
  pickFixtures,
  STOP_REASON,
} from "./chat_agent_fixtures.ts";
import { QWEN, QWEN_EVENTS, QWEN_ID } from "./qwen_code_session.ts";
import type { World } from "./world.ts";

/** The fixtures, picked from the fixture session. */
export const QWEN_PICKS: readonly FixturePick[] = [
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "shell-force-push",
    when: commandIs(FORCE_PUSH),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "write",
    when: fileTool("write_file", "new-file.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "read",
    when: fileTool("read_file", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "edit",
    when: fileTool("edit", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "write-env",
    when: fileTool("write_file", "/.env"),
    note: "Qwen Code does not refuse .env by itself: the write reached the hook, and ran",
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "agent",
    when: (p) => p["tool_name"] === "agent",
  },
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
  },
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "write",
    when: fileTool("write_file", "new-file.txt"),
  },
  {
    event: "post-tool",
    native: "PostToolUseFailure",
    variant: "shell-failed",
    when: commandIs(FORCE_PUSH),
    note: "a shell command that exited non-zero fires PostToolUseFailure, not PostToolUse",
  },
  {
    event: "prompt",
    native: "UserPromptSubmit",
    variant: "prompt",
    when: (p) => typeof p["submitted_prompt"] === "string",
  },
  {
    event: "prompt",
    native: "UserPromptSubmit",
    variant: "tool-result",
    when: (p) => p["prompt"] === "",
    note:
      "UserPromptSubmit fires again before each tool result goes back to the model, with an empty prompt",
  },
  { event: "session-start", native: "SessionStart", variant: "startup" },
  { event: "stop", native: "Stop", variant: "first" },
  {
    event: "stop",
    native: "Stop",
    variant: "continued",
    nth: 1,
    note: `the second Stop, after the first one's hook answered {"decision":"block"}`,
  },
  {
    event: "subagent-stop",
    native: "SubagentStop",
    variant: "first",
    note: "the agent tool's sub-agent ending",
  },
];

const HOW =
  "recorded: qwen <prompt> --auth-type openai --yolo -o json on Node 22 against src/verify/fake/openai_chat.ts, hooks in ~/.qwen/settings.json";

/**
 * Runs the fixture session of Qwen Code: every tool variant, a sub-agent, the
 * first stop sent back once.
 *
 * @param world A world from chatWorld.
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * import { qwenFixtureSession } from "./qwen_code_harness.ts";
 * const s = await qwenFixtureSession(world);
 * ```
 */
export function qwenFixtureSession(world: World): Promise<ChatSession> {
  const p = world.project;
  const files = [
    toolStep("write_file", { file_path: `${p}/new-file.txt`, content: "written\n" }),
    toolStep("read_file", { file_path: `${p}/edit-me.txt` }),
    toolStep("edit", {
      file_path: `${p}/edit-me.txt`,
      old_string: "line two",
      new_string: "line 2",
    }),
    toolStep("write_file", { file_path: `${p}/.env`, content: "A=1\n" }),
  ];
  return fixtureSession(QWEN, world, fixtureSteps(QWEN, files), Object.values(QWEN_EVENTS), [{
    event: "Stop",
    max: 1,
    stdout: JSON.stringify({ decision: "block", reason: STOP_REASON }),
  }]);
}

/**
 * The fixtures of a Qwen Code fixture session.
 *
 * @param s The session.
 * @param world Its world.
 * @param version The binary's version.
 * @returns The fixtures and the picks nothing matched.
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = qwenFixtures(s, world, "0.24.4");
 * ```
 */
export function qwenFixtures(
  s: ChatSession,
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  // Only the main agent's calls: a sub-agent's carry its agent_id.
  const main = s.hookCalls.filter((c) =>
    c.event === "SubagentStop" || payloadOf(c)["agent_id"] === undefined
  );
  return pickFixtures(QWEN_ID, main, QWEN_PICKS, world, version, HOW);
}

/** How many Qwen Code sessions run at once: each is a heavy Node process. */
export const QWEN_JOBS = 2;

/**
 * Qwen Code's harness, for `deno task record` and the e2e tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./qwen_code_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures");
 * ```
 */
export const harness: AgentHarness = chatAgentHarness({
  agent: QWEN,
  name: "Qwen Code",
  jobs: QWEN_JOBS,
  session: qwenFixtureSession,
  fixtures: qwenFixtures,
});
