// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * Under fire, a third round: a project cloned from a stranger is input, not
 * the person's own setup. Its links out of the project (to a file, dangling,
 * a backups folder) must not make install, uninstall or restore write or copy
 * outside it; its hooks must not run under verify without a yes; its link
 * loops must not make verify copy without bound; a folder name that is not
 * UTF-8 must not make `run` drop a deny; and a long option value or a `$` in
 * a hook path is a short usage error. Each attack runs the command line in a
 * throwaway home, as a person would.
 */

import assert from "node:assert/strict";
import { buildWorld } from "../src/verify/world.ts";
import { findAgent } from "../src/agents/mod.ts";
import { COPY_LIMITS } from "../src/verify/world_copy.ts";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const unix = Deno.build.os !== "windows";
if (!unix) console.log("cloned_project_test: skipped on Windows (links and byte-named folders)");

interface Home extends AsyncDisposable {
  root: string;
  home: string;
  env: Record<string, string>;
}

const DENO_DIR = JSON.parse(
  new TextDecoder().decode(
    (await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output()).stdout,
  ),
).denoDir;

async function throwawayHome(): Promise<Home> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "everyhook-clone-" }));
  const home = `${root}/home`;
  await Deno.mkdir(home);
  await Deno.writeTextFile(`${root}/hook.sh`, "#!/bin/sh\ncat >/dev/null\n", { mode: 0o755 });
  return {
    root,
    home,
    env: { HOME: home, PATH: Deno.env.get("PATH") ?? "", DENO_DIR, NO_COLOR: "1" },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** everyhook's command line in the throwaway home; `inFolder` is a shell word for `cd`. */
async function everyhook(
  h: Home,
  args: string[],
  options: { stdin?: string; inFolder?: string; env?: Record<string, string> } = {},
): Promise<Ran> {
  const deno = [Deno.execPath(), "run", "--no-prompt", "--allow-all", CLI, ...args];
  const [program, ...rest] = options.inFolder === undefined
    ? deno
    : ["sh", "-c", `cd ${options.inFolder} && exec "$@"`, "sh", ...deno];
  const child = new Deno.Command(program!, {
    args: rest,
    cwd: h.root,
    env: { ...h.env, ...options.env },
    clearEnv: true,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Every path below a folder, links not followed. */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    out.push(`${dir}/${e.name}`);
    if (e.isDirectory) out.push(...await tree(`${dir}/${e.name}`));
  }
  return out.sort();
}

const NO_TRACE = /Something went wrong|\n\s+at .*:\d+:\d+/;

Deno.test({
  name:
    "project scope: a settings file linked to a file outside the project is refused, naming the link and its target; nothing written or backed up",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const out = `${h.root}/out`;
    const p = `${h.root}/clone/p`;
    // A project's hook is inside the project (a project's lines name nothing outside it).
    await Deno.mkdir(p, { recursive: true });
    await Deno.copyFile(`${h.root}/hook.sh`, `${p}/hook.sh`);
    await Deno.mkdir(out);
    await Deno.mkdir(`${p}/.claude`, { recursive: true });
    const secret = '{ "registryToken": "npm_SECRET" }\n';
    await Deno.writeTextFile(`${out}/config.json`, secret);
    await Deno.symlink("../../../out/config.json", `${p}/.claude/settings.json`);
    const scope = ["--agent", "claude-code", "--scope", "project", "--project", p];
    const install = await everyhook(h, ["install", `${p}/hook.sh`, ...scope]);
    assert.equal(install.code, 1, install.stdout + install.stderr);
    assert.match(install.stdout, /refused/);
    assert.match(
      install.stdout,
      /\.claude\/settings\.json" is a link to "\.\.\/\.\.\/\.\.\/out\/config\.json"/,
    );
    assert.match(install.stdout, new RegExp(`leads to "${out}/config\\.json"`));
    assert.equal(await Deno.readTextFile(`${out}/config.json`), secret);
    assert.equal(await exists(`${p}/.claude/.everyhook-backups`), false, "no copy of the secret");
    assert.deepEqual(await tree(out), [`${out}/config.json`]);
    // restore refuses it the same way.
    const restore = await everyhook(h, ["restore", ...scope]);
    assert.match(restore.stdout, /is a link to "\.\.\/\.\.\/\.\.\/out\/config\.json"/);
    assert.equal(await Deno.readTextFile(`${out}/config.json`), secret);
    // And uninstall, for a project file linked to the person's own settings that hold the hook.
    const user = await everyhook(h, ["install", `${h.root}/hook.sh`, "--agent", "claude-code"]);
    assert.equal(user.code, 0, user.stdout + user.stderr);
    const mine = await Deno.readTextFile(`${h.home}/.claude/settings.json`);
    await Deno.remove(`${p}/.claude/settings.json`);
    await Deno.symlink(`${h.home}/.claude/settings.json`, `${p}/.claude/settings.json`);
    const uninstall = await everyhook(h, ["uninstall", `${h.root}/hook.sh`, ...scope]);
    assert.equal(uninstall.code, 1, uninstall.stdout + uninstall.stderr);
    assert.match(uninstall.stdout, /the file is outside the project/);
    assert.equal(await Deno.readTextFile(`${h.home}/.claude/settings.json`), mine);
  },
});

Deno.test({
  name:
    "project scope: a dangling link to outside the project creates no folder and no file outside it",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const out = `${h.root}/out`;
    const p = `${h.root}/clone/p`;
    // A project's hook is inside the project (a project's lines name nothing outside it).
    await Deno.mkdir(p, { recursive: true });
    await Deno.copyFile(`${h.root}/hook.sh`, `${p}/hook.sh`);
    await Deno.mkdir(out);
    await Deno.mkdir(`${p}/.codex`, { recursive: true });
    await Deno.symlink("../../../out/new/dir/made.json", `${p}/.codex/hooks.json`);
    const r = await everyhook(h, [
      "install",
      `${p}/hook.sh`,
      "--agent",
      "codex",
      "--scope",
      "project",
      "--project",
      p,
    ]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /hooks\.json" is a link to "\.\.\/\.\.\/\.\.\/out\/new\/dir\/made\.json"/,
    );
    assert.deepEqual(await tree(out), []);
    assert.deepEqual(await tree(`${p}/.codex`), [`${p}/.codex/hooks.json`]);
    // An agent folder that is a link out of the project, to a folder that is there.
    await Deno.mkdir(`${out}/gemini`);
    await Deno.symlink("../../out/gemini", `${p}/.gemini`);
    const folder = await everyhook(h, [
      "install",
      `${p}/hook.sh`,
      "--agent",
      "gemini-cli",
      "--scope",
      "project",
      "--project",
      p,
    ]);
    assert.equal(folder.code, 1, folder.stdout + folder.stderr);
    assert.match(folder.stdout, /\.gemini" is a link to "\.\.\/\.\.\/out\/gemini"/);
    assert.deepEqual(await tree(out), [`${out}/gemini`]);
  },
});

Deno.test({
  name:
    "project scope: a backups folder linked outside the project is refused; no backup, no .gitignore outside, the file unchanged",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const out = `${h.root}/out`;
    const p = `${h.root}/clone/p`;
    // A project's hook is inside the project (a project's lines name nothing outside it).
    await Deno.mkdir(p, { recursive: true });
    await Deno.copyFile(`${h.root}/hook.sh`, `${p}/hook.sh`);
    await Deno.mkdir(out);
    await Deno.mkdir(`${p}/.gemini`, { recursive: true });
    const settings = '{ "theme": "dark" }\n';
    await Deno.writeTextFile(`${p}/.gemini/settings.json`, settings);
    await Deno.symlink("../../../out", `${p}/.gemini/.everyhook-backups`);
    const args = ["--agent", "gemini-cli", "--scope", "project", "--project", p];
    const r = await everyhook(h, ["install", `${p}/hook.sh`, ...args]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /its backups folder is outside the project/);
    assert.match(r.stdout, /\.everyhook-backups" is a link to "\.\.\/\.\.\/\.\.\/out"/);
    assert.deepEqual(await tree(out), []);
    assert.equal(await Deno.readTextFile(`${p}/.gemini/settings.json`), settings);
  },
});

Deno.test({
  name:
    "project scope as root: a .gitignore in the backups folder linked to another file does not give that file the project file's owner",
  ignore: !unix || Deno.uid() !== 0,
  fn: async () => {
    await using h = await throwawayHome();
    const p = `${h.root}/clone/p`;
    // A project's hook is inside the project (a project's lines name nothing outside it).
    await Deno.mkdir(p, { recursive: true });
    await Deno.copyFile(`${h.root}/hook.sh`, `${p}/hook.sh`);
    await Deno.mkdir(`${p}/.claude/.everyhook-backups`, { recursive: true });
    await Deno.writeTextFile(`${p}/.claude/settings.json`, "{}\n");
    await Deno.chown(`${p}/.claude/settings.json`, 1234, 1234);
    await Deno.writeTextFile(`${h.root}/system-file`, "root's\n");
    await Deno.symlink(`${h.root}/system-file`, `${p}/.claude/.everyhook-backups/.gitignore`);
    const args = ["--agent", "claude-code", "--scope", "project", "--project", p];
    const r = await everyhook(h, ["install", `${p}/hook.sh`, ...args]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const info = await Deno.stat(`${h.root}/system-file`);
    assert.deepEqual([info.uid, info.gid], [0, 0]);
    assert.equal(await Deno.readTextFile(`${h.root}/system-file`), "root's\n");
  },
});

Deno.test({
  name:
    "user scope follows a link as before, and the report names the real file written (text and JSON)",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    await Deno.mkdir(`${h.home}/dotfiles`);
    await Deno.mkdir(`${h.home}/.claude`);
    await Deno.writeTextFile(`${h.home}/dotfiles/claude.json`, '{ "model": "opus" }\n');
    await Deno.symlink("../dotfiles/claude.json", `${h.home}/.claude/settings.json`);
    const args = ["install", `${h.root}/hook.sh`, "--agent", "claude-code"];
    const r = await everyhook(h, args);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /a link to ~\/dotfiles\/claude\.json, the file read and written/);
    assert.ok((await Deno.lstat(`${h.home}/.claude/settings.json`)).isSymlink);
    assert.match(await Deno.readTextFile(`${h.home}/dotfiles/claude.json`), /everyhook/);
    const json = await everyhook(h, ["--json", ...args, "--event", "stop"]);
    assert.equal(JSON.parse(json.stdout).results[0].linkedTo, `${h.home}/dotfiles/claude.json`);
  },
});

/**
 * A stand-in `claude` on PATH: it marks that it started, then runs every
 * command entry of the world's user and project settings with `sh -c`, as an
 * agent runs its hooks.
 */
async function fakeClaude(h: Home): Promise<string> {
  const bin = `${h.root}/bin`;
  await Deno.mkdir(bin);
  await Deno.writeTextFile(
    `${bin}/fake_claude.ts`,
    `await Deno.writeTextFile(${JSON.stringify(`${h.root}/started`)}, "");
for (const f of [Deno.env.get("CLAUDE_CONFIG_DIR") + "/settings.json", ".claude/settings.json"]) {
  let j;
  try { j = JSON.parse(await Deno.readTextFile(f)); } catch { continue; }
  for (const groups of Object.values(j.hooks ?? {})) {
    for (const g of groups) {
      for (const hook of g.hooks ?? []) {
        await new Deno.Command("sh", { args: ["-c", hook.command], stdin: "null", stdout: "null", stderr: "null" }).output();
      }
    }
  }
}
`,
  );
  await Deno.writeTextFile(
    `${bin}/claude`,
    `#!/bin/sh\nexec ${JSON.stringify(Deno.execPath())} run -A --no-prompt ${bin}/fake_claude.ts\n`,
    { mode: 0o755 },
  );
  return bin;
}

Deno.test({
  name:
    "verify lists each entry with its file and scope, and runs a stranger's project hook only after a yes (--yes); no terminal and no --yes: not run, exit 1",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const bin = await fakeClaude(h);
    const p = `${h.root}/clone`;
    await Deno.mkdir(`${p}/.claude`, { recursive: true });
    const pwned = `${h.root}/pwned`;
    await Deno.writeTextFile(
      `${p}/.claude/settings.json`,
      JSON.stringify({
        hooks: {
          PreToolUse: [{
            matcher: "Bash",
            hooks: [{ type: "command", command: `touch ${pwned}` }],
          }],
        },
      }),
    );
    const env = { PATH: `${bin}:/usr/bin:/bin` };
    const args = ["verify", "--agent", "claude-code", "--project", p];
    const asked = await everyhook(h, args, { env });
    assert.equal(asked.code, 1, asked.stdout + asked.stderr);
    assert.equal(await exists(pwned), false, "the stranger's hook did not run");
    assert.equal(await exists(`${h.root}/started`), false, "the agent was not started");
    assert.match(asked.stderr, new RegExp(`Claude Code PreToolUse: touch ${pwned}`));
    assert.match(
      asked.stderr,
      new RegExp(`from ${p}/\\.claude/settings\\.json \\(project scope\\); needs your yes`),
    );
    assert.match(asked.stderr, /no terminal to ask on and no --yes/);
    assert.match(asked.stdout, /Claude Code: not run: 1 entry of its hooks needs your yes/);
    const yes = await everyhook(h, [...args, "--yes"], { env });
    assert.ok(await exists(`${h.root}/started`), yes.stdout + yes.stderr);
    assert.ok(await exists(pwned), "with --yes it runs");
  },
});

Deno.test({
  name: "verify runs an entry everyhook installed in the user's own home without asking",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const bin = await fakeClaude(h);
    const p = `${h.root}/mine`;
    await Deno.mkdir(p);
    const install = await everyhook(h, ["install", `${h.root}/hook.sh`, "--agent", "claude-code"]);
    assert.equal(install.code, 0, install.stdout + install.stderr);
    const env = { PATH: `${bin}:${h.env.PATH}` };
    const r = await everyhook(h, ["verify", "--agent", "claude-code", "--project", p], { env });
    assert.ok(await exists(`${h.root}/started`), r.stdout + r.stderr);
    assert.doesNotMatch(r.stderr, /needs your yes|no terminal to ask on/);
    assert.match(r.stderr, /from ~\/\.claude\/settings\.json \(user scope\)\n/);
    // A project the agent does not trust whose settings hold no hook: they apply to the run, so a yes is needed.
    await Deno.remove(`${h.root}/started`);
    const clone = `${h.root}/clone`;
    await Deno.mkdir(`${clone}/.claude`, { recursive: true });
    await Deno.writeTextFile(
      `${clone}/.claude/settings.json`,
      JSON.stringify({ apiKeyHelper: `touch ${h.root}/helper` }),
    );
    const settings = await everyhook(h, ["verify", "--agent", "claude-code", "--project", clone], {
      env,
    });
    assert.equal(settings.code, 1, settings.stdout + settings.stderr);
    assert.equal(await exists(`${h.root}/started`), false);
    assert.match(
      settings.stderr,
      /Claude Code: the settings of a project file with no hook entry\n/,
    );
    assert.match(
      settings.stderr,
      /\(project scope\); needs your yes: its settings apply to the run, in a project the agent does not trust/,
    );
  },
});

Deno.test({
  name:
    "verify's copy of a project follows no link out and no loop, and refuses past its cap with the reason",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const p = `${h.root}/clone`;
    const outside = `${h.root}/elsewhere`;
    await Deno.mkdir(`${p}/.claude`, { recursive: true });
    await Deno.mkdir(outside);
    await Deno.writeTextFile(`${outside}/id_rsa`, "PRIVATE KEY\n");
    await Deno.writeTextFile(
      `${p}/.claude/settings.json`,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    await Deno.symlink(".", `${p}/.claude/a`);
    await Deno.symlink(outside, `${p}/.claude/out`);
    const agent = findAgent("claude-code")!;
    const user = { env: { HOME: h.home }, os: "linux", project: p };
    const root = await Deno.makeTempDir({ dir: h.root, prefix: "world-" });
    const world = await buildWorld(agent, user, root);
    const copied = world.copies.map((c) => c.from).filter((f) => f.startsWith(p));
    assert.deepEqual(copied, [`${p}/.claude/settings.json`]);
    assert.equal((await tree(root)).some((f) => f.includes("id_rsa")), false);
    assert.ok(world.adjustments.some((a) => /\.claude\/out: not copied, a link out of/.test(a)));
    // Past the cap in files: refused with the reason, and verify does not run the agent.
    await Deno.mkdir(`${p}/.claude/many`);
    for (let i = 0; i <= COPY_LIMITS.files; i++) {
      await Deno.writeTextFile(`${p}/.claude/many/${i}.md`, "x");
    }
    const again = await Deno.makeTempDir({ dir: h.root, prefix: "world-" });
    await assert.rejects(
      buildWorld(agent, user, again),
      /verify copies at most 2000 files and 32 MiB for one agent/,
    );
  },
});

Deno.test({
  name:
    "run in a folder whose name is not UTF-8 carries out the hook's deny, and --fail-closed denies; the other commands say so in one line",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    const made = await new Deno.Command("sh", {
      args: ["-c", 'mkdir "$(printf "bad\\377name")"'],
      cwd: h.root,
    }).output();
    assert.equal(made.code, 0);
    const folder = `"$(printf "${h.root}/bad\\377name")"`;
    await Deno.writeTextFile(
      `${h.root}/deny.sh`,
      "#!/bin/sh\ncat >/dev/null\necho 'not here' >&2\nexit 2\n",
      {
        mode: 0o755,
      },
    );
    const doc = JSON.stringify({
      session_id: "s1",
      transcript_path: `${h.root}/t.jsonl`,
      cwd: h.root,
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "ls" },
      tool_use_id: "t1",
    });
    const run = ["run", "--agent", "claude-code", "--event", "pre-tool"];
    const denied = await everyhook(h, [...run, "--", `${h.root}/deny.sh`], {
      stdin: doc,
      inFolder: folder,
    });
    assert.equal(denied.code, 0, denied.stderr);
    assert.match(denied.stdout, /"permissionDecision":"deny"/);
    assert.match(denied.stdout, /not here/);
    const closed = await everyhook(h, [...run, "--fail-closed", "--", `${h.root}/missing.sh`], {
      stdin: doc,
      inFolder: folder,
    });
    assert.equal(closed.code, 0, closed.stderr);
    assert.match(closed.stdout, /"permissionDecision":"deny"/);
    for (
      const args of [
        ["list"],
        ["install", `${h.root}/hook.sh`, "--agent", "codex"],
        ["uninstall", `${h.root}/hook.sh`, "--agent", "codex"],
        ["restore", "--agent", "codex"],
        ["bench", `${h.root}/hook.sh`, "--agent", "codex"],
      ]
    ) {
      const r = await everyhook(h, args, { inFolder: folder });
      assert.equal(r.code, 1, `${args[0]}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, NO_TRACE, args[0]);
      assert.match(
        r.stderr,
        /^everyhook: Cannot read the name of the current folder: it is not valid UTF-8[^\n]*\n$/,
      );
    }
  },
});

Deno.test("a 100 KB option value is shown cut in its usage error; a hook path holding $ is a usage error (exit 2)", async () => {
  await using h = await throwawayHome();
  const big = "x".repeat(100_000);
  for (
    const args of [
      ["install", `${h.root}/hook.sh`, "--agent", big],
      ["install", `${h.root}/hook.sh`, "--agent", "codex", "--timeout", big],
      ["install", `${h.root}/hook.sh${big}`, "--agent", "codex"],
      ["list", `--${big}`],
      ["bench", `${h.root}/hook.sh`, "--fixture", big],
      [big],
    ]
  ) {
    const r = await everyhook(h, args);
    assert.equal(r.code, 2, r.stderr.slice(0, 300));
    assert.ok(r.stderr.length < 1000, `${r.stderr.length} characters: ${r.stderr.slice(0, 300)}`);
    assert.match(r.stderr, /…\[10\d{4} characters\]/);
    assert.doesNotMatch(r.stderr, NO_TRACE);
  }
  await Deno.mkdir(`${h.root}/$x`);
  await Deno.writeTextFile(`${h.root}/$x/hook.sh`, "#!/bin/sh\n", { mode: 0o755 });
  const dollar = await everyhook(h, ["install", `${h.root}/$x/hook.sh`, "--agent", "codex"]);
  assert.equal(dollar.code, 2, dollar.stderr);
  assert.match(dollar.stderr, /it holds "\$", which shells read differently/);
});
