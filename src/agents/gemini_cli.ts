/**
 * Gemini CLI: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/**
 * Gemini CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { geminiCli } from "./gemini_cli.ts";
 * console.assert(geminiCli.id === "gemini-cli");
 * ```
 */
export const geminiCli: Agent = {
  id: "gemini-cli",
  name: "Gemini CLI",
  aliases: ["gemini"],
  recorded: true,
  docs: "https://github.tnight.xyz/google-gemini/gemini-cli/blob/main/docs/hooks/reference.md",
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
        parts: [".gemini", "settings.json"],
        env: "GEMINI_CLI_HOME",
        envReplaces: 0,
      },
      project: { scope: "project", parts: [".gemini", "settings.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "ms",
    timeoutField: "timeout",
    commandField: "command",
    stillToDo: {
      user: "Gemini CLI reads its settings when a session starts: start a new session.",
      project:
        "Gemini CLI runs project hooks only in a trusted folder and asks before it runs a new or changed one: trust the folder and accept the hook.",
    },
  },
  // INSTALL-END
};
