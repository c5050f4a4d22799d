/**
 * OpenCode, headless: `opencode run --model fake/fake-model --format json
 * <prompt>`, a native binary, its config in `OPENCODE_CONFIG_CONTENT` (see
 * _plugin_driver.ts, which it shares with Kilo Code).
 *
 * @module
 */

import type { AgentDriver } from "../driver.ts";
import { pluginDriver, type PluginDriverSpec } from "./_plugin_driver.ts";

/**
 * What OpenCode's driver is made from.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { OPENCODE_SPEC } from "./opencode.ts";
 * assert(OPENCODE_SPEC.prefix === "OPENCODE");
 * ```
 */
export const OPENCODE_SPEC: PluginDriverSpec = {
  id: "opencode",
  name: "OpenCode",
  bins: ["opencode"],
  // The package's `opencode` is a native executable.
  node: undefined,
  prefix: "OPENCODE",
  configFolder: "opencode",
  projectFolder: ".opencode",
  env: {},
};

/**
 * OpenCode's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { OPENCODE_DRIVER } from "./opencode.ts";
 * assert(OPENCODE_DRIVER.projectFolders[0] === ".opencode");
 * ```
 */
export const OPENCODE_DRIVER: AgentDriver<"openai-chat"> = pluginDriver(OPENCODE_SPEC);
