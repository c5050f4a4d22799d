// deno-lint-ignore-file no-console -- a maintainer's script: it reports on the console
/**
 * `deno task drift`: for every pinned agent (or those named), ask the npm
 * registry for the newest release, install it beside the pinned one (into
 * .cache/drift/<agent>/, the pinned Node.js first on PATH where the agent has
 * one), record its fixtures and conformance cases again into a temporary
 * folder (scripts/record.ts --out, inside a loopback-only network namespace
 * where the machine can make one), and print the cells whose answer changed
 * against the committed recordings (scripts/drift_diff.ts), or "no change". An
 * agent whose newest release is the pin is not re-recorded; `--same`
 * re-records the pin itself instead of the newest release (from .cache/agents
 * where it is installed): a check of the check. The agents are the registry's pinned ones
 * (src/agents/registry.ts), so a new agent is checked once it has a pin and a
 * harness. It needs the npm registry, so it is run outside a network
 * namespace: it makes its own for the recording. docs/drift.md says how to
 * move a pin after it. Not part of `deno task test`.
 *
 * Exit 0 when nothing changed, 1 when a cell changed, 2 when an agent could
 * not be installed or recorded.
 *
 * Usage: deno run -A scripts/drift.ts [--same] [--keep] [--json] [agent...]
 *
 * @module
 */

import { parseArgs } from "node:util";
import { AGENTS_CACHE, nodeFolder, type Pin, PINS } from "../tests/e2e/pins.ts";
import { loadConformance, loadFixtures } from "../src/readers/recorded.ts";
import { type Change, changeLine, compareRecordings, type RecordedSet } from "./drift_diff.ts";
import { findAgent } from "../src/agents/mod.ts";
import { AGENT_ENTRIES } from "../src/agents/registry.ts";
import { harnessPlace } from "../tests/e2e/harnesses.ts";
import type { ContractEvent } from "../src/contract/contract.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const DRIFT_DIR = `${ROOT}/.cache/drift`;

/** How long npm may take to answer a question, and to install a release (it retries a dead network for long). */
const NPM_VIEW_MS = 60_000;
const NPM_INSTALL_MS = 600_000;

/** Where progress goes: stdout, or stderr when stdout is the JSON document. */
let log: (line: string) => void = (line) => console.log(line);

/** What drift found for one agent. */
interface AgentDrift {
  agent: string;
  package: string;
  pinned: string;
  newest: string | null;
  /** The release recorded: the newest, or the pin with --same; null when none was. */
  recorded: string | null;
  status: "no change" | "changed" | "not re-recorded" | "failed";
  changes: Change[];
  problem: string | null;
  recordings: string | null;
}

async function run(
  cmd: string,
  args: string[],
  o: { cwd?: string; env?: Record<string, string>; quiet?: boolean; limitMs?: number } = {},
): Promise<{ ok: boolean; out: string; err: string }> {
  const r = await new Deno.Command(cmd, {
    args,
    cwd: o.cwd ?? ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    ...(o.env ? { env: o.env } : {}),
    ...(o.limitMs === undefined ? {} : { signal: AbortSignal.timeout(o.limitMs) }),
  }).output();
  const out = new TextDecoder().decode(r.stdout);
  let err = new TextDecoder().decode(r.stderr);
  if (r.signal !== null && o.limitMs !== undefined) {
    err += `\n${cmd} was stopped after ${
      o.limitMs / 1000
    } s (no network here? run drift outside a network namespace)`;
  }
  if (!o.quiet) {
    for (const line of (out + err).trimEnd().split("\n")) if (line !== "") log(`    ${line}`);
  }
  return { ok: r.success, out, err };
}

/** The version the registry's `latest` tag names. */
async function newestVersion(pin: Pin): Promise<string> {
  const r = await run("npm", ["view", pin.package, "version"], {
    quiet: true,
    limitMs: NPM_VIEW_MS,
  });
  const version = r.out.trim();
  if (!r.ok || !/^\d+\.\d+\.\d+/.test(version)) {
    throw new Error(`npm view ${pin.package} version failed: ${(r.err || r.out).trim()}`);
  }
  return version;
}

async function installedVersion(dir: string, pin: Pin): Promise<string | undefined> {
  try {
    const text = await Deno.readTextFile(`${dir}/node_modules/${pin.package}/package.json`);
    return JSON.parse(text).version;
  } catch {
    return undefined;
  }
}

/**
 * Why npm could not install a release, from what it printed: the packages the
 * registry has no such version of (a release whose platform packages were not
 * published, say), or else its last error line.
 *
 * @param output What npm printed.
 * @returns One line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { npmProblem } from "./drift.ts";
 * const out = "npm error notarget No matching version found for @a/b-linux-x64@1.2.3.\n" +
 *   "npm error A complete log of this run can be found in: /x.log\n";
 * assert.equal(npmProblem(out), "the npm registry has no @a/b-linux-x64@1.2.3");
 * assert.equal(npmProblem("npm error code E404\n"), "npm error code E404");
 * ```
 */
export function npmProblem(output: string): string {
  const missing = [...output.matchAll(/No matching version found for (\S+?)\.?(?:\s|$)/g)]
    .map((m) => m[1]!);
  if (missing.length > 0) return `the npm registry has no ${[...new Set(missing)].join(", ")}`;
  const lines = output.split("\n").map((l) => l.trim())
    .filter((l) => l !== "" && !/A complete log of this run/.test(l));
  return lines.at(-1) ?? "npm printed nothing";
}

/**
 * The agents drift checks: those named, or every agent with a pin in the
 * registry (src/agents/registry.ts), in its order; and the names that have no pin.
 *
 * @param named The agent ids asked for (none: all).
 * @returns The ids, and the unknown names.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { driftAgents } from "./drift.ts";
 * import { AGENT_ENTRIES } from "../src/agents/registry.ts";
 * const pinned = AGENT_ENTRIES.filter((e) => e.pin).map((e) => e.id);
 * assert.deepEqual(driftAgents([]).ids, pinned);
 * assert.deepEqual(driftAgents(["cursor"]).unknown, ["cursor"]);
 * ```
 */
export function driftAgents(named: readonly string[]): { ids: string[]; unknown: string[] } {
  const ids = named.length > 0 ? [...named] : Object.keys(PINS);
  return { ids: ids.filter((id) => id in PINS), unknown: ids.filter((id) => !(id in PINS)) };
}

/** Installs `pin.package@version` into .cache/drift/<id>/ unless it is there. */
async function installNewest(id: string, pin: Pin, version: string): Promise<void> {
  const dir = `${DRIFT_DIR}/${id}`;
  if (await installedVersion(dir, pin) === version) return;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/package.json`, JSON.stringify({ private: true }) + "\n");
  const path = Deno.env.get("PATH") ?? "/usr/bin:/bin";
  const nodeBin = pin.node === undefined
    ? undefined
    : `${ROOT}/.cache/agents/${nodeFolder(pin.node)}/node_modules/.bin`;
  log(`  installing ${pin.package}@${version} into .cache/drift/${id} ...`);
  const r = await run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", `${pin.package}@${version}`],
    {
      cwd: dir,
      env: { PATH: nodeBin === undefined ? path : `${nodeBin}:${path}` },
      limitMs: NPM_INSTALL_MS,
    },
  );
  const have = await installedVersion(dir, pin);
  if (!r.ok || have !== version) {
    throw new Error(
      `npm could not install ${pin.package}@${version} (${npmProblem(r.out + r.err)})${
        have === undefined ? "" : `; ${have} is there`
      }`,
    );
  }
}

/** Whether this process can make a loopback-only network namespace (root, with unshare and ip). */
async function canIsolate(): Promise<boolean> {
  try {
    const r = await new Deno.Command("unshare", {
      args: ["-n", "sh", "-c", "ip link set lo up"],
      stdout: "null",
      stderr: "null",
    }).output();
    return r.success;
  } catch {
    return false;
  }
}

/** Records the agent found under `agents` (.cache/drift, or .cache/agents for the pin) into `out`. */
async function record(id: string, out: string, isolate: boolean, agents: string): Promise<void> {
  const deno = Deno.execPath();
  const recordArgs = ["run", "-A", `${ROOT}/scripts/record.ts`, "--out", out, id];
  const env = { ...Deno.env.toObject(), EVERYHOOK_AGENTS_DIR: agents };
  const r = isolate
    ? await run("unshare", [
      "-n",
      "sh",
      "-c",
      `ip link set lo up && EVERYHOOK_NETNS=1 exec "$0" "$@"`,
      deno,
      ...recordArgs,
    ], { env })
    : await run(deno, recordArgs, { env });
  if (!r.ok) throw new Error(`scripts/record.ts failed for ${id}`);
}

/**
 * The harness file scripts/record.ts loads for an agent of no family with
 * shared end-to-end files (tests/e2e/<module>_harness.ts); undefined for an
 * agent its family records (tests/e2e/harnesses.ts).
 */
async function harnessFile(id: string): Promise<string | undefined> {
  const entry = AGENT_ENTRIES.find((e) => e.id === id);
  if (entry === undefined) return `${ROOT}/tests/e2e/${id}_harness.ts`;
  const place = await harnessPlace(entry);
  return "own" in place ? `${ROOT}/${place.own}` : undefined;
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

async function pinnedSet(id: string, version: string): Promise<RecordedSet> {
  return {
    version,
    fixtures: await loadFixtures([id], `${ROOT}/fixtures`),
    conformance: (await loadConformance(`${ROOT}/fixtures`)).find((c) => c.agent === id),
  };
}

async function driftOf(
  id: string,
  pin: Pin,
  o: { same: boolean; keep: boolean; isolate: boolean },
): Promise<AgentDrift> {
  const row: AgentDrift = {
    agent: id,
    package: pin.package,
    pinned: pin.version,
    newest: null,
    recorded: null,
    status: "failed",
    changes: [],
    problem: null,
    recordings: null,
  };
  let out: string | undefined;
  try {
    row.newest = await newestVersion(pin);
    if (row.newest === pin.version && !o.same) {
      row.status = "not re-recorded";
      return row;
    }
    const harness = await harnessFile(id);
    if (harness !== undefined && !(await exists(harness))) {
      throw new Error(`${harness.slice(ROOT.length + 1)}, which records it, is not there yet`);
    }
    // The pin itself (--same) is recorded where `deno task agents` installed it, when it is there.
    const version = o.same ? pin.version : row.newest;
    const pinned = `${ROOT}/${AGENTS_CACHE}`;
    const fromPin = version === pin.version &&
      await installedVersion(`${pinned}/${id}`, pin) === pin.version;
    if (!fromPin) await installNewest(id, pin, version);
    out = await Deno.makeTempDir({ prefix: `everyhook-drift-${id}-` });
    await record(id, out, o.isolate, fromPin ? pinned : DRIFT_DIR);
    row.recorded = version;
    const fresh: RecordedSet = {
      version,
      fixtures: await loadFixtures([id], out),
      conformance: (await loadConformance(out)).find((c) => c.agent === id),
    };
    const agent = findAgent(id);
    row.changes = compareRecordings(
      await pinnedSet(id, pin.version),
      fresh,
      (c) => agent?.events[c.event as ContractEvent]?.unsteady,
    );
    row.status = row.changes.every((c) => c.unsteady !== undefined) ? "no change" : "changed";
  } catch (e) {
    row.problem = e instanceof Error ? e.message : String(e);
  } finally {
    if (out !== undefined) {
      if (o.keep || row.status === "changed") row.recordings = out;
      else await Deno.remove(out, { recursive: true }).catch(() => {});
    }
  }
  return row;
}

function report(row: AgentDrift): void {
  const again = row.recorded !== null && row.recorded !== row.newest
    ? ` (the pin re-recorded)`
    : "";
  const head = `${row.agent}: ${row.package} pinned ${row.pinned}, newest ${
    row.newest ?? "?"
  }${again}`;
  if (row.status === "failed") {
    console.log(`${head}: could not be checked: ${row.problem}`);
  } else if (row.status === "not re-recorded") {
    console.log(`${head}: the pin is the newest release: no change`);
  } else if (row.status === "no change") {
    console.log(`${head}: no change`);
    for (const c of row.changes) console.log(`  ${changeLine(c)}`);
  } else {
    const counted = row.changes.filter((c) => c.unsteady === undefined).length;
    console.log(`${head}: ${counted} cells changed`);
    for (const c of row.changes) console.log(`  ${changeLine(c)}`);
  }
  if (row.recordings !== null) console.log(`  the new recordings are in ${row.recordings}`);
}

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      same: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(
      "Usage: deno task drift [--same] [--keep] [--json] [agent...]\n\n" +
        "Record each pinned agent's newest npm release into a temporary folder and print the cells\n" +
        'whose answer changed against fixtures/, or "no change" (docs/drift.md).\n\n' +
        "  --same  re-record the pin itself, not the newest release (a check of the check)\n" +
        "  --keep  keep the temporary recordings (they are kept anyway when a cell changed)\n" +
        "  --json  print one JSON document",
    );
    return 0;
  }
  const { ids, unknown } = driftAgents(positionals);
  if (unknown.length > 0) {
    console.error(`unknown agent ${unknown.join(", ")}; pinned: ${Object.keys(PINS).join(", ")}`);
    return 2;
  }
  if (values.json) log = (line) => console.error(line);
  const isolate = await canIsolate();
  if (!isolate) {
    log(
      "note: cannot make a loopback-only network namespace here; the fake APIs still listen on 127.0.0.1 only",
    );
  }
  const rows: AgentDrift[] = [];
  for (const id of ids) {
    log(`${id}: checking ...`);
    const row = await driftOf(id, PINS[id]!, {
      same: values.same,
      keep: values.keep,
      isolate,
    });
    rows.push(row);
    if (!values.json) report(row);
  }
  const changed = rows.filter((r) => r.status === "changed").length;
  const failed = rows.filter((r) => r.status === "failed").length;
  if (values.json) {
    console.log(
      JSON.stringify({ everyhook: 1, ok: changed + failed === 0, agents: rows }, null, 2),
    );
  } else {
    console.log(
      changed + failed === 0
        ? "\nno change"
        : `\n${changed} agents changed, ${failed} could not be checked`,
    );
  }
  return failed > 0 ? 2 : changed > 0 ? 1 : 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
