import assert from "node:assert/strict";
import { benchSummary, renderBench } from "./render_bench.ts";
import type { BenchResult } from "../readers/bench.ts";
import type { RunResult } from "../run/run.ts";
import type { HookAnswer } from "../contract/contract.ts";

function row(variant: string, answer: HookAnswer, ms: number, crash = false): BenchResult {
  const result: RunResult = {
    ok: !crash,
    agent: "codex",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    document: null,
    hook: {
      status: crash ? "crashed" : "answered",
      exit: 0,
      ms,
      stdout: "",
      stderr: "",
      error: null,
    },
    answer,
    failure: crash
      ? { kind: "crash", detail: "it needs --allow-env: add it to its shebang" }
      : null,
    native: { stdout: "{}", stderr: "", exit: 0 },
    effect: "none",
    effects: ["none"],
    notes: [],
  };
  return {
    agent: "codex",
    version: "1",
    source: "recorded",
    os: "linux",
    date: "2026-11-01",
    event: "pre-tool",
    variant,
    file: undefined,
    result,
  };
}

Deno.test("renderBench() fits its columns to the longest fixture name", () => {
  const long = "a-fixture-name-longer-than-twenty-eight-characters";
  const text = renderBench("h.ts", [
    row("short", { decision: "allow" }, 5),
    row(long, { decision: "deny", reason: "no" }, 9),
  ]);
  const lines = text.split("\n").filter((l) => l.startsWith("  pre-tool"));
  assert.equal(lines[0]!.indexOf("allow"), lines[1]!.indexOf("deny: no"), text);
  assert.ok(lines[1]!.includes(`${long}  deny`), text);
});

Deno.test("renderBench() ends with the documents, answers by kind, crashes and the slowest", () => {
  const results = [
    row("a", { decision: "deny", reason: "x" }, 5),
    row("b", { decision: "deny", reason: "x" }, 7),
    row("c", {}, 40),
    row("d", { decision: "deny", reason: "crashed" }, 3, true),
  ];
  const s = benchSummary(results);
  assert.deepEqual(s.answers, { deny: 3, "no opinion": 1 });
  assert.equal(s.crashes, 1);
  assert.equal(s.slowest?.variant, "c");
  assert.ok(
    renderBench("h.ts", results).endsWith(
      "\n4 documents: deny 3, no opinion 1; 1 crash; slowest 40 ms (codex pre-tool c)\n",
    ),
  );
});

Deno.test("benchSummary() counts a broken hook under crashes and answers as what they are", () => {
  const broken = row("a", { decision: "deny", reason: "broken" }, 5);
  broken.result.failure = { kind: "broken", detail: "SyntaxError: Expression expected" };
  const start = row("b", {}, 1);
  start.result.failure = { kind: "start", detail: 'Cannot start the hook: "x" does not exist' };
  const results = [
    broken,
    start,
    row("c", { context: "x" }, 2),
    row("d", { message: "y" }, 2),
    row("e", {}, 2),
  ];
  const s = benchSummary(results);
  assert.equal(s.crashes, 2);
  assert.deepEqual(s.answers, { broken: 2, context: 1, message: 1, "no opinion": 1 });
  assert.deepEqual(s.broken, [
    "SyntaxError: Expression expected",
    'Cannot start the hook: "x" does not exist',
  ]);
  const text = renderBench("h.ts", results, undefined, [], ["Claude Code: runs the tool anyway"]);
  assert.match(text, /5 documents: context 1, message 1, no opinion 1, broken 2; 2 crashes/);
  assert.match(text, /The hook is broken: SyntaxError: Expression expected\. It never ran/);
  assert.match(text, /\n {2}Claude Code: runs the tool anyway\n$/);
});
