/**
 * The Gemini CLI settings that stop its hooks from running, for `list`: hooks
 * turned off, an entry named in the disabled list, a folder not trusted.
 *
 * @module
 */

import type { HookSwitch, ProjectFolder, ReadLocation } from "./types.ts";
import { systemFiles } from "./_system_files.ts";
import { dotFolderFiles } from "./_settings_files.ts";

// DOCS: https://github.com/google-gemini/gemini-cli/blob/main/docs/reference/configuration.md
// (hooksConfig.enabled, hooksConfig.disabled) and docs/cli/trusted-folders.md (trustedFolders.json).
/**
 * Gemini CLI's system settings files.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GEMINI_SYSTEM_SETTINGS } from "./gemini_cli_switches.ts";
 * assert.deepEqual(GEMINI_SYSTEM_SETTINGS[0]?.parts, ["etc", "gemini-cli", "settings.json"]);
 * ```
 */
export const GEMINI_SYSTEM_SETTINGS: readonly ReadLocation[] = systemFiles(
  "gemini-cli",
  "GeminiCli",
  "settings.json",
);

const SETTINGS: ReadLocation[] = [
  ...dotFolderFiles([".gemini", "settings.json"], "json", { name: "GEMINI_CLI_HOME" }),
  ...GEMINI_SYSTEM_SETTINGS,
];

/**
 * The settings that stop Gemini CLI's hooks.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GEMINI_CLI_SWITCHES } from "./gemini_cli_switches.ts";
 * assert(GEMINI_CLI_SWITCHES.some((s) => s.key.join(".") === "hooksConfig.enabled"));
 * ```
 */
export const GEMINI_CLI_SWITCHES: readonly HookSwitch[] = [
  ...SETTINGS.flatMap((file): HookSwitch[] => [
    {
      file,
      key: ["hooksConfig", "enabled"],
      when: { is: false },
      stops: ["user", "project", "system"],
      problem:
        "hooksConfig.enabled is false in <file>: Gemini CLI runs no hook; set it to true (or /hooks enable-all)",
    },
    {
      file,
      key: ["hooksConfig", "disabled"],
      when: { listsEntry: true },
      stops: ["user", "project", "system"],
      problem:
        "named in hooksConfig.disabled of <file>: Gemini CLI skips it; take it out of the list (or /hooks enable <name>)",
    },
  ]),
  {
    file: {
      scope: "user",
      parts: [".gemini", "trustedFolders.json"],
      env: "GEMINI_CLI_HOME",
      format: "json",
    },
    key: [],
    when: { trusts: ["TRUST_FOLDER", "TRUST_PARENT"] },
    stops: ["user", "project"],
    kind: "not-trusted",
    problem:
      "the project is not a trusted folder in <file>: with folder trust on, Gemini CLI skips settings hooks there; trust the folder when Gemini CLI asks",
  },
];

/**
 * How a Gemini CLI hook command reaches the project folder: the variables the
 * recorded hook got (fixtures/conformance/gemini-cli.json, session-start-env),
 * through which a cloned project's hooks ran (tests/e2e/team_clone_test.ts).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GEMINI_PROJECT_FOLDER } from "./gemini_cli_switches.ts";
 * assert.equal(GEMINI_PROJECT_FOLDER.env[0], "GEMINI_PROJECT_DIR");
 * ```
 */
export const GEMINI_PROJECT_FOLDER: ProjectFolder = {
  env: ["GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
  basis: { kind: "binary", case: "session-start-env" },
};
