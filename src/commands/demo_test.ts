import assert from "node:assert/strict";
import { command, DEMO_VARIANTS, runDemo } from "./demo.ts";
import { memoryIo } from "../cli/io.ts";
import { AGENTS, findAgent } from "../agents/mod.ts";
import type { Agent } from "../agents/types.ts";
import { EveryhookError } from "../contract/errors.ts";
import { loadFixtures } from "../readers/recorded.ts";

const env = { PATH: Deno.env.get("PATH") ?? "" };

Deno.test("runDemo() blocks the force push and lets the harmless command pass, for every agent", async () => {
  const report = await runDemo(memoryIo({ env, cwd: Deno.cwd() }));
  assert.equal(report.ok, true);
  const withPreTool = AGENTS.filter((a) => a.events["pre-tool"]);
  assert.equal(report.cases.length, withPreTool.length * Object.keys(DEMO_VARIANTS).length);
  for (const c of report.cases) {
    if (c.variant === "shell-force-push") {
      assert.equal(c.result.answer.decision, "deny", c.agent);
      assert.equal(c.result.effect, "blocked", c.agent);
      assert.match(c.command, /--force/);
    } else {
      assert.equal(c.result.answer.decision, undefined, c.agent);
      assert.equal(c.result.effect, "none", c.agent);
    }
  }
});

Deno.test("runDemo() shows each agent with its recorded payloads and reports none missing", async () => {
  const report = await runDemo(memoryIo({ env, cwd: Deno.cwd() }));
  assert.deepEqual(report.missing, []);
  for (const c of report.cases) {
    assert.match(c.source, /^(recorded|written from the docs): /, c.agent);
    assert.doesNotMatch(c.source, /replaced/, c.agent);
    assert.equal(c.result.document?.tool?.kind, "shell", c.agent);
  }
});

Deno.test("runDemo() puts a command into the recorded shell payload, and reports an agent with no recording", async () => {
  {
    const fixtures = (await loadFixtures(["codex"]))
      .filter((f) => f.event === "pre-tool" && f.variant === "shell-force-push");
    assert.equal(fixtures.length, 1);
    const codex = findAgent("codex")!;
    const newcomer: Agent = { ...codex, id: "newcomer", name: "Newcomer" };
    const report = await runDemo(memoryIo({ env, cwd: Deno.cwd() }), {
      fixtures,
      agents: [codex, newcomer],
    });
    assert.deepEqual(report.cases.map((c) => [c.agent, c.variant, c.command, c.result.effect]), [
      ["codex", "shell-force-push", DEMO_VARIANTS["shell-force-push"], "blocked"],
      ["codex", "shell-harmless", DEMO_VARIANTS["shell-harmless"], "none"],
    ]);
    assert.match(report.cases[1]!.source, /^recorded: Codex CLI .*, its command replaced$/);
    assert.deepEqual(report.missing, [{
      agent: "newcomer",
      agentName: "Newcomer",
      why: "there is no recorded pre-tool shell payload in fixtures/newcomer/",
    }]);
  }
});

Deno.test("runDemo() says so when no agent has a recording", async () => {
  await assert.rejects(
    () => runDemo(memoryIo({ env, cwd: Deno.cwd() }), { fixtures: [] }),
    (e: unknown) =>
      e instanceof EveryhookError && e.code === "not-found" &&
      /no agent has a recorded/.test(e.message),
  );
});

Deno.test("runDemo() says so when the hook is not there", async () => {
  await assert.rejects(
    () => runDemo(memoryIo({ env }), { hook: "/no/such/hook.ts" }),
    (e: unknown) => e instanceof EveryhookError && /is not there/.test(e.message),
  );
});

Deno.test("command() prints the demo as text or as JSON, with another hook", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/ask.sh`, 'echo \'{"decision":"ask","reason":"sure?"}\'\n');
    const io = memoryIo({ env, cwd: dir });
    assert.equal(await command(["--hook", "ask.sh", "--json"], io), 0);
    const doc = JSON.parse(io.stdoutText());
    assert.equal(doc.ok, true);
    assert.equal(doc.hook, `${dir}/ask.sh`);
    assert.deepEqual(doc.missing, []);
    assert.ok(
      doc.results.every((r: { answer: { decision: string } }) => r.answer.decision === "ask"),
    );
    const text = memoryIo({ env, cwd: dir });
    assert.equal(await command([`--hook=${dir}/ask.sh`], text), 0);
    assert.match(text.stdoutText(), /^everyhook demo: ask.sh/);
    assert.match(text.stdoutText(), /Claude Code \(claude-code\)/);
    await assert.rejects(
      () => command(["--bogus"], text),
      /unknown option --bogus; see everyhook demo --help/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
