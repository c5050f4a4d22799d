import assert from "node:assert/strict";
import { command, DEMO_VARIANTS, runDemo } from "./demo.ts";
import { memoryIo } from "../cli/io.ts";
import { AGENTS } from "../agents/mod.ts";
import { EveryhookError } from "../contract/errors.ts";

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

Deno.test("runDemo() uses the embedded examples when there are no fixtures", async () => {
  const report = await runDemo(memoryIo({ env, cwd: Deno.cwd() }), { fixtures: [] });
  assert.ok(report.cases.length >= 10);
  for (const c of report.cases) {
    assert.equal(c.source, "embedded example");
    assert.equal(c.result.document?.tool?.kind, "shell", c.agent);
    assert.equal(c.result.document?.tool?.command, DEMO_VARIANTS[c.variant], c.agent);
    assert.equal(c.result.effect, c.variant === "shell-force-push" ? "blocked" : "none", c.agent);
  }
});

Deno.test("runDemo() says so when the hook is not there", async () => {
  await assert.rejects(
    () => runDemo(memoryIo({ env }), { hook: "/no/such/hook.ts" }),
    (e: unknown) =>
      e instanceof EveryhookError && /"\/no\/such\/hook\.ts" is not there/.test(e.message),
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
    assert.ok(
      doc.results.every((r: { answer: { decision: string } }) => r.answer.decision === "ask"),
    );
    const text = memoryIo({ env, cwd: dir });
    assert.equal(await command([`--hook=${dir}/ask.sh`], text), 0);
    assert.match(text.stdoutText(), /^everyhook demo: ask.sh/);
    assert.match(text.stdoutText(), /Claude Code \(claude-code\)/);
    await assert.rejects(() => command(["--bogus"], text), /unknown "--bogus"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
