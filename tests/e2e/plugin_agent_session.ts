/**
 * One headless session of an agent whose hooks are everyhook's plugin
 * (OpenCode, Kilo Code), against the fake chat completions API on 127.0.0.1:
 * a world whose project is a git repository with no remote, the recording
 * hook written into everyhook's plugin (the one install writes, from
 * src/settings/plugin_file.ts) under each plugin event asked for, the run
 * (through the product's driver and the shared run, hooked_run.ts: its config in
 * `<PREFIX>_CONFIG_CONTENT`, its user plugins in the world's
 * `~/.config/<agent>/plugin/`), and what came of it.
 *
 * @module
 */

import { pluginText } from "../../src/settings/plugin_file.ts";
import { type ChatScript, mainTurns, toolResults } from "../../src/verify/fake/openai_chat.ts";
import type { AgentDriver } from "../../src/verify/driver.ts";
import { pluginConfigHome } from "../../src/verify/drivers/_plugin_driver.ts";
import { findDriver } from "../../src/verify/drivers/mod.ts";
import type { PluginHeadless } from "../../src/agents/headless.ts";
import { findAgent } from "../../src/agents/mod.ts";
import { hookedRun } from "./hooked_run.ts";
import type { HookRule } from "./record_hook.ts";
import { recordHookCommand, type World } from "./world.ts";
import { type ChatSession, DEFAULT_PROMPT } from "./chat_agent_session.ts";

/** A plugin agent: its driver, made by the plugin family's builder, and the data it is made from. */
export interface PluginAgent {
  /** everyhook's id of the agent (a key of PINS). */
  id: string;
  /** The product's driver. */
  driver: AgentDriver<"openai-chat">;
  /** What the driver is made from (its variables' prefix, its folders): the agent's record. */
  spec: PluginHeadless;
}

/**
 * The plugin agent with this id, from its record and its driver.
 *
 * @param id everyhook's id of an agent of the plugin family.
 * @returns The agent.
 *
 * @example Usage
 * ```ts ignore
 * console.log(pluginAgentOf("kilo").spec.prefix);
 * ```
 */
export function pluginAgentOf(id: string): PluginAgent {
  const spec = findAgent(id)?.headless;
  const driver = findDriver(id);
  if (spec?.family !== "plugin" || driver?.api !== "openai-chat") {
    throw new Error(`${id} is no agent of the plugin family`);
  }
  return { id, driver, spec };
}

/** The plugin events a recording can hook. */
export const PLUGIN_NATIVES = [
  "tool.execute.before",
  "tool.execute.after",
  "chat.message",
  "session.created",
  "session.idle",
] as const;

/**
 * The agent's user plugin folder in a world (`$XDG_CONFIG_HOME/<agent>/plugin`).
 *
 * @param agent The agent.
 * @param world The world.
 * @returns The path.
 *
 * @example Usage
 * ```ts ignore
 * console.log(userPluginFolder(pluginAgentOf("opencode"), world));
 * ```
 */
export function userPluginFolder(agent: PluginAgent, world: World): string {
  return `${pluginConfigHome(world)}/${agent.spec.configFolder}/plugin`;
}

/**
 * The user plugin file install writes in a world (`$XDG_CONFIG_HOME/<agent>/plugin/everyhook.js`).
 *
 * @param agent The agent.
 * @param world The world.
 * @returns The path.
 *
 * @example Usage
 * ```ts ignore
 * console.log(userPlugin(pluginAgentOf("opencode"), world));
 * ```
 */
export function userPlugin(agent: PluginAgent, world: World): string {
  return `${userPluginFolder(agent, world)}/everyhook.js`;
}

/** What one session runs. */
export interface PluginRunOptions {
  /** The world (from chatWorld). */
  world: World;
  /** What the fake model does. */
  script: ChatScript;
  /** The plugin events the recording hook is written under (none when absent). */
  record?: readonly string[];
  /** The recording hook's timeout in the plugin, in seconds (default 30). */
  recordTimeout?: number;
  /** What the recording hook answers ($HOOK_RULES). */
  rules?: HookRule[];
  /** The prompt. */
  prompt?: string;
  /** More environment for the agent. */
  env?: Record<string, string>;
  /** Kill the agent after this long (default 240 s: a Kilo Code run took 40 to 80 s here). */
  timeoutMs?: number;
  /** Runs once the fake API listens, just before the agent starts (an everyhook install). */
  before?: (apiUrl: string) => Promise<void>;
}

/**
 * Runs the agent once in the world's project against a fresh fake chat API.
 *
 * @param agent The agent.
 * @param o What to run.
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * await using world = await chatWorld(pluginAgentOf("opencode").id);
 * const s = await runPluginAgent(pluginAgentOf("opencode"), { world, script: { steps: [textStep("hi")] } });
 * ```
 */
export async function runPluginAgent(
  agent: PluginAgent,
  o: PluginRunOptions,
): Promise<ChatSession> {
  await Deno.mkdir(userPluginFolder(agent, o.world), { recursive: true });
  if (o.record !== undefined && o.record.length > 0) {
    const hooks: Record<string, unknown> = {};
    for (const native of o.record) {
      hooks[native] = [{
        type: "command",
        command: recordHookCommand(native),
        timeout: o.recordTimeout ?? 30,
      }];
    }
    await Deno.writeTextFile(
      userPlugin(agent, o.world),
      pluginText(JSON.stringify({ version: 1, hooks })),
    );
  }
  const r = await hookedRun({
    driver: agent.driver,
    world: o.world,
    script: o.script,
    prompt: o.prompt ?? DEFAULT_PROMPT,
    rules: o.rules ?? [],
    env: () => o.env ?? {},
    timeoutMs: o.timeoutMs ?? 240_000,
    ...(o.before ? { before: o.before } : {}),
  });
  const turns = mainTurns(r.requests);
  return { ...r, turns, toolResults: toolResults(turns) };
}
