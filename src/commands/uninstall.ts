/**
 * The `uninstall` command: read the options, uninstall, print the report.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { AGENTS } from "../agents/mod.ts";
import { uninstall } from "../install/uninstall.ts";
import { agentNamed, optionSource } from "../cli/options.ts";
import { commandSpec } from "../cli/commands.ts";
import { oneHook, renderUninstall, runChange } from "../cli/install_cli.ts";

/**
 * Run `everyhook uninstall`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: 0, or 1 when a file was left alone.
 * @throws {EveryhookError} `usage` for bad options.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./uninstall.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["hook.ts", "--dry-run"], denoIo());
 * ```
 */
export function command(args: string[], io: Io): Promise<number> {
  return runChange("uninstall", args, io, {
    run: (a, world) =>
      uninstall({
        hook: a.from === undefined ? oneHook("uninstall", a) : (a.positionals[0] ?? ""),
        ...(a.from === undefined
          ? {}
          : { from: agentNamed(a.from, optionSource(commandSpec("uninstall"), "from")).id }),
        agents: a.agents ?? AGENTS,
        ...(a.events === undefined || a.events === "all" ? {} : { events: a.events }),
        scope: a.scope,
        ...(a.project === undefined ? {} : { project: a.project }),
        dryRun: a.dryRun,
      }, world),
    render: renderUninstall,
  });
}
