/**
 * Why a hook `list` shows would not run: the settings each agent reads that stop
 * its hooks (hooks turned off, managed hooks only, a folder not trusted) and the
 * trust an entry needs, from the agent module's data. A setting that names an
 * entry, and an entry's own trust, are problems of that entry; a setting that
 * holds back every hook in the folder is a folder condition, told once with the
 * exact change that lifts it.
 *
 * @module
 */

import { parse as parseToml } from "smol-toml";
import type { Agent, HookSwitch, TrustedEntry } from "../agents/types.ts";
import { parseJsonText } from "../settings/json_text.ts";
import { walkEntries } from "../settings/entry_walk.ts";
import { pathsFor } from "../settings/locations.ts";
import { locate } from "./hook_locations.ts";
import type { FolderCondition, ListedEntry, ListWorld } from "./listing.ts";
import { readListed } from "./list_files.ts";

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : undefined;
}

/** A settings file's root object, or undefined when it is missing, unreadable or not a file. */
async function readSettings(path: string, format: "json" | "toml" | "plugin") {
  try {
    const read = await readListed(path);
    if (read.kind !== "text") return undefined;
    const text = read.text;
    if (text.trim() === "") return undefined;
    return asRecord(format === "toml" ? parseToml(text) : parseJsonText(text, path));
  } catch {
    return undefined;
  }
}

function valueAt(root: Record<string, unknown> | undefined, key: readonly string[]): unknown {
  let v: unknown = root;
  for (const part of key) v = asRecord(v)?.[part];
  return v;
}

/** The project and every folder above it. */
function folderAndAbove(project: string, os: string): string[] {
  const { dirname } = pathsFor(os);
  const out = [project];
  for (let d = dirname(project); d !== out[out.length - 1]; d = dirname(d)) out.push(d);
  return out;
}

function stops(
  sw: HookSwitch,
  value: unknown,
  entry: ListedEntry | undefined,
  world: ListWorld,
): boolean {
  const when = sw.when;
  if ("is" in when) return value === when.is;
  if ("isNot" in when) return value !== when.isNot;
  if ("listsEntry" in when) {
    return entry !== undefined && Array.isArray(value) &&
      value.some((n) => n === entry.name || (entry.command !== null && n === entry.command));
  }
  const folders = folderAndAbove(world.project, world.os);
  if (Array.isArray(value)) return !folders.some((f) => value.includes(f));
  const map = asRecord(value) ?? {};
  return !folders.some((f) => when.trusts.includes(map[f]));
}

/**
 * Add to each entry the problems of the settings that name it and of the trust
 * it lacks, and give the folder conditions that hold back every hook of the agent;
 * note on each entry what decides, outside every file, whether the agent runs
 * hooks at all (its gate).
 *
 * @param agent The agent whose entries they are.
 * @param entries The agent's entries; changed in place.
 * @param world The environment, system and project.
 * @returns The folder conditions, one per setting that holds the hooks back.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { addSwitchProblems } from "./list_switches.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const c = await addSwitchProblems(findAgent("cursor")!, [], { env: { HOME: "/nowhere" }, os: "linux", project: "/p" });
 * assert.deepEqual(c, []);
 * ```
 */
export async function addSwitchProblems(
  agent: Agent,
  entries: ListedEntry[],
  world: ListWorld,
): Promise<FolderCondition[]> {
  const conditions: FolderCondition[] = [];
  const mine = entries.filter((e) => e.agent === agent.id);
  if (mine.length === 0) return conditions;
  const gate = agent.listing?.gate;
  if (gate) {
    const basis = gate.basis.kind === "binary" ? "[binary]" : "[docs]";
    for (const entry of mine) entry.notes.push(`${gate.text} ${basis}`);
  }
  const cache = new Map<string, Record<string, unknown> | undefined>();
  const settings = async (loc: HookSwitch["file"]) => {
    const path = locate(loc, world);
    if (path === undefined) return { path: "", root: undefined };
    if (!cache.has(path)) cache.set(path, await readSettings(path, loc.format));
    return { path, root: cache.get(path) };
  };
  for (const sw of agent.listing?.switches ?? []) {
    const { path, root } = await settings(sw.file);
    if (path === "") continue;
    const key = sw.key.map((k) => (k === "<project>" ? world.project : k));
    const value = valueAt(root, key);
    const held = mine.filter((e) => sw.stops.includes(e.scope) && stops(sw, value, e, world));
    if ("listsEntry" in sw.when) {
      for (const entry of held) {
        entry.problems.push({
          kind: sw.kind ?? "switched-off",
          text: sw.problem.replaceAll("<file>", path),
        });
      }
    } else if (held.length > 0) {
      conditions.push({
        agent: agent.id,
        folder: world.project,
        file: path,
        text: sw.problem.replaceAll("<file>", path),
        kind: sw.kind ?? "switched-off",
        change: changeText(sw, key, path, world.project, agent.id),
        stops: sw.stops,
        entries: held.length,
      });
    }
  }
  const trust = agent.listing?.entryTrust;
  if (!trust) return conditions;
  const { path, root } = await settings(trust.file);
  if (path === "") return conditions;
  // Per file, the entries by event and command, each taken once in file order.
  const walked = new Map<string, Map<string, { list: TrustedEntry[]; next: number }>>();
  const key = (native: string, command: unknown) => JSON.stringify([native, command ?? null]);
  for (const entry of mine) {
    if (!trust.needs.includes(entry.scope)) continue;
    if (!walked.has(entry.file)) {
      const byKey = new Map<string, { list: TrustedEntry[]; next: number }>();
      for (const t of await trustedEntries(entry)) {
        const k = key(t.native, t.value.command);
        if (!byKey.has(k)) byKey.set(k, { list: [], next: 0 });
        byKey.get(k)!.list.push(t);
      }
      walked.set(entry.file, byKey);
    }
    const queue = walked.get(entry.file)?.get(key(entry.event, entry.command));
    const match = queue?.list[queue.next];
    if (!queue || !match) continue;
    queue.next++;
    const problem = await trust.problem(match, root);
    if (problem) entry.problems.push({ kind: "not-trusted", text: problem });
  }
  return conditions;
}

/** The exact change to a settings file that lifts a folder condition. */
function changeText(
  sw: HookSwitch,
  key: readonly string[],
  file: string,
  project: string,
  agent: string,
): string {
  const at = key.map((k) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : JSON.stringify(k))).join(".");
  const trust = ` (everyhook trust --agent ${agent} --yes writes it)`;
  const when = sw.when;
  if ("is" in when) return `in ${file}, remove ${at} or set it to ${JSON.stringify(!when.is)}`;
  if ("isNot" in when) {
    const own = sw.key.includes("<project>") ? trust : "";
    return `in ${file}, set ${at} to ${JSON.stringify(when.isNot)}${own}`;
  }
  if ("trusts" in when && when.trusts.length > 0) {
    const where = at === "" ? "" : ` under ${at}`;
    return `in ${file}, add ${JSON.stringify(project)}: ${
      JSON.stringify(when.trusts[0])
    }${where}${trust}`;
  }
  return `in ${file}, add ${JSON.stringify(project)} to the list ${at}${trust}`;
}

/**
 * Each folder condition as a problem of every entry it holds back, for a
 * reader that explains one entry at a time (verify's report).
 *
 * @param conditions The listing's conditions.
 * @param entries The listing's entries; changed in place.
 *
 * @example Usage
 * ```ts
 * import { foldConditions } from "./list_switches.ts";
 * foldConditions([], []);
 * ```
 */
export function foldConditions(
  conditions: readonly FolderCondition[],
  entries: ListedEntry[],
): void {
  for (const c of conditions) {
    for (const e of entries) {
      if (e.agent === c.agent && c.stops.includes(e.scope)) {
        e.problems.push({ kind: c.kind, text: c.text });
      }
    }
  }
}

/**
 * Whether the agent trusts the project folder: every setting of its that holds
 * a folder's trust (one kept per project folder, such as Claude Code's
 * `hasTrustDialogAccepted`, or a list of trusted folders) and stops project
 * hooks, trusts it. Undefined when the agent keeps no such trust.
 *
 * @param agent The agent.
 * @param world The environment, system and project.
 * @returns True when trusted, false when not, undefined when the agent has no folder trust.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectTrusted } from "./list_switches.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const world = { env: { HOME: "/nowhere" }, os: "linux", project: "/nowhere/p" };
 * assert.equal(await projectTrusted(findAgent("claude-code")!, world), false);
 * assert.equal(await projectTrusted(findAgent("cursor")!, world), undefined);
 * ```
 */
export async function projectTrusted(agent: Agent, world: ListWorld): Promise<boolean | undefined> {
  const trusts = (agent.listing?.switches ?? []).filter((sw) =>
    sw.stops.includes("project") && ("trusts" in sw.when || sw.key.includes("<project>"))
  );
  if (trusts.length === 0) return undefined;
  for (const sw of trusts) {
    const path = locate(sw.file, world);
    const root = path === undefined ? undefined : await readSettings(path, sw.file.format);
    const key = sw.key.map((k) => (k === "<project>" ? world.project : k));
    if (stops(sw, valueAt(root, key), undefined, world)) return false;
  }
  return true;
}

/** The entries of one settings file with their group and handler indexes. */
async function trustedEntries(entry: ListedEntry): Promise<TrustedEntry[]> {
  const format = entry.file.endsWith(".toml") ? "toml" : "json";
  const root = await readSettings(entry.file, format);
  const hooks = asRecord(root?.hooks);
  if (!hooks) return [];
  return walkEntries(hooks, "matcher-groups").map((w) => ({
    file: entry.file,
    scope: entry.scope,
    native: w.native,
    group: Number(w.path[2]),
    handler: Number(w.path[4] ?? 0),
    matcher: w.matcher,
    value: { ...w.value },
  }));
}
