/**
 * The GitHub Actions example of docs/verify.md, run: its `run:` lines are
 * read from the page and run with bash as the job would, in a throwaway
 * world whose project carries Claude Code hooks in .claude/settings.json.
 * `jsr:@everyhook/cli` is this checkout's cli.ts. The npm install line is
 * checked against the pin (tests/e2e/pins.ts) and not run: `deno task
 * agents` installed that same package at that version into
 * .cache/agents/claude-code, which stands in for `$RUNNER_TEMP/agents`.
 * Green hooks pass the job; hooks that are switched off fail it, and the
 * last step names the miss.
 */

import assert from "node:assert/strict";
import { agentBin, makeWorld, REPO_ROOT, type World } from "./world.ts";
import { CLI } from "./everyhook_e2e.ts";
import { PINS } from "./pins.ts";

const CLAUDE = agentBin("claude-code");
const JQ = ["/usr/bin/jq", "/bin/jq", "/usr/local/bin/jq"].find((p) => {
  try {
    return Deno.statSync(p).isFile;
  } catch {
    return false;
  }
});
if (!CLAUDE) {
  // deno-lint-ignore no-console -- a skip says why
  console.log("verify_ci_test: Claude Code is not installed here (deno task agents)");
}

/** One step of the example: its name, its condition, its command line. */
interface Step {
  name: string;
  if: string | null;
  run: string;
}

/** The steps with a `run:` of the example's YAML block. */
async function exampleSteps(): Promise<Step[]> {
  const page = await Deno.readTextFile(`${REPO_ROOT}/docs/verify.md`);
  const block = /<!-- ci-example:start -->\s*```yaml\n([\s\S]*?)```\s*<!-- ci-example:end -->/
    .exec(page)?.[1];
  assert.ok(block, "docs/verify.md has its CI example between the markers");
  const steps: Step[] = [];
  let current: { name: string; if: string | null } = { name: "", if: null };
  for (const line of block.split("\n")) {
    const name = /^\s*- name: (.*)$/.exec(line)?.[1];
    if (name !== undefined) current = { name, if: null };
    const cond = /^\s*if: (.*)$/.exec(line)?.[1];
    if (cond !== undefined) current.if = cond;
    const run = /^\s*run: (.*)$/.exec(line)?.[1];
    if (run !== undefined) steps.push({ ...current, run });
  }
  return steps;
}

/** Runs the job's steps as GitHub Actions would (bash -e, stop at the first failure, then the failure() steps). */
async function runJob(world: World, runnerTemp: string) {
  const steps = await exampleSteps();
  const [install, ...rest] = steps;
  const pin = PINS["claude-code"];
  assert.ok(pin, "Claude Code is pinned");
  assert.equal(
    install?.run,
    `npm install --prefix "$RUNNER_TEMP/agents" ${pin.package}@${pin.version}`,
    "the example installs the pinned Claude Code",
  );
  const githubPath = `${runnerTemp}/github_path`;
  await Deno.writeTextFile(githubPath, "");
  let failed = false;
  const out: Array<{ name: string; code: number; stdout: string; stderr: string }> = [];
  for (const step of rest) {
    if (step.if === "failure()" ? !failed : failed) continue;
    const added = (await Deno.readTextFile(githubPath)).split("\n").filter((l) => l !== "");
    const run = step.run.replaceAll("jsr:@everyhook/cli", CLI);
    const r = await new Deno.Command("bash", {
      args: ["-e", "-c", run],
      cwd: world.project,
      env: world.env({
        PATH: [...added.reverse(), world.env().PATH].join(":"),
        RUNNER_TEMP: runnerTemp,
        GITHUB_PATH: githubPath,
      }),
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    out.push({ name: step.name, code: r.code, stdout: text(r.stdout), stderr: text(r.stderr) });
    if (r.code !== 0) failed = true;
  }
  return { failed, out };
}

async function ciWorld(settings: Record<string, unknown>) {
  const world = await makeWorld("verify-ci");
  const runnerTemp = `${world.root}/runner`;
  await Deno.mkdir(runnerTemp);
  // The pinned package, installed by `deno task agents` with the example's own npm line.
  await Deno.symlink(`${REPO_ROOT}/.cache/agents/claude-code`, `${runnerTemp}/agents`);
  await Deno.mkdir(`${world.project}/.claude`, { recursive: true });
  await Deno.writeTextFile(`${world.project}/.claude/settings.json`, JSON.stringify(settings));
  return { world, runnerTemp };
}

/** The hooks a repository carries: one before every tool call and one at the stop (they read and say nothing). */
function hooks(extra: Record<string, unknown> = {}) {
  const entry = [{ hooks: [{ type: "command", command: "cat > /dev/null" }] }];
  return { ...extra, hooks: { PreToolUse: entry, Stop: entry } };
}

Deno.test({
  name: "docs/verify.md's CI job: green hooks pass it, and verify.json fits the schema",
  ignore: !CLAUDE,
  async fn() {
    const { world, runnerTemp } = await ciWorld(hooks());
    await using _ = world;
    const job = await runJob(world, runnerTemp);
    assert.equal(job.failed, false, JSON.stringify(job.out, null, 1));
    assert.deepEqual(job.out.map((s) => s.name), ["Put it on PATH", "Verify the hooks"]);
    const report = JSON.parse(await Deno.readTextFile(`${world.project}/verify.json`));
    assert.equal(report.everyhook, 1);
    assert.equal(report.ok, true);
    const entries = report.agents[0].entries as Array<{ event: string; status: string }>;
    assert.deepEqual(entries.map((e) => [e.event, e.status]), [
      ["PreToolUse", "fired"],
      ["Stop", "fired"],
    ]);
  },
});

Deno.test({
  name: "docs/verify.md's CI job: hooks that do not fire fail it, and its last step names the miss",
  ignore: !CLAUDE || !JQ,
  async fn() {
    const { world, runnerTemp } = await ciWorld(hooks({ disableAllHooks: true }));
    await using _ = world;
    const job = await runJob(world, runnerTemp);
    assert.equal(job.failed, true);
    const last = job.out.at(-1)!;
    assert.equal(last.name, "Say what failed");
    assert.equal(last.code, 0, last.stderr);
    assert.match(last.stdout, /Claude Code PreToolUse: .*disableAllHooks/);
  },
});

if (CLAUDE && !JQ) {
  // deno-lint-ignore no-console -- a skip says why
  console.log("verify_ci_test: no jq here: the failing job's last step is not run");
}
