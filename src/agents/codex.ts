/**
 * Codex CLI: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/**
 * Codex CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { codex } from "./codex.ts";
 * console.assert(codex.id === "codex");
 * ```
 */
export const codex: Agent = {
  id: "codex",
  name: "Codex CLI",
  aliases: [],
  recorded: true,
  docs: "https://developers.openai.com/codex/hooks",
  events: {}, // TODO(#2): events and their translation cells
  aliasEvents: {},
  tools: { names: {}, patterns: [] },
  read() {
    throw new Error("not yet"); // TODO(#2): read payloads
  },
  // INSTALL-BEGIN (owned by the install work, issue #4)
  install: {
    files: {
      user: { scope: "user", parts: [".codex", "hooks.json"], env: "CODEX_HOME", envReplaces: 1 },
      project: { scope: "project", parts: [".codex", "hooks.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    timeoutCaps: { "session-end": 3 },
    stillToDo: {
      user:
        "Codex runs a hook only after you trust it: open /hooks in Codex and trust the everyhook entries (for one run: codex exec --dangerously-bypass-hook-trust).",
      project:
        "Codex runs a project hook only after you trust the project and the hook: open /hooks in Codex and trust the everyhook entries.",
    },
  },
  // INSTALL-END
};
