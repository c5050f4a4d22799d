/**
 * One headless session of an agent whose hooks are everyhook's plugin
 * (OpenCode, Kilo Code: `<bin> run --model fake/fake-model --format json
 * <prompt>`), against the fake chat completions API on 127.0.0.1: a world whose
 * project is a git repository with no remote, the agent's config in its
 * `<PREFIX>_CONFIG_CONTENT` variable (a provider at the fake API, every tool
 * allowed), the recording hook written into everyhook's plugin (the one
 * install writes, from src/hooks_files/plugin_file.ts) under each plugin event
 * asked for, the run, and what came of it. `npm_config_offline=true` keeps the
 * agent from waiting 70 to 90 seconds on a registry fetch at start.
 *
 * @module
 */

import { pluginText } from "../../src/hooks_files/plugin_file.ts";
import {
  type ChatScript,
  mainTurns,
  startFakeOpenAiChat,
  toolResults,
} from "../../src/verify/fake/openai_chat.ts";
import { runAgent } from "./process.ts";
import type { HookRule } from "./record_hook.ts";
import { agentBin, readHookLog, recordHookCommand, type World } from "./world.ts";
import { type ChatSession, DEFAULT_PROMPT } from "./chat_agent_session.ts";

/** How one plugin agent is started. */
export interface PluginAgent {
  /** everyhook's id of the agent (a key of PINS). */
  id: string;
  /** Its variables' prefix: `OPENCODE` or `KILO`. */
  prefix: string;
  /** Its folder below `$XDG_CONFIG_HOME`. */
  configFolder: string;
  /** Its folder below the project. */
  projectFolder: string;
  /** Its own switches, besides the ones both have. */
  env: Readonly<Record<string, string>>;
}

/** OpenCode. */
export const OPENCODE: PluginAgent = {
  id: "opencode",
  prefix: "OPENCODE",
  configFolder: "opencode",
  projectFolder: ".opencode",
  env: {},
};

/** Kilo Code. */
export const KILO: PluginAgent = {
  id: "kilo",
  prefix: "KILO",
  configFolder: "kilo",
  projectFolder: ".kilo",
  // Kilo's own services, which reach for its servers.
  env: {
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_DISABLE_CODEBASE_INDEXING: "1",
    KILO_DISABLE_PRESENCE: "1",
  },
};

/** The plugin events a recording can hook. */
export const PLUGIN_NATIVES = [
  "tool.execute.before",
  "tool.execute.after",
  "chat.message",
  "session.created",
  "session.idle",
] as const;

/** The model as the agent names it. */
export const MODEL = "fake/fake-model";

/**
 * The agent's config for a run against the fake API at `baseUrl`.
 *
 * @param baseUrl The fake API's `/v1` address.
 * @returns The config as JSON text.
 *
 * @example Usage
 * ```ts
 * import { pluginAgentConfig } from "./plugin_agent_session.ts";
 * console.assert(JSON.parse(pluginAgentConfig("http://127.0.0.1:1/v1")).model === "fake/fake-model");
 * ```
 */
export function pluginAgentConfig(baseUrl: string): string {
  return JSON.stringify({
    provider: {
      fake: {
        npm: "@ai-sdk/openai-compatible",
        name: "Fake",
        options: { baseURL: baseUrl, apiKey: "fake-key-not-real" },
        models: { "fake-model": { name: "Fake Model", tool_call: true } },
      },
    },
    model: MODEL,
    autoupdate: false,
    snapshot: false,
    share: "disabled",
    permission: { bash: "allow", edit: "allow" },
  });
}

/**
 * The variables the agent runs with in a world, besides the world's own.
 *
 * @param agent The agent.
 * @param world The world.
 * @param baseUrl The fake API's `/v1` address.
 * @returns The variables.
 *
 * @example Usage
 * ```ts ignore
 * const env = pluginAgentEnv(OPENCODE, world, api.baseUrl);
 * ```
 */
export function pluginAgentEnv(
  agent: PluginAgent,
  world: World,
  baseUrl: string,
): Record<string, string> {
  const p = agent.prefix;
  return {
    SHELL: "/bin/bash",
    NO_COLOR: "1",
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_DATA_HOME: `${world.root}/data`,
    XDG_CACHE_HOME: `${world.root}/cache`,
    XDG_STATE_HOME: `${world.root}/state`,
    npm_config_offline: "true",
    [`${p}_CONFIG_CONTENT`]: pluginAgentConfig(baseUrl),
    [`${p}_DISABLE_MODELS_FETCH`]: "1",
    [`${p}_DISABLE_AUTOUPDATE`]: "1",
    [`${p}_DISABLE_SHARE`]: "1",
    [`${p}_DISABLE_LSP_DOWNLOAD`]: "1",
    [`${p}_DISABLE_DEFAULT_PLUGINS`]: "1",
    [`${p}_DISABLE_CLAUDE_CODE`]: "1",
    [`${p}_DISABLE_PRUNE`]: "1",
    [`${p}_EXPERIMENTAL_DISABLE_FILEWATCHER`]: "1",
    ...agent.env,
  };
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
 * console.log(userPlugin(OPENCODE, world));
 * ```
 */
export function userPlugin(agent: PluginAgent, world: World): string {
  return `${world.root}/config/${agent.configFolder}/plugin/everyhook.js`;
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
  before?: (baseUrl: string) => Promise<void>;
}

/**
 * Runs the agent once in the world's project against a fresh fake chat API.
 *
 * @param agent How to start the agent.
 * @param o What to run.
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * await using world = await chatWorld(OPENCODE.id);
 * const s = await runPluginAgent(OPENCODE, { world, script: { steps: [textStep("hi")] } });
 * ```
 */
export async function runPluginAgent(
  agent: PluginAgent,
  o: PluginRunOptions,
): Promise<ChatSession> {
  const bin = agentBin(agent.id);
  if (bin === undefined) throw new Error(`Cannot find the binary of "${agent.id}"`);
  const hookLog = `${o.world.root}/hooks.jsonl`;
  const rulesFile = `${o.world.root}/rules.json`;
  await Deno.remove(hookLog).catch(() => {});
  await Deno.remove(`${hookLog}.state`).catch(() => {});
  await Deno.writeTextFile(rulesFile, JSON.stringify(o.rules ?? []));
  const plugin = userPlugin(agent, o.world);
  await Deno.mkdir(plugin.slice(0, plugin.lastIndexOf("/")), { recursive: true });
  if (o.record !== undefined && o.record.length > 0) {
    const hooks: Record<string, unknown> = {};
    for (const native of o.record) {
      hooks[native] = [{
        type: "command",
        command: recordHookCommand(native),
        timeout: o.recordTimeout ?? 30,
      }];
    }
    await Deno.writeTextFile(plugin, pluginText(JSON.stringify({ version: 1, hooks })));
  }
  const api = await startFakeOpenAiChat(o.script);
  try {
    await o.before?.(api.baseUrl);
    const run = await runAgent({
      cmd: bin,
      args: ["run", "--model", MODEL, "--format", "json", o.prompt ?? DEFAULT_PROMPT],
      env: {
        ...o.world.env(pluginAgentEnv(agent, o.world, api.baseUrl)),
        HOOK_LOG: hookLog,
        HOOK_RULES: rulesFile,
        ...(o.env ?? {}),
      },
      cwd: o.world.project,
      timeoutMs: o.timeoutMs ?? 240_000,
    });
    const requests = [...api.requests];
    const turns = mainTurns(requests);
    return {
      run,
      requests,
      turns,
      toolResults: toolResults(turns),
      hookCalls: await readHookLog(hookLog),
    };
  } finally {
    await api.close();
  }
}
