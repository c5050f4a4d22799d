/**
 * sync: make every agent's project files match the project's manifest
 * (`everyhook.json`). Each agent's file gets exactly the entries of ours the
 * manifest asks for: added, updated in place, and the ones of ours it does not
 * name removed; every entry that is not everyhook's, and every other byte,
 * stays as it is. An agent with a file per event (Cline's `<Event>.mjs`,
 * runner_file.ts) has each of its files made to hold that event's entries: made
 * executable when it is new, deleted once none is left; a file of the
 * person's own (no mark of everyhook's) is left alone, and refused only when
 * the manifest asks something of its event; a copy of everyhook's edited since
 * is refused, since it may hold entries the manifest no longer asks for.
 * The lines name nothing of one machine (portable.ts). With
 * `check`, nothing is written and each difference is listed, for CI. Every
 * write goes through the one writer. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import { type ContractEvent, EVENTS } from "../contract/contract.ts";
import { runArgv, samePath } from "../settings/command_line.ts";
import {
  fileContent,
  type InstallWorld,
  type ReadFile,
  readSettingsFile,
  readUnlessPersons,
  refusalReason,
  renameHook,
  verifyFile,
} from "./config_file.ts";
import { nativesOf, planEntry, type PlannedEntryReport } from "./entry_plan.ts";
import {
  addEntry,
  checkShape,
  type DesiredEntry,
  findOurs,
  type FoundEntry,
  isSameEntry,
  type JsonObject,
  removeEntry,
  replaceEntry,
} from "../settings/settings_file.ts";
import { parseJsonText } from "../settings/json_text.ts";
import { eventFile, eventFileNatives, pathsFor, settingsFilePath } from "../settings/locations.ts";
import type { Manifest, ManifestHook } from "./manifest.ts";
import { lineHook, portableSelf, portableWarnings } from "../settings/portable.ts";
import { startText } from "./replay.ts";
import { safeWrite, sameBytes } from "../settings/safe_write.ts";
import { isEmptySkeleton } from "./uninstall.ts";
import { hostFacts, planHook } from "../run/hook_plan.ts";
import { notAHookFile } from "../os/read_bounded.ts";
import { fsErrorCode } from "../os/fs_errors.ts";
import { EveryhookError } from "../contract/errors.ts";

/** What to sync. */
export interface SyncOptions {
  /** The project folder (absolute). */
  project: string;
  /** The manifest, read. */
  manifest: Manifest;
  /** Every agent everyhook knows (the manifest's `all`). */
  agents: readonly Agent[];
  /** This everyhook's version. */
  version: string;
  /** Write nothing; list each difference. */
  check: boolean;
  /** Write nothing; say what would change. */
  dryRun: boolean;
}

/** One way the project's files differ from the manifest. */
export interface SyncDifference {
  /** The agent, or null for the manifest as a whole. */
  agent: string | null;
  /** The file the difference is in (the manifest, or a hook file). */
  file: string;
  /** What differs. */
  kind:
    | "add"
    | "update"
    | "remove"
    | "hook-gone"
    | "hook-cannot-start"
    | "version"
    | "unreadable";
  /** The difference, in words. */
  text: string;
}

/** What sync did (or would do) to one agent's project file. */
export interface SyncResult {
  /** The agent's id. */
  agent: string;
  /** The file. */
  file: string;
  /** What happened to it. */
  action: "created" | "updated" | "deleted" | "unchanged" | "refused";
  /** The backup made (or that would be made), or null. */
  backup: string | null;
  /** Why the file was left alone, or null. */
  refused: string | null;
  /** The entries the manifest asks of this file. */
  entries: Array<PlannedEntryReport & { hook: string }>;
  /** Entries added, updated and removed. */
  added: number;
  updated: number;
  removed: number;
  /** Events an agent lacks, capped timeouts, unused matchers. */
  notes: string[];
}

/** The whole sync report. */
export interface SyncReport {
  /** The report's format. */
  everyhook: 1;
  /** False when a file was refused, a hook is gone, or (checking) anything differs. */
  ok: boolean;
  /** Whether this was `--check`. */
  check: boolean;
  /** Whether nothing was written. */
  dryRun: boolean;
  /** The project folder. */
  project: string;
  /** The manifest's path. */
  manifest: string;
  /** The words that start everyhook in every line. */
  self: string[];
  /** One row per agent with a project file or an entry to write. */
  results: SyncResult[];
  /** Every difference found between the manifest and the project's files. */
  differences: SyncDifference[];
  /** What the person should know (a program not on PATH here, a hook that cannot start here). */
  warnings: string[];
  /** What each agent still needs before it runs the project's hooks. */
  needs: Array<{ agent: string; text: string }>;
}

/** One entry the manifest asks of an agent's file. */
interface Wanted {
  hook: ManifestHook;
  abs: string;
  event: ContractEvent;
  native: string;
  desired: DesiredEntry;
  report: PlannedEntryReport;
}

/**
 * Make every agent's project files match the manifest (or, checking, list how they differ).
 *
 * @param options The manifest, the project, the agents, and how.
 * @param world The environment, OS and clock.
 * @returns The report.
 * @throws {EveryhookError} `path-refused` for a hook path that cannot be written into a line.
 *
 * @example Usage
 * ```ts ignore
 * import { sync } from "./sync.ts";
 * const report = await sync({ project, manifest, agents: AGENTS, version: "0.1.0", check: true, dryRun: false }, world);
 * ```
 */
export async function sync(options: SyncOptions, world: InstallWorld): Promise<SyncReport> {
  const { project, manifest } = options;
  const paths = pathsFor(world.os);
  const self = portableSelf(manifest.start, manifest.everyhook ?? options.version);
  const differences: SyncDifference[] = [];
  const warnings = portableWarnings(self, world.env, world.os);
  if (manifest.everyhook !== undefined && manifest.everyhook !== options.version) {
    differences.push({
      agent: null,
      file: manifest.path,
      kind: "version",
      text:
        `the manifest pins everyhook ${manifest.everyhook}, and this everyhook is ${options.version}: use ${manifest.everyhook} (or change "everyhook" in the manifest)`,
    });
  }
  let gone = false;
  for (const hook of manifest.hooks) {
    const abs = paths.resolve(project, hook.file);
    const why = notAHookFile(abs);
    if (why !== undefined) {
      gone = true;
      differences.push({
        agent: null,
        file: abs,
        kind: "hook-gone",
        text: `the hook "${hook.file}" the manifest names ${why}`,
      });
      continue;
    }
    const plan = planHook([abs], project, world.env, hostFacts());
    if (!plan.ok) {
      const text = `the hook "${hook.file}" cannot start here: ${plan.message}`;
      if (options.check) {
        differences.push({ agent: null, file: abs, kind: "hook-cannot-start", text });
      } else warnings.push(text);
    }
  }
  const blocked = gone || differences.some((d) => d.kind === "version");
  const write = !options.check && !options.dryRun && !blocked;
  const results: SyncResult[] = [];
  const needs: SyncReport["needs"] = [];
  const step: FileStep = { options, world, project, blocked, write, differences };
  for (const agent of options.agents) {
    const notes: string[] = [];
    const wanted = wantedOf(agent, options, self, notes, paths.resolve);
    const file = settingsFilePath(agent, "project", { env: world.env, os: world.os, project });
    // An agent with a file per event (Cline) has one row per file, each with its event's entries.
    const natives = eventFileNatives(agent);
    const files = natives === undefined ? [{ file, wanted, runner: false }] : natives.map((n) => ({
      file: eventFile(file, n),
      wanted: wanted.filter((w) => w.native === n),
      runner: true,
    }));
    let first = true;
    for (const one of files) {
      const row = await syncFile(agent, one.file, one.wanted, one.runner, step);
      if (row === undefined) continue;
      // The agent's notes are said on its first row.
      if (first) row.notes.unshift(...notes);
      first = false;
      results.push(row);
    }
    const written = results.some((r) => r.agent === agent.id && r.action !== "refused");
    if (wanted.length > 0 && written) {
      needs.push({ agent: agent.id, text: agent.install.stillToDo.project });
    }
  }
  const refused = results.some((r) => r.action === "refused");
  return {
    everyhook: 1,
    ok: !refused && !blocked && (!options.check || differences.length === 0),
    check: options.check,
    dryRun: !write,
    project,
    manifest: manifest.path,
    self,
    results,
    differences,
    warnings,
    needs,
  };
}

/** What each file's sync shares: the run's options and world, and whether it writes. */
interface FileStep {
  options: SyncOptions;
  world: InstallWorld;
  project: string;
  /** A hook is gone or the version differs: nothing is written. */
  blocked: boolean;
  /** Whether files are written (not a check, a dry run, or blocked). */
  write: boolean;
  differences: SyncDifference[];
}

/**
 * Make one of an agent's project files hold exactly the wanted entries of
 * ours. Its row, or undefined when there is no file and nothing to write, or
 * (a file per event) the file there is the person's own and the manifest asks
 * nothing of its event: sync has nothing to do with it.
 */
async function syncFile(
  agent: Agent,
  file: string,
  wanted: readonly Wanted[],
  runner: boolean,
  { options, world, project, blocked, write, differences }: FileStep,
): Promise<SyncResult | undefined> {
  const row: SyncResult = {
    agent: agent.id,
    file,
    action: "unchanged",
    backup: null,
    refused: null,
    entries: wanted.map((w) => ({ ...w.report, hook: w.hook.file })),
    added: 0,
    updated: 0,
    removed: 0,
    notes: [],
  };
  try {
    // A hook file of the person's own, of an event the manifest asks nothing of, is left alone.
    const read = wanted.length === 0
      ? await readUnlessPersons(file, agent.install, project)
      : await readSettingsFile(file, agent.install, project);
    if (read === undefined || (read.snapshot.bytes === null && wanted.length === 0)) {
      return undefined;
    }
    const snapshot = read.snapshot;
    const text = planFile(agent, read, wanted, project, world.os, row, differences);
    // A file of one event that is left with no entry goes: the agent would still start it.
    const emptied = runner && snapshot.bytes !== null &&
      isEmptySkeleton(parseJsonText(text, file));
    const content = emptied ? null : fileContent(agent.install, text, read.json.format);
    if (content !== null && sameBytes(content, snapshot.bytes)) return row;
    row.action = emptied ? "deleted" : snapshot.bytes === null ? "created" : "updated";
    if (options.check || blocked) return row;
    const written = await safeWrite({
      snapshot,
      content,
      verify: verifyFile(agent.install, file),
      dryRun: !write,
      now: world.now(),
      // A file the agent runs (Cline's hook file) is made executable.
      ...(runner ? { newMode: 0o755 } : {}),
      ...renameHook(world, file),
    });
    row.backup = written.backup;
    row.notes.push(...written.notes);
  } catch (e) {
    // A file of one event the manifest asks nothing of, that a link leads out of the project
    // or that no file can be at (a part of its path is a file): there is nothing of the
    // project's in it for sync to take out. Only the files that get entries say why.
    if (runner && wanted.length === 0 && notInProject(e)) return undefined;
    row.action = "refused";
    row.refused = refusalReason(e, file);
    differences.push({ agent: agent.id, file, kind: "unreadable", text: row.refused });
  }
  return row;
}

/** Whether a refusal says the file is not in the project: a link leads out, or a part of its path is a file. */
function notInProject(e: unknown): boolean {
  if (!(e instanceof EveryhookError)) return false;
  return e.code === "outside-project" || fsErrorCode(e.cause) === "ENOTDIR";
}

/** Every entry the manifest asks of one agent's project file, in the manifest's order. */
function wantedOf(
  agent: Agent,
  options: SyncOptions,
  self: readonly string[],
  notes: string[],
  resolve: (...parts: string[]) => string,
): Wanted[] {
  const out: Wanted[] = [];
  for (const hook of options.manifest.hooks) {
    if (hook.agents !== "all" && !hook.agents.includes(agent.id)) continue;
    const events = hook.events === "all" ? EVENTS.filter((e) => agent.events[e]) : hook.events;
    const lacking = events.filter((e) => !agent.events[e]);
    if (lacking.length > 0) {
      notes.push(`${hook.file}: ${agent.name} has no ${lacking.join(", ")}; skipped`);
    }
    const ask = {
      timeout: hook.timeout,
      failClosed: hook.failClosed,
      ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
    };
    const noMatcher: ContractEvent[] = [];
    for (const event of events.filter((e) => agent.events[e])) {
      for (const native of nativesOf(agent, event)) {
        const spoken = hook.speaks === undefined ? {} : { speaks: hook.speaks };
        const planned = planEntry(
          agent,
          event,
          native,
          ask,
          (said) => runArgv(self, { ...said, hook: hook.file, inProject: true, ...spoken }),
        );
        if (planned.note && !notes.includes(planned.note)) notes.push(planned.note);
        if (planned.noMatcher && !noMatcher.includes(event)) noMatcher.push(event);
        const abs = resolve(options.project, hook.file);
        out.push({ hook, abs, event, native, desired: planned.desired, report: planned.report });
      }
    }
    if (noMatcher.length > 0) {
      notes.push(
        `${hook.file}: no matcher at ${noMatcher.join(", ")}: ${agent.name} takes none there`,
      );
    }
  }
  return out;
}

/** The file's text once it holds exactly the wanted entries of ours; each change is a difference. */
function planFile(
  agent: Agent,
  read: ReadFile,
  wanted: readonly Wanted[],
  project: string,
  os: string,
  row: SyncResult,
  differences: SyncDifference[],
): string {
  const info = agent.install;
  const file = read.snapshot.path;
  const format = read.json.format;
  let text = startText(read.value, read.json, info);
  const value = read.value === undefined ? parseJsonText(text, file) : read.value;
  let root = checkShape(value, info, file, [...new Set(wanted.map((w) => w.native))]);
  const reparse = (next: string) => {
    text = next;
    root = parseJsonText(text, file) as JsonObject;
  };
  const matches = (f: FoundEntry, w: Wanted) =>
    f.line.event === w.event && f.native === w.native &&
    samePath(lineHook(f.line, project, os), w.abs);
  const ours = () => findOurs(root, info).filter((f) => f.line.agent === agent.id);
  const say = (kind: SyncDifference["kind"], text: string) =>
    differences.push({ agent: agent.id, file, kind, text: `${agent.name}: ${text}` });
  // Take out the entries of ours the manifest does not ask for, and a second copy of one it does.
  for (;;) {
    const seen = new Set<Wanted>();
    const extra = ours().find((f) => {
      const w = wanted.find((x) => matches(f, x));
      if (w === undefined || seen.has(w)) return true;
      seen.add(w);
      return false;
    });
    if (extra === undefined) break;
    const named = wanted.some((x) => matches(extra, x));
    say(
      "remove",
      `${extra.native} runs "${extra.line.hook}", ${
        named ? "a second time" : "which the manifest does not name"
      }: the entry is taken out`,
    );
    reparse(removeEntry(text, root, extra, format));
    row.removed++;
  }
  for (const w of wanted) {
    const found = ours().find((f) => matches(f, w));
    if (found && isSameEntry(found, w.desired, info)) continue;
    if (found) {
      say(
        "update",
        `${w.native} of "${w.hook.file}" is not what the manifest says (edited by hand, or the manifest changed): it is written again`,
      );
      reparse(replaceEntry(text, root, found, w.desired, format));
      row.updated++;
    } else {
      say("add", `${w.native} of "${w.hook.file}" is not in the file: it is added`);
      reparse(addEntry(text, root, w.desired, format));
      row.added++;
    }
  }
  return text;
}
