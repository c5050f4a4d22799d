/**
 * Factory Droid's recorder: the fixtures (what the real binary sends a hook)
 * from one `droid exec` session that plays every tool variant and a sub-agent,
 * and the conformance file (what it does with each raw hook output) from one
 * session per case, against the fake chat completions API. `deno task record
 * factory-droid` runs it.
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
import { DROID, DROID_EVENTS, DROID_ID } from "./factory_droid_session.ts";
import type { HookLogEntry, World } from "./world.ts";

/** The fixtures, picked from the fixture session (main session's calls unless said). */
export const DROID_PICKS: readonly FixturePick[] = [
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
    when: fileTool("Create", "new-file.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "read",
    when: fileTool("Read", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "edit",
    when: fileTool("Edit", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "write-env",
    when: fileTool("Create", "/.env"),
    note: "Droid does not refuse .env by itself: the write reached the hook, and ran",
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "agent",
    when: (p) => p["tool_name"] === "Task",
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
    when: fileTool("Create", "new-file.txt"),
  },
  { event: "session-start", native: "SessionStart", variant: "startup" },
  { event: "session-end", native: "SessionEnd", variant: "end" },
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
    note: "the Task tool's sub-agent ending",
  },
];

/** The fixtures picked from the sub-agent's own session. */
export const DROID_SUBAGENT_PICKS: readonly FixturePick[] = [
  {
    event: "prompt",
    native: "UserPromptSubmit",
    variant: "subagent-task",
    note:
      "droid exec fired UserPromptSubmit only in a sub-agent's session, with the task's prompt; never for the person's prompt",
  },
  {
    event: "session-start",
    native: "SessionStart",
    variant: "subagent",
    note: "a sub-agent's session starts with its own SessionStart, naming the calling session",
  },
  {
    event: "stop",
    native: "Stop",
    variant: "subagent",
    note: "a sub-agent's turn ends with Stop in its own session (not SubagentStop)",
  },
];

const HOW =
  "recorded: droid exec --auto high -m custom:Fake-0 -o json (a BYOK model at src/verify/fake/openai_chat.ts, FACTORY_AIRGAP_ENABLED), hooks in ~/.factory/settings.json";

/**
 * Runs the fixture session of Droid: every tool variant, a sub-agent (waited
 * for), the first stop of each session sent back once.
 *
 * @param world A world from chatWorld.
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * import { droidFixtureSession } from "./factory_droid_harness.ts";
 * const s = await droidFixtureSession(world);
 * ```
 */
export function droidFixtureSession(world: World): Promise<ChatSession> {
  const p = world.project;
  const files = [
    toolStep("Create", { file_path: `${p}/new-file.txt`, content: "written\n" }),
    toolStep("Read", { file_path: `${p}/edit-me.txt` }),
    toolStep("Edit", { file_path: `${p}/edit-me.txt`, old_str: "line two", new_str: "line 2" }),
    toolStep("Create", { file_path: `${p}/.env`, content: "A=1\n" }),
  ];
  // A sub-agent's Stop fires in its own session, before the main agent's: the first Stop of each
  // session is sent back (two in all).
  return fixtureSession(DROID, world, fixtureSteps(DROID, files), Object.values(DROID_EVENTS), [{
    event: "Stop",
    match: '"stop_hook_active":false',
    max: 2,
    stdout: JSON.stringify({ decision: "block", reason: STOP_REASON }),
  }]);
}

/** The session id of the main agent: its SessionStart names no calling session. */
function mainSession(calls: readonly HookLogEntry[]): string | undefined {
  const start = calls.find((c) =>
    c.event === "SessionStart" && payloadOf(c)["calling_session_id"] === undefined
  );
  const id = start === undefined ? undefined : payloadOf(start)["session_id"];
  return typeof id === "string" ? id : undefined;
}

/**
 * The fixtures of a Droid fixture session.
 *
 * @param s The session.
 * @param world Its world.
 * @param version The binary's version.
 * @returns The fixtures and the picks nothing matched.
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = droidFixtures(s, world, "0.215.0");
 * ```
 */
export function droidFixtures(
  s: ChatSession,
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  const id = mainSession(s.hookCalls);
  const inMain = (c: HookLogEntry) => payloadOf(c)["session_id"] === id;
  const main = pickFixtures(DROID_ID, s.hookCalls.filter(inMain), DROID_PICKS, world, version, HOW);
  const sub = pickFixtures(
    DROID_ID,
    s.hookCalls.filter((c) => !inMain(c)),
    DROID_SUBAGENT_PICKS,
    world,
    version,
    HOW,
  );
  return {
    fixtures: [...main.fixtures, ...sub.fixtures],
    missing: [...main.missing, ...sub.missing],
  };
}

/** How many Droid sessions run at once. */
export const DROID_JOBS = 3;

/**
 * Factory Droid's harness, for `deno task record` and the e2e tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./factory_droid_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures");
 * ```
 */
export const harness: AgentHarness = chatAgentHarness({
  agent: DROID,
  name: "Droid",
  jobs: DROID_JOBS,
  session: droidFixtureSession,
  fixtures: droidFixtures,
});
