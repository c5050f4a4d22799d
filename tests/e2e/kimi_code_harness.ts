/**
 * Kimi Code's recorder: the fixtures (what the real binary sends a hook) from
 * one headless session that plays every tool variant, and the conformance file
 * (what it does with each raw hook output) from one session per case, against
 * the fake chat completions API. `deno task record kimi-code` runs it.
 *
 * @module
 */

import type { AgentHarness, ConformanceFile, Fixture } from "./harness_types.ts";
import { chatAgentHarness } from "./chat_agent_harness.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import {
  type ChatSession,
  FORCE_PUSH,
  recordingHooks,
  runChatAgent,
} from "./chat_agent_session.ts";
import {
  commandIs,
  FIXTURE_PROMPT,
  type FixturePick,
  payloadOf,
  pickFixtures,
  STOP_REASON,
  toolInput,
} from "./chat_agent_fixtures.ts";
import { KIMI, KIMI_EVENTS, KIMI_ID } from "./kimi_code_session.ts";
import type { World } from "./world.ts";

/** A pick test: the call is of `tool` on a file whose `path` ends with `end`. */
function pathTool(tool: string, end: string): (p: Record<string, unknown>) => boolean {
  return (p) => p["tool_name"] === tool && String(toolInput(p)["path"] ?? "").endsWith(end);
}

/**
 * The fixtures, picked from the fixture session. Two of the other agents'
 * picks have none here: Kimi Code refuses a write to `.env` itself, before any
 * hook runs (the model got "matches a sensitive-file pattern"), and the Stop
 * of the turn a stop hook sent back does not fire again. The PostToolUse and
 * PostToolUseFailure picks are of events Kimi Code does not wait for
 * ({@linkcode KIMI_UNWAITED}): the fixture session is played again, up to
 * {@linkcode KIMI_TRIES} times, until each has fired once.
 */
export const KIMI_PICKS: readonly FixturePick[] = [
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
    when: pathTool("Write", "new-file.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "read",
    when: pathTool("Read", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "edit",
    when: pathTool("Edit", "edit-me.txt"),
  },
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
    note:
      "fire-and-forget: Kimi Code does not wait for PostToolUse, and some runs end before it runs",
  },
  {
    event: "post-tool",
    native: "PostToolUseFailure",
    variant: "shell-failed",
    when: commandIs(FORCE_PUSH),
    note:
      "the force push, refused by the hook (exit 2), fires PostToolUseFailure with the reason as error.message; fire-and-forget, like PostToolUse",
  },
  {
    event: "prompt",
    native: "UserPromptSubmit",
    variant: "prompt",
    note: "the prompt is a list of content parts, not a string",
  },
  { event: "session-start", native: "SessionStart", variant: "startup" },
  { event: "stop", native: "Stop", variant: "first" },
];

const HOW =
  "recorded: kimi -p <prompt> --output-format stream-json on Node 22 with KIMI_MODEL_PROVIDER_TYPE=openai against src/verify/fake/openai_chat.ts, hooks as [[hooks]] in ~/.kimi-code/config.toml";

/**
 * The native events Kimi Code starts a hook at and does not wait for: a
 * headless run can end before the hook runs (SEEN: PostToolUse missing from
 * some runs where the tool ran, and PostToolUseFailure from some where it was
 * refused).
 */
export const KIMI_UNWAITED: ReadonlySet<string> = new Set(["PostToolUse", "PostToolUseFailure"]);

/**
 * How many times at most the fixture session is played for the picks of
 * {@linkcode KIMI_UNWAITED}: one that fired in none of them is missing, and
 * the fixture test and `deno task record` fail on it.
 */
export const KIMI_TRIES = 3;

/** The picks of KIMI_UNWAITED that none of `calls` matches. */
function unwaitedMissing(calls: ChatSession["hookCalls"]): FixturePick[] {
  return KIMI_PICKS.filter((p) =>
    KIMI_UNWAITED.has(p.native) &&
    !calls.some((c) => c.event === p.native && (p.when?.(payloadOf(c)) ?? true))
  );
}

/** One fixture session: every tool variant, the force push refused, the first stop sent back. */
async function oneFixtureSession(world: World): Promise<ChatSession> {
  const p = world.project;
  await Deno.writeTextFile(`${p}/edit-me.txt`, "line one\nline two\n");
  await Deno.remove(`${p}/new-file.txt`).catch(() => {});
  const steps = [
    KIMI.shell(FORCE_PUSH),
    KIMI.shell("echo hello"),
    toolStep("Write", { path: `${p}/new-file.txt`, content: "written\n" }),
    toolStep("Read", { path: `${p}/edit-me.txt` }),
    toolStep("Edit", { path: `${p}/edit-me.txt`, old_string: "line two", new_string: "line 2" }),
    toolStep("Write", { path: `${p}/.env`, content: "A=1\n" }),
    textStep("FINAL-1"),
    textStep("FINAL-2"),
  ];
  return await runChatAgent(KIMI, {
    world,
    script: { steps },
    hooks: recordingHooks(KIMI, Object.values(KIMI_EVENTS), 30),
    rules: [
      { event: "PreToolUse", match: "git push", exit: 2, stderr: "R-PUSH force push is refused" },
      { event: "Stop", max: 1, exit: 2, stderr: STOP_REASON },
    ],
    prompt: FIXTURE_PROMPT,
    timeoutMs: 120_000,
  });
}

/**
 * Runs the fixture session of Kimi Code: every tool variant (the force push
 * refused by exit 2, so that PostToolUseFailure fires), the first stop sent
 * back once; played again, up to {@linkcode KIMI_TRIES} times in all, while a
 * pick of an event Kimi Code does not wait for has not fired. The session
 * returned is the first, with the hook calls of every try after its own (the
 * picks take the first call that fits, so the steady ones come from the first).
 *
 * @param world A world from chatWorld.
 * @returns The session, and how many tries it took.
 *
 * @example Usage
 * ```ts ignore
 * import { kimiFixtureSession } from "./kimi_code_harness.ts";
 * const s = await kimiFixtureSession(world);
 * ```
 */
export async function kimiFixtureSession(
  world: World,
): Promise<ChatSession & { tries: number }> {
  const first = await oneFixtureSession(world);
  const calls = [...first.hookCalls];
  let tries = 1;
  while (tries < KIMI_TRIES && first.run.code === 0 && unwaitedMissing(calls).length > 0) {
    tries++;
    calls.push(...(await oneFixtureSession(world)).hookCalls);
  }
  return { ...first, hookCalls: calls, tries };
}

/**
 * The fixtures of a Kimi Code fixture session.
 *
 * @param s The session.
 * @param world Its world.
 * @param version The binary's version.
 * @returns The fixtures and the picks nothing matched (a pick of an event
 *   Kimi Code does not wait for says in how many tries it never fired).
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = kimiFixtures(s, world, "2.1.0");
 * ```
 */
export function kimiFixtures(
  s: ChatSession,
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  const picked = pickFixtures(KIMI_ID, s.hookCalls, KIMI_PICKS, world, version, HOW);
  const tries = "tries" in s && typeof s.tries === "number" ? s.tries : 1;
  const unwaited = KIMI_PICKS.filter((p) => KIMI_UNWAITED.has(p.native))
    .map((p) => `${p.event}.${p.variant} (${p.native})`);
  const missing = picked.missing.map((m) =>
    unwaited.includes(m) ? `${m}: fired in none of ${tries} sessions` : m
  );
  return { fixtures: picked.fixtures, missing };
}

/** What a conformance case of an event Kimi Code does not wait for says besides its own notes. */
export const UNWAITED_NOTE =
  "Kimi Code does not wait for this hook: whether it ran before the run ended differs from run to run";

/**
 * A conformance file whose cases at the events Kimi Code does not wait for
 * say so in their notes.
 *
 * @param file The file as recorded.
 * @returns The file, those cases noted.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { noteUnwaited } from "./kimi_code_harness.ts";
 * const c = { id: "post-x", event: "post-tool", nativeEvent: "PostToolUse", notes: "n" };
 * const file = { agent: "kimi-code", cases: [c] } as never;
 * assert.match(noteUnwaited(file).cases[0]!.notes ?? "", /does not wait/);
 * ```
 */
export function noteUnwaited(file: ConformanceFile): ConformanceFile {
  return {
    ...file,
    cases: file.cases.map((c) =>
      KIMI_UNWAITED.has(c.nativeEvent)
        ? { ...c, notes: c.notes === undefined ? UNWAITED_NOTE : `${c.notes}; ${UNWAITED_NOTE}` }
        : c
    ),
  };
}

/** How many Kimi Code sessions run at once: each is a heavy Node process. */
export const KIMI_JOBS = 2;

/**
 * The cases Kimi Code is put to: every case of the chat agents but the
 * sub-agent's (none is played) and the approval ones (prompt mode already
 * runs every tool, and has no switch to turn that off).
 */
export const KIMI_SKIPS = ["subagent-stop-block", "pre-allow-noperm", "pre-control-noperm"];

/** The chat agents' harness, given Kimi Code's parts. */
const chatHarness = chatAgentHarness({
  agent: KIMI,
  name: "Kimi Code",
  jobs: KIMI_JOBS,
  skip: KIMI_SKIPS,
  session: kimiFixtureSession,
  fixtures: kimiFixtures,
});

/**
 * Kimi Code's harness, for `deno task record` and the e2e tests: the chat
 * agents', its post-tool cases noted as unwaited.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./kimi_code_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures");
 * ```
 */
export const harness: AgentHarness = {
  ...chatHarness,
  recordConformance: async () => noteUnwaited(await chatHarness.recordConformance()),
};
