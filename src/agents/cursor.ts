/**
 * Cursor: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import type { Agent } from "./types.ts";

/**
 * Cursor as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import { cursor } from "./cursor.ts";
 * console.assert(cursor.id === "cursor");
 * ```
 */
export const cursor: Agent = {
  id: "cursor",
  name: "Cursor",
  aliases: [],
  recorded: false,
  docs: "https://cursor.com/docs/hooks",
  events: {}, // TODO(#2): events and their translation cells
  aliasEvents: {},
  tools: { names: {}, patterns: [] },
  read() {
    throw new Error("not yet"); // TODO(#2): read payloads
  },
  // INSTALL-BEGIN (owned by the install work, issue #4)
  install: {
    files: {
      user: { scope: "user", parts: [".cursor", "hooks.json"] },
      project: { scope: "project", parts: [".cursor", "hooks.json"] },
    },
    layout: "flat",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    failClosedFields: { failClosed: true },
    stillToDo: {
      user:
        "Cursor watches hooks.json and reloads it (docs); if the hook does not fire, restart Cursor.",
      project:
        "Cursor watches hooks.json and reloads it (docs); if the hook does not fire, restart Cursor.",
    },
  },
  // INSTALL-END
};
