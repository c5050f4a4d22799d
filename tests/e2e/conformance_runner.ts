/**
 * The checks every agent's end-to-end file runs against what is committed: its
 * key cases put to the real binary again, each compared with what the
 * conformance file (fixtures/conformance/<agent>.json) says the binary did
 * (did the tool run, did the text reach the model, did the agent go back to
 * work, did the run end), and its payloads recorded again, held against its
 * fixtures. Each agent gives how it runs its cases and records its payloads;
 * the comparison is the same for all.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ConformanceCase, ConformanceFile, Fixture } from "./harness_types.ts";
import { FIXTURES_DIR } from "./fixture_io.ts";
import { committedFixtures, payloadShape } from "./everyhook_e2e.ts";
import type { HookRule } from "./record_hook.ts";

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

/** How a fresh set of payloads is held against the committed fixtures. */
export interface FixtureCheck {
  /** `all`: the fresh fixtures are exactly the committed ones; `some`: each fresh one is committed. */
  cover: "all" | "some";
  /** `same`: a payload has exactly the committed keys; `kept`: it has at least them. */
  keys: "same" | "kept";
  /** Payload fields whose value must be the committed one (such as `tool_name`). */
  fields: readonly string[];
  /** Whether the fixture's native event must be the committed one too. */
  nativeEvent: boolean;
  /** With `keys: "kept"`: prefixes of keys the agent may drop (its own record of the session). */
  mayDrop?: readonly string[];
}

/**
 * Holds fresh payloads of an agent against its committed fixtures
 * (fixtures/<agent>/): the same names, and the keys and fields the check asks
 * for. Each agent's end-to-end file records its payloads its own way; the
 * comparison is this one.
 *
 * @param id The agent's id.
 * @param fresh The fixtures recorded now.
 * @param check What is compared.
 *
 * @example Usage
 * ```ts ignore
 * import { assertFixturesHold } from "./conformance_runner.ts";
 * await assertFixturesHold("codex", fresh, { cover: "some", keys: "same", fields: ["tool_name"], nativeEvent: false });
 * ```
 */
export async function assertFixturesHold(
  id: string,
  fresh: readonly Fixture[],
  check: FixtureCheck,
): Promise<void> {
  const committed = await committedFixtures(id);
  const name = (f: Fixture) => `${f.event}.${f.variant}`;
  if (check.cover === "all") {
    assert.deepEqual(
      fresh.map(name).sort(),
      [...committed.keys()].sort(),
      "the committed fixtures",
    );
  }
  for (const now of fresh) {
    const then = committed.get(name(now));
    assert.ok(then, `fixtures/${id}/${name(now)}.json is committed`);
    if (check.keys === "same") {
      assert.deepEqual(
        payloadShape(now.payload),
        payloadShape(then.payload),
        `keys of ${name(now)}`,
      );
    } else {
      const have = new Set(payloadShape(now.payload));
      const gone = payloadShape(then.payload).filter((k) =>
        !have.has(k) && !(check.mayDrop ?? []).some((prefix) => k.startsWith(prefix))
      );
      assert.deepEqual(gone, [], `${name(now)}: keys gone`);
    }
    if (check.nativeEvent) assert.equal(now.nativeEvent, then.nativeEvent, name(now));
    for (const key of check.fields) {
      assert.equal(now.payload[key], then.payload[key], `${key} of ${name(now)}`);
    }
  }
}

/**
 * The recording hook's rule that plays a case's raw output (what it prints,
 * its exit code, its sleep) under the case's native event.
 *
 * @param native The native event the rule answers.
 * @param hook The case's raw output.
 * @param o Answer only when the stdin holds `match`; at most `max` times.
 * @returns The rule.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { caseRule } from "./conformance_runner.ts";
 * assert.deepEqual(caseRule("Stop", { exit: 2, stderr: "no" }, { max: 1 }), {
 *   event: "Stop",
 *   max: 1,
 *   stderr: "no",
 *   exit: 2,
 * });
 * ```
 */
export function caseRule(
  native: string,
  hook: ConformanceCase["hook"],
  o: { match?: string | undefined; max?: number | undefined } = {},
): HookRule {
  const rule: HookRule = { event: native };
  if (o.match !== undefined) rule.match = o.match;
  if (o.max !== undefined) rule.max = o.max;
  if (hook.stdout !== undefined) rule.stdout = hook.stdout;
  if (hook.stderr !== undefined) rule.stderr = hook.stderr;
  rule.exit = hook.exit;
  if (hook.sleepSeconds !== undefined) rule.sleepSeconds = hook.sleepSeconds;
  return rule;
}
