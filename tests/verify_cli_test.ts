/**
 * `everyhook verify` without running an agent: its usage errors, and what it
 * says of agents it cannot run (not installed, no headless run, a Node.js too
 * old). The runs of the real agents are in tests/e2e/verify_test.ts.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";

async function inHome(fn: (home: string, project: string) => Promise<void>): Promise<void> {
  const home = await Deno.makeTempDir({ prefix: "everyhook-verify-cli-" });
  const project = `${home}/project`;
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  await Deno.mkdir(project);
  await Deno.writeTextFile(
    `${home}/.codex/hooks.json`,
    JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
  );
  try {
    await fn(home, project);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

Deno.test("verify --bin with more than one agent is a usage error", async () => {
  const io = memoryIo({ env: { HOME: "/nowhere", PATH: "" } });
  assert.equal(await main(["verify", "--all", "--bin", "/bin/true"], io), 2);
  assert.match(io.stderrText(), /--bin: it names one agent's binary/);
});

Deno.test("verify with no agent on PATH says each is not installed, runs nothing, and exits 0", async () => {
  await inHome(async (home, project) => {
    const before = await Deno.readTextFile(`${home}/.codex/hooks.json`);
    const io = memoryIo({ env: { HOME: home, PATH: "" }, cwd: project });
    assert.equal(await main(["verify"], io), 0);
    assert.match(io.stdoutText(), /Codex CLI: not run: not installed: no codex on PATH/);
    assert.match(io.stdoutText(), /Cursor: not run: everyhook cannot run Cursor headless yet/);
    assert.match(io.stdoutText(), /0 agents run/);
    assert.equal(io.stderrText(), "", "no plan is printed when no agent will run");
    assert.equal(await Deno.readTextFile(`${home}/.codex/hooks.json`), before);
  });
});

Deno.test("verify --agent names an agent that cannot run: exit 1, the reason in the JSON", async () => {
  await inHome(async (home, project) => {
    const io = memoryIo({ env: { HOME: home, PATH: "" }, cwd: project });
    assert.equal(await main(["--json", "verify", "--agent", "codex"], io), 1);
    const report = JSON.parse(io.stdoutText());
    assert.equal(report.ok, false);
    assert.deepEqual(report.agents[0].run, {
      kind: "not-run",
      reason: "not installed: no codex on PATH",
    });
  });
});

Deno.test("verify reports an agent that needs a newer Node.js than PATH's, with the reason", async () => {
  await inHome(async (home, project) => {
    const bin = `${home}/bin`;
    await Deno.mkdir(bin);
    await Deno.writeTextFile(`${bin}/node`, "#!/bin/sh\necho v12.0.0\n", { mode: 0o755 });
    await Deno.writeTextFile(`${bin}/codex`, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    const io = memoryIo({ env: { HOME: home, PATH: bin }, cwd: project });
    assert.equal(await main(["verify", "--agent", "codex"], io), 1);
    assert.match(
      io.stdoutText(),
      /Codex CLI: not run: needs Node.js 16 or later: .*node is v12\.0\.0/,
    );
    assert.match(io.stderrText(), /these hook entries will run for a session whose tool calls are/);
    assert.match(io.stderrText(), /Codex CLI Stop: true/);
  });
});

Deno.test("verify asks on a terminal before it runs an entry not written by everyhook: no runs nothing, y runs it", async () => {
  await inHome(async (home, project) => {
    const bin = `${home}/bin`;
    await Deno.mkdir(bin);
    await Deno.writeTextFile(`${bin}/node`, "#!/bin/sh\necho v22.0.0\n", { mode: 0o755 });
    await Deno.writeTextFile(`${bin}/codex`, `#!/bin/sh\ntouch ${home}/started\n`, {
      mode: 0o755,
    });
    // verify may start itself again in a network namespace: its Deno needs the cache it has.
    const info = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
    const DENO_DIR = JSON.parse(new TextDecoder().decode(info.stdout)).denoDir;
    const env = { HOME: home, PATH: `${bin}:/usr/bin:/bin`, DENO_DIR };
    const no = memoryIo({ env, cwd: project, answer: "n" });
    assert.equal(await main(["verify", "--agent", "codex"], no), 1);
    assert.match(
      no.stderrText(),
      /Codex CLI Stop: true\n +from ~\/\.codex\/hooks\.json \(user scope\); needs your yes: not written by everyhook\n/,
    );
    assert.match(no.stderrText(), /Run the entry marked "needs your yes"\? \[y\/N\] /);
    assert.match(
      no.stdoutText(),
      /Codex CLI: not run: 1 entry of its hooks needs your yes/,
      no.stderrText(),
    );
    let started = true;
    await Deno.lstat(`${home}/started`).catch(() => started = false);
    assert.equal(started, false);
    const yes = memoryIo({ env, cwd: project, answer: "y" });
    await main(["verify", "--agent", "codex"], yes);
    assert.ok((await Deno.lstat(`${home}/started`)).isFile, yes.stdoutText() + yes.stderrText());
  });
});
