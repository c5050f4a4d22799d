// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The one shape every pinned agent's end-to-end suite takes: an
 * {@linkcode AgentE2e} says how the agent's fixtures are recorded (one fresh
 * set from its real binary), how they are held against the committed ones, its
 * conformance cases (a table of raw hook outputs) and how one case runs, how
 * many sessions run at once, and which cases are re-run each time. From it
 * come the recorder `deno task record <agent>` runs ({@linkcode agentHarness})
 * and the two tests every agent's e2e file registers
 * ({@linkcode agentE2eTests}): its payloads still have the committed
 * fixtures' keys, and its key cases still do what its conformance file says.
 * What only one agent can show stays in that agent's own test file.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { AgentHarness, ConformanceCase, Fixture } from "./harness_types.ts";
import { assertFixturesHold, type FixtureCheck, keyCasesTest } from "./conformance_runner.ts";
import { conformanceFile, writeFixture } from "./fixture_io.ts";
import { inPool } from "./process.ts";
import { agentVersion, skipReason } from "./world.ts";

/** One fresh recording of an agent's fixtures. */
export interface FixtureSet {
  /** The fixtures found, redacted. */
  fixtures: Fixture[];
  /** The fixtures the session gave no payload for (`<event>.<variant> (...)`). */
  missing: string[];
  /** The problems of the session that make its fixtures worthless (a failed exit, a call past the model API). */
  problems: string[];
  /** What the session did, for error messages. */
  why: string;
}

/** One conformance case: at least its id. */
export interface HasId {
  /** The case's stable id (the adapters' cells cite it). */
  id: string;
}

/** Everything the shared recorder and tests need of one agent. */
export interface AgentE2e<C extends HasId> {
  /** everyhook's agent id. */
  id: string;
  /** Records one fresh set of fixtures from the real binary. */
  fixtureSet(version: string): Promise<FixtureSet>;
  /** How a fresh set is held against fixtures/<agent>/. */
  fixtureCheck: FixtureCheck;
  /** Said after the payload test's name (such as `, in both spellings`). */
  fixtureTestSuffix?: string;
  /** The conformance cases, in the order fixtures/conformance/<agent>.json lists them. */
  cases: readonly C[];
  /** Puts one case to the real binary in a world of its own. */
  runCase(c: C): Promise<ConformanceCase>;
  /** How many sessions run at once. */
  jobs: number;
  /** The ids of the cases re-run by every test run: one per kind of outcome. */
  keyCases: readonly string[];
}

/**
 * The problems of a session every agent checks the same way: an exit other
 * than 0, and requests to anything but the model API.
 *
 * @param o The exit code (undefined: not checked), the request log and the model API's path test (undefined: not checked).
 * @returns The problems, none when the session is sound.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionProblems } from "./agent_e2e.ts";
 * const requests = [{ method: "GET", path: "/telemetry" }];
 * assert.deepEqual(sessionProblems({ code: 0, requests, api: (p) => p === "/v1/messages" }), [
 *   "requests past the model API: GET /telemetry",
 * ]);
 * ```
 */
export function sessionProblems(o: {
  code?: number | null;
  requests: ReadonlyArray<{ method: string; path: string }>;
  api?: (path: string) => boolean;
}): string[] {
  const out: string[] = [];
  if (o.code !== undefined && o.code !== 0) out.push(`exit ${o.code ?? "on a signal"}`);
  if (o.api !== undefined) {
    const other = o.requests.filter((r) => !o.api!(r.path)).map((r) => `${r.method} ${r.path}`);
    if (other.length > 0) out.push(`requests past the model API: ${other.join(", ")}`);
  }
  return out;
}

/**
 * The agent's recorder, for `deno task record <agent>` (scripts/record.ts):
 * one fixture set written once it is whole, and every case put to the binary.
 *
 * @param spec The agent.
 * @returns The harness.
 *
 * @example Usage
 * ```ts ignore
 * import { agentHarness } from "./agent_e2e.ts";
 * export const harness = agentHarness(CODEX_E2E);
 * ```
 */
export function agentHarness<C extends HasId>(spec: AgentE2e<C>): AgentHarness {
  return {
    id: spec.id,
    unavailable: () => skipReason(spec.id),
    async recordFixtures(outDir) {
      const set = await spec.fixtureSet(await agentVersion(spec.id));
      const wrong = [
        ...set.problems,
        ...(set.missing.length > 0 ? [`no payload for ${set.missing.join(", ")}`] : []),
      ];
      if (wrong.length > 0) {
        throw new Error(`Cannot record ${spec.id}'s fixtures: ${wrong.join("; ")}\n${set.why}`);
      }
      const written: string[] = [];
      for (const f of set.fixtures) written.push(await writeFixture(outDir, f));
      return written;
    },
    async recordConformance() {
      return conformanceFile(spec.id, await inPool(spec.cases, spec.jobs, spec.runCase));
    },
  };
}

/**
 * Registers the tests every agent shares: its fresh payloads held against the
 * committed fixtures, and its key cases against its conformance file. They
 * skip, saying why, when the binary cannot run here.
 *
 * @param spec The agent.
 * @returns Why the agent's tests skip here, or undefined when its binary runs
 *   (for the agent's own tests).
 *
 * @example Usage
 * ```ts ignore
 * import { agentE2eTests } from "./agent_e2e.ts";
 * const skip = await agentE2eTests(CODEX_E2E);
 * ```
 */
export async function agentE2eTests<C extends HasId>(
  spec: AgentE2e<C>,
): Promise<string | undefined> {
  const skip = await skipReason(spec.id);
  if (skip) console.log(`${spec.id} end-to-end tests skip: ${skip}`);

  Deno.test({
    name: `${spec.id} payloads still have every key of the committed fixtures${
      spec.fixtureTestSuffix ?? ""
    }`,
    ignore: skip !== undefined,
    async fn() {
      const set = await spec.fixtureSet(await agentVersion(spec.id));
      assert.deepEqual(set.problems, [], set.why);
      assert.deepEqual(set.missing, [], set.why);
      await assertFixturesHold(spec.id, set.fixtures, spec.fixtureCheck);
    },
  });

  keyCasesTest({
    id: spec.id,
    skip,
    keyCases: spec.keyCases,
    run: (ids) => inPool(spec.cases.filter((c) => ids.includes(c.id)), spec.jobs, spec.runCase),
  });
  return skip;
}
