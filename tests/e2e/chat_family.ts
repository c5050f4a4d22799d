/**
 * An agent of the chat family (src/verify/drivers/_chat_driver.ts) as the
 * chat-agent runner starts it, made from its record and its driver alone:
 * its settings files, what they hold for a run, its shell and subagent
 * calls, and the native events whose entries take a matcher.
 *
 * @module
 */

import type { ChatHeadless } from "../../src/agents/headless.ts";
import { findAgent } from "../../src/agents/mod.ts";
import type { Agent } from "../../src/agents/types.ts";
import {
  chatBaseSettings,
  chatSettingsPath,
  chatToolStep,
} from "../../src/verify/drivers/_chat_driver.ts";
import { findDriver } from "../../src/verify/drivers/mod.ts";
import type { ChatAgent } from "./chat_agent_session.ts";

/**
 * The native events of an agent whose entries take a matcher: its tool
 * events, and the other names it has for them.
 *
 * @param agent The agent.
 * @returns The native event names.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findAgent } from "../../src/agents/mod.ts";
 * import { toolEventsOf } from "./chat_family.ts";
 * assert.deepEqual(toolEventsOf(findAgent("factory-droid")!), ["PreToolUse", "PostToolUse"]);
 * ```
 */
export function toolEventsOf(agent: Agent): string[] {
  const own = (["pre-tool", "post-tool"] as const).flatMap((e) => agent.events[e]?.native ?? []);
  const aliases = Object.entries(agent.aliasEvents)
    .filter(([, e]) => e === "pre-tool" || e === "post-tool")
    .map(([name]) => name);
  return [...own, ...aliases];
}

/**
 * The chat agent with this id, from its record (`headless` of the chat
 * family) and its driver.
 *
 * @param id everyhook's id of an agent of the chat family.
 * @returns The agent as the runner starts it.
 * @throws {Error} When the agent is of no chat family.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatAgentOf } from "./chat_family.ts";
 * const qwen = chatAgentOf("qwen-code");
 * assert.equal(qwen.shell("ls").kind, "tool");
 * assert(qwen.toolEvents.includes("PostToolUseFailure"));
 * ```
 */
export function chatAgentOf(id: string): ChatAgent {
  const agent = findAgent(id);
  const run: ChatHeadless | undefined = agent?.headless?.family === "chat"
    ? agent.headless
    : undefined;
  const driver = findDriver(id);
  if (!agent || !run || driver?.api !== "openai-chat") {
    throw new Error(`${id} is no agent of the chat family`);
  }
  const sub = run.subagent;
  if ("cannot" in sub) throw new Error(`${id} has no subagent tool: ${sub.cannot}`);
  return {
    driver,
    id,
    toolEvents: toolEventsOf(agent),
    userSettings: (world) => chatSettingsPath(run, world),
    projectSettings: (world) => `${world.project}/${run.folder}/settings.json`,
    baseSettings: (apiUrl) => chatBaseSettings(run, apiUrl),
    shell: driver.shell,
    subagent: (marker) => chatToolStep(sub.tool, { prompt: `${marker} say hello` }),
    markerInAnyUserMessage: sub.markerInAnyUserMessage ?? false,
  };
}
