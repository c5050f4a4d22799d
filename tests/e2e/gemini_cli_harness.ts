/**
 * Gemini CLI, headless, against the fake Gemini API: one session in a
 * throwaway world, the recorder of its fixtures and the conformance run of
 * every raw hook output.
 *
 * What running it headless takes, and what this module does about it:
 * - auth without login: `security.auth.selectedType: "gemini-api-key"` plus
 *   GEMINI_API_KEY and GOOGLE_GEMINI_BASE_URL (else exit 41);
 * - folder trust: `--skip-trust` and the hooks in the USER settings file
 *   (project hooks are silently ignored with --skip-trust);
 * - hook timeouts are in milliseconds;
 * - `--yolo`, or headless mode has no shell tool;
 * - hooks may get a short environment (GITHUB_SHA, SURFACE=Github): the
 *   recording hook's variables are set on its command line, not inherited;
 * - SessionEnd is not awaited: its recording hook runs in a session of its
 *   own so that the end of the agent's process group does not kill it;
 * - a BeforeTool `ask` hangs headless: that case runs with a short timeout.
 *
 * @module
 */

import type { ConformanceCase, ConformanceFile, Fixture } from "./harness_types.ts";
import type { AgentHarness } from "./harness_types.ts";
import {
  agentBin,
  agentVersion,
  type HookLogEntry,
  makeWorld,
  readHookLog,
  recordHookCommand,
  shellQuote,
  skipReason,
  type World,
} from "./world.ts";
import type { HookRule } from "./record_hook.ts";
import { inPool, runAgent, type RunAgentResult } from "./process.ts";
import {
  functionResponses,
  type GeminiStep,
  modelTurns,
  startFakeGemini,
} from "../../src/verify/fake/gemini.ts";
import { fixtureDate, fixtureOs, redact, requestsMention, writeFixture } from "./fixture_io.ts";

/** everyhook's id for Gemini CLI. */
export const GEMINI_ID = "gemini-cli";

/** The contract events Gemini CLI has, with its own event names (it has no subagent-stop). */
export const GEMINI_EVENTS = {
  "pre-tool": "BeforeTool",
  "post-tool": "AfterTool",
  "prompt": "BeforeAgent",
  "stop": "AfterAgent",
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
} as const;

/** A contract event Gemini CLI has. */
export type GeminiEvent = keyof typeof GEMINI_EVENTS;

/** The prompt every session starts with. */
export const PROMPT = "Please do the tasks.";

/** The force push the scripts ask for; the project's origin is a bare repository in the world. */
export const FORCE_PUSH = "git push --force origin main";

/** The harmless command the scripts ask for. */
export const HARMLESS = "echo hello";

/** The final text of every script. */
export const FINAL_TEXT = "All done. FINAL_TEXT_MARKER";

/**
 * The short script of the conformance cases and the end-to-end tests: the force
 * push, the harmless command, the final text.
 *
 * @example Usage
 * ```ts
 * import { SHORT_SCRIPT } from "./gemini_cli_harness.ts";
 * console.assert(SHORT_SCRIPT.length === 3);
 * ```
 */
export const SHORT_SCRIPT: readonly GeminiStep[] = [
  {
    kind: "call",
    name: "run_shell_command",
    args: { command: FORCE_PUSH, description: "force push" },
  },
  {
    kind: "call",
    name: "run_shell_command",
    args: { command: HARMLESS, description: "say hello" },
  },
  { kind: "text", text: FINAL_TEXT },
];

/**
 * The settings every session starts from: no telemetry, no update check,
 * API-key auth, hooks on.
 *
 * @returns The settings object.
 *
 * @example Usage
 * ```ts
 * import { baseSettings } from "./gemini_cli_harness.ts";
 * console.assert("security" in baseSettings());
 * ```
 */
export function baseSettings(): Record<string, unknown> {
  return {
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false, logPrompts: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    security: { auth: { selectedType: "gemini-api-key" } },
    hooksConfig: { enabled: true, notifications: false },
  };
}

/**
 * Where a world's recording hook logs, and where its rules are.
 *
 * @param world The world.
 * @returns The two paths.
 *
 * @example Usage
 * ```ts
 * import { hookFiles } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * console.log(hookFiles(world).log);
 * ```
 */
export function hookFiles(world: World): { log: string; rules: string } {
  return { log: `${world.root}/hooks.jsonl`, rules: `${world.root}/rules.json` };
}

/**
 * The `hooks` object of Gemini's settings that runs the recording hook on each
 * of the native events. The hook's variables are on its command line, so that
 * a short hook environment cannot lose them.
 *
 * @param world The world (its log and rules files).
 * @param nativeEvents The events to hook.
 * @param timeoutMs The hook timeout, in milliseconds (Gemini's unit).
 * @returns The `hooks` value.
 *
 * @example Usage
 * ```ts
 * import { recordingHooks } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * console.assert("BeforeTool" in recordingHooks(world, ["BeforeTool"], 5000));
 * ```
 */
export function recordingHooks(
  world: World,
  nativeEvents: readonly string[],
  timeoutMs = 10_000,
): Record<string, unknown> {
  const { log, rules } = hookFiles(world);
  const vars = [
    `HOOK_LOG=${shellQuote(log)}`,
    `HOOK_RULES=${shellQuote(rules)}`,
    `DENO_DIR=${shellQuote(world.env().DENO_DIR ?? "")}`,
  ].join(" ");
  const hooks: Record<string, unknown> = {};
  for (const ev of nativeEvents) {
    // SessionEnd is not awaited: a session of its own keeps it alive past the agent's group.
    const detach = ev === "SessionEnd" ? "setsid -f " : "";
    const command = `${vars} ${detach}${recordHookCommand(ev)}`;
    hooks[ev] = [{
      matcher: "*",
      hooks: [{ name: `rec-${ev}`, type: "command", command, timeout: timeoutMs }],
    }];
  }
  return hooks;
}

/** Runs git in a folder; throws with git's message when it fails. */
async function git(cwd: string, env: Record<string, string>, ...args: string[]): Promise<void> {
  const out = await new Deno.Command("git", {
    args: ["-c", "user.email=e2e@example.invalid", "-c", "user.name=e2e", ...args],
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`git ${args.join(" ")} failed: ${new TextDecoder().decode(out.stderr).trim()}`);
  }
}

/** The bare repository the project's `origin` points to. */
function remoteOf(world: World): string {
  return `${world.root}/remote.git`;
}

/**
 * Makes the world's project a git repository with one commit on main, whose
 * `origin` is a bare repository inside the world (so a force push can really
 * happen, and be seen, without a network).
 *
 * @param world The world.
 *
 * @example Usage
 * ```ts ignore
 * import { prepareProject } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await prepareProject(world);
 * ```
 */
export async function prepareProject(world: World): Promise<void> {
  const env = world.env();
  await git(world.root, env, "init", "-q", "--bare", remoteOf(world));
  await git(world.project, env, "init", "-q", "-b", "main");
  await git(world.project, env, "commit", "-q", "--allow-empty", "-m", "init");
  await git(world.project, env, "remote", "add", "origin", remoteOf(world));
}

/**
 * Whether the force push reached the world's bare origin.
 *
 * @param world The world.
 * @returns True when origin has a main branch.
 *
 * @example Usage
 * ```ts ignore
 * import { prepareProject, pushHappened } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await prepareProject(world);
 * console.assert(!(await pushHappened(world)));
 * ```
 */
export async function pushHappened(world: World): Promise<boolean> {
  try {
    await Deno.stat(`${remoteOf(world)}/refs/heads/main`);
    return true;
  } catch {
    return false;
  }
}

/** What one Gemini CLI session did. */
export interface GeminiSession {
  /** The agent's exit, output and time. */
  run: RunAgentResult;
  /** Every recording hook call, in order. */
  hooks: HookLogEntry[];
  /** Every request the fake API got. */
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** Did the force push reach origin. */
  pushed: boolean;
}

/** How to run one session. */
export interface GeminiSessionOptions {
  /** The model's answers. */
  script: readonly GeminiStep[];
  /** The `hooks` of the user settings; absent: the settings file is left as it is (written by the caller). */
  hooks?: Record<string, unknown>;
  /** The recording hook's rules. */
  rules?: readonly HookRule[];
  /** Kill the agent after this long (default 90 s). */
  timeoutMs?: number;
  /** More environment for the agent. */
  env?: Record<string, string>;
  /** The prompt (default PROMPT). */
  prompt?: string;
}

/**
 * The user settings file of a world (GEMINI_CLI_HOME = HOME = world.home).
 *
 * @param world The world.
 * @returns The path.
 *
 * @example Usage
 * ```ts
 * import { settingsPath } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * console.log(settingsPath(world));
 * ```
 */
export function settingsPath(world: World): string {
  return `${world.home}/.gemini/settings.json`;
}

/**
 * Writes the world's user settings: the base settings plus `hooks`.
 *
 * @param world The world.
 * @param hooks The `hooks` value (absent: none).
 *
 * @example Usage
 * ```ts
 * import { settingsPath, writeSettings } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await writeSettings(world);
 * console.log(await Deno.readTextFile(settingsPath(world)));
 * ```
 */
export async function writeSettings(world: World, hooks?: Record<string, unknown>): Promise<void> {
  await Deno.mkdir(`${world.home}/.gemini`, { recursive: true });
  const settings = hooks ? { ...baseSettings(), hooks } : baseSettings();
  await Deno.writeTextFile(settingsPath(world), JSON.stringify(settings, null, 2) + "\n");
}

/**
 * The environment Gemini CLI runs with in a world: API-key auth against the
 * fake API, no telemetry, no browser, HOME = GEMINI_CLI_HOME = the world's home.
 *
 * @param world The world.
 * @param apiUrl The fake API's url.
 * @param extra More variables.
 * @returns The whole environment.
 *
 * @example Usage
 * ```ts
 * import { geminiEnv } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * console.assert(geminiEnv(world, "http://127.0.0.1:1").GEMINI_CLI_HOME === world.home);
 * ```
 */
export function geminiEnv(
  world: World,
  apiUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return world.env({
    GEMINI_CLI_HOME: world.home,
    GEMINI_API_KEY: "fake-key-e2e",
    GOOGLE_GEMINI_BASE_URL: apiUrl,
    GEMINI_TELEMETRY_ENABLED: "false",
    NO_BROWSER: "true",
    SHELL: "/bin/bash",
    ...extra,
  });
}

/** Waits until the log holds a SessionEnd call, or until `ms` have passed. */
async function waitForSessionEnd(log: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if ((await readHookLog(log)).some((e) => e.event === "SessionEnd")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs Gemini CLI once in a prepared world (see {@linkcode prepareProject}):
 * `gemini -p <prompt> -m gemini-2.5-flash --skip-trust --yolo -o json`.
 *
 * @param world The world.
 * @param o The script, hooks, rules and limits.
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * import { prepareProject, recordingHooks, runGeminiSession, SHORT_SCRIPT } from "./gemini_cli_harness.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await prepareProject(world);
 * const s = await runGeminiSession(world, {
 *   script: SHORT_SCRIPT,
 *   hooks: recordingHooks(world, ["BeforeTool"]),
 * });
 * console.log(s.run.code, s.hooks.length, s.requests.length, s.pushed);
 * ```
 */
export async function runGeminiSession(
  world: World,
  o: GeminiSessionOptions,
): Promise<GeminiSession> {
  const bin = agentBin(GEMINI_ID);
  if (bin === undefined) throw new Error("Gemini CLI is not installed");
  const { log, rules } = hookFiles(world);
  await Deno.writeTextFile(rules, JSON.stringify(o.rules ?? []));
  if (o.hooks) await writeSettings(world, o.hooks);
  await using api = await startFakeGemini(o.script);
  const run = await runAgent({
    cmd: bin,
    args: [
      "-p",
      o.prompt ?? PROMPT,
      "-m",
      "gemini-2.5-flash",
      "--skip-trust",
      "--yolo",
      "-o",
      "json",
    ],
    env: geminiEnv(world, api.url, o.env),
    cwd: world.project,
    timeoutMs: o.timeoutMs ?? 90_000,
  });
  const hooked = o.hooks ?? {};
  if ("SessionEnd" in hooked) await waitForSessionEnd(log, 3000);
  return {
    run,
    hooks: await readHookLog(log),
    requests: [...api.requests],
    pushed: await pushHappened(world),
  };
}

// ---------------------------------------------------------------- fixtures

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

function toolInput(stdin: Record<string, unknown>): Record<string, unknown> {
  const input = stdin.tool_input;
  return typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
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

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

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

// ------------------------------------------------------------- conformance

/** One raw hook output to put to the binary. */
export interface ConformanceSpec {
  /** The case id. */
  id: string;
  /** The contract event whose hook answers. */
  event: GeminiEvent;
  /** What the hook does. */
  hook: ConformanceCase["hook"];
  /** Answer only when stdin holds this (the force push, for tool events). */
  match?: string;
  /** Answer at most this many times. */
  max?: number;
  /** The text whose arrival at the model is looked for; absent: nothing to look for. */
  marker?: string;
  /** Kill the run after this long. */
  timeoutMs?: number;
  /** More environment for the agent. */
  env?: Record<string, string>;
  /** What to say besides the measured facts. */
  notes?: string;
  /** Say which of Gemini's variables reached the hook. */
  reportEnv?: boolean;
}

const R = (id: string): string => `R_${id.replaceAll("-", "_").toUpperCase()}`;
const json = (value: unknown): string => JSON.stringify(value);

/** A pre-tool case answered on the force push. */
function pre(
  id: string,
  hook: ConformanceCase["hook"],
  extra: Partial<ConformanceSpec> = {},
): ConformanceSpec {
  return { id, event: "pre-tool", hook, match: "git push", ...extra };
}

/**
 * The raw hook outputs the conformance run puts to Gemini CLI
 * (the cases the translation table rests on, each with its own marker text).
 *
 * @example Usage
 * ```ts
 * import { conformanceSpecs } from "./gemini_cli_harness.ts";
 * console.assert(conformanceSpecs().some((c) => c.id === "pre-deny"));
 * ```
 */
export function conformanceSpecs(): ConformanceSpec[] {
  const specs: ConformanceSpec[] = [
    pre("pre-exit0-empty", { exit: 0 }),
    pre("pre-exit2-stderr", { stderr: R("pre-exit2-stderr"), exit: 2 }, {
      marker: R("pre-exit2-stderr"),
    }),
    pre("pre-exit2-empty", { exit: 2 }),
    pre("pre-exit2-stdout-text", { stdout: R("pre-exit2-stdout-text"), exit: 2 }, {
      marker: R("pre-exit2-stdout-text"),
    }),
    pre("pre-exit2-json-allow", {
      stdout: json({ decision: "allow" }),
      stderr: R("pre-exit2-json-allow"),
      exit: 2,
    }, {
      marker: R("pre-exit2-json-allow"),
    }),
    pre("pre-exit1-stderr", { stderr: R("pre-exit1-stderr"), exit: 1 }, {
      marker: R("pre-exit1-stderr"),
    }),
    pre("pre-exit3-stderr", { stderr: R("pre-exit3-stderr"), exit: 3 }, {
      marker: R("pre-exit3-stderr"),
    }),
    pre("pre-exit3-empty", { exit: 3 }),
    pre("pre-not-json", { stdout: "{not json", exit: 0 }, { marker: "{not json" }),
    pre("pre-plain-text", { stdout: `${R("pre-plain-text")} please stop`, exit: 0 }, {
      marker: R("pre-plain-text"),
    }),
    pre("pre-stderr-json-exit0", {
      stderr: json({ decision: "deny", reason: R("pre-stderr-json-exit0") }),
      exit: 0,
    }, { marker: R("pre-stderr-json-exit0") }),
    pre("pre-timeout", {
      exit: 0,
      sleepSeconds: 6,
      timeoutSeconds: 2,
      stdout: json({ decision: "deny", reason: R("pre-timeout") }),
    }, {
      marker: R("pre-timeout"),
      notes: "the hook sleeps 6 s, then denies; its timeout is 2000 (milliseconds)",
    }),
    pre("pre-deny", { stdout: json({ decision: "deny", reason: R("pre-deny") }), exit: 0 }, {
      marker: R("pre-deny"),
    }),
    pre("pre-deny-no-reason", { stdout: json({ decision: "deny" }), exit: 0 }, {
      marker: "No reason provided",
    }),
    pre("pre-block", { stdout: json({ decision: "block", reason: R("pre-block") }), exit: 0 }, {
      marker: R("pre-block"),
    }),
    pre("pre-ask", { stdout: json({ decision: "ask", reason: R("pre-ask") }), exit: 0 }, {
      marker: R("pre-ask"),
      timeoutMs: 25_000,
      notes: "hung: headless Gemini CLI waits for a confirmation it never gets",
    }),
    pre("pre-allow", { stdout: json({ decision: "allow", reason: R("pre-allow") }), exit: 0 }, {
      marker: R("pre-allow"),
    }),
    pre("pre-context", {
      stdout: json({
        hookSpecificOutput: { hookEventName: "BeforeTool", additionalContext: R("pre-context") },
      }),
      exit: 0,
    }, { marker: R("pre-context") }),
    pre("pre-continue-false", {
      stdout: json({ continue: false, stopReason: R("pre-continue-false") }),
      exit: 0,
    }, {
      marker: R("pre-continue-false"),
    }),
    pre("pre-rewrite", {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: "BeforeTool",
          tool_input: { command: "echo REWRITTEN_BY_HOOK" },
        },
      }),
      exit: 0,
    }, { marker: "REWRITTEN_BY_HOOK" }),
    pre("pre-claude-deny", {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: R("pre-claude-deny"),
        },
      }),
      exit: 0,
    }, { marker: R("pre-claude-deny"), notes: "Claude Code's deny shape, ignored by Gemini CLI" }),
    {
      id: "post-deny",
      event: "post-tool",
      match: "git push",
      hook: { stdout: json({ decision: "deny", reason: R("post-deny") }), exit: 0 },
      marker: R("post-deny"),
    },
    {
      id: "post-block",
      event: "post-tool",
      match: "git push",
      hook: { stdout: json({ decision: "block", reason: R("post-block") }), exit: 0 },
      marker: R("post-block"),
    },
    {
      id: "post-exit2-stderr",
      event: "post-tool",
      match: "git push",
      hook: { stderr: R("post-exit2-stderr"), exit: 2 },
      marker: R("post-exit2-stderr"),
    },
    {
      id: "post-context",
      event: "post-tool",
      match: "git push",
      hook: {
        stdout: json({
          hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: R("post-context") },
        }),
        exit: 0,
      },
      marker: R("post-context"),
    },
    {
      id: "post-continue-false",
      event: "post-tool",
      match: "git push",
      hook: { stdout: json({ continue: false, stopReason: R("post-continue-false") }), exit: 0 },
      marker: R("post-continue-false"),
    },
    {
      id: "prompt-deny",
      event: "prompt",
      hook: { stdout: json({ decision: "deny", reason: R("prompt-deny") }), exit: 0 },
      marker: R("prompt-deny"),
    },
    {
      id: "prompt-exit2-stderr",
      event: "prompt",
      hook: { stderr: R("prompt-exit2-stderr"), exit: 2 },
      marker: R("prompt-exit2-stderr"),
    },
    {
      id: "prompt-continue-false",
      event: "prompt",
      hook: { stdout: json({ continue: false, stopReason: R("prompt-continue-false") }), exit: 0 },
      marker: R("prompt-continue-false"),
    },
    {
      id: "prompt-context",
      event: "prompt",
      hook: {
        stdout: json({
          hookSpecificOutput: {
            hookEventName: "BeforeAgent",
            additionalContext: R("prompt-context"),
          },
        }),
        exit: 0,
      },
      marker: R("prompt-context"),
    },
    {
      id: "session-start-context",
      event: "session-start",
      hook: {
        stdout: json({
          hookSpecificOutput: {
            hookEventName: "SessionStart",
            additionalContext: R("session-start-context"),
          },
        }),
        exit: 0,
      },
      marker: R("session-start-context"),
    },
    {
      id: "stop-block-once",
      event: "stop",
      max: 1,
      hook: { stdout: json({ decision: "block", reason: R("stop-block-once") }), exit: 0 },
      marker: R("stop-block-once"),
      notes: "the hook answers only the first AfterAgent",
    },
    {
      id: "stop-exit2-once",
      event: "stop",
      max: 1,
      hook: { stderr: R("stop-exit2-once"), exit: 2 },
      marker: R("stop-exit2-once"),
      notes: "the hook answers only the first AfterAgent",
    },
    {
      id: "stop-continue-false",
      event: "stop",
      hook: { stdout: json({ continue: false, stopReason: R("stop-continue-false") }), exit: 0 },
      marker: R("stop-continue-false"),
    },
    {
      id: "session-start-github-sha",
      event: "session-start",
      hook: { exit: 0 },
      env: { GITHUB_SHA: "0123456789abcdef0123456789abcdef01234567" },
      notes: "GITHUB_SHA set (as on GitHub Actions): hooks get a short environment",
      reportEnv: true,
    },
    {
      id: "session-start-env",
      event: "session-start",
      hook: { exit: 0 },
      notes: "no GITHUB_SHA: hooks get the agent's whole environment",
      reportEnv: true,
    },
  ];
  return specs;
}

/** The text of every part (text, or a function response as JSON) of every request, in order. */
function requestTexts(requests: GeminiSession["requests"]): string[] {
  const out: string[] = [];
  for (const r of requests) {
    const contents = asObject(r.body).contents;
    for (const c of Array.isArray(contents) ? contents : []) {
      const parts = asObject(c).parts;
      for (const p of Array.isArray(parts) ? parts : []) {
        const part = asObject(p);
        if (typeof part.text === "string") out.push(part.text);
        if (part.functionResponse !== undefined) {
          out.push(JSON.stringify(asObject(part.functionResponse).response));
        }
      }
    }
  }
  return out;
}

function trimmed(text: string, max = 300): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

/** The warnings of `-o json`'s answer, if any. */
function warningsOf(stdout: string): string[] {
  try {
    const w = asObject(JSON.parse(stdout)).warnings;
    return Array.isArray(w) ? w.map(String) : [];
  } catch {
    return [];
  }
}

/** The hooked events of a case: its own, and for tool events AfterTool, to see whether the tool ran. */
function caseEvents(spec: ConformanceSpec): string[] {
  const own = GEMINI_EVENTS[spec.event];
  return spec.event === "pre-tool" ? [own, "AfterTool"] : [own];
}

/**
 * Puts one raw output to the binary in a fresh world and says what it did.
 *
 * @param spec The case.
 * @returns The conformance case.
 *
 * @example Usage
 * ```ts ignore
 * import { conformanceSpecs, runConformanceCase } from "./gemini_cli_harness.ts";
 * const spec = conformanceSpecs().find((c) => c.id === "pre-deny")!;
 * console.log(await runConformanceCase(spec));
 * ```
 */
export async function runConformanceCase(spec: ConformanceSpec): Promise<ConformanceCase> {
  await using world = await makeWorld(GEMINI_ID);
  await prepareProject(world);
  const nativeEvent = GEMINI_EVENTS[spec.event];
  const rule: HookRule = { event: nativeEvent };
  if (spec.match !== undefined) rule.match = spec.match;
  if (spec.max !== undefined) rule.max = spec.max;
  if (spec.hook.stdout !== undefined) rule.stdout = spec.hook.stdout;
  if (spec.hook.stderr !== undefined) rule.stderr = spec.hook.stderr;
  if (spec.hook.sleepSeconds !== undefined) rule.sleepSeconds = spec.hook.sleepSeconds;
  rule.exit = spec.hook.exit;
  const timeoutMs = (spec.hook.timeoutSeconds ?? 10) * 1000;
  const s = await runGeminiSession(world, {
    script: SHORT_SCRIPT,
    hooks: recordingHooks(world, caseEvents(spec), timeoutMs),
    rules: [rule],
    timeoutMs: spec.timeoutMs ?? 90_000,
    ...(spec.env ? { env: spec.env } : {}),
  });
  return describeCase(spec, s, world);
}

/** Reads what a session did into a conformance case. */
function describeCase(spec: ConformanceSpec, s: GeminiSession, world: World): ConformanceCase {
  const isTool = spec.event === "pre-tool" || spec.event === "post-tool";
  const firstAfterTool = s.hooks.find((e) =>
    e.event === "AfterTool" && toolInput(asObject(e.stdin)).command !== HARMLESS
  );
  const reachedFinal = s.requests.some((r) => modelTurns(r.body) >= 2);
  const stops = s.hooks.filter((e) => e.event === "AfterAgent").length;
  const texts = requestTexts(s.requests);
  const reached = spec.marker === undefined ? null : requestsMention(s.requests, spec.marker);
  let toolRan: boolean | null = null;
  if (isTool) toolRan = firstAfterTool !== undefined;
  if (spec.event === "prompt") toolRan = s.requests.length > 0;
  const c: ConformanceCase = {
    id: spec.id,
    event: spec.event,
    nativeEvent: GEMINI_EVENTS[spec.event],
    hook: spec.hook,
    toolRan,
    reachedModel: reached,
    continued: spec.event === "stop" ? stops >= 2 : null,
    runEnded: s.run.timedOut || !reachedFinal,
  };
  let saw: string | undefined;
  if (spec.marker !== undefined) saw = texts.find((t) => t.includes(spec.marker!));
  if (saw === undefined && isTool) {
    const last = s.requests.at(-1);
    saw = last ? functionResponses(last.body)[0] : undefined;
  }
  // The shell tool's process group id changes with every run: keep it out of the recording.
  if (saw !== undefined) {
    c.modelSaw = trimmed(String(redact(saw, world)).replace(/PGID: \d+/g, "PGID: <pgid>"));
  }
  const facts: string[] = [];
  if (spec.notes) facts.push(spec.notes);
  facts.push(
    s.run.timedOut ? `killed after ${Math.round(s.run.ms / 1000)} s` : `exit code ${s.run.code}`,
  );
  facts.push(`${s.requests.length} model request(s)`);
  if (isTool) {
    facts.push(s.pushed ? "the force push reached origin" : "the force push did not reach origin");
  }
  if (spec.event === "pre-tool" && firstAfterTool && !s.pushed) {
    facts.push(
      `the command that ran: ${String(toolInput(asObject(firstAfterTool.stdin)).command)}`,
    );
  }
  if (spec.event === "stop") facts.push(`${stops} AfterAgent call(s)`);
  const warnings = warningsOf(s.run.stdout);
  if (warnings.length > 0) facts.push(`-o json warnings: ${json(warnings)}`);
  if (spec.reportEnv) {
    const env = s.hooks[0]?.env ?? {};
    const got = Object.keys(env).filter((k) => k.startsWith("GEMINI")).sort();
    facts.push(
      `GEMINI_API_KEY ${"GEMINI_API_KEY" in env ? "reached" : "did not reach"} the hook; ` +
        `the GEMINI_* variables it got: ${got.join(", ")}`,
    );
  }
  c.notes = String(redact(facts.join("; "), world));
  return c;
}

/**
 * Puts every raw output of {@linkcode conformanceSpecs} to the real binary.
 *
 * @param specs The cases (default: all).
 * @returns The conformance file's content.
 *
 * @example Usage
 * ```ts ignore
 * import { recordGeminiConformance } from "./gemini_cli_harness.ts";
 * console.log((await recordGeminiConformance()).cases.length);
 * ```
 */
export async function recordGeminiConformance(
  specs: readonly ConformanceSpec[] = conformanceSpecs(),
): Promise<ConformanceFile> {
  const version = await agentVersion(GEMINI_ID);
  const limit = Math.max(2, Math.min(4, navigator.hardwareConcurrency + 2));
  const cases = await inPool(specs, limit, runConformanceCase);
  return { agent: GEMINI_ID, version, os: fixtureOs(), date: fixtureDate(), cases };
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
