/**
 * The world verify runs an agent in: a temporary root holding a home, a
 * project and a tmp folder, into which the files the agent reads hooks and
 * hook settings from are copied from the user's setup, read only. The user's
 * files are read, never written.
 *
 * What is copied, per agent (from its locations in `src/agents/`):
 * - each user-scope hooks file and settings file the agent reads, to the same
 *   place below the world's home (a file an agent variable such as
 *   CODEX_HOME moves is copied to the agent's default place: the world sets no
 *   such variable);
 * - for each project-scope file, its whole folder (such as `.claude/`, with
 *   the scripts hooks name through the project folder), below the world's
 *   project, which is an empty git repository with no remote;
 * - system-scope files are not copied: the agent reads them where they are.
 *
 * What is adjusted in the copies, and only this, so that each hook is run or
 * skipped for the same reason as in the user's setup:
 * - a setting kept per project folder (a key naming the project, such as
 *   Codex CLI's `[projects."<path>"]` or Claude Code's `projects` in
 *   `.claude.json`) is given to the world's project too;
 * - a folder trust (Gemini CLI's trustedFolders.json) that trusts the user's
 *   project trusts the world's project too;
 * - a per-entry trust (Codex CLI's `[hooks.state]`, keyed by the hooks file's
 *   path) is kept under the copy's path; an entry the user trusted is trusted
 *   again after its command is wrapped (see probe.ts), one not trusted or
 *   trusted in an older form stays so.
 *
 * @module
 */

import { parse as parseToml, stringify as stringifyToml } from "smol-toml";
import type { Agent, ReadLocation, TrustedEntry } from "../agents/types.ts";
import { parseJsonText } from "../hooks_files/json_text.ts";
import { walkEntries } from "../hooks_files/entry_walk.ts";
import { pathsFor } from "../hooks_files/locations.ts";
import { agentLocations, locate } from "../readers/hook_locations.ts";
import { listHooks, type Listing, type ListWorld } from "../readers/list.ts";
import { PROBE_FIELDS, probeScript, wrapCommand } from "./probe.ts";

/** One entry verify watches: its probe id and where it is. */
export interface Watched {
  /** The probe's id for the entry (the name of its calls in the world's `calls/`). */
  id: string;
  /** The user's file the entry is in. */
  file: string;
  /** The copy of that file in the world. */
  copy: string;
  /** The native event it is written under. */
  native: string;
  /** Its command as the user wrote it. */
  command: string;
}

/** A world for one agent. */
export interface VerifyWorld {
  /** The agent's id. */
  agent: string;
  /** The temporary root; everything below is the world's. */
  root: string;
  /** The world's home. */
  home: string;
  /** The world's project (an empty git repository with no remote). */
  project: string;
  /** The world's tmp folder. */
  tmp: string;
  /** Where the probes keep the calls. */
  calls: string;
  /** Each file copied: the user's path and the world's. */
  copies: Array<{ from: string; to: string }>;
  /** Each adjustment made to a copy, one line each. */
  adjustments: string[];
  /** What `list` finds in the world before the commands are wrapped (the world's paths). */
  listing: Listing;
  /** The entries whose command is wrapped by a probe. */
  watched: Watched[];
  /** A world path as the user's (for reports); other paths unchanged. */
  userPath(path: string): string;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** The most bytes of one file copied; a bigger file is left out (no agent reads such a settings file). */
const MAX_COPY = 4 * 1024 * 1024;

async function copyTree(from: string, to: string, copies: VerifyWorld["copies"]): Promise<void> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(from);
  } catch {
    return;
  }
  if (info.isDirectory) {
    await Deno.mkdir(to, { recursive: true });
    for await (const e of Deno.readDir(from)) {
      await copyTree(`${from}/${e.name}`, `${to}/${e.name}`, copies);
    }
  } else if (info.isFile && info.size <= MAX_COPY) {
    await Deno.mkdir(pathsFor("linux").dirname(to), { recursive: true });
    await Deno.writeFile(to, await Deno.readFile(from), { mode: info.mode ?? 0o644 });
    copies.push({ from, to });
  }
}

/** The files an agent reads hooks or hook settings from: hooks files, switches, the entry trust. */
function readLocations(agent: Agent, user: ListWorld): ReadLocation[] {
  const out: ReadLocation[] = agentLocations(agent, user);
  for (const s of agent.listing?.switches ?? []) out.push(s.file);
  if (agent.listing?.entryTrust) out.push(agent.listing.entryTrust.file);
  return out;
}

type Parsed = { root: Record<string, unknown>; format: "json" | "toml" };

async function readConfig(path: string): Promise<Parsed | undefined> {
  try {
    const text = await Deno.readTextFile(path);
    const format = path.endsWith(".toml") ? "toml" : "json";
    if (text.trim() === "") return undefined;
    const root = asRecord(format === "toml" ? parseToml(text) : parseJsonText(text, path));
    return root ? { root, format } : undefined;
  } catch {
    return undefined;
  }
}

async function writeConfig(path: string, parsed: Parsed): Promise<void> {
  const text = parsed.format === "toml"
    ? stringifyToml(parsed.root)
    : JSON.stringify(parsed.root, null, 2);
  await Deno.writeTextFile(path, `${text}\n`);
}

function at(root: Record<string, unknown>, key: readonly string[]): unknown {
  let v: unknown = root;
  for (const part of key) v = asRecord(v)?.[part];
  return v;
}

function put(root: Record<string, unknown>, key: readonly string[], value: unknown): void {
  let o = root;
  for (const part of key.slice(0, -1)) {
    if (!asRecord(o[part])) o[part] = {};
    o = o[part] as Record<string, unknown>;
  }
  o[key[key.length - 1]!] = value;
}

/** The folder and each folder above it. */
function andAbove(folder: string): string[] {
  const { dirname } = pathsFor("linux");
  const out = [folder];
  for (let d = dirname(folder); d !== out[out.length - 1]; d = dirname(d)) out.push(d);
  return out;
}

/**
 * Build the world for one agent: copy, adjust, list, wrap each command entry in
 * a probe. Linux and macOS only (the probe is a POSIX shell script).
 *
 * @param agent The agent.
 * @param user The user's environment, system and project (read only).
 * @param root An empty temporary folder, the world's root.
 * @returns The world.
 *
 * @example Usage
 * ```ts
 * import { buildWorld } from "./world.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const user = await Deno.makeTempDir();
 * await Deno.mkdir(`${user}/p/.claude`, { recursive: true });
 * await Deno.writeTextFile(`${user}/p/.claude/settings.json`, JSON.stringify({
 *   hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] },
 * }));
 * const root = await Deno.makeTempDir();
 * const world = await buildWorld(findAgent("claude-code")!, {
 *   env: { HOME: `${user}/h` }, os: "linux", project: `${user}/p`,
 * }, root);
 * console.assert(world.watched.length === 1);
 * console.assert(world.userPath(`${world.project}/.claude/settings.json`) === `${user}/p/.claude/settings.json`);
 * await Deno.remove(user, { recursive: true });
 * await Deno.remove(root, { recursive: true });
 * ```
 */
export async function buildWorld(
  agent: Agent,
  user: ListWorld,
  root: string,
): Promise<VerifyWorld> {
  const home = `${root}/home`;
  const project = `${root}/project`;
  const tmp = `${root}/tmp`;
  const calls = `${root}/calls`;
  for (const d of [home, project, tmp, calls]) await Deno.mkdir(d, { recursive: true });
  const inWorld: ListWorld = { env: { HOME: home }, os: user.os, project };
  const copies: VerifyWorld["copies"] = [];
  const adjustments: string[] = [];
  const { dirname } = pathsFor(user.os);
  const done = new Set<string>();
  for (const loc of readLocations(agent, user)) {
    if (loc.scope === "system") continue;
    const from = locate(loc, user);
    const to = locate(loc, inWorld);
    if (from === undefined || to === undefined) continue;
    // A project file brings its whole folder; a user file (or a folder the agent reads) comes alone.
    const [src, dst] = loc.scope === "project" && !loc.folder
      ? [dirname(from), dirname(to)]
      : [from, to];
    if (done.has(src) || [...done].some((d) => src.startsWith(`${d}/`))) continue;
    done.add(src);
    if (loc.folder) await copyJsonFolder(src, dst, copies);
    else await copyTree(src, dst, copies);
  }
  await makeGitRepo(project);
  const userPath = (p: string) =>
    copies.find((c) => c.to === p)?.from ??
      (p.startsWith(`${project}/`) ? `${user.project}${p.slice(project.length)}` : p);
  await adjustProjectKeys(agent, user, inWorld, adjustments, userPath);
  await rekeyTrust(agent, inWorld, copies, adjustments);
  const listing = await listHooks([agent], inWorld);
  const watched = await wrapEntries(agent, listing, inWorld, root, userPath);
  await Deno.writeTextFile(`${root}/probe.sh`, probeScript(calls), { mode: 0o755 });
  return {
    agent: agent.id,
    root,
    home,
    project,
    tmp,
    calls,
    copies,
    adjustments,
    listing,
    watched,
    userPath,
  };
}

async function copyJsonFolder(from: string, to: string, copies: VerifyWorld["copies"]) {
  try {
    for await (const e of Deno.readDir(from)) {
      if (e.name.endsWith(".json")) await copyTree(`${from}/${e.name}`, `${to}/${e.name}`, copies);
    }
  } catch { /* no such folder: nothing to copy */ }
}

/**
 * An empty git repository, written by hand (no program is started): the files
 * git needs to take the folder for one, and no remote.
 */
async function makeGitRepo(project: string): Promise<void> {
  const git = `${project}/.git`;
  if (await exists(git)) return;
  for (const d of ["objects/info", "objects/pack", "refs/heads", "refs/tags"]) {
    await Deno.mkdir(`${git}/${d}`, { recursive: true });
  }
  await Deno.writeTextFile(`${git}/HEAD`, "ref: refs/heads/main\n");
  await Deno.writeTextFile(
    `${git}/config`,
    "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n",
  );
}

/** Give the world's project what each setting kept per project folder gives the user's. */
async function adjustProjectKeys(
  agent: Agent,
  user: ListWorld,
  world: ListWorld,
  adjustments: string[],
  userPath: (p: string) => string,
): Promise<void> {
  for (const sw of agent.listing?.switches ?? []) {
    const path = locate(sw.file, world);
    if (path === undefined || sw.file.scope === "system") continue;
    const parsed = await readConfig(path);
    if (!parsed) continue;
    const cut = sw.key.indexOf("<project>");
    if (cut >= 0) {
      const prefix = sw.key.slice(0, cut);
      const mine = at(parsed.root, [...prefix, user.project]);
      if (mine === undefined || at(parsed.root, [...prefix, world.project]) !== undefined) continue;
      put(parsed.root, [...prefix, world.project], structuredClone(mine));
      await writeConfig(path, parsed);
      adjustments.push(
        `${userPath(path)}: ${[...prefix, "<project>"].join(".")} copied to the world's project`,
      );
    } else if ("trusts" in sw.when) {
      const trusts = sw.when.trusts;
      const value = at(parsed.root, sw.key);
      const folders = andAbove(user.project);
      const list = Array.isArray(value) ? value : undefined;
      const map = asRecord(value);
      const trusted = list
        ? folders.some((f) => list.includes(f))
        : folders.some((f) => trusts.includes(map?.[f]));
      if (!trusted) continue;
      if (list) put(parsed.root, sw.key, [...list, world.project]);
      else put(parsed.root, [...sw.key, world.project], trusts[0]);
      await writeConfig(path, parsed);
      adjustments.push(`${userPath(path)}: the world's project trusted as the user's project is`);
    }
  }
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

/** Keep each per-entry trust under the copy's path (the value as it was: trusted, or stale). */
async function rekeyTrust(
  agent: Agent,
  world: ListWorld,
  copies: VerifyWorld["copies"],
  adjustments: string[],
): Promise<void> {
  const trust = agent.listing?.entryTrust;
  const path = trust ? locate(trust.file, world) : undefined;
  if (!trust || path === undefined) return;
  const settings = await readConfig(path);
  if (!settings) return;
  let moved = 0;
  for (const c of copies) {
    const parsed = await readConfig(c.to);
    if (!parsed) continue;
    const scope = c.to.startsWith(`${world.project}/`) ? "project" : "user";
    const mine = trustedEntriesOf(c.from, scope, parsed.root);
    const copy = trustedEntriesOf(c.to, scope, parsed.root);
    for (const [i, e] of mine.entries()) {
      const was = await trust.record(e);
      const kept = at(settings.root, was.key);
      if (kept === undefined) continue;
      put(settings.root, (await trust.record(copy[i]!)).key, structuredClone(kept));
      moved++;
    }
  }
  if (moved === 0) return;
  await writeConfig(path, settings);
  adjustments.push(`${path}: the trust of ${moved} entries kept under the copies' paths`);
}

/**
 * Wrap every command entry of the world's hooks files in the probe, in place,
 * and trust again each wrapped entry that was trusted.
 */
async function wrapEntries(
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
  for (const [n, file] of files.entries()) {
    const parsed = await readConfig(file);
    const hooks = asRecord(parsed?.root.hooks);
    if (!parsed || !hooks) continue;
    const scope = file.startsWith(`${world.project}/`) ? "project" : "user";
    const { dirname } = pathsFor(world.os);
    const layout = agentLocations(agent, world).find((l) =>
      l.path === file || (l.folder === true && l.path === dirname(file))
    )?.layout ?? agent.install.layout;
    const walked = walkEntries(hooks, layout);
    const before = trust && settings ? trustedEntriesOf(file, scope, parsed.root) : [];
    const trustedBefore: boolean[] = [];
    for (const t of before) {
      trustedBefore.push(await trust!.problem(t, settings!.root) === undefined);
    }
    for (const [i, w] of walked.entries()) {
      if (w.value.type !== undefined && w.value.type !== "command") {
        continue;
      }
      const fields = [agent.install.commandField, ...PROBE_FIELDS].filter((f, k, all) =>
        all.indexOf(f) === k && typeof w.value[f] === "string"
      );
      if (fields.length === 0) {
        continue;
      }
      const id = `e${n + 1}-${i + 1}`;
      const command = w.value[fields[0]!] as string;
      for (const f of fields) {
        w.value[f] = wrapCommand(root, id, f, w.value[f] as string);
      }
      watched.push({ id, file: userPath(file), copy: file, native: w.native, command });
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
