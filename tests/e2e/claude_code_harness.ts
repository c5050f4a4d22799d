/**
 * Claude Code's recorder: fixtures/claude-code/*.json from one real session
 * (claude_code_session.ts) that plays every tool variant, starts a subagent
 * and is sent back once at its stop, and fixtures/conformance/claude-code.json
 * from the cases of claude_code_conformance.ts.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import type { AnthropicScript } from "../../src/verify/fake/anthropic.ts";
import { fixtureDate, fixtureOs, redact, writeFixture } from "./fixture_io.ts";
import type { HookRule } from "./record_hook.ts";
import { agentVersion, type HookLogEntry, makeWorld, skipReason, type World } from "./world.ts";
import {
  ALLOWED_TOOLS,
  bash,
  CLAUDE,
  CLAUDE_EVENTS,
  type ClaudeEvent,
  type ClaudeRun,
  FORCE_PUSH,
  inSubagent,
  payloadOf,
  runClaude,
  say,
  SUB_MARKER,
} from "./claude_code_session.ts";
import { recordConformance } from "./claude_code_conformance.ts";

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

/** How a fixture is picked from the hook log. */
interface Pick {
  native: ClaudeEvent;
  variant: string;
  /** The n-th match (default 0). */
  nth?: number;
  /** Which calls qualify. */
  when?: (p: Record<string, unknown>) => boolean;
  note?: string;
}

const toolInput = (p: Record<string, unknown>): Record<string, unknown> =>
  typeof p["tool_input"] === "object" && p["tool_input"] !== null
    ? p["tool_input"] as Record<string, unknown>
    : {};

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

/**
 * The payloads of the recording session, by fixture name (`<event>.<variant>`).
 *
 * @param hookLog The recording hook's log of the session.
 * @returns The payloads found (not redacted).
 *
 * @example Usage
 * ```ts ignore
 * const payloads = pickPayloads(run.hookLog);
 * console.log(payloads.get("pre-tool.shell-force-push"));
 * ```
 */
export function pickPayloads(
  hookLog: readonly HookLogEntry[],
): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const pick of PICKS) {
    const found = hookLog.filter((e) =>
      e.event === pick.native && (pick.native === "SubagentStop" || !inSubagent(e)) &&
      (pick.when?.(payloadOf(e)) ?? true)
    )[pick.nth ?? 0];
    if (found !== undefined) {
      out.set(`${CLAUDE_EVENTS[pick.native]}.${pick.variant}`, payloadOf(found));
    }
  }
  return out;
}

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
 * @returns The run; {@linkcode pickPayloads} finds the fixtures' payloads in its hook log.
 *
 * @example Usage
 * ```ts ignore
 * await using world = await makeWorld("claude-code");
 * const payloads = pickPayloads((await recordingSession(world)).hookLog);
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
 * Records fixtures/claude-code/*.json from one real session that plays every
 * tool variant, starts a subagent, and is sent back once at its stop.
 *
 * @param outDir The agent's fixtures folder.
 * @returns The files written.
 */
async function recordFixtures(outDir: string): Promise<string[]> {
  const version = await agentVersion(CLAUDE);
  await using world = await makeWorld(CLAUDE);
  const run = await recordingSession(world);
  const picked = pickPayloads(run.hookLog);
  const missing = PICKS.map((p) => `${CLAUDE_EVENTS[p.native]}.${p.variant}`)
    .filter((name) => !picked.has(name));
  if (missing.length > 0) {
    throw new Error(
      `Cannot find ${missing.join(", ")} in the hook log; saw ${
        run.hookLog.map((e) => e.event).join(" ")
      }; exit ${run.process.code}; stderr ${run.process.stderr.slice(0, 500)}`,
    );
  }
  const written: string[] = [];
  for (const pick of PICKS) {
    const payload = picked.get(`${CLAUDE_EVENTS[pick.native]}.${pick.variant}`)!;
    const fixture: Fixture = {
      agent: CLAUDE,
      version,
      source: "recorded",
      os: fixtureOs(),
      date: fixtureDate(),
      event: CLAUDE_EVENTS[pick.native],
      nativeEvent: pick.native,
      variant: pick.variant,
      note: pick.note ? `${pick.note}; ${HOW}` : HOW,
      payload: redact(payload, world) as Record<string, unknown>,
    };
    written.push(await writeFixture(outDir, fixture));
  }
  return written;
}

/**
 * Claude Code's harness for scripts/record.ts and the tests.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./claude_code_harness.ts";
 * if (await harness.unavailable() === undefined) await harness.recordFixtures("fixtures/claude-code");
 * ```
 */
export const harness: AgentHarness = {
  id: CLAUDE,
  unavailable: () => skipReason(CLAUDE),
  recordFixtures,
  recordConformance,
};
