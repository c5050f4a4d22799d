#!/usr/bin/env -S deno run --allow-read --allow-write --allow-run --allow-env
/**
 * The everyhook command line: `main(args, io)` reads the command, checks its
 * permissions, loads only that command's module, and turns errors into exit
 * codes. The only module of everyhook that calls `Deno.exit` (a hook written
 * with the SDK ends its own process). Nothing here loads `node:` or
 * `npm:` modules; other commands bring their own when they load.
 *
 * @example Usage
 * ```sh
 * deno run --allow-read --allow-run --allow-env cli.ts run --agent claude-code --event pre-tool -- hook.ts
 * ```
 *
 * @module
 */

import denoJson from "./deno.json" with { type: "json" };
import { type CommandModule, COMMANDS, type CommandSpec, findCommand } from "./src/cli/commands.ts";
import { EveryhookError, EXIT } from "./src/contract/errors.ts";
import { EVENTS } from "./src/contract/contract.ts";
import { denoIo, type Io, packageRootOf } from "./src/cli/io.ts";
import { checkPermissions, fromNotCapable, type PermissionQuery } from "./src/cli/permissions.ts";
import { errorDocument, jsonText } from "./src/cli/report.ts";
import { commandHelp, generalHelp, helpJson } from "./src/cli/help.ts";
import { parseArgs } from "./src/cli/args.ts";
import { closest } from "./src/cli/suggest.ts";
import { shortMessage } from "./src/cli/short_text.ts";
import { buildTarget, runtimeFacts } from "./src/run/runtime.ts";

/**
 * Where each command's code is: a command's module is loaded only when that
 * command runs, so `run` loads none of the others (the agents are loaded the
 * same way: one through their registry, all of them for the help).
 */
const LOADERS: Readonly<Record<string, () => Promise<CommandModule>>> = {
  run: () => import("./src/commands/run.ts"),
  install: () => import("./src/commands/install.ts"),
  uninstall: () => import("./src/commands/uninstall.ts"),
  new: () => import("./src/commands/new.ts"),
  import: () => import("./src/commands/import.ts"),
  restore: () => import("./src/commands/restore.ts"),
  list: () => import("./src/commands/list.ts"),
  sync: () => import("./src/commands/sync.ts"),
  trust: () => import("./src/commands/trust.ts"),
  bench: () => import("./src/commands/bench.ts"),
  explain: () => import("./src/commands/explain.ts"),
  demo: () => import("./src/commands/demo.ts"),
  verify: () => import("./src/commands/verify.ts"),
};

/** everyhook's version, from deno.json. */
export const VERSION: string = denoJson.version;

/** What tests change about the process `main` runs in. */
export interface MainOptions {
  /** Reads a permission's state; default Deno's own. */
  query?: PermissionQuery;
  /** True as in a compiled binary; default this process's. */
  standalone?: boolean;
  /** The target the binary was built for; default this process's. */
  target?: string;
}

/**
 * Run the command line: `everyhook [--json] <command> [options]`,
 * `everyhook help <command>`, `everyhook --help`, `everyhook --version`.
 *
 * @param args The arguments, without the program's name.
 * @param io The world.
 * @param options Injected permission answers, for tests.
 * @returns The exit code: 0 ok, 1 findings, a refusal or a failed hook, 2 a usage error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./cli.ts";
 * import { memoryIo } from "./src/cli/io.ts";
 * const io = memoryIo();
 * assert(await main(["--version"], io) === 0);
 * ```
 */
export async function main(args: string[], io: Io, options: MainOptions = {}): Promise<number> {
  const standalone = options.standalone ?? runtimeFacts().standalone;
  const global = readGlobal(args);
  let json = global.json || ownWords(global.rest).includes("--json");
  try {
    if (global.error) throw global.error;
    if (global.version) {
      const binary = standalone ? ` (binary for ${options.target ?? buildTarget()})` : "";
      io.out(`everyhook ${VERSION}${binary}\n`);
      return EXIT.ok;
    }
    const [name, ...rest] = global.rest;
    // The agents are loaded for the help alone: `run` loads one agent, not all of them.
    const context = async () => ({
      version: VERSION,
      events: EVENTS,
      agents: (await import("./src/agents/mod.ts")).AGENTS,
    });
    if (name === undefined) {
      io.out(
        json
          ? jsonText(helpJson(COMMANDS, undefined, await context()))
          : generalHelp(COMMANDS, await context()),
      );
      return EXIT.ok;
    }
    const spec = commandNamed(name);
    const help = async () =>
      io.out(
        json
          ? jsonText(helpJson(COMMANDS, spec, await context()))
          : commandHelp(spec, await context()),
      );
    if (global.help) {
      await help();
      return EXIT.ok;
    }
    const takesJson = spec.flags.some((f) => f.name === "json");
    const words = global.json && takesJson ? ["--json", ...rest] : rest;
    const parsed = parseArgs(spec, words);
    if (parsed.help) {
      await help();
      return EXIT.ok;
    }
    json = takesJson && parsed.flag("json");
    checkPermissions(spec.name, spec.permissions, {
      standalone,
      ...(options.query ? { query: options.query } : {}),
    });
    const load = LOADERS[spec.name];
    if (!load) throw new EveryhookError("internal", `The command "${spec.name}" has no module`);
    const module = await load();
    return await module.command(words, io);
  } catch (error) {
    const known = error instanceof EveryhookError
      ? error
      : fromNotCapable(error, global.rest[0] ?? "everyhook", standalone) ?? internal(error);
    const message = shortMessage(known.message, args);
    if (json) io.out(jsonText(errorDocument({ code: known.code, message })));
    else io.err(`everyhook: ${message}\n`);
    return known.exitCode;
  }
}

/** What comes before the command: `--json`, `--help`, `--version`, and `help <command>`. */
interface Global {
  json: boolean;
  help: boolean;
  version: boolean;
  /** The command's name and its words. */
  rest: string[];
  error?: EveryhookError;
}

function readGlobal(args: readonly string[]): Global {
  const out: Global = { json: false, help: false, version: false, rest: [] };
  let i = 0;
  for (; i < args.length && args[i]!.startsWith("-"); i++) {
    const word = args[i]!;
    if (word === "--json") out.json = true;
    else if (word === "--help" || word === "-h") out.help = true;
    else if (word === "--version" || word === "-v") out.version = true;
    else {
      out.error ??= new EveryhookError(
        "usage",
        `Cannot read the everyhook command line: ${word} is not an option before the command; only --json, --help and --version are (write the command first: everyhook <command> ${word})`,
      );
    }
  }
  out.rest = args.slice(i);
  if (out.rest[0] === "help") {
    out.help = true;
    // `help --help`, `help --json`: the whole tool's help; `help <command>`: that command's.
    for (const word of out.rest.slice(1)) if (word === "--json") out.json = true;
    out.rest = out.rest.slice(1).filter((w) => !w.startsWith("-")).slice(0, 1);
  }
  return out;
}

function commandNamed(name: string): CommandSpec {
  const spec = findCommand(name);
  if (spec) return spec;
  const names = COMMANDS.map((c) => c.name);
  const near = closest(name, names);
  throw new EveryhookError(
    "usage",
    `Cannot run "${name}": there is no such command${
      near ? `; did you mean ${near}?` : ""
    } (the commands: ${names.join(", ")}; see everyhook --help)`,
  );
}

/** The words that may be everyhook's: those before `--`. */
function ownWords(args: readonly string[]): readonly string[] {
  const end = args.indexOf("--");
  return end < 0 ? args : args.slice(0, end);
}

function internal(error: unknown): EveryhookError {
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return new EveryhookError("internal", `Something went wrong inside everyhook: ${detail}`, {
    cause: error,
  });
}

/**
 * Run the command line as the program: `Deno.args` in, the exit code out. What
 * `deno run cli.ts` and `deno run mod.ts` (`jsr:@everyhook/cli`) both do.
 *
 * @returns Never: the process exits with the command's code.
 *
 * @example Usage
 * ```ts ignore
 * import { start } from "./cli.ts";
 * await start();
 * ```
 */
export async function start(): Promise<never> {
  Deno.exit(await main(Deno.args, denoIo(packageRootOf(import.meta.url))));
}

if (import.meta.main) await start();
