/**
 * OpenCode: no command hooks; everyhook's plugin (see _plugin_agent.ts) in
 * `~/.config/opencode/plugin/` or `<project>/.opencode/plugin/`, the folders
 * whose `{plugin,plugins}/*.{ts,js}` files the pinned binary loads.
 *
 * @module
 */

import type { Agent } from "./types.ts";
import { PLUGIN_DOCS, pluginAgent } from "./_plugin_agent.ts";

/**
 * OpenCode as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { opencode } from "./opencode.ts";
 * assert(opencode.install.files.project.parts[0] === ".opencode");
 * ```
 */
export const opencode: Agent = pluginAgent({
  id: "opencode",
  name: "OpenCode",
  aliases: [],
  userFolder: "opencode",
  projectFolder: ".opencode",
  docs: PLUGIN_DOCS,
  // The package's `opencode` is a native executable.
  headless: { bins: ["opencode"], prefix: "OPENCODE", env: {} },
});
