/**
 * An agent's settings file below a dot-folder, as `list` reads it: the user's
 * (below the home, moved by a variable of the agent's) and the project's; and
 * the switch Claude Code set in such files, `disableAllHooks`, which Copilot
 * CLI and Qwen Code read too. On `run`'s path: imports only types.
 *
 * @module
 */

import type { HookSwitch, ReadLocation } from "./types.ts";

/** The variable that moves an agent's user folder, and how many leading parts it stands for. */
export interface UserEnv {
  /** The variable's name. */
  name: string;
  /** How many leading parts its folder replaces; absent when the agent does not say. */
  replaces?: number;
}

/**
 * The user's and the project's copy of one settings file below the same parts.
 *
 * @param parts The path parts below the home, and below the project: `[".qwen", "settings.json"]`.
 * @param format How the file is read.
 * @param env The variable that moves the user's file, where one does.
 * @returns The user's file, then the project's.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { dotFolderFiles } from "./_settings_files.ts";
 * const [user, project] = dotFolderFiles([".qwen", "settings.json"], "json", {
 *   name: "QWEN_HOME",
 *   replaces: 1,
 * });
 * assert.equal(user.env, "QWEN_HOME");
 * assert.equal(project.scope, "project");
 * assert.equal(project.env, undefined);
 * ```
 */
export function dotFolderFiles(
  parts: readonly string[],
  format: ReadLocation["format"],
  env?: UserEnv,
): [ReadLocation, ReadLocation] {
  return [
    {
      scope: "user",
      parts,
      ...(env === undefined ? {} : { env: env.name }),
      ...(env?.replaces === undefined ? {} : { envReplaces: env.replaces }),
      format,
    },
    { scope: "project", parts, format },
  ];
}

/**
 * The `disableAllHooks: true` switch of each file: while it is set there, the
 * entries of those scopes do not run.
 *
 * @param files The files that can hold it.
 * @param stops The scopes of the entries it stops.
 * @param problem What `list` says of a stopped entry (`<file>` names the file).
 * @returns One switch a file.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { disableAllHooks } from "./_settings_files.ts";
 * const file = { scope: "user", parts: [".x", "settings.json"], format: "json" } as const;
 * const [off] = disableAllHooks([file], ["user"], "off in <file>");
 * assert.deepEqual(off?.key, ["disableAllHooks"]);
 * assert.deepEqual(off?.when, { is: true });
 * ```
 */
export function disableAllHooks(
  files: readonly ReadLocation[],
  stops: HookSwitch["stops"],
  problem: string,
): HookSwitch[] {
  return files.map((file) => ({
    file,
    key: ["disableAllHooks"],
    when: { is: true },
    stops,
    problem,
  }));
}
