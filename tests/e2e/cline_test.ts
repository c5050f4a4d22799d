// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * Cline, for real (on the pinned Node 22): the payloads still have the
 * committed fixtures' keys and key conformance cases still hold
 * (chat_agent_e2e.ts); the recorded force push is refused through the
 * adapter (block-force-push run on the committed payload gives the rewrite),
 * and through the real binary with block-force-push installed by `everyhook
 * install` (the command not run, the reason reaching the model); a run
 * leaves its hub daemon running unless everyhook's runner sweeps it, and with
 * the sweep nothing of a run is left. The scenarios every agent shares are in
 * scenarios_test.ts.
 *
 * Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/cline_test.ts'
 *
 * @module
 */

import assert from "node:assert/strict";
import { chatAgentTests } from "./chat_agent_e2e.ts";
import { CLINE_JOBS, clineFixtures, clineFixtureSession } from "./cline_harness.ts";
import { CLINE } from "./cline_session.ts";
import { chatWorld, FORCE_PUSH, FORCE_PUSH_RAN, runChatAgent } from "./chat_agent_session.ts";
import { textStep } from "../../src/verify/fake/openai_chat.ts";
import { BLOCK_FORCE_PUSH, cliMissing, everyhookCli } from "./everyhook_e2e.ts";
import { agentBin, REPO_ROOT, skipReason } from "./world.ts";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import { CLINE_DRIVER } from "../../src/verify/drivers/cline.ts";
import { tryKill } from "../../src/os/process_tree.ts";
import { runProgram } from "../../src/run/hook_process.ts";
import { requestsMention } from "./fixture_io.ts";

await chatAgentTests({
  agent: CLINE,
  fixtures: async (world, version) => {
    const session = await clineFixtureSession(world);
    return { session, ...clineFixtures(session, world, version) };
  },
  keyCases: ["cline-pre-deny-rewrite", "cline-pre-cancel", "pre-exit2-stderr"],
  jobs: CLINE_JOBS,
});

const skip = await skipReason(CLINE.id) ?? await cliMissing();

/**
 * The processes whose environment names this home, by pid (Linux's /proc,
 * read by grep: Deno reads /proc only with every permission, and the suite
 * runs with named ones).
 */
async function processesOf(home: string): Promise<number[]> {
  const r = await runProgram({
    program: "/bin/sh",
    args: ["-c", 'grep -lzxsF "$1" /proc/[0-9]*/environ || :', "sh", `HOME=${home}`],
    env: { PATH: "/usr/bin:/bin" },
    cwd: "/",
    timeoutMs: 30_000,
    sweep: false,
  });
  assert.equal(r.kind, "exited", JSON.stringify(r));
  const stdout = "stdout" in r ? r.stdout : "";
  return [...stdout.matchAll(/^\/proc\/(\d+)\/environ$/gm)].map((m) => Number(m[1]))
    .filter((pid) => pid !== Deno.pid);
}

Deno.test({
  name:
    "cline: the recorded force push is refused through the adapter by a rewrite that prints the reason",
  ignore: skip !== undefined,
  async fn() {
    const fixture = JSON.parse(
      await Deno.readTextFile(`${REPO_ROOT}/fixtures/cline/pre-tool.shell-force-push.json`),
    );
    const r = await runProgram({
      program: Deno.execPath(),
      args: [
        "run",
        "-A",
        `${REPO_ROOT}/cli.ts`,
        "run",
        "--agent",
        "cline",
        "--event",
        "pre-tool",
        "--",
        BLOCK_FORCE_PUSH,
      ],
      env: { PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin", HOME: Deno.env.get("HOME") ?? "/" },
      cwd: REPO_ROOT,
      stdin: new TextEncoder().encode(JSON.stringify(fixture.payload)),
      timeoutMs: 60_000,
    });
    assert.equal(r.kind, "exited");
    if (r.kind !== "exited") return;
    assert.equal(r.code, 0, r.stderr);
    const answer = JSON.parse(r.stdout);
    assert.match(answer.contextModification, /^Blocked a force push/);
    assert.equal(answer.overrideInput.commands.length, 1);
    assert.match(
      answer.overrideInput.commands[0],
      /^printf '%s\\n' 'Blocked a force push.*' >&2; exit 1$/,
    );
  },
});

Deno.test({
  name:
    "cline: block-force-push installed by everyhook refuses the force push in a real run, and no hub daemon is left",
  ignore: skip !== undefined,
  async fn() {
    if (skip) console.log(`skipped: ${skip}`);
    await using world = await chatWorld(CLINE.id);
    const s = await runChatAgent(CLINE, {
      world,
      script: { steps: [CLINE.shell(FORCE_PUSH), textStep("FINAL-OK")] },
      timeoutMs: 150_000,
      before: async () => {
        const out = await everyhookCli(
          ["install", BLOCK_FORCE_PUSH, "--agent", "cline", "--scope", "user"],
          world.env(),
          world.project,
        );
        assert.match(out, /PreToolUse\.mjs/);
      },
    });
    const why = `exit ${s.run.code}\n${s.run.stderr.slice(-1500)}\n${
      JSON.stringify(s.toolResults)
    }`;
    assert.equal(s.run.code, 0, why);
    // The command was rewritten: the force push never ran, the rewritten one printed the reason and failed.
    assert.ok(!s.toolResults.some((t) => FORCE_PUSH_RAN.test(t)), why);
    assert.match(s.toolResults[0] ?? "", /Command exited with code 1.*Blocked a force push/s, why);
    // The reason reached the model also as the hook's context.
    assert.ok(requestsMention(s.turns, '<hook_context source="PreToolUse"'), why);
    // Cline's hub daemon, started by the run in a session of its own, was ended with the run.
    assert.deepEqual(await processesOf(world.home), [], "a process of the run is left");
  },
});

Deno.test({
  name: "cline: a run leaves its hub daemon behind, and everyhook's runner ends it with the run",
  ignore: skip !== undefined,
  async fn() {
    await using world = await chatWorld(CLINE.id);
    const run = (sweep: boolean) =>
      runAgentOnce({
        driver: CLINE_DRIVER,
        program: agentBin(CLINE.id)!,
        world,
        env: world.env(),
        script: { steps: [textStep("FINAL-OK")] },
        prompt: "Say hi.",
        timeoutMs: 120_000,
        sweep,
      });
    // Without the sweep, what Cline leaves is there after it exits: its hub daemon.
    const unswept = await run(false);
    const left = await processesOf(world.home);
    try {
      assert.equal(unswept.outcome.kind, "exited");
      assert.ok(
        left.length > 0,
        "the run left nothing running: there is nothing for the sweep to end",
      );
    } finally {
      for (const pid of left) tryKill(pid);
    }
    // With it (verify's, the recorder's and these tests' runs), nothing is left.
    const swept = await run(true);
    assert.equal(swept.outcome.kind, "exited");
    assert.deepEqual(await processesOf(world.home), [], "a process of the run is left");
  },
});
