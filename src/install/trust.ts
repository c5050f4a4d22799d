/**
 * trust: write, for one project, the trust each agent itself records when the
 * person accepts it, so that a headless run of the agent runs the project's
 * hooks. What is written comes from the agent's own data (src/agents/): each
 * setting `list` reads as a folder's trust (Claude Code's folder trust, Gemini
 * CLI's trusted folders, Copilot CLI's `trustedFolders`, Codex CLI's project
 * trust) is set to the value that trusts the project, and an agent that keeps
 * a trust per entry (Codex CLI's review of hooks) gets it for everyhook's own
 * entries. A folder's trust covers every hook in the folder: where the
 * agent's project file holds entries everyhook did not write, that agent is
 * left alone unless `everyEntry` says so. Every write goes through the one
 * writer, after a backup. Not on `run`'s path.
 *
 * @module
 */

import { parse as parseToml } from "smol-toml";
import type { Agent, HookSwitch, ReadLocation, TrustedEntry } from "../agents/types.ts";
import { EveryhookError } from "../contract/errors.ts";
import { type InstallWorld, refusalReason, renameHook } from "./config_file.ts";
import { walkEntries } from "../settings/entry_walk.ts";
import { entryLine, type JsonObject } from "../settings/settings_file.ts";
import {
  decodeJsonText,
  DEFAULT_FORMAT,
  editJson,
  encodeJsonText,
  parseJsonText,
  type TextFormat,
} from "../settings/json_text.ts";
import { readLocationPath, settingsFilePath } from "../settings/locations.ts";
import { isExactLine } from "../settings/portable.ts";
import { tomlWith, valueAt } from "../settings/toml_edit.ts";
import { readSnapshot, safeWrite, sameBytes } from "../settings/safe_write.ts";

/** What to trust. */
export interface TrustOptions {
  /** The project folder (absolute). */
  project: string;
  /** The agents. */
  agents: readonly Agent[];
  /** Write; without it, say what would be written and write nothing. */
  yes: boolean;
  /** Trust the folder and every entry in it, not only everyhook's. */
  everyEntry: boolean;
  /**
   * The entries in the project's files the agent reads that are not exactly
   * everyhook's (`list` finds them in every file the agent reads, its project
   * settings file among them), each in words; trusting the folder would let them run.
   */
  others?: (agent: Agent) => string[];
}

/** One value of trust in one settings file. */
export interface TrustWrite {
  /** The key path in the file. */
  key: string[];
  /** The value that trusts. */
  value: unknown;
  /** `set` a value, or `append` it to a list. */
  how: "set" | "append";
  /** What it trusts, in words. */
  what: string;
}

/** What trust did (or would do) to one agent's settings file. */
export interface TrustResult {
  /** The agent. */
  agent: string;
  /** The settings file. */
  file: string;
  /** What happened. */
  action: "written" | "would write" | "already trusted" | "refused";
  /** The values, as written. */
  writes: TrustWrite[];
  /** The backup made, or null. */
  backup: string | null;
  /** Why it was left alone, or null. */
  refused: string | null;
}

/** The whole trust report. */
export interface TrustReport {
  /** The report's format. */
  everyhook: 1;
  /** False when a file was refused. */
  ok: boolean;
  /** Whether anything could be written (`--yes`). */
  yes: boolean;
  /** The project. */
  project: string;
  /** Whether every entry was trusted, or only everyhook's. */
  everyEntry: boolean;
  /** One row per agent and settings file. */
  results: TrustResult[];
  /** Agents that keep no trust everyhook knows how to write. */
  none: string[];
}

/** A folder-trust setting: a key that names the project, or a list or map of trusted folders. */
function isFolderTrust(sw: HookSwitch): boolean {
  return "trusts" in sw.when || ("isNot" in sw.when && sw.key.includes("<project>"));
}

/** The write that makes one folder-trust setting trust the project. */
function folderWrite(sw: HookSwitch, project: string, agent: Agent): TrustWrite {
  const key = sw.key.map((k) => (k === "<project>" ? project : k));
  const what = `${agent.name} trusts the folder ${project}`;
  if ("isNot" in sw.when) return { key, value: sw.when.isNot, how: "set", what };
  const trusts = "trusts" in sw.when ? sw.when.trusts : [];
  if (trusts.length === 0) return { key, value: project, how: "append", what };
  return { key: [...key, project], value: trusts[0], how: "set", what };
}

/**
 * Write (or, without `yes`, show) the trust each agent keeps for this project.
 *
 * @param options The project, the agents, and whether to write.
 * @param world The environment, OS and clock.
 * @returns The report.
 *
 * @example Usage
 * ```ts ignore
 * import { trust } from "./trust.ts";
 * const report = await trust({ project, agents, yes: false, everyEntry: false }, world);
 * ```
 */
export async function trust(options: TrustOptions, world: InstallWorld): Promise<TrustReport> {
  const context = { env: world.env, os: world.os, project: options.project };
  const results: TrustResult[] = [];
  const none: string[] = [];
  for (const agent of options.agents) {
    // An agent that reads no project file runs no project hook: there is nothing to trust.
    if (agent.install.noProject !== undefined) {
      none.push(agent.id);
      continue;
    }
    const byFile = new Map<string, { loc: ReadLocation; writes: TrustWrite[] }>();
    const add = (loc: ReadLocation, w: TrustWrite) => {
      const file = readLocationPath(loc, context);
      if (file === undefined) return;
      const at = byFile.get(file) ?? { loc, writes: [] };
      at.writes.push(w);
      byFile.set(file, at);
    };
    for (const sw of agent.listing?.switches ?? []) {
      if (isFolderTrust(sw)) add(sw.file, folderWrite(sw, options.project, agent));
    }
    const settingsFile = settingsFilePath(agent, "project", context);
    let entries: TrustedEntry[] = [];
    let foreign = 0;
    try {
      ({ entries, foreign } = await projectEntries(
        agent,
        settingsFile,
        options.project,
        options.everyEntry,
      ));
    } catch (e) {
      results.push(refusedRow(agent, settingsFile, refusalReason(e, settingsFile)));
      continue;
    }
    const entryTrust = agent.listing?.entryTrust;
    if (entryTrust) {
      for (const entry of entries) {
        const { key, value } = await entryTrust.record(entry);
        add(entryTrust.file, {
          key: [...key],
          value,
          how: "set",
          what: `${agent.name} trusts the entry at ${entry.native} #${entry.group}`,
        });
      }
    }
    if (byFile.size === 0) {
      none.push(agent.id);
      continue;
    }
    const others = options.others?.(agent) ?? [];
    if ((foreign > 0 || others.length > 0) && !options.everyEntry) {
      const n = Math.max(foreign, others.length);
      const shown = others.length > 0
        ? ` (${others.slice(0, 3).join("; ")})`
        : ` in ${settingsFile}`;
      const why = `the project holds ${n} entr${
        n === 1 ? "y" : "ies"
      } everyhook did not write${shown}, and trusting the folder would let ${agent.name} run them too: read them, then run trust again with --every-entry`;
      for (const file of byFile.keys()) results.push(refusedRow(agent, file, why));
      continue;
    }
    for (const [file, { loc, writes }] of byFile) {
      results.push(await writeTrust(agent, file, loc, writes, options.yes, world));
    }
  }
  return {
    everyhook: 1,
    ok: results.every((r) => r.action !== "refused"),
    yes: options.yes,
    project: options.project,
    everyEntry: options.everyEntry,
    results,
    none,
  };
}

/** An entry exactly as everyhook writes it: its line, with nothing riding along. */
function exactlyOurs(value: JsonObject, info: Agent["install"]): boolean {
  if (entryLine(value, info) === undefined) return false;
  if (info.execFields && typeof value[info.execFields.program] === "string") return true;
  const text = value[info.commandField] ?? value.command;
  return typeof text === "string" && isExactLine(text);
}

function refusedRow(agent: Agent, file: string, why: string): TrustResult {
  return { agent: agent.id, file, action: "refused", writes: [], backup: null, refused: why };
}

/** The entries of the agent's project settings file to trust, and how many are not everyhook's. */
async function projectEntries(
  agent: Agent,
  file: string,
  project: string,
  every: boolean,
): Promise<{ entries: TrustedEntry[]; foreign: number }> {
  const snapshot = await readSnapshot(file, { project });
  if (snapshot.bytes === null || agent.install.container === "plugin") {
    return { entries: [], foreign: 0 };
  }
  const value = parseJsonText(decodeJsonText(snapshot.bytes, file).text, file);
  const hooks = (value as JsonObject | undefined)?.hooks;
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    return { entries: [], foreign: 0 };
  }
  const entries: TrustedEntry[] = [];
  let foreign = 0;
  for (const w of walkEntries(hooks as JsonObject, agent.install.layout)) {
    const ours = exactlyOurs(w.value, agent.install);
    if (!ours) foreign++;
    if (!ours && !every) continue;
    entries.push({
      file,
      scope: "project",
      native: w.native,
      group: Number(w.path[2]),
      handler: Number(w.path[4] ?? 0),
      matcher: w.matcher,
      value: { ...w.value },
    });
  }
  return { entries, foreign };
}

async function writeTrust(
  agent: Agent,
  file: string,
  loc: ReadLocation,
  writes: TrustWrite[],
  yes: boolean,
  world: InstallWorld,
): Promise<TrustResult> {
  const row: TrustResult = {
    agent: agent.id,
    file,
    action: "already trusted",
    writes,
    backup: null,
    refused: null,
  };
  try {
    const snapshot = await readSnapshot(file);
    const json = snapshot.bytes === null
      ? { text: "", format: DEFAULT_FORMAT }
      : decodeJsonText(snapshot.bytes, file);
    const content = loc.format === "toml"
      ? new TextEncoder().encode(tomlWith(json.text, writes, file))
      : encodeJsonText(jsonWith(json.text, writes, file, json.format), json.format);
    if (sameBytes(content, snapshot.bytes)) return row;
    const written = await safeWrite({
      snapshot,
      content,
      verify: (bytes) => {
        const t = new TextDecoder().decode(bytes);
        if (loc.format === "toml") parseToml(t);
        else parseJsonText(t, file);
      },
      dryRun: !yes,
      now: world.now(),
      ...renameHook(world, file),
    });
    row.backup = written.backup;
    row.action = yes ? "written" : "would write";
  } catch (e) {
    row.action = "refused";
    row.refused = refusalReason(e, file);
  }
  return row;
}

function jsonWith(
  text: string,
  writes: readonly TrustWrite[],
  file: string,
  format: TextFormat,
): string {
  let out = text.trim() === "" ? "{}\n" : text;
  for (const w of writes) {
    const now = valueAt(parseJsonText(out, file), w.key);
    if (w.how === "set") {
      if (JSON.stringify(now) === JSON.stringify(w.value)) continue;
      out = editJson(out, w.key, w.value, format);
    } else if (Array.isArray(now)) {
      if (now.includes(w.value)) continue;
      out = editJson(out, [...w.key, -1], w.value, format, { insert: true });
    } else {
      if (now !== undefined) {
        throw new EveryhookError(
          "config-shape",
          `Cannot trust the folder in "${file}": ${w.key.join(".")} is not a list; fix it by hand`,
        );
      }
      out = editJson(out, w.key, [w.value], format);
    }
  }
  return out;
}
