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
import { COMMANDS, findCommand } from "./src/commands.ts";
import { EverhookError, EXIT } from "./src/errors.ts";
import { EVENTS } from "./src/contract.ts";
import { denoIo, type Io } from "./src/io.ts";
import { checkPermissions, fromNotCapable, type PermissionQuery } from "./src/permissions.ts";
import { commandHelp, errorDocument, generalHelp, jsonText } from "./src/report.ts";
import { runtimeFacts } from "./src/self.ts";

/** everyhook's version, from deno.json. */
export const VERSION: string = denoJson.version;

/** What tests change about the process `main` runs in. */
export interface MainOptions {
  /** Reads a permission's state; default Deno's own. */
  query?: PermissionQuery;
  /** True as in a compiled binary; default this process's. */
  standalone?: boolean;
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
 * import { memoryIo } from "./src/io.ts";
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
  if (name === "--version" || name === "-v") {
    io.out(`everyhook ${VERSION}\n`);
    return EXIT.ok;
  }
  const spec = findCommand(name);
  const standalone = options.standalone ?? runtimeFacts().standalone;
  try {
    if (!spec) {
      const names = COMMANDS.map((c) => c.name).join(", ");
      throw new EverhookError(
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
    const module = await spec.load();
    return await module.command(rest, io);
  } catch (error) {
    const known = error instanceof EverhookError
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

function internal(error: unknown): EverhookError {
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return new EverhookError("internal", `Something went wrong inside everyhook: ${detail}`, {
    cause: error,
  });
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args, denoIo()));
}
