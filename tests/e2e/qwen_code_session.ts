/**
 * Qwen Code in the end-to-end tests: its driver (src/verify/drivers/qwen_code.ts,
 * on the pinned Node.js 22 here), its events, and its sub-agent call.
 *
 * @module
 */

import type { ChatAgent } from "./chat_agent_session.ts";
import { toolStep } from "../../src/verify/fake/openai_chat.ts";
import {
  QWEN_CODE_DRIVER,
  QWEN_MODEL as DRIVER_MODEL,
  qwenBaseSettings,
  qwenSettingsPath,
} from "../../src/verify/drivers/qwen_code.ts";
import type { World } from "./world.ts";

/** everyhook's id for Qwen Code. */
export const QWEN_ID = "qwen-code";

/** The model name the fake API is asked for. */
export const QWEN_MODEL = DRIVER_MODEL;

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
  driver: QWEN_CODE_DRIVER,
  id: QWEN_ID,
  toolEvents: ["PreToolUse", "PostToolUse", "PostToolUseFailure"],
  userSettings: qwenSettingsPath,
  projectSettings: (world: World) => `${world.project}/.qwen/settings.json`,
  baseSettings: () => qwenBaseSettings(),
  shell: QWEN_CODE_DRIVER.shell,
  subagent: (marker: string) =>
    toolStep("agent", {
      description: "Run a sub task",
      prompt: `${marker} say hello`,
      subagent_type: "general-purpose",
      run_in_background: false,
    }),
  markerInAnyUserMessage: false,
};
