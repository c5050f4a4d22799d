// deno-lint-ignore-file no-console -- a script that reports progress on the terminal
/**
 * Re-record the fixtures and the conformance files from the real agent
 * binaries: for each agent, load its harness (tests/e2e/harnesses.ts: its
 * family's, or tests/e2e/<module>_harness.ts) and run its
 * recordFixtures() (into fixtures/<agent>/) and recordConformance() (into
 * fixtures/conformance/<agent>.json). Run it inside a loopback-only network
 * namespace, as `deno task test` does:
 *
 *     unshare -n sh -c 'ip link set lo up && deno task record claude-code'
 *
 * Recording into fixtures/, it then writes src/readers/shipped.ts again
 * (scripts/ship.ts), so that the module graph carries what was recorded. With
 * `--out <dir>`, the recordings go into `<dir>/<agent>/` and
 * `<dir>/conformance/` instead of fixtures/ (`deno task drift` records there),
 * and shipped.ts is left alone.
 *
 * Usage: deno run -A scripts/record.ts [--fixtures-only|--conformance-only] [--out <dir>] [agent...]
 *
 * @module
 */

import { parseArgs } from "node:util";
import type { AgentHarness } from "../tests/e2e/harness_types.ts";
import { FIXTURES_DIR, writeConformance } from "../tests/e2e/fixture_io.ts";
import { AGENT_ENTRIES } from "../src/agents/registry.ts";
import { harnessOf } from "../tests/e2e/harnesses.ts";
import { writeShipped } from "./ship.ts";

/** everyhook's ids of the pinned agents and the module name of each one's harness, from the registry. */
const HARNESSES: Readonly<Record<string, string>> = Object.fromEntries(
  AGENT_ENTRIES.flatMap((e) => e.pin ? [[e.id, e.module]] : []),
);

/** Records the agents named in `args` (all when none); returns the exit code. */
async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "fixtures-only": { type: "boolean", default: false },
      "conformance-only": { type: "boolean", default: false },
      out: { type: "string" },
    },
  });

  const wanted = positionals.length > 0 ? positionals : Object.keys(HARNESSES);
  const out = values.out ?? FIXTURES_DIR;
  if (Deno.env.get("EVERYHOOK_NETNS") !== "1") {
    console.log(
      "note: not marked as inside a loopback-only namespace (EVERYHOOK_NETNS=1); the fake APIs still use 127.0.0.1 only",
    );
  }
  let failed = 0;
  let recorded = 0;
  for (const id of wanted) {
    const module = HARNESSES[id];
    if (module === undefined) {
      console.error(`unknown agent "${id}"; known: ${Object.keys(HARNESSES).join(", ")}`);
      return 2;
    }
    let harness: AgentHarness;
    const entry = AGENT_ENTRIES.find((e) => e.id === id)!;
    try {
      harness = await harnessOf(entry);
    } catch (e) {
      console.error(
        `${id}: cannot load the harness of ${module}: ${e instanceof Error ? e.message : e}`,
      );
      failed++;
      continue;
    }
    const why = await harness.unavailable();
    if (why !== undefined) {
      console.error(`${id}: skipped: ${why}`);
      failed++;
      continue;
    }
    try {
      if (!values["conformance-only"]) {
        const started = Date.now();
        console.log(`${id}: recording fixtures ...`);
        const files = await harness.recordFixtures(`${out}/${id}`);
        console.log(`${id}: ${files.length} fixtures in ${seconds(started)} s`);
        for (const f of files) console.log(`  ${f.replace(out, "fixtures")}`);
      }
      if (!values["fixtures-only"]) {
        const started = Date.now();
        console.log(`${id}: recording conformance ...`);
        const file = await harness.recordConformance();
        const path = await writeConformance(file, out);
        console.log(
          `${id}: ${file.cases.length} cases in ${seconds(started)} s -> ${
            path.replace(out, "fixtures")
          }`,
        );
      }
      recorded++;
    } catch (e) {
      console.error(`${id}: recording failed: ${e instanceof Error ? e.stack : e}`);
      failed++;
    }
  }
  // Written after a failed agent too: what the others recorded is in fixtures/ already.
  if (values.out === undefined && recorded > 0) await writeShipped();
  return failed > 0 ? 1 : 0;
}

function seconds(since: number): string {
  return ((Date.now() - since) / 1000).toFixed(1);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
