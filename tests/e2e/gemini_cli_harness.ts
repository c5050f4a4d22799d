/**
 * Gemini CLI on the shared recorder and tests (agent_e2e.ts): its fixtures
 * from one real session (gemini_cli_session.ts) that plays every tool kind,
 * its conformance cases from gemini_cli_cases.ts. `deno task record
 * gemini-cli` runs {@linkcode harness}.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { type AgentE2e, agentHarness, type FixtureSet } from "./agent_e2e.ts";
import { type HookLogEntry, makeWorld, type World } from "./world.ts";
import type { GeminiStep } from "../../src/verify/fake/gemini.ts";
import { fixtureDate, fixtureOs, redact } from "./fixture_io.ts";
import {
  asObject,
  FINAL_TEXT,
  FORCE_PUSH,
  GEMINI_EVENTS,
  GEMINI_ID,
  type GeminiEvent,
  HARMLESS,
  prepareProject,
  PROMPT,
  recordingHooks,
  runGeminiSession,
  SHORT_SCRIPT,
} from "./gemini_cli_session.ts";
import { toolInput } from "./fixture_picks.ts";
import { type ConformanceSpec, conformanceSpecs, runConformanceCase } from "./gemini_cli_cases.ts";

/** The full script of the fixture session: every tool kind, an env file, then the final text. */
function fixtureScript(world: World): GeminiStep[] {
  const p = world.project;
  const call = (name: string, args: Record<string, unknown>): GeminiStep => ({
    kind: "call",
    name,
    args,
  });
  return [
    SHORT_SCRIPT[0]!,
    SHORT_SCRIPT[1]!,
    call("write_file", { file_path: `${p}/notes.txt`, content: "hello world\n" }),
    call("replace", {
      file_path: `${p}/notes.txt`,
      old_string: "hello world",
      new_string: "goodbye world",
      instruction: "change the greeting",
    }),
    call("read_file", { file_path: `${p}/notes.txt` }),
    call("write_file", { file_path: `${p}/.env`, content: "SECRET=1\n" }),
    call("write_file", { file_path: `${p}/app.env`, content: "SECRET=1\n" }),
    { kind: "text", text: FINAL_TEXT },
  ];
}

/** The reason the fixture session's stop hook sends the agent back with. */
const STOP_AGAIN = "Please check the notes once more.";

/** How one fixture is picked from the hook log. */
interface FixturePick {
  event: GeminiEvent;
  variant: string;
  pick: (e: HookLogEntry, stdin: Record<string, unknown>) => boolean;
  note?: string;
}

function shellIs(stdin: Record<string, unknown>, command: string): boolean {
  return stdin.tool_name === "run_shell_command" && toolInput(stdin).command === command;
}

function fileTool(stdin: Record<string, unknown>, tool: string, file: string): boolean {
  const path = toolInput(stdin).file_path;
  return stdin.tool_name === tool && typeof path === "string" && path.endsWith(`/${file}`);
}

const FIXTURE_PICKS: readonly FixturePick[] = [
  { event: "pre-tool", variant: "shell-force-push", pick: (_, s) => shellIs(s, FORCE_PUSH) },
  { event: "pre-tool", variant: "shell-harmless", pick: (_, s) => shellIs(s, HARMLESS) },
  { event: "pre-tool", variant: "write", pick: (_, s) => fileTool(s, "write_file", "notes.txt") },
  { event: "pre-tool", variant: "edit", pick: (_, s) => fileTool(s, "replace", "notes.txt") },
  { event: "pre-tool", variant: "read", pick: (_, s) => fileTool(s, "read_file", "notes.txt") },
  {
    event: "pre-tool",
    variant: "write-env",
    pick: (_, s) => fileTool(s, "write_file", "app.env"),
    note: "Gemini CLI refuses write_file on <project>/.env by itself, before any BeforeTool hook " +
      '("Path not in workspace"), so this is the write to app.env the same session asked for',
  },
  { event: "post-tool", variant: "shell-harmless", pick: (_, s) => shellIs(s, HARMLESS) },
  { event: "prompt", variant: "prompt", pick: () => true },
  { event: "session-start", variant: "startup", pick: () => true },
  { event: "session-end", variant: "end", pick: () => true },
  { event: "stop", variant: "first", pick: (_, s) => s.stop_hook_active === false },
  {
    event: "stop",
    variant: "continued",
    pick: (_, s) => s.stop_hook_active === true,
    note:
      `the second AfterAgent, after the first was answered {"decision":"block","reason":"${STOP_AGAIN}"}`,
  },
];

/**
 * One fresh set of Gemini CLI's fixtures from one real session: every tool
 * kind, the prompt, session start and end, and two stops (the first sent back).
 *
 * @param version The binary's version.
 * @returns The fixtures, redacted, and those the session gave no payload for.
 *
 * @example Usage
 * ```ts ignore
 * import { geminiFixtureSet } from "./gemini_cli_harness.ts";
 * console.log((await geminiFixtureSet("0.20.0")).fixtures.map((f) => `${f.event}.${f.variant}`));
 * ```
 */
export async function geminiFixtureSet(version: string): Promise<FixtureSet> {
  await using world = await makeWorld(GEMINI_ID);
  await prepareProject(world);
  const session = await runGeminiSession(world, {
    script: fixtureScript(world),
    hooks: recordingHooks(world, Object.values(GEMINI_EVENTS)),
    rules: [{
      event: "AfterAgent",
      max: 1,
      stdout: JSON.stringify({ decision: "block", reason: STOP_AGAIN }),
    }],
  });
  const envRefused = !session.hookCalls.some((e) =>
    e.event === "BeforeTool" && fileTool(asObject(e.stdin), "write_file", ".env")
  );
  const fixtures: Fixture[] = [];
  const missing: string[] = [];
  for (const f of FIXTURE_PICKS) {
    const nativeEvent = GEMINI_EVENTS[f.event];
    const entry = session.hookCalls.find((e) =>
      e.event === nativeEvent && f.pick(e, asObject(e.stdin))
    );
    if (entry === undefined) {
      missing.push(`${f.event}.${f.variant} (${nativeEvent})`);
      continue;
    }
    let note = `recorded: gemini -p "${PROMPT}" -m gemini-2.5-flash --skip-trust --yolo -o json, ` +
      "against the fake Gemini API, hooks in the user settings";
    if (f.note && (f.variant !== "write-env" || envRefused)) note += `; ${f.note}`;
    fixtures.push({
      agent: GEMINI_ID,
      version,
      source: "recorded",
      os: fixtureOs(),
      date: fixtureDate(),
      event: f.event,
      nativeEvent,
      variant: f.variant,
      note,
      payload: asObject(redact(entry.stdin, world)),
    });
  }
  return {
    fixtures,
    missing,
    problems: [],
    why: `exit ${session.run.code}: ${session.run.stderr.slice(-800)}`,
  };
}

/**
 * Gemini CLI's parts for the shared recorder and tests.
 *
 * @example Usage
 * ```ts ignore
 * import { GEMINI_E2E } from "./gemini_cli_harness.ts";
 * import { agentE2eTests } from "./agent_e2e.ts";
 * await agentE2eTests(GEMINI_E2E);
 * ```
 */
export const GEMINI_E2E: AgentE2e<ConformanceSpec> = {
  id: GEMINI_ID,
  fixtureSet: geminiFixtureSet,
  fixtureCheck: {
    cover: "all",
    keys: "same",
    fields: ["hook_event_name", "tool_name"],
    nativeEvent: false,
  },
  cases: conformanceSpecs(),
  runCase: runConformanceCase,
  jobs: Math.max(2, Math.min(4, navigator.hardwareConcurrency + 2)),
  // One per kind of outcome (ask: the hang, with its short timeout).
  keyCases: [
    "pre-exit2-stderr",
    "pre-exit2-empty",
    "pre-deny",
    "pre-ask",
    "post-deny",
    "prompt-deny",
    "session-start-context",
    "stop-block-once",
  ],
};

/**
 * Gemini CLI's harness for scripts/record.ts.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./gemini_cli_harness.ts";
 * console.log(await harness.unavailable() ?? "ready");
 * ```
 */
export const harness: AgentHarness = agentHarness(GEMINI_E2E);
