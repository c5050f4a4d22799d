/**
 * What `install`, `uninstall` and `restore` share on the command line: reading
 * their options, and rendering their reports as text. Not on `run`'s path.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { AGENTS } from "../agents/mod.ts";
import { agentsOption, eventsOption } from "./options.ts";
import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { EveryhookError, EXIT } from "../contract/errors.ts";
import { findCommand } from "./commands.ts";
import { jsonText } from "./report.ts";
import { commandHelp } from "./help.ts";
import type { InstallWorld } from "../hooks_files/config_file.ts";
import type { InstallReport } from "../hooks_files/install.ts";
import type { Io } from "./io.ts";
import type { Scope } from "../hooks_files/locations.ts";
import type { RestoreReport } from "../hooks_files/restore.ts";
import type { UninstallReport } from "../hooks_files/uninstall.ts";

/** The options the three commands read. */
export interface ChangeArgs {
  /** The positional arguments. */
  positionals: string[];
  /** The agents named (--agent or --all), or undefined when neither was given. */
  agents: Agent[] | undefined;
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
  /** --json. */
  json: boolean;
  /** --help. */
  help: boolean;
}

/** Which options a command takes. */
export type ChangeOption = "event" | "matcher" | "timeout" | "fail-closed";

function usage(message: string): EveryhookError {
  return new EveryhookError("usage", message);
}

/**
 * Read the options of install, uninstall or restore.
 *
 * @param command The command's name, for messages.
 * @param args The arguments after the command's name.
 * @param takes The options beyond the common ones that this command takes.
 * @returns The options.
 * @throws {EveryhookError} `usage` for an unknown option, agent, event, scope or timeout.
 *
 * @example Usage
 * ```ts
 * import { parseChangeArgs } from "./install_cli.ts";
 * const a = parseChangeArgs("install", ["h.ts", "--agent", "codex"], ["event"]);
 * console.assert(a.agents?.[0]?.id === "codex" && a.scope === "user");
 * ```
 */
export function parseChangeArgs(
  command: string,
  args: string[],
  takes: readonly ChangeOption[],
): ChangeArgs {
  const str = { type: "string" } as const;
  const flag = { type: "boolean" } as const;
  const options: Record<string, typeof str | typeof flag | { type: "boolean"; short: string }> = {
    agent: str,
    all: flag,
    scope: str,
    project: str,
    "dry-run": flag,
    json: flag,
    help: { type: "boolean", short: "h" },
  };
  if (takes.includes("event")) options.event = str;
  if (takes.includes("matcher")) options.matcher = str;
  if (takes.includes("timeout")) options.timeout = str;
  if (takes.includes("fail-closed")) options["fail-closed"] = flag;
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw usage(`Cannot read the options of "${command}": ${(e as Error).message}`);
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const text = (name: string) => typeof v[name] === "string" ? v[name] as string : undefined;
  if (v.all && text("agent") !== undefined) {
    throw usage(`Cannot read "${command}": give --agent or --all, not both`);
  }
  if (text("scope") === "user" && text("project") !== undefined) {
    throw usage(
      `Cannot read "${command}": --project names the project scope's folder, not the user's`,
    );
  }
  const scopeText = text("scope") ?? (text("project") !== undefined ? "project" : "user");
  if (scopeText !== "user" && scopeText !== "project") {
    throw usage(`Cannot read "--scope": "${scopeText}" is not user or project`);
  }
  const timeoutText = text("timeout");
  let timeout: number | undefined;
  if (timeoutText !== undefined) {
    timeout = Number(timeoutText);
    if (!/^\d+$/.test(timeoutText) || timeout < 1 || timeout > 86400) {
      throw usage(`Cannot read "--timeout": "${timeoutText}" is not a whole number of seconds`);
    }
  }
  return {
    positionals: parsed.positionals,
    agents: v.all ? [...AGENTS] : agentsOption(text("agent")),
    events: eventsOption(text("event")),
    scope: scopeText,
    project: text("project"),
    matcher: text("matcher"),
    timeout,
    failClosed: v["fail-closed"] === true,
    dryRun: v["dry-run"] === true,
    json: v.json === true,
    help: v.help === true,
  };
}

/**
 * Run one of the three commands: read its options, print its help when asked,
 * run it, and print its report as text or JSON.
 *
 * @param name The command's name.
 * @param args The arguments after the name.
 * @param io The world.
 * @param how The options it takes beyond the common ones, what it does, and its text.
 * @returns The exit code: 0, or 1 when the report is not ok.
 * @throws {EveryhookError} `usage` for bad options, and whatever the command throws.
 *
 * @example Usage
 * ```ts ignore
 * import { runChange } from "./install_cli.ts";
 * await runChange("restore", ["--all"], io, { takes: [], run, render });
 * ```
 */
export async function runChange<R extends { ok: boolean }>(
  name: string,
  args: string[],
  io: Io,
  how: {
    takes: readonly ChangeOption[];
    run: (a: ChangeArgs, world: InstallWorld) => Promise<R>;
    render: (report: R, env: Readonly<Record<string, string>>) => string;
  },
): Promise<number> {
  const a = parseChangeArgs(name, args, how.takes);
  if (a.help) {
    io.out(commandHelp(findCommand(name)!));
    return EXIT.ok;
  }
  const report = await how.run(a, changeWorld(io));
  io.out(a.json ? jsonText(report) : how.render(report, io.env));
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
 * import { oneHook, parseChangeArgs } from "./install_cli.ts";
 * console.assert(oneHook("uninstall", parseChangeArgs("uninstall", ["h.ts"], [])) === "h.ts");
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
 * import { changeWorld } from "./install_cli.ts";
 * import { memoryIo } from "./io.ts";
 * console.assert(changeWorld(memoryIo({ cwd: "/p" })).cwd === "/p");
 * ```
 */
export function changeWorld(io: Io): InstallWorld {
  return { env: io.env, cwd: io.cwd, os: Deno.build.os, now: () => io.now() };
}

function shortPath(path: string, env: Readonly<Record<string, string>>): string {
  const home = env.HOME || env.USERPROFILE;
  if (home && (path === home || path.startsWith(home + "/") || path.startsWith(home + "\\"))) {
    return "~" + path.slice(home.length);
  }
  return path;
}

function baseName(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

function header(what: string, scope: Scope, dryRun: boolean): string {
  return `everyhook ${what}(${scope} scope)${dryRun ? ", dry run: nothing is written" : ""}\n\n`;
}

/**
 * The install report as text.
 *
 * @param report The report.
 * @param env The environment (to write the home folder as `~`).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { renderInstall } from "./install_cli.ts";
 * const t = renderInstall(
 *   { ok: true, dryRun: true, hook: "/h/a.ts", scope: "user", results: [], needs: [], warnings: [] },
 *   {},
 * );
 * console.assert(t.startsWith("everyhook install a.ts (user scope), dry run"));
 * ```
 */
export function renderInstall(
  report: InstallReport,
  env: Readonly<Record<string, string>>,
): string {
  const out = [header(`install ${baseName(report.hook)} `, report.scope, report.dryRun)];
  for (const w of report.warnings) out.push(`Warning: ${w}\n\n`);
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
    out.push(`${r.agent.padEnd(12)} ${words[r.action]}  ${shortPath(r.file, env)}\n`);
    for (const e of r.entries) {
      out.push(`  ${e.event.padEnd(14)} ${named(e).padEnd(width)} ${e.can}\n`);
    }
    if (r.refused) out.push(`  ${r.refused}\n`);
    for (const n of r.notes) out.push(`  note: ${n}\n`);
    if (r.backup) out.push(`  backup: ${shortPath(r.backup, env)}\n`);
  }
  if (report.needs.length > 0) {
    out.push("\nStill to do:\n");
    for (const n of report.needs) out.push(`  ${n.agent}: ${n.text}\n`);
  }
  return out.join("");
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
 * import { renderUninstall } from "./install_cli.ts";
 * const t = renderUninstall(
 *   { ok: true, dryRun: false, hook: "/h/a.ts", scope: "user", removed: 0, results: [] },
 *   {},
 * );
 * console.assert(t.startsWith("everyhook uninstall a.ts (user scope)"));
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
    out.push(`${r.agent.padEnd(12)} ${what}  ${shortPath(r.file, env)}\n`);
    if (r.refused) out.push(`  ${r.refused}\n`);
    if (r.restoredFrom) {
      out.push(
        `  the file ${would}${report.dryRun ? "be" : "is"} back to its bytes from before install\n`,
      );
    }
    for (const note of r.notes) out.push(`  note: ${note}\n`);
    if (r.backup) out.push(`  backup: ${shortPath(r.backup, env)}\n`);
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
 * import { renderRestore } from "./install_cli.ts";
 * const t = renderRestore({ ok: true, dryRun: false, scope: "user", results: [] }, {});
 * console.assert(t.startsWith("everyhook restore (user scope)"));
 * ```
 */
export function renderRestore(
  report: RestoreReport,
  env: Readonly<Record<string, string>>,
): string {
  const out = [header("restore ", report.scope, report.dryRun)];
  for (const r of report.results) {
    const file = shortPath(r.file, env);
    if (r.from !== null && (r.restored || r.wouldRestore)) {
      const verb = r.restored ? "put back" : "would put back";
      out.push(`${r.agent.padEnd(12)} ${verb} ${baseName(r.from)}  ${file}\n`);
      if (r.savedCurrent) {
        const saved = baseName(r.savedCurrent);
        out.push(
          `  the file as it ${r.restored ? "was is saved" : "is would be saved"} as ${saved}\n`,
        );
      }
    } else {
      out.push(`${r.agent.padEnd(12)} nothing put back: ${r.reason ?? "no backup"}  ${file}\n`);
    }
  }
  return out.join("");
}
