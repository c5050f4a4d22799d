/**
 * The world verify runs an agent in: a temporary root holding a home, a
 * project and a tmp folder, into which the files the agent reads hooks and
 * hook settings from are copied from the user's setup, read only. The user's
 * files are read, never written.
 *
 * What is copied, per agent (from its locations in `src/agents/`):
 * - each user-scope settings file the agent reads, to the same
 *   place below the world's home (a file an agent variable such as
 *   CODEX_HOME moves is copied to the agent's default place: the world sets no
 *   such variable);
 * - for each project-scope file, its whole folder (such as `.claude/`, with
 *   the scripts hooks name through the project folder), below the world's
 *   project, which is an empty git repository with no remote;
 * - system-scope files are not copied: the agent reads them where they are;
 * - the copy is bounded (world_copy.ts): no link out of a project or of a
 *   folder copied whole, no loop, at most 2,000 files and 32 MiB; past that
 *   the world is refused and the agent is not run.
 *
 * What is adjusted in the copies, and only this, so that each hook is run or
 * skipped for the same reason as in the user's setup:
 * - a setting kept per project folder (a key naming the project, such as
 *   Codex CLI's `[projects."<path>"]` or Claude Code's `projects` in
 *   `.claude.json`) is given to the world's project too;
 * - a folder trust (Gemini CLI's trustedFolders.json) that trusts the user's
 *   project trusts the world's project too;
 * - a per-entry trust (Codex CLI's `[hooks.state]`, keyed by the settings file's
 *   path) is kept under the copy's path; an entry the user trusted is trusted
 *   again after its command is wrapped (see probe.ts), one not trusted or
 *   trusted in an older form stays so.
 *
 * @module
 */

import type { Agent, ReadLocation } from "../agents/types.ts";
import { pathsFor } from "../settings/locations.ts";
import { agentLocations, locate } from "../readers/hook_locations.ts";
import { listHooks, type Listing, type ListWorld } from "../readers/list.ts";
import { foldConditions } from "../readers/list_switches.ts";
import { probeScript } from "./probe.ts";
import { copyBounded, type CopyState, copyState } from "./world_copy.ts";
import {
  at,
  put,
  readConfig,
  rekeyTrust,
  type Watched,
  wrapEntries,
  writeConfig,
} from "./world_entries.ts";

export type { Watched } from "./world_entries.ts";

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
  /** A text (list's finding) with the world's home and project named as the user's. */
  userText(text: string): string;
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

/** The files an agent reads hooks or hook settings from: settings files, switches, the entry trust. */
function readLocations(agent: Agent, user: ListWorld): ReadLocation[] {
  const out: ReadLocation[] = agentLocations(agent, user);
  for (const s of agent.listing?.switches ?? []) out.push(s.file);
  if (agent.listing?.entryTrust) out.push(agent.listing.entryTrust.file);
  return out;
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
 * import assert from "node:assert/strict";
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
 * assert(world.watched.length === 1);
 * assert(world.userPath(`${world.project}/.claude/settings.json`) === `${user}/p/.claude/settings.json`);
 * await Deno.remove(user, { recursive: true });
 * await Deno.remove(root, { recursive: true });
 * ```
 */
export async function buildWorld(
  agent: Agent,
  user: ListWorld,
  root: string,
  before?: (inWorld: ListWorld) => Promise<string[]>,
): Promise<VerifyWorld> {
  const home = `${root}/home`;
  const project = `${root}/project`;
  const tmp = `${root}/tmp`;
  const calls = `${root}/calls`;
  for (const d of [home, project, tmp, calls]) await Deno.mkdir(d, { recursive: true });
  const inWorld: ListWorld = { env: { HOME: home }, os: user.os, project };
  const state = copyState();
  const copies = state.copies;
  const adjustments: string[] = [];
  const { dirname } = pathsFor(user.os);
  const done = new Set<string>();
  // A project that is the home folder has the user's agent folders (sessions and transcripts
  // among them) for project folders: its files are copied alone.
  const projectIsHome = user.project === user.env.HOME;
  for (const loc of readLocations(agent, user)) {
    if (loc.scope === "system") continue;
    const from = locate(loc, user);
    const to = locate(loc, inWorld);
    if (from === undefined || to === undefined) continue;
    // A project file brings its whole folder (the scripts its hooks name with it), and a
    // project hooks folder all of it; a user file, or a user hooks folder's JSON files, come alone.
    const [src, dst] = loc.scope === "project" && !loc.folder && !projectIsHome
      ? [dirname(from), dirname(to)]
      : [from, to];
    if (done.has(dst) || [...done].some((d) => dst.startsWith(`${d}/`))) continue;
    done.add(dst);
    const inside = loc.scope === "project" ? user.project : undefined;
    if (loc.folder && (loc.scope !== "project" || projectIsHome)) {
      await copyJsonFolder(src, dst, state, inside);
    } else await copyBounded(src, dst, state, inside);
  }
  adjustments.push(...state.skipped);
  await makeGitRepo(project);
  const userPath = (p: string) =>
    copies.find((c) => c.to === p)?.from ??
      (p.startsWith(`${project}/`) ? `${user.project}${p.slice(project.length)}` : p);
  await adjustProjectKeys(agent, user, inWorld, adjustments, userPath);
  const kept = await rekeyTrust(agent, inWorld, copies);
  if (kept) adjustments.push(userPath(kept));
  // `verify --speaks`: another agent's hooks imported into the copies, before they are listed.
  if (before) adjustments.push(...await before(inWorld));
  const listing = await listHooks([agent], inWorld);
  // verify explains one entry at a time: each folder condition is a reason of every entry it holds.
  foldConditions(listing.conditions, listing.entries);
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
    userText: (text) => {
      let out = text;
      for (const c of [...copies].sort((a, b) => b.to.length - a.to.length)) {
        out = out.replaceAll(c.to, c.from);
      }
      return out.replaceAll(project, user.project).replaceAll(home, user.env.HOME ?? home);
    },
  };
}

async function copyJsonFolder(
  from: string,
  to: string,
  state: CopyState,
  project: string | undefined,
): Promise<void> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(from)) if (e.name.endsWith(".json")) names.push(e.name);
  } catch { /* no such folder: nothing to copy */ }
  for (const name of names) await copyBounded(`${from}/${name}`, `${to}/${name}`, state, project);
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
