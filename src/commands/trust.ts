/**
 * The `trust` command: write (with `--yes`) or show the trust each agent keeps
 * for this project, and print the report.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { jsonOutput } from "../cli/report.ts";
import { AGENTS } from "../agents/mod.ts";
import { agentsOption } from "../cli/options.ts";
import { EXIT } from "../contract/errors.ts";
import { changeWorld } from "../cli/install_cli.ts";
import { pathsFor } from "../settings/locations.ts";
import { trust, type TrustReport } from "../install/trust.ts";
import { isExactLine } from "../settings/portable.ts";
import { listHooks } from "../readers/list.ts";
import { shellWord } from "../readers/list_entries.ts";
import { parseArgv, splitLine } from "../settings/command_line.ts";
import type { Agent } from "../agents/types.ts";

/**
 * Run `everyhook trust [--agent a,b | --all] [--project <dir>] [--yes] [--every-entry] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0, or 1 when an agent's trust was refused.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./trust.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--agent", "codex"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("trust"), args);
  const agents = a.flag("all") ? [...AGENTS] : agentsOption(a) ?? [...AGENTS];
  const project = pathsFor(Deno.build.os).resolve(io.cwd, a.text("project") ?? ".");
  // What trusting the folder would let run besides everyhook's own: every project entry the
  // agent reads (list finds them all, another agent's file it reads too) that is not exactly ours.
  const listing = await listHooks(AGENTS, { env: io.env, os: Deno.build.os, project });
  const others = (agent: Agent) =>
    listing.entries
      .filter((e) =>
        e.scope === "project" && (e.agent === agent.id || e.alsoRunBy.includes(agent.id)) &&
        !(e.ours && e.command !== null && exact(e.command))
      )
      .map((e) => `${e.file}: ${e.event} runs ${e.command ?? `a ${e.type} hook`}`);
  const report = await trust(
    { project, agents, yes: a.flag("yes"), everyEntry: a.flag("every-entry"), others },
    changeWorld(io),
  );
  io.out(a.flag("json") ? jsonOutput(report) : renderTrust(report, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}

/**
 * Whether a listed command is exactly a line of everyhook's: as a shell line,
 * or as list shows a program and its arguments started with no shell (each
 * word bare or in single quotes), with nothing after the hook.
 */
function exact(command: string): boolean {
  if (isExactLine(command)) return true;
  const words = splitLine(command);
  return words !== undefined && words.map(shellWord).join(" ") === command &&
    parseArgv(words)?.args.length === 0;
}

/**
 * The trust report as text.
 *
 * @param report The report.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderTrust } from "./trust.ts";
 * const t = renderTrust({ everyhook: 1, ok: true, yes: false, project: "/p", everyEntry: false, results: [], none: [] }, {});
 * assert.match(t, /nothing is written/);
 * ```
 */
export function renderTrust(report: TrustReport, env: Readonly<Record<string, string>>): string {
  const home = env.HOME || env.USERPROFILE;
  const short = (p: string) => (home && p.startsWith(home) ? `~${p.slice(home.length)}` : p);
  const out = [
    `everyhook trust ${short(report.project)}${
      report.yes ? "" : " (without --yes: nothing is written)"
    }\n`,
    report.everyEntry
      ? "Every entry in the project's files is trusted, not only everyhook's.\n\n"
      : "Only everyhook's own entries are trusted; an agent whose project file holds others is left alone (--every-entry trusts them too).\n\n",
  ];
  for (const r of report.results) {
    out.push(`${r.agent.padEnd(14)} ${r.action}  ${short(r.file)}\n`);
    for (const w of r.writes) {
      const key = w.key.map((k) => (/^[A-Za-z_]+$/.test(k) ? k : JSON.stringify(k))).join(".");
      const verb = w.how === "append" ? "add to" : "set";
      out.push(`  ${verb} ${key}: ${JSON.stringify(w.value)}  (${w.what})\n`);
    }
    if (r.refused) out.push(`  ${r.refused}\n`);
    if (r.backup) out.push(`  backup: ${short(r.backup)}\n`);
  }
  if (report.none.length > 0) {
    out.push(`\nNo trust to write for: ${report.none.join(", ")}\n`);
  }
  return out.join("");
}
