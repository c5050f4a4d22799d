/**
 * The `restore` command: read the options, restore, print the report.
 *
 * @module
 */

import type { Io } from "./io.ts";
import { EverhookError, EXIT } from "./errors.ts";
import { findCommand } from "./commands.ts";
import { commandHelp, jsonText } from "./report.ts";
import { restore } from "./restore.ts";
import { changeWorld, parseChangeArgs, renderRestore } from "./install_cli.ts";

/**
 * Run `everyhook restore`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: 0, or 1 when a file could not be put back.
 * @throws {EverhookError} `usage` for bad options.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./cmd_restore.ts";
 * import { denoIo } from "./io.ts";
 * await command(["--agent", "codex", "--dry-run"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseChangeArgs("restore", args, []);
  if (a.help) {
    io.out(commandHelp(findCommand("restore")!));
    return EXIT.ok;
  }
  if (a.positionals.length > 0) {
    throw new EverhookError("usage", `Cannot read "restore": it takes no "${a.positionals[0]}"`);
  }
  if (a.agents === undefined) {
    throw new EverhookError(
      "usage",
      'Cannot read "restore": name the agents with --agent or --all',
    );
  }
  const report = await restore({
    agents: a.agents,
    scope: a.scope,
    ...(a.project === undefined ? {} : { project: a.project }),
    dryRun: a.dryRun,
  }, changeWorld(io));
  io.out(a.json ? jsonText(report) : renderRestore(report, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}
