/**
 * One headless Gemini CLI session in a throwaway world, through the
 * product's driver (src/verify/drivers/gemini_cli.ts) and the shared run
 * (hooked_run.ts), against the fake Gemini API on 127.0.0.1.
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
 *   own so that the end of the agent's process group does not kill it (and
 *   the run leaves processes in sessions of their own alone);
 * - a BeforeTool `ask` hangs headless: that case runs with a short timeout.
 *
 * @module
 */

import { readHookLog, recordHookCommand, shellQuote, type World } from "./world.ts";
import type { HookRule } from "./record_hook.ts";
import { gitProject, type HookedRun, hookedRun, hookFiles } from "./hooked_run.ts";
import type { GeminiStep } from "../../src/verify/fake/gemini.ts";
import {
  GEMINI_CLI_DRIVER,
  geminiRunSettings,
  geminiSettingsPath,
} from "../../src/verify/drivers/gemini_cli.ts";

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
 * import assert from "node:assert/strict";
 * import { SHORT_SCRIPT } from "./gemini_cli_session.ts";
 * assert(SHORT_SCRIPT.length === 3);
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
 * import assert from "node:assert/strict";
 * import { baseSettings } from "./gemini_cli_session.ts";
 * assert("security" in baseSettings());
 * ```
 */
export function baseSettings(): Record<string, unknown> {
  return { ...geminiRunSettings(), hooksConfig: { enabled: true, notifications: false } };
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
 * import assert from "node:assert/strict";
 * import { recordingHooks } from "./gemini_cli_session.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * assert("BeforeTool" in recordingHooks(world, ["BeforeTool"], 5000));
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
 * import { prepareProject } from "./gemini_cli_session.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await prepareProject(world);
 * ```
 */
export async function prepareProject(world: World): Promise<void> {
  await gitProject(world, { remote: { path: remoteOf(world) } });
}

/**
 * Whether the force push reached the world's bare origin.
 *
 * @param world The world.
 * @returns True when origin has a main branch.
 *
 * @example Usage
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { prepareProject, pushHappened } from "./gemini_cli_session.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await prepareProject(world);
 * assert(!(await pushHappened(world)));
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

/** What one Gemini CLI session did: the shared run's parts, and whether the push happened. */
export interface GeminiSession extends HookedRun {
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
 * import { settingsPath } from "./gemini_cli_session.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * console.log(settingsPath(world));
 * ```
 */
export function settingsPath(world: World): string {
  return geminiSettingsPath(world);
}

/**
 * Writes the world's user settings: the base settings plus `hooks`.
 *
 * @param world The world.
 * @param hooks The `hooks` value (absent: none).
 *
 * @example Usage
 * ```ts
 * import { settingsPath, writeSettings } from "./gemini_cli_session.ts";
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
 * import { prepareProject, recordingHooks, runGeminiSession, SHORT_SCRIPT } from "./gemini_cli_session.ts";
 * import { makeWorld } from "./world.ts";
 * await using world = await makeWorld("gemini-cli");
 * await prepareProject(world);
 * const s = await runGeminiSession(world, {
 *   script: SHORT_SCRIPT,
 *   hooks: recordingHooks(world, ["BeforeTool"]),
 * });
 * console.log(s.run.code, s.hookCalls.length, s.requests.length, s.pushed);
 * ```
 */
export async function runGeminiSession(
  world: World,
  o: GeminiSessionOptions,
): Promise<GeminiSession> {
  if (o.hooks) await writeSettings(world, o.hooks);
  const r = await hookedRun({
    driver: GEMINI_CLI_DRIVER,
    world,
    script: o.script,
    prompt: o.prompt ?? PROMPT,
    rules: o.rules ?? [],
    bypassTrust: true,
    env: () => o.env ?? {},
    timeoutMs: o.timeoutMs ?? 90_000,
    // The SessionEnd recording hook runs in a session of its own, past the agent's end.
    sweep: false,
  });
  const hooked = o.hooks ?? {};
  if ("SessionEnd" in hooked) await waitForSessionEnd(hookFiles(world).log, 3000);
  return {
    ...r,
    hookCalls: await readHookLog(hookFiles(world).log),
    pushed: await pushHappened(world),
  };
}

/**
 * A value as a JSON object, or an empty object when it is none.
 *
 * @param value Any value.
 * @returns The object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { asObject } from "./gemini_cli_session.ts";
 * assert(Object.keys(asObject([1])).length === 0);
 * ```
 */
export function asObject(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}
