/**
 * The everyhook command line: a thin layer over the library. The only module
 * that exits.
 *
 * @module
 */

/**
 * Run the command line with the given arguments and return the exit code.
 *
 * @param args The arguments, without the program.
 * @returns The exit code.
 *
 * @example Usage
 * ```ts ignore
 * import { main } from "./cli.ts";
 * Deno.exit(await main(["--version"]));
 * ```
 */
export function main(args: string[]): Promise<number> {
  // TODO(#2): the commands
  return Promise.resolve(args.length >= 0 ? 0 : 1);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
