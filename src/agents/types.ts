/**
 * What every agent module provides: its events, its tools, how its payloads read
 * into the contract's document, how each answer is written back (the translation
 * table), and where its hooks live. Nothing outside `src/agents/` branches on an
 * agent's id. This module is on `run`'s path: it imports only types.
 *
 * @module
 */

import type { ContractEvent, HookDocument, ToolKind } from "../contract/contract.ts";
import type { HeadlessRun } from "./headless.ts";

/**
 * What a statement about an agent rests on: a recorded run of its real binary,
 * or its documentation.
 */
export type Basis =
  | {
    kind:
      "binary"; /** The case id in fixtures/conformance/<agent>.json (or of a run not recorded there yet). */
    case: string;
  }
  | { kind: "docs"; /** The address of the documentation. */ ref: string };

/**
 * What the agent does with a printed answer.
 *
 * - `blocked`: the action does not happen, and the reason reaches the model where it can.
 * - `asked`: the person is asked.
 * - `approved`: the action goes ahead without the agent's own permission prompt.
 * - `rewritten`: the tool runs with the hook's input instead.
 * - `feedback`: the action already happened; the reason is given to the model.
 * - `sent-back`: at a stop, the agent goes back to work with the reason.
 * - `context`: the context is added to the model's context.
 * - `message`: a message is shown to the person.
 * - `ended`: the agent's run ends.
 * - `none`: nothing changes.
 */
export type Effect =
  | "blocked"
  | "asked"
  | "approved"
  | "rewritten"
  | "feedback"
  | "sent-back"
  | "context"
  | "message"
  | "ended"
  | "none";

/**
 * The parts of an answer the table has a cell for. `none` is the cell used when
 * the answer has no decision.
 */
export type AnswerPart = "deny" | "ask" | "allow" | "context" | "message" | "input" | "none";

/** The answer parts in the order tables and `explain` list them. */
export const ANSWER_PARTS: readonly AnswerPart[] = [
  "deny",
  "ask",
  "allow",
  "context",
  "message",
  "input",
  "none",
];

/**
 * A JSON value in which the strings `"<reason>"`, `"<message>"`, `"<context>"`
 * are replaced by the answer's text (also inside longer strings), `"<reason-sh>"`
 * by the reason as one single-quoted POSIX shell word, `"<event>"` by
 * the native event name the payload came under, and the whole string
 * `"<input>"` by the answer's input object.
 */
export type Template =
  | string
  | number
  | boolean
  | null
  | Template[]
  | { [key: string]: Template };

/**
 * One cell of the translation table: what everyhook prints for one part of an
 * answer, at one event of one agent, and what the agent does with it.
 */
export interface Cell {
  /** The JSON printed on stdout; parts of one answer are merged key by key. Absent: nothing. */
  stdout?: { [key: string]: Template };
  /** Text printed on stderr (rarely needed). */
  stderr?: string;
  /** The exit code; the largest of the parts wins. */
  exit: number;
  /** What the agent does with it. */
  effect: Effect;
  /** The part this one had to become (`ask` becomes `deny`), or `dropped` when it is not sent at all. */
  becomes?: AnswerPart | "dropped";
  /** Why it is written this way, or what was lost. */
  note?: string;
  /** What the cell rests on. */
  basis: Basis;
}

/** Every answer part's cell at one event. */
export type EventCells = Record<AnswerPart, Cell>;

/** One event of the agent: its native name and its cells. */
export interface AgentEvent {
  /** The agent's own name for the event, as install writes it. */
  native: string;
  /** One line on when it fires and what a hook can do there. */
  info: string;
  /** True when the event filters by tool name with a matcher. */
  matcher: boolean;
  /** The cells of the translation table. */
  cells: EventCells;
  /**
   * Why the event fires in some runs and not in others, where recorded runs
   * showed that (Kimi Code's PostToolUse, which it does not wait for): verify
   * gives it as the reason when the event did not fire, and `deno task drift`
   * reports whether its hook ran as unsteady, not as a change of the release.
   */
  unsteady?: string;
}

/** The tool table of one agent. */
export interface ToolTable {
  /** Exact tool names and their kinds. */
  names: Readonly<Record<string, ToolKind>>;
  /** Patterns (regular expression sources) tried in order when no name matches. */
  patterns: ReadonlyArray<{ pattern: string; kind: ToolKind }>;
}

/** Where a file lives: relative to the home folder, a variable's folder, or the project. */
export interface FileLocation {
  /** Which scope install writes it for. */
  scope: "user" | "project";
  /** Path parts below the base, joined with the OS's separator. */
  parts: readonly string[];
  /** A variable that, when set, replaces the base and the first `envReplaces` parts. */
  env?: string;
  /** How many leading parts the variable's folder stands for. */
  envReplaces?: number;
}

/**
 * How entries sit in an agent's settings file.
 *
 * - `matcher-groups`: `hooks.<Event>` is an array of `{ matcher?, hooks: [ { type, command, timeout } ] }`
 *   (Claude Code, Codex CLI, Gemini CLI).
 * - `flat`: `version: 1` and `hooks.<event>` is an array of entries (Copilot CLI, Cursor).
 */
export type EntryLayout = "matcher-groups" | "flat";

/**
 * How an agent reads a matcher. Every agent everyhook knows reads it as a
 * regular expression on the tool's name, where `*` and the empty string match
 * every tool.
 */
export type MatcherSyntax = "regex";

/** What install needs to know about an agent. */
export interface InstallInfo {
  /** How the agent reads a matcher: install refuses one it cannot read. */
  matcherSyntax: MatcherSyntax;
  /** The file install writes, per scope. */
  files: Readonly<Record<"user" | "project", FileLocation>>;
  /** The layout of entries in that file. */
  layout: EntryLayout;
  /**
   * What holds the entries: a JSON file (when absent), or `plugin`, a
   * JavaScript plugin everyhook writes whole, whose `HOOKS` value holds them
   * (OpenCode, Kilo Code: see src/settings/plugin_file.ts), or `toml`, a
   * TOML config of the person's whose `[[hooks]]` tables hold them, everyhook's
   * in one block of it (Kimi Code: see src/settings/toml_hooks.ts), or
   * `runner`, an executable everyhook writes whole for each event, whose
   * `HOOKS` value holds that event's entries (Cline, which runs every file
   * named after an event in its hooks folders: see src/settings/runner_file.ts).
   * With `runner`, the last part of each file location holds `<Event>`, which
   * stands for the native event.
   */
  container?: "plugin" | "toml" | "runner";
  /**
   * Why the agent has no project file, where it has none (Kimi Code): install
   * and uninstall refuse the project scope with it, and `list` reads no project file.
   */
  noProject?: string;
  /** The unit of the entry's timeout field. */
  timeoutUnit: "s" | "ms";
  /**
   * Where the agent reads a timeout in seconds as milliseconds from this value
   * up (Qwen Code reads 1000 or more as milliseconds): a longer timeout is then
   * written in milliseconds, and `list` reads such a value as milliseconds.
   */
  timeoutMsFrom?: number;
  /** The name of the timeout field. */
  timeoutField: string;
  /** The entry field (the handler's, in matcher groups) that holds the command line. */
  commandField: string;
  /**
   * The fields of the form that starts a program with no shell, where the agent has one:
   * the program's field and the arguments' field (Copilot CLI `exec` and `args`).
   */
  execFields?: { program: string; args: string };
  /** Fields written into an entry with --fail-closed, where the agent has a switch. */
  failClosedFields?: Readonly<Record<string, Template>>;
  /** Fields always written into the entry of some events (Cursor's `loop_limit` at stops). */
  eventFields?: Readonly<Partial<Record<ContractEvent, Readonly<Record<string, Template>>>>>;
  /**
   * More native events an entry is written under for a contract event, where the
   * agent fires another event instead of the main one in some cases (Claude Code's
   * PostToolUseFailure, not PostToolUse, when the tool failed).
   */
  alsoNatives?: Readonly<Partial<Record<ContractEvent, readonly string[]>>>;
  /** The longest timeout (seconds) an event allows, where the agent caps it. */
  timeoutCaps?: Readonly<Partial<Record<ContractEvent, number>>>;
  /** What the person still has to do after an install, per scope. */
  stillToDo: Readonly<Record<"user" | "project", string>>;
}

/**
 * A file `list` reads hooks from, besides the ones install writes.
 *
 * - `user`: below the home folder (or the folder `env` names).
 * - `project`: below the project folder.
 * - `system`: below the root (`EVERYHOOK_SYSTEM_DIR` replaces it): administrators' files.
 */
export interface ReadLocation {
  /** Whose file it is. */
  scope: "user" | "project" | "system";
  /** Path parts below the base. */
  parts: readonly string[];
  /** A variable that, when set, replaces the base and the first `envReplaces` parts. */
  env?: string;
  /** How many leading parts the variable's folder stands for. */
  envReplaces?: number;
  /** JSON (comments allowed), TOML, or everyhook's plugin (its `HOOKS` value). */
  format: "json" | "toml" | "plugin";
  /** The parts name a folder: every `*.json` file in it is read. */
  folder?: boolean;
  /** The layout of the entries, when it is not the agent's own (Copilot CLI reading Claude Code's files). */
  layout?: EntryLayout;
  /** Only on these systems (`Deno.build.os` names); every system when absent. */
  os?: readonly string[];
  /** Keys under `hooks` that are not events (Codex CLI's `state`, where trust is kept). */
  skipKeys?: readonly string[];
}

/** A transcript format everyhook reads: the id of the agent that writes it. */
export type TranscriptFormat =
  | "claude-code"
  | "codex"
  | "gemini-cli"
  | "copilot-cli"
  | "cursor"
  | "qwen-code"
  | "factory-droid";

/** One statement about an agent, with what it rests on. */
export interface Fact {
  /** The statement. */
  text: string;
  /** What it rests on. */
  basis: Basis;
}

/** What an agent says at a stop, for `explain`. */
export interface StopSays {
  /** Where `stop.status` comes from, or that the agent does not say why a turn ended. */
  status: Fact;
  /** Where `stop.lastMessage` comes from: the payload's field, and the transcript format read. */
  lastMessage: Fact;
}

/**
 * When a setting stops hooks:
 *
 * - `is`: the setting has this value;
 * - `isNot`: the setting does not have this value (a missing setting included);
 * - `listsEntry`: the setting is a list that holds the entry's name or command;
 * - `trusts`: the setting does not trust the project: neither the project nor a
 *   folder above it is in the list, or (for an object of folders) mapped to one of these values.
 */
export type SwitchWhen =
  | { is: unknown }
  | { isNot: unknown }
  | { listsEntry: true }
  | { trusts: readonly unknown[] };

/**
 * A setting that stops hooks from running, read from a file the agent reads:
 * `list` reports it as a problem of each entry it stops.
 */
export interface HookSwitch {
  /** The file the setting is in. */
  file: ReadLocation;
  /** The setting's key path in that file; a part `<project>` stands for the project folder. */
  key: readonly string[];
  /** When it stops hooks. */
  when: SwitchWhen;
  /** The scopes of the entries it stops. */
  stops: readonly ReadLocation["scope"][];
  /** The problem line: what stops the entry, and what to do. `<file>` is replaced by the file's path. */
  problem: string;
  /** The problem's kind in `list --json`: `not-trusted` for a folder trust; default `switched-off`. */
  kind?: "switched-off" | "not-trusted";
}

/** One entry of a settings file, as a trust check sees it. */
export interface TrustedEntry {
  /** The settings file's absolute path. */
  file: string;
  /** The file's scope. */
  scope: ReadLocation["scope"];
  /** The event key the entry sits under. */
  native: string;
  /** The index of its matcher group. */
  group: number;
  /** The index of the handler in its group. */
  handler: number;
  /** The group's matcher, if any. */
  matcher: unknown;
  /** The handler. */
  value: Record<string, unknown>;
}

/** A per-entry trust the agent keeps in a settings file (Codex CLI's `[hooks.state]`). */
export interface EntryTrust {
  /** The file the trust is kept in. */
  file: ReadLocation;
  /** The scopes of the entries that need it. */
  needs: readonly ReadLocation["scope"][];
  /** The problem with one entry's trust, or undefined when it is trusted. */
  problem(entry: TrustedEntry, settings: Record<string, unknown> | undefined): Promise<
    string | undefined
  >;
  /**
   * Where the settings keep one entry's trust (a key path) and the value that
   * trusts the entry as it is now: verify trusts its copy of an entry the user trusted.
   */
  record(entry: TrustedEntry): Promise<{ key: readonly string[]; value: Record<string, unknown> }>;
}

/**
 * How a hook command reaches the project folder, for the lines `sync` writes
 * (a hook named relative to the project): the variables the agent gives every
 * hook, first set wins; with none set, the nearest folder at or above the
 * hook's working folder that holds the agent's project settings file.
 */
export interface ProjectFolder {
  /** The variables that name the project folder, in the order they are read (may be empty). */
  env: readonly string[];
  /**
   * Where the project is when no variable names it: `"file-above"` (the
   * default), the nearest folder at or above the hook's working folder that
   * holds the agent's project hooks file; `"working-folder"`, the working
   * folder itself, for an agent that starts its hooks in the one folder whose
   * project hooks it reads (Cline: its workspace, whose `.clinerules/hooks`
   * holds a file per event, no one path to look for).
   */
  otherwise?: "file-above" | "working-folder";
  /** What it rests on. */
  basis: Basis;
}

/** What reading a payload needs besides the payload. */
export interface ReadContext {
  /** The contract event `run` was told (`--event`). */
  event: ContractEvent;
}

/**
 * One agent. Adding an agent means one module that exports one of these, its
 * fixtures, and one line in the registry.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Agent } from "./types.ts";
 * function eventNames(agent: Agent): string[] {
 *   return Object.values(agent.events).map((e) => e.native);
 * }
 * assert(typeof eventNames === "function");
 * ```
 */
export interface Agent {
  /** The id used on the command line and in documents, such as `claude-code`. */
  id: string;
  /** The name people know, such as `Claude Code`. */
  name: string;
  /** Short names accepted on the command line. */
  aliases: readonly string[];
  /** True when a real binary was run here; false when everything rests on docs. */
  recorded: boolean;
  /** The agent's hook reference. */
  docs: string;
  /** The events the agent has, by contract event. */
  events: Readonly<Partial<Record<ContractEvent, AgentEvent>>>;
  /** Other native event names `run` reads, and the contract event each is. */
  aliasEvents: Readonly<Record<string, ContractEvent>>;
  /**
   * The cells of the alias events whose answers differ from their contract
   * event's (Cursor's afterFileEdit takes no answer at all); an alias event not
   * named here is answered with its contract event's cells.
   */
  aliasCells?: Readonly<Record<string, EventCells>>;
  /** Tool names and their kinds. */
  tools: ToolTable;
  /** Read a payload (already parsed, an object) into the contract's document. */
  read(payload: Record<string, unknown>, context: ReadContext): HookDocument;
  /**
   * The agent's last message from its transcript's text, for stop documents when
   * the payload does not carry it. Absent where the agent has no transcript format we read.
   */
  transcriptLastMessage?(transcript: string): string | undefined;
  /**
   * The transcript format the agent writes, among those src/agents/_transcript.ts
   * reads: a transcript its own format finds nothing in is read in the others.
   */
  transcriptFormat?: TranscriptFormat;
  /** What the agent says at a stop (why the turn ended, its last message), for `explain`. */
  stopSays?: StopSays;
  /** Files `list` reads hooks from besides the ones install writes. */
  reads?: readonly ReadLocation[];
  /** What `list` says of the agent's own ways with a settings file. */
  listing?: {
    /** The hook types the agent runs (any, when absent). */
    runsTypes?: readonly string[];
    /** What the agent does with an event whose entries are not an array. */
    notArray?: string;
    /** What the agent does with a hooks-folder file whose `version` is not 1. */
    versionIgnored?: string;
    /**
     * True when the agent reads every `*.json` file in the folder of the hooks
     * file install writes: `list` reads the whole folder.
     */
    readsHooksFolder?: boolean;
    /**
     * What the agent does when one folder holds hooks in both a JSON and a TOML
     * file; `list` says it of each such folder.
     */
    bothFormats?: string;
    /** The settings that stop hooks from running (turned off, managed only, a folder not trusted). */
    switches?: readonly HookSwitch[];
    /** The trust each entry needs before the agent runs it. */
    entryTrust?: EntryTrust;
    /**
     * What decides, outside every file `list` reads, whether the agent runs
     * hooks at all (Auggie's backend flag): `list` notes it on each entry, and
     * `explain` has a row for it.
     */
    gate?: Fact;
  };
  /** Install data. */
  install: InstallInfo;
  /** How a hook command reaches the project folder (absent: the working-folder rule alone). */
  projectFolder?: ProjectFolder;
  /**
   * How the agent runs headless against a fake model API, where a family
   * builder of verify makes its driver from data (headless.ts); absent where
   * its driver is a module of its own in src/verify/drivers/, or it has none.
   */
  headless?: HeadlessRun;
}
