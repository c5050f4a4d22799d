/**
 * Claude Code's recorder and runner: runs the real `claude -p` against the
 * fake Messages API (tests/e2e/fake_anthropic.ts) in a throwaway world, with
 * the recording hook on every event; records fixtures/claude-code/*.json from
 * one session and fixtures/conformance/claude-code.json from one session per
 * raw hook output.
 *
 * How it runs: stdin is /dev/null (`claude -p` appends stdin to the prompt),
 * `--allowedTools` so that tools run unless a hook blocks them,
 * CLAUDE_CONFIG_DIR inside the world, and the variables that silence every
 * call but /v1/messages.
 *
 * @module
 */

import type { AgentHarness, ConformanceCase, ConformanceFile, Fixture } from "./harness_types.ts";
import {
  type AnthropicAnswer,
  type AnthropicScript,
  type AnthropicStep,
  startFakeAnthropic,
} from "../../src/verify/fake/anthropic.ts";
import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import {
  conformanceFile,
  fixtureDate,
  fixtureOs,
  redact,
  requestsMention,
  writeFixture,
} from "./fixture_io.ts";
import { inPool, runAgent, type RunAgentResult } from "./process.ts";
import type { HookRule } from "./record_hook.ts";
import {
  agentBin,
  agentVersion,
  type HookLogEntry,
  makeWorld,
  readHookLog,
  recordHookCommand,
  skipReason,
  type World,
} from "./world.ts";

/** everyhook's id for Claude Code. */
export const CLAUDE = "claude-code";

/** Claude Code's hook events we record, and the contract event of each. */
export const CLAUDE_EVENTS = {
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  PostToolUseFailure: "post-tool",
  UserPromptSubmit: "prompt",
  SessionStart: "session-start",
  SessionEnd: "session-end",
  Stop: "stop",
  SubagentStop: "subagent-stop",
} as const;

/** A Claude Code native event we record. */
export type ClaudeEvent = keyof typeof CLAUDE_EVENTS;

/** The command the fake model force-pushes with. */
export const FORCE_PUSH = "git push --force origin main";

/** The marker that tells the subagent's requests apart. */
export const SUB_MARKER = "SUBAGENT-MARKER";

/** The variables that keep Claude Code from calling anything but the base URL. */
export const SILENCE: Readonly<Record<string, string>> = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_TELEMETRY: "1",
  DISABLE_AUTOUPDATER: "1",
  DISABLE_ERROR_REPORTING: "1",
  DO_NOT_TRACK: "1",
  CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
};

/** The tools a run allows unless told otherwise. */
export const ALLOWED_TOOLS = "Bash,Write,Edit,Read";

/**
 * A Bash call as the fake model makes it.
 *
 * @param command The command line.
 * @returns The script step.
 *
 * @example Usage
 * ```ts
 * import { bash } from "./claude_code_harness.ts";
 * console.log(bash("echo hello").kind); // tool
 * ```
 */
export function bash(command: string): AnthropicStep {
  return { kind: "tool", name: "Bash", input: { command, description: "Run a command" } };
}

/**
 * A text answer from the fake model.
 *
 * @param text What it says.
 * @returns The script step.
 *
 * @example Usage
 * ```ts
 * import { say } from "./claude_code_harness.ts";
 * console.log(say("Done.").kind); // text
 * ```
 */
export function say(text: string): AnthropicStep {
  return { kind: "text", text };
}

/** One handler in Claude Code's settings.json. */
export interface ClaudeHookHandler {
  type: "command";
  command: string;
  timeout?: number;
  onFailure?: "continue" | "block";
}

/** The `hooks` object of Claude Code's settings.json. */
export type ClaudeHooks = Record<string, Array<{ matcher?: string; hooks: ClaudeHookHandler[] }>>;

/**
 * The recording hook on every event of {@linkcode CLAUDE_EVENTS}.
 *
 * @param o `preTimeout`: PreToolUse's timeout in seconds (default 10; others 30);
 *   `onFailure`: PreToolUse's failure mode (unset: Claude Code's default, fail-open).
 * @returns The `hooks` object for settings.json.
 *
 * @example Usage
 * ```ts
 * import { recordingHooks } from "./claude_code_harness.ts";
 * console.log(Object.keys(recordingHooks()));
 * ```
 */
export function recordingHooks(
  o: { preTimeout?: number; onFailure?: "continue" | "block" } = {},
): ClaudeHooks {
  const hooks: ClaudeHooks = {};
  for (const event of Object.keys(CLAUDE_EVENTS)) {
    const handler: ClaudeHookHandler = {
      type: "command",
      command: recordHookCommand(event),
      timeout: event === "PreToolUse" ? o.preTimeout ?? 10 : 30,
    };
    if (event === "PreToolUse" && o.onFailure) handler.onFailure = o.onFailure;
    const tooly = event.startsWith("PreTool") || event.startsWith("PostTool");
    hooks[event] = [{ ...(tooly ? { matcher: "*" } : {}), hooks: [handler] }];
  }
  return hooks;
}

/** How to run Claude Code once. */
export interface ClaudeRunOptions {
  /** The world to run in (its home gets .claude/). */
  world: World;
  /** What the fake model says. */
  script: AnthropicScript;
  /** The prompt (default "Please do the scripted task."). */
  prompt?: string;
  /** The recording hook's answers. */
  rules?: HookRule[];
  /** The hooks for $CLAUDE_CONFIG_DIR/settings.json (default: recordingHooks()); null: leave settings alone. */
  hooks?: ClaudeHooks | null;
  /** The --allowedTools value (default ALLOWED_TOOLS); null: no --allowedTools. */
  allowedTools?: string | null;
  /** More variables for claude (and so for its hooks). */
  env?: Record<string, string>;
  /** Kill the run after this long (default 90 s). */
  timeoutMs?: number;
}

/** What one run did. */
export interface ClaudeRun {
  /** The process's exit code, output and time. */
  process: RunAgentResult;
  /** Every request the fake API got. */
  requests: LoggedRequest[];
  /** What each /v1/messages request was answered with. */
  answers: AnthropicAnswer[];
  /** Every call of the recording hook. */
  hookLog: HookLogEntry[];
  /** The stream-json events claude printed. */
  events: Array<Record<string, unknown>>;
  /** The final `result` event, if any. */
  result: Record<string, unknown> | undefined;
}

/**
 * The folder Claude Code keeps its settings in, inside a world ($CLAUDE_CONFIG_DIR).
 *
 * @param world The world.
 * @returns `<home>/.claude`.
 *
 * @example Usage
 * ```ts ignore
 * const settings = `${claudeConfigDir(world)}/settings.json`;
 * ```
 */
export function claudeConfigDir(world: World): string {
  return `${world.home}/.claude`;
}

/**
 * The environment Claude Code runs with: the world's, its config dir, the fake
 * API, a fake key, and the silencing variables.
 *
 * @param world The world.
 * @param apiUrl The fake API's url.
 * @param extra More variables.
 * @returns The environment.
 *
 * @example Usage
 * ```ts ignore
 * const env = claudeEnv(world, api.url, { HOOK_LOG: log });
 * ```
 */
export function claudeEnv(
  world: World,
  apiUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return world.env({
    SHELL: "/bin/bash",
    CLAUDE_CONFIG_DIR: claudeConfigDir(world),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "sk-ant-fake-000000",
    ...SILENCE,
    ...extra,
  });
}

/** Parses claude's stream-json output, skipping lines that are not JSON objects. */
function parseEvents(stdout: string): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (const line of stdout.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    try {
      events.push(JSON.parse(line));
    } catch { /* a partial line */ }
  }
  return events;
}

/**
 * Runs `claude -p` once in a world against a fresh fake API, with the recording
 * hook (or the hooks given), and collects everything it did.
 *
 * @param o See {@linkcode ClaudeRunOptions}.
 * @returns The process result, request log, hook log and stream-json events.
 *
 * @example Usage
 * ```ts ignore
 * await using world = await makeWorld("claude-code");
 * const run = await runClaude({ world, script: { main: [bash("echo hello"), say("Done.")] } });
 * console.log(run.hookLog.map((e) => e.event));
 * ```
 */
export async function runClaude(o: ClaudeRunOptions): Promise<ClaudeRun> {
  const bin = agentBin(CLAUDE);
  if (bin === undefined) throw new Error(`Cannot find the binary of "${CLAUDE}"`);
  const { world } = o;
  const config = claudeConfigDir(world);
  await Deno.mkdir(config, { recursive: true });
  const hooks = o.hooks === undefined ? recordingHooks() : o.hooks;
  if (hooks !== null) {
    await Deno.writeTextFile(`${config}/settings.json`, JSON.stringify({ hooks }, null, 2) + "\n");
  }
  await Deno.writeTextFile(`${world.project}/edit-me.txt`, "line one\nline two\n");
  const hookLog = `${world.tmp}/hooks.jsonl`;
  const rules = `${world.tmp}/rules.json`;
  await Deno.writeTextFile(rules, JSON.stringify(o.rules ?? []));
  const api = await startFakeAnthropic(o.script);
  try {
    const allowed = o.allowedTools === undefined ? ALLOWED_TOOLS : o.allowedTools;
    const args = [
      "-p",
      o.prompt ?? "Please do the scripted task.",
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-hook-events",
      ...(allowed === null ? [] : ["--allowedTools", allowed]),
    ];
    const process = await runAgent({
      cmd: bin,
      args,
      env: claudeEnv(world, api.url, { HOOK_LOG: hookLog, HOOK_RULES: rules, ...o.env }),
      cwd: world.project,
      timeoutMs: o.timeoutMs ?? 90_000,
    });
    const events = parseEvents(process.stdout);
    return {
      process,
      requests: api.requests,
      answers: api.answers,
      hookLog: await readHookLog(hookLog),
      events,
      result: events.findLast((e) => e["type"] === "result"),
    };
  } finally {
    await api.close();
  }
}

/** The fields of a payload, or an empty object. */
function payloadOf(entry: HookLogEntry): Record<string, unknown> {
  return typeof entry.stdin === "object" && entry.stdin !== null
    ? entry.stdin as Record<string, unknown>
    : {};
}

/** Whether a hook call was made from inside a subagent. */
function inSubagent(entry: HookLogEntry): boolean {
  return "agent_id" in payloadOf(entry);
}

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
  "stdin /dev/null, against tests/e2e/fake_anthropic.ts, hooks in $CLAUDE_CONFIG_DIR/settings.json";

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

// ---------------------------------------------------------------------------
// Conformance

/** One conformance case: a raw hook output put to the real binary. */
export interface ClaudeCase {
  /** The case id. */
  id: string;
  /** The native event the rule answers. */
  native: ClaudeEvent;
  /** The raw output. */
  hook: ConformanceCase["hook"];
  /** The model's script (default: force push, then a final text). */
  script?: AnthropicScript;
  /** How many main requests a run that nothing stops makes (default 2). */
  normalRequests?: number;
  /** The text whose arrival at the model is checked (default: none, reachedModel null). */
  marker?: string;
  /** PreToolUse's timeout in seconds (default 10). */
  preTimeout?: number;
  /** PreToolUse's onFailure. */
  onFailure?: "block";
  /** Run without --allowedTools. */
  noAllowedTools?: boolean;
  /** The rule answers only this often. */
  max?: number;
  /** The prompt. */
  prompt?: string;
  /** Notes worth keeping. */
  notes?: string;
}

const FP_SCRIPT: AnthropicScript = { main: [bash(FORCE_PUSH), say("Final answer.")] };
const ECHO_SCRIPT: AnthropicScript = { main: [bash("echo hello"), say("Final answer.")] };
const TEXT_SCRIPT: AnthropicScript = { main: [say("First answer."), say("Second answer.")] };
const hso = (o: Record<string, unknown>): string => JSON.stringify({ hookSpecificOutput: o });

/**
 * The cases of fixtures/conformance/claude-code.json; the adapter's cells cite
 * them by these ids.
 */
export const CLAUDE_CASES: readonly ClaudeCase[] = [
  { id: "pre-exit0-empty", native: "PreToolUse", hook: { exit: 0 } },
  {
    id: "pre-exit2-stderr",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-exit2 force push forbidden" },
    marker: "R-exit2 force push forbidden",
  },
  {
    id: "pre-exit2-empty",
    native: "PreToolUse",
    hook: { exit: 2 },
    marker: "No stderr output",
  },
  {
    id: "pre-exit1-stderr",
    native: "PreToolUse",
    hook: { exit: 1, stderr: "R-exit1 force push forbidden" },
    marker: "R-exit1",
  },
  {
    id: "pre-exit3-stderr",
    native: "PreToolUse",
    hook: { exit: 3, stderr: "R-exit3 force push forbidden" },
    marker: "R-exit3",
  },
  {
    id: "pre-badjson",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "{not json R-badjson" },
    marker: "R-badjson",
  },
  {
    id: "pre-plaintext",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "R-plain plain text from the hook" },
    marker: "R-plain",
  },
  {
    id: "pre-timeout",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-late answer", sleepSeconds: 8, timeoutSeconds: 2 },
    preTimeout: 2,
    marker: "R-late",
    notes: "the hook sleeps past its timeout (2 s), then would exit 2",
  },
  {
    id: "timeout-onfailure",
    native: "PreToolUse",
    hook: { exit: 0, sleepSeconds: 8, timeoutSeconds: 2 },
    preTimeout: 2,
    onFailure: "block",
    marker: "timed out",
    notes: `the hook handler has "onFailure": "block" (fail-closed)`,
  },
  {
    id: "pre-deny-json",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "R-deny force push forbidden",
      }),
    },
    marker: "R-deny force push forbidden",
  },
  {
    id: "pre-deny-no-eventname",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({ permissionDecision: "deny", permissionDecisionReason: "R-deny-noname" }),
    },
    marker: "R-deny-noname",
    notes: "hookSpecificOutput without hookEventName",
  },
  {
    id: "pre-ask-noperm",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "R-ask please confirm",
      }),
    },
    noAllowedTools: true,
    marker: "R-ask please confirm",
    notes: "headless (-p), run without --allowedTools: nobody to ask",
  },
  {
    id: "pre-allow-noperm",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "R-allow fine",
      }),
    },
    noAllowedTools: true,
    marker: "R-allow fine",
    notes: "run without --allowedTools: the hook's allow is what lets the tool run",
  },
  {
    id: "pre-control-noperm",
    native: "PreToolUse",
    hook: { exit: 0 },
    noAllowedTools: true,
    marker: "requires approval",
    notes: "control for pre-allow-noperm: without --allowedTools and without a hook answer " +
      "(reachedModel: the permission denial, not a hook text)",
  },
  {
    id: "pre-addctx",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PreToolUse", additionalContext: "CTX-pre extra context" }),
    },
    marker: "CTX-pre extra context",
  },
  {
    id: "pre-continue-false",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ continue: false, stopReason: "R-stopReason" }) },
    marker: "R-stopReason",
  },
  {
    id: "pre-updated-input",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "echo REWRITTEN-BY-HOOK" },
      }),
    },
    marker: "REWRITTEN-BY-HOOK",
    notes: "reachedModel: the rewritten command's output is the tool_result",
  },
  {
    id: "pre-updated-input-noallow",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        updatedInput: { command: "echo REWRITTEN-BY-HOOK" },
      }),
    },
    marker: "REWRITTEN-BY-HOOK",
    notes: "updatedInput without a permissionDecision",
  },
  {
    id: "pre-systemmessage",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ systemMessage: "R-sysmsg for the person" }) },
    marker: "R-sysmsg",
  },
  {
    id: "post-block",
    native: "PostToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ decision: "block", reason: "R-post block reason" }) },
    script: ECHO_SCRIPT,
    marker: "R-post block reason",
  },
  {
    id: "post-exit2",
    native: "PostToolUse",
    hook: { exit: 2, stderr: "R-post-exit2" },
    script: ECHO_SCRIPT,
    marker: "R-post-exit2",
  },
  {
    id: "post-addctx",
    native: "PostToolUse",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PostToolUse", additionalContext: "CTX-post extra context" }),
    },
    script: ECHO_SCRIPT,
    marker: "CTX-post extra context",
  },
  {
    id: "ups-block",
    native: "UserPromptSubmit",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ decision: "block", reason: "R-ups blocked prompt" }),
    },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    prompt: "SECRET-PROMPT-TEXT do the task",
    marker: "R-ups blocked prompt",
    notes: "toolRan: was the prompt sent to the model",
  },
  {
    id: "ups-exit2",
    native: "UserPromptSubmit",
    hook: { exit: 2, stderr: "R-ups-exit2" },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    prompt: "SECRET-PROMPT-TEXT do the task",
    marker: "R-ups-exit2",
    notes: "toolRan: was the prompt sent to the model",
  },
  {
    id: "ups-addctx",
    native: "UserPromptSubmit",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "UserPromptSubmit", additionalContext: "CTX-ups extra" }),
    },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-ups extra",
    notes: "toolRan: was the prompt sent to the model",
  },
  {
    id: "ss-addctx",
    native: "SessionStart",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "SessionStart", additionalContext: "CTX-ss extra context" }),
    },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-ss extra context",
  },
  {
    id: "ss-plainstdout",
    native: "SessionStart",
    hook: { exit: 0, stdout: "CTX-ss-plain plain stdout" },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-ss-plain",
  },
  {
    id: "stop-block",
    native: "Stop",
    hook: { exit: 0, stdout: JSON.stringify({ decision: "block", reason: "R-stop keep going" }) },
    max: 1,
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "R-stop keep going",
    notes: "the rule answers the first Stop only",
  },
  {
    id: "stop-exit2",
    native: "Stop",
    hook: { exit: 2, stderr: "R-stop-exit2 keep going" },
    max: 1,
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "R-stop-exit2",
    notes: "the rule answers the first Stop only",
  },
  {
    id: "stop-addctx",
    native: "Stop",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "Stop", additionalContext: "CTX-stop please also do X" }),
    },
    max: 1,
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-stop please also do X",
    notes: "no decision, only additionalContext; the rule answers the first Stop only",
  },
  {
    id: "subagent-stop-block",
    native: "SubagentStop",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ decision: "block", reason: "R-substop keep going" }),
    },
    max: 1,
    script: {
      main: [
        {
          kind: "tool",
          name: "Agent",
          input: {
            description: "Run a sub task",
            prompt: `${SUB_MARKER}: answer twice`,
            subagent_type: "general-purpose",
            run_in_background: false,
          },
        },
        say("Final answer."),
      ],
      sub: [say("Sub first."), say("Sub second.")],
      subMarker: SUB_MARKER,
    },
    marker: "R-substop keep going",
    notes: "continued: did the subagent make another request",
  },
];

/**
 * The first string in the logged bodies that holds `text`, made neutral by
 * `clean` and then cut around the text.
 */
function sawText(
  requests: readonly LoggedRequest[],
  text: string,
  clean: (s: string) => string,
): string | undefined {
  const walk = (v: unknown): string | undefined => {
    if (typeof v === "string") return v.includes(text) ? v : undefined;
    if (Array.isArray(v)) {
      for (const x of v) {
        const s = walk(x);
        if (s !== undefined) return s;
      }
      return undefined;
    }
    if (typeof v === "object" && v !== null) return walk(Object.values(v));
    return undefined;
  };
  for (const r of requests) {
    const found = walk(r.body);
    if (found === undefined) continue;
    const s = clean(found);
    const at = Math.max(0, s.indexOf(text));
    const from = Math.max(0, at - 120);
    const to = Math.min(s.length, at + text.length + 80);
    return (from > 0 ? "…" : "") + s.slice(from, to).trim() + (to < s.length ? "…" : "");
  }
  return undefined;
}

/** Replaces the recording hook's command lines (which Claude Code quotes to the model) with `<cmd>`. */
function hideHookCommand(text: string): string {
  let out = text;
  for (const event of Object.keys(CLAUDE_EVENTS)) {
    out = out.replaceAll(recordHookCommand(event), "<cmd>");
  }
  return out;
}

/**
 * Runs one conformance case against the real binary and reads what happened.
 *
 * @param c The case.
 * @returns The conformance row.
 */
export async function runClaudeCase(c: ClaudeCase): Promise<ConformanceCase> {
  await using world = await makeWorld(CLAUDE);
  const script = c.script ?? FP_SCRIPT;
  const rule: HookRule = {
    event: c.native,
    ...(c.native === "PreToolUse" ? { match: "git push" } : {}),
    ...(c.max !== undefined ? { max: c.max } : {}),
    ...(c.hook.stdout !== undefined ? { stdout: c.hook.stdout } : {}),
    ...(c.hook.stderr !== undefined ? { stderr: c.hook.stderr } : {}),
    exit: c.hook.exit,
    ...(c.hook.sleepSeconds !== undefined ? { sleepSeconds: c.hook.sleepSeconds } : {}),
  };
  const run = await runClaude({
    world,
    script,
    rules: [rule],
    hooks: recordingHooks({
      ...(c.preTimeout !== undefined ? { preTimeout: c.preTimeout } : {}),
      ...(c.onFailure !== undefined ? { onFailure: c.onFailure } : {}),
    }),
    allowedTools: c.noAllowedTools ? null : `${ALLOWED_TOOLS},Agent`,
    ...(c.prompt !== undefined ? { prompt: c.prompt } : {}),
    timeoutMs: 60_000,
  });
  const main = run.answers.filter((a) => a.conversation === "main");
  const sub = run.answers.filter((a) => a.conversation === "sub");
  const normal = c.normalRequests ?? 2;
  const posts = run.hookLog.filter((e) =>
    (e.event === "PostToolUse" || e.event === "PostToolUseFailure") && !inSubagent(e)
  );
  let toolRan: boolean | null = null;
  let continued: boolean | null = null;
  if (c.native === "PreToolUse" || c.native === "PostToolUse") toolRan = posts.length > 0;
  if (c.native === "UserPromptSubmit") toolRan = main.length > 0;
  if (c.native === "Stop") continued = main.length > normal;
  if (c.native === "SubagentStop") continued = sub.length > 1;
  const notes = [
    c.notes,
    `claude exit ${run.process.code}${run.process.timedOut ? " (timed out)" : ""}`,
    `result ${run.result?.["subtype"] ?? "none"}` +
    (run.result?.["terminal_reason"] ? `, terminal_reason ${run.result["terminal_reason"]}` : ""),
    `${main.length} model request(s)`,
  ].filter((n) => n !== undefined);
  const saw = c.marker === undefined
    ? undefined
    : sawText(run.requests, c.marker, (t) => redact(hideHookCommand(t), world) as string);
  const resultText = typeof run.result?.["result"] === "string" ? run.result["result"] : "";
  if (c.marker !== undefined && resultText.includes(c.marker)) {
    notes.push(
      `the stream-json result says: ${redact(hideHookCommand(resultText), world)}`.slice(0, 220),
    );
  }
  const row: ConformanceCase = {
    id: c.id,
    event: CLAUDE_EVENTS[c.native],
    nativeEvent: c.native,
    hook: {
      ...c.hook,
      ...(c.native === "PreToolUse" && c.hook.timeoutSeconds === undefined
        ? { timeoutSeconds: c.preTimeout ?? 10 }
        : {}),
    },
    toolRan,
    reachedModel: c.marker === undefined ? null : requestsMention(run.requests, c.marker),
    continued,
    runEnded: main.length < normal,
    ...(saw !== undefined ? { modelSaw: saw } : {}),
    notes: notes.join("; "),
  };
  return row;
}

/**
 * Puts every case of {@linkcode CLAUDE_CASES} to the real binary, a few at a time.
 *
 * @returns The conformance file.
 */
async function recordConformance(): Promise<ConformanceFile> {
  return conformanceFile(CLAUDE, await inPool(CLAUDE_CASES, 4, runClaudeCase));
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
