#!/usr/bin/env -S deno run --allow-read --allow-write --allow-run --allow-env
/**
 * The everyhook command line: `main(args, io)` reads the command, checks its
 * permissions, loads only that command's module, and turns errors into exit
 * codes. The only module that calls `Deno.exit`. Nothing here loads `node:` or
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
import { type CommandModule, COMMANDS, findCommand } from "./src/cli/commands.ts";
import { EveryhookError, EXIT } from "./src/contract/errors.ts";
import { EVENTS } from "./src/contract/contract.ts";
import { denoIo, type Io } from "./src/cli/io.ts";
import { checkPermissions, fromNotCapable, type PermissionQuery } from "./src/cli/permissions.ts";
import { errorDocument, jsonText } from "./src/cli/report.ts";
import { commandHelp, generalHelp } from "./src/cli/help.ts";
import { buildTarget, runtimeFacts } from "./src/run/runtime.ts";

/**
 * Where each command's code is. The only dynamic imports in everyhook: a
 * command's module is loaded only when that command runs, so `run` loads none
 * of the others.
 */
const LOADERS: Readonly<Record<string, () => Promise<CommandModule>>> = {
  run: () => import("./src/commands/run.ts"),
  install: () => import("./src/commands/install.ts"),
  uninstall: () => import("./src/commands/uninstall.ts"),
  restore: () => import("./src/commands/restore.ts"),
  list: () => import("./src/commands/list.ts"),
  bench: () => import("./src/commands/bench.ts"),
  explain: () => import("./src/commands/explain.ts"),
  demo: () => import("./src/commands/demo.ts"),
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
 * Run the command line.
 *
 * @param args The arguments, without the program's name.
 * @param io The world.
 * @param options Injected permission answers, for tests.
 * @returns The exit code: 0 ok, 1 findings, a refusal or a failed hook, 2 a usage error.
 *
 * @example Usage
 * ```ts
 * import { main } from "./cli.ts";
 * import { memoryIo } from "./src/cli/io.ts";
 * const io = memoryIo();
 * console.assert(await main(["--version"], io) === 0);
 * ```
 */
export async function main(args: string[], io: Io, options: MainOptions = {}): Promise<number> {
  const [name, ...rest] = args;
  const own = ownArgs(rest);
  const json = own.includes("--json");
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.out(generalHelp(COMMANDS, VERSION, EVENTS));
    return EXIT.ok;
  }
  const standalone = options.standalone ?? runtimeFacts().standalone;
  if (name === "--version" || name === "-v") {
    const binary = standalone ? ` (binary for ${options.target ?? buildTarget()})` : "";
    io.out(`everyhook ${VERSION}${binary}\n`);
    return EXIT.ok;
  }
  const spec = findCommand(name);
  try {
    if (!spec) {
      const names = COMMANDS.map((c) => c.name).join(", ");
      throw new EveryhookError(
        "usage",
        `Cannot run "${name}": there is no such command (the commands: ${names}); see everyhook --help`,
      );
    }
    if (own.includes("--help") || own.includes("-h")) {
      io.out(commandHelp(spec));
      return EXIT.ok;
    }
    checkPermissions(spec.name, spec.permissions, {
      standalone,
      ...(options.query ? { query: options.query } : {}),
    });
    const load = LOADERS[spec.name];
    if (!load) throw new EveryhookError("internal", `The command "${spec.name}" has no module`);
    const module = await load();
    return await module.command(rest, io);
  } catch (error) {
    const known = error instanceof EveryhookError
      ? error
      : fromNotCapable(error, name, standalone) ?? internal(error);
    if (json) io.out(jsonText(errorDocument(known.message)));
    else io.err(`everyhook: ${known.message}\n`);
    return known.exitCode;
  }
}

/** The arguments that belong to everyhook: those before `--`. */
function ownArgs(args: readonly string[]): readonly string[] {
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
  Deno.exit(await main(Deno.args, denoIo()));
}

if (import.meta.main) await start();
