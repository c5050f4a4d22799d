// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * install, uninstall and restore as a person runs them: `deno run` of cli.ts
 * with read, write and env and nothing else, in a fresh throwaway home, for all
 * five agents and both scopes.
 */

import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import { findOurs } from "../src/settings/settings_file.ts";
import { readSettingsFile } from "../src/install/config_file.ts";

/** Every agent, by name: these worlds hold no agent, and --all means the agents found here. */
const EVERY = AGENTS.map((a) => a.id).join(",");

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const posix = Deno.build.os !== "windows";
if (!posix) {
  console.log("skipped: the whole-command install tests use POSIX paths and a /bin/sh hook");
}
if (!posix) {
  console.log("install_cli_test: skipped on Windows (the throwaway worlds use POSIX paths)");
}

async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

interface Home extends AsyncDisposable {
  root: string;
  home: string;
  project: string;
  env: Record<string, string>;
}

async function throwawayHome(): Promise<Home> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-cli-" });
  const home = `${root}/home`;
  const project = `${root}/project`;
  await Deno.mkdir(home);
  await Deno.mkdir(project);
  await Deno.writeTextFile(
    `${root}/deny.sh`,
    `#!/bin/sh\ncat >/dev/null\necho '{"decision":"deny","reason":"not here"}'\n`,
  );
  return {
    root,
    home,
    project,
    env: { HOME: home, PATH: Deno.env.get("PATH") ?? "", DENO_DIR: await denoDir() },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

async function everyhook(
  h: Home,
  args: string[],
  options: { cwd?: string; allow?: string[]; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const allow = options.allow ?? ["--allow-read", "--allow-write", "--allow-run", "--allow-env"];
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", ...allow, CLI, ...args],
    cwd: options.cwd ?? h.home,
    env: { ...h.env, ...options.env },
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) out.push(...(await tree(`${dir}/${e.name}`)).map((n) => `${e.name}/${n}`));
    else out.push(e.name);
  }
  return out.sort();
}

for (const scope of ["user", "project"] as const) {
  Deno.test({
    name:
      `cli install --all --event all (${scope} scope): every agent's file, then uninstall leaves nothing`,
    ignore: !posix,
    fn: async () => {
      await using h = await throwawayHome();
      const where = scope === "user" ? h.home : h.project;
      // A project's hook is inside the project: its lines name nothing of this machine.
      const hook = scope === "user" ? `${h.root}/deny.sh` : `${h.project}/hooks/deny.sh`;
      if (scope === "project") {
        await Deno.mkdir(`${h.project}/hooks`);
        await Deno.copyFile(`${h.root}/deny.sh`, hook);
      }
      const given = scope === "user" ? "../deny.sh" : "hooks/deny.sh";
      const install = await everyhook(
        h,
        ["install", given, "--agent", EVERY, "--event", "all", "--scope", scope, "--json"],
        { cwd: h.project },
      );
      assert.equal(install.code, 0, install.stderr + install.stdout);
      const report = JSON.parse(install.stdout);
      assert.deepEqual(Object.keys(report), [
        "everyhook",
        "ok",
        "dryRun",
        "hook",
        "mode",
        "scope",
        "results",
        "needs",
        "warnings",
      ]);
      assert.deepEqual(Object.keys(report.results[0]), [
        "agent",
        "scope",
        "file",
        "action",
        "backup",
        "refused",
        "entries",
        "notes",
      ]);
      assert.equal(report.hook, hook);
      assert.equal(report.mode, "run");
      // One row per file: an agent with a file per event (Cline) has a row for each.
      const rows = report.results as Array<{ agent: string; file: string }>;
      assert.deepEqual([...new Set(rows.map((r) => r.agent))], AGENTS.map((a) => a.id));
      for (const row of report.results) {
        const agent = AGENTS.find((a) => a.id === row.agent)!;
        if (scope === "project" && agent.install.noProject !== undefined) {
          // An agent with no project file is skipped, and says what to do instead.
          assert.equal(row.action, "unchanged", agent.id);
          assert.deepEqual(row.entries, [], agent.id);
          assert.match(row.notes.join("\n"), /skipped; install it for the user/, agent.id);
          continue;
        }
        assert.equal(row.action, "created", agent.id);
        assert.ok(row.file.startsWith(where + "/"), `${row.file} is under ${where}`);
        const root = (await readSettingsFile(row.file, agent.install)).value as Record<
          string,
          unknown
        >;
        const ours = findOurs(root, agent.install);
        const also = Object.values(agent.install.alsoNatives ?? {}).flat().length;
        const perEvent = agent.install.container === "runner";
        assert.equal(ours.length, perEvent ? 1 : Object.keys(agent.events).length + also, agent.id);
        for (const f of ours) {
          assert.equal(f.line.agent, agent.id);
          assert.equal(f.line.mode, "run");
          if (scope === "project") {
            assert.equal(f.line.hook, "hooks/deny.sh");
            assert.equal(f.line.inProject, true);
            assert.deepEqual(f.line.self, ["everyhook"]);
            continue;
          }
          assert.equal(f.line.hook, hook);
          assert.equal(f.line.form, "clone");
          assert.deepEqual(f.line.self, [
            Deno.execPath(),
            "run",
            "--v8-flags=--no-sparkplug",
            "--no-config",
            "--allow-read",
            "--allow-run",
            "--allow-env",
            CLI.replace(/cli\.ts$/, "run.bundle.js"),
          ]);
        }
      }
      if (scope === "project") assert.deepEqual(await tree(h.home), []);
      const un = await everyhook(h, ["uninstall", hook, "--scope", scope], {
        cwd: h.project,
      });
      assert.equal(un.code, 0, un.stderr);
      assert.match(un.stdout, /^everyhook uninstall deny\.sh \(/);
      const left = (await tree(where)).filter((n) =>
        !n.includes(".everyhook-backups/") && n !== "hooks/deny.sh"
      );
      assert.deepEqual(left, [], "the files install made are gone (their backups stay)");
    },
  });
}

Deno.test({
  name: "cli install: the line it writes runs everyhook and the hook (Claude Code, a deny)",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    const r = await everyhook(h, ["install", `${h.root}/deny.sh`, "--agent", "claude"]);
    assert.equal(r.code, 0, r.stderr);
    const settings = JSON.parse(await Deno.readTextFile(`${h.home}/.claude/settings.json`));
    const line: string = settings.hooks.PreToolUse[0].hooks[0].command;
    const payload = {
      "session_id": "s",
      "transcript_path": "",
      cwd: h.project,
      "hook_event_name": "PreToolUse",
      "tool_name": "Bash",
      "tool_input": { command: "ls" },
      "tool_use_id": "t",
    };
    const child = new Deno.Command("/bin/sh", {
      args: ["-c", line],
      cwd: h.project,
      env: h.env,
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(JSON.stringify(payload)));
    await w.close();
    const out = await child.output();
    const stdout = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const answer = JSON.parse(stdout);
    assert.equal(answer.hookSpecificOutput.permissionDecision, "deny");
    assert.equal(answer.hookSpecificOutput.permissionDecisionReason, "not here");
  },
});

Deno.test({
  name: "cli install: the agents' variables move the user files",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    const env = {
      CLAUDE_CONFIG_DIR: `${h.root}/claude`,
      CODEX_HOME: `${h.root}/codex`,
      GEMINI_CLI_HOME: `${h.root}/gemini`,
      COPILOT_HOME: `${h.root}/copilot`,
      QWEN_HOME: `${h.root}/qwen`,
      FACTORY_HOME_OVERRIDE: `${h.root}/droid`,
      XDG_CONFIG_HOME: `${h.root}/xdg`,
      KIMI_CODE_HOME: `${h.root}/kimi`,
    };
    const r = await everyhook(h, ["install", "../deny.sh", "--agent", EVERY, "--json"], { env });
    assert.equal(r.code, 0, r.stderr);
    const files = JSON.parse(r.stdout).results.map((x: { file: string }) => x.file);
    assert.deepEqual(files, [
      `${h.root}/claude/settings.json`,
      `${h.root}/codex/hooks.json`,
      `${h.root}/gemini/.gemini/settings.json`,
      `${h.root}/copilot/hooks/everyhook.json`,
      `${h.home}/.cursor/hooks.json`,
      `${h.root}/qwen/settings.json`,
      `${h.root}/droid/.factory/settings.json`,
      `${h.root}/xdg/opencode/plugin/everyhook.js`,
      `${h.root}/xdg/kilo/plugin/everyhook.js`,
      `${h.root}/kimi/config.toml`,
      `${h.home}/.augment/settings.json`,
      // Cline's hooks folder has no variable: the hook file of the event installed, in the home.
      `${h.home}/.cline/hooks/PreToolUse.mjs`,
    ]);
  },
});

Deno.test({
  name: "cli install needs read, write, run and env, and says which flag is missing",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    const ok = await everyhook(h, ["install", "../deny.sh", "--agent", EVERY, "--dry-run"]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /dry run: nothing is written/);
    assert.match(ok.stdout, /would create/);
    assert.deepEqual(await tree(h.home), []);
    const noWrite = await everyhook(h, ["install", "../deny.sh", "--agent", EVERY], {
      allow: ["--allow-read", "--allow-run", "--allow-env"],
    });
    assert.notEqual(noWrite.code, 0);
    assert.match(noWrite.stderr, /--allow-write/);
    assert.deepEqual(await tree(h.home), []);
  },
});

Deno.test({
  name: "cli install: a refused file is exit 1 and the others are done; bad options are exit 2",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    await Deno.mkdir(`${h.home}/.codex`);
    await Deno.writeTextFile(`${h.home}/.codex/hooks.json`, "{ not json");
    const r = await everyhook(h, ["install", "../deny.sh", "--agent", "codex,cursor", "--json"]);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout);
    assert.equal(report.ok, false);
    assert.match(report.results[0].refused, /not valid JSON at line 1:3/);
    assert.equal(report.results[1].action, "created");
    const text = await everyhook(h, ["install", "../deny.sh", "--agent", "codex"]);
    assert.match(text.stdout, /codex +refused/);
    const usage = await everyhook(h, ["install", "../deny.sh", "--agent", "nobody"]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /no agent named "nobody"/);
    const noAgents = await everyhook(h, ["install", "../deny.sh"]);
    assert.equal(noAgents.code, 2);
  },
});

Deno.test({
  name: "cli restore puts the newest backup back and saves the file first",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    await Deno.mkdir(`${h.home}/.claude`);
    await Deno.writeTextFile(`${h.home}/.claude/settings.json`, '{"model": "opus"}\n');
    assert.equal((await everyhook(h, ["install", "../deny.sh", "--agent", "claude"])).code, 0);
    const dry = await everyhook(h, ["restore", "--agent", "claude", "--dry-run"]);
    assert.match(dry.stdout, /claude-code +would put back backup \d{8}-\d{6}/);
    const r = await everyhook(h, ["restore", "--agent", "claude-code", "--json"]);
    assert.equal(r.code, 0, r.stderr);
    const row = JSON.parse(r.stdout).results[0];
    assert.equal(row.restored, true);
    assert.equal(await Deno.readTextFile(`${h.home}/.claude/settings.json`), '{"model": "opus"}\n');
    assert.match(await Deno.readTextFile(row.savedCurrent), /deny\.sh/);
  },
});

Deno.test({
  name:
    "cli install --project <a long path>: the report shows each file as the path's start, its length and the file's own end; --json keeps it whole",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    const deep = `${h.project}/${
      Array.from({ length: 10 }, (_, i) => `a-rather-long-folder-name-${i}`).join("/")
    }`;
    await Deno.mkdir(deep, { recursive: true });
    await Deno.copyFile(`${h.root}/deny.sh`, `${deep}/deny.sh`);
    const args = [
      "install",
      "deny.sh",
      "--agent",
      "claude-code,codex",
      "--scope",
      "project",
      "--project",
      deep,
      "--dry-run",
    ];
    const text = await everyhook(h, args, { cwd: deep });
    assert.equal(text.code, 0, text.stderr);
    assert.ok(!text.stdout.includes(deep), text.stdout);
    const rows = text.stdout.split("\n").filter((l) => /^(claude-code|codex) /.test(l));
    const total = `${deep}/.claude/settings.json`.length;
    assert.equal(rows.length, 2, text.stdout);
    assert.ok(rows[0]!.includes(`[${total} characters]…/a-rather-long-folder-name-9/`), rows[0]);
    assert.ok(rows[0]!.endsWith("/.claude/settings.json"), rows[0]);
    assert.ok(rows[1]!.endsWith("/.codex/hooks.json"), rows[1]);
    for (const row of rows) assert.ok(row.length < 160, row);
    const json = await everyhook(h, ["--json", ...args], { cwd: deep });
    const report = JSON.parse(json.stdout);
    assert.equal(report.results[0].file, `${deep}/.claude/settings.json`);
  },
});
