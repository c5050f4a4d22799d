import assert from "node:assert/strict";
import { answerSummary, errorDocument, jsonOutput, jsonText, runSummary } from "./report.ts";
import { EveryhookError } from "../contract/errors.ts";
import { commandHelp, generalHelp, wrap } from "./help.ts";
import { demoDocument, type DemoReport, renderDemo } from "./render_demo.ts";
import { effectWords } from "../agents/effect_words.ts";
import { COMMANDS, findCommand } from "./commands.ts";
import { EVENTS } from "../contract/contract.ts";
import { AGENTS } from "../agents/mod.ts";
import type { RunResult } from "../run/run.ts";

const result: RunResult = {
  ok: true,
  agent: "claude-code",
  event: "pre-tool",
  nativeEvent: "PreToolUse",
  document: null,
  hook: { status: "answered", exit: 0, ms: 12, stdout: "", stderr: "", error: null },
  answer: { decision: "deny", reason: "No force push" },
  failure: null,
  native: { stdout: '{"x":1}', stderr: "", exit: 0 },
  effect: "blocked",
  effects: ["blocked"],
  notes: ["ask: became deny"],
};

Deno.test("wrap() breaks at the width and indents the following lines", () => {
  assert.equal(wrap("one two three four", 9, "  "), "one two\n  three\n  four");
  assert.equal(wrap("", 10, " "), "");
  assert.equal(wrap("averyveryverylongword x", 5, ""), "averyveryverylongword\nx");
});

Deno.test("jsonText() and errorDocument() make the --json output", () => {
  assert.equal(
    jsonText(errorDocument(new EveryhookError("not-found", "bad"))),
    '{\n  "everyhook": 1,\n  "ok": false,\n  "code": "not-found",\n  "error": "bad"\n}\n',
  );
  assert.equal(jsonOutput({ ok: true }), '{\n  "everyhook": 1,\n  "ok": true\n}\n');
});

Deno.test("generalHelp() lists every command and keeps lines within 100 characters", () => {
  const text = generalHelp(COMMANDS, { version: "9.9.9", events: EVENTS, agents: AGENTS });
  assert.match(text, /^everyhook 9\.9\.9/);
  for (const c of COMMANDS) assert.match(text, new RegExp(`^  ${c.name} +`, "m"));
  for (const e of EVENTS) assert.ok(text.includes(e));
  for (const line of text.split("\n")) assert.ok(line.length <= 100, line);
});

Deno.test("commandHelp() shows the usage, options and permissions of a command", () => {
  const text = commandHelp(findCommand("run")!, { agents: AGENTS });
  assert.match(text, /^Usage: everyhook run --agent <agent>/);
  assert.ok(text.includes("\n  --fail-closed         a hook that fails"), text);
  assert.ok(text.includes("\n  -h, --help            this text"), text);
  assert.match(text, /Permissions under deno run: --allow-read --allow-run --allow-env\n$/);
  for (const line of text.split("\n")) assert.ok(line.length <= 100, line);
});

Deno.test("answerSummary() and effectWords() say an answer and an effect in words", () => {
  assert.equal(answerSummary({}), "no opinion");
  assert.equal(answerSummary({ decision: "deny", reason: "R" }), "deny: R");
  assert.equal(answerSummary({ decision: "allow", input: { a: 1 } }), 'allow; input: {"a":1}');
  assert.equal(answerSummary({ context: "C", message: "M" }), "context: C; message: M");
  assert.equal(
    effectWords(["blocked", "message"]),
    "the action is blocked, a message is shown to the person",
  );
});

Deno.test("runSummary() shows the hook's answer or its failure, the output and the effect", () => {
  const text = runSummary(result, "  ");
  assert.equal(
    text,
    [
      "  the hook: deny: No force push",
      '  printed:  {"x":1} (exit 0)',
      "  so:       the action is blocked",
      "  note:     ask: became deny",
    ].join("\n"),
  );
  const failed = runSummary({
    ...result,
    failure: { kind: "timeout", detail: "too slow" },
    native: { stdout: "", stderr: "", exit: 0 },
  }, "");
  assert.match(failed, /^the hook: failed \(timeout\): too slow\nprinted: {2}nothing \(exit 0\)/);
});

Deno.test("renderDemo() and demoDocument() show each agent's cases", () => {
  const report: DemoReport = {
    ok: true,
    hook: "/x/examples/block-force-push.ts",
    cases: [
      {
        agent: "claude-code",
        agentName: "Claude Code",
        variant: "shell-force-push",
        source: "embedded example",
        command: "git push --force",
        result,
      },
      {
        agent: "codex",
        agentName: "Codex CLI",
        variant: "shell-force-push",
        source: "recorded",
        command: "git push -f",
        result: { ...result, agent: "codex" },
      },
    ],
  };
  const text = renderDemo(report);
  assert.match(text, /^everyhook demo: block-force-push.ts/);
  assert.match(
    text,
    /\nClaude Code \(claude-code\)\n {2}\$ git push --force {4}\[embedded example\]\n/,
  );
  assert.match(text, /\n\nCodex CLI \(codex\)\n/);
  const doc = demoDocument(report);
  assert.equal(doc.results.length, 2);
  assert.deepEqual(doc.results[0], {
    agent: "claude-code",
    variant: "shell-force-push",
    source: "embedded example",
    command: "git push --force",
    answer: result.answer,
    effect: "blocked",
    effects: ["blocked"],
    failure: null,
    native: { stdout: '{"x":1}', exit: 0, printed: { kind: "json", value: { x: 1 } } },
    hook: { status: "answered", exit: 0, ms: 12 },
    notes: ["ask: became deny"],
  });
});
