import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import type { ListedEntry } from "../readers/listing.ts";
import type { ProbeCall } from "./probe.ts";
import { reportEntries } from "./report.ts";
import type { Watched } from "./world.ts";

const claude = findAgent("claude-code")!;
const FILE = "/w/home/.claude/settings.json";

function entry(over: Partial<ListedEntry>): ListedEntry {
  return {
    agent: "claude-code",
    scope: "user",
    file: FILE,
    event: "PreToolUse",
    contractEvent: "pre-tool",
    matcher: null,
    type: "command",
    name: null,
    command: "guard",
    timeout: null,
    ours: false,
    mode: null,
    hook: null,
    alsoRunBy: [],
    problems: [],
    notes: [],
    warnings: [],
    ...over,
  };
}

function watch(id: string | null, native = "PreToolUse"): Watched {
  return { id, file: "/h/.claude/settings.json", copy: FILE, native };
}

function call(over: Partial<ProbeCall>): ProbeCall {
  return {
    id: "e1-1",
    input: {},
    payloadEvent: "PreToolUse",
    stdout: "",
    stderr: "",
    exit: 0,
    ms: 12,
    ...over,
  };
}

const userText = (t: string) => t.replaceAll("/w/home", "/h");

Deno.test("reportEntries: a call is a fire; a block reason found in a tool result reached the model", () => {
  const answer = JSON.stringify({
    hookSpecificOutput: { permissionDecisionReason: "no force pushes" },
  });
  const [r] = reportEntries(claude, [entry({})], [watch("e1-1")], {
    calls: [call({ stdout: answer, exit: 0 })],
    toolResults: ["Hook PreToolUse denied this tool: no force pushes"],
  }, userText);
  assert.equal(r!.status, "fired");
  assert.equal(r!.file, "/h/.claude/settings.json");
  assert.equal(r!.calls[0]!.reachedModel, "no force pushes");
  assert.equal(r!.calls[0]!.ms, 12);
});

Deno.test("reportEntries: no call is not-fired, with list's finding (in the user's paths) as the reason", () => {
  const problem = "disableAllHooks is true in /w/home/.claude/settings.json: off";
  const [r] = reportEntries(claude, [entry({ problems: [problem] })], [watch("e1-1")], {
    calls: [],
    toolResults: [],
  }, userText);
  assert.equal(r!.status, "not-fired");
  assert.equal(r!.reason, "disableAllHooks is true in /h/.claude/settings.json: off");
});

Deno.test("reportEntries: an unknown event name is not-fired; an event the run does not reach, or a matcher without the shell tool, is not-reached", () => {
  const entries = [
    entry({ event: "PreToolUze", contractEvent: null }),
    entry({ event: "SubagentStop", contractEvent: "subagent-stop" }),
    entry({ matcher: "Edit|Write" }),
    entry({ matcher: "Bash" }),
  ];
  const watched = [
    watch("e1-1", "PreToolUze"),
    watch("e1-2", "SubagentStop"),
    watch("e1-3"),
    watch("e1-4"),
  ];
  const r = reportEntries(claude, entries, watched, { calls: [], toolResults: [] }, userText);
  assert.deepEqual(r.map((x) => x.status), [
    "not-fired",
    "not-reached",
    "not-reached",
    "not-fired",
  ]);
  assert.match(r[0]!.reason!, /no event "PreToolUze"/);
  assert.match(r[2]!.reason!, /leaves out Bash/);
  assert.match(r[3]!.reason!, /list finds nothing in its way/);
});

Deno.test("reportEntries: entries are matched in file order per event; a non-command entry is not observed", () => {
  const entries = [
    entry({ command: "a" }),
    entry({ command: "b", type: "http" }),
    entry({ command: "c" }),
  ];
  const watched = [watch("e1-1"), watch(null), watch("e1-3")];
  const r = reportEntries(claude, entries, watched, {
    calls: [call({ id: "e1-3" })],
    toolResults: [],
  }, userText);
  assert.deepEqual(r.map((x) => x.status), ["not-fired", "not-observed", "fired"]);
});

Deno.test("reportEntries: an entry that fired although list found a problem says so", () => {
  const [r] = reportEntries(
    claude,
    [entry({ problems: ["trust dialog not accepted"] })],
    [
      watch("e1-1"),
    ],
    { calls: [call({})], toolResults: [] },
    userText,
  );
  assert.equal(r!.status, "fired");
  assert.match(r!.reason!, /fired although list says: trust dialog not accepted/);
});

Deno.test("reportEntries: an event that fires only for a failed tool, or that a headless run does not fire, is not-reached with why", () => {
  const kimi = findAgent("kimi-code")!;
  const entries = [
    entry({ agent: "kimi-code", event: "PostToolUseFailure", contractEvent: "post-tool" }),
    entry({ agent: "kimi-code", event: "SessionEnd", contractEvent: "session-end" }),
    entry({ agent: "kimi-code", event: "Stop", contractEvent: "stop" }),
  ];
  const watched = [
    watch("e1-1", "PostToolUseFailure"),
    watch("e1-2", "SessionEnd"),
    watch("e1-3", "Stop"),
  ];
  const r = reportEntries(kimi, entries, watched, { calls: [], toolResults: [] }, userText);
  assert.deepEqual(r.map((x) => x.status), ["not-reached", "not-reached", "not-fired"]);
  assert.match(r[0]!.reason!, /only for a tool that failed/);
  assert.match(r[1]!.reason!, /headless \(-p\) run/);
});
