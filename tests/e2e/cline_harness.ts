/**
 * Cline's recorder: the fixtures (what the real binary sends a hook) from one
 * headless session that plays every tool variant, and the conformance file
 * (what it does with each raw hook output) from one session per case, against
 * the fake chat completions API. `deno task record cline` runs it.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { chatAgentHarness } from "./chat_agent_harness.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import {
  type ChatSession,
  FORCE_PUSH,
  recordingHooks,
  runChatAgent,
} from "./chat_agent_session.ts";
import { FIXTURE_PROMPT, type FixturePick, pickFixtures } from "./chat_agent_fixtures.ts";
import { CHAT_CASES } from "./chat_agent_cases.ts";
import { CLINE, CLINE_EVENTS, CLINE_ID } from "./cline_session.ts";
import type { World } from "./world.ts";

/** The tool call of a Cline payload: `tool_call`, or `tool_result` after the tool. */
function callOf(p: Record<string, unknown>): Record<string, unknown> {
  const call = p["tool_call"] ?? p["tool_result"];
  return typeof call === "object" && call !== null ? call as Record<string, unknown> : {};
}

/** The input of a Cline payload's call. */
function inputOf(p: Record<string, unknown>): Record<string, unknown> {
  const input = callOf(p)["input"];
  return typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
}

/** A pick test: a run_commands call whose commands are `[command]`. */
function commandsAre(command: string): (p: Record<string, unknown>) => boolean {
  return (p) => JSON.stringify(inputOf(p)["commands"]) === JSON.stringify([command]);
}

/** A pick test: a call of `tool` whose input names a path ending with `end`. */
function toolOn(tool: string, end: string): (p: Record<string, unknown>) => boolean {
  return (p) => callOf(p)["name"] === tool && JSON.stringify(inputOf(p)).includes(end);
}

/** A pick test: an editor call with old_text (an edit) or without (a write). */
function editorCall(edit: boolean): (p: Record<string, unknown>) => boolean {
  return (p) => toolOn("editor", "edit-me.txt")(p) && ("old_text" in inputOf(p)) === edit;
}

/**
 * The fixtures, picked from the fixture session. UserPromptSubmit is not
 * picked: it did not fire in a headless run; nor SessionShutdown, whose hook
 * Cline does not wait for, and which had not run when the fixture run ended.
 */
export const CLINE_PICKS: readonly FixturePick[] = [
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "shell-force-push",
    when: commandsAre(FORCE_PUSH),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "shell-harmless",
    when: commandsAre("echo hello"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "write",
    when: toolOn("editor", "new-file.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "read",
    when: toolOn("read_files", "edit-me.txt"),
  },
  { event: "pre-tool", native: "PreToolUse", variant: "edit", when: editorCall(true) },
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "shell",
    when: commandsAre("echo hello"),
  },
  { event: "session-start", native: "TaskStart", variant: "startup" },
  { event: "stop", native: "TaskComplete", variant: "completed" },
];

const HOW =
  "recorded: cline --json <prompt> on Node 22 with an openai-compatible provider at src/verify/fake/openai_chat.ts, hooks as executable files in ~/.cline/hooks";

/**
 * Runs the fixture session of Cline: every tool variant, the force push
 * refused the way everyhook refuses it (so the harmless calls after it run).
 *
 * @param world A world from chatWorld.
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * import { clineFixtureSession } from "./cline_harness.ts";
 * const s = await clineFixtureSession(world);
 * ```
 */
export async function clineFixtureSession(world: World): Promise<ChatSession> {
  const p = world.project;
  await Deno.writeTextFile(`${p}/edit-me.txt`, "line one\nline two\n");
  const refusal = CHAT_CASES.find((c) => c.id === "cline-pre-deny-rewrite")!.hook.stdout!;
  const steps = [
    CLINE.shell(FORCE_PUSH),
    CLINE.shell("echo hello"),
    toolStep("editor", { path: `${p}/new-file.txt`, new_text: "written\n" }),
    toolStep("read_files", { files: [{ path: `${p}/edit-me.txt` }] }),
    toolStep("editor", { path: `${p}/edit-me.txt`, old_text: "line two", new_text: "line 2" }),
    textStep("FINAL-1"),
  ];
  return await runChatAgent(CLINE, {
    world,
    script: { steps },
    hooks: recordingHooks(CLINE, Object.values(CLINE_EVENTS), 30),
    rules: [{ event: "PreToolUse", match: "git push", stdout: refusal }],
    prompt: FIXTURE_PROMPT,
    timeoutMs: 150_000,
  });
}

/**
 * The fixtures of a Cline fixture session.
 *
 * @param s The session.
 * @param world Its world.
 * @param version The binary's version.
 * @returns The fixtures and the picks nothing matched.
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = clineFixtures(s, world, "3.0.65");
 * ```
 */
export function clineFixtures(
  s: ChatSession,
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  return pickFixtures(CLINE_ID, s.hookCalls, CLINE_PICKS, world, version, HOW);
}

/** How many Cline sessions run at once: each is a heavy process, and leaves a hub daemon until swept. */
export const CLINE_JOBS = 2;

/**
 * The shared cases Cline is put to: those of a PreToolUse or PostToolUse hook
 * (Claude Code's answers, to show what Cline does with them), beside its own
 * (`cline-*`). The shared cases of events whose names Cline does not run as
 * files (SessionStart, Stop, PostToolUseFailure...), of a hooks.json file and
 * of approvals are left out. Cline has no timeout per hook (it stops a hook
 * file after 120 s): pre-timeout's hook sleeps its 6 s, and Cline waits.
 */
const CLINE_SHARED = [
  "pre-nothing",
  "pre-exit2-stderr",
  "pre-exit2-empty",
  "pre-exit1-stderr",
  "pre-exit3-stderr",
  "pre-timeout",
  "pre-plain-text",
  "pre-bad-json",
  "pre-deny-json",
  "pre-block-legacy",
  "pre-ask",
  "pre-context",
  "pre-updated-input",
  "post-block",
  "post-context",
];

/** The ids of the shared cases Cline skips. */
export const CLINE_SKIPS: readonly string[] = CHAT_CASES
  .filter((c) => c.only === undefined && !CLINE_SHARED.includes(c.id))
  .map((c) => c.id);

/**
 * Cline's harness, for `deno task record` and the e2e tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./cline_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures");
 * ```
 */
export const harness: AgentHarness = chatAgentHarness({
  agent: CLINE,
  name: "Cline",
  jobs: CLINE_JOBS,
  skip: CLINE_SKIPS,
  session: clineFixtureSession,
  fixtures: clineFixtures,
});
