/**
 * Kilo Code, headless: `kilo run --model fake/fake-model --format json
 * <prompt>`, its config in `KILO_CONFIG_CONTENT` (see _plugin_driver.ts: Kilo
 * Code is a fork of OpenCode), and its own services, which reach for its
 * servers, switched off.
 *
 * @module
 */

import type { AgentDriver } from "../driver.ts";
import { pluginDriver, type PluginDriverSpec } from "./_plugin_driver.ts";

/**
 * What Kilo Code's driver is made from.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { KILO_SPEC } from "./kilo.ts";
 * assert(KILO_SPEC.prefix === "KILO");
 * ```
 */
export const KILO_SPEC: PluginDriverSpec = {
  id: "kilo",
  name: "Kilo Code",
  bins: ["kilo", "kilocode"],
  // Its `kilo` is a CommonJS Node.js script that starts the native binary, but the package
  // names no engines: no lowest Node.js version rests on it, so none is asked for.
  node: undefined,
  prefix: "KILO",
  configFolder: "kilo",
  projectFolder: ".kilo",
  // Kilo Code's own services, which reach for its servers.
  env: {
    KILO_DISABLE_SESSION_INGEST: "1",
    KILO_DISABLE_CODEBASE_INDEXING: "1",
    KILO_DISABLE_PRESENCE: "1",
  },
};

/**
 * Kilo Code's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { KILO_DRIVER } from "./kilo.ts";
 * assert(KILO_DRIVER.bins.includes("kilo"));
 * ```
 */
export const KILO_DRIVER: AgentDriver<"openai-chat"> = pluginDriver(KILO_SPEC);
