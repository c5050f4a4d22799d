import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import type { ListedEntry } from "../readers/listing.ts";
import type { ProbeCall } from "./probe.ts";
import { reachedBy } from "./reach.ts";
import { reportEntries, STATUS_FAILS } from "./report.ts";
import { STEP_REACH } from "./steps.ts";
import type { Watched } from "./world.ts";
import { renderVerify } from "../cli/render_verify.ts";

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
    speaks: null,
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

/** What a --quick run reaches in Claude Code: the session, the prompt, one shell call that succeeds, the stop. */
const QUICK = (["session", "prompt", "shell", "stop"] as const).flatMap((s) =>
  reachedBy(claude, s, STEP_REACH[s])
);

Deno.test("reportEntries: a call is a fire; a block reason found in a tool result reached the model", () => {
  const answer = JSON.stringify({
    hookSpecificOutput: { permissionDecisionReason: "no force pushes" },
  });
  const [r] = reportEntries(claude, [entry({})], [watch("e1-1")], {
    calls: [call({ stdout: answer, exit: 0 })],
    toolResults: ["Hook PreToolUse denied this tool: no force pushes"],
    reached: QUICK,
  }, userText);
  assert.equal(r!.status, "fired");
  assert.equal(r!.file, "/h/.claude/settings.json");
  assert.equal(r!.calls[0]!.reachedModel, "no force pushes");
  assert.equal(r!.calls[0]!.ms, 12);
});

Deno.test("reportEntries: no call is not-fired, with list's finding (in the user's paths) as the reason", () => {
  const problem = "disableAllHooks is true in /w/home/.claude/settings.json: off";
  const [r] = reportEntries(
    claude,
    [entry({ problems: [{ kind: "switched-off", text: problem }] })],
    [watch("e1-1")],
    { calls: [], toolResults: [], reached: QUICK },
    userText,
  );
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
  const r = reportEntries(
    claude,
    entries,
    watched,
    { calls: [], toolResults: [], reached: QUICK },
    userText,
  );
  assert.deepEqual(r.map((x) => x.status), [
    "not-fired",
    "not-reached",
    "not-reached",
    "not-fired",
  ]);
  assert.match(r[0]!.reason!, /no event "PreToolUze"/);
  assert.match(r[2]!.reason!, /leaves out Bash/);
  assert.match(r[3]!.reason!, /the step shell reached PreToolUse with a tool its matcher takes in/);
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
    reached: QUICK,
  }, userText);
  assert.deepEqual(r.map((x) => x.status), ["not-fired", "not-observed", "fired"]);
});

Deno.test("reportEntries: an entry that fired although list found a problem says so", () => {
  const [r] = reportEntries(
    claude,
    [entry({ problems: [{ kind: "not-trusted", text: "trust dialog not accepted" }] })],
    [
      watch("e1-1"),
    ],
    { calls: [call({})], toolResults: [], reached: QUICK },
    userText,
  );
  assert.equal(r!.status, "fired");
  assert.match(r!.reason!, /fired although list says: trust dialog not accepted/);
});

Deno.test("reportEntries: a correct post-tool install, run without a failing call: PostToolUseFailure is not reached, nothing fails", () => {
  const entries = [
    entry({ event: "PostToolUse", contractEvent: "post-tool", ours: true }),
    entry({ event: "PostToolUseFailure", contractEvent: "post-tool", ours: true }),
  ];
  const watched = [watch("e1-1", "PostToolUse"), watch("e1-2", "PostToolUseFailure")];
  const r = reportEntries(claude, entries, watched, {
    calls: [call({ id: "e1-1", payloadEvent: "PostToolUse" })],
    toolResults: [],
    reached: QUICK,
  }, userText);
  assert.deepEqual(r.map((x) => x.status), ["fired", "not-reached"]);
  assert.match(r[1]!.reason!, /does not reach PostToolUseFailure/);
  assert.ok(r.every((x) => !STATUS_FAILS[x.status]));
});

Deno.test("reportEntries: the failing step reaches PostToolUseFailure: then an entry there that did not run is not fired", () => {
  const reached = [...QUICK, ...reachedBy(claude, "fails", STEP_REACH["fails"])];
  const [r] = reportEntries(
    claude,
    [entry({ event: "PostToolUseFailure", contractEvent: "post-tool" })],
    [watch("e1-1", "PostToolUseFailure")],
    { calls: [], toolResults: [], reached },
    userText,
  );
  assert.equal(r!.status, "not-fired");
  assert.deepEqual(r!.reachedBy, ["fails"]);
});

Deno.test("reportEntries: a step that did not run says why its events were not reached", () => {
  const missed = reachedBy(claude, "fails", STEP_REACH["fails"]).map((x) => ({
    ...x,
    why: "its output never reached the model",
  }));
  const [r] = reportEntries(
    claude,
    [entry({ event: "PostToolUseFailure", contractEvent: "post-tool" })],
    [watch("e1-1", "PostToolUseFailure")],
    { calls: [], toolResults: [], reached: QUICK, missed },
    userText,
  );
  assert.equal(r!.status, "not-reached");
  assert.match(r!.reason!, /fails: its output never reached the model/);
});

Deno.test("reportEntries: list's finding that other entries fired under is not blamed; one for an event not reached is not reached", () => {
  const trust = {
    kind: "not-trusted" as const,
    text: "the project's folder trust is not accepted",
  };
  const entries = [
    entry({ problems: [trust] }),
    entry({ event: "Stop", contractEvent: "stop", problems: [trust] }),
    entry({ event: "UserPromptSubmit", contractEvent: "prompt", problems: [trust] }),
    entry({ event: "SubagentStop", contractEvent: "subagent-stop", problems: [trust] }),
  ];
  const watched = [
    watch("e1-1"),
    watch("e1-2", "Stop"),
    watch("e1-3", "UserPromptSubmit"),
    watch("e1-4", "SubagentStop"),
  ];
  const r = reportEntries(claude, entries, watched, {
    calls: [call({ id: "e1-1" }), call({ id: "e1-2", payloadEvent: "Stop" })],
    toolResults: [],
    reached: QUICK,
  }, userText);
  assert.deepEqual(r.map((x) => x.status), ["fired", "fired", "not-fired", "not-reached"]);
  assert.doesNotMatch(r[2]!.reason!.split(";")[0]!, /folder trust/);
  assert.match(r[2]!.reason!, /is not why: other entries fired under it/);
  assert.match(r[3]!.reason!, /does not reach SubagentStop/);
});

Deno.test("reportEntries: list's finding no fired entry shares is the reason", () => {
  const r = reportEntries(
    claude,
    [
      entry({ problems: [{ kind: "switched-off", text: "off by disableAllHooks" }] }),
      entry({ event: "Stop", contractEvent: "stop" }),
    ],
    [watch("e1-1"), watch("e1-2", "Stop")],
    { calls: [call({ id: "e1-2", payloadEvent: "Stop" })], toolResults: [], reached: QUICK },
    userText,
  );
  assert.equal(r[0]!.status, "not-fired");
  assert.equal(r[0]!.reason, "off by disableAllHooks");
});

Deno.test("reportEntries: an answer the model received in any request reached it; a text the hook was given itself proves nothing", () => {
  const entries = [
    entry({ event: "UserPromptSubmit", contractEvent: "prompt" }),
    entry({ event: "Stop", contractEvent: "stop" }),
  ];
  const watched = [watch("e1-1", "UserPromptSubmit"), watch("e1-2", "Stop")];
  const r = reportEntries(claude, entries, watched, {
    calls: [
      call({
        id: "e1-1",
        payloadEvent: "UserPromptSubmit",
        input: { prompt: "Verify the hooks" },
        stdout: JSON.stringify({
          hookSpecificOutput: { additionalContext: "R-CONTEXT the rules" },
        }),
      }),
      call({
        id: "e1-2",
        payloadEvent: "Stop",
        input: { last_assistant_message: "Checked again: done." },
        stdout: JSON.stringify({ decision: "block", reason: "Checked again: done." }),
      }),
    ],
    toolResults: [],
    modelSaw: "Verify the hooks\nR-CONTEXT the rules\nChecked again: done.",
    reached: QUICK,
  }, userText);
  assert.equal(r[0]!.calls[0]!.reachedModel, "R-CONTEXT the rules");
  assert.equal(r[1]!.calls[0]!.reachedModel, null);
});

Deno.test("reportEntries: an agent that gave up before the step: list's own finding is the miss; without one, not reached", () => {
  const missed = reachedBy(claude, "shell", STEP_REACH.shell).map((x) => ({
    ...x,
    why: "its output never reached the model",
    agentFailed: true,
  }));
  const reached = QUICK.filter((x) => x.step !== "shell");
  const r = reportEntries(
    claude,
    [
      entry({ problems: [{ kind: "not-trusted", text: "the project is not a trusted folder" }] }),
      entry({}),
    ],
    [watch("e1-1"), watch("e1-2")],
    { calls: [], toolResults: [], reached, missed },
    userText,
  );
  assert.deepEqual(r.map((x) => x.status), ["not-fired", "not-reached"]);
  assert.equal(r[0]!.reason, "the project is not a trusted folder");
});

Deno.test("reportEntries: an answer's decision word is not taken for its text reaching the model", () => {
  const [r] = reportEntries(
    claude,
    [entry({ event: "Stop", contractEvent: "stop" })],
    [watch("e1-1", "Stop")],
    {
      calls: [call({
        payloadEvent: "Stop",
        stdout: JSON.stringify({ decision: "block", reason: "R-BACK look again" }),
      })],
      toolResults: [],
      modelSaw: "the tool call was blocked\nR-BACK look again",
      reached: QUICK,
    },
    userText,
  );
  assert.equal(r!.calls[0]!.reachedModel, "R-BACK look again");
});

Deno.test("reportEntries: a fired entry whose hook does not load is broken, with what the agent does with it", () => {
  const direct =
    '/usr/bin/deno run --quiet --no-prompt "/h/guard.ts" --everyhook-agent claude-code --everyhook-event pre-tool --everyhook-timeout 28';
  const load = 'error: Module not found "file:///h/nope.ts".\n    at file:///h/guard.ts:1:17';
  const [r] = reportEntries(claude, [entry({ command: direct })], [watch("e1-1")], {
    calls: [call({ stderr: load, exit: 1 })],
    toolResults: [],
    reached: QUICK,
  }, userText);
  assert.equal(r!.status, "fired");
  assert.equal(r!.broken, 'Module not found "file:///h/nope.ts".');
  assert.match(r!.reason ?? "", /Claude Code runs the tool anyway \[binary pre-exit1-stderr\]/);
  const plain = {
    bad: String,
    warn: String,
    good: String,
    dim: String,
    bold: String,
    decision: String,
  };
  const text = renderVerify(
    {
      everyhook: 1,
      ok: false,
      project: "/p",
      loopbackOnly: false,
      agents: [{
        agent: "claude-code",
        name: "Claude Code",
        run: {
          kind: "ran",
          binary: "/bin/claude",
          exit: 0,
          ms: 1000,
          commandRan: true,
          quick: true,
          asReviewed: false,
          tail: null,
        },
        ok: false,
        entries: [r!],
        steps: [],
        holes: [],
        adjustments: [],
      }],
    },
    plain,
    "/h",
  );
  assert.match(text, /fired, broken: Module not found/);
  assert.match(text, /0 fired, 1 fired but broken, 0 not fired/);
  const [fine] = reportEntries(claude, [entry({ command: direct })], [watch("e1-1")], {
    calls: [call({ stderr: "error: not on main", exit: 1 })],
    toolResults: [],
    reached: QUICK,
  }, userText);
  assert.equal(fine!.broken, undefined);
});

Deno.test("reportEntries: an entry of an event the agent fires in some runs only is not-reached, with why", () => {
  const kimi = findAgent("kimi-code")!;
  const reached = (["prompt", "shell", "stop"] as const).flatMap((s) =>
    reachedBy(kimi, s, STEP_REACH[s])
  );
  const file = "/w/home/.kimi-code/config.toml";
  const at = (event: string, contractEvent: ListedEntry["contractEvent"]) =>
    entry({ agent: "kimi-code", file, event, contractEvent });
  const entries = [at("PostToolUse", "post-tool"), at("Stop", "stop")];
  const watched = ["PostToolUse", "Stop"].map((native, i) => ({
    id: `e1-${i + 1}`,
    file: "/h/.kimi-code/config.toml",
    copy: file,
    native,
  }));
  const r = reportEntries(
    kimi,
    entries,
    watched,
    { calls: [], toolResults: [], reached },
    userText,
  );
  assert.deepEqual(r.map((x) => x.status), ["not-reached", "not-fired"]);
  assert.match(r[0]!.reason!, /does not wait for PostToolUse/);
});
