/**
 * How Qwen Code runs headless here: `qwen <prompt> --auth-type openai --yolo
 * -o json` on the pinned Node.js 22, pointed at the fake chat completions API
 * through `OPENAI_BASE_URL`, with a fake key, telemetry and update checks off,
 * and its settings in the world's `~/.qwen/settings.json`.
 *
 * @module
 */

import type { ChatAgent } from "./chat_agent_session.ts";
import { toolStep } from "../../src/verify/fake/openai_chat.ts";
import type { World } from "./world.ts";

/** everyhook's id for Qwen Code. */
export const QWEN_ID = "qwen-code";

/** The model name the fake API is asked for. */
export const QWEN_MODEL = "fake-model";

/** Qwen Code's own name for each contract event it was recorded under. */
export const QWEN_EVENTS = {
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "post-tool-failure": "PostToolUseFailure",
  "prompt": "UserPromptSubmit",
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
  "stop": "Stop",
  "subagent-stop": "SubagentStop",
} as const;

/**
 * Qwen Code as the chat-agent runner starts it.
 *
 * @example Usage
 * ```ts ignore
 * import { QWEN } from "./qwen_code_session.ts";
 * import { chatWorld, runChatAgent } from "./chat_agent_session.ts";
 * await using world = await chatWorld(QWEN.id);
 * ```
 */
export const QWEN: ChatAgent = {
  id: QWEN_ID,
  toolEvents: ["PreToolUse", "PostToolUse", "PostToolUseFailure"],
  userSettings: (world: World) => `${world.home}/.qwen/settings.json`,
  projectSettings: (world: World) => `${world.project}/.qwen/settings.json`,
  baseSettings: () => ({
    // The settings format Qwen Code writes: without it, Qwen Code adds it to the file at start.
    "$version": 4,
    security: { auth: { selectedType: "openai" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false },
  }),
  env: (world: World, baseUrl: string) => ({
    SHELL: "/bin/bash",
    OPENAI_API_KEY: "fake-key-not-real",
    OPENAI_BASE_URL: baseUrl,
    OPENAI_MODEL: QWEN_MODEL,
    QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
    // Qwen Code starts itself again in a child process (for a larger heap) unless told not to:
    // that second start doubles the time of every run here.
    QWEN_CODE_NO_RELAUNCH: "true",
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_CACHE_HOME: `${world.root}/cache`,
    NO_COLOR: "1",
  }),
  args: (prompt: string, autoApprove: boolean) => [
    prompt,
    "--auth-type",
    "openai",
    "-m",
    QWEN_MODEL,
    ...(autoApprove ? ["--yolo"] : []),
    "-o",
    "json",
  ],
  shell: (command: string) => toolStep("run_shell_command", { command, description: "Run it" }),
  subagent: (marker: string) =>
    toolStep("agent", {
      description: "Run a sub task",
      prompt: `${marker} say hello`,
      subagent_type: "general-purpose",
      run_in_background: false,
    }),
  markerInAnyUserMessage: false,
};
