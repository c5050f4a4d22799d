/**
 * The `bench` command: a hook put to the documents the real agents sent.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { jsonOutput } from "../cli/report.ts";
import { progressFor, seconds } from "../cli/progress.ts";
import { printed } from "../contract/printed.ts";
import { EveryhookError } from "../contract/errors.ts";
import { AGENTS } from "../agents/mod.ts";
import { bench, type BenchResult } from "../readers/bench.ts";
import { agentsOption, eventsOption } from "../cli/options.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { pathsFor } from "../settings/locations.ts";
import {
  EXAMPLE_PREFIX,
  type ExampleOnDisk,
  exampleOnDisk,
  type Fixture,
  loadFixtures,
} from "../readers/recorded.ts";
import { answerSummary } from "../cli/report.ts";
import { hostFacts, planHook } from "../run/hook_plan.ts";
import { benchSummary, renderBench } from "../cli/render_bench.ts";
import { brokenFate } from "../readers/broken_fate.ts";
import { loadConformance } from "../readers/recorded.ts";
import { runsDirect } from "../hook_script/sdk_hook.ts";
import type { Agent } from "../agents/types.ts";
import { spokenProtocol } from "./run.ts";
import { paintFor } from "../cli/colour.ts";
import { hookWarnings } from "../hook_script/hook_check.ts";
import { fsErrorCode, fsErrorWords } from "../os/fs_errors.ts";
import { MAX_CONFIG_BYTES, readBounded } from "../os/read_bounded.ts";

/**
 * Run `everyhook bench <hook> [args...] [--agent a,b] [--event e,f] [--fixture file] [--fail-closed] [--timeout s] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0, or 1 when the hook failed for some document.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./bench.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["examples/block-force-push.ts", "--agent", "codex"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const a = parseArgs(commandSpec("bench"), args);
  const hook = [...a.operands];
  const agents = agentsOption(a) ??
    [...AGENTS];
  const events = eventsOption(a);
  const failClosed = a.flag("fail-closed");
  const speaksName = a.text("speaks");
  const speaks = speaksName === undefined ? undefined : await spokenProtocol(speaksName);
  // `example:<name>`: a hook that ships with everyhook, written to a temporary folder.
  await using example = hook[0]?.startsWith(EXAMPLE_PREFIX) ? await shipped(hook[0]) : undefined;
  const argv = example ? [example.path, ...hook.slice(1)] : localFirst(hook, io.cwd);
  const plan = planHook(argv, io.cwd, io.env, hostFacts());
  if (!plan.ok) {
    throw new EveryhookError(
      "usage",
      `${plan.message}; name a hook file that exists, or a program on PATH`,
    );
  }
  const fixtureFiles = a.list("fixture") ?? [];
  const projectDir = a.text("project");
  const project = projectDir === undefined ? undefined : await projectFolder(projectDir, io.cwd);
  let fixtures: Fixture[];
  if (fixtureFiles.length > 0) {
    fixtures = [];
    for (const file of fixtureFiles) fixtures.push(await readFixtureFile(file, io.cwd));
  } else {
    fixtures = await loadFixtures(agents.map((a) => a.id));
    if (fixtures.length === 0) {
      throw new EveryhookError(
        "not-found",
        `Cannot run "bench": no fixtures found; name one with --fixture`,
      );
    }
  }
  const json = a.flag("json");
  const progress = progressFor(io, json);
  const plural = (n: number) => `${n} document${n === 1 ? "" : "s"}`;
  const results = await bench(argv, fixtures, {
    onDocument: (done, total, r) =>
      progress.status(`bench: ${done} of ${total} documents (${r.agent} ${r.event} ${r.variant})`),
    onAgent: (agent, documents, ms) =>
      progress.line(`bench: ${agent}: ${plural(documents)} in ${seconds(ms)}`),
    agents,
    events: events === "all" || events === undefined ? [] : events,
    failClosed,
    timeoutSeconds: a.number("timeout")!,
    env: io.env,
    cwd: io.cwd,
    ...(project === undefined ? {} : { project }),
    ...(speaks ? { speaks } : {}),
  });
  const ok = results.every((r) => r.result.failure === null || r.result.failure.kind === "input");
  const hookPath = pathsFor(Deno.build.os).resolve(io.cwd, argv[0]!);
  const warnings = hookWarnings(hookPath);
  const broken = benchSummary(results).broken;
  const fates = broken.length === 0
    ? []
    : await brokenFates(agents.filter((g) => results.some((r) => r.agent === g.id)), hookPath, {
      failClosed,
      hookArgs: argv.length > 1,
    });
  progress.end();
  if (json) {
    io.out(
      jsonOutput({
        ok,
        hook: hook.join(" "),
        ...(speaks ? { speaks: speaks.id } : {}),
        failClosed,
        warnings,
        broken,
        brokenFates: fates,
        results: results.map(benchJson),
      }),
    );
  } else {
    io.out(renderBench(hook.join(" "), results, paintFor(io), warnings, fates));
  }
  return ok ? 0 : 1;
}

/**
 * What each agent does with the broken hook as install would write it: direct
 * mode for a module written with the SDK (and no arguments of its own), else
 * through `run`.
 */
async function brokenFates(
  agents: readonly Agent[],
  hookPath: string,
  options: { failClosed: boolean; hookArgs: boolean },
): Promise<string[]> {
  const read = await readBounded(hookPath, { cap: MAX_CONFIG_BYTES });
  const source = read.kind === "file" ? new TextDecoder().decode(read.bytes) : "";
  const mode = !options.hookArgs && runsDirect(hookPath, source) ? "direct" : "run";
  const conformance = await loadConformance();
  return agents.map((agent) =>
    `${agent.name}: ${
      brokenFate(agent, mode, options.failClosed, conformance.find((f) => f.agent === agent.id))
    }`
  );
}

/**
 * A bare hook name is a file in the current folder first, as install, uninstall
 * and list --hook take it; only a name that is no file here is looked up on PATH.
 */
function localFirst(hook: readonly string[], cwd: string): string[] {
  const [first, ...rest] = hook;
  if (first === undefined || /[\\/]/.test(first)) return [...hook];
  const here = pathsFor(Deno.build.os).resolve(cwd, first);
  const isFile = (() => {
    try {
      return Deno.statSync(here).isFile;
    } catch {
      return false;
    }
  })();
  return isFile ? [here, ...rest] : [...hook];
}

/** The shipped example a word names; a name that is none is a usage error. */
async function shipped(word: string): Promise<ExampleOnDisk> {
  try {
    return await exampleOnDisk(word.slice(EXAMPLE_PREFIX.length));
  } catch (e) {
    if (!(e instanceof EveryhookError) || e.code !== "not-found") throw e;
    throw new EveryhookError("usage", `Cannot read the "bench" command line: ${e.message}`);
  }
}

async function projectFolder(dir: string, cwd: string): Promise<string> {
  const path = pathsFor(Deno.build.os).resolve(cwd, dir);
  const isFolder = await Deno.stat(path).then((s) => s.isDirectory, () => false);
  if (!isFolder) {
    throw new EveryhookError(
      "usage",
      `Cannot read the "bench" command line: --project "${dir}" is not a folder (looked for ${path})`,
    );
  }
  return path;
}

async function readFixtureFile(file: string, cwd: string): Promise<Fixture> {
  const path = pathsFor(Deno.build.os).resolve(cwd, file);
  const wrong = (why: string) =>
    new EveryhookError(
      "usage",
      `Cannot read the "bench" command line: --fixture "${file}" ${why}; name a fixture file: JSON with "agent", "event" and "payload"`,
    );
  let read;
  try {
    read = await readBounded(path, { cap: MAX_CONFIG_BYTES });
  } catch (e) {
    if (fsErrorCode(e) === undefined) throw e;
    throw wrong(`cannot be read: ${fsErrorWords(e)}`);
  }
  if (read.kind === "missing") throw wrong(`is not there (looked for ${path})`);
  if (read.kind === "refused") throw wrong(read.reason);
  const text = new TextDecoder().decode(read.bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw wrong(`is not JSON (${(e as Error).message})`);
  }
  const f = value as Partial<Fixture>;
  if (
    typeof f !== "object" || f === null || typeof f.agent !== "string" ||
    typeof f.event !== "string" || typeof f.payload !== "object" || f.payload === null ||
    Array.isArray(f.payload)
  ) {
    throw wrong(`lacks "agent" or "event" (strings) or "payload" (an object)`);
  }
  return {
    agent: f.agent,
    version: f.version ?? "?",
    source: f.source ?? "recorded",
    os: f.os ?? "?",
    date: f.date ?? "?",
    event: f.event,
    nativeEvent: f.nativeEvent ?? "",
    variant: f.variant ?? file,
    payload: f.payload as Record<string, unknown>,
    file: path,
  };
}

function benchJson(r: BenchResult) {
  return {
    agent: r.agent,
    version: r.version,
    source: r.source,
    os: r.os,
    date: r.date,
    event: r.event,
    variant: r.variant,
    summary: r.result.failure
      ? `${r.result.failure.kind}: ${r.result.failure.detail}`
      : answerSummary(r.result.answer),
    answer: r.result.answer,
    effect: r.result.effect,
    effects: r.result.effects,
    notes: r.result.notes,
    native: { ...r.result.native, printed: printed(r.result.native.stdout) },
    hook: {
      status: r.result.hook.status,
      exit: r.result.hook.exit,
      ms: r.result.hook.ms,
      stderr: r.result.hook.stderr,
      ...(r.result.spoken ? { stdout: r.result.hook.stdout } : {}),
    },
    ...(r.result.spoken ? { spoken: r.result.spoken } : {}),
  };
}
