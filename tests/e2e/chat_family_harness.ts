/**
 * The recorder and end-to-end parts of every agent of the chat family (Qwen
 * Code, Factory Droid: each one whose record's `headless` is of the chat
 * family), made from its record alone: the fixture session plays the
 * record's tool templates (a force push, a harmless command, a write, a read
 * and an edit, a `.env` write, the subagent), the fixtures every agent of the
 * family gives are picked here by those tools' names, and what the agent adds
 * (its own picks, the notes its binary earns, which Stops go back, how its
 * main agent's calls are told apart, its jobs and key cases) is its
 * `headless.recording`. `deno task record <id>` takes it through
 * harnesses.ts; chat_agents_test.ts runs it for every chat agent.
 *
 * @module
 */

import type {
  ChatHeadless,
  PayloadTest,
  RecordedStep,
  RecordingPick,
  ToolTemplate,
} from "../../src/agents/headless.ts";
import { findAgent } from "../../src/agents/mod.ts";
import type { Agent } from "../../src/agents/types.ts";
import { chatToolStep } from "../../src/verify/drivers/_chat_driver.ts";
import type { AgentE2e } from "./agent_e2e.ts";
import type { AgentHarness, Fixture } from "./harness_types.ts";
import type { ChatCase } from "./chat_agent_cases.ts";
import { type ChatAgent, type ChatSession, FORCE_PUSH } from "./chat_agent_session.ts";
import { chatAgentE2e, chatAgentHarness, type ChatRecorder } from "./chat_agent_harness.ts";
import {
  type FixturePick,
  fixtureSession,
  fixtureSteps,
  payloadOf,
  pickFixtures,
  STOP_REASON,
  toolInput,
} from "./chat_agent_fixtures.ts";
import { chatAgentOf } from "./chat_family.ts";
import type { HookLogEntry, World } from "./world.ts";

/** One agent of the chat family: its record, its headless data, and how the runner starts it. */
export interface ChatMember {
  /** Its record. */
  agent: Agent;
  /** Its record's headless data (of the chat family). */
  run: ChatHeadless;
  /** How the chat-agent runner starts it. */
  chat: ChatAgent;
}

/**
 * The chat agent with this id, for the family's recorder.
 *
 * @param id everyhook's id of an agent of the chat family.
 * @returns Its record, headless data and runner's view.
 * @throws {Error} When the agent is of no chat family.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatMember } from "./chat_family_harness.ts";
 * assert.equal(chatMember("factory-droid").run.recording.jobs, 3);
 * assert.throws(() => chatMember("opencode"), /no agent of the chat family/);
 * ```
 */
export function chatMember(id: string): ChatMember {
  const agent = findAgent(id);
  const run = agent?.headless?.family === "chat" ? agent.headless : undefined;
  if (agent === undefined || run === undefined) {
    throw new Error(`${id} is no agent of the chat family`);
  }
  return { agent, run, chat: chatAgentOf(id) };
}

/** The harmless command of the fixture session. */
const HARMLESS = "echo hello";

/** The fixture session's file steps: the tool of the record, the project file, the turn's values. */
const FILE_STEPS = {
  write: { tool: "write", file: "new-file.txt", values: { content: "written\n" } },
  read: { tool: "read", file: "edit-me.txt", values: {} },
  edit: { tool: "edit", file: "edit-me.txt", values: { before: "line two", after: "line 2" } },
  "write-env": { tool: "write", file: ".env", values: { content: "A=1\n" } },
} as const;

/** The fixture session's file steps, in the order the model calls them. */
const FILE_ORDER = ["write", "read", "edit", "write-env"] as const;

/** The input field a tool template fills with a placeholder (`{path}`, `{command}`). */
function fieldOf(tool: ToolTemplate, placeholder: string): string {
  const field = Object.entries(tool.input).find(([, v]) => v === `{${placeholder}}`)?.[0];
  if (field === undefined) throw new Error(`tool ${tool.name} has no {${placeholder}} field`);
  return field;
}

/**
 * The test on a payload that a pick's data stands for.
 *
 * @param run The agent's headless data (its tools' names and fields).
 * @param test The test, as data.
 * @returns The test.
 * @throws {Error} When the subagent step is asked of an agent with no subagent tool.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QWEN_HEADLESS } from "../../src/agents/qwen_code.ts";
 * import { payloadTest } from "./chat_family_harness.ts";
 * const env = payloadTest(QWEN_HEADLESS, { step: "write-env" });
 * assert(env({ tool_name: "write_file", tool_input: { file_path: "/p/.env" } }));
 * assert(!env({ tool_name: "write_file", tool_input: { file_path: "/p/new-file.txt" } }));
 * assert(payloadTest(QWEN_HEADLESS, { field: "prompt", equals: "" })({ prompt: "" }));
 * assert(!payloadTest(QWEN_HEADLESS, { field: "p", type: "string" })({ p: 1 }));
 * ```
 */
export function payloadTest(
  run: ChatHeadless,
  test: PayloadTest,
): (payload: Record<string, unknown>) => boolean {
  if ("equals" in test) return (p) => p[test.field] === test.equals;
  if ("type" in test) {
    const is: Record<typeof test.type, (v: unknown) => boolean> = {
      string: (v) => typeof v === "string",
      number: (v) => typeof v === "number",
      boolean: (v) => typeof v === "boolean",
      object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
    };
    return (p) => is[test.type](p[test.field]);
  }
  return stepTest(run, test.step);
}

/** The test that a payload is the call of one of the fixture session's tool steps. */
function stepTest(run: ChatHeadless, step: RecordedStep): (p: Record<string, unknown>) => boolean {
  const shell = run.tools.shell;
  const command = (line: string) => (p: Record<string, unknown>) =>
    p["tool_name"] === shell.name && toolInput(p)[fieldOf(shell, "command")] === line;
  switch (step) {
    case "force-push":
      return command(FORCE_PUSH);
    case "harmless":
      return command(HARMLESS);
    case "subagent": {
      const sub = run.subagent;
      if ("cannot" in sub) throw new Error(`no subagent tool: ${sub.cannot}`);
      return (p) => p["tool_name"] === sub.tool.name;
    }
    default: {
      const { tool, file } = FILE_STEPS[step];
      const template = run.tools[tool];
      const field = fieldOf(template, "path");
      return (p) =>
        p["tool_name"] === template.name &&
        String(toolInput(p)[field] ?? "").endsWith(`/${file}`);
    }
  }
}

/** The fixtures every agent of the family gives, in the main agent's calls. */
const FAMILY_PICKS: readonly Omit<RecordingPick, "native">[] = [
  { event: "pre-tool", variant: "shell-force-push", when: { step: "force-push" } },
  { event: "pre-tool", variant: "shell-harmless", when: { step: "harmless" } },
  ...FILE_ORDER.map((step) => ({ event: "pre-tool" as const, variant: step, when: { step } })),
  { event: "pre-tool", variant: "agent", when: { step: "subagent" } },
  { event: "post-tool", variant: "shell-harmless", when: { step: "harmless" } },
  { event: "post-tool", variant: "write", when: { step: "write" } },
  { event: "session-start", variant: "startup" },
  { event: "stop", variant: "first" },
  {
    event: "stop",
    variant: "continued",
    nth: 1,
    note: `the second Stop, after the first one's hook answered {"decision":"block"}`,
  },
  { event: "subagent-stop", variant: "first" },
];

/**
 * The picks of a chat agent's fixture session: the family's, with the
 * agent's native event names and notes, then its own.
 *
 * @param m The agent.
 * @returns The picks, each with the session it is picked from.
 * @throws {Error} When a note of the record names no fixture of the family.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatMember, chatPicks } from "./chat_family_harness.ts";
 * const picks = chatPicks(chatMember("qwen-code"));
 * const env = picks.find((p) => p.variant === "write-env")!;
 * assert.equal(env.native, "PreToolUse");
 * assert.match(env.note!, /does not refuse \.env/);
 * ```
 */
export function chatPicks(m: ChatMember): RecordingPick[] {
  const { agent, run } = m;
  const names = new Set(FAMILY_PICKS.map((p) => `${p.event}.${p.variant}`));
  const stray = Object.keys(run.recording.notes).filter((k) => !names.has(k));
  if (stray.length > 0) {
    throw new Error(`${agent.id}: recording.notes names no fixture of the family: ${stray}`);
  }
  const sub = "cannot" in run.subagent ? undefined : run.subagent.tool.name;
  const family = FAMILY_PICKS.map((p): RecordingPick => {
    const native = agent.events[p.event]?.native;
    if (native === undefined) throw new Error(`${agent.id} has no ${p.event} event`);
    const own = run.recording.notes[`${p.event}.${p.variant}`];
    const subagentStop = p.event === "subagent-stop" && sub !== undefined
      ? `the ${sub} tool's sub-agent ending`
      : undefined;
    const note = own ?? p.note ?? subagentStop;
    return { ...p, native, ...(note === undefined ? {} : { note }) };
  });
  return [...family, ...run.recording.picks];
}

/** The fixture picks of the picks' data, for fixture_picks.ts. */
function fixturePicks(run: ChatHeadless, picks: readonly RecordingPick[]): FixturePick[] {
  return picks.map(({ when, session: _, ...p }) =>
    when === undefined ? p : { ...p, when: payloadTest(run, when) }
  );
}

/**
 * The native events a chat agent's fixture session records: its events'
 * names and the other names it has for them.
 */
function nativeEvents(agent: Agent): string[] {
  const own = Object.values(agent.events).flatMap((e) => e?.native ?? []);
  return [...new Set([...own, ...Object.keys(agent.aliasEvents)])];
}

/**
 * Runs a chat agent's fixture session: every tool step by its record's
 * templates, a subagent, the Stops its record says sent back once.
 *
 * @param m The agent.
 * @param world A world from chatWorld.
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * import { chatFamilySession, chatMember } from "./chat_family_harness.ts";
 * const s = await chatFamilySession(chatMember("qwen-code"), world);
 * ```
 */
export function chatFamilySession(m: ChatMember, world: World): Promise<ChatSession> {
  const p = world.project;
  const files = FILE_ORDER.map((step) => {
    const { tool, file, values } = FILE_STEPS[step];
    return chatToolStep(m.run.tools[tool], { path: `${p}/${file}`, ...values });
  });
  const back = m.run.recording.stopBack;
  return fixtureSession(m.chat, world, fixtureSteps(m.chat, files), nativeEvents(m.agent), [{
    event: m.agent.events.stop?.native ?? "Stop",
    ...(back.match === undefined ? {} : { match: back.match }),
    max: back.max,
    stdout: JSON.stringify({ decision: "block", reason: STOP_REASON }),
  }]);
}

/**
 * A session's hook calls split into the main agent's and its subagents', by
 * the record's rule.
 *
 * @param main The rule (`headless.recording.main`).
 * @param calls The recording hook's calls.
 * @returns The main agent's calls and the others.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitSessions } from "./chat_family_harness.ts";
 * const call = (event: string, stdin: Record<string, unknown>) =>
 *   ({ event, argv: [], cwd: "/", stdin, env: {}, time: "", rule: null });
 * const calls = [
 *   call("SessionStart", { session_id: "a" }),
 *   call("SessionStart", { session_id: "b", calling_session_id: "a" }),
 *   call("Stop", { session_id: "b" }),
 * ];
 * const s = splitSessions({ by: "session", startWithout: "calling_session_id" }, calls);
 * assert.deepEqual(s.main, [calls[0]]);
 * assert.deepEqual(s.subagent, [calls[1], calls[2]]);
 * ```
 */
export function splitSessions(
  main: ChatHeadless["recording"]["main"],
  calls: readonly HookLogEntry[],
): { main: HookLogEntry[]; subagent: HookLogEntry[] } {
  let inMain: (c: HookLogEntry) => boolean;
  if (main.by === "call") {
    inMain = (c) => main.keep.includes(c.event) || payloadOf(c)[main.without] === undefined;
  } else {
    const start = calls.find((c) =>
      c.event === "SessionStart" && payloadOf(c)[main.startWithout] === undefined
    );
    const id = start === undefined ? undefined : payloadOf(start)["session_id"];
    inMain = (c) => typeof id === "string" && payloadOf(c)["session_id"] === id;
  }
  return { main: calls.filter(inMain), subagent: calls.filter((c) => !inMain(c)) };
}

/**
 * The fixtures of a chat agent's fixture session: each pick from the main
 * agent's calls or a subagent's, as it says.
 *
 * @param m The agent.
 * @param s The session.
 * @param world Its world.
 * @param version The binary's version.
 * @returns The fixtures and the picks nothing matched.
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = chatFamilyFixtures(chatMember("qwen-code"), s, world, "0.24.4");
 * ```
 */
export function chatFamilyFixtures(
  m: ChatMember,
  s: ChatSession,
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  const { how } = m.run.recording;
  const picks = chatPicks(m);
  const calls = splitSessions(m.run.recording.main, s.hookCalls);
  const fixtures: Fixture[] = [];
  const missing: string[] = [];
  for (const session of ["main", "subagent"] as const) {
    const these = picks.filter((p) => (p.session ?? "main") === session);
    if (these.length === 0) continue;
    const got = pickFixtures(
      m.agent.id,
      calls[session],
      fixturePicks(m.run, these),
      world,
      version,
      how,
    );
    fixtures.push(...got.fixtures);
    missing.push(...got.missing);
  }
  return { fixtures, missing };
}

/** The parts a chat agent gives the shared recorder and tests (chat_agent_harness.ts). */
function recorder(m: ChatMember): ChatRecorder {
  return {
    agent: m.chat,
    name: m.agent.name,
    jobs: m.run.recording.jobs,
    keyCases: m.run.recording.keyCases,
    session: (world) => chatFamilySession(m, world),
    fixtures: (s, world, version) => chatFamilyFixtures(m, s, world, version),
  };
}

/**
 * A chat agent's parts for the shared recorder and tests (agent_e2e.ts).
 *
 * @param id everyhook's id of an agent of the chat family.
 * @returns Its e2e parts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatFamilyE2e } from "./chat_family_harness.ts";
 * const droid = chatFamilyE2e("factory-droid");
 * assert.equal(droid.jobs, 3);
 * assert(droid.keyCases.every((k) => droid.cases.some((c) => c.id === k)));
 * ```
 */
export function chatFamilyE2e(id: string): AgentE2e<ChatCase> {
  return chatAgentE2e(recorder(chatMember(id)));
}

/**
 * A chat agent's harness, for `deno task record` (through harnesses.ts).
 *
 * @param id everyhook's id of an agent of the chat family.
 * @returns The harness.
 *
 * @example Usage
 * ```ts ignore
 * import { chatFamilyHarness } from "./chat_family_harness.ts";
 * const harness = chatFamilyHarness("qwen-code");
 * if (!(await harness.unavailable())) await harness.recordFixtures("fixtures/qwen-code");
 * ```
 */
export function chatFamilyHarness(id: string): AgentHarness {
  return chatAgentHarness(recorder(chatMember(id)));
}
