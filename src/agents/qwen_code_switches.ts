/**
 * The Qwen Code settings that stop its hooks from running, for `list`:
 * `disableAllHooks` in any settings file it reads turns off every hook.
 *
 * @module
 */

import type { HookSwitch, ReadLocation } from "./types.ts";
import { systemFiles } from "./_system_files.ts";
import { disableAllHooks, dotFolderFiles } from "./_settings_files.ts";

// DOCS: https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks (disableAllHooks, and
// "A hook does not fire") and the settings reference (the settings files).
/**
 * Qwen Code's system settings files.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QWEN_SYSTEM_SETTINGS } from "./qwen_code_switches.ts";
 * assert.deepEqual(QWEN_SYSTEM_SETTINGS[0]?.parts, ["etc", "qwen-code", "settings.json"]);
 * ```
 */
export const QWEN_SYSTEM_SETTINGS: readonly ReadLocation[] = systemFiles(
  "qwen-code",
  "QwenCode",
  "settings.json",
);

/** The settings files Qwen Code reads, each of which can turn its hooks off. */
const SETTINGS_FILES: readonly ReadLocation[] = [
  ...dotFolderFiles([".qwen", "settings.json"], "json", { name: "QWEN_HOME", replaces: 1 }),
  ...QWEN_SYSTEM_SETTINGS,
];

/**
 * The settings that stop Qwen Code's hooks.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QWEN_CODE_SWITCHES } from "./qwen_code_switches.ts";
 * assert(QWEN_CODE_SWITCHES.every((s) => s.key[0] === "disableAllHooks"));
 * ```
 */
export const QWEN_CODE_SWITCHES: readonly HookSwitch[] = disableAllHooks(
  SETTINGS_FILES,
  ["user", "project", "system"],
  "disableAllHooks is true in <file>: Qwen Code runs no hook at all; remove it or set it to false",
);
