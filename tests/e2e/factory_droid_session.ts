/**
 * Factory Droid in the end-to-end tests: its driver (made by the chat
 * family's builder, src/verify/drivers/_chat_driver.ts, from its record), its
 * events, and its sub-agent call.
 *
 * @module
 */

import type { ChatAgent } from "./chat_agent_session.ts";
import { chatAgentOf } from "./chat_family.ts";

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
export const DROID: ChatAgent = chatAgentOf(DROID_ID);
