/**
 * One headless session of an agent whose hooks take Claude Code's layout (a
 * `hooks` key in a settings.json: native event → matcher groups → command
 * handlers) and whose model speaks OpenAI chat completions (Qwen Code, Factory
 * Droid): a world whose project is a git repository with no remote, the
 * settings files, the fake chat API on 127.0.0.1, the run (through the
 * product's driver and the shared run, hooked_run.ts), and what came of it. Each
 * agent's own session module names its driver ({@linkcode ChatAgent}).
 *
 * @module
 */

import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import {
  type ChatScript,
  type ChatStep,
  mainTurns,
  toolResults,
} from "../../src/verify/fake/openai_chat.ts";
import type { AgentDriver } from "../../src/verify/driver.ts";
import { gitProject, type HookedRun, hookedRun } from "./hooked_run.ts";
import type { HookRule } from "./record_hook.ts";
import { makeWorld, recordHookCommand, type World } from "./world.ts";

/** The force push every tool case asks for (the project has no remote, so it fails harmlessly). */
export const FORCE_PUSH = "git push --force origin main";

/** What git printed when the force push really ran. */
export const FORCE_PUSH_RAN = /does not appear to be a git repository|failed to push/;

/** One command handler in a Claude-layout hooks table. */
export interface CommandHandler {
  type: "command";
  command: string;
  timeout?: number;
}

/** A Claude-layout `hooks` table: native event → matcher groups. */
export type HooksTable = Record<string, Array<{ matcher?: string; hooks: CommandHandler[] }>>;

/**
 * How to run one agent headless against the fake chat API: its driver (the
 * product's: environment, command line, shell call) and what the tests add.
 */
export interface ChatAgent {
  /** The agent's driver in src/verify/drivers/. */
  driver: AgentDriver<"openai-chat">;
  /** everyhook's id of the agent (a key of PINS). */
  id: string;
  /** The native events whose entries take a matcher (tool events). */
  toolEvents: readonly string[];
  /** The user settings file in a world. */
  userSettings(world: World): string;
  /** The project settings file in a world. */
  projectSettings(world: World): string;
  /** What the user settings file holds besides hooks, for a headless run against the fake API's url. */
  baseSettings(apiUrl: string): Record<string, unknown>;
  /** The model's call of the agent's shell tool. */
  shell(command: string): ChatStep;
  /** The model's call of the agent's sub-agent tool, waiting for it, with the marker in its prompt. */
  subagent(marker: string): ChatStep;
  /** Whether the fake API must look for the sub-agent marker in every user message. */
  markerInAnyUserMessage: boolean;
  /**
   * The text of a settings file holding `settings` and `hooks`, where the
   * agent's file is not Claude-layout JSON (Kimi Code's TOML); JSON when absent.
   */
  settingsText?(settings: Record<string, unknown>, hooks: HooksTable | undefined): string;
  /**
   * Writes the hooks into `folder`, where the agent has no settings file for
   * them but a hooks folder of one file per event (Cline): then
   * {@linkcode ChatAgent.userSettings} and {@linkcode ChatAgent.projectSettings}
   * name the folders, and the driver's `prepare` writes what else a run needs.
   */
  writeHooks?(folder: string, hooks: HooksTable): Promise<void>;
  /** The model's call of the agent's file tool writing a new file, where a case plays one. */
  writeFile?(path: string, content: string): ChatStep;
}

/** What one session runs. */
export interface ChatRunOptions {
  /** The world (from {@linkcode chatWorld}). */
  world: World;
  /** What the fake model does. */
  script: ChatScript;
  /** The hooks of the user settings file (none when absent). */
  hooks?: HooksTable;
  /** Where the recording hooks go, when not in the user settings file. */
  settingsFile?: "project" | { path: string };
  /** What the recording hook answers ($HOOK_RULES). */
  rules?: HookRule[];
  /** The prompt. */
  prompt?: string;
  /** More environment for the agent. */
  env?: Record<string, string>;
  /** Let the agent run every tool without asking (default true). */
  autoApprove?: boolean;
  /** Kill the agent after this long (default 90 s). */
  timeoutMs?: number;
  /**
   * Runs once the fake API listens and the settings are written, just before the
   * agent starts (an everyhook install, a snapshot of the files).
   */
  before?: () => Promise<void>;
}

/** What one session did: the shared run's parts, and the main conversation's. */
export interface ChatSession extends HookedRun {
  /** The main conversation's model turns (requests that offered tools). */
  turns: LoggedRequest[];
  /** Every distinct tool result the model was shown, in order. */
  toolResults: string[];
}

/** The prompt of a session that names none. */
export const DEFAULT_PROMPT = "Please do the scripted steps.";

/**
 * A world whose project is a git repository (branch main, one empty commit, no
 * remote), so that a force push fails harmlessly and says so.
 *
 * @param id The agent id.
 * @returns The world; dispose it when done.
 *
 * @example Usage
 * ```ts ignore
 * import { chatWorld } from "./chat_agent_session.ts";
 * await using world = await chatWorld("qwen-code");
 * ```
 */
export async function chatWorld(id: string): Promise<World> {
  const world = await makeWorld(id);
  await gitProject(world);
  return world;
}

/**
 * The recording hook under each native event: `"matcher": "*"` on tool events.
 *
 * @param agent The agent.
 * @param events The native events.
 * @param timeoutSeconds Each handler's timeout.
 * @returns The hooks table.
 *
 * @example Usage
 * ```ts ignore
 * import { recordingHooks } from "./chat_agent_session.ts";
 * const hooks = recordingHooks(QWEN, ["PreToolUse", "Stop"], 30);
 * ```
 */
export function recordingHooks(
  agent: ChatAgent,
  events: readonly string[],
  timeoutSeconds = 30,
): HooksTable {
  const table: HooksTable = {};
  for (const event of events) {
    const handler: CommandHandler = {
      type: "command",
      command: recordHookCommand(event),
      timeout: timeoutSeconds,
    };
    table[event] = [{
      ...(agent.toolEvents.includes(event) ? { matcher: "*" } : {}),
      hooks: [handler],
    }];
  }
  return table;
}

async function writeSettings(
  agent: ChatAgent,
  path: string,
  settings: Record<string, unknown>,
  hooks: HooksTable | undefined,
): Promise<void> {
  if (agent.writeHooks) {
    if (hooks !== undefined) await agent.writeHooks(path, hooks);
    return;
  }
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  if (agent.settingsText) {
    await Deno.writeTextFile(path, agent.settingsText(settings, hooks));
    return;
  }
  const value = hooks === undefined ? settings : { ...settings, hooks };
  // Four spaces: a file written the person's way, not everyhook's.
  await Deno.writeTextFile(path, JSON.stringify(value, null, 4) + "\n");
}

/**
 * Runs the agent once in the world's project against a fresh fake chat API,
 * with the given hooks and rules, and collects what it did.
 *
 * @param agent How to run the agent.
 * @param o What to run.
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * import { chatWorld, runChatAgent } from "./chat_agent_session.ts";
 * import { textStep } from "../../src/verify/fake/openai_chat.ts";
 * await using world = await chatWorld(QWEN.id);
 * const s = await runChatAgent(QWEN, { world, script: { steps: [textStep("hi")] } });
 * console.log(s.run.code, s.turns.length);
 * ```
 */
export async function runChatAgent(agent: ChatAgent, o: ChatRunOptions): Promise<ChatSession> {
  const r = await hookedRun({
    driver: agent.driver,
    world: o.world,
    script: o.script,
    prompt: o.prompt ?? DEFAULT_PROMPT,
    rules: o.rules ?? [],
    autoApprove: o.autoApprove ?? true,
    env: () => o.env ?? {},
    timeoutMs: o.timeoutMs ?? 90_000,
    before: async (apiUrl) => {
      const base = agent.baseSettings(apiUrl);
      const where = o.settingsFile;
      if (where === undefined) {
        await writeSettings(agent, agent.userSettings(o.world), base, o.hooks);
      } else {
        await writeSettings(agent, agent.userSettings(o.world), base, undefined);
        const path = where === "project" ? agent.projectSettings(o.world) : where.path;
        await writeSettings(agent, path, {}, o.hooks ?? {});
      }
      await o.before?.();
    },
  });
  const turns = mainTurns(
    r.requests,
    o.script.subagentMarker,
    o.script.markerInAnyUserMessage === true,
  );
  return { ...r, turns, toolResults: toolResults(turns) };
}
