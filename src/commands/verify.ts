/**
 * The `verify` command: run each agent found once, headless, in a temporary
 * copy of its hooks and settings, against a fake model API on 127.0.0.1, and
 * say what became of each hook. Where `unshare -n` and `ip` work (as root, or
 * with user namespaces), verify starts itself again inside a network namespace
 * with loopback only, so that the agents can reach nothing but 127.0.0.1
 * (its progress lines then come when it is done); elsewhere the report says
 * there was none.
 *
 * @module
 */

import { paintFor } from "../cli/colour.ts";
import type { Io } from "../cli/io.ts";
import { jsonOutput } from "../cli/report.ts";
import {
  type Progress,
  PROGRESS_VAR,
  progressFor,
  progressShown,
  seconds,
} from "../cli/progress.ts";
import { AGENTS } from "../agents/mod.ts";
import { agentsOption, eventsOption } from "../cli/options.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { renderPlan, renderVerify } from "../cli/render_verify.ts";
import { EveryhookError } from "../contract/errors.ts";
import { pathsFor } from "../settings/locations.ts";
import { runProgram } from "../run/hook_process.ts";
import { findOnPath } from "../os/path_search.ts";
import { flagFor, runtimeFacts } from "../os/runtime.ts";
import { findAgentBinary } from "../verify/agent_run.ts";
import { findDriver } from "../verify/drivers/mod.ts";
import {
  type AgentVerdict,
  HARMLESS_COMMAND,
  verifyAll,
  type VerifyOptions,
  type VerifyReport,
} from "../verify/verify.ts";
import { PROBE_FILE } from "../verify/steps.ts";
import { spokenProtocol } from "./run.ts";
import { importSources } from "./import.ts";
import { importHooks } from "../install/import_hooks.ts";
import { selfInvocation } from "../settings/self.ts";
import { plannedEntries, type PlannedEntry } from "../verify/consent.ts";

/** Set in the copy of verify that runs inside the network namespace. */
const IN_NAMESPACE = "EVERYHOOK_VERIFY_NAMESPACE";

/**
 * Run `everyhook verify [--agent a,b|--all] [--project dir] [--event e,f|all] [--bin path] [--yes] [--json]`.
 * Before any agent runs, it lists every hook entry that will run, with its
 * file and scope, and asks for a yes to those that need one (consent.ts).
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0 when every hook list expects to run fired, else 1.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./verify.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--agent", "codex"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("verify"), args);
  const named = agentsOption(a);
  const agents = named ?? [...AGENTS];
  const events = eventsOption(a);
  const bin = a.text("bin");
  const json = a.flag("json");
  if (bin !== undefined && agents.length !== 1) {
    throw new EveryhookError(
      "usage",
      "Cannot verify with --bin: it names one agent's binary, so give one --agent with it",
    );
  }
  const os = Deno.build.os;
  if (os === "windows") {
    throw new EveryhookError(
      "usage",
      "Cannot verify on Windows yet: its probe, which sees a hook fire, is a POSIX shell script",
    );
  }
  const project = pathsFor(os).resolve(io.cwd, a.text("project") ?? ".");
  const user = { env: io.env, os, project };
  const binPath = bin === undefined ? undefined : pathsFor(os).resolve(io.cwd, bin);
  const speaksName = a.text("speaks");
  const speaks = speaksName === undefined ? undefined : await speaksOption(speaksName, io, user);
  let yes = a.flag("yes");
  if (io.env[IN_NAMESPACE] !== "1") {
    const running = agents.filter((agent) => {
      const driver = findDriver(agent.id);
      return driver !== undefined && (binPath ?? findAgentBinary(driver, io.env)) !== undefined;
    });
    const planned = await plannedEntries(speaks ? [...running, speaks.from] : running, user);
    if (planned.length > 0) {
      io.err(renderPlan(
        planned,
        a.flag("quick")
          ? `once, for a session whose one tool call is \`${HARMLESS_COMMAND}\``
          : `for a session whose tool calls are \`${HARMLESS_COMMAND}\`, a failing call, a write and an edit of ${PROBE_FILE} in the copy, an MCP tool of verify's own and a subagent's command (where the agent can play each)`,
        io.env.HOME,
      ));
      yes = await askYes(planned, yes, io);
      const inside = await inNamespace(
        yes && !a.flag("yes") ? [...args, "--yes"] : args,
        io,
        progressShown(io, json),
      );
      if (inside !== undefined) return inside;
    }
  }
  const progress = progressFor(io, json);
  const ticker = verifyTicker(progress, agents.length);
  let report: VerifyReport;
  try {
    report = await verifyAll({
      agents,
      user,
      events,
      ...(binPath === undefined ? {} : { bin: binPath }),
      loopbackOnly: io.env[IN_NAMESPACE] === "1",
      quick: a.flag("quick"),
      asReviewed: a.flag("as-reviewed"),
      yes,
      progress: (line) => ticker.note(line),
      ...(speaks ? { speaks } : {}),
      onAgent: (e) => e.kind === "start" ? ticker.start(e.agent.name) : ticker.done(e),
    });
  } finally {
    ticker.stop();
  }
  if (named) {
    for (const v of report.agents) if (v.run.kind === "not-run") v.ok = false;
    report.ok = report.agents.every((v) => v.ok);
  }
  if (json) io.out(jsonOutput(report));
  else io.out(renderVerify(report, paintFor(io), io.env.HOME));
  return report.ok ? 0 : 1;
}

/**
 * What `verify --speaks <agent>` does to each agent's copies: that agent's
 * hooks, user and project, imported into them as `import --from` would.
 */
async function speaksOption(
  name: string,
  io: Io,
  user: VerifyOptions["user"],
): Promise<NonNullable<VerifyOptions["speaks"]>> {
  const spoken = await spokenProtocol(name);
  const from = AGENTS.find((a) => a.id === spoken.id)!;
  const jsrUrl = io.env.JSR_URL;
  const self = selfInvocation(runtimeFacts(), jsrUrl ? { jsrUrl } : {});
  return {
    from,
    async bringInto(agent, inWorld) {
      const said: string[] = [];
      for (const scope of ["user", "project"] as const) {
        const { sources } = await importSources(from, [agent], scope, user);
        if (sources.length === 0) continue;
        const report = await importHooks({
          from,
          shell: spoken.shell.argv,
          defaultTimeout: spoken.defaultTimeout.seconds,
          sources,
          agents: [agent],
          scope,
          project: inWorld.project,
          dryRun: false,
          self,
        }, { env: inWorld.env, cwd: inWorld.project, os: inWorld.os, now: () => new Date() });
        for (const r of report.results) {
          said.push(
            `${r.entries.length} ${from.name} ${scope} hook entries imported into the copy (--speaks)`,
          );
          for (const k of r.skipped) said.push(`not imported: ${k.native} ${k.command}: ${k.why}`);
          if (r.refused) said.push(r.refused);
        }
      }
      return said;
    },
  };
}

/**
 * Whether the entries that need a yes may run: `--yes`, or a yes typed on a
 * terminal; without a terminal, no (and a line says so).
 */
async function askYes(planned: readonly PlannedEntry[], yes: boolean, io: Io): Promise<boolean> {
  const held = planned.filter((e) => e.ask !== null).length;
  if (held === 0 || yes) return yes;
  const n = held === 1 ? "the entry" : `the ${held} entries`;
  if (!io.stdinIsTerminal() || io.ask === undefined) {
    io.err(
      `everyhook verify: ${n} marked "needs your yes" will not run: there is no terminal to ask on and no --yes, so ${
        held === 1 ? "its agent is" : "their agents are"
      } not run\n`,
    );
    return false;
  }
  const answer = await io.ask(`Run ${n} marked "needs your yes"? [y/N] `);
  return answer !== null && /^\s*y(es)?\s*$/i.test(answer);
}

/**
 * Run this verify again inside a loopback-only network namespace, where the
 * machine has one to give: its exit code, or undefined when there is none.
 */
async function inNamespace(
  args: string[],
  io: Io,
  progress: boolean,
): Promise<number | undefined> {
  const decoder = new TextDecoder();
  const unshare = findOnPath("unshare", io.env, Deno.build.os);
  const ip = findOnPath("ip", io.env, Deno.build.os);
  if (!unshare || !ip) return undefined;
  const env = { ...io.env };
  for (const flag of ["-n", "-rn"]) {
    const probe = await runProgram({
      program: unshare,
      args: [flag, ip, "link", "set", "lo", "up"],
      env,
      cwd: io.cwd,
      timeoutMs: 10_000,
    });
    if (probe.kind !== "exited" || probe.code !== 0) continue;
    const words = selfArgv();
    const out = await runProgram({
      program: unshare,
      args: [
        flag,
        "sh",
        "-c",
        `"$0" link set lo up && shift && exec "$@"`,
        ip,
        "--",
        ...words,
        "verify",
        ...args,
      ],
      env: { ...env, [IN_NAMESPACE]: "1", ...(progress ? { [PROGRESS_VAR]: "1" } : {}) },
      cwd: io.cwd,
      timeoutMs: 30 * 60_000,
      sweep: false,
      // Its stderr as it comes: the progress of a long run is seen while it runs.
      onStderr: (chunk) => io.err(decoder.decode(chunk, { stream: true })),
    });
    if (out.kind === "start-failed") return undefined;
    io.out(out.stdout);
    return out.kind === "exited" ? out.code : 1;
  }
  return undefined;
}

/**
 * How to start this everyhook's command line again with verify's permissions:
 * a compiled binary as it is; else deno with the main module when it is the
 * command line (cli.ts, mod.ts, or the package on JSR), or the cli.ts beside src/.
 */
function selfArgv(): string[] {
  const facts = runtimeFacts();
  if (facts.standalone) return [facts.execPath];
  const main = facts.mainModule;
  const cli = /[\\/](cli|mod)\.ts$/.test(main) || main.startsWith("jsr:")
    ? main
    : new URL("../../cli.ts", import.meta.url).href;
  const target = cli.startsWith("file:") ? decodeURIComponent(new URL(cli).pathname) : cli;
  return [facts.execPath, "run", ...commandSpec("verify").permissions.map(flagFor), target];
}

/** What verify shows while it runs: the agents done of all, those running with their time so far. */
interface Ticker {
  start(name: string): void;
  done(e: { agent: { name: string }; verdict: AgentVerdict; ms: number }): void;
  note(line: string): void;
  stop(): void;
}

function verifyTicker(progress: Progress, total: number): Ticker {
  if (!progress.on) return { start() {}, done() {}, note() {}, stop() {} };
  const running = new Map<string, number>();
  let finished = 0;
  const show = () => {
    const now = performance.now();
    const names = [...running].map(([n, t]) => `${n} ${seconds(now - t)}`).join(", ");
    progress.status(
      `verify: ${finished} of ${total} agents done${names ? `; running ${names}` : ""}`,
    );
  };
  const timer = setInterval(show, 1000);
  return {
    start(name) {
      running.set(name, performance.now());
      show();
    },
    done({ agent, verdict, ms }) {
      running.delete(agent.name);
      finished++;
      const run = verdict.run;
      const fired = verdict.entries.filter((e) => e.status === "fired").length;
      progress.line(
        run.kind === "ran"
          ? `verify: ${agent.name}: ${fired} of ${verdict.entries.length} entries fired, in ${
            seconds(ms)
          } (${run.binary})`
          : `verify: ${agent.name}: not run (${run.reason})`,
      );
      show();
    },
    note(line) {
      progress.status(`verify: ${line}`);
    },
    stop() {
      clearInterval(timer);
      progress.end();
    },
  };
}
