/**
 * The project folder of a `run --in-project` line, whose hook is named
 * relative to the project so that the line holds nothing of one machine: the
 * first of the agent's project variables that is set (Claude Code's
 * `CLAUDE_PROJECT_DIR`, Gemini CLI's `GEMINI_PROJECT_DIR`), else the nearest
 * folder at or above the working folder that holds the agent's project hooks
 * file (Codex CLI names no folder and starts hooks in the session's folder),
 * else the working folder. An agent whose rule is the working folder (Cline,
 * which starts hooks in the workspace whose hook files it runs) has nothing
 * searched for. On `run`'s path: no `node:` import.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";

/** What finding the project folder reads. */
export interface FolderWorld {
  /** The agent's environment. */
  env: Readonly<Record<string, string>>;
  /** The folder the agent started `run` in. */
  cwd: string;
  /** Whether the OS writes paths with backslashes. */
  windows: boolean;
  /** Whether a path exists (injected for tests). */
  exists?: (path: string) => boolean;
}

function existsOnDisk(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

function isAbsolute(path: string, windows: boolean): boolean {
  return windows ? /^(?:[A-Za-z]:[\\/]|\\\\|\/\/)/.test(path) : path.startsWith("/");
}

function parentOf(dir: string, windows: boolean): string {
  const trimmed = dir.replace(windows ? /[\\/]+$/ : /\/+$/, "");
  const at = Math.max(trimmed.lastIndexOf("/"), windows ? trimmed.lastIndexOf("\\") : -1);
  if (at < 0) return dir;
  if (at === 0) return trimmed.slice(0, 1);
  const up = trimmed.slice(0, at);
  return windows && /^[A-Za-z]:$/.test(up) ? `${up}\\` : up;
}

function joinPath(dir: string, rest: string, windows: boolean): string {
  const sep = windows ? "\\" : "/";
  const tail = windows ? rest.replaceAll("/", "\\") : rest;
  return dir.endsWith("/") || dir.endsWith("\\") ? `${dir}${tail}` : `${dir}${sep}${tail}`;
}

/**
 * The project folder a hook line runs for.
 *
 * @param agent The agent (its project variables and its project settings file).
 * @param world The environment and the working folder.
 * @returns The folder, and how it was found.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectFolderOf } from "./project_folder.ts";
 * const agent = {
 *   projectFolder: { env: ["CLAUDE_PROJECT_DIR"], basis: { kind: "docs" as const, ref: "" } },
 *   install: { files: { project: { scope: "project" as const, parts: [".claude", "settings.json"] } } },
 * };
 * const env = { CLAUDE_PROJECT_DIR: "/p" };
 * assert.equal(projectFolderOf(agent, { env, cwd: "/p/sub", windows: false }).folder, "/p");
 * const found = projectFolderOf(agent, {
 *   env: {}, cwd: "/p/sub", windows: false, exists: (p) => p === "/p/.claude/settings.json",
 * });
 * assert.equal(found.folder, "/p");
 * ```
 */
export function projectFolderOf(
  agent: Pick<Agent, "projectFolder"> & {
    install: { files: { project: Agent["install"]["files"]["project"] } };
  },
  world: FolderWorld,
): { folder: string; from: string } {
  for (const name of agent.projectFolder?.env ?? []) {
    const value = world.env[name];
    if (value !== undefined && value !== "" && isAbsolute(value, world.windows)) {
      return { folder: value, from: `$${name}` };
    }
  }
  const working = { folder: world.cwd, from: "the working folder" };
  if (agent.projectFolder?.otherwise === "working-folder") return working;
  const exists = world.exists ?? existsOnDisk;
  const file = agent.install.files.project.parts.join("/");
  for (let dir = world.cwd;; dir = parentOf(dir, world.windows)) {
    if (exists(joinPath(dir, file, world.windows))) return { folder: dir, from: file };
    if (parentOf(dir, world.windows) === dir) break;
  }
  return working;
}

/**
 * The hook's path for a `run --in-project` line: a relative path read from the
 * project folder; an absolute one as it is.
 *
 * @param hook The hook as the line names it (forward slashes).
 * @param folder The project folder.
 * @param windows Whether the OS writes paths with backslashes.
 * @returns The path to start.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inProjectHook } from "./project_folder.ts";
 * assert.equal(inProjectHook("hooks/a.ts", "/p", false), "/p/hooks/a.ts");
 * assert.equal(inProjectHook("/abs/a.ts", "/p", false), "/abs/a.ts");
 * ```
 */
export function inProjectHook(hook: string, folder: string, windows: boolean): string {
  return isAbsolute(hook, windows) ? hook : joinPath(folder, hook, windows);
}
