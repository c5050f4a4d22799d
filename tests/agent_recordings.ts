/**
 * What the agents' sibling tests read of the recordings: an agent's recorded
 * payloads by `<event>.<variant>` and a reader of them through the agent's
 * `read()`, and its conformance file, with a check that every cell resting on
 * a run names a case that file holds.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ContractEvent, HookDocument } from "../src/contract/contract.ts";
import type { ConformanceFile } from "../src/contract/conformance.ts";
import { type Fixture, loadConformance, loadFixtures } from "../src/readers/recorded.ts";
import type { Agent } from "../src/agents/types.ts";

/** An agent's recorded payloads, and its reader of one. */
export interface Recorded {
  /** The payloads by `<event>.<variant>`. */
  fixtures: Map<string, Fixture>;
  /** The document the agent reads from the payload of that key; throws when none was recorded. */
  read(key: string): HookDocument;
}

/**
 * The payloads the agent's real binary sent (fixtures/<agent>/), and its reader of them.
 *
 * @param agent The agent.
 * @returns The payloads and the reader.
 */
export async function recordedPayloads(agent: Agent): Promise<Recorded> {
  const fixtures = new Map(
    (await loadFixtures([agent.id])).map((f) => [`${f.event}.${f.variant}`, f]),
  );
  return {
    fixtures,
    read(key) {
      const f = fixtures.get(key);
      if (!f) throw new Error(`no recorded fixture "${key}"`);
      return agent.read(f.payload, { event: f.event as ContractEvent });
    },
  };
}

/**
 * The agent's conformance file (fixtures/conformance/<agent>.json); the test fails without one.
 *
 * @param agentId The agent's id.
 * @returns The file.
 */
export async function conformanceOf(agentId: string): Promise<ConformanceFile> {
  const file = (await loadConformance()).find((c) => c.agent === agentId);
  assert.ok(file, `no conformance file for ${agentId}`);
  return file;
}

/**
 * Check that every cell of the agent that rests on a run names a case of its
 * conformance file, and count them.
 *
 * @param agent The agent.
 * @returns The file, and how many cells rest on a run.
 */
export async function assertCellsRecorded(
  agent: Agent,
): Promise<{ file: ConformanceFile; binary: number }> {
  const file = await conformanceOf(agent.id);
  const recorded = new Set(file.cases.map((c) => c.id));
  let binary = 0;
  for (const table of Object.values(agent.events)) {
    for (const cell of Object.values(table?.cells ?? {})) {
      if (cell.basis.kind !== "binary") continue;
      binary++;
      assert.ok(recorded.has(cell.basis.case), `unknown case "${cell.basis.case}"`);
    }
  }
  return { file, binary };
}
