// Hooks written in Claude Code's protocol, put through `run --speaks claude-code` with every agent's
// recorded documents (fixtures/<agent>/*.json): what each hook was given, and what each agent is told.
import assert from "node:assert/strict";
import { AGENTS } from "../../src/agents/mod.ts";
import { claudeCode } from "../../src/agents/claude_code.ts";
import { loadFixtures } from "../../src/readers/recorded.ts";
import { runAdapter } from "../../src/run/run.ts";
import { translate } from "../../src/run/translate.ts";
import { claudeCodeSpoken } from "../../src/speaks/claude_code.ts";
import { isContractEvent } from "../../src/contract/contract.ts";
import { CLAUDE_HOOKS, FALLBACK_CWD, inProcess } from "./claude_hooks.ts";

const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
const CLAUDE_EVENTS = new Set([
  ...Object.values(claudeCode.events).map((e) => e.native),
  "PostToolUseFailure",
]);
const CLAUDE_TOOLS = new Set(Object.keys(claudeCode.tools.names));

async function put(hookIndex: number, agentId: string, file: string) {
  const hook = CLAUDE_HOOKS[hookIndex]!;
  const agent = AGENTS.find((a) => a.id === agentId)!;
  const fixture = fixtures.find((f) => f.file === file)!;
  assert.ok(isContractEvent(fixture.event));
  const seen: { payload?: Record<string, unknown>; env?: Record<string, string> } = {};
  const result = await runAdapter(
    agent,
    fixture.event,
    { bytes: new TextEncoder().encode(JSON.stringify(fixture.payload)), truncated: false },
    ["claude-hook"],
    { env: {}, cwd: FALLBACK_CWD, runner: inProcess(hook, seen), speaks: claudeCodeSpoken },
  );
  return { hook, agent, fixture, seen, result };
}

const notCalled: string[] = [];

for (const [i, hook] of CLAUDE_HOOKS.entries()) {
  Deno.test(`claude-code hook "${hook.name}" in every agent's recorded documents`, async () => {
    const meant = new Set<string>();
    for (const fixture of fixtures) {
      const { agent, seen, result } = await put(i, fixture.agent, fixture.file!);
      const where = `${hook.name}: ${fixture.file}`;
      const doc = result.document;
      assert.ok(doc, `${where}: ${result.failure?.detail}`);
      assert.ok(result.spoken, where);
      if (!result.spoken.called) {
        assert.equal(seen.payload, undefined, where);
        assert.equal(result.hook.status, "not-run", where);
        assert.deepEqual(result.answer, {}, where);
        assert.ok(result.notes.some((n) => n.startsWith("not called: ")), where);
        if (i === 0) notCalled.push(`${fixture.file}: ${result.spoken.why}`);
        continue;
      }
      // What the hook read is Claude Code's payload.
      const p = seen.payload!;
      assert.ok(CLAUDE_EVENTS.has(String(p.hook_event_name)), `${where}: ${p.hook_event_name}`);
      assert.equal(p.hook_event_name, result.spoken.nativeEvent, where);
      assert.equal(typeof p.session_id, "string", where);
      assert.equal(typeof p.cwd, "string", where);
      assert.equal(seen.env?.CLAUDE_PROJECT_DIR, p.cwd, where);
      if (doc.tool) {
        const name = String(p.tool_name);
        assert.ok(CLAUDE_TOOLS.has(name) || name.startsWith("mcp__"), `${where}: ${name}`);
        assert.equal(typeof p.tool_input, "object", where);
      }
      if (agent.id === "claude-code") assert.deepEqual(p, fixture.payload, where);
      assert.equal(result.failure, null, `${where}: ${result.failure?.detail}`);
      const expected = hook.expected(doc);
      if (expected === undefined) {
        assert.deepEqual(result.answer, {}, where);
        continue;
      }
      meant.add(agent.id);
      if (expected.input !== undefined) {
        // The rewrite comes back in the calling agent's own input shape.
        const original = doc.tool!.input as Record<string, unknown>;
        const key = Object.keys(original).find((k) => original[k] === doc.tool!.command);
        if (key === undefined) {
          assert.equal(result.answer.input, undefined, where);
          assert.ok(result.notes.some((n) => n.startsWith("input dropped")), where);
        } else {
          assert.deepEqual(
            result.answer.input,
            { ...original, [key]: `echo checked && ${doc.tool!.command}` },
            where,
          );
        }
        continue;
      }
      assert.deepEqual(result.answer, expected, where);
      const t = translate(agent, doc.event, expected, { nativeEvent: doc.nativeEvent });
      assert.equal(result.native.stdout, t.stdout, where);
      assert.equal(result.native.exit, t.exit, where);
      assert.deepEqual(result.effects, t.effects, where);
    }
    // Each hook has something to say in most agents' recordings, not in one.
    assert.ok(meant.size >= 5, `${hook.name}: only ${[...meant].join(", ")}`);
  });
}

Deno.test("the calls Claude Code has no words for are not put to a Claude Code hook", () => {
  // Filled by the first hook's test above: every fixture of a call that cannot be said, with why.
  for (const line of notCalled) {
    assert.match(
      line,
      /has no tool of the kind|MCP tool mcp__<server>__<tool>|carries no prompt|input has no/,
      line,
    );
  }
  // deno-lint-ignore no-console -- the list is the test's record of what was left out
  console.log(notCalled.join("\n"));
});

Deno.test("a Claude Code force-push guard blocks the recorded force push of every agent", async () => {
  const forced = fixtures.filter((f) =>
    f.event === "pre-tool" && f.variant.startsWith("shell-force-push")
  );
  assert.deepEqual([...new Set(forced.map((f) => f.agent))].sort(), AGENTS.map((a) => a.id).sort());
  for (const f of forced) {
    const { result } = await put(0, f.agent, f.file!);
    assert.equal(result.effect, "blocked", f.file);
    assert.match(
      result.native.stdout + result.native.stderr,
      /force push refused by the Claude hook/,
      f.file,
    );
  }
});

Deno.test("a Claude Code .env guard blocks every agent's recorded write of .env", async () => {
  const writes = fixtures.filter((f) => f.variant.startsWith("write-env"));
  assert.ok(writes.length >= 5);
  for (const f of writes) {
    const { result } = await put(1, f.agent, f.file!);
    assert.equal(result.effect, "blocked", f.file);
    assert.match(result.native.stdout + result.native.stderr, /of (app)?\.env refused/, f.file);
  }
});

Deno.test("run --speaks claude-code runs a Claude Code shell guard as a program, through bash -c", async () => {
  const guard =
    `input=$(cat); case "$input" in *'"tool_name":"Bash"'*'push --force'*) echo "no force push in $CLAUDE_PROJECT_DIR" >&2; exit 2;; esac; exit 0`;
  const root = new URL("../../", import.meta.url).pathname;
  for (const agent of ["codex", "gemini-cli", "copilot-cli"]) {
    const fixture = fixtures.find((f) =>
      f.file === `fixtures/${agent}/pre-tool.shell-force-push.json`
    )!;
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        `${root}run.ts`,
        "run",
        "--agent",
        agent,
        "--event",
        "pre-tool",
        "--speaks",
        "claude-code",
        "--json",
        "--",
        "bash",
        "-c",
        guard,
      ],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(JSON.stringify(fixture.payload)));
    await writer.close();
    const out = await child.output();
    const result = JSON.parse(new TextDecoder().decode(out.stdout));
    assert.equal(result.hook.exit, 2, agent);
    assert.equal(result.effect, "blocked", agent);
    assert.equal(result.answer.reason, "no force push in <project>", agent);
    assert.equal(result.spoken.payload.tool_name, "Bash", agent);
    assert.ok(
      result.spoken.rules.some((r: { basis: { kind: string } }) => r.basis.kind === "binary"),
    );
  }
});
