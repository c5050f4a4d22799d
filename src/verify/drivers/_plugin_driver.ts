/**
 * What the drivers of OpenCode and Kilo Code share (Kilo Code is a fork of
 * OpenCode, with `KILO_` variables in place of `OPENCODE_`): headless,
 * `<bin> run --model fake/fake-model --format json <prompt>`, its config in
 * the `<PREFIX>_CONFIG_CONTENT` variable (a provider at the fake chat
 * completions API, every tool allowed), laid by the agent over the config
 * files of the world, which stay as they are; `XDG_CONFIG_HOME` in the
 * world's home, so that `~/.config/<agent>/plugin/` is where its user plugins
 * (everyhook's among them) are read from. What differs per agent is a
 * {@linkcode PluginDriverSpec}, made from the agent's record
 * (src/agents/_plugin_agent.ts): drivers/mod.ts makes the driver of every
 * agent whose record says it is of this family.
 *
 * @module
 */

import type { PluginHeadless } from "../../agents/headless.ts";
import { type AgentDriver, type AgentWorld, failingCommand } from "../driver.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";

/** The name a plugin agent gives verify's MCP tool. */
const PLUGIN_MCP_TOOL = `${MCP_SERVER}_${MCP_TOOL}`;

/** The model as these agents name it: the provider `fake`, its model `fake-model`. */
export const PLUGIN_AGENT_MODEL = "fake/fake-model";

/**
 * What a plugin agent's driver is made from: its id and name, and the data of
 * its headless run its own module carries (`Agent.headless`).
 */
export interface PluginDriverSpec extends PluginHeadless {
  /** everyhook's agent id. */
  id: string;
  /** The agent's name for people. */
  name: string;
}

/** Where the plugin agents' refused prompt and --fail-closed runs are, not in the shared scenarios. */
const PLUGIN_OWN_FILE = "run by the plugin agents' own file, tests/e2e/plugin_agent_e2e.ts";

/**
 * `XDG_CONFIG_HOME` in a world: `<home>/.config`, where the agent looks when
 * it is not set.
 *
 * @param world The world.
 * @returns The folder.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginConfigHome } from "./_plugin_driver.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(pluginConfigHome(world) === "/w/h/.config");
 * ```
 */
export function pluginConfigHome(world: AgentWorld): string {
  return `${world.home}/.config`;
}

/**
 * The agent's config for a run against the fake API at `apiUrl`: a provider
 * `fake` speaking OpenAI chat completions with a fake key, no updates, no
 * snapshots, no sharing, and the shell and edit tools allowed.
 *
 * @param apiUrl The fake API's url (`http://127.0.0.1:<port>`).
 * @returns The config as JSON text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginAgentConfig } from "./_plugin_driver.ts";
 * const config = JSON.parse(pluginAgentConfig("http://127.0.0.1:1"));
 * assert(config.provider.fake.options.baseURL === "http://127.0.0.1:1/v1");
 * ```
 */
export function pluginAgentConfig(apiUrl: string): string {
  return JSON.stringify({
    provider: {
      fake: {
        npm: "@ai-sdk/openai-compatible",
        name: "Fake",
        options: { baseURL: `${apiUrl}/v1`, apiKey: "fake-key-not-real" },
        models: { "fake-model": { name: "Fake Model", tool_call: true } },
      },
    },
    model: PLUGIN_AGENT_MODEL,
    autoupdate: false,
    snapshot: false,
    share: "disabled",
    permission: { bash: "allow", edit: "allow" },
  });
}

/** The switches both agents take, after their prefix (`OPENCODE_`, `KILO_`). */
const PREFIXED_SWITCHES = [
  // Its list of models comes from its servers.
  "DISABLE_MODELS_FETCH",
  "DISABLE_AUTOUPDATE",
  "DISABLE_SHARE",
  "DISABLE_LSP_DOWNLOAD",
  "DISABLE_DEFAULT_PLUGINS",
  // Claude Code's files of the home would be read as its own.
  "DISABLE_CLAUDE_CODE",
  "DISABLE_PRUNE",
  "EXPERIMENTAL_DISABLE_FILEWATCHER",
] as const;

/**
 * A plugin agent's driver, from what differs: the family's builder, which
 * drivers/mod.ts calls for each agent whose `headless` is of the plugin family.
 *
 * @param spec The agent's data.
 * @returns Its driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginDriver } from "./_plugin_driver.ts";
 * const d = pluginDriver({
 *   id: "opencode",
 *   name: "OpenCode",
 *   family: "plugin",
 *   bins: ["opencode"],
 *   prefix: "OPENCODE",
 *   configFolder: "opencode",
 *   projectFolder: ".opencode",
 *   env: {},
 * });
 * assert(d.homeFolders[0] === ".config/opencode");
 * ```
 */
export function pluginDriver(spec: PluginDriverSpec): AgentDriver<"openai-chat"> {
  const p = spec.prefix;
  return {
    id: spec.id,
    name: spec.name,
    api: "openai-chat",
    bins: spec.bins,
    node: spec.nodeMajor === undefined ? undefined : { major: spec.nodeMajor },
    homeFolders: [`.config/${spec.configFolder}`],
    projectFolders: [spec.projectFolder],
    // The run's config is a variable the agent lays over its files: they are left as they are.
    prepare: () => Promise.resolve(),
    env: (world, apiUrl) => ({
      SHELL: "/bin/bash",
      NO_COLOR: "1",
      XDG_CONFIG_HOME: pluginConfigHome(world),
      XDG_DATA_HOME: `${world.root}/data`,
      XDG_CACHE_HOME: `${world.root}/cache`,
      XDG_STATE_HOME: `${world.root}/state`,
      // Without it the agent waits 70 to 90 seconds at start on a registry fetch.
      npm_config_offline: "true",
      [`${p}_CONFIG_CONTENT`]: pluginAgentConfig(apiUrl),
      ...Object.fromEntries(PREFIXED_SWITCHES.map((s) => [`${p}_${s}`, "1"])),
      ...spec.env,
    }),
    // Every tool is allowed by the config (env()); a headless run has no one to ask.
    args: (_world, _apiUrl, o) => [
      "run",
      "--model",
      PLUGIN_AGENT_MODEL,
      "--format",
      "json",
      o.prompt,
    ],
    shell: (command) => toolStep("bash", { command, description: "Run it" }),
    say: (text) => textStep(text),
    script: (steps) => ({ steps: [...steps] }),
    toolResults: (requests) => toolResults(mainTurns(requests)),
    plays: {
      fails: (marker) => ({
        turns: [toolStep("bash", { command: failingCommand(marker), description: "Run it" })],
        tool: "bash",
        basis: `fixtures/${spec.id}/pre-tool.shell-harmless.json`,
      }),
      write: (path, content) => ({
        turns: [toolStep("write", { filePath: path, content })],
        tool: "write",
        basis: `fixtures/${spec.id}/pre-tool.write.json, fixtures/${spec.id}/post-tool.write.json`,
      }),
      edit: (path, before, after) => ({
        turns: [
          toolStep("read", { filePath: path }),
          toolStep("edit", { filePath: path, oldString: before, newString: after }),
        ],
        tool: "edit",
        basis: `fixtures/${spec.id}/pre-tool.edit.json`,
      }),
      subagent: {
        cannot: `${spec.name} has no subagent event, and no subagent of it is recorded here`,
      },
      // The agent offers the model an MCP tool as <server>_<tool> (its request to the fake API in
      // verify's run of the pinned OpenCode); the config is the run's own, with the server added.
      mcp: {
        play: () => ({
          turns: [toolStep(PLUGIN_MCP_TOOL, { text: MCP_CALL_TEXT })],
          tool: PLUGIN_MCP_TOOL,
          basis:
            "tests/e2e/verify_run_test.ts (the pinned binary's run: tool.execute.before fired for it)",
        }),
        env: (_world, apiUrl, server) => ({
          [`${p}_CONFIG_CONTENT`]: JSON.stringify({
            ...JSON.parse(pluginAgentConfig(apiUrl)),
            mcp: {
              [MCP_SERVER]: {
                type: "local",
                command: [server.command, ...server.args],
                enabled: true,
              },
            },
          }),
        }),
      },
    },
    // The model sees the reason the plugin throws, as it is.
    shared: {
      blocked: /^Blocked .*force/s,
      // A plugin of the person's own, beside the one everyhook writes.
      own: (world) => ({
        path: `${pluginConfigHome(world)}/${spec.configFolder}/plugin/own.js`,
        text: "export const Own = async () => ({});\n",
      }),
      refusedPrompt: { skip: PLUGIN_OWN_FILE },
      hung: { skip: PLUGIN_OWN_FILE },
      lacks: {
        startContext:
          "session.created is an event a plugin is only told of: no answer adds to the model's context",
        stopSentBack:
          "session.idle is an event a plugin is only told of, so no answer sends the agent back",
      },
    },
  };
}
