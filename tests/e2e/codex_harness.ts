/**
 * Codex CLI on the shared recorder and tests (agent_e2e.ts): its fixtures
 * from two real sessions (one that plays every tool variant and is sent back
 * once at its stop, one that starts a sub-agent, which only the model
 * `fake-model` is offered), its conformance cases from codex_cases.ts.
 * `deno task record codex` runs {@linkcode harness}.
 *
 * @module
 */

import type { AgentHarness, Fixture } from "./harness_types.ts";
import { type AgentE2e, agentHarness, type FixtureSet } from "./agent_e2e.ts";
import { CODEX_CASES, type CodexCase, runCodexCase } from "./codex_cases.ts";
import {
  CODEX,
  CODEX_EVENTS,
  type CodexEvent,
  type CodexSession,
  FORCE_PUSH,
  recordingHooks,
  withCodexSession,
} from "./codex_session.ts";
import type { ResponsesStep } from "../../src/verify/fake/openai_responses.ts";
import { pickFixtures } from "./fixture_picks.ts";

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

/** A session's fixtures, redacted, and the picks it gave no payload for. */
function sessionFixtures(
  s: CodexSession,
  picks: readonly Pick[],
  version: string,
): { fixtures: Fixture[]; missing: string[]; why: string } {
  const shared = picks.map((p) => ({
    event: p.event,
    native: CODEX_EVENTS[p.event],
    variant: p.variant,
    ...(p.holds === undefined ? {} : {
      when: (payload: Record<string, unknown>) => JSON.stringify(payload).includes(p.holds!),
    }),
    ...(p.note === undefined ? {} : { note: p.note }),
  }));
  return {
    ...pickFixtures(CODEX, s.hookCalls, shared, s.world, version, HOW),
    why: `codex exec exit ${s.run.code}; stderr: ${s.run.stderr.slice(-600)}`,
  };
}

/**
 * Plays the main session (every tool variant; the first stop is sent back once)
 * and picks its fixtures.
 *
 * @param version The binary's version.
 * @returns The fixtures of MAIN_PICKS, and those it gave no payload for.
 *
 * @example Usage
 * ```ts ignore
 * import { recordMainFixtures } from "./codex_harness.ts";
 * console.log((await recordMainFixtures("0.171.0")).fixtures.length);
 * ```
 */
export function recordMainFixtures(
  version: string,
): Promise<ReturnType<typeof sessionFixtures>> {
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
  }, (s) => Promise.resolve(sessionFixtures(s, MAIN_PICKS, version)));
}

/**
 * Plays the sub-agent session (model fake-model spawns a sub-agent and waits;
 * the sub-agent's first stop is sent back once) and picks its fixtures.
 *
 * @param version The binary's version.
 * @returns The fixtures of SUBAGENT_PICKS, and those it gave no payload for.
 *
 * @example Usage
 * ```ts ignore
 * import { recordSubagentFixtures } from "./codex_harness.ts";
 * console.log((await recordSubagentFixtures("0.171.0")).fixtures.length);
 * ```
 */
export function recordSubagentFixtures(
  version: string,
): Promise<ReturnType<typeof sessionFixtures>> {
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
  }, (s) => Promise.resolve(sessionFixtures(s, SUBAGENT_PICKS, version)));
}

/** One fresh set of Codex's fixtures: both sessions, at once. */
async function fixtureSet(version: string): Promise<FixtureSet> {
  const [main, sub] = await Promise.all([
    recordMainFixtures(version),
    recordSubagentFixtures(version),
  ]);
  return {
    fixtures: [...main.fixtures, ...sub.fixtures],
    missing: [...main.missing, ...sub.missing],
    problems: [],
    why: `main session: ${main.why}\nsub-agent session: ${sub.why}`,
  };
}

/**
 * Codex CLI's parts for the shared recorder and tests.
 *
 * @example Usage
 * ```ts ignore
 * import { CODEX_E2E } from "./codex_harness.ts";
 * import { agentE2eTests } from "./agent_e2e.ts";
 * await agentE2eTests(CODEX_E2E);
 * ```
 */
export const CODEX_E2E: AgentE2e<CodexCase> = {
  id: CODEX,
  fixtureSet,
  fixtureCheck: {
    cover: "some",
    keys: "same",
    fields: ["hook_event_name", "tool_name"],
    nativeEvent: false,
  },
  cases: CODEX_CASES,
  runCase: runCodexCase,
  jobs: 8,
  // One per kind of outcome.
  keyCases: [
    "pre-exit2-stderr",
    "pre-exit2-empty",
    "pre-deny",
    "pre-allow-rewrite",
    "post-block",
    "prompt-block",
    "session-start-context",
    "stop-block",
  ],
};

/**
 * Codex CLI's harness for `deno task record`.
 *
 * @example Usage
 * ```ts ignore
 * import { harness } from "./codex_harness.ts";
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures/codex");
 * ```
 */
export const harness: AgentHarness = agentHarness(CODEX_E2E);
