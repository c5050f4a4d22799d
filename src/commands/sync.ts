/**
 * The `sync` command: read the project's `everyhook.json`, make every agent's
 * project files match it (or, with `--check`, list each difference and exit
 * 1), and print the report.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import type { Io } from "../cli/io.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { jsonOutput } from "../cli/report.ts";
import { AGENTS } from "../agents/mod.ts";
import { EveryhookError, EXIT } from "../contract/errors.ts";
import { changeWorld } from "../cli/install_cli.ts";
import { pathsFor } from "../hooks_files/locations.ts";
import { MANIFEST_FILE, parseManifest } from "../hooks_files/manifest.ts";
import { sync, type SyncReport } from "../hooks_files/sync.ts";

/**
 * Run `everyhook sync [--project <dir>] [--check] [--dry-run] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0; 1 when a file was refused, a hook is gone, or `--check` found a difference.
 * @throws {EveryhookError} `not-found` without a manifest; `config-syntax` or
 *   `config-shape` for a manifest that does not read (nothing is written).
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./sync.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--check"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("sync"), args);
  const os = Deno.build.os;
  const project = pathsFor(os).resolve(io.cwd, a.text("project") ?? ".");
  const path = pathsFor(os).join(project, MANIFEST_FILE);
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    throw new EveryhookError(
      "not-found",
      `Cannot sync: there is no ${MANIFEST_FILE} in ${project}; write one (docs/team-hooks.md shows how), or name the project with --project`,
    );
  }
  const manifest = parseManifest(text, path, AGENTS);
  const report = await sync({
    project,
    manifest,
    agents: AGENTS,
    version: denoJson.version,
    check: a.flag("check"),
    dryRun: a.flag("dry-run"),
  }, changeWorld(io));
  io.out(a.flag("json") ? jsonOutput(report) : renderSync(report, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}

/**
 * The sync report as text.
 *
 * @param report The report.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderSync } from "./sync.ts";
 * const text = renderSync({
 *   everyhook: 1, ok: true, check: true, dryRun: true, project: "/p", manifest: "/p/everyhook.json",
 *   self: ["everyhook"], results: [], differences: [], warnings: [], needs: [],
 * }, {});
 * assert.match(text, /in sync/);
 * ```
 */
export function renderSync(report: SyncReport, env: Readonly<Record<string, string>>): string {
  const home = env.HOME || env.USERPROFILE;
  const short = (p: string) => (home && p.startsWith(home) ? `~${p.slice(home.length)}` : p);
  const rel = (p: string) =>
    p.startsWith(report.project) ? p.slice(report.project.length).replace(/^[\\/]/, "") : short(p);
  const out: string[] = [];
  const how = report.check ? "check" : report.dryRun ? "dry run: nothing is written" : "";
  out.push(`everyhook sync ${short(report.project)}${how ? ` (${how})` : ""}\n\n`);
  for (const w of report.warnings) out.push(`Warning: ${w}\n\n`);
  if (report.check) {
    for (const d of report.differences) out.push(`  differs: ${d.text} (${rel(d.file)})\n`);
    out.push(
      report.differences.length === 0
        ? "The project's files are in sync with the manifest.\n"
        : `\n${report.differences.length} difference${
          report.differences.length === 1 ? "" : "s"
        }: run everyhook sync to write the manifest's entries.\n`,
    );
    return out.join("");
  }
  const blocking = report.differences.filter((d) => d.kind === "hook-gone" || d.kind === "version");
  for (const d of blocking) out.push(`Not synced: ${d.text}\n`);
  if (blocking.length > 0) out.push("Nothing was written.\n\n");
  const would = report.dryRun ? "would be " : "";
  for (const r of report.results) {
    const changes = [
      r.added > 0 ? `${r.added} added` : "",
      r.updated > 0 ? `${r.updated} updated` : "",
      r.removed > 0 ? `${r.removed} removed` : "",
    ].filter((x) => x !== "").join(", ");
    const what = r.action === "refused"
      ? "refused"
      : r.action === "unchanged"
      ? "unchanged"
      : `${would}${r.action} (${changes})`;
    out.push(`${r.agent.padEnd(14)} ${what}  ${rel(r.file)}\n`);
    if (r.refused) out.push(`  ${r.refused}\n`);
    for (const n of r.notes) out.push(`  note: ${n}\n`);
    if (r.backup) out.push(`  backup: ${short(r.backup)}\n`);
  }
  if (report.needs.length > 0 && blocking.length === 0) {
    out.push("\nStill to do (everyhook trust --yes writes the trust each agent keeps):\n");
    for (const n of report.needs) out.push(`  ${n.agent}: ${n.text}\n`);
  }
  return out.join("");
}
