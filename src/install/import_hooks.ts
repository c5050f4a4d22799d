/**
 * import's writing half: another agent's hook entries installed into each
 * target agent's file as `--speaks` lines (the same events, the matcher
 * carried by tool kind, the timeout in the target's unit, the command string
 * run through the spoken agent's shell), through the one writer. A second
 * import makes the file's imported entries match the source again: an entry
 * that is the same stays, one that changed is replaced in place, one whose
 * source entry is gone is taken out (an agent's file of one event, Cline's, is
 * deleted once none is left in it, and one of the person's own is left alone
 * unless the source has an entry for its event). Only entries import wrote are touched;
 * the source agent's file is only read (by the caller). Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { linePath } from "../settings/command_line.ts";
import { importedCommand, speaksCommandArgv, speaksCommandLine } from "../settings/import_line.ts";
import {
  addEntry,
  buildEntry,
  checkShape,
  type DesiredEntry,
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
  type InstallWorld,
  readSettingsFile,
  readUnlessPersons,
  refusalReason,
  renameHook,
  verifyFile,
} from "./config_file.ts";
import type { Scope } from "../settings/locations.ts";
import { safeWrite, sameBytes } from "../settings/safe_write.ts";
import { matcherKinds, targetMatcher } from "./matcher_kinds.ts";
import { canText } from "./can_text.ts";
import { isEmptySkeleton } from "./uninstall.ts";

/** One hook entry of the source agent, to be imported. */
export interface ImportSource {
  /** The file it is in. */
  file: string;
  /** The source agent's event name. */
  native: string;
  /** The contract event. */
  event: ContractEvent;
  /** Its matcher, or null. */
  matcher: string | null;
  /** Its command string. */
  command: string;
  /** Its timeout in seconds, or null for the source agent's default. */
  timeout: number | null;
  /** The target agents that read its file themselves, and so run it already. */
  readBy?: readonly string[];
}

/** What to import. */
export interface ImportOptions {
  /** The agent the entries come from, whose protocol they speak. */
  from: Agent;
  /** The spoken agent's shell and its first arguments (`bash -c`). */
  shell: readonly string[];
  /** The timeout in seconds the source agent gives an entry that names none. */
  defaultTimeout: number;
  /** The entries. */
  sources: readonly ImportSource[];
  /** The agents to import into (the source is skipped). */
  agents: readonly Agent[];
  /** Which file of each agent. */
  scope: Scope;
  /** The project folder for the project scope. */
  project?: string;
  /** Write nothing. */
  dryRun: boolean;
  /** How everyhook starts itself. */
  self: { argv: readonly string[] };
}

/** One entry written for a target agent. */
export interface ImportedEntry {
  /** The source entry's command. */
  command: string;
  /** The contract event. */
  event: ContractEvent;
  /** The target's name for it. */
  native: string;
  /** The matcher written, or null. */
  matcher: string | null;
  /** The timeout written, in the target's unit. */
  timeout: number;
  /** What the hook's answers do there, from the target's cells. */
  can: string;
}

/** What import did (or would do) to one target agent's file. */
export interface ImportResult {
  /** The agent's id. */
  agent: string;
  /** The file. */
  file: string;
  /** What happened to it. */
  action: "created" | "updated" | "deleted" | "unchanged" | "refused";
  /** The backup made, or null. */
  backup: string | null;
  /** Why the file was left alone, or null. */
  refused: string | null;
  /** The entries it holds from the source. */
  entries: ImportedEntry[];
  /** How many imported entries were taken out (their source entry is gone). */
  removed: number;
  /** Source entries not written for this agent, and why. */
  skipped: Array<{ command: string; native: string; why: string }>;
  /** Anything else to know. */
  notes: string[];
}

/** The whole import report. */
export interface ImportReport {
  /** False when a file was refused. */
  ok: boolean;
  /** Whether nothing was written. */
  dryRun: boolean;
  /** The source agent's id. */
  from: string;
  /** The scope. */
  scope: Scope;
  /** The source entries read. */
  sources: ImportSource[];
  /** One row per target agent. */
  results: ImportResult[];
}

/**
 * Install another agent's hook entries into the target agents as `--speaks` lines.
 *
 * @param options What to import, and where.
 * @param world The environment, folder, OS and clock.
 * @returns The report.
 *
 * @example Usage
 * ```ts ignore
 * import { importHooks } from "./import_hooks.ts";
 * const report = await importHooks(options, world);
 * ```
 */
export async function importHooks(
  options: ImportOptions,
  world: InstallWorld,
): Promise<ImportReport> {
  const results: ImportResult[] = [];
  const targets = options.agents.filter((a) => a.id !== options.from.id);
  const files = agentFiles(targets, options.scope, options.project, world);
  for (const { agent, file, native, project } of files) {
    // A file of one event (Cline's) takes only the sources of that event; one with
    // none is still read, for the entries an import wrote there before to go.
    const own = native === undefined ? options : {
      ...options,
      sources: options.sources.filter((s) => agent.events[s.event]?.native === native),
    };
    const onlyStale = native !== undefined && own.sources.length === 0;
    const row: ImportResult = {
      agent: agent.id,
      file,
      action: "unchanged",
      backup: null,
      refused: null,
      entries: [],
      removed: 0,
      skipped: [],
      notes: [],
    };
    try {
      // There, a hook file of the person's own, or none, is left alone and not reported.
      const read = onlyStale
        ? await readUnlessPersons(file, agent.install, project)
        : await readSettingsFile(file, agent.install, project);
      if (read === undefined || (onlyStale && read.snapshot.bytes === null)) continue;
      const text = planAgent(agent, own, read, world.os, row);
      if (onlyStale && row.removed === 0) continue;
      results.push(row);
      if (text === read.json.text && read.snapshot.bytes !== null) continue;
      if (row.entries.length === 0 && read.snapshot.bytes === null) continue;
      // A file of one event left with no entry goes: the agent would still start it.
      const emptied = native !== undefined && read.snapshot.bytes !== null &&
        isEmptySkeleton(parseJsonText(text, file));
      const content = emptied ? null : fileContent(agent.install, text, read.json.format);
      if (content !== null && sameBytes(content, read.snapshot.bytes)) continue;
      const written = await safeWrite({
        snapshot: read.snapshot,
        content,
        verify: verifyFile(agent.install, file),
        dryRun: options.dryRun,
        now: world.now(),
        // A file the agent runs (Cline's hook file) is made executable.
        ...(agent.install.container === "runner" ? { newMode: 0o755 } : {}),
        ...renameHook(world, file),
      });
      row.backup = written.backup;
      row.notes.push(...written.notes);
      row.action = emptied ? "deleted" : read.snapshot.bytes === null ? "created" : "updated";
    } catch (e) {
      if (!results.includes(row)) results.push(row);
      row.action = "refused";
      row.refused = refusalReason(e, file);
    }
  }
  return {
    ok: results.every((r) => r.action !== "refused"),
    dryRun: options.dryRun,
    from: options.from.id,
    scope: options.scope,
    sources: [...options.sources],
    results,
  };
}

function planAgent(
  agent: Agent,
  options: ImportOptions,
  read: Awaited<ReturnType<typeof readSettingsFile>>,
  os: string,
  row: ImportResult,
): string {
  const info = agent.install;
  const file = read.snapshot.path;
  const format = read.json.format;
  const desired: Array<{ entry: DesiredEntry; command: string }> = [];
  for (const source of options.sources) {
    const skip = (why: string) =>
      row.skipped.push({ command: source.command, native: source.native, why });
    if (source.readBy?.includes(agent.id)) {
      skip(`${agent.name} reads ${source.file} itself and runs this hook already`);
      continue;
    }
    const event = agent.events[source.event];
    if (!event) {
      skip(`${agent.name} has no ${source.event} event`);
      continue;
    }
    let matcher: string | undefined;
    let onlyTools: string[] | undefined;
    const picked = matcherKinds(options.from, source.matcher);
    if (event.matcher) {
      if ("why" in picked) {
        skip(`the matcher cannot be carried: ${picked.why}`);
        continue;
      }
      const target = targetMatcher(agent, picked);
      if ("why" in target) {
        skip(`the matcher cannot be carried: ${target.why}`);
        continue;
      }
      matcher = target.matcher;
      row.notes.push(...target.notes.map((n) => `${source.native} "${source.matcher}": ${n}`));
    } else if (source.event === "pre-tool" || source.event === "post-tool") {
      if ("why" in picked) {
        skip(`the matcher cannot be carried: ${picked.why}`);
        continue;
      }
      if (!picked.all) {
        onlyTools = [...picked.kinds, ...(picked.mcp.length > 0 ? ["mcp"] : [])];
        row.notes.push(
          `${source.native} "${source.matcher}": ${agent.name} takes no matcher at ${source.event}; the line gives the hook ${
            onlyTools.join(", ")
          } calls only (--only-tools)${picked.mcp.length > 0 ? ", every MCP tool" : ""}`,
        );
      }
    } else if (source.matcher !== null && source.matcher !== "" && source.matcher !== "*") {
      row.notes.push(
        `${source.native} "${source.matcher}": ${agent.name} takes no matcher at ${source.event}, so the hook gets every ${source.event}`,
      );
    }
    const wanted = source.timeout ?? options.defaultTimeout;
    const cap = info.timeoutCaps?.[source.event];
    const seconds = Math.max(1, Math.round(cap !== undefined ? Math.min(cap, wanted) : wanted));
    const line = {
      agent: agent.id,
      event: source.event,
      timeout: Math.max(1, seconds - 2),
      failClosed: false,
      hook: "",
      speaks: options.from.id,
      ...(onlyTools ? { onlyTools } : {}),
    };
    const argv = speaksCommandArgv(
      options.self.argv.map((w) => linePath(w, os)),
      line,
      options.shell,
      source.command,
    );
    const inMs = info.timeoutUnit === "ms" ||
      (info.timeoutMsFrom !== undefined && seconds >= info.timeoutMsFrom);
    const timeout = inMs ? seconds * 1000 : seconds;
    for (const native of [event.native, ...(info.alsoNatives?.[source.event] ?? [])]) {
      const entry = buildEntry(info, {
        event: source.event,
        native,
        argv,
        timeout,
        failClosed: false,
        line: speaksCommandLine(argv),
        ...(matcher === undefined ? {} : { matcher }),
      });
      desired.push({ entry, command: source.command });
      row.entries.push({
        command: source.command,
        event: source.event,
        native,
        matcher: matcher ?? null,
        timeout,
        can: canText(agent, source.event),
      });
    }
  }
  const natives = [...new Set(desired.map((d) => d.entry.native))];
  let text = startText(read.value, read.json, info);
  const value = read.value === undefined ? parseJsonText(text, file) : read.value;
  let root = checkShape(value, info, file, natives);
  const imported = () =>
    findOurs(root, info).filter((f) =>
      f.line.agent === agent.id && f.line.speaks === options.from.id &&
      importedCommand(f.line) !== undefined
    );
  const kept = new Set<string>();
  const key = (native: string, event: string, command: string, matcher: unknown) =>
    JSON.stringify([native, event, command, matcher ?? null]);
  for (const { entry, command } of desired) {
    const k = key(entry.native, entry.event, command, entry.matcher);
    if (kept.has(k)) continue;
    kept.add(k);
    const found = imported().find((f) =>
      key(f.native, f.line.event, importedCommand(f.line)!, f.matcher) === k
    );
    if (found && isSameEntry(found, entry, info)) continue;
    text = found
      ? replaceEntry(text, root, found, entry, format)
      : addEntry(text, root, entry, format);
    root = parseJsonText(text, file) as JsonObject;
  }
  for (;;) {
    const stale = imported().find((f) =>
      !kept.has(key(f.native, f.line.event, importedCommand(f.line)!, f.matcher))
    );
    if (!stale) break;
    text = removeEntry(text, root, stale, format);
    root = parseJsonText(text, file) as JsonObject;
    row.removed++;
  }
  return text;
}
