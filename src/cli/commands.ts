/**
 * The table of commands, as data: what each is for, its options and operands
 * (declared once: the parser reads them, the help prints them, the usage errors
 * quote them), its examples, the environment it reads and the Deno permissions
 * it needs (the row's shape is in command_types.ts). Which module carries out a
 * command is cli.ts's business alone; the options several commands share are
 * in command_parts.ts, the rows of the team commands (sync, trust) in
 * team_commands.ts, and run's row in command_run.ts (which `run` reads alone,
 * without this table): run.ts does not load it.
 *
 * @module
 */

import type { CommandSpec } from "./command_types.ts";
import { SHARED } from "./command_parts.ts";
import { TEAM_COMMANDS } from "./team_commands.ts";
import { IMPORT_COMMAND } from "./command_import.ts";
import { RUN_COMMAND } from "./command_run.ts";

export type { CommandModule, CommandSpec, EnvVar, Example } from "./command_types.ts";
export { TIMEOUT_RULE } from "./command_parts.ts";

const {
  JSON_FLAG,
  DRY_RUN,
  AGENTS_FLAG,
  ALL,
  SCOPE,
  PROJECT,
  FAIL_CLOSED,
  timeout,
  events,
  HOOK,
  HOOK_ARGS,
  HOME,
  AGENT_HOMES,
  PATH,
  SPEAKS,
  VERIFY_SPEAKS,
} = SHARED;

/**
 * Every command, in the order the help lists them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMANDS } from "./commands.ts";
 * assert(COMMANDS.find((c) => c.name === "run")?.permissions.includes("run"));
 * ```
 */
export const COMMANDS: readonly CommandSpec[] = [
  RUN_COMMAND,
  {
    name: "install",
    group: "change",
    summary:
      "Add the hook to each agent's settings file, in the agent's own event names, matcher and timeout unit, after a backup. Only everyhook's entries are added; a second install changes nothing.",
    flags: [
      AGENTS_FLAG,
      { ...ALL, text: "every agent found here (on PATH, or its folder is there)" },
      events("the contract events, or all", true, "pre-tool"),
      SCOPE,
      PROJECT,
      {
        name: "matcher",
        kind: "string",
        value: "<re>",
        text: "limit tool events to some tools, in the agent's own syntax",
      },
      timeout("the agent's timeout for the entry", 30),
      {
        ...FAIL_CLOSED,
        text: "a failing hook denies; also the agent's own switch where it has one",
      },
      {
        ...SPEAKS,
        text: "the hook is written for this agent's own hook protocol (any command-hook agent)",
      },
      DRY_RUN,
      { name: "force", kind: "boolean", text: "write a TS/JS hook that does not load anyway" },
      JSON_FLAG,
    ],
    operands: [{ ...HOOK, text: "a file that is there" }],
    oneOf: [{ flags: ["agent", "all"], required: true }],
    examples: [
      { line: "install ./hooks/guard.ts --all --dry-run", text: "show what would change" },
      {
        line: "install ./hooks/guard.ts --agent claude,codex --event pre-tool,stop",
        text: "two agents, two events",
      },
      {
        line: "install ./hooks/guard.ts --agent cursor --scope project --timeout 60",
        text: "into the project's Cursor file",
      },
    ],
    env: [HOME, ...AGENT_HOMES],
    permissions: ["read", "write", "run", "env"],
  },
  {
    name: "new",
    group: "change",
    summary:
      "Write a first hook with the SDK, importing it the way that works for this everyhook, with a short handler for each event and a sibling test that puts it to the documents the real agents sent. It never overwrites a file.",
    flags: [
      events("the events its handler answers, or all", true, "pre-tool"),
      { ...AGENTS_FLAG, text: "the agents whose documents its test uses (default all)" },
      JSON_FLAG,
    ],
    operands: [{ name: "file", required: true, text: "the hook to write, a .ts file not there" }],
    examples: [
      { line: "new guard.ts", text: "a pre-tool guard and guard_test.ts" },
      {
        line: "new checks.ts --event pre-tool,stop --agent claude-code,codex",
        text: "two events; its test uses Claude Code's and Codex CLI's documents",
      },
    ],
    env: [{ name: "JSR_URL", text: "the JSR registry in use, for the SDK's import" }],
    permissions: ["read", "write", "env"],
  },
  IMPORT_COMMAND,
  {
    name: "uninstall",
    group: "change",
    summary:
      "Take out exactly the entries install wrote for the hook; where nothing else changed, the file is byte for byte what it was before install.",
    flags: [
      { ...AGENTS_FLAG, text: "only these agents (default every agent)" },
      ALL,
      events("only these events", false),
      SCOPE,
      PROJECT,
      {
        name: "from",
        kind: "string",
        value: "<agent>",
        text: "take out the entries import --from wrote (the hook: one original command)",
      },
      DRY_RUN,
      JSON_FLAG,
    ],
    operands: [{
      ...HOOK,
      required: false,
      text: "the hook file as install was given it (it may be gone)",
    }],
    oneOf: [{ flags: ["agent", "all"], required: false }],
    examples: [
      { line: "uninstall ./hooks/guard.ts --dry-run", text: "show what would be taken out" },
      { line: "uninstall ./hooks/guard.ts --agent codex --event stop", text: "one entry" },
    ],
    env: [HOME, ...AGENT_HOMES],
    permissions: ["read", "write", "env"],
  },
  {
    name: "restore",
    group: "change",
    summary:
      "Put back the newest everyhook backup of each file install writes (or the one --backup names); the file as it is now is backed up first. Backups sit in .everyhook-backups beside each file, a folder git ignores; the first backup of each file and the 5 newest are kept.",
    flags: [
      AGENTS_FLAG,
      ALL,
      {
        name: "list",
        kind: "boolean",
        text: "list each file's backups with their ids; put nothing back",
      },
      {
        name: "backup",
        kind: "string",
        value: "<id>",
        text: "put back this backup (an id --list shows) instead of the newest",
      },
      SCOPE,
      PROJECT,
      DRY_RUN,
      JSON_FLAG,
    ],
    operands: [],
    oneOf: [{ flags: ["agent", "all"], required: false }, {
      flags: ["list", "backup"],
      required: false,
    }],
    examples: [
      { line: "restore --all --dry-run", text: "show which backups would be put back" },
      { line: "restore --all --list", text: "every file's backups, with the ids --backup takes" },
    ],
    env: [HOME, ...AGENT_HOMES],
    permissions: ["read", "write", "env"],
  },
  ...TEAM_COMMANDS,
  {
    name: "list",
    group: "read",
    summary:
      "Every hook of every agent, from every file each agent reads on this machine and in the project, with the problems it would trip over, and once per agent what holds back every hook in the folder (folder trust, hooks switched off). Exit 1 when there is a problem (with --strict, also when something holds the folder's hooks back).",
    flags: [
      AGENTS_FLAG,
      events("only the entries of these contract events (all: every entry that is one)", true),
      {
        name: "hook",
        kind: "string",
        value: "<name>",
        text: "only the entries that run this hook (file name or path)",
      },
      { name: "problems", kind: "boolean", text: "only what has a problem" },
      { name: "ours", kind: "boolean", text: "only the entries everyhook wrote" },
      { name: "check", kind: "boolean", text: "also load each TS/JS hook of ours (--allow-run)" },
      { name: "strict", kind: "boolean", text: "count what holds the folder back as a problem" },
      PROJECT,
      JSON_FLAG,
    ],
    operands: [],
    examples: [
      { line: "list", text: "every hook of every agent" },
      { line: "list --problems --agent codex", text: "what Codex CLI would trip over" },
      { line: "--json list --ours", text: "everyhook's entries, as JSON" },
    ],
    env: [
      HOME,
      ...AGENT_HOMES,
      { name: "EVERYHOOK_SYSTEM_DIR", text: "the root administrators' files are read below" },
      { name: "PATH", text: "where the programs the entries run are looked for" },
    ],
    permissions: ["read", "env"],
  },
  {
    name: "bench",
    group: "read",
    summary:
      "Put the hook, through the same adapter run uses, to the documents the real agents sent (fixtures/), and show what it answered, what each agent would do, and the exact JSON it would get. The hook example:<name> is an example that ships with everyhook (written to a temporary folder: --allow-write too).",
    flags: [
      AGENTS_FLAG,
      events("only these events", false),
      {
        name: "fixture",
        kind: "repeat",
        value: "<file>",
        text:
          'a fixture file of your own instead: JSON with "agent", "event", "payload" (repeat it)',
      },
      { ...PROJECT, text: "run the hook in this folder, with the documents' folder set to it" },
      SPEAKS,
      { ...FAIL_CLOSED, text: "show what a failing hook would be with --fail-closed" },
      timeout("how long the hook may run", 25),
      JSON_FLAG,
    ],
    operands: [
      { ...HOOK, text: "a file, a program on PATH, or example:<name> (shipped)" },
      HOOK_ARGS,
    ],
    examples: [
      {
        line: "bench example:block-force-push",
        text: "a shipped example, every recorded document",
      },
      { line: "bench ./guard.ts --agent codex --event pre-tool --json", text: "one agent, JSON" },
      {
        line: "bench ./guard.ts --fixture mine.json -- --strict",
        text: "your document; --strict is the hook's",
      },
    ],
    env: [PATH],
    permissions: ["read", "run", "env"],
  },
  {
    name: "explain",
    group: "read",
    summary:
      "How the agents differ, each statement marked [binary] (a recorded run of the real binary) or [docs]. With an agent: its column, events and tools; with an event too: what each answer becomes.",
    flags: [
      JSON_FLAG,
      { ...SPEAKS, text: "what carries over from a hook written for this agent's protocol" },
      {
        name: "html",
        kind: "boolean",
        text:
          "print the compatibility page instead: agents by events and by answers, one HTML file with nothing to fetch (docs/agents.html is this page)",
      },
    ],
    oneOf: [{ flags: ["json", "html"], required: false }],
    operands: [
      { name: "agent", required: false, text: "an agent, by id or short name" },
      { name: "event", required: false, text: "a contract event" },
    ],
    examples: [
      { line: "explain", text: "how the agents differ" },
      { line: "explain claude pre-tool", text: "what each answer becomes there" },
      { line: "explain --html > agents.html", text: "the same as a page to open in a browser" },
    ],
    env: [],
    permissions: [],
  },
  {
    name: "verify",
    group: "read",
    summary:
      "Run each agent found (on PATH, or --bin) once, headless, in a temporary copy of the hooks and settings it reads here, against a fake model API on 127.0.0.1 whose script plays, in one session, every step the agent can do (a shell call, a failing one, a write and an edit of a file in the copy, a call of an MCP server of verify's own, a subagent, the stop, sent back once if a hook says so; --quick: the one shell call); then say per step which hooks it reached, per hook entry whether it fired, how long it took, what it answered and whether that reached the model, why one did not fire, and the holes (a guard the subagent's call or an MCP tool went past). Nothing of yours is written; the one command that opens a socket, on 127.0.0.1 only. Exit 1 when a hook the run reached did not fire, or for a hole; an entry the run did not reach is never a failure.",
    flags: [
      { ...AGENTS_FLAG, text: "only these agents (default every agent found)" },
      ALL,
      PROJECT,
      events("only the entries of these contract events (default all)", true),
      {
        name: "bin",
        kind: "string",
        value: "<path>",
        text: "the agent's binary (with one --agent) instead of the one on PATH",
      },
      {
        name: "quick",
        kind: "boolean",
        text:
          "only the one shell call (the session, the prompt, the call, the stop), not the whole run",
      },
      {
        name: "as-reviewed",
        kind: "boolean",
        text:
          "in verify's temporary copy only, run the Codex CLI entries Codex would skip as not reviewed",
      },
      {
        name: "yes",
        kind: "boolean",
        text:
          "run the hook entries that need a yes without asking: those not written by everyhook, and everyhook's in a project the agent does not trust (without it, verify asks on a terminal, and elsewhere does not run those agents)",
      },
      VERIFY_SPEAKS,
      JSON_FLAG,
    ],
    operands: [],
    examples: [
      { line: "verify", text: "every agent on PATH, every hook it reads here" },
      {
        line: "verify --agent codex --as-reviewed --event pre-tool",
        text: "Codex CLI's pre-tool entries, run as if reviewed (in the copy only)",
      },
      {
        line: "--json verify --agent claude",
        text: "the report as JSON (schema/verify.schema.json)",
      },
    ],
    env: [HOME, ...AGENT_HOMES, { name: "PATH", text: "where the agents' binaries are found" }],
    permissions: ["read", "write", "run", "env", "net"],
  },
  {
    name: "demo",
    group: "read",
    summary:
      "Put an example hook through every agent's adapter with documents the real agents sent, and show what each agent would do. The example is written to a temporary folder and removed after.",
    flags: [
      {
        name: "hook",
        kind: "string",
        value: "<file>",
        text: "the hook to show (default examples/block-force-push.ts, which ships with everyhook)",
      },
      JSON_FLAG,
    ],
    operands: [],
    examples: [
      { line: "demo", text: "the example hook, in every agent" },
      { line: "demo --hook ./guard.ts --json", text: "your hook, as JSON" },
    ],
    env: [PATH],
    permissions: ["read", "write", "run", "env"],
  },
];

/**
 * Find a command by name.
 *
 * @param name The command's name.
 * @returns Its row, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findCommand } from "./commands.ts";
 * assert(findCommand("install")?.group === "change");
 * ```
 */
export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/**
 * A command's row; for commands, which know their own name.
 *
 * @param name The command's name.
 * @returns Its row.
 * @throws {Error} When there is none: a bug.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandSpec } from "./commands.ts";
 * assert(commandSpec("list").flags.some((f) => f.name === "ours"));
 * ```
 */
export function commandSpec(name: string): CommandSpec {
  const spec = findCommand(name);
  if (!spec) throw new Error(`The command table has no "${name}"`);
  return spec;
}
