/**
 * The `import` command's row of the command table (kept beside the table, in
 * its shape, so that the table's module stays one screenful of rows). On
 * `run`'s path through the table: imports only types and the shared parts.
 *
 * @module
 */

import type { CommandSpec } from "./command_types.ts";
import { SHARED } from "./command_parts.ts";

const { JSON_FLAG, DRY_RUN, AGENTS_FLAG, ALL, SCOPE, PROJECT, HOME, AGENT_HOMES } = SHARED;

/**
 * `import --from <agent> (--agent <a,...> | --all)`: another agent's hooks,
 * installed into these agents as `--speaks` lines.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { IMPORT_COMMAND } from "./command_import.ts";
 * assert.ok(IMPORT_COMMAND.flags.some((f) => f.name === "from" && f.required));
 * ```
 */
export const IMPORT_COMMAND: CommandSpec = {
  name: "import",
  group: "change",
  summary:
    "Install every command hook another agent reads (the files list reads, in the scope given) into these agents, each as a --speaks line: the same events, the matcher carried by tool kind, the timeout in each agent's unit, the command run through the other agent's shell. The other agent's file is only read; a second import updates in place.",
  flags: [
    {
      name: "from",
      kind: "string",
      value: "<agent>",
      required: true,
      text: "the agent whose hooks are imported (any command-hook agent)",
    },
    AGENTS_FLAG,
    ALL,
    SCOPE,
    PROJECT,
    DRY_RUN,
    JSON_FLAG,
  ],
  operands: [],
  oneOf: [{ flags: ["agent", "all"], required: true }],
  examples: [
    {
      line: "import --from claude-code --all --dry-run",
      text: "show what Claude Code's user hooks would become in every other agent",
    },
    {
      line: "import --from claude-code --agent codex,gemini --scope project",
      text: "the project's Claude Code hooks, in Codex CLI and Gemini CLI",
    },
  ],
  env: [HOME, ...AGENT_HOMES],
  permissions: ["read", "write", "env"],
};
