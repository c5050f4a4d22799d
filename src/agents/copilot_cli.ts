/**
 * GitHub Copilot CLI: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/**
 * GitHub Copilot CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { copilotCli } from "./copilot_cli.ts";
 * console.assert(copilotCli.id === "copilot-cli");
 * ```
 */
export const copilotCli: Agent = {
  id: "copilot-cli",
  name: "GitHub Copilot CLI",
  aliases: ["copilot"],
  recorded: true,
  docs: "https://docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference",
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
        parts: [".copilot", "hooks", "everyhook.json"],
        env: "COPILOT_HOME",
        envReplaces: 1,
      },
      project: { scope: "project", parts: [".github", "hooks", "everyhook.json"] },
    },
    layout: "flat",
    timeoutUnit: "s",
    timeoutField: "timeoutSec",
    commandField: "bash",
    stillToDo: {
      user: "Copilot CLI reads its hooks when a session starts: start a new session.",
      project:
        "Copilot CLI loads project hooks only in a trusted folder: trust this folder (or run with --trust-folder).",
    },
  },
  // INSTALL-END
};
