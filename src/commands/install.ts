/**
 * The `install` command: read the options, install, print the report.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import { install } from "../hooks_files/install.ts";
import { oneHook, renderInstall, runChange } from "../cli/install_cli.ts";
import { runtimeFacts } from "../run/runtime.ts";
import { type SelfInvocation, selfInvocation } from "../hooks_files/self.ts";
import { hookPath, type InstallWorld } from "../hooks_files/config_file.ts";
import { notAHookFile } from "../run/read_bounded.ts";
import { checkLoads } from "../hooks_files/load_check.ts";
import { sdkImport } from "../hooks_files/sdk_import.ts";
import { agentsHere } from "../cli/agents_here.ts";
import { spokenProtocol } from "./run.ts";

/**
 * Run `everyhook install`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: 0, or 1 when a file was left alone.
 * @throws {EveryhookError} `usage` for bad options and a hook file that is not
 *   there; `path-refused` for a path that cannot be written into a line.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./install.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["hook.ts", "--all", "--dry-run"], denoIo());
 * ```
 */
export function command(args: string[], io: Io): Promise<number> {
  return runChange("install", args, io, {
    run: async (a, world) => {
      const hook = oneHook("install", a);
      await mustBeAFile(hook, world);
      if (a.agents === undefined) {
        throw new EveryhookError(
          "usage",
          'Cannot read "install": name the agents with --agent or --all',
        );
      }
      if (a.speaks !== undefined) await spokenProtocol(a.speaks);
      let self: SelfInvocation;
      try {
        const jsrUrl = io.env.JSR_URL;
        self = selfInvocation(runtimeFacts(), jsrUrl ? { jsrUrl } : {});
      } catch (e) {
        throw new EveryhookError("internal", (e as Error).message);
      }
      // --all: the agents found here; the others are named, with the flag that writes them.
      const here = a.all ? agentsHere(a.agents, world) : [];
      const skipped = here.filter((h) => !h.found);
      const agents = a.all ? here.filter((h) => h.found).map((h) => h.agent) : a.agents;
      if (agents.length === 0) {
        throw new EveryhookError(
          "not-found",
          `Cannot install with --all: no agent was found here (looked for ${
            skipped.flatMap((s) => s.lookedFor).join(", ")
          }); name the agents with --agent to write their files anyway`,
        );
      }
      const report = await install({
        hook,
        agents,
        events: a.events ?? ["pre-tool"],
        scope: a.scope,
        ...(a.project === undefined ? {} : { project: a.project }),
        ...(a.matcher === undefined ? {} : { matcher: a.matcher }),
        timeout: a.timeout!,
        failClosed: a.failClosed,
        dryRun: a.dryRun,
        ...(a.speaks === undefined ? {} : { speaks: (await spokenProtocol(a.speaks)).id }),
        self,
        checkLoad: (file, how) => checkLoads(file, how, io.env),
        sdk: sdkImport(self, world.os),
        force: a.force,
      }, world);
      for (const s of skipped) {
        report.warnings.push(
          `${s.agent.name} skipped: not found here (no ${
            s.lookedFor.join(", no ")
          }); --agent ${s.agent.id} writes its file anyway`,
        );
      }
      return report;
    },
    render: renderInstall,
  });
}

/**
 * A hook that is not there, or is a folder, is a mistake on the command line:
 * exit 2, before any file is read.
 */
function mustBeAFile(hook: string, world: InstallWorld): Promise<void> {
  const path = hookPath(hook, world);
  const why = notAHookFile(path);
  if (why === undefined) return Promise.resolve();
  const what = why === "does not exist"
    ? `there is no hook file "${hook}" (looked for ${path}); name a file that exists`
    : `"${hook}" ${why} (${path}); name a hook file`;
  throw new EveryhookError("usage", `Cannot read the "install" command line: ${what}`);
}
