/**
 * Kilo Code, headless: `kilo run --model fake/fake-model --format json
 * <prompt>`, its config in `KILO_CONFIG_CONTENT` (see _plugin_driver.ts: Kilo
 * Code is a fork of OpenCode), and its own services, which reach for its
 * servers, switched off.
 *
 * @module
 */

import type { AgentDriver } from "../driver.ts";
import { pluginDriver } from "./_plugin_driver.ts";

/**
 * Kilo Code's driver.
 *
 * @example Usage
 * ```ts
 * import { KILO_DRIVER } from "./kilo.ts";
 * console.assert(KILO_DRIVER.bins.includes("kilo"));
 * ```
 */
export const KILO_DRIVER: AgentDriver<"openai-chat"> = pluginDriver({
  id: "kilo",
  name: "Kilo Code",
  bins: ["kilo", "kilocode"],
  // The package names no engines; its `kilo` is a plain CommonJS Node.js script that starts
  // the native binary, which any maintained Node.js runs.
  node: { major: 18 },
  prefix: "KILO",
  configFolder: "kilo",
  projectFolder: ".kilo",
  env: {
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_DISABLE_CODEBASE_INDEXING: "1",
    KILO_DISABLE_PRESENCE: "1",
  },
});
