// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * everyhook the way a JSR user gets it: the working tree is published with the
 * real `deno publish` into the local registry (jsr_registry.ts), then, in a
 * throwaway home with a fresh DENO_DIR (holding only the npm packages the
 * package depends on, copied from this machine's cache, as there is no npm
 * registry inside the test's network namespace) and JSR_URL on the registry,
 * every command runs from `jsr:@everyhook/cli` with only the flags the README
 * gives it; `deno install --global` with the scoped flags makes an `everyhook`
 * that installs hooks; and the real Claude Code runs the lines install wrote
 * (`deno run ... jsr:@everyhook/cli@<version>/run-bundle run ...`) and blocks a force
 * push with the reason. Only the Claude Code part skips, when its binary is
 * missing.
 *
 * @module
 */

import assert from "node:assert/strict";
import denoJson from "../../deno.json" with { type: "json" };
import { startJsrRegistry } from "./jsr_registry.ts";
import { bash, CLAUDE, FORCE_PUSH, runClaude, say } from "./claude_code_session.ts";
import { requestsMention } from "./fixture_io.ts";
import { readLoggedDocs } from "./everyhook_e2e.ts";
import { makeWorld, REPO_ROOT, skipReason } from "./world.ts";
import { readmeHooks } from "./readme_hooks.ts";
import forcePush from "../../fixtures/claude-code/pre-tool.shell-force-push.json" with {
  type: "json",
};

/** Runs a line through sh as Claude Code does, with a payload on stdin. */
async function asAgent(line: string, payload: unknown, env: Record<string, string>, cwd: string) {
  const child = new Deno.Command("/bin/sh", {
    args: ["-c", line],
    cwd,
    env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(payload)));
  await writer.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

const VERSION = denoJson.version;
const claudeSkip = await skipReason(CLAUDE);
if (claudeSkip) console.log(`jsr end-to-end: the Claude Code step skips: ${claudeSkip}`);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function exec(
  cmd: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<Run> {
  const out = await new Deno.Command(cmd, {
    args: [...args],
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

function shown(r: Run): string {
  return `exit ${r.code}\nstdout:\n${r.stdout.slice(-2000)}\nstderr:\n${r.stderr.slice(-2000)}`;
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyTree(`${from}/${e.name}`, `${to}/${e.name}`);
    else if (e.isFile) await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/** The flags of each command, as the README's permission table gives them. */
const READ_ENV = ["--allow-read", "--allow-env"];
const BENCH = ["--allow-read", "--allow-run", "--allow-env"];
const DEMO = ["--allow-read", "--allow-write", "--allow-run", "--allow-env"];
// install loads a TypeScript or JavaScript hook's graph with deno before it writes.
const INSTALL = ["--allow-read", "--allow-write", "--allow-run", "--allow-env"];

Deno.test("everyhook from JSR: published, run with scoped flags, installed with deno install, and run by Claude Code", async (t) => {
  await using registry = await startJsrRegistry();
  await using world = await makeWorld("jsr");
  const deno = Deno.execPath();

  // The developer's side: publish the working tree as it is.
  const publishEnv = { ...Deno.env.toObject(), JSR_URL: registry.url, NO_COLOR: "1" };
  const published = await exec(
    deno,
    ["publish", "--token", "test", "--allow-dirty", "--no-provenance"],
    publishEnv,
    REPO_ROOT,
  );
  assert.equal(published.code, 0, shown(published));
  assert.match(published.stderr, new RegExp(`Successfully published @everyhook/cli@${VERSION}`));
  const files = registry.published[0]?.files ?? [];
  for (
    const f of ["/mod.ts", "/cli.ts", "/src/readers/shipped.ts", "/examples/block-force-push.ts"]
  ) {
    assert.ok(files.includes(f), `${f} is in the package`);
  }
  assert.ok(!files.some((f) => f.endsWith("_test.ts")), "no test ships");

  // The user's side: a new home, a fresh DENO_DIR, the registry in JSR_URL.
  const denoDir = `${world.root}/deno_dir`;
  await copyTree(`${world.env().DENO_DIR}/npm`, `${denoDir}/npm`);
  const env = world.env({ DENO_DIR: denoDir, JSR_URL: registry.url, NO_COLOR: "1" });
  const everyhook = (
    flags: readonly string[],
    args: readonly string[],
    spec = "jsr:@everyhook/cli",
  ) => exec(deno, ["run", ...flags, spec, ...args], env, world.project);
  const hooks = `${world.home}/hooks`;
  await Deno.mkdir(hooks);
  // A hook written with the SDK as a JSR user writes it: the SDK from the registry.
  const example = await Deno.readTextFile(`${REPO_ROOT}/examples/block-force-push.ts`);
  const fromJsr = example.replace('"../hook.bundle.js"', `"jsr:@everyhook/cli@${VERSION}/hook"`);
  assert.notEqual(fromJsr, example, "the example no longer imports the SDK from ../hook.bundle.js");
  await Deno.writeTextFile(`${hooks}/block-force-push.ts`, fromJsr);
  // And a plain script, which goes through everyhook run: it logs each document.
  await Deno.writeTextFile(
    `${hooks}/log.sh`,
    '#!/bin/sh\ntr -d "\\n" >> "$EVERYHOOK_LOG"; echo >> "$EVERYHOOK_LOG"\n',
  );

  await t.step("list, with --allow-read --allow-env", async () => {
    const r = await everyhook(READ_ENV, ["list"]);
    assert.equal(r.code, 0, shown(r));
    assert.match(r.stdout, /^0 hooks in 0 files/m, shown(r));
  });

  await t.step("explain, with no permission flag", async () => {
    const r = await everyhook([], ["explain"]);
    assert.equal(r.code, 0, shown(r));
    assert.match(r.stdout, /Recorded: .*claude-code \d/, shown(r));
    const one = await everyhook([], ["explain", "claude-code", "pre-tool", "--json"]);
    assert.equal(JSON.parse(one.stdout).agent, "claude-code", shown(one));
  });

  await t.step(
    "bench, with --allow-read --allow-run --allow-env, and the ./cli export",
    async () => {
      const args = ["bench", `${hooks}/block-force-push.ts`, "--agent", "claude-code", "--json"];
      const r = await everyhook(BENCH, args, "jsr:@everyhook/cli/cli");
      assert.equal(r.code, 0, shown(r));
      const results = JSON.parse(r.stdout).results as Array<{ variant: string; effect: string }>;
      assert.equal(results.find((x) => x.variant === "shell-force-push")?.effect, "blocked");
      assert.ok(results.length > 5, "the shipped fixtures were there");
    },
  );

  await t.step(
    "new writes a first hook with the SDK from JSR at this version: it loads, installs in direct mode and benches with no crash",
    async () => {
      const mine = `${world.root}/mine`;
      await Deno.mkdir(mine);
      const made = await everyhook(
        ["--allow-read", "--allow-write", "--allow-env"],
        ["new", `${mine}/guard.ts`],
      );
      assert.equal(made.code, 0, shown(made));
      const text = await Deno.readTextFile(`${mine}/guard.ts`);
      assert.ok(text.includes(`from "jsr:@everyhook/cli@${VERSION}/hook";`), text);
      const installed = await everyhook(INSTALL, [
        "install",
        `${mine}/guard.ts`,
        "--agent",
        "claude-code",
        "--dry-run",
      ]);
      assert.equal(installed.code, 0, shown(installed));
      assert.match(installed.stdout, /Direct mode: written with the SDK/, shown(installed));
      const bench = await everyhook(BENCH, ["bench", `${mine}/guard.ts`, "--event", "pre-tool"]);
      assert.equal(bench.code, 0, shown(bench));
      assert.match(bench.stdout, /documents: deny \d+, no opinion \d+; 0 crashes/, shown(bench));
      const tested = await exec(deno, ["test", "--allow-read", "guard_test.ts"], env, mine);
      assert.equal(tested.code, 0, shown(tested));
    },
  );

  await t.step({
    name:
      "each hook file the README shows loads: bench puts it to the recorded documents with no crash, and the line install writes refuses the recorded force push",
    ignore: Deno.build.os === "windows",
    async fn() {
      // The hooks written out in full are on the contract's page, which the README links.
      const hooks = readmeHooks(await Deno.readTextFile(`${REPO_ROOT}/docs/contract.md`));
      assert.ok(
        hooks.some((h) => h.name.endsWith(".ts")),
        "docs/contract.md shows a TypeScript hook",
      );
      const dir = `${world.root}/readme`;
      await Deno.mkdir(dir);
      for (const h of hooks) {
        const where = `docs/contract.md:${h.line} (${h.name})`;
        // A project's hook lives in the project: a project line names nothing outside it.
        const project = `${dir}/${h.name}-project`;
        await Deno.mkdir(project);
        const file = `${project}/${h.name}`;
        await Deno.writeTextFile(file, h.text);
        await Deno.chmod(file, 0o755);
        const bench = await everyhook(BENCH, ["bench", file, "--agent", "claude-code", "--json"]);
        assert.equal(bench.code, 0, `${where}\n${shown(bench)}`);
        const doc = JSON.parse(bench.stdout);
        assert.deepEqual(doc.broken, [], where);
        const pushed = doc.results.find((r: { variant: string }) =>
          r.variant === "shell-force-push"
        );
        assert.equal(pushed?.answer.decision, "deny", `${where}\n${JSON.stringify(pushed)}`);
        // The line install writes, run as Claude Code runs it, with the recorded force push.
        const installed = await everyhook(INSTALL, [
          "install",
          file,
          "--agent",
          "claude-code",
          "--scope",
          "project",
          "--project",
          project,
        ]);
        assert.equal(installed.code, 0, `${where}\n${shown(installed)}`);
        const settings = JSON.parse(await Deno.readTextFile(`${project}/.claude/settings.json`));
        const line: string = settings.hooks.PreToolUse[0].hooks[0].command;
        const payload = { ...forcePush.payload, cwd: project };
        const answered = await asAgent(line, payload, env, project);
        assert.equal(answered.code, 0, `${where}\n${line}\n${shown(answered)}`);
        const out = JSON.parse(answered.stdout).hookSpecificOutput;
        assert.equal(out?.permissionDecision, "deny", `${where}\n${line}\n${shown(answered)}`);
      }
    },
  });

  await t.step("demo, with --allow-read --allow-write --allow-run --allow-env", async () => {
    const r = await everyhook(DEMO, ["demo"]);
    assert.equal(r.code, 0, shown(r));
    assert.match(r.stdout, /^everyhook demo: block-force-push\.ts/, shown(r));
    assert.match(r.stdout, /Blocked a force push to the protected branch "main"/);
  });

  await t.step("one flag less: the missing flag is named, with no stack trace", async () => {
    const r = await everyhook(BENCH, ["demo"]);
    assert.equal(r.code, 1, shown(r));
    assert.match(
      r.stderr,
      /^everyhook: Cannot run "demo": .*add --allow-write after "deno run"\n$/,
    );
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  await t.step(
    "install writes deno run <run's flags> jsr:@everyhook/cli@<version>/run-bundle (run alone, bundled)",
    async () => {
      const r = await everyhook(INSTALL, ["install", `${hooks}/log.sh`, "--agent", "claude-code"]);
      assert.equal(r.code, 0, shown(r));
      const settings = JSON.parse(await Deno.readTextFile(`${world.home}/.claude/settings.json`));
      const line: string = settings.hooks.PreToolUse[0].hooks[0].command;
      assert.ok(
        line.includes(
          `run --v8-flags=--no-sparkplug --no-config --allow-read --allow-run --allow-env "jsr:@everyhook/cli@${VERSION}/run-bundle" run`,
        ),
        line,
      );
    },
  );

  await t.step(
    "deno install --global with the scoped flags makes an everyhook that installs",
    async () => {
      const root = `${world.root}/deno_install`;
      const installed = await exec(
        deno,
        [
          "install",
          "--global",
          "--root",
          root,
          "--name",
          "everyhook",
          ...DEMO,
          "jsr:@everyhook/cli",
        ],
        env,
        world.project,
      );
      assert.equal(installed.code, 0, shown(installed));
      const bin = `${root}/bin/everyhook${Deno.build.os === "windows" ? ".cmd" : ""}`;
      const version = await exec(bin, ["--version"], env, world.project);
      assert.equal(version.stdout, `everyhook ${VERSION}\n`, shown(version));
      const r = await exec(
        bin,
        ["install", `${hooks}/block-force-push.ts`, "--agent", "claude-code"],
        env,
        world.project,
      );
      assert.equal(r.code, 0, shown(r));
      const settings = JSON.parse(await Deno.readTextFile(`${world.home}/.claude/settings.json`));
      const lines: string[] = settings.hooks.PreToolUse.flatMap((e: { hooks: unknown[] }) =>
        e.hooks.map((h) => (h as { command: string }).command)
      );
      assert.equal(lines.length, 2, lines.join("\n"));
      // The plain script through run from JSR; the SDK hook in direct mode, its own flags only.
      assert.match(
        lines[0]!,
        new RegExp(`jsr:@everyhook/cli@${VERSION}/run-bundle" run .*log\\.sh`),
      );
      assert.match(
        lines[1]!,
        /--allow-run=git .*block-force-push\.ts"? --everyhook-agent claude-code/,
      );
      assert.doesNotMatch(lines[1]!, /jsr:@everyhook\/cli@[^ ]*\/cli/);
    },
  );

  await t.step({
    name: "Claude Code runs the installed lines: the force push is blocked with the reason",
    ignore: claudeSkip !== undefined,
    async fn() {
      const log = `${world.root}/tool-calls.jsonl`;
      // A project with a deno.json of its own, broken: the installed line must not read it.
      await Deno.writeTextFile(`${world.project}/deno.json`, "{ not json\n");
      const run = await runClaude({
        world,
        hooks: null,
        script: { main: [bash(FORCE_PUSH), bash("echo JSR$((40+2))"), say("JSR-DONE")] },
        env: { DENO_DIR: denoDir, JSR_URL: registry.url, EVERYHOOK_LOG: log },
      });
      const why = `exit ${run.run.code}\nstderr:\n${run.run.stderr.slice(-1500)}`;
      assert.equal(run.run.code, 0, why);
      assert.ok(requestsMention(run.requests, "Blocked a force push"), `no reason\n${why}`);
      assert.ok(!requestsMention(run.requests, "not a git repository"), `the push ran\n${why}`);
      assert.ok(requestsMention(run.requests, "JSR42"), `the harmless command did not run\n${why}`);
      const docs = await readLoggedDocs(log);
      assert.ok(
        docs.some((d) => d.event === "pre-tool" && d.tool?.command === FORCE_PUSH),
        "the plain hook ran through everyhook run from JSR",
      );
      assert.equal(run.result?.["result"], "JSR-DONE", why);
      assert.equal(await Deno.readTextFile(`${world.project}/deno.json`), "{ not json\n");
      await assert.rejects(Deno.stat(`${world.project}/deno.lock`), Deno.errors.NotFound);
    },
  });
});
