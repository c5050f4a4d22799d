/**
 * Where each agent's settings file is, per scope: the home folder (HOME, or
 * USERPROFILE on Windows), the agent's own variable that moves it (as its
 * module names it, such as CLAUDE_CONFIG_DIR), or the project. Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";
import type { Agent, ReadLocation } from "../agents/types.ts";
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
 * import assert from "node:assert/strict";
 * import { pathsFor } from "./locations.ts";
 * assert(pathsFor("windows").sep === "\\");
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
 * import assert from "node:assert/strict";
 * import { homeFolder } from "./locations.ts";
 * assert(homeFolder({ env: { HOME: "/h" }, os: "linux", project: "/p" }) === "/h");
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
 * The settings file install writes for an agent and scope.
 *
 * @param agent The agent.
 * @param scope The scope.
 * @param context The environment, OS and project folder.
 * @returns The file's absolute path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsFilePath } from "./locations.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const path = settingsFilePath(findAgent("codex")!, "user", {
 *   env: { HOME: "/h", CODEX_HOME: "/c" }, os: "linux", project: "/p",
 * });
 * assert(path === "/c/hooks.json");
 * ```
 */
export function settingsFilePath(agent: Agent, scope: Scope, context: LocationContext): string {
  const where = agent.install.files[scope];
  const paths = pathsFor(context.os);
  if (scope === "project") return paths.resolve(context.project, ...where.parts);
  const moved = where.env === undefined ? undefined : context.env[where.env];
  if (moved) return paths.resolve(moved, ...where.parts.slice(where.envReplaces ?? 0));
  return paths.resolve(homeFolder(context), ...where.parts);
}

/**
 * The systems `explain` shows an agent's files on.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SYSTEMS } from "./locations.ts";
 * assert(SYSTEMS.includes("windows"));
 * ```
 */
export const SYSTEMS = ["linux", "macos", "windows"] as const;

/** An agent's settings file on one system, written with placeholders for the person's folders. */
export interface SystemPath {
  /** The system, as `Deno.build.os` names it. */
  os: (typeof SYSTEMS)[number];
  /** The scope. */
  scope: Scope;
  /** The path: `~` (or `%USERPROFILE%` on Windows) for the home folder, `<project>` for the project. */
  path: string;
  /** The variable that moves the user file, when the agent has one. */
  env: string | null;
}

/**
 * Where an agent's settings files are on Linux, macOS and Windows, per scope,
 * from the agent's install data (no environment is read).
 *
 * @param agent The agent.
 * @returns One row per system and scope.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { systemPaths } from "./locations.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const rows = systemPaths(findAgent("codex")!);
 * assert(rows.some((r) => r.os === "windows" && r.path === "%USERPROFILE%\\.codex\\hooks.json"));
 * ```
 */
export function systemPaths(agent: Agent): SystemPath[] {
  return SYSTEMS.flatMap((os) =>
    (["user", "project"] as const).filter((s) => s === "user" || !agent.install.noProject).map(
      (scope) => {
        const where = agent.install.files[scope];
        const home = scope === "project" ? "<project>" : os === "windows" ? "%USERPROFILE%" : "~";
        const sep = os === "windows" ? "\\" : "/";
        return {
          os,
          scope,
          path: [home, ...where.parts].join(sep),
          env: scope === "user" ? where.env ?? null : null,
        };
      },
    )
  );
}

/**
 * The absolute path of a file an agent reads (a `ReadLocation`), on this system.
 *
 * @param loc Where the file is.
 * @param context The environment, system and project.
 * @returns The path, or undefined when the file is not read on this system.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readLocationPath } from "./locations.ts";
 * const loc = { scope: "user" as const, parts: [".codex", "config.toml"], env: "CODEX_HOME", envReplaces: 1, format: "toml" as const };
 * assert.equal(readLocationPath(loc, { env: { CODEX_HOME: "/c" }, os: "linux", project: "/p" }), "/c/config.toml");
 * ```
 */
export function readLocationPath(
  loc: Pick<ReadLocation, "scope" | "parts" | "env" | "envReplaces" | "os">,
  context: LocationContext,
): string | undefined {
  if (loc.os && !loc.os.includes(context.os)) return undefined;
  const paths = pathsFor(context.os);
  if (loc.scope === "project") return paths.resolve(context.project, ...loc.parts);
  if (loc.scope === "system") {
    return paths.resolve(
      context.env.EVERYHOOK_SYSTEM_DIR || paths.parse(context.project).root || "/",
      ...loc.parts,
    );
  }
  const moved = loc.env === undefined ? undefined : context.env[loc.env];
  return moved
    ? paths.resolve(moved, ...loc.parts.slice(loc.envReplaces ?? 0))
    : paths.resolve(homeFolder(context), ...loc.parts);
}

/** The placeholder of the native event in a per-event file's name. */
const EVENT_PLACEHOLDER = "<Event>";

/**
 * The native events an agent has a file each for (its `runner` container), in
 * the order of its events; undefined for an agent with one settings file.
 *
 * @param agent The agent.
 * @returns The native events, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { eventFileNatives } from "./locations.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert(eventFileNatives(findAgent("codex")!) === undefined);
 * assert(eventFileNatives(findAgent("cline")!)?.includes("PreToolUse"));
 * ```
 */
export function eventFileNatives(agent: Agent): string[] | undefined {
  if (agent.install.container !== "runner") return undefined;
  const natives: string[] = [];
  for (const [event, e] of Object.entries(agent.events)) {
    const also = agent.install.alsoNatives?.[event as keyof typeof agent.install.alsoNatives];
    for (const n of [e.native, ...(also ?? [])]) if (!natives.includes(n)) natives.push(n);
  }
  return natives;
}

/**
 * One event's file, from a path whose name holds the `<Event>` placeholder.
 *
 * @param path The path with the placeholder.
 * @param native The native event.
 * @returns The path with the event's name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { eventFile } from "./locations.ts";
 * assert(eventFile("/h/.cline/hooks/<Event>.mjs", "PreToolUse") === "/h/.cline/hooks/PreToolUse.mjs");
 * ```
 */
export function eventFile(path: string, native: string): string {
  return path.replace(EVENT_PLACEHOLDER, native);
}
