/**
 * The `bench` command: a hook put to the documents the real agents sent.
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import { AGENTS } from "../agents/mod.ts";
import { bench, type BenchResult } from "../readers/bench.ts";
import { agentsOption, eventsOption } from "../cli/options.ts";
import { pathsFor } from "../hooks_files/locations.ts";
import { EXAMPLE_PREFIX, exampleOnDisk, type Fixture, loadFixtures } from "../readers/recorded.ts";
import { answerSummary } from "../cli/report.ts";
import { effectWords } from "../agents/effect_words.ts";
import { DEFAULT_TIMEOUT_SECONDS } from "../run/run.ts";

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
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        agent: { type: "string" },
        event: { type: "string" },
        fixture: { type: "string", multiple: true },
        "fail-closed": { type: "boolean" },
        timeout: { type: "string" },
        json: { type: "boolean" },
      },
    });
  } catch (e) {
    throw new EveryhookError(
      "usage",
      `Cannot read the options of "bench": ${(e as Error).message}`,
    );
  }
  const v = parsed.values;
  const hook = parsed.positionals;
  if (hook.length === 0) {
    throw new EveryhookError("usage", `Cannot run "bench": name the hook to put to the fixtures`);
  }
  const agents = agentsOption(v.agent) ?? [...AGENTS];
  const events = eventsOption(v.event);
  let timeoutSeconds = DEFAULT_TIMEOUT_SECONDS;
  if (v.timeout !== undefined) {
    timeoutSeconds = Number(v.timeout);
    if (!(timeoutSeconds > 0 && timeoutSeconds <= 3600)) {
      throw new EveryhookError(
        "usage",
        `Cannot read "--timeout": "${v.timeout}" is not a number of seconds`,
      );
    }
  }
  let fixtures: Fixture[];
  if (v.fixture && v.fixture.length > 0) {
    fixtures = [];
    for (const file of v.fixture) fixtures.push(await readFixtureFile(file, io.cwd));
  } else {
    fixtures = await loadFixtures(agents.map((a) => a.id));
    if (fixtures.length === 0) {
      throw new EveryhookError(
        "not-found",
        `Cannot run "bench": no fixtures found; name one with --fixture`,
      );
    }
  }
  // `example:<name>`: a hook that ships with everyhook, written to a temporary folder.
  await using example = hook[0]?.startsWith(EXAMPLE_PREFIX)
    ? await exampleOnDisk(hook[0].slice(EXAMPLE_PREFIX.length))
    : undefined;
  const results = await bench(example ? [example.path, ...hook.slice(1)] : hook, fixtures, {
    agents,
    events: events === "all" || events === undefined ? [] : events,
    failClosed: v["fail-closed"] === true,
    timeoutSeconds,
    env: io.env,
    cwd: io.cwd,
  });
  const ok = results.every((r) => r.result.failure === null || r.result.failure.kind === "input");
  if (v.json) {
    io.out(
      JSON.stringify(
        {
          ok,
          hook: hook.join(" "),
          failClosed: v["fail-closed"] === true,
          results: results.map(benchJson),
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    io.out(renderBench(hook.join(" "), results));
  }
  return ok ? 0 : 1;
}

async function readFixtureFile(file: string, cwd: string): Promise<Fixture> {
  const path = pathsFor(Deno.build.os).resolve(cwd, file);
  let value: unknown;
  try {
    value = JSON.parse(await Deno.readTextFile(path));
  } catch (e) {
    throw new EveryhookError(
      "not-found",
      `Cannot read the fixture "${file}": ${(e as Error).message}`,
    );
  }
  const f = value as Partial<Fixture>;
  if (
    typeof f !== "object" || f === null || typeof f.agent !== "string" ||
    typeof f.event !== "string" || typeof f.payload !== "object"
  ) {
    throw new EveryhookError(
      "input",
      `Cannot read the fixture "${file}": it needs "agent", "event" and "payload"`,
    );
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
    native: r.result.native,
    hook: {
      status: r.result.hook.status,
      exit: r.result.hook.exit,
      ms: r.result.hook.ms,
      stderr: r.result.hook.stderr,
    },
  };
}

/**
 * Render bench results as text, grouped by agent.
 *
 * @param hook The hook as named.
 * @param results The results.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { renderBench } from "./bench.ts";
 * console.assert(renderBench("h.ts", []).startsWith("everyhook bench h.ts"));
 * ```
 */
export function renderBench(hook: string, results: readonly BenchResult[]): string {
  const lines = [`everyhook bench ${hook}`];
  let last = "";
  for (const r of results) {
    const head = `${r.agent} ${r.version}  ${
      r.source === "documented" ? "documented, not recorded" : `recorded ${r.date}, ${r.os}`
    }`;
    if (head !== last) {
      lines.push("", head);
      last = head;
    }
    const said = r.result.failure
      ? `${r.result.failure.kind} (${r.result.failure.detail})`
      : answerSummary(r.result.answer);
    lines.push(`  ${r.event.padEnd(14)} ${r.variant.padEnd(28)} ${said}`);
    lines.push(
      `      so: ${effectWords(r.result.effects)}${
        r.result.notes.length > 0 ? ` (${r.result.notes.join("; ")})` : ""
      }`,
    );
    lines.push(
      `      ${r.result.native.stdout === "" ? "(nothing printed)" : r.result.native.stdout}${
        r.result.native.exit !== 0 ? ` exit ${r.result.native.exit}` : ""
      }`,
    );
  }
  return lines.join("\n") + "\n";
}
