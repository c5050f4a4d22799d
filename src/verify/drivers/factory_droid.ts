/**
 * Factory Droid, headless: `droid exec --auto high -m custom:Fake-0 -o json
 * <prompt>` with a bring-your-own-key model (OpenAI chat completions at the
 * fake API) in `~/.factory/settings.json`, no Factory account, and
 * `FACTORY_AIRGAP_ENABLED` so that it looks up no host name.
 *
 * @module
 */

import {
  type AgentDriver,
  type AgentWorld,
  failingCommand,
  noMcp,
  ownSettingsText,
} from "../driver.ts";
import { type ChatStep, mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/**
 * The user settings file of a world.
 *
 * @param world The world.
 * @returns `<home>/.factory/settings.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { droidSettingsPath } from "./factory_droid.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(droidSettingsPath(world) === "/w/h/.factory/settings.json");
 * ```
 */
export function droidSettingsPath(world: AgentWorld): string {
  return `${world.home}/.factory/settings.json`;
}

/**
 * What the user settings hold for a headless run against `apiUrl`, besides hooks.
 *
 * @param apiUrl The fake API's url.
 * @returns The settings object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { droidBaseSettings } from "./factory_droid.ts";
 * assert(Array.isArray(droidBaseSettings("http://127.0.0.1:1")["customModels"]));
 * ```
 */
export function droidBaseSettings(apiUrl: string): Record<string, unknown> {
  return {
    customModels: [{
      model: "fake-model",
      displayName: "Fake",
      baseUrl: `${apiUrl}/v1`,
      apiKey: "fake-key-not-real",
      provider: "generic-chat-completion-api",
      maxOutputTokens: 4096,
    }],
    enableDroidShield: false,
    cloudSessionSync: false,
  };
}

function droidShell(command: string): ChatStep {
  return toolStep("Execute", {
    command,
    summary: "Run the command",
    riskLevelReason: "a scripted step of the test",
    riskLevel: "low",
  });
}

/**
 * Factory Droid's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { FACTORY_DROID_DRIVER } from "./factory_droid.ts";
 * assert(FACTORY_DROID_DRIVER.shell("echo hi").kind === "tool");
 * ```
 */
export const FACTORY_DROID_DRIVER: AgentDriver<"openai-chat"> = {
  id: "factory-droid",
  name: "Factory Droid",
  api: "openai-chat",
  bins: ["droid"],
  // The package's `droid` is a native executable.
  node: undefined,
  homeFolders: [".factory"],
  projectFolders: [".factory"],
  prepare: (world, apiUrl) =>
    mergeSettingsFile(droidSettingsPath(world), droidBaseSettings(apiUrl)),
  env: (world) => ({
    SHELL: "/bin/bash",
    FACTORY_AIRGAP_ENABLED: "true",
    FACTORY_DISABLE_KEYRING: "1",
    FACTORY_DROID_AUTO_UPDATE_ENABLED: "false",
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_CACHE_HOME: `${world.root}/cache`,
    NO_COLOR: "1",
  }),
  args: (_world, _apiUrl, o) => [
    "exec",
    ...(o.autoApprove ? ["--auto", "high"] : []),
    "-m",
    "custom:Fake-0",
    "-o",
    "json",
    o.prompt,
  ],
  shell: (command) => droidShell(command),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  // Droid's first user message is a reminder of its own tools; sub-agents are marked later.
  toolResults: (requests) => toolResults(mainTurns(requests)),
  plays: {
    fails: (marker) => ({
      turns: [droidShell(failingCommand(marker))],
      tool: "Execute",
      basis: "fixtures/factory-droid/pre-tool.shell-harmless.json",
    }),
    write: (path, content) => ({
      turns: [toolStep("Create", { file_path: path, content })],
      tool: "Create",
      basis:
        "fixtures/factory-droid/pre-tool.write.json, fixtures/factory-droid/post-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [
        toolStep("Read", { file_path: path }),
        toolStep("Edit", { file_path: path, old_str: before, new_str: after }),
      ],
      tool: "Edit",
      basis: "fixtures/factory-droid/pre-tool.edit.json",
    }),
    // The built-in sub-agents are "worker" and "explorer"; `await` makes the main agent wait.
    subagent: (prompt) => ({
      turns: [toolStep("Task", {
        subagent_type: "worker",
        description: "Run a sub task",
        prompt,
        await: true,
      })],
      tool: "Task",
      basis:
        "fixtures/factory-droid/pre-tool.agent.json, fixtures/factory-droid/subagent-stop.first.json",
      // Droid's first user message is a reminder of its own tools; the task's prompt comes later.
      script: (main, marker, sub) => ({
        steps: [...main],
        subagentMarker: marker,
        subagentSteps: [...sub],
        markerInAnyUserMessage: true,
      }),
    }),
    mcp: noMcp(
      "droid exec keeps MCP tools behind its ToolSearch tool: given verify's MCP server in ~/.factory/mcp.json it offered the model none of the server's tools (seen in verify's run), and no setting that offers them up front is known here",
    ),
  },
  notSent: [{
    step: "prompt",
    event: "prompt",
    why:
      "droid exec fires no UserPromptSubmit for the person's prompt, only in a sub-agent's session (fixtures/factory-droid/prompt.subagent-task.json)",
  }],
  shared: {
    blocked: /^Error: Blocked .*force/s,
    refusedPrompt: { skip: "`droid exec` fires no prompt event" },
    hung: /ran past its|timed out/i,
    own: (w, apiUrl) => ({
      path: droidSettingsPath(w),
      text: ownSettingsText(droidBaseSettings(apiUrl)),
    }),
  },
};
