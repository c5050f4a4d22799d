/**
 * The conformance check every agent's end-to-end file runs: its key cases put
 * to the real binary again, each compared with what the committed
 * conformance file (fixtures/conformance/<agent>.json) says the binary did
 * (did the tool run, did the text reach the model, did the agent go back to
 * work, did the run end). Each agent gives how it runs its cases; the check
 * is the same for all.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ConformanceCase, ConformanceFile } from "./harness_types.ts";
import { FIXTURES_DIR } from "./fixture_io.ts";

/** One agent's key-case check. */
export interface KeyCases {
  /** everyhook's agent id. */
  id: string;
  /** Why the agent's tests skip here, or undefined when its binary runs. */
  skip: string | undefined;
  /** The ids of the cases re-run each time. */
  keyCases: readonly string[];
  /** Put the cases with these ids to the binary, and give what it did. */
  run(ids: readonly string[]): Promise<readonly ConformanceCase[]>;
}

/** What a case is compared on. */
function outcome(c: ConformanceCase): unknown[] {
  return [c.toolRan, c.reachedModel, c.continued, c.runEnded];
}

/**
 * Registers the test that re-runs an agent's key cases against its committed
 * conformance file; it skips, as the agent's other tests do, when the binary
 * cannot run here.
 *
 * @param spec The agent's cases and how they run.
 *
 * @example Usage
 * ```ts ignore
 * import { keyCasesTest } from "./conformance_runner.ts";
 * keyCasesTest({ id: "codex", skip, keyCases: ["pre-deny"], run: (ids) => runCases(ids) });
 * ```
 */
export function keyCasesTest(spec: KeyCases): void {
  Deno.test({
    name: `${spec.id} still does what fixtures/conformance/${spec.id}.json says for the key cases`,
    ignore: spec.skip !== undefined,
    async fn() {
      const file = JSON.parse(
        await Deno.readTextFile(`${FIXTURES_DIR}/conformance/${spec.id}.json`),
      ) as ConformanceFile;
      const fresh = await spec.run(spec.keyCases);
      assert.deepEqual(fresh.map((c) => c.id).sort(), [...spec.keyCases].sort(), "cases run");
      for (const now of fresh) {
        const then = file.cases.find((c) => c.id === now.id);
        assert.ok(then, `case ${now.id} is recorded`);
        assert.deepEqual(
          outcome(now),
          outcome(then),
          `case ${now.id}: toolRan, reachedModel, continued, runEnded${
            now.notes ? ` (${now.notes})` : ""
          }`,
        );
      }
    },
  });
}
