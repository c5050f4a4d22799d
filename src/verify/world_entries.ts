/**
 * The entries of verify's world, in place in its copies: the settings files
 * read and written (JSON or TOML; a TOML copy that is changed is written
 * again without its comments), a per-entry trust kept under the copies'
 * paths, and each command entry wrapped in the probe (probe.ts).
 *
 * @module
 */

import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import type { Agent, TrustedEntry } from "../agents/types.ts";
import { parseJsonText } from "../settings/json_text.ts";
import { pluginHooksText, pluginText } from "../settings/plugin_file.ts";
import { runnerHooksText, runnerText } from "../settings/runner_file.ts";
import { walkEntries } from "../settings/entry_walk.ts";
import { pathsFor } from "../settings/locations.ts";
import { agentLocations, locate } from "../readers/hook_locations.ts";
import type { Listing, ListWorld } from "../readers/listing.ts";
import { PROBE_FIELDS, wrapCommand, wrapExec } from "./probe.ts";

/** One entry of the world's settings files, in file order, and whether the probe watches it. */
export interface Watched {
  /**
   * The probe's id for the entry (the name of its calls in the world's
   * `calls/`), or null when it is not a command entry (an http or prompt
   * hook), which verify cannot see.
   */
  id: string | null;
  /** The user's file the entry is in. */
  file: string;
  /** The copy of that file in the world. */
  copy: string;
  /** The native event it is written under. */
  native: string;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : undefined;
}

/** A settings file read: its root object and its format. */
/**
 * `plugin` is everyhook's generated plugin module (OpenCode, Kilo Code), and
 * `runner` its hook file of one event (Cline), whose HOOKS value is the JSON.
 */
export type Parsed = {
  root: Record<string, unknown>;
  format: "json" | "toml" | "plugin" | "runner";
};

/**
 * Read a JSON (comments allowed) or TOML settings file, or the HOOKS value of
 * the plugin module everyhook writes.
 *
 * @param path The file (TOML when it ends in .toml, everyhook's plugin when it ends in .js,
 *   its hook file of one event when it ends in .mjs).
 * @returns Its root and format, or undefined when it is missing, empty or unreadable.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readConfig } from "./world_entries.ts";
 * assert(await readConfig("/nowhere/settings.json") === undefined);
 * ```
 */
export async function readConfig(path: string): Promise<Parsed | undefined> {
  try {
    const text = await Deno.readTextFile(path);
    const format = path.endsWith(".toml")
      ? "toml"
      : path.endsWith(".js")
      ? "plugin"
      : path.endsWith(".mjs")
      ? "runner"
      : "json";
    if (text.trim() === "") return undefined;
    const inner = format === "plugin"
      ? pluginHooksText(text, path)
      : format === "runner"
      ? runnerHooksText(text, path)
      : text;
    const root = asRecord(format === "toml" ? parseToml(text) : parseJsonText(inner, path));
    return root ? { root, format } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Write a settings file of the world.
 *
 * @param path The file.
 * @param parsed Its root and format.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readConfig, writeConfig } from "./world_entries.ts";
 * const dir = await Deno.makeTempDir();
 * await writeConfig(`${dir}/a.toml`, { root: { a: 1 }, format: "toml" });
 * assert((await readConfig(`${dir}/a.toml`))?.root.a === 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeConfig(path: string, parsed: Parsed): Promise<void> {
  if (parsed.format === "plugin") {
    await Deno.writeTextFile(path, pluginText(JSON.stringify(parsed.root)));
    return;
  }
  if (parsed.format === "runner") {
    await Deno.writeTextFile(path, runnerText(JSON.stringify(parsed.root)), { mode: 0o755 });
    return;
  }
  const text = parsed.format === "toml"
    ? stringifyToml(parsed.root)
    : JSON.stringify(parsed.root, null, 2);
  await Deno.writeTextFile(path, `${text}\n`);
}

/**
 * The value at a key path.
 *
 * @param root The object.
 * @param key The key path.
 * @returns The value, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { at } from "./world_entries.ts";
 * assert(at({ a: { b: 1 } }, ["a", "b"]) === 1);
 * ```
 */
export function at(root: Record<string, unknown>, key: readonly string[]): unknown {
  let v: unknown = root;
  for (const part of key) v = asRecord(v)?.[part];
  return v;
}

/**
 * Set the value at a key path, making the objects on the way.
 *
 * @param root The object.
 * @param key The key path.
 * @param value The value.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { put } from "./world_entries.ts";
 * const o: Record<string, unknown> = {};
 * put(o, ["a", "b"], 1);
 * assert((o.a as { b: number }).b === 1);
 * ```
 */
export function put(root: Record<string, unknown>, key: readonly string[], value: unknown): void {
  let o = root;
  for (const part of key.slice(0, -1)) {
    if (!asRecord(o[part])) o[part] = {};
    o = o[part] as Record<string, unknown>;
  }
  o[key[key.length - 1]!] = value;
}

function trustedEntriesOf(
  file: string,
  scope: TrustedEntry["scope"],
  root: Record<string, unknown>,
): TrustedEntry[] {
  const hooks = asRecord(root.hooks);
  if (!hooks) return [];
  return walkEntries(hooks, "matcher-groups").map((w) => ({
    file,
    scope,
    native: w.native,
    group: Number(w.path[2]),
    handler: Number(w.path[4] ?? 0),
    matcher: w.matcher,
    value: w.value,
  }));
}

/**
 * Keep each per-entry trust of the user's files under the copies' paths, the
 * value as it was (trusted, or stale).
 *
 * @param agent The agent.
 * @param world The world's environment, system and project.
 * @param copies The files copied.
 * @returns A line saying what was kept, or undefined when nothing was.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { rekeyTrust } from "./world_entries.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const line = await rekeyTrust(findAgent("codex")!, { env: { HOME: "/nowhere" }, os: "linux", project: "/nowhere/p" }, []);
 * assert(line === undefined);
 * ```
 */
export async function rekeyTrust(
  agent: Agent,
  world: ListWorld,
  copies: ReadonlyArray<{ from: string; to: string }>,
): Promise<string | undefined> {
  const trust = agent.listing?.entryTrust;
  const path = trust ? locate(trust.file, world) : undefined;
  if (!trust || path === undefined) return undefined;
  const settings = await readConfig(path);
  if (!settings) return undefined;
  let moved = 0;
  for (const c of copies) {
    const parsed = await readConfig(c.to);
    if (!parsed) continue;
    const scope = c.to.startsWith(`${world.project}/`) ? "project" : "user";
    const mine = trustedEntriesOf(c.from, scope, parsed.root);
    const copy = trustedEntriesOf(c.to, scope, parsed.root);
    for (const [i, e] of mine.entries()) {
      const kept = at(settings.root, (await trust.record(e)).key);
      if (kept === undefined) continue;
      put(settings.root, (await trust.record(copy[i]!)).key, structuredClone(kept));
      moved++;
    }
  }
  if (moved === 0) return undefined;
  await writeConfig(path, settings);
  return `${path}: the trust of ${moved} entries kept under the copies' paths`;
}

/**
 * Wrap every command entry of the world's settings files in the probe, in place,
 * and trust again each wrapped entry that was trusted.
 *
 * @param agent The agent.
 * @param listing What list finds in the world.
 * @param world The world's environment, system and project.
 * @param root The world's root (only files below it are changed).
 * @param userPath A world path as the user's.
 * @returns Every entry of the files, in file order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapEntries } from "./world_entries.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const none = await wrapEntries(findAgent("codex")!, { project: "/p", files: [], entries: [], conditions: [] },
 *   { env: { HOME: "/h" }, os: "linux", project: "/p" }, "/w", (p) => p);
 * assert(none.length === 0);
 * ```
 */
export async function wrapEntries(
  agent: Agent,
  listing: Listing,
  world: ListWorld,
  root: string,
  userPath: (p: string) => string,
): Promise<Watched[]> {
  const trust = agent.listing?.entryTrust;
  const trustPath = trust ? locate(trust.file, world) : undefined;
  const settings = trustPath ? await readConfig(trustPath) : undefined;
  const watched: Watched[] = [];
  const files = [...new Set(listing.entries.map((e) => e.file))]
    .filter((f) => f.startsWith(`${root}/`));
  const { dirname } = pathsFor(world.os);
  const exec = agent.install.execFields;
  for (const [n, file] of files.entries()) {
    const parsed = await readConfig(file);
    const tables = parsed?.root.hooks;
    if (parsed && agent.install.container === "toml" && Array.isArray(tables)) {
      watched.push(...wrapTables(root, n, { file: userPath(file), copy: file }, tables));
      await writeConfig(file, parsed);
      continue;
    }
    const hooks = asRecord(parsed?.root.hooks);
    if (!parsed || !hooks) continue;
    const scope = file.startsWith(`${world.project}/`) ? "project" : "user";
    const layout = agentLocations(agent, world).find((l) =>
      l.path === file || (l.folder === true && l.path === dirname(file))
    )?.layout ?? agent.install.layout;
    const before = trust && settings ? trustedEntriesOf(file, scope, parsed.root) : [];
    const trustedBefore: boolean[] = [];
    for (const t of before) {
      trustedBefore.push(await trust!.problem(t, settings!.root) === undefined);
    }
    for (const [i, w] of walkEntries(hooks, layout).entries()) {
      const id = `e${n + 1}-${i + 1}`;
      const entry = { file: userPath(file), copy: file, native: w.native };
      const v = w.value;
      if (v.type !== undefined && v.type !== "command") {
        watched.push({ ...entry, id: null });
        continue;
      }
      const fields = [agent.install.commandField, ...PROBE_FIELDS].filter((f, k, all) =>
        all.indexOf(f) === k && typeof v[f] === "string"
      );
      if (exec && typeof v[exec.program] === "string") {
        const args = Array.isArray(v[exec.args]) ? (v[exec.args] as unknown[]).map(String) : [];
        const wrapped = wrapExec(root, id, [v[exec.program] as string, ...args]);
        v[exec.program] = wrapped.program;
        v[exec.args] = wrapped.args;
      } else if (fields.length === 0) {
        watched.push({ ...entry, id: null });
        continue;
      }
      for (const f of fields) {
        v[f] = wrapCommand(root, id, f, v[f] as string);
      }
      watched.push({ ...entry, id });
    }
    await writeConfig(file, parsed);
    if (trust && settings) {
      const after = trustedEntriesOf(file, scope, parsed.root);
      for (const [i, t] of after.entries()) {
        if (!trustedBefore[i]) {
          continue;
        }
        const { key, value } = await trust.record(t);
        put(settings.root, key, value);
      }
    }
  }
  if (trust && settings && trustPath) await writeConfig(trustPath, settings);
  return watched;
}

/**
 * Wrap the command of each `[[hooks]]` table of a TOML config (Kimi Code's),
 * in place, in file order.
 */
function wrapTables(
  root: string,
  n: number,
  where: { file: string; copy: string },
  tables: unknown[],
): Watched[] {
  return tables.flatMap((t, i): Watched[] => {
    const table = asRecord(t);
    if (!table || typeof table.event !== "string") return [];
    const entry = { ...where, native: table.event };
    if (typeof table.command !== "string") return [{ ...entry, id: null }];
    const id = `e${n + 1}-${i + 1}`;
    table.command = wrapCommand(root, id, "command", table.command);
    return [{ ...entry, id }];
  });
}
