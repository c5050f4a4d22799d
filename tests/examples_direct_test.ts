// Each example hook started as the agent starts it in direct mode (the line install writes), fed
// the payloads the real agents sent (fixtures/), answers exactly what `everyhook run` answers.
import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import { bench, type BenchResult } from "../src/readers/bench.ts";
import { type Fixture, loadFixtures } from "../src/readers/recorded.ts";
import { directArgv } from "../src/settings/command_line.ts";
import { shebangPermissions } from "../src/run/hook_plan.ts";

const examples = new URL("../examples/", import.meta.url).pathname;
const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
const PATH = Deno.env.get("PATH") ?? "";

interface Started {
  stdout: string;
  stderr: string;
  exit: number;
}

/** Start a hook by the direct line install writes for it, with the payload on stdin. */
async function direct(
  hook: string,
  f: Fixture,
  env: Record<string, string>,
  cwd: string,
  extra: { failClosed?: boolean; timeout?: number } = {},
): Promise<Started> {
  const first = (await Deno.readTextFile(hook)).split("\n")[0] ?? "";
  const [program, ...args] = directArgv(Deno.execPath(), shebangPermissions(first), {
    agent: f.agent,
    event: f.event,
    timeout: extra.timeout ?? 20,
    failClosed: extra.failClosed ?? false,
    hook,
  });
  const child = new Deno.Command(program as string, {
    args,
    cwd,
    env: { PATH, ...env },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify(f.payload)));
  await w.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return { stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr), exit: out.code };
}

/** Run `fn` over the items, two at a time (the machine has two cores). */
async function inPairs<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all([0, 1].map(async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  }));
  return out;
}

/** Bench (through run) and direct mode side by side: the same stdout and exit for every payload. */
async function sameAsRun(
  name: string,
  events: string[],
  env: Record<string, string>,
  cwd: string,
  only: (f: Fixture) => boolean = () => true,
): Promise<Array<{ run: BenchResult; direct: Started }>> {
  const hook = `${examples}${name}`;
  const ran = await bench([hook], fixtures.filter(only), {
    agents: AGENTS,
    events: events as never,
    failClosed: false,
    timeoutSeconds: 20,
    env: { PATH, ...env },
    cwd,
  });
  assert.ok(ran.length > 0);
  const pairs = await inPairs(ran, async (r) => {
    const f = fixtures.find((x) =>
      x.agent === r.agent && x.variant === r.variant && x.event === r.event
    );
    assert.ok(f, `${r.agent} ${r.event} ${r.variant}`);
    return { run: r, direct: await direct(hook, f, env, cwd) };
  });
  for (const { run, direct } of pairs) {
    const what = `${name} ${run.agent} ${run.event} ${run.variant}`;
    assert.equal(run.result.failure, null, `${what}: ${run.result.failure?.detail}`);
    assert.equal(direct.stdout.trim(), run.result.native.stdout, what);
    assert.equal(direct.exit, run.result.native.exit, `${what}: ${direct.stderr}`);
    assert.equal(direct.stderr.trim(), run.result.native.stderr, what);
  }
  return pairs;
}

Deno.test("block-force-push in direct mode answers every recorded payload as run does, and blocks each force push", async () => {
  const pairs = await sameAsRun("block-force-push.ts", ["pre-tool"], {}, Deno.cwd());
  const blocked = pairs.filter((p) => p.run.result.effect === "blocked").map((p) => p.run.agent);
  assert.deepEqual([...new Set(blocked)].sort(), AGENTS.map((a) => a.id).sort());
  for (const p of pairs) {
    assert.equal(p.run.variant.startsWith("shell-force-push"), p.run.result.effect === "blocked");
  }
});

Deno.test("protect-env-files in direct mode answers every recorded write and edit as run does", async () => {
  const pairs = await sameAsRun(
    "protect-env-files.ts",
    ["pre-tool"],
    {},
    Deno.cwd(),
    (f) => /^(write|edit)/.test(f.variant),
  );
  assert.ok(pairs.some((p) => p.run.result.effect === "blocked"));
});

Deno.test("finish-line in direct mode sends the agent back at stops as run does", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/CHECKLIST.md`, "- [ ] tests pass\n");
    const pairs = await sameAsRun(
      "finish-line.ts",
      ["stop", "subagent-stop", "session-start"],
      { EVERYHOOK_CHECKLIST: `${dir}/CHECKLIST.md` },
      dir,
    );
    assert.ok(pairs.some((p) => p.run.result.effect === "sent-back"));
    assert.ok(pairs.some((p) => p.run.result.effect === "context"));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("log-tool-calls in direct mode logs the very document run gives it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const picked = AGENTS.flatMap((a) =>
      fixtures.filter((f) => f.agent === a.id && f.event === "pre-tool").slice(0, 1)
    );
    const hook = `${examples}log-tool-calls.ts`;
    for (const f of picked) {
      const viaRun = `${dir}/run.jsonl`;
      const viaDirect = `${dir}/direct.jsonl`;
      const [ran] = await bench([hook], [f], {
        agents: AGENTS,
        events: [],
        failClosed: false,
        timeoutSeconds: 20,
        env: { PATH, EVERYHOOK_LOG: viaRun },
        cwd: dir,
      });
      const out = await direct(hook, f, { EVERYHOOK_LOG: viaDirect }, dir);
      assert.equal(out.stdout.trim(), ran?.result.native.stdout, out.stderr);
      const a = JSON.parse(await Deno.readTextFile(viaRun));
      const b = JSON.parse(await Deno.readTextFile(viaDirect));
      assert.deepEqual(b, a, `${f.agent} ${f.variant}`);
      assert.equal(b.agent, f.agent);
      await Deno.remove(viaRun);
      await Deno.remove(viaDirect);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
