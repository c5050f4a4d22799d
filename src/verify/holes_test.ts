import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import { findHoles, stepOfCall } from "./holes.ts";
import type { ProbeCall } from "./probe.ts";
import type { EntryReport } from "./report.ts";
import { SHELL_COMMAND, SUBAGENT_COMMAND } from "./steps.ts";

const claude = findAgent("claude-code")!;

function call(command: string, extra: Record<string, unknown> = {}): ProbeCall {
  return {
    id: "e1-1",
    input: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, ...extra },
    payloadEvent: "PreToolUse",
    stdout: "",
    stderr: "",
    exit: 0,
    ms: 5,
  };
}

function report(calls: ProbeCall[], matcher: string | null = "Bash"): EntryReport {
  return {
    file: "/h/.claude/settings.json",
    scope: "user",
    event: "PreToolUse",
    contractEvent: "pre-tool",
    matcher,
    command: "guard",
    ours: false,
    status: "fired",
    reason: null,
    reachedBy: ["shell"],
    calls: calls.map((c) => ({
      payloadEvent: c.payloadEvent,
      ms: c.ms,
      exit: c.exit,
      answer: { kind: "nothing" as const },
      stderr: "",
      reachedModel: null,
      step: stepOfCall(c, "pre-tool"),
    })),
  };
}

Deno.test("stepOfCall: each of the run's calls is told by what its payload holds", () => {
  assert.equal(stepOfCall(call(SHELL_COMMAND), "pre-tool"), "shell");
  assert.equal(stepOfCall(call(SUBAGENT_COMMAND, { agent_id: "a1" }), "pre-tool"), "subagent");
  assert.equal(
    stepOfCall(call("printf 'everyhook-verify-fails-%s' 42; exit 3"), "post-tool"),
    "fails",
  );
  assert.equal(stepOfCall(call("ls"), "pre-tool"), null);
  // A prompt names every step: its event decides.
  assert.equal(stepOfCall(call(`${SHELL_COMMAND} everyhook-verify.txt`), "prompt"), "prompt");
});

Deno.test("findHoles: a guard that saw the main shell call but not the subagent's is a hole, with its fix", () => {
  const main = [call(SHELL_COMMAND)];
  const [hole] = findHoles(claude, [report(main)], [main], [], true);
  assert.equal(hole?.kind, "subagent-unguarded");
  assert.match(hole!.text, /ran the subagent's shell call without it/);
  assert.match(hole!.fix, /subagents too/);
  const both = [call(SHELL_COMMAND), call(SUBAGENT_COMMAND, { agent_id: "a1" })];
  assert.deepEqual(findHoles(claude, [report(both)], [both], [], true), []);
  assert.deepEqual(findHoles(claude, [report(main)], [main], [], false), [], "no subagent ran");
});

Deno.test("findHoles: a guard whose matcher leaves out the MCP tool the run called is a hole; one that takes it in is not", () => {
  const main = [call(SHELL_COMMAND)];
  const reached = [{
    native: "PreToolUse",
    step: "mcp",
    tools: ["mcp__everyhook__probe"],
    kind: "mcp" as const,
    thread: "main" as const,
    event: "pre-tool" as const,
  }];
  const [hole] = findHoles(claude, [report(main)], [main], reached, false);
  assert.equal(hole?.kind, "matcher-misses");
  assert.match(
    hole!.text,
    /your Bash matcher at PreToolUse does not see the mcp tool mcp__everyhook__probe/,
  );
  assert.deepEqual(findHoles(claude, [report(main, "Bash|mcp__.*")], [main], reached, false), []);
});
