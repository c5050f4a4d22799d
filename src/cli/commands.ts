/**
 * The table of commands, as data: what each is for, its usage and options (the
 * help is generated from it) and the Deno permissions it needs. Which module
 * carries out a command is cli.ts's business alone, so nothing here loads a
 * command. On `run`'s path: imports nothing but `run/runtime.ts`.
 *
 * @module
 */

import type { Io } from "./io.ts";
import { type PermissionName, RUN_PERMISSIONS } from "../run/runtime.ts";

/** An option of a command, for the help. */
export interface OptionHelp {
  /** As written, such as `--agent <a,b,...>`. */
  flag: string;
  /** What it does. */
  text: string;
}

/** What a command module exports. */
export interface CommandModule {
  /** Run the command; returns the exit code. Throws EveryhookError for usage errors and refusals. */
  command(args: string[], io: Io): Promise<number>;
}

/** One row of the table. */
export interface CommandSpec {
  /** The command's name. */
  name: string;
  /** The group it is listed under in the help. */
  group: "run" | "change" | "read";
  /** The arguments, after the name. */
  usage: string;
  /** One or two sentences on what it does. */
  summary: string;
  /** Its options. */
  options: readonly OptionHelp[];
  /** The permissions it needs under `deno run`. */
  permissions: readonly PermissionName[];
}

const JSON_OPTION: OptionHelp = { flag: "--json", text: "print one JSON document instead of text" };
const DRY_RUN: OptionHelp = {
  flag: "--dry-run",
  text: "show what would change and write nothing, not even a backup",
};
const AGENTS_OPTION: OptionHelp = {
  flag: "--agent <a,b,...>",
  text: "the agents, by id or short name",
};
const ALL_OPTION: OptionHelp = { flag: "--all", text: "every agent" };
const SCOPE_OPTION: OptionHelp = {
  flag: "--scope user|project",
  text: "the user's file (default) or the project's",
};
const PROJECT_OPTION: OptionHelp = {
  flag: "--project <dir>",
  text: "the project folder (default: the current folder)",
};

/**
 * Every command, in the order the help lists them.
 *
 * @example Usage
 * ```ts
 * import { COMMANDS } from "./commands.ts";
 * console.assert(COMMANDS.find((c) => c.name === "run")?.permissions.includes("run"));
 * ```
 */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: "run",
    group: "run",
    usage:
      "--agent <agent> --event <event> [--fail-closed] [--timeout <seconds>] [--json] -- <hook> [args...]",
    summary:
      "Read the agent's JSON on stdin, give the hook the contract's document, and print the agent's JSON for the hook's answer. The agents call this; install writes it into their files.",
    options: [
      { flag: "--agent <agent>", text: "the agent that calls (required)" },
      { flag: "--event <event>", text: "the contract event this entry is for (required)" },
      { flag: "--fail-closed", text: "a hook that fails is a deny before a tool and on a prompt" },
      { flag: "--timeout <seconds>", text: "how long the hook may run (default 25)" },
      { flag: "--json", text: "print the whole result instead of the agent's JSON" },
    ],
    permissions: RUN_PERMISSIONS,
  },
  {
    name: "install",
    group: "change",
    usage:
      "<hook> (--agent <a,b,...> | --all) [--event <e,f,...|all>] [--scope user|project] [--project <dir>] [--matcher <re>] [--timeout <seconds>] [--fail-closed] [--dry-run] [--json]",
    summary:
      "Add the hook to each agent's hooks file, in the agent's own event names, matcher and timeout unit, after a backup. Only everyhook's entries are added; a second install changes nothing.",
    options: [
      AGENTS_OPTION,
      ALL_OPTION,
      { flag: "--event <e,f,...|all>", text: "the contract events (default pre-tool)" },
      SCOPE_OPTION,
      PROJECT_OPTION,
      {
        flag: "--matcher <re>",
        text: "limit tool events to some tools, in the agent's own syntax",
      },
      { flag: "--timeout <seconds>", text: "the agent's timeout for the entry (default 30)" },
      {
        flag: "--fail-closed",
        text: "a failing hook denies; also the agent's own switch where it has one",
      },
      DRY_RUN,
      JSON_OPTION,
    ],
    permissions: ["read", "write", "env"],
  },
  {
    name: "uninstall",
    group: "change",
    usage:
      "<hook> [--agent <a,b,...> | --all] [--event <e,f,...>] [--scope user|project] [--project <dir>] [--dry-run] [--json]",
    summary:
      "Take out exactly the entries install wrote for the hook; where nothing else changed, the file is byte for byte what it was before install.",
    options: [
      AGENTS_OPTION,
      ALL_OPTION,
      { flag: "--event <e,f,...>", text: "only these events" },
      SCOPE_OPTION,
      PROJECT_OPTION,
      DRY_RUN,
      JSON_OPTION,
    ],
    permissions: ["read", "write", "env"],
  },
  {
    name: "restore",
    group: "change",
    usage:
      "(--agent <a,b,...> | --all) [--scope user|project] [--project <dir>] [--dry-run] [--json]",
    summary:
      "Put back the newest everyhook backup of each file install writes; the file as it is now is backed up first.",
    options: [AGENTS_OPTION, ALL_OPTION, SCOPE_OPTION, PROJECT_OPTION, DRY_RUN, JSON_OPTION],
    permissions: ["read", "write", "env"],
  },
  {
    name: "list",
    group: "read",
    usage:
      "[--agent <a,b,...>] [--event <e,f,...|all>] [--hook <name>] [--problems] [--ours] [--project <dir>] [--json]",
    summary:
      "Every hook of every agent, from every file each agent reads on this machine and in the project, with the problems it would trip over. Exit 1 when there is a problem.",
    options: [
      AGENTS_OPTION,
      { flag: "--event <e,f,...|all>", text: "only the entries of these contract events" },
      { flag: "--hook <name>", text: "only the entries that run this hook (file name or path)" },
      { flag: "--problems", text: "only what has a problem" },
      { flag: "--ours", text: "only the entries everyhook wrote" },
      PROJECT_OPTION,
      JSON_OPTION,
    ],
    permissions: ["read", "env"],
  },
  {
    name: "bench",
    group: "read",
    usage:
      "<hook> [args...] [--agent <a,b,...>] [--event <e,f,...>] [--fixture <file>] [--fail-closed] [--timeout <seconds>] [--json]",
    summary:
      "Put the hook, through the same adapter run uses, to the documents the real agents sent (fixtures/), and show what it answered, what each agent would do, and the exact JSON it would get. The hook example:<name> is an example that ships with everyhook (written to a temporary folder: --allow-write too).",
    options: [
      AGENTS_OPTION,
      { flag: "--event <e,f,...>", text: "only these events" },
      { flag: "--fixture <file>", text: "a fixture file of your own instead (may repeat)" },
      { flag: "--fail-closed", text: "show what a failing hook would be with --fail-closed" },
      { flag: "--timeout <seconds>", text: "how long the hook may run (default 25)" },
      JSON_OPTION,
    ],
    permissions: ["read", "run", "env"],
  },
  {
    name: "explain",
    group: "read",
    usage: "[agent] [event] [--json]",
    summary:
      "How the agents differ, each statement marked [binary] (a recorded run of the real binary) or [docs]. With an agent: its column, events and tools; with an event too: what each answer becomes.",
    options: [JSON_OPTION],
    permissions: [],
  },
  {
    name: "demo",
    group: "read",
    usage: "[--hook <file>] [--json]",
    summary:
      "Put an example hook through every agent's adapter with documents the real agents sent, and show what each agent would do. The example is written to a temporary folder and removed after.",
    options: [
      {
        flag: "--hook <file>",
        text: "the hook to show (default examples/block-force-push.ts, which ships with everyhook)",
      },
      JSON_OPTION,
    ],
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
 * import { findCommand } from "./commands.ts";
 * console.assert(findCommand("install")?.group === "change");
 * ```
 */
export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
