/**
 * The `restore` command: read the options, restore, print the report.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import { AGENTS } from "../agents/mod.ts";
import { restore } from "../hooks_files/restore.ts";
import { renderRestore, runChange } from "../cli/install_cli.ts";

/**
 * Run `everyhook restore`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: 0, or 1 when a file could not be put back.
 * @throws {EveryhookError} `usage` for bad options.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./restore.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--agent", "codex", "--dry-run"], denoIo());
 * ```
 */
export function command(args: string[], io: Io): Promise<number> {
  return runChange("restore", args, io, {
    run: (a, world) => {
      // --list alone lists every agent's backups; putting one back needs the agents named.
      const agents = a.agents ?? (a.list ? [...AGENTS] : undefined);
      if (agents === undefined) {
        throw new EveryhookError(
          "usage",
          'Cannot read "restore": name the agents with --agent or --all (restore --list alone lists every agent\'s backups)',
        );
      }
      return restore({
        agents,
        scope: a.scope,
        ...(a.project === undefined ? {} : { project: a.project }),
        dryRun: a.dryRun,
        list: a.list,
        ...(a.backup === undefined ? {} : { backup: a.backup }),
      }, world);
    },
    render: renderRestore,
  });
}
