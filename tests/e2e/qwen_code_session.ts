/**
 * Qwen Code in the end-to-end tests: its driver (made by the chat family's
 * builder, src/verify/drivers/_chat_driver.ts, from its record; on the pinned
 * Node.js 22 here), its events, and its sub-agent call.
 *
 * @module
 */

import type { ChatAgent } from "./chat_agent_session.ts";
import { chatAgentOf } from "./chat_family.ts";

/** everyhook's id for Qwen Code. */
export const QWEN_ID = "qwen-code";

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
export const QWEN: ChatAgent = chatAgentOf(QWEN_ID);
