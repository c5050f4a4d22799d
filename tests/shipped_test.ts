/**
 * What everyhook ships besides its code travels in its module graph
 * (src/readers/shipped.ts, written by scripts/ship.ts), so bench, demo and
 * explain find it with no read permission in a clone, from JSR and in a
 * compiled binary. These tests fail when the generated module is stale, and
 * run the commands from a clone with only the flags they need.
 */
import assert from "node:assert/strict";
import { SHIPPED_MODULE, shippedModule } from "../scripts/ship.ts";
import { SHIPPED_CONFORMANCE, SHIPPED_EXAMPLES, SHIPPED_FIXTURES } from "../src/readers/shipped.ts";
import { exampleOnDisk, loadConformance, loadFixtures } from "../src/readers/recorded.ts";
import { AGENTS } from "../src/agents/mod.ts";

const ROOT = new URL("..", import.meta.url);

Deno.test("src/readers/shipped.ts is what scripts/ship.ts writes from fixtures/ and examples/ now (deno task ship)", async () => {
  const now = await shippedModule(ROOT);
  const written = await Deno.readTextFile(new URL(SHIPPED_MODULE, ROOT));
  assert.ok(written === now, `${SHIPPED_MODULE} is stale: run "deno task ship"`);
});

Deno.test("shippedModule() follows the files: a new fixture, a changed example, no test file", async () => {
  const root = await Deno.makeTempDir({ prefix: "everyhook-ship-" });
  try {
    for (const dir of ["fixtures/codex", "fixtures/conformance", "examples"]) {
      await Deno.mkdir(`${root}/${dir}`, { recursive: true });
    }
    await Deno.writeTextFile(`${root}/fixtures/codex/pre-tool.a.json`, "{}\n");
    await Deno.writeTextFile(`${root}/fixtures/conformance/codex.json`, "{}\n");
    await Deno.writeTextFile(`${root}/examples/hook.ts`, "// one\n");
    await Deno.writeTextFile(`${root}/examples/hook_test.ts`, "// a test\n");
    const base = new URL(`file://${root}/`);
    const first = await shippedModule(base);
    assert.match(first, /import f0 from "\.\.\/\.\.\/fixtures\/codex\/pre-tool\.a\.json"/);
    assert.match(first, /import c0 from "\.\.\/\.\.\/fixtures\/conformance\/codex\.json"/);
    assert.match(first, /path: "examples\/hook\.ts", text: "\/\/ one\\n"/);
    assert.doesNotMatch(first, /hook_test/);
    await Deno.writeTextFile(`${root}/fixtures/codex/pre-tool.b.json`, "{}\n");
    await Deno.writeTextFile(`${root}/examples/hook.ts`, "// two\n");
    const second = await shippedModule(base);
    assert.match(second, /fixtures\/codex\/pre-tool\.b\.json/);
    assert.match(second, /text: "\/\/ two\\n"/);
    assert.notEqual(first, second);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("loadFixtures() and loadConformance() give what ships, for every agent with recordings", async () => {
  const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
  assert.equal(fixtures.length, SHIPPED_FIXTURES.length);
  for (const agent of AGENTS) {
    assert.ok(fixtures.some((f) => f.agent === agent.id), `${agent.id} has fixtures`);
  }
  for (const f of fixtures) assert.match(f.file ?? "", new RegExp(`^fixtures/${f.agent}/`));
  assert.deepEqual(
    (await loadConformance()).map((c) => c.agent).sort(),
    AGENTS.filter((a) => a.recorded).map((a) => a.id).sort(),
  );
  assert.equal(SHIPPED_CONFORMANCE.length, AGENTS.filter((a) => a.recorded).length);
});

Deno.test("exampleOnDisk() writes every example, so one may import another, and removes them", async () => {
  let dir: string;
  {
    await using hook = await exampleOnDisk("finish-line");
    dir = hook.path.slice(0, hook.path.lastIndexOf("/"));
    for (const e of SHIPPED_EXAMPLES) {
      assert.equal(await Deno.readTextFile(`${dir}/${e.path.slice(9)}`), e.text);
    }
  }
  await assert.rejects(() => Deno.stat(dir), Deno.errors.NotFound);
  await assert.rejects(() => exampleOnDisk("no-such-example"), /the examples are /);
});

async function cli(flags: string[], args: string[]) {
  const cwd = await Deno.makeTempDir({ prefix: "everyhook-cwd-" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", ...flags, new URL("cli.ts", ROOT).pathname, ...args],
      cwd,
      env: { NO_COLOR: "1", PATH: Deno.env.get("PATH") ?? "" },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
}

Deno.test("explain runs with no permission flag at all, from another folder", async () => {
  const r = await cli([], ["explain"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Recorded: (.*, )?claude-code /);
  const one = await cli([], ["explain", "codex", "pre-tool", "--json"]);
  assert.equal(one.code, 0, one.stderr);
  assert.equal(JSON.parse(one.stdout).agent, "codex");
});
