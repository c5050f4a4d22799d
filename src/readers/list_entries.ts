/**
 * The entries of one settings file as `list` reports them: each with its contract
 * event, command, timeout and whether everyhook wrote it, and the problems it
 * would trip over (an event the agent does not have, a timeout in the wrong
 * unit, a program or hook that is not there). Reads no file; `exists` is asked.
 *
 * @module
 */

import type { Agent, EntryLayout, ReadLocation } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { entryLine } from "../settings/settings_file.ts";
import { walkEntries } from "../settings/entry_walk.ts";
import { pathsFor } from "../settings/locations.ts";
import { samePath, splitLine } from "../settings/command_line.ts";
import { importedCommand } from "../settings/import_line.ts";
import { findOnPath } from "../os/path_search.ts";
import type { ListedEntry, ListWorld, Problem, ProblemKind } from "./listing.ts";

/** A file `list` reads, with its path and the layout its entries are read in. */
export interface Located extends ReadLocation {
  /** The file's absolute path. */
  path: string;
  /** The layout of its entries. */
  layout: EntryLayout;
}

/**
 * Every entry of one file's `hooks`, each with the problems it would trip over.
 * Problems of the file as a whole (a `hooks` that is not an object, an event
 * whose entries are not a list) go to `fileProblems`.
 *
 * @param agent The agent whose file it is.
 * @param loc The file.
 * @param root The file's root object.
 * @param world The environment, system and project.
 * @param exists Whether a path exists.
 * @param fileProblems Where the file's own problems go.
 * @returns The entries, in file order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readEntries } from "./list_entries.ts";
 * import type { Problem } from "./listing.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const codex = findAgent("codex")!;
 * const problems: Problem[] = [];
 * const entries = readEntries(
 *   codex,
 *   { scope: "user", parts: [], format: "json", path: "/h/.codex/hooks.json", layout: "matcher-groups" },
 *   { hooks: { stop: [{ hooks: [{ type: "command", command: "true" }] }], Stop: {} } },
 *   { env: {}, os: "linux", project: "/p" },
 *   () => true,
 *   problems,
 * );
 * assert.equal(entries[0]!.problems[0]!.kind, "unknown-event");
 * assert.match(entries[0]!.problems[0]!.text, /did you mean "Stop"/);
 * assert.equal(problems[0]!.kind, "syntax");
 * assert.match(problems[0]!.text, /^the entries of "Stop" are not an array/);
 * ```
 */
export function readEntries(
  agent: Agent,
  loc: Located,
  root: Record<string, unknown>,
  world: ListWorld,
  exists: (p: string) => boolean,
  fileProblems: Problem[],
): ListedEntry[] {
  const entries: ListedEntry[] = [];
  const hooks = root.hooks;
  if (hooks === undefined) return entries;
  const table = asRecord(hooks);
  if (!table) {
    fileProblems.push({
      kind: "syntax",
      text: `"hooks" is not an object: the agent reads no hook from this file`,
    });
    return entries;
  }
  const skipped = (key: string) => loc.skipKeys?.includes(key) ?? false;
  const walked = walkEntries(table, loc.layout, (event) => {
    if (skipped(event)) return;
    fileProblems.push({
      kind: "syntax",
      text: `the entries of "${event}" are not an array: ${
        agent.listing?.notArray ?? `${agent.name} expects one`
      }`,
    });
  });
  const info = agent.install;
  const flatLayout = loc.layout === "flat";
  const unit = loc.layout === agent.install.layout ? info.timeoutUnit : "s";
  for (const entry of walked) {
    if (skipped(entry.native)) continue;
    const event = entry.native;
    const contractEvent = contractEventOf(agent, event);
    const handler = entry.value;
    const matcher = typeof entry.matcher === "string" ? entry.matcher : null;
    const problems: Problem[] = [];
    const add = (kind: ProblemKind, text: string) => problems.push({ kind, text });
    if (contractEvent === null) {
      const slip = knownNames(agent).find((n) => n.toLowerCase() === event.toLowerCase());
      add(
        "unknown-event",
        slip
          ? `"${event}" is not an event of ${agent.name}: did you mean "${slip}"?`
          : `"${event}" is not one of the ${agent.name} events everyhook knows: check its name, as a misspelt event never fires`,
      );
    }
    const type = typeof handler.type === "string" ? handler.type : "command";
    const exec = info.execFields && typeof handler[info.execFields.program] === "string"
      ? [
        handler[info.execFields.program] as string,
        ...((handler[info.execFields.args] as unknown[] | undefined) ?? []).map(String),
      ].map(shellWord).join(" ")
      : undefined;
    const commandField = flatLayout
      ? [info.commandField, "command", "bash", "powershell"]
      : ["command"];
    const text = exec ??
      commandField.map((f) => handler[f]).find((v): v is string => typeof v === "string");
    const command = text ?? null;
    if (command === null && type === "command") add("no-command", "the entry has no command");
    const runs = agent.listing?.runsTypes;
    if (runs && !runs.includes(type)) {
      add("hook-type", `${agent.name} runs only ${runs.join(", ")} hooks, not "${type}"`);
    }
    const timeoutField = flatLayout ? [info.timeoutField, "timeout", "timeoutSec"] : ["timeout"];
    const raw = timeoutField.map((f) => handler[f]).find((v): v is number => typeof v === "number");
    let timeout: ListedEntry["timeout"] = null;
    if (raw !== undefined) {
      const msFrom = unit === "s" ? info.timeoutMsFrom : undefined;
      const readAs = msFrom !== undefined && raw >= msFrom ? "ms" : unit;
      timeout = { value: raw, unit: readAs, seconds: readAs === "ms" ? raw / 1000 : raw };
      if (unit === "ms" && raw < 1000) {
        add("timeout", `timeout ${raw} is ${raw} milliseconds here, not seconds`);
      }
      if (msFrom !== undefined && raw >= msFrom) {
        add(
          "timeout",
          `timeout ${raw} is read as milliseconds (${
            raw / 1000
          } s): ${agent.name} reads ${msFrom} or more as milliseconds`,
        );
      } else if (unit === "s" && raw >= 1000) {
        add(
          "timeout",
          `timeout ${raw} is in seconds here: more than ${Math.floor(raw / 60)} minutes`,
        );
      }
    }
    if (matcher !== null && matcher !== "*" && matcher !== "") {
      try {
        new RegExp(matcher);
      } catch {
        add("matcher", `the matcher "${matcher}" is not a regular expression`);
      }
    }
    const line = entryLine(handler, info);
    const ours = line !== undefined;
    const imported = line ? importedCommand(line) : undefined;
    const hook = line?.inProject && line.hook
      ? pathsFor(world.os).resolve(world.project, line.hook)
      : line?.hook;
    if (line) {
      if (hook && imported === undefined && !exists(hook)) {
        add("missing-file", `the hook "${hook}" is not there any more`);
      }
      const program = (exec
        ? [handler[info.execFields?.program ?? ""] as string]
        : splitLine(command ?? "") ?? [])[0];
      const who = line.mode === "direct" ? "deno" : "everyhook";
      if (program && (program.includes("/") || program.includes("\\")) && !exists(program)) {
        add("missing-file", `${who} ("${program}") is not there any more`);
      } else if (program && !program.includes("/") && !program.includes("\\")) {
        const path = world.os === "windows"
          ? Object.entries(world.env).find(([k]) =>
            k.toUpperCase() === "PATH"
          )?.[1]
          : world.env.PATH;
        if (
          path && findOnPath(program, world.env, world.os as typeof Deno.build.os) === undefined
        ) {
          add(
            "missing-file",
            `"${program}" is not on PATH here, so this line cannot start: install it as everyhook's README says`,
          );
        }
      }
    } else if (command !== null) {
      const p = programProblem(command, world, exists);
      if (p) add("missing-file", p);
    }
    // In the home folder, the project's file is the user's own: no teammate clones it.
    const home = world.os === "windows" ? world.env.USERPROFILE || world.env.HOME : world.env.HOME;
    if (loc.scope === "project" && command !== null && !(home && samePath(home, world.project))) {
      for (const path of foreignPaths(command, world)) {
        add(
          "machine-path",
          `it holds "${path}", a path of this machine outside the project: a teammate's clone does not have it (everyhook sync writes lines that name nothing outside the project)`,
        );
      }
    }
    entries.push({
      agent: agent.id,
      scope: loc.scope,
      file: loc.path,
      event,
      contractEvent,
      matcher,
      type,
      name: typeof handler.name === "string" ? handler.name : null,
      command,
      timeout,
      ours,
      mode: line?.mode ?? null,
      hook: imported === undefined ? hook ?? null : null,
      speaks: line?.speaks === undefined
        ? null
        : { agent: line.speaks, command: imported ?? null, from: null },
      alsoRunBy: [],
      problems,
      notes: [],
      warnings: [],
    });
  }
  return entries;
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

/**
 * A word as a POSIX shell reads it back as one word: bare when it holds only
 * safe characters, else in single quotes (a single quote written `'\''`).
 * How `list` shows a program and its arguments that an agent starts without a
 * shell, so the line can be read, and pasted, as the agent will run it.
 *
 * @param word The word.
 * @returns The word, quoted when it needs to be.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellWord } from "./list_entries.ts";
 * assert(shellWord("/a/b.ts") === "/a/b.ts");
 * assert(shellWord("/a b/it's.ts") === "'/a b/it'\\''s.ts'");
 * ```
 */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/** The absolute paths a project entry's command holds that are not inside the project. */
function foreignPaths(command: string, world: ListWorld): string[] {
  const paths = pathsFor(world.os);
  const inside = (p: string) => {
    const rel = paths.relative(world.project, p);
    return rel === "" || (!rel.startsWith("..") && !paths.isAbsolute(rel));
  };
  const words = splitLine(command) ?? command.split(/\s+/);
  const absolute = /^(?:\/[^/]|[A-Za-z]:[\\/]|~\/)/;
  return [...new Set(words.filter((w) => absolute.test(w) && !inside(w)))];
}
