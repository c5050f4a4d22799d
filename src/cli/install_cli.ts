/**
 * What `install`, `uninstall` and `restore` share on the command line: reading
 * their options, and rendering their reports as text. Not on `run`'s path.
 *
 * @module
 */

import { AGENTS } from "../agents/mod.ts";
import { agentsOption, eventsOption } from "./options.ts";
import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { EveryhookError, EXIT } from "../contract/errors.ts";
import { commandSpec } from "./commands.ts";
import { parseArgs } from "./args.ts";
import { jsonOutput } from "./report.ts";
import type { InstallWorld } from "../install/config_file.ts";
import type { InstallReport } from "../install/install.ts";
import type { Io } from "./io.ts";
import type { Scope } from "../settings/locations.ts";
import type { RestoreReport } from "../install/restore.ts";
import type { UninstallReport } from "../install/uninstall.ts";
import { renderBackupList } from "./render_backups.ts";
import { cutPaths, shownPath } from "./short_text.ts";

/** The options the three commands read. */
export interface ChangeArgs {
  /** The positional arguments. */
  positionals: string[];
  /** The agents named (--agent or --all), or undefined when neither was given. */
  agents: Agent[] | undefined;
  /** Whether they were named with --all. */
  all: boolean;
  /** The events named (--event), `all`, or undefined. */
  events: ContractEvent[] | "all" | undefined;
  /** The scope. */
  scope: Scope;
  /** The project folder (--project). */
  project: string | undefined;
  /** --matcher. */
  matcher: string | undefined;
  /** --timeout in seconds. */
  timeout: number | undefined;
  /** --fail-closed. */
  failClosed: boolean;
  /** --dry-run. */
  dryRun: boolean;
  /** --force (install): write a hook that does not load anyway. */
  force: boolean;
  /** --json. */
  json: boolean;
  /** --list (restore). */
  list: boolean;
  /** --backup <id> (restore). */
  backup: string | undefined;
  /** --speaks <agent> (install): the hook is written for that agent's protocol. */
  speaks: string | undefined;
  /** --from <agent> (uninstall): take out what import wrote from that agent. */
  from: string | undefined;
}

function usage(message: string): EveryhookError {
  return new EveryhookError("usage", message);
}

/**
 * Read the options of install, uninstall or restore, by the command's row in
 * the command table.
 *
 * @param command The command's name.
 * @param args The arguments after the command's name.
 * @returns The options.
 * @throws {EveryhookError} `usage` for an unknown option, agent, event, scope or timeout.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseChangeArgs } from "./install_cli.ts";
 * const a = parseChangeArgs("install", ["h.ts", "--agent", "codex"]);
 * assert(a.agents?.[0]?.id === "codex" && a.scope === "user");
 * ```
 */
export function parseChangeArgs(
  command: "install" | "uninstall" | "restore",
  args: string[],
): ChangeArgs {
  const spec = commandSpec(command);
  const a = parseArgs(spec, args);
  const takes = (name: string) => spec.flags.some((f) => f.name === name);
  const project = a.text("project");
  if (a.text("scope") === "user" && project !== undefined) {
    throw usage(
      `Cannot read the "${command}" command line: --project names the project scope's folder, not the user's; leave out --scope user`,
    );
  }
  return {
    positionals: [...a.operands],
    agents: a.flag("all") ? [...AGENTS] : agentsOption(a),
    all: a.flag("all"),
    events: takes("event") ? eventsOption(a) : undefined,
    scope: a.text("scope") === "project" || (a.text("scope") === undefined && project !== undefined)
      ? "project"
      : "user",
    project,
    matcher: takes("matcher") ? a.text("matcher") : undefined,
    timeout: takes("timeout") ? a.number("timeout") : undefined,
    failClosed: takes("fail-closed") && a.flag("fail-closed"),
    dryRun: a.flag("dry-run"),
    force: takes("force") && a.flag("force"),
    json: a.flag("json"),
    list: takes("list") && a.flag("list"),
    backup: takes("backup") ? a.text("backup") : undefined,
    speaks: takes("speaks") ? a.text("speaks") : undefined,
    from: takes("from") ? a.text("from") : undefined,
  };
}

/**
 * Run one of the three commands: read its options, run it, and print its
 * report as text or JSON.
 *
 * @param name The command's name.
 * @param args The arguments after the name.
 * @param io The world.
 * @param how What it does, and its text.
 * @returns The exit code: 0, or 1 when the report is not ok.
 * @throws {EveryhookError} `usage` for bad options, and whatever the command throws.
 *
 * @example Usage
 * ```ts ignore
 * import { runChange } from "./install_cli.ts";
 * await runChange("restore", ["--all"], io, { run, render });
 * ```
 */
export async function runChange<R extends { ok: boolean }>(
  name: "install" | "uninstall" | "restore",
  args: string[],
  io: Io,
  how: {
    run: (a: ChangeArgs, world: InstallWorld) => Promise<R>;
    render: (report: R, env: Readonly<Record<string, string>>) => string;
  },
): Promise<number> {
  const a = parseChangeArgs(name, args);
  const report = await how.run(a, changeWorld(io));
  io.out(a.json ? jsonOutput(report) : how.render(report, io.env));
  return report.ok ? EXIT.ok : EXIT.failure;
}

/**
 * The one hook a command names.
 *
 * @param name The command's name, for the message.
 * @param a Its options.
 * @returns The hook as given.
 * @throws {EveryhookError} `usage` when there is not exactly one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { oneHook, parseChangeArgs } from "./install_cli.ts";
 * assert(oneHook("uninstall", parseChangeArgs("uninstall", ["h.ts"])) === "h.ts");
 * ```
 */
export function oneHook(name: string, a: ChangeArgs): string {
  const [hook, ...extra] = a.positionals;
  if (hook === undefined || extra.length > 0) {
    throw usage(`Cannot read "${name}": name exactly one hook`);
  }
  return hook;
}

/**
 * The world of the three commands, from the Io.
 *
 * @param io The command's Io.
 * @returns The world (the OS is this process's).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { changeWorld } from "./install_cli.ts";
 * import { memoryIo } from "./io.ts";
 * assert(changeWorld(memoryIo({ cwd: "/p" })).cwd === "/p");
 * ```
 */
export function changeWorld(io: Io): InstallWorld {
  return { env: io.env, cwd: io.cwd, os: Deno.build.os, now: () => io.now() };
}

function baseName(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

function header(what: string, scope: Scope, dryRun: boolean): string {
  return `everyhook ${what}(${scope} scope)${dryRun ? ", dry run: nothing is written" : ""}\n\n`;
}

/** What install says of a hook it writes in direct mode. */
export const DIRECT_MODE_TEXT =
  "Direct mode: written with the SDK, so the agent starts it with deno and its shebang's permissions, and it does everyhook's part itself (one Deno start per call)";

/**
 * The install report as text.
 *
 * @param report The report.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderInstall } from "./install_cli.ts";
 * const t = renderInstall(
 *   { ok: true, dryRun: true, hook: "/h/a.ts", mode: "run", scope: "user", results: [], needs: [], warnings: [] },
 *   {},
 * );
 * assert(t.startsWith("everyhook install a.ts (user scope), dry run"));
 * ```
 */
export function renderInstall(
  report: InstallReport,
  env: Readonly<Record<string, string>>,
): string {
  const out = [header(`install ${baseName(report.hook)} `, report.scope, report.dryRun)];
  if (report.mode === "direct") out.push(`${DIRECT_MODE_TEXT}\n\n`);
  for (const w of report.warnings) out.push(`Warning: ${cutPaths(w)}\n\n`);
  const words = {
    created: report.dryRun ? "would create" : "created",
    updated: report.dryRun ? "would update" : "updated",
    unchanged: "unchanged",
    refused: "refused",
  } as const;
  const named = (e: InstallReport["results"][number]["entries"][number]) =>
    e.matcher === null ? e.native : `${e.native} (matcher ${e.matcher})`;
  const width = Math.max(
    21,
    ...report.results.flatMap((r) => r.entries.map((e) => named(e).length)),
  );
  for (const r of report.results) {
    out.push(`${r.agent.padEnd(12)} ${words[r.action]}  ${shownPath(r.file, env)}\n`);
    out.push(...linkLine(r, env));
    for (const e of r.entries) {
      out.push(`  ${e.event.padEnd(14)} ${named(e).padEnd(width)} ${e.can}\n`);
    }
    if (r.refused) out.push(`  ${cutPaths(r.refused)}\n`);
    for (const n of r.notes) out.push(`  note: ${cutPaths(n)}\n`);
    if (r.backup) out.push(`  backup: ${shownPath(r.backup, env)}\n`);
  }
  if (report.needs.length > 0) {
    const trust = report.scope === "project"
      ? " (everyhook trust --yes writes the folder trust)"
      : "";
    out.push(`\nStill to do${trust}:\n`);
    for (const n of report.needs) out.push(`  ${n.agent}: ${cutPaths(n.text)}\n`);
  }
  return out.join("");
}

/** The line naming the file a link led to, for a row whose file is a link. */
function linkLine(row: { linkedTo?: string }, env: Readonly<Record<string, string>>): string[] {
  return row.linkedTo === undefined
    ? []
    : [`  a link to ${shownPath(row.linkedTo, env)}, the file read and written\n`];
}

/**
 * The uninstall report as text.
 *
 * @param report The report.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderUninstall } from "./install_cli.ts";
 * const t = renderUninstall(
 *   { ok: true, dryRun: false, hook: "/h/a.ts", scope: "user", removed: 0, results: [] },
 *   {},
 * );
 * assert(t.startsWith("everyhook uninstall a.ts (user scope)"));
 * ```
 */
export function renderUninstall(
  report: UninstallReport,
  env: Readonly<Record<string, string>>,
): string {
  const out = [header(`uninstall ${baseName(report.hook)} `, report.scope, report.dryRun)];
  const would = report.dryRun ? "would " : "";
  for (const r of report.results) {
    const n = `${r.removed} ${r.removed === 1 ? "entry" : "entries"}`;
    const what = {
      removed: `${report.dryRun ? "would remove" : "removed"} ${n}`,
      deleted: `${report.dryRun ? "would delete" : "deleted"} the file (it held only ${n} of ours)`,
      unchanged: "nothing of this hook",
      "no-file": "no file",
      refused: "refused",
    }[r.action];
    out.push(`${r.agent.padEnd(12)} ${what}  ${shownPath(r.file, env)}\n`);
    out.push(...linkLine(r, env));
    if (r.refused) out.push(`  ${cutPaths(r.refused)}\n`);
    if (r.restoredFrom) {
      out.push(
        `  the file ${would}${report.dryRun ? "be" : "is"} back to its bytes from before install\n`,
      );
    }
    for (const note of r.notes) out.push(`  note: ${cutPaths(note)}\n`);
    if (r.backup) out.push(`  backup: ${shownPath(r.backup, env)}\n`);
  }
  return out.join("");
}

/**
 * The restore report as text.
 *
 * @param report The report.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderRestore } from "./install_cli.ts";
 * const t = renderRestore({ ok: true, dryRun: false, scope: "user", list: false, results: [] }, {});
 * assert(t.startsWith("everyhook restore (user scope)"));
 * ```
 */
export function renderRestore(
  report: RestoreReport,
  env: Readonly<Record<string, string>>,
): string {
  if (report.list) return renderBackupList(report, env);
  const out = [header("restore ", report.scope, report.dryRun)];
  for (const r of report.results) {
    const file = shownPath(r.file, env);
    if (r.from !== null && (r.restored || r.wouldRestore)) {
      const verb = r.restored ? "put back" : "would put back";
      const id = r.backups.find((b) => b.path === r.from)?.id ?? baseName(r.from);
      out.push(`${r.agent.padEnd(12)} ${verb} backup ${id}  ${file}\n`);
      if (r.brings) out.push(`  ${r.brings}\n`);
      out.push(...linkLine(r, env));
      if (r.savedCurrent) {
        const saved = shownPath(r.savedCurrent, env);
        const savedId = /\.(\d{8}-\d{6}(?:-\d+)?)\.(?:bak|absent)$/.exec(r.savedCurrent)?.[1];
        const what = r.savedCurrent.endsWith(".absent")
          ? "that the file was not there"
          : "the file";
        out.push(
          `  ${what} ${r.restored ? "is saved" : "would be saved"} as ${saved}${
            savedId && r.restored ? `: restore --backup ${savedId} undoes this restore` : ""
          }\n`,
        );
      } else if (r.restored || r.wouldRestore) {
        out.push(`  the file as it was is saved first, so this restore can be undone\n`);
      }
    } else {
      out.push(`${r.agent.padEnd(12)} nothing put back: ${r.reason ?? "no backup"}  ${file}\n`);
    }
    for (const note of r.notes ?? []) out.push(`  note: ${note}\n`);
  }
  return out.join("");
}
