/**
 * Kilo Code (its command line, `kilo`): a fork of OpenCode with OpenCode's
 * plugin API and `KILO_` variables. everyhook's plugin (see _plugin_agent.ts)
 * goes in `~/.config/kilo/plugin/` or `<project>/.kilo/plugin/` (the pinned
 * binary's own text names `.kilo` as its project folder, `~/.config/kilo/` as
 * its global one, and `{plugin,plugins}/*.{ts,js}` as the plugins in each).
 *
 * @module
 */

import type { Agent } from "./types.ts";
import { PLUGIN_DOCS, pluginAgent } from "./_plugin_agent.ts";

/**
 * Kilo Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { kilo } from "./kilo.ts";
 * assert(kilo.install.files.project.parts[0] === ".kilo");
 * ```
 */
export const kilo: Agent = pluginAgent({
  id: "kilo",
  name: "Kilo Code",
  aliases: ["kilo-code"],
  userFolder: "kilo",
  projectFolder: ".kilo",
  docs: PLUGIN_DOCS,
});
