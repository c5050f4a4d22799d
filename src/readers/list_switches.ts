/**
 * Why a hook `list` shows would not run: the settings each agent reads that stop
 * its hooks (hooks turned off, managed hooks only, a folder not trusted) and the
 * trust an entry needs, from the agent module's data. Each one becomes a problem
 * of the entries it stops.
 *
 * @module
 */

import { parse as parseToml } from "smol-toml";
import type { Agent, HookSwitch, TrustedEntry } from "../agents/types.ts";
import { parseJsonText } from "../hooks_files/json_text.ts";
import { walkEntries } from "../hooks_files/entry_walk.ts";
import { pathsFor } from "../hooks_files/locations.ts";
import { locate } from "./hook_locations.ts";
import type { ListedEntry, ListWorld } from "./listing.ts";
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
 * Add to each entry the problems of the settings that stop it, and of the trust it lacks, and
 * note on each what decides outside every file whether the agent runs hooks (its gate).
 *
 * @param agent The agent whose entries they are.
 * @param entries The agent's entries; changed in place.
 * @param world The environment, system and project.
 *
 * @example Usage
 * ```ts
 * import { addSwitchProblems } from "./list_switches.ts";
 * import { findAgent } from "../agents/mod.ts";
 * await addSwitchProblems(findAgent("cursor")!, [], { env: { HOME: "/nowhere" }, os: "linux", project: "/p" });
 * ```
 */
export async function addSwitchProblems(
  agent: Agent,
  entries: ListedEntry[],
  world: ListWorld,
): Promise<void> {
  const mine = entries.filter((e) => e.agent === agent.id);
  if (mine.length === 0) return;
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
    for (const entry of mine) {
      if (!sw.stops.includes(entry.scope) || !stops(sw, value, entry, world)) continue;
      entry.problems.push(sw.problem.replaceAll("<file>", path));
    }
  }
  const trust = agent.listing?.entryTrust;
  if (!trust) return;
  const { path, root } = await settings(trust.file);
  if (path === "") return;
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
    if (problem) entry.problems.push(problem);
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

/** The entries of one hooks file with their group and handler indexes. */
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
