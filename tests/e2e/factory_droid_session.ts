/**
 * How Factory Droid runs headless here: `droid exec --auto high -m
 * custom:Fake-0 -o json <prompt>` with a BYOK custom model (OpenAI chat
 * completions at the fake API's base URL) in the world's
 * `~/.factory/settings.json`, no Factory account, and `FACTORY_AIRGAP_ENABLED`
 * so that it looks up no host name.
 *
 * @module
 */

import type { ChatAgent } from "./chat_agent_session.ts";
import { toolStep } from "../../src/verify/fake/openai_chat.ts";
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
  id: DROID_ID,
  toolEvents: ["PreToolUse", "PostToolUse"],
  userSettings: (world: World) => `${world.home}/.factory/settings.json`,
  projectSettings: (world: World) => `${world.project}/.factory/settings.json`,
  baseSettings: (baseUrl: string) => ({
    customModels: [{
      model: "fake-model",
      displayName: "Fake",
      baseUrl,
      apiKey: "fake-key-not-real",
      provider: "generic-chat-completion-api",
      maxOutputTokens: 4096,
    }],
    enableDroidShield: false,
    cloudSessionSync: false,
  }),
  env: (world: World) => ({
    SHELL: "/bin/bash",
    FACTORY_AIRGAP_ENABLED: "true",
    FACTORY_DISABLE_KEYRING: "1",
    FACTORY_DROID_AUTO_UPDATE_ENABLED: "false",
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_CACHE_HOME: `${world.root}/cache`,
    NO_COLOR: "1",
  }),
  args: (prompt: string, autoApprove: boolean) => [
    "exec",
    ...(autoApprove ? ["--auto", "high"] : []),
    "-m",
    "custom:Fake-0",
    "-o",
    "json",
    prompt,
  ],
  shell: (command: string) =>
    toolStep("Execute", {
      command,
      summary: "Run the command",
      riskLevelReason: "a scripted step of the test",
      riskLevel: "low",
    }),
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
