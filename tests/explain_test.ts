import assert from "node:assert/strict";
import { AGENTS, findAgent } from "../src/agents/mod.ts";
import { differences, explainAgent, explainEvent } from "../src/readers/explain.ts";
import { loadConformance } from "../src/readers/recorded.ts";
import { command } from "../src/commands/explain.ts";
import { memoryIo } from "../src/cli/io.ts";
import type { ConformanceFile } from "../src/contract/conformance.ts";

const conformance = await loadConformance();

Deno.test("differences() gives every agent a cell with a basis in every row", () => {
  const rows = differences(AGENTS, conformance);
  assert.ok(rows.length >= 15);
  for (const row of rows) {
    for (const agent of AGENTS) {
      const cell = row.cells[agent.id];
      assert.ok(cell, `${row.id} ${agent.id}`);
      assert.notEqual(cell.text, "");
      if (!agent.recorded) {
        assert.notEqual(cell.basis.kind, "binary", `${row.id}: ${agent.id} has no binary`);
      }
    }
  }
});

Deno.test("differences() reads raw outputs from the conformance files by what the hook did", () => {
  const fake: ConformanceFile = {
    agent: "codex",
    version: "9.9.9",
    os: "linux x64",
    date: "2026-11-30",
    cases: [
      {
        id: "any-name",
        event: "pre-tool",
        nativeEvent: "PreToolUse",
        hook: { exit: 2, stderr: "R" },
        toolRan: false,
        reachedModel: true,
        continued: null,
        runEnded: false,
      },
      {
        id: "other",
        event: "pre-tool",
        nativeEvent: "PreToolUse",
        hook: { exit: 0, stdout: "{not json" },
        toolRan: true,
        reachedModel: false,
        continued: null,
        runEnded: false,
      },
    ],
  };
  const rows = differences([findAgent("codex")!], [fake]);
  const exit2 = rows.find((r) => r.id === "raw-exit2-stderr")!.cells.codex!;
  assert.equal(exit2.text, "blocked+reason");
  assert.deepEqual(exit2.basis, { kind: "binary", case: "codex 9.9.9: any-name" });
  assert.equal(rows.find((r) => r.id === "raw-bad-json")!.cells.codex!.text, "ran");
  assert.equal(rows.find((r) => r.id === "raw-exit1")!.cells.codex!.text, "not recorded");
});

Deno.test("the recorded conformance files answer every raw-output row for the four recorded agents", () => {
  const rows = differences(AGENTS, conformance).filter((r) => r.id.startsWith("raw-"));
  for (const agent of AGENTS.filter((a) => a.recorded)) {
    if (!conformance.some((c) => c.agent === agent.id)) {
      // deno-lint-ignore no-console
      console.log(`skipped: no fixtures/conformance/${agent.id}.json yet`);
      continue;
    }
    for (const row of rows) {
      assert.equal(row.cells[agent.id]?.basis.kind, "binary", `${agent.id}: ${row.id}`);
    }
  }
});

Deno.test("explainEvent() shows the exact output of every answer part, with its basis", () => {
  for (const agent of AGENTS) {
    for (const event of Object.keys(agent.events)) {
      const e = explainEvent(agent, event as "pre-tool")!;
      assert.equal(e.answers.length, 7);
      for (const a of e.answers) {
        assert.notEqual(a.native.kind, "text", `${agent.id} ${event} ${a.answer}`);
        assert.ok(a.basis.kind === "docs" || agent.recorded);
      }
    }
  }
  const deny = explainEvent(findAgent("claude-code")!, "pre-tool")!.answers.find((a) =>
    a.answer === "deny"
  )!;
  assert.equal(deny.native.kind, "json");
  assert.deepEqual(
    deny.native.kind === "json" &&
      (deny.native.value as { hookSpecificOutput: unknown }).hookSpecificOutput,
    {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "<reason>",
    },
  );
});

Deno.test("explainAgent() lists events, tools and the recording", () => {
  const info = explainAgent(
    findAgent("gemini-cli")!,
    conformance.find((c) => c.agent === "gemini-cli"),
  );
  assert.ok(info.events.some((e) => e.native === "BeforeTool"));
  assert.ok(info.tools.names.some((t) => t.name === "run_shell_command" && t.kind === "shell"));
});

Deno.test("explain prints text and JSON, and refuses unknown agents and events", async () => {
  const io = memoryIo();
  assert.equal(await command([], io), 0);
  assert.match(io.stdoutText(), /\[binary\]/);
  assert.match(io.stdoutText(), /\[docs\]/);
  const json = memoryIo();
  assert.equal(await command(["cursor", "pre-tool", "--json"], json), 0);
  const doc = JSON.parse(json.stdoutText());
  assert.equal(doc.native, "preToolUse");
  assert.ok(doc.answers.every((a: { basis: { kind: string } }) => a.basis.kind === "docs"));
  await assert.rejects(command(["nobody"], memoryIo()), /no agent named "nobody"/);
  await assert.rejects(command(["codex", "teatime"], memoryIo()), /no event named "teatime"/);
});

Deno.test("differences() says per agent why a turn ended and where the last message comes from", async () => {
  const rows = differences(AGENTS, conformance);
  const status = rows.find((r) => r.id === "stop-status");
  const last = rows.find((r) => r.id === "last-message");
  assert.ok(status && last);
  assert.match(status.cells.cursor!.text, /completed, aborted or error/);
  assert.match(status.cells["copilot-cli"]!.text, /end_turn/);
  for (const id of ["claude-code", "codex", "gemini-cli"]) {
    assert.match(status.cells[id]!.text, /^not sent/, id);
  }
  assert.match(last.cells.cursor!.text, /transcript_path/);
  for (const agent of AGENTS) {
    assert.notEqual(last.cells[agent.id]!.basis.kind, "none", agent.id);
    const basis = last.cells[agent.id]!.basis;
    if (basis.kind === "binary" && basis.case.startsWith("fixtures/")) {
      await Deno.stat(new URL(`../${basis.case}`, import.meta.url));
    }
  }
});
