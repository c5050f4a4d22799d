/**
 * The recorder of the agents whose hooks are everyhook's plugin (OpenCode,
 * Kilo Code): the fixtures (what the plugin sends everyhook, from one headless
 * session that plays every tool variant) and the conformance cases (what the
 * agent does with each answer the plugin carries out, one session per case),
 * against the fake chat completions API. The answers are the ones `run` prints
 * for these agents (`{"block": R}`, `{"args": {...}}`, `{"append": T}`), plus
 * raw hook outputs the plugin does not read (an exit code, broken JSON).
 *
 * @module
 */

import type { AgentHarness, ConformanceCase, Fixture } from "./harness_types.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import { type AgentE2e, agentHarness } from "./agent_e2e.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import { type ChatSession, chatWorld, FORCE_PUSH, FORCE_PUSH_RAN } from "./chat_agent_session.ts";
import { chatFixtureSet } from "./chat_agent_harness.ts";
import { type FixturePick, pickFixtures } from "./chat_agent_fixtures.ts";
import { PLUGIN_NATIVES, type PluginAgent, runPluginAgent } from "./plugin_agent_session.ts";
import type { HookRule } from "./record_hook.ts";
import type { World } from "./world.ts";

/** The prompt of the fixture session. */
const FIXTURE_PROMPT = "Please do the scripted steps.";

/** The tool arguments in a plugin payload (before: output.args; after: input.args). */
function argsOf(p: Record<string, unknown>): Record<string, unknown> {
  const input = (p.input ?? {}) as Record<string, unknown>;
  const output = (p.output ?? {}) as Record<string, unknown>;
  const args = p.event === "tool.execute.before" ? output.args : input.args;
  return typeof args === "object" && args !== null ? args as Record<string, unknown> : {};
}

function toolIs(tool: string, test: (args: Record<string, unknown>) => boolean) {
  return (p: Record<string, unknown>) =>
    (p.input as Record<string, unknown> | undefined)?.tool === tool && test(argsOf(p));
}

const commandIs = (command: string) => toolIs("bash", (a) => a.command === command);
const fileIs = (tool: string, end: string) =>
  toolIs(tool, (a) => String(a.filePath ?? "").endsWith(end));

/** The fixtures, picked from the fixture session. */
export const PLUGIN_PICKS: readonly FixturePick[] = [
  {
    event: "pre-tool",
    native: "tool.execute.before",
    variant: "shell-force-push",
    when: commandIs(FORCE_PUSH),
    note: `the hook answered {"block": …}, so the push never ran`,
  },
  {
    event: "pre-tool",
    native: "tool.execute.before",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
  },
  {
    event: "pre-tool",
    native: "tool.execute.before",
    variant: "write",
    when: fileIs("write", "new-file.txt"),
  },
  {
    event: "pre-tool",
    native: "tool.execute.before",
    variant: "read",
    when: fileIs("read", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "tool.execute.before",
    variant: "edit",
    when: fileIs("edit", "edit-me.txt"),
  },
  {
    event: "post-tool",
    native: "tool.execute.after",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
  },
  {
    event: "post-tool",
    native: "tool.execute.after",
    variant: "write",
    when: fileIs("write", "new-file.txt"),
  },
  { event: "prompt", native: "chat.message", variant: "prompt" },
  { event: "session-start", native: "session.created", variant: "created" },
  {
    event: "stop",
    native: "session.idle",
    variant: "idle",
    note: "the session.idle event, after the last turn",
  },
];

/**
 * Runs the fixture session: a force push (refused), a harmless command, a
 * write, a read and an edit, a final text.
 *
 * @param agent The agent.
 * @param world A world from chatWorld.
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * const s = await pluginFixtureSession(pluginAgentOf("opencode"), world);
 * ```
 */
export async function pluginFixtureSession(agent: PluginAgent, world: World): Promise<ChatSession> {
  const p = world.project;
  await Deno.writeTextFile(`${p}/edit-me.txt`, "line one\nline two\n");
  return await runPluginAgent(agent, {
    world,
    record: PLUGIN_NATIVES,
    rules: [{
      event: "tool.execute.before",
      match: "--force",
      stdout: JSON.stringify({ block: "R-FIXTURE no force push" }),
    }],
    prompt: FIXTURE_PROMPT,
    script: {
      steps: [
        toolStep("bash", { command: FORCE_PUSH, description: "Push the branch" }),
        toolStep("bash", { command: "echo hello", description: "Say hello" }),
        toolStep("write", { filePath: `${p}/new-file.txt`, content: "written\n" }),
        toolStep("read", { filePath: `${p}/edit-me.txt` }),
        toolStep("edit", {
          filePath: `${p}/edit-me.txt`,
          oldString: "line two",
          newString: "line 2",
        }),
        textStep("FINAL-1"),
      ],
    },
  });
}

/**
 * The fixtures of a fixture session.
 *
 * @param agent The agent.
 * @param s The session.
 * @param world Its world.
 * @param version The binary's version.
 * @returns The fixtures and the picks nothing matched.
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = pluginFixtures(pluginAgentOf("opencode"), s, world, "1.18.33");
 * ```
 */
export function pluginFixtures(
  agent: PluginAgent,
  s: ChatSession,
  world: World,
  version: string,
): { fixtures: Fixture[]; missing: string[] } {
  const how =
    `recorded: ${agent.id} run --format json against src/verify/fake/openai_chat.ts (config in ${agent.spec.prefix}_CONFIG_CONTENT), everyhook's plugin in $XDG_CONFIG_HOME/${agent.spec.configFolder}/plugin/`;
  return pickFixtures(agent.id, s.hookCalls, PLUGIN_PICKS, world, version, how);
}

/** One conformance case: what the hook prints at one plugin event. */
interface PluginCase {
  id: string;
  event: string;
  native: string;
  about: string;
  hook: {
    stdout?: string;
    stderr?: string;
    exit: number;
    sleepSeconds?: number;
    timeoutSeconds?: number;
  };
  /** Only this call answers (a text in its stdin). */
  match?: string;
  /** The text to look for in what the model was shown. */
  marker?: string;
}

const json = (v: unknown) => JSON.stringify(v);

/** The cases every plugin agent is recorded with. */
export const PLUGIN_CASES: readonly PluginCase[] = [
  {
    id: "pre-block",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "block: the plugin throws the reason",
    hook: { stdout: json({ block: "R-CASE-BLOCK no force push" }), exit: 0 },
    match: "--force",
    marker: "R-CASE-BLOCK",
  },
  {
    id: "pre-args",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "args: the plugin replaces the tool's arguments",
    hook: {
      stdout: json({ args: { command: "echo R-CASE-ARGS-RAN", description: "x" } }),
      exit: 0,
    },
    match: "--force",
    marker: "R-CASE-ARGS-RAN",
  },
  {
    id: "pre-nothing",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "nothing printed, exit 0",
    hook: { exit: 0 },
  },
  {
    id: "pre-exit2-stderr",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "exit 2 with a reason on stderr: the plugin reads only stdout",
    hook: { stderr: "R-CASE-EXIT2 no", exit: 2 },
    marker: "R-CASE-EXIT2",
  },
  {
    id: "pre-bad-json",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "broken JSON on stdout: the plugin reads it as no answer",
    hook: { stdout: `{"block": "R-CASE-BAD`, exit: 0 },
    marker: "R-CASE-BAD",
  },
  {
    id: "pre-exit2-empty",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "exit 2 with nothing on stderr",
    hook: { exit: 2 },
  },
  {
    id: "pre-exit1",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "exit 1 with a reason on stderr",
    hook: { stderr: "R-CASE-EXIT1 no", exit: 1 },
    marker: "R-CASE-EXIT1",
  },
  {
    id: "pre-exit3",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "exit 3 with a reason on stderr",
    hook: { stderr: "R-CASE-EXIT3 no", exit: 3 },
    marker: "R-CASE-EXIT3",
  },
  {
    id: "pre-plain-text",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "plain text on stdout",
    hook: { stdout: "R-CASE-PLAIN no force push", exit: 0 },
    marker: "R-CASE-PLAIN",
  },
  {
    id: "pre-timeout",
    event: "pre-tool",
    native: "tool.execute.before",
    about: "a block past the plugin's timeout for the line (2 s, sleeps 6 s): the plugin ends it",
    hook: {
      stdout: json({ block: "R-CASE-SLOW too late" }),
      exit: 0,
      sleepSeconds: 6,
      timeoutSeconds: 2,
    },
    marker: "R-CASE-SLOW",
  },
  {
    id: "post-append",
    event: "post-tool",
    native: "tool.execute.after",
    about: "append: the plugin adds the text to the tool's output",
    hook: { stdout: json({ append: "R-CASE-APPEND" }), exit: 0 },
    marker: "R-CASE-APPEND",
  },
  {
    id: "prompt-block",
    event: "prompt",
    native: "chat.message",
    about: "block at chat.message: the plugin throws the reason",
    hook: { stdout: json({ block: "R-CASE-PROMPT no" }), exit: 0 },
    marker: "R-CASE-PROMPT",
  },
  {
    id: "ss-created",
    event: "session-start",
    native: "session.created",
    about: "block at session.created: the event's answer is not read",
    hook: { stdout: json({ block: "R-CASE-SS no" }), exit: 0 },
    marker: "R-CASE-SS",
  },
  {
    id: "stop-idle",
    event: "stop",
    native: "session.idle",
    about: "block at session.idle: the event's answer is not read",
    hook: { stdout: json({ block: "R-CASE-STOP go on" }), exit: 0 },
    marker: "R-CASE-STOP",
  },
];

/** The text of the prompt, looked for in what the model got. */
const PROMPT_MARK = "PROMPT-TEXT-8K";

/**
 * Runs one case in a fresh world: a force push (pre-tool), a harmless command
 * (post-tool) or a text turn, the recording hook answering at the case's event.
 *
 * @param agent The agent.
 * @param c The case.
 * @returns The conformance case.
 *
 * @example Usage
 * ```ts ignore
 * console.log(await runPluginCase(pluginAgentOf("opencode"), PLUGIN_CASES[0]!));
 * ```
 */
export async function runPluginCase(agent: PluginAgent, c: PluginCase): Promise<ConformanceCase> {
  await using world = await chatWorld(agent.id);
  const step = c.event === "pre-tool"
    ? [toolStep("bash", { command: FORCE_PUSH, description: "Push the branch" })]
    : c.event === "post-tool"
    ? [toolStep("bash", { command: "echo hello", description: "Say hello" })]
    : [];
  const { timeoutSeconds, ...answer } = c.hook;
  const rule: HookRule = { event: c.native, ...answer, ...(c.match ? { match: c.match } : {}) };
  const s = await runPluginAgent(agent, {
    world,
    record: [c.native],
    recordTimeout: timeoutSeconds ?? 30,
    rules: [rule],
    prompt: `${PROMPT_MARK} do the scripted steps`,
    script: { steps: [...step, textStep("FINAL-OK")] },
  });
  const normal = step.length + 1;
  const pushRan = s.toolResults.some((t) => FORCE_PUSH_RAN.test(t));
  const argsRan = s.toolResults.some((t) => t.includes("R-CASE-ARGS-RAN"));
  let toolRan: boolean | null = null;
  if (c.event === "pre-tool") toolRan = pushRan || argsRan;
  if (c.event === "post-tool") toolRan = s.toolResults.some((t) => /\bhello\b/.test(t));
  if (c.event === "prompt") toolRan = requestsMention(s.turns, PROMPT_MARK);
  const notes = [c.about, `exit ${s.run.code ?? "on a signal"}`];
  if (s.run.timedOut) notes.push("the run timed out");
  if (!s.hookCalls.some((h) => h.event === c.native)) notes.push("the hook never ran");
  if (argsRan) notes.push("the rewritten command ran instead of the force push");
  if (c.marker !== undefined && (s.run.stdout + s.run.stderr).includes(c.marker)) {
    notes.push("the agent printed it");
  }
  notes.push(`${s.turns.length} model turn(s)`);
  const result: ConformanceCase = {
    id: c.id,
    event: c.event,
    nativeEvent: c.native,
    hook: { ...c.hook, timeoutSeconds: timeoutSeconds ?? 30 },
    toolRan,
    reachedModel: c.marker === undefined ? null : requestsMention(s.requests, c.marker),
    continued: c.event === "stop" ? s.turns.length > normal : null,
    runEnded: s.run.code !== 0 || s.turns.length < normal,
    notes: notes.join("; "),
  };
  const saw = s.toolResults[0];
  if (saw !== undefined && step.length > 0) {
    result.modelSaw = String(redact(saw.trim(), world)).slice(0, 400);
  }
  return result;
}

/** How many sessions of a plugin agent run at once. */
export const PLUGIN_JOBS = 2;

/**
 * A plugin agent's parts for the shared recorder and tests (agent_e2e.ts).
 *
 * @param agent The agent.
 * @returns Its e2e parts.
 *
 * @example Usage
 * ```ts ignore
 * import { pluginAgentE2e } from "./plugin_agent_harness.ts";
 * await agentE2eTests(pluginAgentE2e(pluginAgentOf("opencode")));
 * ```
 */
export function pluginAgentE2e(agent: PluginAgent): AgentE2e<PluginCase> {
  return {
    id: agent.id,
    fixtureSet: (version) =>
      chatFixtureSet(agent.id, version, async (world, v) => {
        const session = await pluginFixtureSession(agent, world);
        return { session, ...pluginFixtures(agent, session, world, v) };
      }),
    fixtureCheck: {
      cover: "all",
      keys: "kept",
      fields: [],
      nativeEvent: true,
      // The session's own record (its id, title, times) is the agent's to grow or shrink.
      mayDrop: ["input.properties.info."],
    },
    fixtureTestSuffix: " (through the plugin)",
    cases: PLUGIN_CASES,
    runCase: (c) => runPluginCase(agent, c),
    jobs: PLUGIN_JOBS,
    keyCases: ["pre-block", "post-append"],
  };
}

/**
 * The harness of one plugin agent, for `deno task record`.
 *
 * @param agent The agent.
 * @returns The harness.
 *
 * @example Usage
 * ```ts ignore
 * export const harness = pluginHarness(pluginAgentOf("opencode"));
 * ```
 */
export function pluginHarness(agent: PluginAgent): AgentHarness {
  return agentHarness(pluginAgentE2e(agent));
}
