/**
 * The `demo` command: the main job with no set-up. An example hook
 * (examples/block-force-push.ts, which ships inside everyhook and is written to
 * a temporary folder to run) is put through every agent's adapter, with a
 * force push and a harmless command in each agent's own JSON, and the demo
 * shows what each agent would get and do. The JSON comes from the recordings
 * that ship in fixtures/<agent>/: the recorded payload of each command where
 * there is one, else the agent's recorded pre-tool shell payload with the
 * command put in. An agent with no such recording is reported, not shown.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import type { Agent } from "../agents/types.ts";
import { AGENTS } from "../agents/mod.ts";
import { runAdapter } from "../run/run.ts";
import { runHook } from "../run/hook_process.ts";
import { exampleOnDisk, type Fixture, loadFixtures } from "../readers/recorded.ts";
import { jsonOutput } from "../cli/report.ts";
import { type DemoCase, demoDocument, type DemoReport, renderDemo } from "../cli/render_demo.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";

/** The two commands every agent is shown with, by fixture variant. */
export const DEMO_VARIANTS: Readonly<Record<string, string>> = {
  "shell-force-push": "git push --force origin main",
  "shell-harmless": "git status",
};

/** The hook and the fixtures `demo` uses. */
export interface DemoOptions {
  /** The hook to show, a path; default the shipped examples/block-force-push.ts. */
  hook?: string;
  /** The fixtures to take the payloads from; default the shipped ones. */
  fixtures?: readonly Fixture[];
  /** The agents; default every agent. */
  agents?: readonly Agent[];
}

/** An agent the demo cannot show, and why. */
export interface DemoMissing {
  /** The agent's id. */
  agent: string;
  /** The agent's name. */
  agentName: string;
  /** Why it is not shown. */
  why: string;
}

/** What `demo` found: the cases, and the agents it could not show. */
export interface DemoRun extends DemoReport {
  /** The agents with no recorded pre-tool shell payload (or no pre-tool event). */
  missing: DemoMissing[];
}

/**
 * Put the hook through every agent's adapter on a force push and a harmless command.
 *
 * @param io The world (its environment and folder are the hook's).
 * @param options The hook, the fixtures folder and the agents.
 * @returns What each agent would get and do, and the agents it could not show.
 * @throws {EveryhookError} `not-found` when the hook is not there, or no agent has a recording.
 *
 * @example Usage
 * ```ts ignore
 * import { runDemo } from "./demo.ts";
 * import { denoIo } from "../cli/io.ts";
 * const report = await runDemo(denoIo());
 * console.log(report.cases.length, report.missing.length);
 * ```
 */
export async function runDemo(io: Io, options: DemoOptions = {}): Promise<DemoRun> {
  if (options.hook !== undefined) return await demoWith(options.hook, options.hook, io, options);
  await using example = await exampleOnDisk(DEFAULT_EXAMPLE);
  return await demoWith(example.path, `examples/${DEFAULT_EXAMPLE}`, io, options);
}

/** The example hook the demo shows when no other is named. */
export const DEFAULT_EXAMPLE = "block-force-push.ts";

async function demoWith(
  hook: string,
  shown: string,
  io: Io,
  options: DemoOptions,
): Promise<DemoRun> {
  if (!exists(hook)) {
    throw new EveryhookError("not-found", `Cannot run "demo": the hook "${hook}" is not there`);
  }
  const fixtures = options.fixtures ??
    await loadFixtures((options.agents ?? AGENTS).map((a) => a.id));
  const jobs: Array<Promise<DemoCase>> = [];
  const missing: DemoMissing[] = [];
  for (const agent of options.agents ?? AGENTS) {
    const payloads = demoPayloads(agent, fixtures);
    if (typeof payloads === "string") {
      missing.push({ agent: agent.id, agentName: agent.name, why: payloads });
      continue;
    }
    for (const { variant, command, payload, source } of payloads) {
      jobs.push(
        runAdapter(
          agent,
          "pre-tool",
          { bytes: new TextEncoder().encode(JSON.stringify(payload)), truncated: false },
          [hook],
          { env: io.env, cwd: io.cwd, runner: runHook },
        ).then((result) => ({
          agent: agent.id,
          agentName: agent.name,
          variant,
          source,
          command: result.document?.tool?.command ?? command,
          result,
        })),
      );
    }
  }
  const cases = await Promise.all(jobs);
  if (cases.length === 0) {
    throw new EveryhookError(
      "not-found",
      `Cannot run "demo": no agent has a recorded pre-tool shell payload`,
    );
  }
  return { ok: cases.every((c) => c.result.ok), hook: shown, cases, missing };
}

interface DemoPayload {
  variant: string;
  command: string;
  payload: Record<string, unknown>;
  source: string;
}

/**
 * The payloads one agent is shown with, one per demo command: the recording of
 * that command, else the agent's recorded pre-tool shell payload (a force push
 * where there is one) with the command put in its place. Or why there are none.
 */
function demoPayloads(agent: Agent, fixtures: readonly Fixture[]): DemoPayload[] | string {
  if (!agent.events["pre-tool"]) return "it has no pre-tool event";
  const shell = fixtures.filter((f) =>
    f.agent === agent.id && f.event === "pre-tool" && shellCommand(agent, f.payload) !== undefined
  );
  const template = shell.find((f) => f.variant === "shell-force-push") ?? shell[0];
  if (template === undefined) {
    return `there is no recorded pre-tool shell payload in fixtures/${agent.id}/`;
  }
  const out: DemoPayload[] = [];
  for (const [variant, command] of Object.entries(DEMO_VARIANTS)) {
    const recorded = shell.find((f) => f.variant === variant);
    if (recorded) {
      out.push({ variant, command, payload: recorded.payload, source: sourceOf(agent, recorded) });
      continue;
    }
    const from = shellCommand(agent, template.payload) as string;
    const payload = replaced(template.payload, from, command) as Record<string, unknown>;
    if (shellCommand(agent, payload) !== command) {
      return `the command of its recorded "${template.variant}" payload cannot be replaced`;
    }
    out.push({
      variant,
      command,
      payload,
      source: `${sourceOf(agent, template)}, its command replaced`,
    });
  }
  return out;
}

/** The shell command a pre-tool payload asks for, as the agent's reader reads it. */
function shellCommand(agent: Agent, payload: Record<string, unknown>): string | undefined {
  try {
    const tool = agent.read(payload, { event: "pre-tool" }).tool;
    return tool?.kind === "shell" ? tool.command : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON value with every occurrence of `from` in its strings replaced by `to`. */
function replaced(value: unknown, from: string, to: string): unknown {
  if (typeof value === "string") return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((v) => replaced(v, from, to));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaced(v, from, to)]));
  }
  return value;
}

function sourceOf(agent: Agent, fixture: Fixture): string {
  const how = fixture.source === "documented" ? "written from the docs" : "recorded";
  return `${how}: ${agent.name} ${fixture.version}, ${fixture.os}, ${fixture.date}`;
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Run `everyhook demo [--hook <file>] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0, or 1 when the hook failed for some case.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./demo.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command([], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("demo"), args);
  const given = a.text("hook");
  const hook = given === undefined ? undefined : absolute(given, io.cwd);
  if (hook !== undefined && !exists(hook)) {
    throw new EveryhookError(
      "usage",
      `Cannot read the "demo" command line: there is no hook file "${given}" (looked for ${hook}); name a file that exists, or leave out --hook`,
    );
  }
  const report = await runDemo(io, hook === undefined ? {} : { hook });
  if (a.flag("json")) io.out(jsonOutput({ ...demoDocument(report), missing: report.missing }));
  else {
    io.out(renderDemo(report));
    for (const m of report.missing) {
      io.err(`everyhook demo: ${m.agentName} (${m.agent}) is not shown: ${m.why}\n`);
    }
  }
  return report.ok ? 0 : 1;
}

function absolute(path: string, cwd: string): string {
  return /^([\\/]|[A-Za-z]:[\\/])/.test(path) ? path : `${cwd}/${path}`;
}
