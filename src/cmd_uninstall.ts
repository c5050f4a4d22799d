/**
 * The `uninstall` command: read the options, uninstall, print the report.
 *
 * @module
 */

import type { Io } from "./io.ts";
import { EverhookError, EXIT } from "./errors.ts";
import { AGENTS } from "./agents/mod.ts";
import { findCommand } from "./commands.ts";
import { commandHelp, jsonText } from "./report.ts";
import { uninstall } from "./uninstall.ts";
import { changeWorld, parseChangeArgs, renderUninstall } from "./install_cli.ts";

/**
 * Run `everyhook uninstall`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: 0, or 1 when a file was left alone.
 * @throws {EverhookError} `usage` for bad options.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./cmd_uninstall.ts";
 * import { denoIo } from "./io.ts";
 * await command(["hook.ts", "--dry-run"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseChangeArgs("uninstall", args, ["event"]);
  if (a.help) {
    io.out(commandHelp(findCommand("uninstall")!));
    return EXIT.ok;
  }
  const [hook, ...extra] = a.positionals;
  if (hook === undefined || extra.length > 0) {
    throw new EverhookError("usage", 'Cannot read "uninstall": name exactly one hook');
  }
  const report = await uninstall({
    hook,
    agents: a.agents ?? AGENTS,
    ...(a.events === undefined || a.events === "all" ? {} : { events: a.events }),
    scope: a.scope,
    ...(a.project === undefined ? {} : { project: a.project }),
    dryRun: a.dryRun,
  }, changeWorld(io));
  io.out(a.json ? jsonText(report) : renderUninstall(report, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}
