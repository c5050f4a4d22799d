/**
 * Where each agent's hooks file is, per scope: the home folder (HOME, or
 * USERPROFILE on Windows), the agent's own variable that moves it
 * (CLAUDE_CONFIG_DIR, CODEX_HOME, GEMINI_CLI_HOME, COPILOT_HOME), or the
 * project. Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";
import type { Agent } from "../agents/types.ts";
import { EveryhookError } from "../contract/errors.ts";

/** The scopes install writes. */
export type Scope = "user" | "project";

/** What finding a file needs. */
export interface LocationContext {
  /** The environment. */
  env: Readonly<Record<string, string>>;
  /** The operating system. */
  os: string;
  /** The project folder (absolute). */
  project: string;
}

/**
 * The path functions of an operating system.
 *
 * @param os The operating system, as `Deno.build.os` names it.
 * @returns node:path's win32 or posix.
 *
 * @example Usage
 * ```ts
 * import { pathsFor } from "./locations.ts";
 * console.assert(pathsFor("windows").sep === "\\");
 * ```
 */
export function pathsFor(os: string): typeof posix {
  return os === "windows" ? win32 : posix;
}

/**
 * The home folder: USERPROFILE on Windows (HOME when it is missing), HOME elsewhere.
 *
 * @param context The environment and OS.
 * @returns The home folder.
 * @throws {EveryhookError} `usage` when neither variable is set.
 *
 * @example Usage
 * ```ts
 * import { homeFolder } from "./locations.ts";
 * console.assert(homeFolder({ env: { HOME: "/h" }, os: "linux", project: "/p" }) === "/h");
 * ```
 */
export function homeFolder(context: LocationContext): string {
  const home = context.os === "windows"
    ? context.env.USERPROFILE || context.env.HOME
    : context.env.HOME;
  if (!home) {
    const name = context.os === "windows" ? "USERPROFILE" : "HOME";
    throw new EveryhookError("usage", `Cannot find the home folder: ${name} is not set`);
  }
  return home;
}

/**
 * The hooks file install writes for an agent and scope.
 *
 * @param agent The agent.
 * @param scope The scope.
 * @param context The environment, OS and project folder.
 * @returns The file's absolute path.
 *
 * @example Usage
 * ```ts
 * import { hooksFilePath } from "./locations.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const path = hooksFilePath(findAgent("codex")!, "user", {
 *   env: { HOME: "/h", CODEX_HOME: "/c" }, os: "linux", project: "/p",
 * });
 * console.assert(path === "/c/hooks.json");
 * ```
 */
export function hooksFilePath(agent: Agent, scope: Scope, context: LocationContext): string {
  const where = agent.install.files[scope];
  const paths = pathsFor(context.os);
  if (scope === "project") return paths.resolve(context.project, ...where.parts);
  const moved = where.env === undefined ? undefined : context.env[where.env];
  if (moved) return paths.resolve(moved, ...where.parts.slice(where.envReplaces ?? 0));
  return paths.resolve(homeFolder(context), ...where.parts);
}
