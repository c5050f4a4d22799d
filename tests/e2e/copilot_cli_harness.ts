/**
 * GitHub Copilot CLI on the shared recorder and tests (agent_e2e.ts): its
 * fixtures from one headless session, under both spellings of each event key
 * (what only Copilot CLI has: a camelCase key with camelCase payloads and a
 * PascalCase, Claude-compatible key with snake_case ones), its conformance
 * cases from copilot_cli_cases.ts. `deno task record copilot-cli` runs
 * {@linkcode harness}.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { type ChatScript, textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import { type AgentE2e, agentHarness, type FixtureSet, sessionProblems } from "./agent_e2e.ts";
import { fixtureDate, fixtureOs, redact } from "./fixture_io.ts";
import type { HookLogEntry, World } from "./world.ts";
import {
  CAMEL_EVENTS,
  COPILOT,
  copilotWorld,
  PASCAL_EVENTS,
  recordingHooks,
  runCopilot,
  type Session,
  SUBAGENT_MARKER,
  SUBAGENT_TASK,
} from "./copilot_cli_session.ts";
import { CASES, type CaseSpec, FORCE_PUSH, runCase } from "./copilot_cli_cases.ts";

/** The prompt of the fixture session. */
export const FIXTURE_PROMPT = "Do the scripted steps";

/** The reason the fixture session's stop hook sends the agent back with. */
export const STOP_REASON = "R-STOP-FIXTURE please also run the tests";

/**
 * The fixture session's script: a force push, a harmless command, a write, an
 * edit, a read, a write to `.env`, a read that fails, a sub-agent, a final text.
 *
 * @param project The project folder (the file tools want absolute paths).
 * @returns The script.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fixtureScript } from "./copilot_cli_harness.ts";
 * assert(fixtureScript("/p").steps.length === 9);
 * ```
 */
export function fixtureScript(project: string): ChatScript {
  return {
    subagentMarker: SUBAGENT_MARKER,
    steps: [
      toolStep("bash", { command: FORCE_PUSH, description: "Force push main" }),
      toolStep("bash", { command: "echo hello", description: "Say hello" }),
      toolStep("create", { path: `${project}/notes.txt`, file_text: "line one\nline two\n" }),
      toolStep("edit", { path: `${project}/notes.txt`, old_str: "line two", new_str: "line 2" }),
      toolStep("view", { path: `${project}/notes.txt` }),
      toolStep("create", { path: `${project}/.env`, file_text: "API_KEY=not-a-real-key\n" }),
      toolStep("view", { path: `${project}/missing.txt` }),
      SUBAGENT_TASK,
      textStep("FINAL-OK"),
    ],
  };
}

/**
 * Runs the fixture session: the recording hook under every event key in both
 * spellings (two files), and the main agent's first stop sent back once.
 *
 * @param world A world from `copilotWorld()`.
 * @returns What the session did.
 *
 * @example Usage
 * ```ts ignore
 * import { fixtureSession } from "./copilot_cli_harness.ts";
 * const session = await fixtureSession(world);
 * console.log(session.hookCalls.length);
 * ```
 */
export async function fixtureSession(world: World): Promise<Session> {
  return await runCopilot({
    world,
    script: fixtureScript(world.project),
    prompt: FIXTURE_PROMPT,
    hookFiles: {
      "record-camel.json": recordingHooks(Object.values(CAMEL_EVENTS), 15),
      "record-pascal.json": recordingHooks(Object.values(PASCAL_EVENTS), 15),
    },
    rules: [{
      event: CAMEL_EVENTS.stop,
      match: '"stop_hook_active":false}',
      stdout: JSON.stringify({ decision: "block", reason: STOP_REASON }),
    }],
  });
}

/** Which hook call becomes which fixture. */
interface FixturePick {
  event: string;
  variant: string;
  /** The contract event whose native keys are looked for (post-tool-failure is post-tool). */
  native: keyof typeof CAMEL_EVENTS;
  /** Picks among that event's calls (the stdin as compact JSON). */
  when: (stdin: string) => boolean;
  /** Which of the matching calls (default the first). */
  nth?: number;
  note?: string;
}

const isSubagent = (s: string): boolean => s.includes('"agentId"') || s.includes('"agent_id"');

/** The fixtures, picked from the fixture session. */
export const PICKS: readonly FixturePick[] = [
  {
    event: "pre-tool",
    variant: "shell-force-push",
    native: "pre-tool",
    when: (s) => s.includes(FORCE_PUSH),
  },
  {
    event: "pre-tool",
    variant: "shell-harmless",
    native: "pre-tool",
    when: (s) => s.includes("echo hello"),
  },
  {
    event: "pre-tool",
    variant: "write",
    native: "pre-tool",
    when: (s) => s.includes("notes.txt") && s.includes("file_text"),
  },
  { event: "pre-tool", variant: "edit", native: "pre-tool", when: (s) => s.includes("old_str") },
  {
    event: "pre-tool",
    variant: "read",
    native: "pre-tool",
    when: (s) => s.includes("notes.txt") && !s.includes("file_text") && !s.includes("old_str"),
  },
  {
    event: "pre-tool",
    variant: "write-env",
    native: "pre-tool",
    when: (s) => s.includes("/.env"),
    note: "Copilot CLI wrote .env without asking",
  },
  {
    event: "post-tool",
    variant: "shell-harmless",
    native: "post-tool",
    when: (s) => s.includes("echo hello"),
  },
  {
    event: "post-tool",
    variant: "failed",
    native: "post-tool-failure",
    when: (s) => s.includes("missing.txt"),
    note: "a view of a file that is not there",
  },
  { event: "prompt", variant: "prompt", native: "prompt", when: (s) => s.includes(FIXTURE_PROMPT) },
  {
    event: "session-start",
    variant: "startup",
    native: "session-start",
    when: () => true,
    note: 'a new session in prompt mode: the agent says source "new"',
  },
  { event: "session-end", variant: "end", native: "session-end", when: () => true },
  { event: "stop", variant: "first", native: "stop", when: (s) => !isSubagent(s) },
  {
    event: "stop",
    variant: "continued",
    native: "stop",
    when: (s) => !isSubagent(s),
    nth: 1,
    note: "the second stop, after the first stop hook answered decision block",
  },
  {
    event: "stop",
    variant: "subagent",
    native: "stop",
    when: isSubagent,
    note: "the stop event also fires at the end of a sub-agent's own turn (task tool)",
  },
  { event: "subagent-stop", variant: "first", native: "subagent-stop", when: () => true },
];

/**
 * Turns the fixture session's hook calls into fixtures: each pick once under
 * the camelCase key (variant as named) and once under the PascalCase key
 * (variant + `-pascal`).
 *
 * @param calls The recording hook's calls.
 * @param world The world the session ran in (for redaction).
 * @param version The agent's version.
 * @returns The fixtures, and the picks nothing matched.
 *
 * @example Usage
 * ```ts ignore
 * import { pickFixtures } from "./copilot_cli_harness.ts";
 * const { fixtures, missing } = pickFixtures(session.hookCalls, world, "1.0.102");
 * ```
 */
export function pickFixtures(
  calls: readonly HookLogEntry[],
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  const fixtures: Fixture[] = [];
  const missing: string[] = [];
  for (const pick of PICKS) {
    for (const [keys, suffix] of [[CAMEL_EVENTS, ""], [PASCAL_EVENTS, "-pascal"]] as const) {
      const nativeEvent = keys[pick.native];
      const variant = pick.variant + suffix;
      const found = calls.filter((c) =>
        c.event === nativeEvent && pick.when(JSON.stringify(c.stdin))
      )[
        pick.nth ?? 0
      ];
      if (found === undefined || typeof found.stdin !== "object" || found.stdin === null) {
        missing.push(`${pick.event}.${variant} (${nativeEvent})`);
        continue;
      }
      const how =
        `recorded: copilot -p in BYOK offline mode against src/verify/fake/openai_chat.ts, ` +
        `a user settings file ($COPILOT_HOME/hooks/*.json, version 1) with the key ${nativeEvent}`;
      fixtures.push({
        agent: COPILOT,
        version,
        source: "recorded",
        os: fixtureOs(),
        date: fixtureDate(),
        event: pick.event,
        nativeEvent,
        variant,
        note: pick.note === undefined ? how : `${how}; ${pick.note}`,
        payload: redact(found.stdin, world) as Record<string, unknown>,
      });
    }
  }
  return { fixtures, missing };
}

/** One fresh set of Copilot CLI's fixtures, from the fixture session. */
async function fixtureSet(version: string): Promise<FixtureSet> {
  await using world = await copilotWorld();
  const session = await fixtureSession(world);
  return {
    ...pickFixtures(session.hookCalls, world, version),
    problems: sessionProblems({ code: session.run.code, requests: session.requests }),
    why: `exit ${session.run.code}; stderr:\n${session.run.stderr.slice(-1500)}`,
  };
}

/**
 * How many sessions run at once (EVERYHOOK_E2E_JOBS, default 3).
 *
 * @returns The number.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jobs } from "./copilot_cli_harness.ts";
 * assert(jobs() > 0);
 * ```
 */
export function jobs(): number {
  const n = Number(Deno.env.get("EVERYHOOK_E2E_JOBS") ?? "3");
  return Number.isInteger(n) && n > 0 ? n : 3;
}

/**
 * GitHub Copilot CLI's parts for the shared recorder and tests.
 *
 * @example Usage
 * ```ts ignore
 * import { COPILOT_E2E } from "./copilot_cli_harness.ts";
 * import { agentE2eTests } from "./agent_e2e.ts";
 * await agentE2eTests(COPILOT_E2E);
 * ```
 */
export const COPILOT_E2E: AgentE2e<CaseSpec> = {
  id: COPILOT,
  fixtureSet,
  fixtureCheck: {
    cover: "all",
    keys: "same",
    fields: ["toolName", "tool_name"],
    nativeEvent: true,
  },
  fixtureTestSuffix: ", in both spellings",
  cases: CASES,
  runCase,
  jobs: jobs(),
  // One per kind of outcome, and the spelling that changes one.
  keyCases: [
    "pre-exit2-stderr",
    "pre-deny",
    "pre-claude-deny",
    "pre-pascal-claude-deny",
    "pre-modified-args",
    "post-block",
    "postfail-context",
    "prompt-block",
    "start-context",
    "stop-block",
    "subagent-stop-block",
  ],
};

/**
 * GitHub Copilot CLI's harness, for `deno task record` and the e2e tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./copilot_cli_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures");
 * ```
 */
export const harness: AgentHarness = agentHarness(COPILOT_E2E);
