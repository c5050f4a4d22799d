/**
 * Gemini CLI's recorder: fixtures/gemini-cli/*.json from one real session
 * (gemini_cli_session.ts) that plays every tool kind, and
 * fixtures/conformance/gemini-cli.json from the cases of
 * gemini_cli_conformance.ts.
 *
 * @module
 */

import type { AgentHarness, ConformanceFile, Fixture } from "./harness_types.ts";
import { agentVersion, type HookLogEntry, makeWorld, skipReason, type World } from "./world.ts";
import type { GeminiStep } from "../../src/verify/fake/gemini.ts";
import { fixtureDate, fixtureOs, redact, writeFixture } from "./fixture_io.ts";
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
  toolInput,
} from "./gemini_cli_session.ts";
import { recordGeminiConformance } from "./gemini_cli_conformance.ts";

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
 * Records Gemini CLI's fixtures from one real session: every tool kind, the
 * prompt, session start and end, and two stops (the first sent back).
 *
 * @returns The fixtures, redacted, not yet written.
 * @throws Error when the session gave no payload for one of them.
 *
 * @example Usage
 * ```ts ignore
 * import { recordGeminiFixtureSet } from "./gemini_cli_harness.ts";
 * console.log((await recordGeminiFixtureSet()).map((f) => `${f.event}.${f.variant}`));
 * ```
 */
export async function recordGeminiFixtureSet(): Promise<Fixture[]> {
  const version = await agentVersion(GEMINI_ID);
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
  const envRefused = !session.hooks.some((e) =>
    e.event === "BeforeTool" && fileTool(asObject(e.stdin), "write_file", ".env")
  );
  const fixtures: Fixture[] = [];
  const missing: string[] = [];
  for (const f of FIXTURE_PICKS) {
    const nativeEvent = GEMINI_EVENTS[f.event];
    const entry = session.hooks.find((e) =>
      e.event === nativeEvent && f.pick(e, asObject(e.stdin))
    );
    if (entry === undefined) {
      missing.push(`${f.event}.${f.variant}`);
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
  if (missing.length > 0) {
    throw new Error(
      `the session recorded no payload for ${missing.join(", ")} (exit ${session.run.code}): ` +
        session.run.stderr.slice(-800),
    );
  }
  return fixtures;
}

/**
 * Records fixtures/gemini-cli/*.json from one real session (see
 * {@linkcode recordGeminiFixtureSet}).
 *
 * @param outDir The fixtures folder, or Gemini CLI's folder inside it.
 * @returns The files written.
 *
 * @example Usage
 * ```ts ignore
 * import { recordGeminiFixtures } from "./gemini_cli_harness.ts";
 * console.log(await recordGeminiFixtures("fixtures"));
 * ```
 */
export async function recordGeminiFixtures(outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const f of await recordGeminiFixtureSet()) written.push(await writeFixture(outDir, f));
  return written;
}

/**
 * Gemini CLI's harness for scripts/record.ts.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./gemini_cli_harness.ts";
 * console.log(await harness.unavailable() ?? "ready");
 * ```
 */
export const harness: AgentHarness = {
  id: GEMINI_ID,
  unavailable: (): Promise<string | undefined> => skipReason(GEMINI_ID),
  recordFixtures: recordGeminiFixtures,
  recordConformance: (): Promise<ConformanceFile> => recordGeminiConformance(),
};
