/**
 * The `install` command: read the options, install, print the report.
 *
 * @module
 */

import type { Io } from "./io.ts";
import { EverhookError, EXIT } from "./errors.ts";
import { findCommand } from "./commands.ts";
import { commandHelp, jsonText } from "./report.ts";
import { install } from "./install.ts";
import { changeWorld, parseChangeArgs, renderInstall } from "./install_cli.ts";
import { runtimeFacts, selfInvocation } from "./self.ts";

/** The agent's timeout when `--timeout` is not given, in seconds. */
export const DEFAULT_TIMEOUT = 30;

/**
 * Run `everyhook install`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: 0, or 1 when a file was left alone.
 * @throws {EverhookError} `usage` for bad options; `not-found` for a missing hook;
 *   `path-refused` for a path that cannot be written into a line.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./cmd_install.ts";
 * import { denoIo } from "./io.ts";
 * await command(["hook.ts", "--all", "--dry-run"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseChangeArgs("install", args, ["event", "matcher", "timeout", "fail-closed"]);
  if (a.help) {
    io.out(commandHelp(findCommand("install")!));
    return EXIT.ok;
  }
  const [hook, ...extra] = a.positionals;
  if (hook === undefined || extra.length > 0) {
    throw new EverhookError("usage", 'Cannot read "install": name exactly one hook');
  }
  if (a.agents === undefined) {
    throw new EverhookError(
      "usage",
      'Cannot read "install": name the agents with --agent or --all',
    );
  }
  let self;
  try {
    self = selfInvocation(runtimeFacts());
  } catch (e) {
    throw new EverhookError("internal", (e as Error).message);
  }
  const report = await install({
    hook,
    agents: a.agents,
    events: a.events ?? ["pre-tool"],
    scope: a.scope,
    ...(a.project === undefined ? {} : { project: a.project }),
    ...(a.matcher === undefined ? {} : { matcher: a.matcher }),
    timeout: a.timeout ?? DEFAULT_TIMEOUT,
    failClosed: a.failClosed,
    dryRun: a.dryRun,
    self,
  }, changeWorld(io));
  io.out(a.json ? jsonText(report) : renderInstall(report, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}
