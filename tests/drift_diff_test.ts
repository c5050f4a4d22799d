// The comparison `deno task drift` prints: two small recorded sets of one agent, read from folders
// laid out as fixtures/ is, the second as a newer release would have left them.
import assert from "node:assert/strict";
import { loadConformance, loadFixtures } from "../src/readers/recorded.ts";
import { changeLine, compareRecordings, type RecordedSet } from "../scripts/drift_diff.ts";

const AGENT = "kimi-code";

function fixture(
  version: string,
  event: string,
  variant: string,
  native: string,
  payload: unknown,
) {
  return {
    agent: AGENT,
    version,
    source: "recorded",
    os: "linux x64",
    date: "2026-12-01",
    event,
    nativeEvent: native,
    variant,
    payload,
  };
}

function kase(id: string, over: Record<string, unknown>) {
  return {
    id,
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    hook: { exit: 0 },
    toolRan: false,
    reachedModel: true,
    continued: null,
    runEnded: false,
    notes: "2 model turn(s)",
    ...over,
  };
}

async function writeSet(
  dir: string,
  version: string,
  fixtures: ReturnType<typeof fixture>[],
  cases: ReturnType<typeof kase>[],
): Promise<RecordedSet> {
  await Deno.mkdir(`${dir}/${AGENT}`, { recursive: true });
  await Deno.mkdir(`${dir}/conformance`, { recursive: true });
  for (const f of fixtures) {
    await Deno.writeTextFile(`${dir}/${AGENT}/${f.event}.${f.variant}.json`, JSON.stringify(f));
  }
  const file = { agent: AGENT, version, source: "recorded", os: "linux x64", date: "d", cases };
  await Deno.writeTextFile(`${dir}/conformance/${AGENT}.json`, JSON.stringify(file));
  return {
    version,
    fixtures: await loadFixtures([AGENT], dir),
    conformance: (await loadConformance(dir)).find((c) => c.agent === AGENT),
  };
}

const push = {
  "hook_event_name": "PreToolUse",
  "tool_name": "Bash",
  "tool_input": { command: "git push" },
};

Deno.test("compareRecordings finds an event gone, a field renamed, a field gone and answers now ignored", async () => {
  const root = await Deno.makeTempDir();
  try {
    const pinned = await writeSet(`${root}/a`, "2.1.0", [
      fixture("2.1.0", "pre-tool", "shell", "PreToolUse", { ...push, tool_call_id: "c1" }),
      fixture("2.1.0", "stop", "first", "Stop", {
        hook_event_name: "Stop",
        stop_hook_active: false,
      }),
      fixture("2.1.0", "prompt", "prompt", "UserPromptSubmit", { prompt: "x", is_steer: false }),
    ], [
      kase("pre-deny-json", {}),
      kase("stop-exit2-stderr", { event: "stop", toolRan: null, continued: true }),
      kase("session-end-fires", { notes: "the hook never ran" }),
    ]);
    const newest = await writeSet(`${root}/b`, "2.2.0", [
      // tool_call_id renamed to tool_use_id
      fixture("2.2.0", "pre-tool", "shell", "PreToolUse", { ...push, tool_use_id: "c1" }),
      // Stop no longer fires; the prompt lost a field
      fixture("2.2.0", "prompt", "prompt", "UserPromptSubmit", { prompt: "x" }),
    ], [
      // the deny is now ignored: the tool ran and the reason did not reach the model
      kase("pre-deny-json", { toolRan: true, reachedModel: false }),
      kase("stop-exit2-stderr", { event: "stop", toolRan: null, continued: false }),
      kase("session-end-fires", { notes: "1 model turn(s)" }),
    ]);
    const lines = compareRecordings(pinned, newest).map(changeLine);
    assert.deepEqual(lines, [
      "fixture pre-tool.shell: field: tool_call_id -> tool_use_id",
      "fixture prompt.prompt: field: is_steer -> absent",
      "fixture stop.first (Stop): fired -> did not fire",
      "case pre-deny-json: the tool ran (or the prompt was sent): false -> true",
      "case pre-deny-json: the hook's text reached the model: true -> false",
      "case stop-exit2-stderr: the agent went back to work: true -> false",
      "case session-end-fires: the hook ran: false -> true",
    ]);
    const kinds = compareRecordings(pinned, newest).map((c) => c.kind);
    assert.deepEqual(kinds, [
      "renamed",
      "field-gone",
      "gone",
      "answer",
      "answer",
      "answer",
      "answer",
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("compareRecordings gives nothing for two recordings that differ only in their values", async () => {
  const root = await Deno.makeTempDir();
  try {
    const a = await writeSet(`${root}/a`, "2.1.0", [
      fixture("2.1.0", "pre-tool", "shell", "PreToolUse", { ...push, session_id: "s-1" }),
    ], [kase("pre-deny-json", { modelSaw: "Wall time: 0.001 seconds" })]);
    const b = await writeSet(`${root}/b`, "2.1.1", [
      fixture("2.1.1", "pre-tool", "shell", "PreToolUse", { ...push, session_id: "s-2" }),
    ], [kase("pre-deny-json", { modelSaw: "Wall time: 0.004 seconds" })]);
    assert.deepEqual(compareRecordings(a, b), []);
    // A new fixture and a new case are changes too.
    const c = await writeSet(`${root}/c`, "2.2.0", [
      fixture("2.2.0", "pre-tool", "shell", "PreToolUse", push),
      fixture("2.2.0", "session-end", "end", "SessionEnd", { hook_event_name: "SessionEnd" }),
    ], [kase("pre-deny-json", {}), kase("pre-new", {})]);
    assert.deepEqual(compareRecordings(a, c).map(changeLine), [
      "fixture pre-tool.shell: field: session_id -> absent",
      "fixture session-end.end (SessionEnd): not recorded -> fired",
      "case pre-new: not recorded -> recorded",
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("compareRecordings marks a change in whether an unsteady event's hook ran, and only that", async () => {
  const root = await Deno.makeTempDir();
  try {
    const post = { event: "post-tool", nativeEvent: "PostToolUse", toolRan: true };
    const a = await writeSet(`${root}/a`, "2.1.0", [], [
      kase("post-block", { ...post, reachedModel: false }),
      kase("pre-deny-json", {}),
    ]);
    const b = await writeSet(`${root}/b`, "2.1.0", [], [
      kase("post-block", {
        ...post,
        toolRan: false,
        reachedModel: true,
        notes: "the hook never ran",
      }),
      kase("pre-deny-json", { toolRan: true }),
    ]);
    const why = "it is not waited for";
    const changes = compareRecordings(a, b, (c) => c.event === "post-tool" ? why : undefined);
    assert.deepEqual(changes.map((c) => [c.cell, c.unsteady]), [
      ["case post-block: the hook ran", why],
      ["case post-block: the tool ran (or the prompt was sent)", why],
      // That the text now reached the model is a change all the same.
      ["case post-block: the hook's text reached the model", undefined],
      ["case pre-deny-json: the tool ran (or the prompt was sent)", undefined],
    ]);
    assert.match(changeLine(changes[0]!), /\(unsteady, not counted: it is not waited for\)$/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
