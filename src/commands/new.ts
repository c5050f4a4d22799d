/**
 * The `new` command: write a first hook with the SDK, and its sibling test,
 * beside each other. The hook imports the SDK the way that works for this
 * install (a clone's own module, or the JSR package at this exact version; a
 * compiled binary names JSR at its own version, and says so). It never
 * overwrites a file. Both files are written through the one writer.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import { EVENTS } from "../contract/contract.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { agentsOption, eventsOption } from "../cli/options.ts";
import { pathsFor } from "../settings/locations.ts";
import { readSnapshot, safeWrite } from "../settings/safe_write.ts";
import { selfInvocation } from "../settings/self.ts";
import { sdkImport } from "../hook_script/sdk_import.ts";
import { newHookText, newTestText } from "../hook_script/new_hook.ts";
import { runtimeFacts } from "../os/runtime.ts";

/**
 * Run `everyhook new <file.ts> [--event e,f] [--agent a,b] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0 when both files were written.
 * @throws {EveryhookError} `usage` for a file that is not a .ts or .mts in a
 *   folder that exists; `file-system` when the hook or its test is already there.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./new.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["guard.ts", "--event", "pre-tool"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("new"), args);
  const given = a.operands[0]!;
  const named = eventsOption(a);
  const events = named === "all" ? [...EVENTS] : named ?? ["pre-tool" as const];
  const agents = agentsOption(a) ?? [];
  const paths = pathsFor(Deno.build.os);
  const hook = paths.resolve(io.cwd, given);
  const name = paths.basename(hook);
  if (!/\.m?ts$/.test(name)) {
    throw new EveryhookError(
      "usage",
      `Cannot read the "new" command line: "${given}" is not a TypeScript file; name one ending in .ts, such as guard.ts`,
    );
  }
  const folder = paths.dirname(hook);
  const isFolder = await Deno.stat(folder).then((s) => s.isDirectory, () => false);
  if (!isFolder) {
    throw new EveryhookError(
      "usage",
      `Cannot read the "new" command line: the folder of "${given}" is not there (${folder}); make it first`,
    );
  }
  const test = paths.join(folder, name.replace(/\.m?ts$/, (ext) => `_test${ext}`));
  const jsrUrl = io.env.JSR_URL;
  const sdk = sdkImport(
    selfInvocation(runtimeFacts(), jsrUrl ? { jsrUrl } : {}),
    Deno.build.os,
  );
  const files = [
    { path: hook, text: newHookText(name, events, sdk.specifier) },
    {
      path: test,
      text: newTestText(name, events, agents.map((g) => g.id), sdk.library),
    },
  ];
  const snapshots = [];
  for (const f of files) {
    const snapshot = await readSnapshot(f.path);
    if (snapshot.bytes !== null || snapshot.link) {
      throw new EveryhookError(
        "file-system",
        `Cannot write "${f.path}": it is already there, and everyhook new never overwrites a file; name another hook, or move that file away`,
      );
    }
    snapshots.push(snapshot);
  }
  for (const [i, f] of files.entries()) {
    await safeWrite({
      snapshot: snapshots[i]!,
      content: new TextEncoder().encode(f.text),
      backup: false,
      now: io.now(),
    });
  }
  const agentFlag = agents.length > 0 ? agents.map((g) => g.id).join(",") : "claude-code";
  const eventFlag = events.join(",");
  const next = [
    `deno test ${paths.basename(test)}`,
    `everyhook bench ${name} --event ${eventFlag}`,
    `everyhook install ${name} --agent ${agentFlag} --event ${eventFlag}`,
  ];
  if (a.flag("json")) {
    io.out(
      JSON.stringify(
        { everyhook: 1, ok: true, hook, test, events, sdk: sdk.specifier, why: sdk.why, next },
        null,
        2,
      ) + "\n",
    );
    return 0;
  }
  io.out(
    [
      `Wrote ${hook}: a hook written with the SDK, for ${eventFlag}.`,
      `  It imports the SDK from "${sdk.specifier}": ${sdk.why}.`,
      `Wrote ${test}: it puts the hook to the documents the real agents sent.`,
      "",
      "Edit the handler, then:",
      ...next.map((l) => `  ${l}`),
      "",
    ].join("\n"),
  );
  return 0;
}
