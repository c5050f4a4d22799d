/**
 * Claude Code on the shared recorder and tests (agent_e2e.ts): its fixtures
 * from one real session (claude_code_session.ts) that plays every tool
 * variant, starts a subagent and is sent back once at its stop; its
 * conformance cases from claude_code_cases.ts. `deno task record claude-code`
 * runs {@linkcode harness}.
 *
 * @module
 */

import type { AgentHarness } from "./harness_types.ts";
import type { AnthropicScript } from "../../src/verify/fake/anthropic.ts";
import { type AgentE2e, agentHarness, type FixtureSet, sessionProblems } from "./agent_e2e.ts";
import { type FixturePick, pickFixtures, toolInput } from "./fixture_picks.ts";
import type { HookRule } from "./record_hook.ts";
import { makeWorld, type World } from "./world.ts";
import {
  ALLOWED_TOOLS,
  bash,
  CLAUDE,
  CLAUDE_EVENTS,
  type ClaudeEvent,
  type ClaudeRun,
  FORCE_PUSH,
  inSubagent,
  runClaude,
  say,
  SUB_MARKER,
} from "./claude_code_session.ts";
import { CLAUDE_CASES, type ClaudeCase, runClaudeCase } from "./claude_code_cases.ts";

/**
 * The recording session's script: every tool variant, a subagent, a final
 * text, and one more text for after the stop hook sends the agent back.
 *
 * @param project The world's project folder (the file tools use absolute paths).
 * @returns The script.
 *
 * @example Usage
 * ```ts
 * import { recordingScript } from "./claude_code_harness.ts";
 * console.log(recordingScript("/tmp/p").main.length);
 * ```
 */
export function recordingScript(project: string): AnthropicScript {
  return {
    main: [
      bash(FORCE_PUSH),
      bash("echo hello"),
      {
        kind: "tool",
        name: "Write",
        input: { file_path: `${project}/new-file.txt`, content: "written\n" },
      },
      { kind: "tool", name: "Read", input: { file_path: `${project}/edit-me.txt` } },
      {
        kind: "tool",
        name: "Edit",
        input: {
          file_path: `${project}/edit-me.txt`,
          old_string: "line two",
          new_string: "line 2",
        },
      },
      { kind: "tool", name: "Write", input: { file_path: `${project}/.env`, content: "A=1\n" } },
      {
        kind: "tool",
        name: "Agent",
        input: {
          description: "Run a sub task",
          prompt: `${SUB_MARKER}: run echo from-subagent`,
          subagent_type: "general-purpose",
          run_in_background: false,
        },
      },
      say("All done."),
      say("Checked again: all done."),
    ],
    sub: [bash("echo from-subagent"), say("Subagent finished.")],
    subMarker: SUB_MARKER,
  };
}

/** The reason the stop hook sends Claude Code back with, once. */
export const STOP_REASON = "R-STOP-BACK check the work once more";

/** A fixture's pick: its native event and variant (its contract event is the native one's). */
type Pick = Omit<FixturePick, "event"> & { native: ClaudeEvent };

const PICKS: readonly Pick[] = [
  {
    native: "PreToolUse",
    variant: "shell-force-push",
    when: (p) => toolInput(p)["command"] === FORCE_PUSH,
  },
  {
    native: "PreToolUse",
    variant: "shell-harmless",
    when: (p) => toolInput(p)["command"] === "echo hello",
  },
  { native: "PreToolUse", variant: "edit", when: (p) => p["tool_name"] === "Edit" },
  {
    native: "PreToolUse",
    variant: "write",
    when: (p) =>
      p["tool_name"] === "Write" && String(toolInput(p)["file_path"]).endsWith("new-file.txt"),
  },
  { native: "PreToolUse", variant: "read", when: (p) => p["tool_name"] === "Read" },
  {
    native: "PreToolUse",
    variant: "write-env",
    when: (p) => p["tool_name"] === "Write" && String(toolInput(p)["file_path"]).endsWith("/.env"),
    note: "Claude Code does not refuse .env by itself: the Write reached the hook, and ran",
  },
  { native: "PreToolUse", variant: "agent", when: (p) => p["tool_name"] === "Agent" },
  {
    native: "PostToolUse",
    variant: "shell-harmless",
    when: (p) => toolInput(p)["command"] === "echo hello",
  },
  {
    native: "PostToolUseFailure",
    variant: "shell-failed",
    when: (p) => toolInput(p)["command"] === FORCE_PUSH,
    note: "a Bash command that exited non-zero fires PostToolUseFailure, not PostToolUse",
  },
  { native: "UserPromptSubmit", variant: "prompt" },
  { native: "SessionStart", variant: "startup" },
  { native: "SessionEnd", variant: "end" },
  { native: "Stop", variant: "first" },
  {
    native: "Stop",
    variant: "continued",
    nth: 1,
    note: `the second Stop, after the first one's hook answered {"decision":"block"}`,
  },
  { native: "SubagentStop", variant: "first", note: "the Agent tool's subagent ending" },
];

/** The stop rule of the recording session: send the agent back once. */
export const RECORDING_RULES: readonly HookRule[] = [{
  event: "Stop",
  max: 1,
  stdout: JSON.stringify({ decision: "block", reason: STOP_REASON }),
}];

const HOW =
  `claude -p --output-format stream-json --verbose --include-hook-events --allowedTools ${ALLOWED_TOOLS},Agent, ` +
  "stdin /dev/null, against src/verify/fake/anthropic.ts, hooks in $CLAUDE_CONFIG_DIR/settings.json";

/**
 * Runs the recording session (every tool variant, a subagent, sent back once at its stop).
 *
 * @param world The world to run in.
 * @returns The run, whose hook calls the fixtures are picked from.
 *
 * @example Usage
 * ```ts ignore
 * await using world = await makeWorld("claude-code");
 * console.log((await recordingSession(world)).hookCalls.length);
 * ```
 */
export function recordingSession(world: World): Promise<ClaudeRun> {
  return runClaude({
    world,
    script: recordingScript(world.project),
    rules: [...RECORDING_RULES],
    allowedTools: `${ALLOWED_TOOLS},Agent`,
  });
}

/**
 * What went wrong in a run, for error messages.
 *
 * @param run The run.
 * @returns Its exit, the ends of its output and its hook calls.
 *
 * @example Usage
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { why } from "./claude_code_harness.ts";
 * assert.equal(run.run.code, 0, why(run));
 * ```
 */
export function why(run: ClaudeRun): string {
  return `exit ${run.run.code}${run.run.timedOut ? " (timed out)" : ""}\nstderr:\n${
    run.run.stderr.slice(-1500)
  }\nstdout tail:\n${run.run.stdout.slice(-1500)}\nhook calls: ${
    run.hookCalls.map((e) => e.event).join(" ")
  }`;
}

/**
 * One fresh set of Claude Code's fixtures, from the recording session: each
 * pick among the main agent's calls (a subagent's carry its `agent_id`), but
 * SubagentStop's.
 *
 * @param version The binary's version.
 * @returns The fixtures (redacted) and what is missing.
 */
async function fixtureSet(version: string): Promise<FixtureSet> {
  await using world = await makeWorld(CLAUDE);
  const run = await recordingSession(world);
  const calls = run.hookCalls.filter((e) => e.event === "SubagentStop" || !inSubagent(e));
  const picks = PICKS.map((p) => ({ ...p, event: CLAUDE_EVENTS[p.native] }));
  // The silencing variables hold: nothing but the Messages API is called.
  const problems = sessionProblems({
    requests: run.requests,
    api: (path) => path.startsWith("/v1/messages"),
  });
  return { ...pickFixtures(CLAUDE, calls, picks, world, version, HOW), problems, why: why(run) };
}

/**
 * Claude Code's parts for the shared recorder and tests.
 *
 * @example Usage
 * ```ts ignore
 * import { CLAUDE_E2E } from "./claude_code_harness.ts";
 * import { agentE2eTests } from "./agent_e2e.ts";
 * await agentE2eTests(CLAUDE_E2E);
 * ```
 */
export const CLAUDE_E2E: AgentE2e<ClaudeCase> = {
  id: CLAUDE,
  fixtureSet,
  fixtureCheck: { cover: "all", keys: "kept", fields: ["tool_name"], nativeEvent: true },
  cases: CLAUDE_CASES,
  runCase: runClaudeCase,
  jobs: 4,
  keyCases: [
    "pre-exit2-stderr",
    "pre-exit1-stderr",
    "pre-deny-json",
    "pre-deny-no-eventname",
    "post-addctx",
    "ups-block",
    "stop-block",
  ],
};

/**
 * Claude Code's harness for scripts/record.ts.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./claude_code_harness.ts";
 * if (await harness.unavailable() === undefined) await harness.recordFixtures("fixtures/claude-code");
 * ```
 */
export const harness: AgentHarness = agentHarness(CLAUDE_E2E);
