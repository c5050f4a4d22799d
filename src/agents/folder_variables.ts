/**
 * The variables that move a file an agent's hooks are in, with what each
 * stands for, made from the agents' own file data: the commands' help names a
 * new agent's variable with no edit of its own. Imports only types, so the
 * help can take them from the agents it is given and `run`, whose command
 * table names them, loads no agent for it.
 *
 * @module
 */

import type { Agent, Fact } from "./types.ts";

/** A variable that moves an agent's folder, and what it stands for. */
export interface FolderVariable {
  /** The variable, such as `CODEX_HOME`. */
  name: string;
  /** What it stands for. */
  text: string;
}

/**
 * Every variable that moves a file the agents' hooks are in, each once, in the
 * agents' order.
 *
 * @param agents The agents (one given without its file data adds nothing).
 * @returns The variables.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { folderVariables } from "./folder_variables.ts";
 * import { AGENTS } from "./mod.ts";
 * assert(folderVariables(AGENTS).some((v) => v.name === "CODEX_HOME"));
 * ```
 */
export function folderVariables(
  agents: ReadonlyArray<Pick<Agent, "name"> & Partial<Pick<Agent, "install" | "reads">>>,
): FolderVariable[] {
  const out: FolderVariable[] = [];
  for (const agent of agents) {
    const places = agent.install ? [agent.install.files.user, agent.install.files.project] : [];
    for (const at of [...places, ...(agent.reads ?? [])]) {
      if (at.env === undefined || out.some((v) => v.name === at.env)) continue;
      const replaced = at.parts.slice(0, at.envReplaces ?? 0).join("/");
      out.push({
        name: at.env,
        text: replaced === ""
          ? `the folder holding ${agent.name}'s ${at.parts[0]} instead of ~`
          : `${agent.name}'s folder instead of ~/${replaced}`,
      });
    }
  }
  return out;
}

/**
 * How a project's hook line (`run --in-project`, what sync writes) reaches the
 * project folder for an agent, in words, with what it rests on.
 *
 * @param agent The agent.
 * @returns The statement.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectFolderFact } from "./folder_variables.ts";
 * import { findAgent } from "./mod.ts";
 * assert.match(projectFolderFact(findAgent("claude-code")!).text, /^\$CLAUDE_PROJECT_DIR/);
 * assert.match(projectFolderFact(findAgent("cline")!).text, /^the hook's working folder/);
 * ```
 */
export function projectFolderFact(
  agent: Pick<Agent, "name" | "projectFolder" | "install" | "docs">,
): Fact {
  const parts = agent.install.files.project.parts;
  const up = agent.projectFolder?.otherwise === "working-folder"
    ? `the hook's working folder, where ${agent.name} starts it: the folder whose ${
      parts.slice(0, -1).join("/")
    } it reads`
    : `the nearest folder at or above the hook's working folder that holds ${parts.join("/")}`;
  const vars = agent.projectFolder?.env.map((v) => `$${v}`) ?? [];
  return {
    text: vars.length > 0 ? `${vars.join(", else ")}, else ${up}` : up,
    basis: agent.projectFolder?.basis ?? { kind: "docs", ref: agent.docs },
  };
}
