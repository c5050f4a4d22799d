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
  headless: {
    // Its `kilo` is a CommonJS Node.js script that starts the native binary, but the package
    // names no engines: no lowest Node.js version rests on it, so none is asked for.
    bins: ["kilo", "kilocode"],
    prefix: "KILO",
    // Kilo Code's own services, which reach for its servers.
    env: {
      KILO_DISABLE_SESSION_INGEST: "1",
      KILO_DISABLE_CODEBASE_INDEXING: "1",
      KILO_DISABLE_PRESENCE: "1",
    },
  },
});
