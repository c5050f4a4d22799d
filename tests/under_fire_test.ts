// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * The commands under attack, as a person runs them: a read-only file system
 * under one agent's folder, a FIFO and /dev/zero where settings should be, a
 * file owned by someone else under sudo, a folder or an all-permissions hook
 * given as the hook, and an answer that says two things.
 */

import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";

/** Every agent, by name: these worlds hold no agent, and --all means the agents found here. */
const EVERY = AGENTS.map((a) => a.id).join(",");

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const unix = Deno.build.os !== "windows";
if (!unix) console.log("under_fire_test: skipped on Windows (FIFOs, mounts and owners are POSIX)");

interface Home extends AsyncDisposable {
  root: string;
  home: string;
  env: Record<string, string>;
}

async function throwawayHome(): Promise<Home> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-fire-" });
  const home = `${root}/home`;
  await Deno.mkdir(home);
  await Deno.writeTextFile(`${root}/hook.ts`, "#!/usr/bin/env -S deno run\n");
  const info = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return {
    root,
    home,
    env: {
      HOME: home,
      PATH: Deno.env.get("PATH") ?? "",
      DENO_DIR: JSON.parse(new TextDecoder().decode(info.stdout)).denoDir,
      NO_COLOR: "1",
    },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

async function everyhook(
  h: Home,
  args: string[],
  options: { stdin?: string; wrap?: string[] } = {},
): Promise<Ran> {
  const deno = [Deno.execPath(), "run", "--no-prompt", "--allow-all", CLI, ...args];
  const [program, ...rest] = [...(options.wrap ?? []), ...deno];
  const child = new Deno.Command(program!, {
    args: rest,
    cwd: h.root,
    env: h.env,
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

/** Whether this process may mount a read-only file system in a namespace of its own. */
async function canMount(dir: string): Promise<boolean> {
  try {
    const out = await new Deno.Command("unshare", {
      args: ["-m", "sh", "-c", 'mount -t tmpfs -o ro tmpfs "$1"', "sh", dir],
      stdout: "null",
      stderr: "null",
    }).output();
    return out.code === 0;
  } catch {
    return false;
  }
}

Deno.test({
  name:
    "install --all with ~/.codex on a read-only file system: one line for Codex, the others done, exit 1",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    await Deno.mkdir(`${h.home}/.codex`);
    if (!(await canMount(`${h.home}/.codex`))) {
      console.log("skipped: no way to mount a read-only file system here (unshare -m)");
      return;
    }
    const mount = 'mount -t tmpfs -o ro tmpfs "$1" && shift && exec "$@"';
    const wrap = ["unshare", "-m", "sh", "-c", mount, "sh", `${h.home}/.codex`];
    const r = await everyhook(h, ["install", `${h.root}/hook.ts`, "--agent", EVERY], { wrap });
    assert.equal(r.code, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /Something went wrong|at .*\.ts:\d+/);
    assert.match(
      r.stdout,
      /\n {2}Cannot write "[^"]*\/\.codex\/hooks\.json": read-only file system \(EROFS\)\n/,
    );
    for (const other of [".claude/settings.json", ".gemini/settings.json", ".cursor/hooks.json"]) {
      assert.ok((await Deno.stat(`${h.home}/${other}`)).isFile, other);
    }
  },
});

Deno.test({
  name: "list and install with a FIFO and a link to /dev/zero at settings paths finish and say why",
  ignore: !unix,
  fn: async () => {
    await using h = await throwawayHome();
    await Deno.mkdir(`${h.home}/.claude`);
    await Deno.mkdir(`${h.home}/.gemini`);
    const fifo = await new Deno.Command("mkfifo", { args: [`${h.home}/.claude/settings.json`] })
      .output();
    assert.equal(fifo.code, 0);
    await Deno.symlink("/dev/zero", `${h.home}/.gemini/settings.json`);
    const list = await everyhook(h, ["list"]);
    assert.equal(list.code, 1, list.stderr);
    assert.match(
      list.stdout,
      /~\/\.claude\/settings\.json {2}\(unreadable\)\n {4}problem: it is a FIFO, not a file: skipped\n/,
    );
    assert.match(list.stdout, /problem: it is a character device, not a file: skipped/);
    const install = await everyhook(h, ["install", `${h.root}/hook.ts`, "--agent", EVERY]);
    assert.equal(install.code, 1, install.stderr);
    assert.match(install.stdout, /it is a FIFO, not a file/);
    assert.match(install.stdout, /it is a character device, not a file/);
    assert.ok((await Deno.stat(`${h.home}/.codex/hooks.json`)).isFile);
    const fixture = ["--fixture", `${h.home}/.claude/settings.json`];
    const bench = await everyhook(h, ["bench", `${h.root}/hook.ts`, ...fixture]);
    assert.equal(bench.code, 2);
    assert.match(bench.stderr, /--fixture "[^"]*" is a FIFO, not a file/);
  },
});

Deno.test({
  name: "install run as root keeps the owner and group of a file another user owns",
  ignore: !unix || Deno.uid() !== 0,
  fn: async () => {
    await using h = await throwawayHome();
    const file = `${h.home}/.claude/settings.json`;
    await Deno.mkdir(`${h.home}/.claude`);
    await Deno.writeTextFile(file, '{ "model": "opus" }\n');
    await Deno.chown(file, 1234, 1234);
    const r = await everyhook(h, ["install", `${h.root}/hook.ts`, "--agent", "claude-code"]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const info = await Deno.stat(file);
    assert.deepEqual([info.uid, info.gid], [1234, 1234]);
    assert.match(await Deno.readTextFile(file), /everyhook/);
  },
});

Deno.test("install, list and bench warn about a hook asking for every permission; a folder is no hook", async () => {
  await using h = await throwawayHome();
  const hook = `${h.root}/all.ts`;
  await Deno.writeTextFile(hook, "#!/usr/bin/env -S deno run -A\n");
  const warning =
    /Warning: the hook "[^"]*all\.ts" asks for every permission \(-A in its first line\)/;
  const install = await everyhook(h, ["install", hook, "--agent", "codex"]);
  assert.equal(install.code, 0, install.stderr);
  assert.match(install.stdout, warning);
  const list = await everyhook(h, ["list", "--agent", "codex"]);
  assert.match(list.stdout, /warning: the hook "[^"]*all\.ts" asks for every permission/);
  const bench = await everyhook(h, ["bench", hook, "--agent", "codex", "--event", "stop"]);
  assert.match(bench.stdout, warning);
  await Deno.mkdir(`${h.root}/folder.ts`);
  const folder = await everyhook(h, ["install", `${h.root}/folder.ts`, "--agent", "codex"]);
  assert.equal(folder.code, 2);
  assert.match(folder.stderr, /folder\.ts" is a folder, not a hook file/);
  const benchFolder = await everyhook(h, ["bench", `${h.root}/folder.ts`, "--agent", "codex"]);
  assert.equal(benchFolder.code, 2);
  assert.match(benchFolder.stderr, /folder\.ts" is a folder, not a hook file/);
  assert.doesNotMatch(benchFolder.stderr, /does not exist/);
});

Deno.test("run reads an answer that writes decision twice as no answer: open, or closed with --fail-closed", async () => {
  await using h = await throwawayHome();
  const hook = `${h.root}/twice.sh`;
  await Deno.writeTextFile(
    hook,
    `cat > /dev/null\necho '{"decision":"deny","reason":"x","decision":"allow"}'\n`,
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
  const args = ["run", "--agent", "claude-code", "--event", "pre-tool"];
  const open = await everyhook(h, [...args, "--", hook], { stdin: doc });
  assert.equal(open.code, 0, open.stderr);
  assert.doesNotMatch(open.stdout, /"permissionDecision":\s*"allow"/);
  assert.match(open.stderr, /the key "decision" is written twice/);
  const closed = await everyhook(h, [...args, "--fail-closed", "--", hook], { stdin: doc });
  assert.match(closed.stdout, /"permissionDecision":\s*"deny"/);
});
