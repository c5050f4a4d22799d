/**
 * What the agents' sibling tests read of the recordings: an agent's recorded
 * payloads (by `<event>.<variant>` from fixtures/, or by key from a testdata
 * file beside the test) and a reader of them through the agent's `read()`;
 * its conformance file and cases, with a check that every cell resting on a
 * run names a case that file holds; and the checks every recorded payload of
 * an agent must pass. Not exported from mod.ts: only tests import it.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ContractEvent, HookDocument, ToolCall, ToolKind } from "../src/contract/contract.ts";
import type { ConformanceCase, ConformanceFile } from "../src/contract/conformance.ts";
import { type Fixture, loadConformance, loadFixtures } from "../src/readers/recorded.ts";
import type { Agent } from "../src/agents/types.ts";
import { translate, type Translation } from "../src/run/translate.ts";

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
      if (!f) throw new Error(`no recorded fixture "${agent.id}/${key}"`);
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
 * The cases of the agent's conformance file by id; the test fails without the file.
 *
 * @param agentId The agent's id.
 * @returns The cases.
 */
export async function conformanceCases(agentId: string): Promise<Map<string, ConformanceCase>> {
  return new Map((await conformanceOf(agentId)).cases.map((c) => [c.id, c]));
}

/**
 * Check that every cell of the agent that rests on a run names a case of its
 * conformance file, and count them.
 *
 * @param agent The agent.
 * @returns The file, how many cells rest on a run, and the cases they name.
 */
export async function assertCellsRecorded(
  agent: Agent,
): Promise<{ file: ConformanceFile; binary: number; cases: Set<string> }> {
  const file = await conformanceOf(agent.id);
  const recorded = new Set(file.cases.map((c) => c.id));
  let binary = 0;
  const cases = new Set<string>();
  for (const [event, table] of Object.entries(agent.events)) {
    for (const [part, cell] of Object.entries(table?.cells ?? {})) {
      if (cell.basis.kind !== "binary") continue;
      binary++;
      cases.add(cell.basis.case);
      assert.ok(
        recorded.has(cell.basis.case),
        `${event} ${part}: unknown case "${cell.basis.case}"`,
      );
    }
  }
  return { file, binary, cases };
}

/** Payloads kept in a testdata file beside an agent's test, and its reader of them. */
export interface TestdataPayloads {
  /** The payload of that key; throws when the file has none. */
  payload(key: string): Record<string, unknown>;
  /** The document the agent reads from the payload of that key under that contract event. */
  read(key: string, event: ContractEvent): HookDocument;
}

/**
 * The payloads of a testdata file (one JSON object of payloads by key), and the agent's reader of them.
 *
 * @param agent The agent.
 * @param file The file's address.
 * @returns The payloads and the reader.
 */
export async function testdataPayloads(agent: Agent, file: URL): Promise<TestdataPayloads> {
  const payloads: Record<string, Record<string, unknown>> = JSON.parse(
    await Deno.readTextFile(file),
  );
  const payload = (key: string) => {
    const p = payloads[key];
    if (!p) throw new Error(`no recorded payload "${key}"`);
    return p;
  };
  return { payload, read: (key, event) => agent.read(payload(key), { event }) };
}

/**
 * Check that every payload recorded for the agent (fixtures/<agent>/) reads into
 * a document of its event and native event, with more checks of the caller's.
 *
 * @param agent The agent.
 * @param atLeast How many fixtures there must be at the least.
 * @param each More checks of each document: the fixture's file (or `<event>.<variant>`) names it.
 * @returns The fixtures.
 */
export async function assertEveryFixtureReads(
  agent: Agent,
  atLeast: number,
  each?: (doc: HookDocument, f: Fixture, where: string) => void,
): Promise<Fixture[]> {
  const fixtures = await loadFixtures([agent.id]);
  assert.ok(fixtures.length >= atLeast, `only ${fixtures.length} fixtures`);
  for (const f of fixtures) {
    const where = f.file ?? `${f.event}.${f.variant}`;
    const doc = agent.read(f.payload, { event: f.event as ContractEvent });
    assert.equal(doc.event, f.event, where);
    assert.equal(doc.nativeEvent, f.nativeEvent, where);
    each?.(doc, f, where);
  }
  return fixtures;
}

/**
 * The checks of a document read from a payload of Claude Code's snake_case
 * shape that names everything (`session_id`, `cwd`, `tool_name`, the stop's
 * last message, ...): each field the event carries is there, with its type.
 *
 * @param doc The document.
 * @param f The fixture it was read from.
 * @param where What names the fixture in a failure.
 */
export function assertSnakeCaseFields(doc: HookDocument, f: Fixture, where: string): void {
  assert.equal(doc.native, f.payload, where);
  assert.equal(typeof doc.session, "string", where);
  assert.equal(typeof doc.cwd, "string", where);
  if (f.event === "pre-tool" || f.event === "post-tool") {
    assert.equal(doc.tool?.name, f.payload.tool_name, where);
    if (doc.tool?.kind === "shell") assert.equal(typeof doc.tool.command, "string", where);
  }
  if (f.event === "post-tool") assert.equal(typeof doc.tool?.output, "string", where);
  if (f.event === "stop" || f.event === "subagent-stop") {
    assert.equal(doc.stop?.continued, f.variant === "continued", where);
    assert.equal(typeof doc.stop?.lastMessage, "string", where);
  }
  if (f.event === "subagent-stop") assert.equal(typeof doc.subagent?.id, "string", where);
  if (f.event === "prompt") assert.equal(typeof doc.prompt, "string", where);
  if (f.event === "session-start") assert.equal(typeof doc.source, "string", where);
  if (f.event === "session-end") assert.equal(typeof doc.reason, "string", where);
}

/**
 * Check that a deny before a tool prints Claude Code's `permissionDecision: "deny"`
 * with the reason, under `hookEventName` PreToolUse (these keys, in this order), and exits 0.
 *
 * @param agent The agent.
 * @param reason The reason to refuse with.
 * @returns The translation, for more checks.
 */
export function assertPermissionDeny(agent: Agent, reason: string): Translation {
  const t = translate(agent, "pre-tool", { decision: "deny", reason });
  assert.equal(t.exit, 0);
  assert.equal(
    t.stdout,
    JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: reason,
      },
    }),
  );
  return t;
}

/**
 * Check a document read from the recording's first step, the refused force push
 * (`git push --force origin main` run in `<project>`): its agent, native event,
 * shell tool and command, and folder.
 *
 * @param doc The document.
 * @param expected The agent's id, its native event name and its shell tool's name.
 */
export function assertForcePushRead(
  doc: HookDocument,
  expected: { agent: string; nativeEvent: string; tool: string },
): void {
  assert.equal(doc.agent, expected.agent);
  assert.equal(doc.nativeEvent, expected.nativeEvent);
  assert.equal(doc.tool?.name, expected.tool);
  assert.equal(doc.tool?.kind, "shell");
  assert.equal(doc.tool?.command, "git push --force origin main");
  assert.equal(doc.cwd, "<project>");
}

/** A recorded tool call by its key, the kind it reads as, and its path (undefined: none). */
export type KindAndPath = readonly [key: string, kind: ToolKind, path: string | undefined];

/**
 * Check that each recorded tool call reads as its kind, with its path.
 *
 * @param read The agent's reader of a recorded payload by key.
 * @param cases The calls.
 * @param each More checks of each tool call.
 */
export function assertKindsAndPaths(
  read: (key: string) => HookDocument,
  cases: readonly KindAndPath[],
  each?: (tool: ToolCall | undefined, key: string) => void,
): void {
  for (const [key, kind, path] of cases) {
    const tool = read(key).tool;
    assert.equal(tool?.kind, kind, key);
    assert.equal(tool?.path, path, key);
    each?.(tool, key);
  }
}
