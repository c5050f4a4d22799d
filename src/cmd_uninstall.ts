/**
 * The `uninstall` command.
 *
 * @module
 */

import type { Io } from "./io.ts";
import { EverhookError } from "./errors.ts";

/**
 * Run `everyhook uninstall`.
 *
 * @param _args The arguments after the command's name.
 * @param _io The world.
 * @returns The exit code.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./cmd_uninstall.ts";
 * await command([], denoIo());
 * ```
 */
export function command(_args: string[], _io: Io): Promise<number> {
  // TODO(#2): replace this placeholder
  return Promise.reject(new EverhookError("internal", 'Cannot run "uninstall": not built yet'));
}
