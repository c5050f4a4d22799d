/**
 * Qwen Code, headless: `qwen <prompt> --auth-type openai -m fake-model
 * --yolo -o json` on Node.js 22 or later, pointed at the fake chat
 * completions API through `OPENAI_BASE_URL` with a fake key, telemetry and
 * update checks off, its settings in `~/.qwen/settings.json`.
 *
 * @module
 */

import type { AgentDriver, AgentWorld } from "../driver.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/** The model name the fake API is asked for. */
export const QWEN_MODEL = "fake-model";

/**
 * The user settings file of a world.
 *
 * @param world The world.
 * @returns `<home>/.qwen/settings.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenSettingsPath } from "./qwen_code.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(qwenSettingsPath(world) === "/w/h/.qwen/settings.json");
 * ```
 */
export function qwenSettingsPath(world: AgentWorld): string {
  return `${world.home}/.qwen/settings.json`;
}

/**
 * What the user settings hold for a headless run, besides hooks.
 *
 * @returns The settings object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenBaseSettings } from "./qwen_code.ts";
 * assert(qwenBaseSettings()["$version"] === 4);
 * ```
 */
export function qwenBaseSettings(): Record<string, unknown> {
  return {
    // The settings format Qwen Code writes: without it, Qwen Code adds it to the file at start.
    "$version": 4,
    security: { auth: { selectedType: "openai" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false },
  };
}

/**
 * Qwen Code's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QWEN_CODE_DRIVER } from "./qwen_code.ts";
 * assert(QWEN_CODE_DRIVER.node?.major === 22);
 * ```
 */
export const QWEN_CODE_DRIVER: AgentDriver<"openai-chat"> = {
  id: "qwen-code",
  name: "Qwen Code",
  api: "openai-chat",
  bins: ["qwen"],
  node: { major: 22 },
  homeFolders: [".qwen"],
  projectFolders: [".qwen"],
  prepare: (world) => mergeSettingsFile(qwenSettingsPath(world), qwenBaseSettings()),
  env: (world, apiUrl) => ({
    SHELL: "/bin/bash",
    OPENAI_API_KEY: "fake-key-not-real",
    OPENAI_BASE_URL: `${apiUrl}/v1`,
    OPENAI_MODEL: QWEN_MODEL,
    QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
    // Qwen Code starts itself again in a child process (for a larger heap) unless told not to:
    // that second start doubles the time of every run.
    QWEN_CODE_NO_RELAUNCH: "true",
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_CACHE_HOME: `${world.root}/cache`,
    NO_COLOR: "1",
  }),
  args: (_world, _apiUrl, o) => [
    o.prompt,
    "--auth-type",
    "openai",
    "-m",
    QWEN_MODEL,
    ...(o.autoApprove ? ["--yolo"] : []),
    "-o",
    "json",
  ],
  shell: (command) => toolStep("run_shell_command", { command, description: "Run it" }),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  toolResults: (requests) => toolResults(mainTurns(requests)),
};
