/**
 * verify's whole run against the real agents installed under .cache/agents:
 * one world where log-tool-calls is installed at every event of every
 * installed agent, one `verify --all --as-reviewed` (agents two at a time),
 * and per agent the steps it plays, the entries each fired, what it does
 * not reach and why, and the report against schema/verify.schema.json; and
 * Claude Code after a correct `install --event post-tool`, green with
 * `--quick` (PostToolUseFailure not reached) and with the whole run (fired).
 */

import assert from "node:assert/strict";
import type { VerifyReport } from "../../src/verify/verify.ts";
import { findDriver } from "../../src/verify/drivers/mod.ts";
import { findAgent } from "../../src/agents/mod.ts";
import type { StepName } from "../../src/verify/steps.ts";
import { agentBin, agentNodeBin, makeWorld, REPO_ROOT, type World } from "./world.ts";
import { CLI, LOG_TOOL_CALLS } from "./everyhook_e2e.ts";
import { PINS } from "./pins.ts";
import { type Schema, validate } from "../json_schema.ts";

type Id = keyof typeof PINS;
const AGENTS = (Object.keys(PINS) as Id[]).filter((id) => findDriver(id));
const INSTALLED = AGENTS.filter((id) => agentBin(id) !== undefined);
if (INSTALLED.length < AGENTS.length) {
  // deno-lint-ignore no-console -- a skip says why
  console.log(
    `verify_run_test: not installed here, left out: ${
      AGENTS.filter((id) => !INSTALLED.includes(id)).join(", ")
    } (deno task agents)`,
  );
}

const SCHEMA = JSON.parse(
  await Deno.readTextFile(`${REPO_ROOT}/schema/verify.schema.json`),
) as Schema;

/** The steps each agent plays through (the others are `cannot`, with a reason). */
const PLAYS: Readonly<Record<Id, readonly StepName[]>> = {
  "claude-code": [
    "session",
    "prompt",
    "shell",
    "fails",
    "write",
    "edit",
    "mcp",
    "subagent",
    "stop",
  ],
  "codex": ["session", "prompt", "shell", "fails", "write", "edit", "stop"],
  "gemini-cli": ["session", "prompt", "shell", "fails", "write", "edit", "mcp", "stop"],
  "copilot-cli": [
    "session",
    "prompt",
    "shell",
    "fails",
    "write",
    "edit",
    "mcp",
    "subagent",
    "stop",
  ],
  "qwen-code": [
    "session",
    "prompt",
    "shell",
    "fails",
    "write",
    "edit",
    "mcp",
    "subagent",
    "stop",
  ],
  "factory-droid": ["session", "prompt", "shell", "fails", "write", "edit", "subagent", "stop"],
  "opencode": ["session", "prompt", "shell", "fails", "write", "edit", "mcp", "stop"],
  "kilo": ["session", "prompt", "shell", "fails", "write", "edit", "mcp", "stop"],
  "kimi-code": ["session", "prompt", "shell", "fails", "write", "edit", "stop"],
  "auggie": ["session", "prompt", "shell", "fails", "write", "edit", "mcp", "stop"],
  "cline": ["session", "shell", "fails", "write", "edit", "stop"],
};

/** The entries a complete install has that the run does not reach, and the words of the reason. */
const NOT_REACHED: Readonly<Partial<Record<Id, Readonly<Record<string, RegExp>>>>> = {
  "qwen-code": { SessionEnd: /fires no SessionEnd/ },
  "codex": { SubagentStop: /subagent: Codex's sub-agents were recorded only with a model/ },
  "kimi-code": { SessionEnd: /fires no SessionEnd/ },
};

function pathWithAgents(world: World): string {
  const dirs = INSTALLED.map((id) => agentBin(id)!.replace(/\/[^/]+$/, ""));
  const node = agentNodeBin("qwen-code");
  return [...(node ? [node] : []), ...dirs, world.env().PATH].join(":");
}

async function everyhook(world: World, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    cwd: world.project,
    env: world.env({ PATH: pathWithAgents(world) }),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

async function verify(world: World, args: string[]) {
  const out = await everyhook(world, ["--json", "verify", ...args]);
  let report: VerifyReport;
  try {
    report = JSON.parse(out.stdout);
  } catch {
    throw new Error(`verify printed no JSON (exit ${out.code}):\n${out.stdout}\n${out.stderr}`);
  }
  assert.deepEqual(validate(report, SCHEMA, SCHEMA), [], "the report fits its schema");
  assert.equal(report.everyhook, 1);
  return { code: out.code, report, err: out.stderr };
}

function verdict(report: VerifyReport, id: string) {
  const v = report.agents.find((a) => a.agent === id);
  assert.ok(v, `no verdict for ${id}`);
  return v;
}

Deno.test({
  name:
    "verify: hooks at every event of every installed agent: the whole run is green, each step done fired hooks, what is not reached says why",
  ignore: INSTALLED.length === 0,
  async fn() {
    await using world = await makeWorld("verify-run");
    const installed = await everyhook(world, [
      "install",
      LOG_TOOL_CALLS,
      "--agent",
      INSTALLED.join(","),
      "--event",
      "all",
    ]);
    assert.equal(installed.code, 0, installed.stderr);
    // What the person does for Gemini CLI: trust the folder (Codex CLI's review is --as-reviewed).
    await Deno.mkdir(`${world.home}/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${world.home}/.gemini/trustedFolders.json`,
      JSON.stringify({ [world.project]: "TRUST_FOLDER" }),
    );
    const { code, report, err } = await verify(world, ["--all", "--as-reviewed"]);
    for (const id of INSTALLED) {
      const v = verdict(report, id);
      const where = `${id}: ${JSON.stringify({ steps: v.steps, entries: v.entries }, null, 1)}`;
      assert.equal(v.run.kind, "ran", where);
      assert.ok(v.ok, where);
      assert.deepEqual(v.holes, [], where);
      const done = v.steps.filter((s) => s.status === "done").map((s) => s.name);
      assert.deepEqual(done, PLAYS[id], where);
      for (const s of v.steps) {
        if (s.status === "done") assert.ok(s.fired.length > 0, `${id} ${s.name}: no hook fired`);
        else assert.equal(s.status, "cannot", `${id} ${s.name}: ${s.why}`);
        if (s.status === "cannot") assert.ok((s.why ?? "").length > 10, `${id} ${s.name}`);
      }
      const unreached = NOT_REACHED[id] ?? {};
      for (const e of v.entries) {
        if (e.event in unreached) {
          assert.equal(e.status, "not-reached", where);
          assert.match(e.reason ?? "", unreached[e.event]!, where);
        } else if (e.contractEvent !== null && findAgent(id)!.events[e.contractEvent]?.unsteady) {
          // An event the agent fires in some runs only: fired, or not reached with that reason.
          const unsteady = findAgent(id)!.events[e.contractEvent]!.unsteady!;
          if (e.status !== "fired") {
            assert.equal(e.status, "not-reached", where);
            assert.ok((e.reason ?? "").includes(unsteady.split(":")[0]!), where);
          }
        } else assert.equal(e.status, "fired", `${id} ${e.event}: ${e.reason}`);
      }
      if (id === "codex") assert.equal(v.run.kind === "ran" && v.run.asReviewed, true);
    }
    assert.equal(code, 0, err);
  },
});

Deno.test({
  name:
    "verify: a correct install --event post-tool for Claude Code is green: --quick does not reach PostToolUseFailure, the whole run fires it",
  ignore: !INSTALLED.includes("claude-code"),
  async fn() {
    await using world = await makeWorld("verify-post-tool");
    const installed = await everyhook(world, [
      "install",
      LOG_TOOL_CALLS,
      "--agent",
      "claude-code",
      "--event",
      "post-tool",
    ]);
    assert.equal(installed.code, 0, installed.stderr);
    const quick = await verify(world, ["--agent", "claude-code", "--quick"]);
    const q = verdict(quick.report, "claude-code");
    assert.deepEqual(
      q.entries.map((e) => [e.event, e.status]),
      [["PostToolUse", "fired"], ["PostToolUseFailure", "not-reached"]],
    );
    assert.match(q.entries[1]!.reason ?? "", /does not reach PostToolUseFailure/);
    assert.doesNotMatch(q.entries[1]!.reason ?? "", /trust/);
    assert.equal(quick.code, 0, quick.err);
    const whole = await verify(world, ["--agent", "claude-code"]);
    const w = verdict(whole.report, "claude-code");
    assert.deepEqual(w.entries.map((e) => e.status), ["fired", "fired"]);
    assert.deepEqual(w.entries[1]!.calls.map((c) => c.step), ["fails"]);
    assert.equal(whole.code, 0, whole.err);
  },
});

Deno.test({
  name:
    "verify: planted holes in Claude Code: a Bash-only guard does not see the MCP tool (a hole, exit 1, the fix named); an event name of another agent is not fired",
  ignore: !INSTALLED.includes("claude-code"),
  async fn() {
    await using world = await makeWorld("verify-holes");
    const entry = (matcher: string | null) => [{
      ...(matcher === null ? {} : { matcher }),
      hooks: [{ type: "command", command: "cat > /dev/null" }],
    }];
    await Deno.mkdir(`${world.home}/.claude`, { recursive: true });
    await Deno.writeTextFile(
      `${world.home}/.claude/settings.json`,
      JSON.stringify({
        hooks: {
          PreToolUse: entry("Bash"),
          BeforeTool: entry(null),
          // Sends the agent back once, then lets it stop.
          Stop: [{
            hooks: [{
              type: "command",
              command:
                `grep -q '"stop_hook_active": *true' && exit 0; echo '{"decision":"block","reason":"R-VERIFY-BACK look once more"}'`,
            }],
          }],
          UserPromptSubmit: [{
            hooks: [{
              type: "command",
              command:
                `cat > /dev/null; echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"R-VERIFY-CONTEXT the rules"}}'`,
            }],
          }],
        },
      }),
    );
    // Entries everyhook did not write run only after a yes.
    const { code, report, err } = await verify(world, ["--agent", "claude-code", "--yes"]);
    const v = verdict(report, "claude-code");
    const where = JSON.stringify({ entries: v.entries, holes: v.holes }, null, 1);
    assert.deepEqual(v.entries.map((e) => [e.event, e.status]), [
      ["PreToolUse", "fired"],
      ["BeforeTool", "not-fired"],
      ["Stop", "fired"],
      ["UserPromptSubmit", "fired"],
    ], where);
    // What reached the model: the stop's reason (sent back once, then a second stop) and the context.
    const stops = v.entries[2]!.calls;
    assert.equal(stops.length, 2, where);
    assert.equal(stops[0]!.reachedModel, "R-VERIFY-BACK look once more", where);
    assert.equal(v.entries[3]!.calls[0]!.reachedModel, "R-VERIFY-CONTEXT the rules", where);
    assert.match(v.entries[1]!.reason ?? "", /has no event "BeforeTool"/);
    // The guard saw the main and the subagent's shell calls: the MCP call is its one hole.
    assert.deepEqual(v.holes.map((h) => [h.kind, h.entry]), [["matcher-misses", 0]], where);
    assert.match(
      v.holes[0]!.text,
      /your Bash matcher at PreToolUse does not see the mcp tool mcp__everyhook__probe/,
    );
    assert.match(v.holes[0]!.fix, /widen the matcher/);
    assert.deepEqual(v.entries[0]!.calls.map((c) => c.step).sort(), [
      "fails",
      "shell",
      "subagent",
    ]);
    assert.equal(code, 1, err);
  },
});
