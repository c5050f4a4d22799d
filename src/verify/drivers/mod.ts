/**
 * The driver of every agent everyhook can run headless, in the order of
 * src/agents/mod.ts (Cursor has no headless run against a fake API).
 *
 * @module
 */

import type { AnyDriver } from "../driver.ts";
import { AUGGIE_DRIVER } from "./auggie.ts";
import { CLINE_DRIVER } from "./cline.ts";
import { CLAUDE_CODE_DRIVER } from "./claude_code.ts";
import { CODEX_DRIVER } from "./codex.ts";
import { COPILOT_CLI_DRIVER } from "./copilot_cli.ts";
import { FACTORY_DROID_DRIVER } from "./factory_droid.ts";
import { GEMINI_CLI_DRIVER } from "./gemini_cli.ts";
import { KILO_DRIVER } from "./kilo.ts";
import { KIMI_CODE_DRIVER } from "./kimi_code.ts";
import { OPENCODE_DRIVER } from "./opencode.ts";
import { QWEN_CODE_DRIVER } from "./qwen_code.ts";

/**
 * Every driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DRIVERS } from "./mod.ts";
 * assert(DRIVERS.some((d) => d.id === "codex"));
 * ```
 */
export const DRIVERS: readonly AnyDriver[] = [
  CLAUDE_CODE_DRIVER,
  CODEX_DRIVER,
  GEMINI_CLI_DRIVER,
  COPILOT_CLI_DRIVER,
  QWEN_CODE_DRIVER,
  FACTORY_DROID_DRIVER,
  OPENCODE_DRIVER,
  KILO_DRIVER,
  KIMI_CODE_DRIVER,
  AUGGIE_DRIVER,
  CLINE_DRIVER,
];

/**
 * The driver of an agent, by everyhook's agent id.
 *
 * @param id The agent id.
 * @returns Its driver, or undefined when the agent has none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findDriver } from "./mod.ts";
 * assert(findDriver("gemini-cli")?.api === "gemini");
 * assert(findDriver("cursor") === undefined);
 * ```
 */
export function findDriver(id: string): AnyDriver | undefined {
  return DRIVERS.find((d) => d.id === id);
}
