import assert from "node:assert/strict";
import {
  agentReadiness,
  findAgentBinary,
  makeAgentWorld,
  runAgentOnce,
  worldEnv,
} from "./agent_run.ts";
import { shellScript } from "./driver.ts";
import { GEMINI_CLI_DRIVER } from "./drivers/gemini_cli.ts";

const LOOPBACK = Deno.permissions.querySync({ name: "net", host: "127.0.0.1" }).state === "granted";
if (!LOOPBACK) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped runAgentOnce()'s test: no --allow-net=127.0.0.1");
}

Deno.test({
  name:
    "runAgentOnce() makes the home ready, starts the agent in the project with the driver's env and args, and closes the fake API",
  ignore: !LOOPBACK || Deno.build.os === "windows",
  fn: async () => {
    await using world = await makeAgentWorld("agent-run-test");
    // A stand-in for the agent: it prints what it was given.
    const agent = `${world.root}/agent`;
    await Deno.writeTextFile(
      agent,
      '#!/bin/sh\necho "$GOOGLE_GEMINI_BASE_URL|$HOME|$(pwd)|$CALLER|$*"\n' +
        'grep -c gemini-api-key "$GEMINI_CLI_HOME/.gemini/settings.json"\n',
    );
    await Deno.chmod(agent, 0o755);
    let url = "";
    const run = await runAgentOnce({
      driver: GEMINI_CLI_DRIVER,
      program: agent,
      world,
      env: { ...worldEnv(world, "/usr/bin:/bin"), CALLER: "kept" },
      script: shellScript(GEMINI_CLI_DRIVER, ["echo hello"], "Done."),
      prompt: "PROMPT-X",
      bypassTrust: true,
      timeoutMs: 20_000,
      before: (apiUrl) => Promise.resolve(void (url = apiUrl)),
    });
    assert.equal(run.outcome.kind, "exited");
    if (run.outcome.kind !== "exited") return;
    assert.equal(run.outcome.code, 0);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(run.apiUrl, url);
    const [line, count] = run.outcome.stdout.trim().split("\n");
    assert.equal(
      line,
      `${url}|${world.home}|${world.project}|kept|-p PROMPT-X -m gemini-2.5-flash --skip-trust --yolo -o json`,
    );
    assert.equal(count, "1");
    assert.deepEqual(run.requests, []);
    await assert.rejects(() => fetch(url));
  },
});

Deno.test("findAgentBinary() takes the first of the driver's names found on PATH", async () => {
  await using world = await makeAgentWorld("find-binary-test");
  const bin = `${world.root}/bin`;
  await Deno.mkdir(bin);
  const driver = { bins: ["not-here", "agent-b", "agent-c"] };
  assert.equal(findAgentBinary(driver, { PATH: bin }, "linux"), undefined);
  await Deno.writeTextFile(`${bin}/agent-c`, "");
  await Deno.writeTextFile(`${bin}/agent-b`, "");
  assert.equal(findAgentBinary(driver, { PATH: `/nowhere:${bin}` }, "linux"), `${bin}/agent-b`);
});

Deno.test({
  name:
    "agentReadiness() says an agent is not installed, or needs a newer Node.js, or gives its binary",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using world = await makeAgentWorld("readiness-test");
    const bin = `${world.root}/bin`;
    await Deno.mkdir(bin);
    const driver = { bins: ["agent-x"], node: { major: 22 } };
    const env = { PATH: `${bin}:/usr/bin:/bin` };
    const absent = await agentReadiness(driver, env, "linux");
    assert.deepEqual(absent, { ok: false, reason: "not installed: no agent-x on PATH" });
    await Deno.writeTextFile(`${bin}/agent-x`, "");
    // A stand-in node that says it is version 20.
    await Deno.writeTextFile(`${bin}/node`, "#!/bin/sh\necho v20.1.0\n");
    await Deno.chmod(`${bin}/node`, 0o755);
    const old = await agentReadiness(driver, env, "linux");
    assert.equal(old.ok, false);
    if (!old.ok) assert.match(old.reason, /^needs Node\.js 22 or later: .*node is v20\.1\.0$/);
    await Deno.writeTextFile(`${bin}/node`, "#!/bin/sh\necho v22.3.0\n");
    assert.deepEqual(await agentReadiness(driver, env, "linux"), {
      ok: true,
      program: `${bin}/agent-x`,
    });
    assert.deepEqual(await agentReadiness({ bins: ["agent-x"], node: undefined }, env, "linux"), {
      ok: true,
      program: `${bin}/agent-x`,
    });
  },
});
