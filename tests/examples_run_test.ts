// Each example hook, put through the adapter `run` uses, with the payloads the real agents sent (fixtures/).
import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import { bench } from "../src/readers/bench.ts";
import { loadFixtures } from "../src/readers/recorded.ts";
import { command as benchCommand } from "../src/commands/bench.ts";
import { memoryIo } from "../src/cli/io.ts";

const examples = new URL("../examples/", import.meta.url).pathname;
const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
const options = {
  agents: AGENTS,
  events: [],
  failClosed: false,
  timeoutSeconds: 20,
  env: { PATH: Deno.env.get("PATH") ?? "" },
  cwd: Deno.cwd(),
};

Deno.test("block-force-push blocks each agent's recorded force push and nothing else", async () => {
  const results = await bench([`${examples}block-force-push.ts`], fixtures, options);
  const forced = results.filter((r) =>
    r.event === "pre-tool" && r.variant.startsWith("shell-force-push")
  );
  assert.deepEqual([...new Set(forced.map((r) => r.agent))].sort(), AGENTS.map((a) => a.id).sort());
  for (const r of forced) {
    assert.equal(r.result.failure, null, `${r.agent} ${r.variant}: ${r.result.failure?.detail}`);
    assert.equal(r.result.answer.decision, "deny", `${r.agent} ${r.variant}`);
    assert.equal(r.result.effect, "blocked", `${r.agent} ${r.variant}`);
    assert.match(r.result.native.stdout, /protected branch/);
  }
  for (const r of results.filter((r) => !r.variant.startsWith("shell-force-push"))) {
    assert.equal(
      r.result.failure,
      null,
      `${r.agent} ${r.event} ${r.variant}: ${r.result.failure?.detail}`,
    );
    assert.equal(r.result.answer.decision, undefined, `${r.agent} ${r.event} ${r.variant}`);
  }
});

Deno.test("protect-env-files blocks each recorded write to an env file and lets other writes and edits through", async () => {
  const results = await bench([`${examples}protect-env-files.ts`], fixtures, {
    ...options,
    events: ["pre-tool"],
  });
  for (const r of results) {
    assert.equal(r.result.failure, null, `${r.agent} ${r.variant}: ${r.result.failure?.detail}`);
    const path = r.result.document?.tool?.paths?.join(",") ?? "";
    const env = /(^|[\\/,])\.env(\.[^,]*)?($|,)/.test(path) &&
      !/\.env\.(example|sample|template)/.test(path);
    const writes = r.result.document?.tool?.kind === "edit" ||
      r.result.document?.tool?.kind === "write";
    assert.equal(
      r.result.answer.decision,
      env && writes ? "deny" : undefined,
      `${r.agent} ${r.variant} ${path}`,
    );
  }
  const blocked = results.filter((r) => r.result.effect === "blocked").map((r) => r.agent);
  for (const agent of ["claude-code", "codex", "copilot-cli"]) {
    assert.ok(blocked.includes(agent), `${agent} has a recorded .env write`);
  }
});

Deno.test("log-tool-calls logs one contract document per recorded payload and answers nothing", async () => {
  const dir = await Deno.makeTempDir();
  const log = `${dir}/log.jsonl`;
  const results = await bench([`${examples}log-tool-calls.ts`], fixtures, {
    ...options,
    env: { ...options.env, EVERYHOOK_LOG: log },
  });
  for (const r of results) {
    assert.equal(r.result.failure, null, `${r.agent} ${r.variant}: ${r.result.failure?.detail}`);
    assert.deepEqual(r.result.answer, {}, `${r.agent} ${r.event} ${r.variant}`);
    assert.deepEqual(r.result.effects, ["none"], `${r.agent} ${r.event} ${r.variant}`);
  }
  const lines = (await Deno.readTextFile(log)).trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, results.length);
  for (const doc of lines) {
    assert.equal(doc.everyhook, 1);
    assert.ok(AGENTS.some((a) => a.id === doc.agent));
    if (doc.event === "pre-tool" && doc.tool.kind === "shell") {
      assert.equal(typeof doc.tool.command, "string");
    }
  }
  // The same document shape from every agent for the recorded force push.
  const pushes = lines.filter((d) =>
    d.event === "pre-tool" && d.tool?.command?.includes("push --force")
  );
  assert.ok(pushes.length >= 5);
  for (const d of pushes) {
    assert.deepEqual(Object.keys(d.tool).filter((k) => k !== "input").sort(), [
      "command",
      "kind",
      "name",
    ]);
  }
  await Deno.remove(dir, { recursive: true });
});

Deno.test("bench prints each agent's JSON and exits 1 when the hook fails", async () => {
  const io = memoryIo({ env: { PATH: Deno.env.get("PATH") ?? "" }, cwd: Deno.cwd() });
  assert.equal(
    await benchCommand([
      `${examples}block-force-push.ts`,
      "--agent",
      "gemini",
      "--event",
      "pre-tool",
    ], io),
    0,
  );
  assert.match(io.stdoutText(), /gemini-cli 0\.61\.0/);
  assert.match(io.stdoutText(), /"decision":"deny"/);
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/bad.sh`, "echo not an answer\n");
  const bad = memoryIo({ env: { PATH: Deno.env.get("PATH") ?? "" }, cwd: dir });
  assert.equal(
    await benchCommand([
      `${dir}/bad.sh`,
      "--agent",
      "codex",
      "--event",
      "pre-tool",
      "--fail-closed",
      "--json",
    ], bad),
    1,
  );
  const doc = JSON.parse(bad.stdoutText());
  assert.equal(doc.ok, false);
  assert.ok(doc.results.every((r: { effect: string }) => r.effect === "blocked"));
  await Deno.remove(dir, { recursive: true });
});
