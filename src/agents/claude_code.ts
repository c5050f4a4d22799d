/**
 * Claude Code: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/**
 * Claude Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { claudeCode } from "./claude_code.ts";
 * console.assert(claudeCode.id === "claude-code");
 * ```
 */
export const claudeCode: Agent = {
  id: "claude-code",
  name: "Claude Code",
  aliases: ["claude"],
  recorded: true,
  docs: "https://code.claude.com/docs/en/hooks",
  events: {}, // TODO(#2): events and their translation cells
  aliasEvents: {},
  tools: { names: {}, patterns: [] },
  read() {
    throw new Error("not yet"); // TODO(#2): read payloads
  },
  // INSTALL-BEGIN (owned by the install work, issue #4)
  install: {
    files: {
      user: {
        scope: "user",
        parts: [".claude", "settings.json"],
        env: "CLAUDE_CONFIG_DIR",
        envReplaces: 1,
      },
      project: { scope: "project", parts: [".claude", "settings.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    failClosedFields: { onFailure: "block" },
    stillToDo: {
      user: "Claude Code reads its settings when a session starts: start a new session.",
      project:
        "Claude Code reads its settings when a session starts: start a new session in this project.",
    },
  },
  // INSTALL-END
};
