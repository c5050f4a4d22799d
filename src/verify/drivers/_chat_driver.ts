/**
 * The driver of an agent of the chat family (Qwen Code, Factory Droid): one
 * that speaks OpenAI chat completions to the fake API, keeps its settings in
 * `~/<folder>/settings.json`, and is run headless with its own command line.
 * What differs per agent is data in its own module (`headless` of family
 * `chat`, src/agents/headless.ts), with placeholders this builder fills from
 * the world, the fake API's url and the model's turn.
 *
 * @module
 */

import type { ChatHeadless, RunTemplate, ToolTemplate } from "../../agents/headless.ts";
import {
  type AgentDriver,
  type AgentWorld,
  failingCommand,
  noMcp,
  ownSettingsText,
} from "../driver.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";
import { type ChatStep, mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/** What a chat agent's driver is made from: its id and name, and its record's headless data. */
export interface ChatDriverSpec extends ChatHeadless {
  /** everyhook's agent id. */
  id: string;
  /** The agent's name for people. */
  name: string;
}

/**
 * A template with its placeholders filled: in strings and keys, each
 * `{name}` by its text; a string that is one placeholder whole, by the
 * value, whatever it is.
 *
 * @param template The data, with placeholders.
 * @param values The value of each placeholder.
 * @returns The data filled.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fillTemplate } from "./_chat_driver.ts";
 * const filled = fillTemplate({ url: "{apiUrl}/v1", "{k}": "{spec}" }, {
 *   apiUrl: "http://127.0.0.1:1",
 *   k: "key",
 *   spec: { a: 1 },
 * });
 * assert.deepEqual(filled, { url: "http://127.0.0.1:1/v1", key: { a: 1 } });
 * ```
 */
export function fillTemplate(
  template: RunTemplate,
  values: Readonly<Record<string, unknown>>,
): unknown {
  const text = (s: string) =>
    s.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const v = values[name];
      return typeof v === "string" ? v : whole;
    });
  if (typeof template === "string") {
    const whole = /^\{(\w+)\}$/.exec(template)?.[1];
    if (whole !== undefined && whole in values) return values[whole];
    return text(template);
  }
  if (Array.isArray(template)) return template.map((t) => fillTemplate(t, values));
  if (template !== null && typeof template === "object") {
    return Object.fromEntries(
      Object.entries(template).map(([k, v]) => [text(k), fillTemplate(v, values)]),
    );
  }
  return template;
}

/**
 * The user settings file of a chat agent in a world.
 *
 * @param run The agent's headless data.
 * @param world The world.
 * @returns `<home>/<folder>/settings.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatSettingsPath } from "./_chat_driver.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert.equal(chatSettingsPath({ folder: ".qwen" }, world), "/w/h/.qwen/settings.json");
 * ```
 */
export function chatSettingsPath(run: Pick<ChatHeadless, "folder">, world: AgentWorld): string {
  return `${world.home}/${run.folder}/settings.json`;
}

/**
 * What a chat agent's user settings hold for a headless run against `apiUrl`,
 * besides hooks.
 *
 * @param run The agent's headless data.
 * @param apiUrl The fake API's url.
 * @returns The settings.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatBaseSettings } from "./_chat_driver.ts";
 * const s = chatBaseSettings({ settings: { baseUrl: "{apiUrl}/v1" } }, "http://127.0.0.1:1");
 * assert.deepEqual(s, { baseUrl: "http://127.0.0.1:1/v1" });
 * ```
 */
export function chatBaseSettings(
  run: Pick<ChatHeadless, "settings">,
  apiUrl: string,
): Record<string, unknown> {
  return fillTemplate(run.settings, { apiUrl }) as Record<string, unknown>;
}

/**
 * The model's call of one of the agent's tools.
 *
 * @param tool The tool's template.
 * @param values The turn's own placeholders (`command`, `path`, `prompt`, ...).
 * @returns The model's turn.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatToolStep } from "./_chat_driver.ts";
 * const step = chatToolStep({ name: "run", input: { command: "{command}" } }, { command: "ls" });
 * assert.equal(step.kind, "tool");
 * ```
 */
export function chatToolStep(
  tool: ToolTemplate,
  values: Readonly<Record<string, unknown>>,
): ChatStep {
  return toolStep(tool.name, fillTemplate(tool.input, values) as Record<string, unknown>);
}

/** The placeholders of verify's MCP server. */
const MCP_VALUES = { mcpServer: MCP_SERVER, mcpTool: MCP_TOOL, mcpText: MCP_CALL_TEXT };

/**
 * A chat agent's driver, from its data: the family's builder, which
 * drivers/mod.ts calls for each agent whose `headless` is of the chat family.
 *
 * @param spec The agent's id, name and headless data.
 * @returns Its driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatDriver } from "./_chat_driver.ts";
 * import { findAgent } from "../../agents/mod.ts";
 * const qwen = findAgent("qwen-code")!;
 * const run = qwen.headless;
 * assert(run?.family === "chat");
 * const d = chatDriver({ id: qwen.id, name: qwen.name, ...run });
 * assert.equal(d.shell("ls").kind, "tool");
 * ```
 */
export function chatDriver(spec: ChatDriverSpec): AgentDriver<"openai-chat"> {
  const { tools, basis, subagent, mcp } = spec;
  const worldValues = (world: AgentWorld, apiUrl: string) => ({
    apiUrl,
    root: world.root,
    home: world.home,
  });
  const shell = (command: string) => chatToolStep(tools.shell, { command });
  return {
    id: spec.id,
    name: spec.name,
    api: "openai-chat",
    bins: spec.bins,
    node: spec.nodeMajor === undefined ? undefined : { major: spec.nodeMajor },
    homeFolders: [spec.folder],
    projectFolders: [spec.folder],
    prepare: (world, apiUrl) =>
      mergeSettingsFile(chatSettingsPath(spec, world), chatBaseSettings(spec, apiUrl)),
    env: (world, apiUrl) =>
      fillTemplate(spec.env, worldValues(world, apiUrl)) as Record<string, string>,
    args: (world, apiUrl, o) =>
      spec.args.flatMap((a) =>
        typeof a === "string"
          ? [fillTemplate(a, { ...worldValues(world, apiUrl), prompt: o.prompt }) as string]
          : o.autoApprove
          ? [...a.autoApprove]
          : []
      ),
    shell,
    say: (text) => textStep(text),
    script: (steps) => ({ steps: [...steps] }),
    toolResults: (requests) => toolResults(mainTurns(requests)),
    plays: {
      fails: (marker) => ({
        turns: [shell(failingCommand(marker))],
        tool: tools.shell.name,
        basis: basis.fails,
      }),
      write: (path, content) => ({
        turns: [chatToolStep(tools.write, { path, content })],
        tool: tools.write.name,
        basis: basis.write,
      }),
      edit: (path, before, after) => ({
        turns: [
          chatToolStep(tools.read, { path }),
          chatToolStep(tools.edit, { path, before, after }),
        ],
        tool: tools.edit.name,
        basis: basis.edit,
      }),
      subagent: "cannot" in subagent ? { cannot: subagent.cannot } : (prompt) => ({
        turns: [chatToolStep(subagent.tool, { prompt })],
        tool: subagent.tool.name,
        basis: subagent.basis,
        script: (main, marker, sub) => ({
          steps: [...main],
          subagentMarker: marker,
          subagentSteps: [...sub],
          ...(subagent.markerInAnyUserMessage ? { markerInAnyUserMessage: true } : {}),
        }),
      }),
      mcp: "notRecorded" in mcp ? noMcp(mcp.notRecorded) : {
        play: () => {
          const tool = fillTemplate(mcp.tool, MCP_VALUES) as string;
          return {
            turns: [toolStep(tool, { text: MCP_CALL_TEXT })],
            tool,
            basis: mcp.basis,
          };
        },
        setup: (world, server) =>
          mergeSettingsFile(
            chatSettingsPath(spec, world),
            fillTemplate(mcp.settings, { ...MCP_VALUES, mcpSpec: server }) as Record<
              string,
              unknown
            >,
          ),
      },
    },
    ...(spec.notSent ? { notSent: spec.notSent } : {}),
    shared: {
      ...spec.shows,
      own: (world, apiUrl) => ({
        path: chatSettingsPath(spec, world),
        text: ownSettingsText(chatBaseSettings(spec, apiUrl)),
      }),
    },
  };
}
