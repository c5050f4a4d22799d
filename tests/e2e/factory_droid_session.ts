/**
 * Factory Droid in the end-to-end tests: its driver
 * (src/verify/drivers/factory_droid.ts), its events, and its sub-agent call.
 *
 * @module
 */

import type { ChatAgent } from "./chat_agent_session.ts";
import { toolStep } from "../../src/verify/fake/openai_chat.ts";
import {
  droidBaseSettings,
  droidSettingsPath,
  FACTORY_DROID_DRIVER,
} from "../../src/verify/drivers/factory_droid.ts";
import type { World } from "./world.ts";

/** everyhook's id for Factory Droid. */
export const DROID_ID = "factory-droid";

/** Factory Droid's own name for each contract event it was recorded under. */
export const DROID_EVENTS = {
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "prompt": "UserPromptSubmit",
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
  "stop": "Stop",
  "subagent-stop": "SubagentStop",
} as const;

/**
 * Factory Droid as the chat-agent runner starts it.
 *
 * @example Usage
 * ```ts ignore
 * import { DROID } from "./factory_droid_session.ts";
 * import { chatWorld } from "./chat_agent_session.ts";
 * await using world = await chatWorld(DROID.id);
 * ```
 */
export const DROID: ChatAgent = {
  driver: FACTORY_DROID_DRIVER,
  id: DROID_ID,
  toolEvents: ["PreToolUse", "PostToolUse"],
  userSettings: droidSettingsPath,
  projectSettings: (world: World) => `${world.project}/.factory/settings.json`,
  baseSettings: droidBaseSettings,
  shell: FACTORY_DROID_DRIVER.shell,
  // The built-in sub-agents are "worker" and "explorer"; `await` makes the main agent wait.
  subagent: (marker: string) =>
    toolStep("Task", {
      subagent_type: "worker",
      description: "Run a sub task",
      prompt: `${marker} say hello`,
      await: true,
    }),
  // Droid's first user message is a reminder of its own tools; the task's prompt comes later.
  markerInAnyUserMessage: true,
};
