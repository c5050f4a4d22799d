/**
 * Gemini CLI, headless: `gemini -p <prompt> -m gemini-2.5-flash --yolo -o
 * json` (`--yolo`, or a headless run has no shell tool; `--skip-trust` when
 * the trust check is bypassed, which also makes it ignore project hooks),
 * API-key auth against the fake Gemini API (`GOOGLE_GEMINI_BASE_URL`),
 * `GEMINI_CLI_HOME` the world's home, telemetry and update checks off.
 *
 * @module
 */

import type { AgentDriver, AgentWorld } from "../driver.ts";
import { functionResponsesOf, type GeminiStep } from "../fake/gemini.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/** The model Gemini CLI is asked for. */
export const GEMINI_MODEL = "gemini-2.5-flash";

/**
 * The settings a headless run needs: no telemetry, no update check, API-key
 * auth. Whether hooks are on (`hooksConfig`) is left to the world's file.
 *
 * @returns The settings object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiRunSettings } from "./gemini_cli.ts";
 * assert("security" in geminiRunSettings() && !("hooksConfig" in geminiRunSettings()));
 * ```
 */
export function geminiRunSettings(): Record<string, unknown> {
  return {
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false, logPrompts: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    security: { auth: { selectedType: "gemini-api-key" } },
  };
}

/**
 * The user settings file of a world (`GEMINI_CLI_HOME` is the world's home).
 *
 * @param world The world.
 * @returns `<home>/.gemini/settings.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiSettingsPath } from "./gemini_cli.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(geminiSettingsPath(world) === "/w/h/.gemini/settings.json");
 * ```
 */
export function geminiSettingsPath(world: AgentWorld): string {
  return `${world.home}/.gemini/settings.json`;
}

/**
 * Gemini CLI's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GEMINI_CLI_DRIVER } from "./gemini_cli.ts";
 * assert(GEMINI_CLI_DRIVER.shell("echo hi").kind === "call");
 * ```
 */
export const GEMINI_CLI_DRIVER: AgentDriver<"gemini"> = {
  id: "gemini-cli",
  name: "Gemini CLI",
  api: "gemini",
  bins: ["gemini"],
  node: { major: 20 },
  homeFolders: [".gemini"],
  projectFolders: [".gemini"],
  prepare: (world) => mergeSettingsFile(geminiSettingsPath(world), geminiRunSettings()),
  env: (world, apiUrl) => ({
    GEMINI_CLI_HOME: world.home,
    GEMINI_API_KEY: "fake-key-e2e",
    GOOGLE_GEMINI_BASE_URL: apiUrl,
    GEMINI_TELEMETRY_ENABLED: "false",
    NO_BROWSER: "true",
    SHELL: "/bin/bash",
  }),
  args: (_world, _apiUrl, o) => [
    "-p",
    o.prompt,
    "-m",
    GEMINI_MODEL,
    ...(o.bypassTrust ? ["--skip-trust"] : []),
    ...(o.autoApprove ? ["--yolo"] : []),
    "-o",
    "json",
  ],
  shell: (command): GeminiStep => ({
    kind: "call",
    name: "run_shell_command",
    args: { command, description: "Run a command" },
  }),
  say: (text): GeminiStep => ({ kind: "text", text }),
  script: (steps) => [...steps],
  toolResults: (requests) => functionResponsesOf(requests),
};
