/**
 * Codex CLI's recorder: fixtures/codex/*.json from two real sessions (one that
 * plays every tool variant and is sent back once at its stop, one that starts
 * a sub-agent), and fixtures/conformance/codex.json from the cases in
 * codex_conformance.ts.
 *
 * @module
 */

import type { AgentHarness, ConformanceFile, Fixture } from "./harness_types.ts";
import { CODEX_CASES, runCodexCase } from "./codex_conformance.ts";
import {
  CODEX,
  CODEX_EVENTS,
  type CodexEvent,
  FORCE_PUSH,
  recordingHooks,
  withCodexSession,
} from "./codex_session.ts";
import type { ResponsesStep } from "../../src/verify/fake/openai_responses.ts";
import { inPool } from "./process.ts";
import { fixtureDate, fixtureOs, redact, writeFixture } from "./fixture_io.ts";
import { agentVersion, type HookLogEntry, skipReason } from "./world.ts";

/** The patch that edits a file. */
export const EDIT_PATCH =
  "*** Begin Patch\n*** Update File: existing.txt\n@@\n-line one\n+line one changed\n*** End Patch";
/** The patch that writes a new file. */
export const WRITE_PATCH =
  "*** Begin Patch\n*** Add File: notes.txt\n+written by the model\n*** End Patch";
/** The patch that writes a .env file. */
export const ENV_PATCH =
  "*** Begin Patch\n*** Add File: .env\n+API_KEY=not-a-real-key\n*** End Patch";

/** The main recording session's script: every tool variant, then a final message. */
export const MAIN_STEPS: readonly ResponsesStep[] = [
  { kind: "shell", command: FORCE_PUSH },
  { kind: "shell", command: "echo hello" },
  { kind: "patch", patch: EDIT_PATCH },
  { kind: "patch", patch: WRITE_PATCH },
  { kind: "shell", command: "cat existing.txt" },
  { kind: "patch", patch: ENV_PATCH },
];

/** The reason the stop hook sends Codex back with, once. */
export const STOP_REASON = "R-STOP-BACK: check the work once more";

/** How a fixture is picked from the hook log. */
interface Pick {
  event: CodexEvent;
  variant: string;
  /** The payload's text must hold this. */
  holds?: string;
  note?: string;
}

const HOW =
  "codex exec (--dangerously-bypass-hook-trust) against src/verify/fake/openai_responses.ts, " +
  "hooks in $CODEX_HOME/hooks.json, approval never, sandbox danger-full-access";

/** The fixtures of the main session. */
export const MAIN_PICKS: readonly Pick[] = [
  { event: "pre-tool", variant: "shell-force-push", holds: `"command":"${FORCE_PUSH}"` },
  { event: "pre-tool", variant: "shell-harmless", holds: `"command":"echo hello"` },
  {
    event: "pre-tool",
    variant: "edit",
    holds: "Update File: existing.txt",
    note: "an apply_patch call: tool_input.command is the raw patch text",
  },
  {
    event: "pre-tool",
    variant: "write",
    holds: "Add File: notes.txt",
    note: "an apply_patch call: tool_input.command is the raw patch text",
  },
  {
    event: "pre-tool",
    variant: "read",
    holds: `"command":"cat existing.txt"`,
    note: "Codex has no read tool: the model reads files with a shell command",
  },
  {
    event: "pre-tool",
    variant: "write-env",
    holds: "Add File: .env",
    note: "an apply_patch call adding .env; Codex does not refuse .env by itself",
  },
  { event: "post-tool", variant: "shell-harmless", holds: `"command":"echo hello"` },
  {
    event: "post-tool",
    variant: "write",
    holds: "Add File: notes.txt",
    note: "tool_response is the text the model got",
  },
  { event: "prompt", variant: "prompt" },
  { event: "session-start", variant: "startup" },
  { event: "session-end", variant: "end" },
  { event: "stop", variant: "first", holds: `"stop_hook_active":false` },
  {
    event: "stop",
    variant: "continued",
    holds: `"stop_hook_active":true`,
    note: "the second stop, after the first stop's hook sent Codex back",
  },
];

/** The fixtures of the sub-agent session. */
export const SUBAGENT_PICKS: readonly Pick[] = [
  {
    event: "subagent-stop",
    variant: "first",
    holds: `"stop_hook_active":false`,
    note: "model fake-model, which offers multi_agent_v1.spawn_agent",
  },
  {
    event: "subagent-stop",
    variant: "continued",
    holds: `"stop_hook_active":true`,
    note: "model fake-model; the second sub-agent stop, after the first one's hook sent it back",
  },
];

const SPAWN: ResponsesStep = {
  kind: "raw",
  item: {
    type: "function_call",
    namespace: "multi_agent_v1",
    name: "spawn_agent",
    arguments: JSON.stringify({ message: "Say hello, then stop." }),
  },
};
const WAIT: ResponsesStep = {
  kind: "raw",
  item: {
    type: "function_call",
    namespace: "multi_agent_v1",
    name: "wait_agent",
    arguments: JSON.stringify({ targets: ["$LAST_AGENT_ID"], timeout_ms: 20000 }),
  },
};

/** What every recorded file of this run says first: agent, version, source, os, date. */
function recordedHead(version: string) {
  return {
    agent: CODEX,
    version,
    source: "recorded" as const,
    os: fixtureOs(),
    date: fixtureDate(),
  };
}

/** Picks the payloads from a hook log and makes them fixtures (paths still to redact). */
function pickFixtures(
  calls: readonly HookLogEntry[],
  picks: readonly Pick[],
  version: string,
): Array<Fixture | string> {
  return picks.map((p) => {
    const native = CODEX_EVENTS[p.event];
    const call = calls.find((c) =>
      c.event === native && typeof c.stdin === "object" && c.stdin !== null &&
      (p.holds === undefined || JSON.stringify(c.stdin).includes(p.holds))
    );
    if (call === undefined) return `no ${native} payload${p.holds ? ` holding ${p.holds}` : ""}`;
    return {
      ...recordedHead(version),
      event: p.event,
      nativeEvent: native,
      variant: p.variant,
      note: p.note ? `${p.note}; ${HOW}` : HOW,
      payload: call.stdin as Record<string, unknown>,
    };
  });
}

/** Fails with every missing payload at once. */
function complete(found: Array<Fixture | string>, stderr: string): Fixture[] {
  const missing = found.filter((f): f is string => typeof f === "string");
  if (missing.length > 0) {
    throw new Error(
      `Cannot record Codex fixtures: ${missing.join("; ")} (stderr: ${stderr.slice(-600)})`,
    );
  }
  return found as Fixture[];
}

/**
 * Plays the main session (every tool variant; the first stop is sent back once)
 * and returns its fixtures, redacted.
 *
 * @param version The binary's version.
 * @returns The fixtures of MAIN_PICKS.
 *
 * @example Usage
 * ```ts ignore
 * import { recordMainFixtures } from "./codex_harness.ts";
 * console.log((await recordMainFixtures("0.171.0")).length);
 * ```
 */
export function recordMainFixtures(version: string): Promise<Fixture[]> {
  const events = (Object.keys(CODEX_EVENTS) as CodexEvent[]).filter((e) => e !== "subagent-stop");
  return withCodexSession({
    script: { steps: [...MAIN_STEPS], final: "All steps done." },
    hooks: recordingHooks(events.map((e) => CODEX_EVENTS[e])),
    rules: [{
      event: "Stop",
      match: `"stop_hook_active":false`,
      max: 1,
      stdout: JSON.stringify({ decision: "block", reason: STOP_REASON }),
    }],
    prompt: "Push, edit, write, read, then say done.",
  }, (s) =>
    Promise.resolve(
      complete(pickFixtures(s.calls, MAIN_PICKS, version), s.result.stderr).map((f) =>
        redact(f, s.world) as Fixture
      ),
    ));
}

/**
 * Plays the sub-agent session (model fake-model spawns a sub-agent and waits;
 * the sub-agent's first stop is sent back once) and returns its fixtures.
 *
 * @param version The binary's version.
 * @returns The fixtures of SUBAGENT_PICKS.
 *
 * @example Usage
 * ```ts ignore
 * import { recordSubagentFixtures } from "./codex_harness.ts";
 * console.log((await recordSubagentFixtures("0.171.0")).length);
 * ```
 */
export function recordSubagentFixtures(version: string): Promise<Fixture[]> {
  return withCodexSession({
    script: { steps: [SPAWN, WAIT], final: "The sub-agent is done.", subagentFinal: "hello" },
    model: "fake-model",
    hooks: recordingHooks(["SubagentStop"]),
    rules: [{
      event: "SubagentStop",
      match: `"stop_hook_active":false`,
      max: 1,
      stdout: JSON.stringify({ decision: "block", reason: "R-SUBAGENT-BACK" }),
    }],
  }, (s) =>
    Promise.resolve(
      complete(pickFixtures(s.calls, SUBAGENT_PICKS, version), s.result.stderr).map((f) =>
        redact(f, s.world) as Fixture
      ),
    ));
}

/**
 * Codex CLI's harness for `deno task record`.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./codex_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures/codex");
 * ```
 */
export const harness: AgentHarness = {
  id: CODEX,
  unavailable(): Promise<string | undefined> {
    return skipReason(CODEX);
  },
  async recordFixtures(outDir: string): Promise<string[]> {
    const version = await agentVersion(CODEX);
    const [main, sub] = await Promise.all([
      recordMainFixtures(version),
      recordSubagentFixtures(version),
    ]);
    const written: string[] = [];
    for (const f of [...main, ...sub]) written.push(await writeFixture(outDir, f));
    return written;
  },
  async recordConformance(): Promise<ConformanceFile> {
    const version = await agentVersion(CODEX);
    const cases = await inPool(CODEX_CASES, 8, runCodexCase);
    return { ...recordedHead(version), cases };
  },
};
