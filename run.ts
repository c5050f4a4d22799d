#!/usr/bin/env -S deno run --allow-read --allow-run --allow-env
/**
 * `everyhook run` alone: the program the line install writes starts on every
 * tool call. It does what cli.ts does for `run` (the same permission check,
 * command and exit codes) without cli.ts's command table of loaders: Deno
 * builds the graph of every module a program can reach, dynamic imports
 * included, before it runs any, so cli.ts costs every command's modules on each
 * call and this entry only run's. Words that are not a `run` line (another
 * command, `--help`, `--version`) are a usage error that names cli.ts. Like
 * cli.ts, it may end the process (`Deno.exit`), and loads no `node:` or `npm:`
 * module.
 *
 * @example Usage
 * ```sh
 * deno run --allow-read --allow-run --allow-env run.ts run --agent claude-code --event pre-tool -- hook.ts
 * ```
 *
 * @module
 */

import { command } from "./src/commands/run.ts";
import { denoIo, type Io, packageRootOf } from "./src/cli/io.ts";
import { EveryhookError } from "./src/contract/errors.ts";
import { checkPermissions, fromNotCapable, type PermissionQuery } from "./src/cli/permissions.ts";
import { RUN_PERMISSIONS, runtimeFacts } from "./src/os/runtime.ts";
export type { Io } from "./src/cli/io.ts";
export type { PermissionQuery } from "./src/cli/permissions.ts";
export type { PermissionName } from "./src/os/runtime.ts";

/** What tests change about the process {@linkcode runMain} runs in. */
export interface RunMainOptions {
  /** Reads a permission's state; default Deno's own. */
  query?: PermissionQuery;
  /** True as in a compiled binary; default this process's. */
  standalone?: boolean;
}

/**
 * Run a `run` line: `[--json] run --agent A --event E [...] -- HOOK [ARGS...]`
 * (the word `run` may be left out), as `everyhook run` does.
 *
 * @param args The arguments, without the program's name.
 * @param io The world.
 * @param options Injected permission answers, for tests.
 * @returns The exit code the agent should see, 2 for a usage error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runMain } from "./run.ts";
 * import { memoryIo } from "./src/cli/io.ts";
 * const io = memoryIo();
 * assert(await runMain(["--version"], io) === 2);
 * ```
 */
export async function runMain(
  args: readonly string[],
  io: Io,
  options: RunMainOptions = {},
): Promise<number> {
  const standalone = options.standalone ?? runtimeFacts().standalone;
  const global = args[0] === "--json";
  const rest = global ? args.slice(1) : args;
  const words = rest[0] === "run" ? rest.slice(1) : [...rest];
  const own = words.indexOf("--") < 0 ? words : words.slice(0, words.indexOf("--"));
  const json = global || own.includes("--json");
  try {
    const first = rest[0];
    const other = own.find((w) => w === "--help" || w === "-h" || w === "--version") ??
      (first !== undefined && first !== "run" && !first.startsWith("-") ? first : undefined);
    if (other !== undefined) {
      throw new EveryhookError(
        "usage",
        `Cannot read "${other}" here: this program (run.ts) runs only everyhook's run command, as the line install writes it; for the rest use cli.ts (everyhook help run)`,
      );
    }
    checkPermissions("run", RUN_PERMISSIONS, {
      standalone,
      ...(options.query ? { query: options.query } : {}),
    });
    return await command(global ? ["--json", ...words] : words, io);
  } catch (error) {
    const known = error instanceof EveryhookError
      ? error
      : fromNotCapable(error, "run", standalone) ?? internal(error);
    if (json) {
      const { errorDocument, jsonText } = await import("./src/cli/report.ts");
      io.out(jsonText(errorDocument(known)));
    } else io.err(`everyhook: ${known.message}\n`);
    return known.exitCode;
  }
}

function internal(error: unknown): EveryhookError {
  const detail = error instanceof Error ? error.stack ?? error.message : String(error);
  return new EveryhookError("internal", `Something went wrong inside everyhook: ${detail}`, {
    cause: error,
  });
}

if (import.meta.main) {
  Deno.exit(await runMain(Deno.args, denoIo(packageRootOf(import.meta.url))));
}
