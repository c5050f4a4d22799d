/**
 * The `list` command: every hook of every agent, with the problems it would trip over.
 *
 * @module
 */

import { paintFor } from "../cli/colour.ts";
import type { Io } from "../cli/io.ts";
import { jsonOutput } from "../cli/report.ts";
import { AGENTS } from "../agents/mod.ts";
import { type ListedEntry, listHooks } from "../readers/list.ts";
import { agentsOption, eventsOption } from "../cli/options.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { pathsFor } from "../settings/locations.ts";
import { checkEntries } from "../readers/list_check.ts";
import { EveryhookError } from "../contract/errors.ts";

/**
 * Run `everyhook list [--agent a,b] [--event e,f] [--hook name] [--problems] [--ours] [--strict] [--project dir] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0, or 1 when a problem was found.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./list.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--agent", "claude-code"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("list"), args);
  const agents = agentsOption(a) ??
    [...AGENTS];
  const events = eventsOption(a);
  const v = {
    project: a.text("project"),
    hook: a.text("hook"),
    ours: a.flag("ours"),
    problems: a.flag("problems"),
    strict: a.flag("strict"),
    json: a.flag("json"),
    check: a.flag("check"),
  };
  if (v.check && Deno.permissions.querySync({ name: "run" }).state !== "granted") {
    throw new EveryhookError(
      "permission",
      'Cannot run "list --check": the run permission is not granted (it loads each hook with deno): add --allow-run after "deno run"',
    );
  }
  const os = Deno.build.os;
  const project = pathsFor(os).resolve(io.cwd, v.project ?? ".");
  const listing = await listHooks(agents, { env: io.env, os, project });
  if (v.check) await checkEntries(listing.entries, io.env, os);
  const hookName = v.hook?.replaceAll("\\", "/");
  const shown = (e: ListedEntry) =>
    (events === undefined || events === "all"
      ? events !== "all" || e.contractEvent !== null
      : e.contractEvent !== null && events.includes(e.contractEvent)) &&
    (!v.ours || e.ours) &&
    (hookName === undefined || matchesHook(e, hookName, os));
  const keep = (e: ListedEntry) => shown(e) && (!v.problems || e.problems.length > 0);
  const entries = listing.entries.filter(keep);
  const narrowed = v.ours || hookName !== undefined || (events !== undefined && events !== "all");
  const files = listing.files.filter((f) =>
    f.status !== "missing" &&
    (!narrowed || entries.some((e) => e.file === f.file)) &&
    (!v.problems || f.problems.length > 0 || entries.some((e) => e.file === f.file))
  );
  // A condition is a problem of the folder, told whether or not its entries have one of their own.
  const conditions = listing.conditions.filter((c) =>
    listing.entries.some((e) => shown(e) && e.agent === c.agent && c.stops.includes(e.scope))
  );
  const problems = files.reduce((n, f) => n + f.problems.length, 0) +
    entries.reduce((n, e) => n + e.problems.length, 0) + (v.strict ? conditions.length : 0);
  const counts = {
    files: files.length,
    entries: entries.length,
    ours: entries.filter((e) => e.ours).length,
    problems,
    conditions: conditions.length,
  };
  if (v.json) {
    io.out(jsonOutput({ ok: problems === 0, project, counts, files, entries, conditions }));
    return problems === 0 ? 0 : 1;
  }
  const paint = paintFor(io);
  const home = io.env.HOME || io.env.USERPROFILE;
  const short = (p: string) => (home && p.startsWith(home) ? `~${p.slice(home.length)}` : p);
  for (const agent of agents) {
    const mine = files.filter((f) => f.agent === agent.id);
    if (mine.length === 0) continue;
    io.out(`${paint.bold(agent.id)}\n`);
    for (const f of mine) {
      io.out(
        `  ${f.scope.padEnd(7)} ${short(f.file)}${
          f.status === "unreadable" ? "  (unreadable)" : ""
        }\n`,
      );
      for (const p of f.problems) io.out(`    ${paint.bad("problem:")} ${p.text}\n`);
      for (const e of entries.filter((x) => x.file === f.file && x.agent === agent.id)) {
        const timeout = e.timeout ? `timeout ${e.timeout.value} ${e.timeout.unit}` : "no timeout";
        const matcher = e.matcher ? `matcher ${e.matcher}  ` : "";
        io.out(
          `    ${e.event.padEnd(20)} ${matcher}${timeout}${
            e.type !== "command" ? `  type ${e.type}` : ""
          }${e.ours ? paint.good(`  [everyhook ${e.mode}]`) : ""}\n`,
        );
        io.out(`      ${e.command ?? "(no command)"}\n`);
        if (e.speaks) {
          const from = e.speaks.from;
          const came = from
            ? `, from ${from.event}${from.matcher ? ` ${from.matcher}` : ""} in ${short(from.file)}`
            : e.speaks.command !== null
            ? ` (its entry in ${e.speaks.agent}'s files is not listed here)`
            : "";
          const what = e.speaks.command ?? e.hook ?? "";
          io.out(`      speaks ${e.speaks.agent}: ${what}${came}\n`);
        }
        for (const p of e.problems) io.out(`      ${paint.bad("problem:")} ${p.text}\n`);
        for (const n of e.notes) io.out(`      ${paint.warn("note:")} ${n}\n`);
        for (const w of e.warnings) io.out(`      ${paint.warn("warning:")} ${w}\n`);
      }
    }
    io.out("\n");
  }
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  if (conditions.length > 0) {
    const counted = v.strict ? "counted as problems (--strict)" : "list --strict counts them";
    io.out(`${paint.bold("Held back")} (every hook of the agent in the folder; ${counted}):\n`);
    for (const c of conditions) {
      const which = `${c.entries} ${c.entries === 1 ? "entry" : "entries"}`;
      io.out(
        `  ${c.agent} in ${short(c.folder)} (${which}): ${c.text.replace(c.file, short(c.file))}\n`,
      );
      io.out(`    ${paint.warn("to lift it:")} ${c.change.replace(c.file, short(c.file))}\n`);
    }
    io.out("\n");
  }
  const held = conditions.length > 0 ? `; ${plural(conditions.length, "folder condition")}` : "";
  io.out(
    `${plural(counts.entries, "hook")} in ${
      plural(counts.files, "file")
    }, ${counts.ours} by everyhook; ${plural(problems, "problem")}${held}\n`,
  );
  return problems === 0 ? 0 : 1;
}

function matchesHook(e: ListedEntry, name: string, os: string): boolean {
  const fold = (s: string) => (os === "windows" ? s.toLowerCase() : s).replaceAll("\\", "/");
  const want = fold(name);
  const candidates = [e.hook, e.command].filter((s): s is string => s !== null).map(fold);
  return candidates.some((c) =>
    c.endsWith(`/${want}`) || c === want || c.includes(`/${want}"`) || c.includes(`/${want} `) ||
    c.endsWith(want)
  );
}
