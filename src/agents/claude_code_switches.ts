/**
 * The Claude Code settings that stop its hooks from running, for `list`: hooks
 * turned off, managed hooks only, a folder whose trust was not accepted.
 *
 * @module
 */

import type { HookSwitch, ReadLocation } from "./types.ts";
import { systemFiles } from "./_system_files.ts";
import { disableAllHooks, dotFolderFiles } from "./_settings_files.ts";

// DOCS: https://code.claude.com/docs/en/hooks (disableAllHooks, allowManagedHooksOnly,
// workspace trust) and https://code.claude.com/docs/en/settings (the settings files).
const [USER, PROJECT] = dotFolderFiles([".claude", "settings.json"], "json", {
  name: "CLAUDE_CONFIG_DIR",
  replaces: 1,
});

/**
 * The project's local settings of Claude Code, kept out of version control.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLAUDE_LOCAL_SETTINGS } from "./claude_code_switches.ts";
 * assert.deepEqual(CLAUDE_LOCAL_SETTINGS.parts, [".claude", "settings.local.json"]);
 * ```
 */
export const CLAUDE_LOCAL_SETTINGS: ReadLocation = {
  scope: "project",
  parts: [".claude", "settings.local.json"],
  format: "json",
};
/**
 * Claude Code's managed settings, the system-wide file an administrator writes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLAUDE_MANAGED_SETTINGS } from "./claude_code_switches.ts";
 * assert(CLAUDE_MANAGED_SETTINGS.every((f) => f.scope === "system"));
 * ```
 */
export const CLAUDE_MANAGED_SETTINGS: readonly ReadLocation[] = systemFiles(
  "claude-code",
  "ClaudeCode",
  "managed-settings.json",
);

const OFF =
  "disableAllHooks is true in <file>: Claude Code runs no hook from user or project settings; remove it or set it to false";

/**
 * The settings that stop Claude Code's hooks.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLAUDE_CODE_SWITCHES } from "./claude_code_switches.ts";
 * assert(CLAUDE_CODE_SWITCHES.some((s) => s.key[0] === "disableAllHooks"));
 * ```
 */
export const CLAUDE_CODE_SWITCHES: readonly HookSwitch[] = [
  ...disableAllHooks([USER, PROJECT, CLAUDE_LOCAL_SETTINGS], ["user", "project"], OFF),
  ...CLAUDE_MANAGED_SETTINGS.flatMap((file): HookSwitch[] => [
    ...disableAllHooks(
      [file],
      ["user", "project", "system"],
      "disableAllHooks is true in the managed settings <file>: Claude Code runs no hook at all; only an administrator can change it",
    ),
    {
      file,
      key: ["allowManagedHooksOnly"],
      when: { is: true },
      stops: ["user", "project"],
      problem:
        "allowManagedHooksOnly is true in the managed settings <file>: Claude Code runs only managed hooks, not this one; ask an administrator",
    },
  ]),
  // The trust rule is the hooks reference's ("Workspace trust"); the key is the one the pinned
  // 2.1.332 binary holds (its package text names hasTrustDialogAccepted).
  {
    file: { scope: "user", parts: [".claude.json"], env: "CLAUDE_CONFIG_DIR", format: "json" },
    key: ["projects", "<project>", "hasTrustDialogAccepted"],
    when: { isNot: true },
    stops: ["user", "project"],
    kind: "not-trusted",
    problem:
      "the project's folder trust is not accepted in <file>: an interactive Claude Code session holds back every hook until you accept the trust dialog (claude -p runs them)",
  },
];
