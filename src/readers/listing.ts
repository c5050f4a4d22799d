/**
 * What `list` reports, and the world it reads: the shapes shared by list.ts
 * and the modules it is made of. Imports only types.
 *
 * @module
 */

import type { ReadLocation } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import type { LineMode } from "../hooks_files/command_line.ts";

/**
 * What kind of problem `list` found, a stable word for scripts beside the text
 * for people:
 * - `unreadable`: the file could not be read (refused, or not a regular file);
 * - `syntax`: the file is not valid JSON, JSONC or TOML, or its `hooks` has the wrong shape;
 * - `version`: a `version` the agent ignores the file for;
 * - `both-formats`: hooks in two formats in one folder;
 * - `unknown-event`: an event name the agent does not have;
 * - `no-command`: a command entry with no command;
 * - `hook-type`: a type of hook the agent does not run;
 * - `timeout`: a timeout in a unit it was likely not meant in;
 * - `matcher`: a matcher that is not a regular expression;
 * - `missing-file`: the hook, the program or the script the entry names is not there;
 * - `read-by-another`: another agent reads this file and runs the entry too;
 * - `switched-off`: a setting of the agent stops the entry;
 * - `not-trusted`: the entry lacks the trust the agent needs before it runs it;
 * - `machine-path`: a project entry names a path of this machine outside the project;
 * - `does-not-load`: the hook of everyhook's entry does not load (`list --check`).
 */
export type ProblemKind =
  | "unreadable"
  | "syntax"
  | "version"
  | "both-formats"
  | "unknown-event"
  | "no-command"
  | "hook-type"
  | "timeout"
  | "matcher"
  | "missing-file"
  | "read-by-another"
  | "switched-off"
  | "not-trusted"
  | "machine-path"
  | "does-not-load";

/** One problem `list` found: its kind and what to read. */
export interface Problem {
  /** The kind, for scripts. */
  kind: ProblemKind;
  /** What is wrong and what to do, for people. */
  text: string;
}

/** One file list read (or tried). */
export interface ListedFile {
  /** The agent. */
  agent: string;
  /** user, project or system. */
  scope: ReadLocation["scope"];
  /** The absolute path. */
  file: string;
  /** json or toml. */
  format: "json" | "toml" | "plugin";
  /** read, missing, or unreadable. */
  status: "read" | "missing" | "unreadable";
  /** Problems of the file as a whole. */
  problems: Problem[];
}

/** One hook entry. */
export interface ListedEntry {
  /** The agent. */
  agent: string;
  /** The file's scope. */
  scope: ReadLocation["scope"];
  /** The file. */
  file: string;
  /** The native event name as written. */
  event: string;
  /** The contract event, when the name is one the agent has. */
  contractEvent: ContractEvent | null;
  /** The matcher, if any. */
  matcher: string | null;
  /** The hook type (command, http, ...). */
  type: string;
  /** The entry's own name, where it has one (Gemini CLI's `name`). */
  name: string | null;
  /** The command line, or the program and its arguments joined. */
  command: string | null;
  /** The timeout as written, with its unit and in seconds. */
  timeout: { value: number; unit: "s" | "ms"; seconds: number } | null;
  /** Whether everyhook wrote it. */
  ours: boolean;
  /** How an everyhook entry starts its hook: through `run`, or direct (null for others). */
  mode: LineMode | null;
  /** The hook an everyhook entry runs (null for an imported command). */
  hook: string | null;
  /**
   * For an entry whose hook is written for another agent's protocol (`--speaks`):
   * that agent, the command an imported entry runs, and the source entry it
   * came from, where `list` found it.
   */
  speaks: {
    agent: string;
    command: string | null;
    from: { file: string; event: string; matcher: string | null } | null;
  } | null;
  /** Other agents that run this entry too. */
  alsoRunBy: string[];
  /** What it would trip over. */
  problems: Problem[];
  /** What is worth knowing and is not a problem (another agent runs everyhook's own entry too). */
  notes: string[];
  /** What to know that is no fault, such as a hook that asks for every permission. */
  warnings: string[];
}

/**
 * What holds back every hook of an agent in a folder (folder trust not
 * accepted, hooks switched off): told once, not as a problem of each entry.
 */
export interface FolderCondition {
  /** The agent. */
  agent: string;
  /** The folder whose hooks it holds back (the project). */
  folder: string;
  /** The settings file that says so. */
  file: string;
  /** What holds the hooks back, and what to do. */
  text: string;
  /** Its kind, as a problem of the entries it holds back: a setting, or a trust not given. */
  kind: "switched-off" | "not-trusted";
  /** The exact change to the file that lifts it. */
  change: string;
  /** The scopes of the entries it holds back. */
  stops: ReadonlyArray<ReadLocation["scope"]>;
  /** How many of the listed entries it holds back. */
  entries: number;
}

/** The whole listing. */
export interface Listing {
  /** The project folder. */
  project: string;
  /** Every file tried. */
  files: ListedFile[];
  /** Every entry found. */
  entries: ListedEntry[];
  /** What holds back every hook of an agent in the folder, once per agent and setting. */
  conditions: FolderCondition[];
}

/** The world list reads. */
export interface ListWorld {
  /** The environment (HOME, the agents' variables, PATH, EVERYHOOK_SYSTEM_DIR). */
  env: Readonly<Record<string, string>>;
  /** The operating system. */
  os: string;
  /** The project folder (absolute). */
  project: string;
  /** Whether a path exists (injected for tests). */
  exists?: (path: string) => boolean;
}
