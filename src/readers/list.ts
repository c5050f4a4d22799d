/**
 * `list`: every hook of every agent, from every file each agent reads on this
 * machine and in the project, with the problems it would trip over. Reads only.
 * Where the files are is in hook_locations.ts, how an entry reads in
 * list_entries.ts, and the shapes of the listing in listing.ts.
 *
 * @module
 */

import { parse as parseToml } from "smol-toml";
import { tomlHooksView } from "../settings/toml_hooks.ts";
import type { Agent } from "../agents/types.ts";
import { parseJsonText } from "../settings/json_text.ts";
import { pathsFor } from "../settings/locations.ts";
import { agentLocations } from "./hook_locations.ts";
import { type Located, readEntries } from "./list_entries.ts";
import { addSwitchProblems } from "./list_switches.ts";
import type { FolderCondition, ListedEntry, ListedFile, Listing, ListWorld } from "./listing.ts";
import { readListed, remembered } from "./list_files.ts";
import { hookWarnings } from "../hook_script/hook_check.ts";
import { pluginHooksText } from "../settings/plugin_file.ts";
import { isPersonsHookText, isRunnerText, runnerHooksText } from "../settings/runner_file.ts";

export type {
  FolderCondition,
  ListedEntry,
  ListedFile,
  Listing,
  ListWorld,
  Problem,
  ProblemKind,
} from "./listing.ts";

const FORMAT_NAMES = { json: "JSON", toml: "TOML", plugin: "everyhook's plugin" } as const;

/** The name of a file's format, as a problem says it. */
function formatName(agent: Agent, format: keyof typeof FORMAT_NAMES): string {
  return format === "plugin" && agent.install.container === "runner"
    ? "everyhook's hook file"
    : FORMAT_NAMES[format];
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : undefined;
}

function existsOnDisk(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * List every hook of some agents.
 *
 * @param agents The agents.
 * @param world The environment, system and project.
 * @returns Every file tried and every entry found, with problems.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { listHooks } from "./list.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const listing = await listHooks([findAgent("cursor")!], {
 *   env: { HOME: "/nowhere" }, os: "linux", project: "/nowhere/p", exists: () => false,
 * });
 * assert(listing.entries.length === 0);
 * ```
 */
export async function listHooks(agents: readonly Agent[], world: ListWorld): Promise<Listing> {
  const exists = remembered(world.exists ?? existsOnDisk);
  const files: ListedFile[] = [];
  const entries: ListedEntry[] = [];
  for (const agent of agents) {
    // Where the agent says so: the files that hold hooks, per folder, to find a folder
    // with hooks in both formats.
    const layers = new Map<string, Array<{ name: string; format: string }>>();
    for (const where of agentLocations(agent, world)) {
      const paths = where.folder
        ? await jsonFilesIn(where.path, pathsFor(world.os).join)
        : [where.path];
      for (const path of paths) {
        const loc: Located = { ...where, path, layout: where.layout ?? agent.install.layout };
        const file: ListedFile = {
          agent: agent.id,
          scope: loc.scope,
          file: path,
          format: loc.format,
          status: "read",
          problems: [],
        };
        const read = await readListed(path);
        if (read.kind !== "text") {
          if (read.kind === "refused") {
            file.problems.push({ kind: "unreadable", text: read.reason });
          }
          const status = read.kind === "refused" ? "unreadable" : "missing";
          if (!where.folder || status !== "missing") files.push({ ...file, status });
          continue;
        }
        const text = read.text;
        // A hook file of the person's own of one event is not everyhook's to read, as the
        // person's other hook files there are not: it is no problem either.
        const runner = agent.install.container === "runner" && loc.format === "plugin";
        if (runner && isPersonsHookText(text)) continue;
        let root: Record<string, unknown> | undefined;
        try {
          root = asRecord(
            loc.format === "toml" && agent.install.container === "toml"
              ? tomlHooksView(parseToml(text))
              : loc.format === "toml"
              ? parseToml(text)
              : text.trim() === ""
              ? {}
              : parseJsonText(loc.format === "plugin" ? wrappedHooksText(text, path) : text, path),
          );
        } catch (e) {
          file.status = "unreadable";
          file.problems.push({
            kind: "syntax",
            text: `not valid ${formatName(agent, loc.format)}: ${
              (e as Error).message.split("\n")[0]
            }`,
          });
        }
        if (root) {
          if (
            loc.layout === "flat" && root.version !== undefined && root.version !== 1 &&
            where.folder
          ) {
            file.problems.push({
              kind: "version",
              text: `"version" is ${JSON.stringify(root.version)}, not 1: ${
                agent.listing?.versionIgnored ?? `${agent.name} may not read it`
              }`,
            });
          }
          const found = readEntries(agent, loc, root, world, exists, file.problems);
          for (const e of found) entries.push(e);
          if (found.length > 0 && agent.listing?.bothFormats !== undefined) {
            const { dirname, basename } = pathsFor(world.os);
            const layer = { name: basename(path), format: loc.format };
            layers.set(dirname(path), [...(layers.get(dirname(path)) ?? []), layer]);
          }
        }
        files.push(file);
      }
    }
    for (const [dir, layer] of layers) {
      if (new Set(layer.map((l) => l.format)).size > 1) {
        const file = files.find((f) =>
          f.agent === agent.id && pathsFor(world.os).dirname(f.file) === dir && f.format === "toml"
        );
        const names = [...new Set(layer.map((l) => l.name))].join(" and ");
        file?.problems.push({
          kind: "both-formats",
          text: `hooks in both ${names} of ${dir}: ${agent.listing?.bothFormats}`,
        });
      }
    }
  }
  markCrossReads(agents, entries, world);
  markImported(entries);
  const conditions: FolderCondition[] = [];
  for (const agent of agents) conditions.push(...await addSwitchProblems(agent, entries, world));
  const warnings = remembered(hookWarnings);
  for (const e of entries) if (e.hook !== null) e.warnings = warnings(e.hook);
  // A file read only for another agent's hooks, whose entries are all reported under
  // that agent, is not listed a second time.
  const listed = new Set(entries.map((e) => JSON.stringify([e.file, e.agent])));
  const shown = files.filter((f) =>
    !(f.problems.length === 0 && crossRead(agents.find((a) => a.id === f.agent), f, world) &&
      !listed.has(JSON.stringify([f.file, f.agent])))
  );
  return { project: world.project, files: shown, entries, conditions };
}

// An imported entry names the source entry it came from: the spoken agent's own entry
// with the same command, where the listing holds it.
function markImported(entries: ListedEntry[]): void {
  for (const e of entries) {
    const command = e.speaks?.command;
    if (!e.speaks || command === null || command === undefined) continue;
    const agent = e.speaks.agent;
    const from = entries.find((o) => o.agent === agent && !o.ours && o.command === command);
    if (from) e.speaks.from = { file: from.file, event: from.event, matcher: from.matcher };
  }
}

/** True when the agent reads this file in another agent's layout (Copilot CLI reading Claude Code's). */
function crossRead(agent: Agent | undefined, file: ListedFile, world: ListWorld): boolean {
  if (!agent) return false;
  return agentLocations(agent, world).some((l) => l.layout !== undefined && l.path === file.file);
}

// An agent that reads another agent's file runs that file's hooks too: the very file,
// at the place it reads it (Copilot CLI reads the project's .claude/settings.json, not ~/.claude's).
function markCrossReads(
  agents: readonly Agent[],
  entries: ListedEntry[],
  world: ListWorld,
): void {
  const foreign = new Map(
    agents.map((a) => [
      a.id,
      new Set(agentLocations(a, world).filter((l) => l.layout !== undefined).map((l) => l.path)),
    ]),
  );
  for (const entry of entries) {
    for (const other of agents) {
      if (other.id === entry.agent) continue;
      const reads = foreign.get(other.id)?.has(entry.file) ?? false;
      if (reads && !entry.alsoRunBy.includes(other.id)) {
        entry.alsoRunBy.push(other.id);
        // everyhook's own entry reads the other agent's payload too: worth knowing, not a problem.
        const line = `${other.name} reads this file too and will run this hook`;
        if (entry.ours) entry.notes.push(line);
        else entry.problems.push({ kind: "read-by-another", text: line });
      }
    }
  }
  // The copies another agent reads are reported once, under the file's own agent:
  // one pass gathers, per file, event and command, the agents that also run it.
  const key = (e: ListedEntry) => JSON.stringify([e.file, e.event, e.command]);
  const runBy = new Map<string, Set<string>>();
  for (const o of entries) {
    for (const other of o.alsoRunBy) {
      runBy.set(key(o), (runBy.get(key(o)) ?? new Set()).add(other));
    }
  }
  const kept = entries.filter((e) => !runBy.get(key(e))?.has(e.agent));
  entries.length = 0;
  for (const e of kept) entries.push(e);
}

async function jsonFilesIn(dir: string, join: (a: string, b: string) => string): Promise<string[]> {
  try {
    const names: string[] = [];
    for await (const e of Deno.readDir(dir)) {
      if (e.isFile && e.name.endsWith(".json")) names.push(e.name);
    }
    return names.sort().map((n) => join(dir, n));
  } catch {
    return [];
  }
}

// The `HOOKS` value of everyhook's plugin, or of its hook file for one event (Cline's, a .mjs).
function wrappedHooksText(text: string, path: string): string {
  return path.endsWith(".mjs") || isRunnerText(text)
    ? runnerHooksText(text, path)
    : pluginHooksText(text, path);
}
