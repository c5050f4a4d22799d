/**
 * install: plan the change to each agent's settings file, then apply it through
 * the one writer. One file per agent and scope; the agent's event names,
 * matcher and timeout unit; only everyhook's own entries; a second install
 * changes nothing. A file that cannot be read, or has the wrong shape, is left
 * alone with the reason, and the other agents are still done. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
export { canText } from "./can_text.ts";
import { type ContractEvent, EVENTS } from "../contract/contract.ts";
import {
  checkWord,
  directArgv,
  type LineMode,
  linePath,
  runArgv,
  samePath,
} from "../settings/command_line.ts";
import { lineHook, type ProjectLine, projectLine } from "../settings/portable.ts";
import { nativesOf, planEntry } from "./entry_plan.ts";
import { EveryhookError } from "../contract/errors.ts";
import {
  addEntry,
  checkShape,
  findOurs,
  isSameEntry,
  type JsonObject,
  removeEntry,
  replaceEntry,
} from "../settings/settings_file.ts";
import { parseJsonText } from "../settings/json_text.ts";
import { startText } from "./replay.ts";
import {
  agentFiles,
  fileContent,
  hookPath,
  type InstallWorld,
  linkedTo,
  type ReadFile,
  readSettingsFile,
  refusalReason,
  renameHook,
  verifyFile,
} from "./config_file.ts";
import { pathsFor, type Scope } from "../settings/locations.ts";
import { safeWrite, sameBytes } from "../settings/safe_write.ts";
import { checkMatcher, checkTimeout, scopeNote } from "./install_checks.ts";
import { firstLineWarnings } from "../hook_script/hook_check.ts";
import { notAHookFile } from "../os/read_bounded.ts";
import type { LoadHow, LoadResult } from "../hook_script/load_check.ts";
import type { SdkImport } from "../hook_script/sdk_import.ts";
import { checkStarterLoads, type Starter, starterOf } from "./install_starter.ts";

/** What to install. */
export interface InstallOptions {
  /** The hook's path, as given (relative to the current folder or absolute). */
  hook: string;
  /** The agents. */
  agents: readonly Agent[];
  /** The contract events, or all of them. */
  events: readonly ContractEvent[] | "all";
  /** Which file of each agent. */
  scope: Scope;
  /** The project folder for the project scope (default: the current folder). */
  project?: string;
  /** The matcher, for events that take one. */
  matcher?: string;
  /** The agent's timeout in seconds. */
  timeout: number;
  /** A failing hook denies; the agent's own switch is written too. */
  failClosed: boolean;
  /** Write nothing. */
  dryRun: boolean;
  /** The agent whose hook protocol the hook is written for (`--speaks`): the lines say so. */
  speaks?: string;
  /**
   * How everyhook starts itself (`selfInvocation(...)`): its words, warnings,
   * and the deno that starts a hook in direct mode (else the one on PATH).
   */
  self: { argv: readonly string[]; warnings: readonly string[]; deno?: string };
  /**
   * Check that a TypeScript or JavaScript hook loads, the way its line will
   * load it, before anything is written (`checkLoads` of load_check.ts, with
   * the environment given); none is made without it.
   */
  checkLoad?: (hook: string, how: LoadHow) => Promise<LoadResult>;
  /** The SDK's import for this install, named when a hook's own cannot be had. */
  sdk?: SdkImport;
  /** Write a hook that does not load anyway, saying so. */
  force?: boolean;
}

/** What every line of one install is made of: the hook, the project, how it starts. */
type LineParts = { hook: string; project: string; starter: Starter; portable: ProjectLine | null };

/** One entry install writes. */
export interface EntryReport {
  /** The contract event. */
  event: ContractEvent;
  /** The agent's name for it. */
  native: string;
  /** The matcher written, or null. */
  matcher: string | null;
  /** The timeout written, in the agent's unit. */
  timeout: number;
  /** What a hook's answers do there, in short. */
  can: string;
}

/** What install did (or would do) to one agent's file. */
export interface InstallResult {
  /** The agent's id. */
  agent: string;
  /** The scope. */
  scope: Scope;
  /** The file. */
  file: string;
  /** The file written through `file`, when that is a link (user scope follows links). */
  linkedTo?: string;
  /** What happened to it. */
  action: "created" | "updated" | "unchanged" | "refused";
  /** The backup made (or that would be made), or null. */
  backup: string | null;
  /** Why the file was left alone, or null. */
  refused: string | null;
  /** The entries written. */
  entries: EntryReport[];
  /** Events skipped, capped timeouts, unused matchers. */
  notes: string[];
}

/** The whole install report. */
export interface InstallReport {
  /** False when a file was refused. */
  ok: boolean;
  /** Whether nothing was written. */
  dryRun: boolean;
  /** The hook's absolute path. */
  hook: string;
  /**
   * How the lines start it: `direct` for a hook written with the SDK (deno
   * starts it, with its shebang's permissions), else through everyhook's `run`.
   */
  mode: LineMode;
  /** The scope. */
  scope: Scope;
  /** One row per agent. */
  results: InstallResult[];
  /** What the person still has to do, per agent. */
  needs: Array<{ agent: string; text: string }>;
  /** Warnings about the line itself. */
  warnings: string[];
}

function chosenEvents(agent: Agent, { events, scope }: InstallOptions) {
  const noFile = scopeNote(agent, scope);
  if (noFile !== undefined) return { events: [], notes: [noFile] };
  const wanted = events === "all" ? EVENTS : events;
  const notes: string[] = [];
  const have: ContractEvent[] = [];
  for (const e of wanted) {
    if (agent.events[e]) have.push(e);
    else notes.push(`${e}: ${agent.name} has no such event; skipped`);
  }
  return { events: have, notes };
}

/**
 * Install a hook: plan each agent's file, then write it (unless a dry run).
 *
 * @param options What to install, and where.
 * @param world The environment, folder, OS and clock.
 * @returns The report.
 * @throws {EveryhookError} `usage` for a matcher an agent cannot read or a timeout
 *   below 1 second, before anything is written; `not-found` when the hook is missing
 *   or not a file (a folder, a FIFO); `path-refused` for a path that cannot be
 *   written into a line.
 *
 * @example Usage
 * ```ts ignore
 * import { install } from "./install.ts";
 * const report = await install(options, { env: Deno.env.toObject(), cwd: Deno.cwd(), os: "linux", now: () => new Date() });
 * ```
 */
export async function install(
  options: InstallOptions,
  world: InstallWorld,
): Promise<InstallReport> {
  checkTimeout(options.timeout);
  if (options.matcher !== undefined) checkMatcher(options.matcher, options.agents);
  const hook = hookPath(options.hook, world);
  const notAHook = notAHookFile(hook);
  if (notAHook !== undefined) {
    throw new EveryhookError("not-found", `Cannot install "${options.hook}": it ${notAHook}`);
  }
  checkWord(linePath(hook, world.os), "the hook");
  options.self.argv.forEach((w, i) => checkWord(w, i === 0 ? "the program" : "a path"));
  // The hook is read once, here: its first line for the warnings, its text for the starter and
  // for the check that it loads.
  const source = await Deno.readTextFile(hook).catch(() => undefined);
  // A project's line names nothing of this machine (portable.ts), and goes through run.
  const project = pathsFor(world.os).resolve(world.cwd, options.project ?? ".");
  const portable = options.scope === "project" ? projectLine(hook, project, options, world) : null;
  const warnings = [
    ...(portable?.warnings ?? options.self.warnings),
    ...(source === undefined ? [] : firstLineWarnings(hook, source)),
  ];
  const starter: Starter = portable
    ? { mode: "run" }
    : starterOf(hook, source, options, world, warnings);
  await checkStarterLoads(hook, source, starter, options, world, warnings);
  const line: LineParts = { hook, project, starter, portable };
  const results: InstallResult[] = [];
  const needs: InstallReport["needs"] = [];
  const files = agentFiles(options.agents, options.scope, options.project, world);
  for (const [i, { agent, file, native, project: inside }] of files.entries()) {
    const chosen = chosenEvents(agent, options);
    // A file of one event (Cline's) takes only the events written under it. It
    // has a row when it gets entries, or when the agent would have none; the
    // agent's notes are said on its first row.
    const events = native === undefined
      ? chosen.events
      : chosen.events.filter((e) => nativesOf(agent, e).includes(native));
    const hasRow = results.some((r) => r.agent === agent.id);
    const lastOfAgent = files[i + 1]?.agent !== agent;
    if (native !== undefined && events.length === 0 && (hasRow || !lastOfAgent)) continue;
    const notes = native !== undefined && hasRow ? [] : chosen.notes;
    const row: InstallResult = {
      agent: agent.id,
      scope: options.scope,
      file,
      action: "unchanged",
      backup: null,
      refused: null,
      entries: [],
      notes,
    };
    results.push(row);
    if (events.length === 0) continue;
    try {
      const read = await readSettingsFile(file, agent.install, inside);
      Object.assign(row, linkedTo(read));
      const plan = planAgent(agent, events, options, line, read, world.os, native);
      row.entries = plan.entries;
      row.notes.push(...plan.notes);
      if (plan.text === read.json.text && read.snapshot.bytes !== null) continue;
      const content = fileContent(agent.install, plan.text, read.json.format, read.snapshot.bytes);
      if (sameBytes(content, read.snapshot.bytes)) continue;
      const written = await safeWrite({
        snapshot: read.snapshot,
        content,
        verify: verifyFile(agent.install, file),
        dryRun: options.dryRun,
        now: world.now(),
        // A file install makes: its absence is kept, so uninstall can take away all it made.
        recordAbsence: true,
        // A file the agent runs (Cline's hook file) is made executable.
        ...(agent.install.container === "runner" ? { newMode: 0o755 } : {}),
        ...renameHook(world, file),
      });
      row.backup = written.backup;
      row.notes.push(...written.notes);
      row.action = read.snapshot.bytes === null ? "created" : "updated";
    } catch (e) {
      row.action = "refused";
      row.refused = refusalReason(e, file);
      continue;
    }
    if (row.entries.length > 0 && !needs.some((n) => n.agent === agent.id)) {
      needs.push({ agent: agent.id, text: agent.install.stillToDo[options.scope] });
    }
  }
  return {
    ok: results.every((r) => r.action !== "refused"),
    dryRun: options.dryRun,
    hook,
    mode: starter.mode,
    scope: options.scope,
    results,
    needs,
    warnings,
  };
}

function planAgent(
  agent: Agent,
  events: ContractEvent[],
  options: InstallOptions,
  { hook, project, starter, portable }: LineParts,
  read: ReadFile,
  os: string,
  only?: string,
): { text: string; entries: EntryReport[]; notes: string[] } {
  const info = agent.install;
  const ofFile = (n: string) => only === undefined || n === only;
  const natives = events.flatMap((e) => nativesOf(agent, e)).filter(ofFile);
  const file = read.snapshot.path;
  const format = read.json.format;
  let text = startText(read.value, read.json, info);
  const value = read.value === undefined ? parseJsonText(text, file) : read.value;
  let root = checkShape(value, info, file, natives);
  const entries: EntryReport[] = [];
  const notes: string[] = [];
  const noMatcher: ContractEvent[] = [];
  const ask = {
    timeout: options.timeout,
    failClosed: options.failClosed,
    ...(options.matcher === undefined ? {} : { matcher: options.matcher }),
  };
  const pairs = events.flatMap((e) =>
    nativesOf(agent, e).filter(ofFile).map((n) => [e, n] as const)
  );
  for (const [event, native] of pairs) {
    const planned = planEntry(agent, event, native, ask, (said) => {
      const line = {
        ...said,
        hook: portable ? portable.hook : linePath(hook, os),
        ...(portable ? { inProject: true } : {}),
        ...(options.speaks === undefined ? {} : { speaks: options.speaks }),
      };
      return starter.mode === "direct"
        ? directArgv(starter.deno, starter.permissions, line, starter.guard)
        : runArgv(portable ? portable.self : options.self.argv, line);
    });
    if (planned.note) notes.push(planned.note);
    if (planned.noMatcher && !noMatcher.includes(event)) noMatcher.push(event);
    const desired = planned.desired;
    entries.push(planned.report);
    const mine = () =>
      findOurs(root, info).filter((f) =>
        f.line.agent === agent.id && f.line.event === event && f.native === native &&
        samePath(lineHook(f.line, project, os), linePath(hook, os))
      );
    let found = mine();
    if (found.length === 1 && isSameEntry(found[0]!, desired, info)) continue;
    if (found.length === 1 && found[0]!.native === native) {
      text = replaceEntry(text, root, found[0]!, desired, format);
      root = parseJsonText(text, file) as JsonObject;
      continue;
    }
    while ((found = mine()).length > 0) {
      text = removeEntry(text, root, found.at(-1)!, format);
      root = parseJsonText(text, file) as JsonObject;
    }
    text = addEntry(text, root, desired, format);
    root = parseJsonText(text, file) as JsonObject;
  }
  if (noMatcher.length > 0) {
    notes.push(`no matcher at ${noMatcher.join(", ")}: ${agent.name} takes none there`);
  }
  return { text, entries, notes };
}
