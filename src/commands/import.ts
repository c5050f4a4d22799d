/**
 * The `import` command: read every command hook another agent reads (the
 * files `list` reads, in the scope given), and install each into the chosen
 * agents as a `--speaks` line (src/install/import_hooks.ts). The source
 * agent's files are only read.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { AGENTS } from "../agents/mod.ts";
import { EveryhookError, EXIT } from "../contract/errors.ts";
import { agentOption, agentsOption } from "../cli/options.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { jsonOutput } from "../cli/report.ts";
import { changeWorld } from "../cli/install_cli.ts";
import { listHooks } from "../readers/list.ts";
import type { ListWorld } from "../readers/listing.ts";
import type { Agent } from "../agents/types.ts";
import { agentLocations } from "../readers/hook_locations.ts";
import { pathsFor, type Scope } from "../settings/locations.ts";
import { importHooks, type ImportReport, type ImportSource } from "../install/import_hooks.ts";
import { selfInvocation } from "../settings/self.ts";
import { runtimeFacts } from "../os/runtime.ts";
import { spokenProtocol } from "./run.ts";

/** A source entry that is not imported, and why. */
export interface NotImported {
  /** The file it is in. */
  file: string;
  /** The source agent's event name. */
  native: string;
  /** Its command, or null. */
  command: string | null;
  /** Why it is not imported. */
  why: string;
}

/**
 * Run `everyhook import --from <agent> (--agent <a,...> | --all) [--scope user|project] [--dry-run] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0, or 1 when a target file was left alone.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./import.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--from", "claude-code", "--all", "--dry-run"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("import"), args);
  const from = agentOption(a, "from")!;
  const spoken = await spokenProtocol(from.id);
  const targets = a.flag("all") ? [...AGENTS] : agentsOption(a) ?? [];
  const project = a.text("project");
  const scope: Scope = a.text("scope") === "project" ||
      (a.text("scope") === undefined && project !== undefined)
    ? "project"
    : "user";
  const os = Deno.build.os;
  if (os === "windows") {
    throw new EveryhookError(
      "usage",
      `Cannot import on Windows: the lines run ${from.name}'s command strings through a POSIX shell`,
    );
  }
  const folder = pathsFor(os).resolve(io.cwd, project ?? ".");
  const { sources, notImported } = await importSources(from, targets, scope, {
    env: io.env,
    os,
    project: folder,
  });
  const jsrUrl = io.env.JSR_URL;
  const self = selfInvocation(runtimeFacts(), jsrUrl ? { jsrUrl } : {});
  const report = await importHooks({
    from,
    shell: spoken.shell.argv,
    defaultTimeout: spoken.defaultTimeout.seconds,
    sources,
    agents: targets,
    scope,
    ...(project === undefined ? {} : { project }),
    dryRun: a.flag("dry-run"),
    self,
  }, changeWorld(io));
  if (a.flag("json")) io.out(jsonOutput({ ...report, notImported }));
  else io.out(renderImport(report, notImported, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}

/**
 * Every hook entry the source agent reads in one scope (the files `list`
 * reads), as import brings it in, and the entries it leaves out with why.
 *
 * @param from The source agent.
 * @param targets The agents it is brought into (to leave out those that read its files themselves).
 * @param scope The scope.
 * @param world The person's environment, system and project.
 * @returns The entries to import and those left out.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { importSources } from "./import.ts";
 * import { claudeCode } from "../agents/claude_code.ts";
 * const got = await importSources(claudeCode, [], "user", { env: { HOME: "/nowhere" }, os: "linux", project: "/nowhere/p" });
 * assert.deepEqual(got.sources, []);
 * ```
 */
export async function importSources(
  from: Agent,
  targets: readonly Agent[],
  scope: Scope,
  world: ListWorld,
): Promise<{ sources: ImportSource[]; notImported: NotImported[] }> {
  const listing = await listHooks([from], world);
  const readBy = (file: string) =>
    targets.filter((t) =>
      agentLocations(t, world).some((l) => l.layout !== undefined && l.path === file)
    ).map((t) => t.id);
  const sources: ImportSource[] = [];
  const notImported: NotImported[] = [];
  for (const e of listing.entries) {
    if (e.agent !== from.id || e.ours) continue;
    const skip = (why: string) =>
      notImported.push({ file: e.file, native: e.event, command: e.command, why });
    if (e.scope !== scope) {
      skip(`it is in a ${e.scope} file, and this import is for the ${scope} scope`);
    } else if (e.type !== "command" || e.command === null) {
      skip(`it is a "${e.type}" hook: only command hooks are imported`);
    } else if (e.contractEvent === null) {
      skip(`"${e.event}" is not one of the events everyhook carries`);
    } else {
      sources.push({
        file: e.file,
        native: e.event,
        event: e.contractEvent,
        matcher: e.matcher,
        command: e.command,
        timeout: e.timeout?.seconds ?? null,
        readBy: readBy(e.file),
      });
    }
  }
  return { sources, notImported };
}

/**
 * The import report as text.
 *
 * @param report The report.
 * @param notImported The source entries left out, and why.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderImport } from "./import.ts";
 * const t = renderImport({ ok: true, dryRun: true, from: "claude-code", scope: "user", sources: [], results: [] }, [], {});
 * assert.ok(t.startsWith("everyhook import --from claude-code (user scope, dry run)"));
 * ```
 */
export function renderImport(
  report: ImportReport,
  notImported: readonly NotImported[],
  env: Readonly<Record<string, string>>,
): string {
  const home = env.HOME ?? env.USERPROFILE;
  const short = (p: string) => (home && p.startsWith(`${home}/`) ? `~${p.slice(home.length)}` : p);
  const dry = report.dryRun ? ", dry run" : "";
  const out = [`everyhook import --from ${report.from} (${report.scope} scope${dry})\n\n`];
  const n = report.sources.length;
  out.push(`${n} ${n === 1 ? "hook" : "hooks"} read:\n`);
  for (const s of report.sources) {
    const m = s.matcher ? ` ${s.matcher}` : "";
    out.push(`  ${s.native}${m}  ${s.command}  (${short(s.file)})\n`);
  }
  for (const s of notImported) {
    out.push(`  not imported: ${s.native} ${s.command ?? ""} (${short(s.file)}): ${s.why}\n`);
  }
  const would = report.dryRun ? "would be " : "";
  for (const r of report.results) {
    const action = r.action === "unchanged" ? "unchanged" : `${would}${r.action}`;
    out.push(`\n${r.agent.padEnd(14)} ${action}  ${short(r.file)}\n`);
    if (r.refused) out.push(`  ${r.refused}\n`);
    for (const e of r.entries) {
      const m = e.matcher ? ` ${e.matcher}` : "";
      out.push(`  ${e.native}${m}  speaks ${report.from}: ${e.command}\n      ${e.can}\n`);
    }
    const gone = `${r.removed} ${r.removed === 1 ? "entry" : "entries"}`;
    const took = report.dryRun ? "would take out" : "took out";
    if (r.removed > 0) out.push(`  ${took} ${gone} whose source is gone\n`);
    for (const s of r.skipped) out.push(`  not written: ${s.native} ${s.command}: ${s.why}\n`);
    for (const note of r.notes) out.push(`  note: ${note}\n`);
    if (r.backup) out.push(`  backup: ${short(r.backup)}\n`);
  }
  return out.join("");
}
