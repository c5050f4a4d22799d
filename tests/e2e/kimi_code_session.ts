/**
 * Kimi Code in the end-to-end tests: its driver (src/verify/drivers/kimi_code.ts,
 * on the pinned Node.js 22 here), its events, and its settings file: `[[hooks]]`
 * tables in `~/.kimi-code/config.toml` (event, matcher, command, timeout in
 * seconds) in place of Claude Code's matcher groups. It has no project file.
 *
 * @module
 */

import { stringify } from "smol-toml";
import type { ChatAgent, HooksTable } from "./chat_agent_session.ts";
import { textStep } from "../../src/verify/fake/openai_chat.ts";
import { KIMI_CODE_DRIVER, kimiConfigPath } from "../../src/verify/drivers/kimi_code.ts";
import type { World } from "./world.ts";

/** everyhook's id for Kimi Code. */
export const KIMI_ID = "kimi-code";

/** Kimi Code's own name for each event it was recorded under. */
export const KIMI_EVENTS = {
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "post-tool-failure": "PostToolUseFailure",
  "prompt": "UserPromptSubmit",
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
  "stop": "Stop",
} as const;

/**
 * A Claude-layout hooks table as Kimi Code's `[[hooks]]` tables, after the
 * other settings. A matcher of `*` (every tool, in Claude Code's words) is left
 * out: Kimi Code reads a matcher as a regular expression, and none matches all.
 *
 * @param settings The other top-level settings.
 * @param hooks The hooks, or none.
 * @returns The TOML text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { kimiConfigText } from "./kimi_code_session.ts";
 * const text = kimiConfigText({}, { Stop: [{ hooks: [{ type: "command", command: "x", timeout: 5 }] }] });
 * assert.match(text, /\[\[hooks\]\]\nevent = "Stop"/);
 * ```
 */
export function kimiConfigText(
  settings: Record<string, unknown>,
  hooks: HooksTable | undefined,
): string {
  const entries: Record<string, unknown>[] = [];
  for (const [event, groups] of Object.entries(hooks ?? {})) {
    for (const group of groups) {
      for (const h of group.hooks) {
        entries.push({
          event,
          ...(group.matcher === undefined || group.matcher === "*"
            ? {}
            : { matcher: group.matcher }),
          command: h.command,
          timeout: h.timeout ?? 30,
        });
      }
    }
  }
  return stringify({ ...settings, ...(entries.length > 0 ? { hooks: entries } : {}) }) + "\n";
}

/**
 * Kimi Code as the chat-agent runner starts it. It has an `Agent` tool, but
 * the recordings here play none: a sub-agent's events were not recorded.
 *
 * @example Usage
 * ```ts ignore
 * import { KIMI } from "./kimi_code_session.ts";
 * import { chatWorld, runChatAgent } from "./chat_agent_session.ts";
 * await using world = await chatWorld(KIMI.id);
 * ```
 */
export const KIMI: ChatAgent = {
  driver: KIMI_CODE_DRIVER,
  id: KIMI_ID,
  toolEvents: ["PreToolUse", "PostToolUse", "PostToolUseFailure"],
  userSettings: kimiConfigPath,
  // Kimi Code reads no project file: a hook written there is never run.
  projectSettings: (world: World) => `${world.project}/.kimi-code/config.toml`,
  baseSettings: () => ({}),
  shell: KIMI_CODE_DRIVER.shell,
  subagent: (marker: string) => textStep(`${marker} (no sub-agent is played for Kimi Code)`),
  markerInAnyUserMessage: false,
  settingsText: kimiConfigText,
};
