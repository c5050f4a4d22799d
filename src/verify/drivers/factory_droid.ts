/**
 * Factory Droid, headless: `droid exec --auto high -m custom:Fake-0 -o json
 * <prompt>` with a bring-your-own-key model (OpenAI chat completions at the
 * fake API) in `~/.factory/settings.json`, no Factory account, and
 * `FACTORY_AIRGAP_ENABLED` so that it looks up no host name.
 *
 * @module
 */

import type { AgentDriver, AgentWorld } from "../driver.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";
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
  shell: (command) =>
    toolStep("Execute", {
      command,
      summary: "Run the command",
      riskLevelReason: "a scripted step of the test",
      riskLevel: "low",
    }),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  // Droid's first user message is a reminder of its own tools; sub-agents are marked later.
  toolResults: (requests) => toolResults(mainTurns(requests)),
};
