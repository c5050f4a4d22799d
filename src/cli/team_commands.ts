/**
 * The rows of the team commands in the command table: `sync`, which makes a
 * project's files match its everyhook.json, and `trust`, which writes the
 * trust each agent keeps for a project. Data only; on `run`'s path, it imports
 * command_parts.ts and types alone.
 *
 * @module
 */

import type { CommandSpec } from "./command_types.ts";
import { SHARED } from "./command_parts.ts";

const { JSON_FLAG, DRY_RUN, AGENTS_FLAG, ALL, PROJECT, HOME, AGENT_HOMES, PATH } = SHARED;

/**
 * The team commands' rows, in the order the help lists them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { TEAM_COMMANDS } from "./team_commands.ts";
 * assert.deepEqual(TEAM_COMMANDS.map((c) => c.name), ["sync", "trust"]);
 * ```
 */
export const TEAM_COMMANDS: readonly CommandSpec[] = [
  {
    name: "sync",
    group: "change",
    summary:
      "Make every agent's project files match the project's everyhook.json: add, update in place and remove everyhook's own entries (never anyone else's), after a backup. The lines name the hook relative to the project and everyhook by name (or the pinned JSR line), so a teammate's clone runs them as they are. With --check, write nothing and exit 1 on each difference (for CI).",
    flags: [
      {
        ...PROJECT,
        text: "the project folder, where everyhook.json is (default: the current folder)",
      },
      { name: "check", kind: "boolean", text: "write nothing; exit 1 on any difference" },
      DRY_RUN,
      JSON_FLAG,
    ],
    operands: [],
    examples: [
      { line: "sync", text: "after cloning: every agent's project files, from the manifest" },
      { line: "sync --check", text: "in CI: exit 1 when a project file differs from the manifest" },
      { line: "--json sync --dry-run", text: "what would change, as JSON" },
    ],
    env: [HOME, ...AGENT_HOMES, PATH],
    permissions: ["read", "write", "env"],
  },
  {
    name: "trust",
    group: "change",
    summary:
      "Write, for this project, the trust each agent records when you accept it (Claude Code's folder trust, Gemini CLI's trusted folders, Copilot CLI's trustedFolders, Codex CLI's project trust and its review of everyhook's entries), after a backup, so that a headless run runs the project's hooks. Without --yes it shows what it would write and writes nothing. It trusts only everyhook's entries: an agent whose project file holds others is left alone unless --every-entry.",
    flags: [
      { ...AGENTS_FLAG, text: "only these agents (default every agent)" },
      ALL,
      PROJECT,
      { name: "yes", kind: "boolean", text: "write it (without: show what would be written)" },
      { name: "every-entry", kind: "boolean", text: "trust entries everyhook did not write too" },
      JSON_FLAG,
    ],
    operands: [],
    oneOf: [{ flags: ["agent", "all"], required: false }],
    examples: [
      { line: "trust", text: "what would be written for every agent, nothing written" },
      { line: "trust --agent codex,gemini --yes", text: "trust this project in two agents" },
    ],
    env: [HOME, ...AGENT_HOMES],
    permissions: ["read", "write", "env"],
  },
];
