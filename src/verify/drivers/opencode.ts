/**
 * OpenCode, headless: `opencode run --model fake/fake-model --format json
 * <prompt>`, a native binary, its config in `OPENCODE_CONFIG_CONTENT` (see
 * _plugin_driver.ts, which it shares with Kilo Code).
 *
 * @module
 */

import type { AgentDriver } from "../driver.ts";
import { pluginDriver } from "./_plugin_driver.ts";

/**
 * OpenCode's driver.
 *
 * @example Usage
 * ```ts
 * import { OPENCODE_DRIVER } from "./opencode.ts";
 * console.assert(OPENCODE_DRIVER.projectFolders[0] === ".opencode");
 * ```
 */
export const OPENCODE_DRIVER: AgentDriver<"openai-chat"> = pluginDriver({
  id: "opencode",
  name: "OpenCode",
  bins: ["opencode"],
  // The package's `opencode` is a native executable.
  node: undefined,
  prefix: "OPENCODE",
  configFolder: "opencode",
  projectFolder: ".opencode",
  env: {},
});
