/**
 * `list`: every hook of every agent, from every file each agent reads on this
 * machine and in the project, with the problems it would trip over. Reads only.
 *
 * @module
 */

import { parse as parseToml } from "smol-toml";
import type { Agent, EntryLayout, ReadLocation } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { entryLine } from "../hooks_files/hooks_file.ts";
import { parseJsonText } from "../hooks_files/json_text.ts";
import { homeFolder, pathsFor } from "../hooks_files/locations.ts";
import { splitLine } from "../hooks_files/command_line.ts";
import { findOnPath } from "../run/path_search.ts";

/** One file list read (or tried). */
export interface ListedFile {
  /** The agent. */
  agent: string;
  /** user, project or system. */
  scope: ReadLocation["scope"];
  /** The absolute path. */
  file: string;
  /** json or toml. */
  format: "json" | "toml";
  /** read, missing, or unreadable. */
  status: "read" | "missing" | "unreadable";
  /** Problems of the file as a whole. */
  problems: string[];
}

/** One hook entry. */
export interface ListedEntry {
  /** The agent. */
  agent: string;
  /** The file's scope. */
  scope: ReadLocation["scope"];
  /** The file. */
  file: string;
  /** The native event name as written. */
  event: string;
  /** The contract event, when the name is one the agent has. */
  contractEvent: ContractEvent | null;
  /** The matcher, if any. */
  matcher: string | null;
  /** The hook type (command, http, ...). */
  type: string;
  /** The command line, or the program and its arguments joined. */
  command: string | null;
  /** The timeout as written, with its unit and in seconds. */
  timeout: { value: number; unit: "s" | "ms"; seconds: number } | null;
  /** Whether everyhook wrote it. */
  ours: boolean;
  /** The hook an everyhook entry runs. */
  hook: string | null;
  /** Other agents that run this entry too. */
  alsoRunBy: string[];
  /** What it would trip over. */
  problems: string[];
}

/** The whole listing. */
export interface Listing {
  /** The project folder. */
  project: string;
  /** Every file tried. */
  files: ListedFile[];
  /** Every entry found. */
  entries: ListedEntry[];
}

/** The world list reads. */
export interface ListWorld {
  /** The environment (HOME, the agents' variables, PATH, EVERYHOOK_SYSTEM_DIR). */
  env: Readonly<Record<string, string>>;
  /** The operating system. */
  os: string;
  /** The project folder (absolute). */
  project: string;
  /** Whether a path exists (injected for tests). */
  exists?: (path: string) => boolean;
}

interface Located extends ReadLocation {
  path: string;
  layout: EntryLayout;
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
 * Every file an agent reads hooks from: the ones install writes and its other reads.
 *
 * @param agent The agent.
 * @param world The environment, system and project.
 * @returns The files with their absolute paths, in the agent's order.
 *
 * @example Usage
 * ```ts
 * import { agentLocations } from "./list.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const files = agentLocations(findAgent("codex")!, { env: { HOME: "/h" }, os: "linux", project: "/p" });
 * console.assert(files.some((f) => f.path === "/h/.codex/config.toml"));
 * ```
 */
export function agentLocations(
  agent: Agent,
  world: ListWorld,
): Array<ReadLocation & { path: string }> {
  const own: ReadLocation[] = [
    { ...agent.install.files.user, format: "json" },
    { ...agent.install.files.project, format: "json" },
  ];
  if (agent.install.files.user.parts.length > 2) {
    // A hooks file in a folder of hooks files: the agent reads every file there (Copilot CLI).
    const folder = (where: typeof agent.install.files.user): ReadLocation => ({
      ...where,
      parts: where.parts.slice(0, -1),
      format: "json",
      folder: true,
    });
    own.splice(0, 2, folder(agent.install.files.user), folder(agent.install.files.project));
  }
  const paths = pathsFor(world.os);
  const out: Array<ReadLocation & { path: string }> = [];
  for (const loc of [...own, ...(agent.reads ?? [])]) {
    if (loc.os && !loc.os.includes(world.os)) continue;
    let path: string;
    if (loc.scope === "project") path = paths.resolve(world.project, ...loc.parts);
    else if (loc.scope === "system") {
      path = paths.resolve(
        world.env.EVERYHOOK_SYSTEM_DIR || paths.parse(world.project).root || "/",
        ...loc.parts,
      );
    } else {
      const moved = loc.env === undefined ? undefined : world.env[loc.env];
      path = moved ? paths.resolve(moved, ...loc.parts.slice(loc.envReplaces ?? 0)) : paths.resolve(
        homeFolder({ env: world.env, os: world.os, project: world.project }),
        ...loc.parts,
      );
    }
    out.push({ ...loc, path });
  }
  return out;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? v as Record<string, unknown>
    : undefined;
}

function contractEventOf(agent: Agent, name: string): ContractEvent | null {
  for (const [event, e] of Object.entries(agent.events)) {
    if (e?.native === name) return event as ContractEvent;
  }
  return agent.aliasEvents[name] ?? null;
}

function knownNames(agent: Agent): string[] {
  return [
    ...Object.values(agent.events).map((e) => e?.native ?? ""),
    ...Object.keys(agent.aliasEvents),
  ];
}

function programProblem(
  command: string,
  world: ListWorld,
  exists: (p: string) => boolean,
): string | undefined {
  const words = splitLine(command);
  if (!words || words.length === 0) return undefined;
  if (/[|&;<>$`()]/.test(command.replace(/"[^"]*"|'[^']*'/g, ""))) return undefined; // not a simple command
  const program = words[0] as string;
  const paths = pathsFor(world.os);
  const missing = (p: string) => `the program "${p}" is not there`;
  if (program.includes("/") || program.includes("\\")) {
    if (!exists(paths.resolve(world.project, program))) return missing(program);
  } else {
    // An empty PATH says nothing about where programs are: no problem is reported then.
    const path = world.os === "windows"
      ? Object.entries(world.env).find(([k]) => k.toUpperCase() === "PATH")?.[1]
      : world.env.PATH;
    if (path && findOnPath(program, world.env, world.os as typeof Deno.build.os) === undefined) {
      return `the program "${program}" is not on PATH`;
    }
  }
  const interpreters = new Set([
    "node",
    "deno",
    "bun",
    "python",
    "python3",
    "bash",
    "sh",
    "pwsh",
    "powershell",
    "ruby",
    "perl",
  ]);
  const base = program.replace(/^.*[\\/]/, "").replace(/\.exe$/i, "");
  if (interpreters.has(base)) {
    const script = words.slice(1).find((w) => !w.startsWith("-") && /\.[A-Za-z]+$/.test(w));
    if (script && !exists(paths.resolve(world.project, script))) {
      return `the script "${script}" is not there`;
    }
  }
  return undefined;
}

function readEntries(
  agent: Agent,
  loc: Located,
  root: Record<string, unknown>,
  world: ListWorld,
  exists: (p: string) => boolean,
  fileProblems: string[],
): ListedEntry[] {
  const entries: ListedEntry[] = [];
  const hooks = root.hooks;
  if (hooks === undefined) return entries;
  const table = asRecord(hooks);
  if (!table) {
    fileProblems.push(`"hooks" is not an object: the agent reads no hook from this file`);
    return entries;
  }
  const info = agent.install;
  const flatLayout = loc.layout === "flat";
  const unit = loc.layout === agent.install.layout ? info.timeoutUnit : "s";
  for (const [event, list] of Object.entries(table)) {
    if (loc.skipKeys?.includes(event)) continue;
    if (!Array.isArray(list)) {
      fileProblems.push(
        `the entries of "${event}" are not an array: ${
          agent.listing?.notArray ?? `${agent.name} expects one`
        }`,
      );
      continue;
    }
    const contractEvent = contractEventOf(agent, event);
    const handlers: Array<{ handler: Record<string, unknown>; matcher: string | null }> = [];
    for (const item of list) {
      const group = asRecord(item);
      if (!group) continue;
      if (!flatLayout && Array.isArray(group.hooks)) {
        const matcher = typeof group.matcher === "string" ? group.matcher : null;
        for (const h of group.hooks) {
          const handler = asRecord(h);
          if (handler) handlers.push({ handler, matcher });
        }
      } else {
        handlers.push({
          handler: group,
          matcher: typeof group.matcher === "string" ? group.matcher : null,
        });
      }
    }
    for (const { handler, matcher } of handlers) {
      const problems: string[] = [];
      if (contractEvent === null) {
        const slip = knownNames(agent).find((n) => n.toLowerCase() === event.toLowerCase());
        problems.push(
          slip
            ? `"${event}" is not an event of ${agent.name}: did you mean "${slip}"?`
            : `"${event}" is not an event ${agent.name} documents: it never fires`,
        );
      }
      const type = typeof handler.type === "string" ? handler.type : "command";
      const exec = info.execFields && typeof handler[info.execFields.program] === "string"
        ? [
          handler[info.execFields.program] as string,
          ...((handler[info.execFields.args] as unknown[] | undefined) ?? []).map(String),
        ].join(" ")
        : undefined;
      const commandField = flatLayout
        ? [info.commandField, "command", "bash", "powershell"]
        : ["command"];
      const text = exec ??
        commandField.map((f) => handler[f]).find((v): v is string => typeof v === "string");
      const command = text ?? null;
      if (command === null && type === "command") problems.push("the entry has no command");
      const runs = agent.listing?.runsTypes;
      if (runs && !runs.includes(type)) {
        problems.push(`${agent.name} runs only ${runs.join(", ")} hooks, not "${type}"`);
      }
      const timeoutField = flatLayout ? [info.timeoutField, "timeout", "timeoutSec"] : ["timeout"];
      const raw = timeoutField.map((f) => handler[f]).find((v): v is number =>
        typeof v === "number"
      );
      let timeout: ListedEntry["timeout"] = null;
      if (raw !== undefined) {
        timeout = { value: raw, unit, seconds: unit === "ms" ? raw / 1000 : raw };
        if (unit === "ms" && raw < 1000) {
          problems.push(`timeout ${raw} is ${raw} milliseconds here, not seconds`);
        }
        if (unit === "s" && raw >= 1000) {
          problems.push(
            `timeout ${raw} is in seconds here: more than ${Math.floor(raw / 60)} minutes`,
          );
        }
      }
      if (matcher !== null && matcher !== "*" && matcher !== "") {
        try {
          new RegExp(matcher);
        } catch {
          problems.push(`the matcher "${matcher}" is not a regular expression`);
        }
      }
      const line = entryLine(handler, info);
      const ours = line !== undefined;
      if (line) {
        if (line.hook && !exists(line.hook)) {
          problems.push(`the hook "${line.hook}" is not there any more`);
        }
        const program = (exec
          ? [handler[info.execFields?.program ?? ""] as string]
          : splitLine(command ?? "") ?? [])[0];
        if (program && (program.includes("/") || program.includes("\\")) && !exists(program)) {
          problems.push(`everyhook ("${program}") is not there any more`);
        }
      } else if (command !== null) {
        const p = programProblem(command, world, exists);
        if (p) problems.push(p);
      }
      entries.push({
        agent: agent.id,
        scope: loc.scope,
        file: loc.path,
        event,
        contractEvent,
        matcher,
        type,
        command,
        timeout,
        ours,
        hook: line?.hook ?? null,
        alsoRunBy: [],
        problems,
      });
    }
  }
  return entries;
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
 * import { listHooks } from "./list.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const listing = await listHooks([findAgent("cursor")!], {
 *   env: { HOME: "/nowhere" }, os: "linux", project: "/nowhere/p", exists: () => false,
 * });
 * console.assert(listing.entries.length === 0);
 * ```
 */
export async function listHooks(agents: readonly Agent[], world: ListWorld): Promise<Listing> {
  const exists = world.exists ?? existsOnDisk;
  const files: ListedFile[] = [];
  const entries: ListedEntry[] = [];
  for (const agent of agents) {
    const layers = new Map<string, string[]>(); // Codex: which formats hold hooks, per folder
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
        let text: string;
        try {
          text = await Deno.readTextFile(path);
        } catch (e) {
          if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.NotADirectory) {
            if (!where.folder) files.push({ ...file, status: "missing" });
            continue;
          }
          throw e;
        }
        let root: Record<string, unknown> | undefined;
        try {
          root = asRecord(
            loc.format === "toml"
              ? parseToml(text)
              : text.trim() === ""
              ? {}
              : parseJsonText(text, path),
          );
        } catch (e) {
          file.status = "unreadable";
          file.problems.push(
            `not valid ${loc.format === "toml" ? "TOML" : "JSON"}: ${
              (e as Error).message.split("\n")[0]
            }`,
          );
        }
        if (root) {
          if (
            loc.layout === "flat" && root.version !== undefined && root.version !== 1 &&
            where.folder
          ) {
            file.problems.push(
              `"version" is ${JSON.stringify(root.version)}, not 1: ${
                agent.listing?.versionIgnored ?? `${agent.name} may not read it`
              }`,
            );
          }
          const found = readEntries(agent, loc, root, world, exists, file.problems);
          entries.push(...found);
          if (found.length > 0 && agent.reads?.some((r) => r.format === "toml")) {
            const dir = pathsFor(world.os).dirname(path);
            layers.set(dir, [...(layers.get(dir) ?? []), loc.format]);
          }
        }
        files.push(file);
      }
    }
    for (const [dir, formats] of layers) {
      if (new Set(formats).size > 1) {
        const file = files.find((f) =>
          f.agent === agent.id && pathsFor(world.os).dirname(f.file) === dir && f.format === "toml"
        );
        file?.problems.push(
          `hooks in both hooks.json and config.toml of ${dir}: ${agent.name} merges them and warns at every start`,
        );
      }
    }
  }
  markCrossReads(agents, entries);
  return { project: world.project, files, entries };
}

// An agent that reads another agent's file runs that file's hooks too.
function markCrossReads(agents: readonly Agent[], entries: ListedEntry[]): void {
  for (const entry of entries) {
    for (const other of agents) {
      if (other.id === entry.agent) continue;
      const reads = other.reads?.some((r) =>
        r.layout !== undefined && entry.file.endsWith([...r.parts].join("/"))
      );
      if (reads && !entry.alsoRunBy.includes(other.id)) {
        entry.alsoRunBy.push(other.id);
        entry.problems.push(`${other.name} reads this file too and will run this hook`);
      }
    }
  }
  // The copies another agent reads are reported once, under the file's own agent.
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i] as ListedEntry;
    if (
      entries.some((o) =>
        o !== e && o.file === e.file && o.agent !== e.agent && o.alsoRunBy.includes(e.agent) &&
        o.event === e.event && o.command === e.command
      )
    ) {
      entries.splice(i, 1);
    }
  }
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
