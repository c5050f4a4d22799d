// deno-lint-ignore-file no-console -- a skipped check prints why
import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { invocationCwd, type MemoryIo, memoryIo } from "../src/cli/io.ts";
import { main } from "../cli.ts";

/** Every agent, by name: these worlds hold no agent, and --all means the agents found here. */
const EVERY = AGENTS.map((a) => a.id).join(",");

const ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/[\\/]$/, "");

Deno.test("invocationCwd() takes INIT_CWD only in the package's own folder", () => {
  assert.equal(invocationCwd("/clone", "/home/me/p", "/clone"), "/home/me/p");
  assert.equal(invocationCwd("/clone/", "/home/me/p", "/clone"), "/home/me/p");
  assert.equal(invocationCwd("/other", "/home/me/p", "/clone"), "/other");
  assert.equal(invocationCwd("/clone", "relative", "/clone"), "/clone");
  assert.equal(invocationCwd("/clone", undefined, "/clone"), "/clone");
  assert.equal(invocationCwd("/clone", "/home/me/p", undefined), "/clone");
  assert.equal(invocationCwd("C:\\clone", "D:\\p", "C:\\clone"), "D:\\p");
});

/** The test's environment without INIT_CWD (npx sets it, and Deno keeps one that is set). */
function withoutInitCwd(): Record<string, string> {
  const env = Deno.env.toObject();
  delete env.INIT_CWD;
  env.DENO_DIR ??= join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");
  return env;
}

Deno.test("deno task everyhook reads a relative hook and --scope project in the person's folder", async () => {
  const home = await Deno.makeTempDir();
  const project = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(project, "mine.ts"), "console.log('{}');\n");
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "--quiet",
        "--config",
        join(ROOT, "deno.json"),
        "everyhook",
        "install",
        "mine.ts",
        "--agent",
        "claude-code",
        "--scope",
        "project",
        "--dry-run",
        "--json",
      ],
      cwd: project,
      clearEnv: true,
      env: { ...withoutInitCwd(), HOME: home, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr) + text);
    const report = JSON.parse(text);
    assert.equal(report.hook, join(await Deno.realPath(project), "mine.ts"));
    assert.ok(report.results[0].file.startsWith(await Deno.realPath(project)), text);
  } finally {
    await Deno.remove(home, { recursive: true });
    await Deno.remove(project, { recursive: true });
  }
});

const granted = () => "granted" as const;
const ESC = String.fromCharCode(27);

/** A throwaway home and project folder with a hook in the project. */
async function world(): Promise<
  { home: string; project: string; hook: string } & AsyncDisposable
> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "everyhook-newcomer-" }));
  const home = join(root, "home");
  const project = join(root, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(project);
  const hook = join(project, "no-rm-rf.ts");
  await Deno.writeTextFile(hook, "console.log('{}');\n");
  return {
    home,
    project,
    hook,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

async function everyhook(
  w: { home: string; project: string },
  args: string[],
  cwd = w.project,
): Promise<MemoryIo & { code: number }> {
  const io = memoryIo({ env: { HOME: w.home, PATH: Deno.env.get("PATH") ?? "" }, cwd });
  const code = await main(args, io, { query: granted });
  return Object.assign(io, { code });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) out.push(...(await filesUnder(join(dir, e.name))));
    else out.push(join(dir, e.name));
  }
  return out.sort();
}

Deno.test("install refuses a matcher an agent cannot read, before writing any file", async () => {
  await using w = await world();
  const r = await everyhook(w, ["install", "no-rm-rf.ts", "--agent", EVERY, "--matcher", "("]);
  assert.equal(r.code, 2, r.stdoutText());
  assert.match(r.stderrText(), /--matcher "\(": .*not a regular expression/);
  assert.deepEqual(await filesUnder(w.home), []);
  const ok = await everyhook(w, [
    "install",
    "no-rm-rf.ts",
    "--agent",
    EVERY,
    "--matcher",
    "Bash|Write",
  ]);
  assert.equal(ok.code, 0, ok.stderrText());
});

Deno.test("install refuses a timeout of 0 with the reason, before writing any file", async () => {
  await using w = await world();
  const r = await everyhook(w, ["install", "no-rm-rf.ts", "--agent", EVERY, "--timeout", "0"]);
  assert.equal(r.code, 2);
  assert.match(r.stderrText(), /--timeout "0" is too short: a hook needs at least 1 second/);
  assert.doesNotMatch(r.stderrText(), /whole number/);
  assert.deepEqual(await filesUnder(w.home), []);
});

Deno.test("uninstall takes a hook's file name from another folder, as list --hook finds it", async () => {
  await using w = await world();
  assert.equal((await everyhook(w, ["install", "no-rm-rf.ts", "--agent", EVERY])).code, 0);
  const listed = await everyhook(w, ["list", "--hook", "no-rm-rf.ts", "--json"], w.home);
  assert.ok(JSON.parse(listed.stdoutText()).entries.length > 0);
  const r = await everyhook(w, ["uninstall", "no-rm-rf.ts"], w.home);
  assert.equal(r.code, 0, r.stderrText());
  assert.match(r.stdoutText(), /claude-code +(removed|deleted)/);
  const after = await everyhook(w, ["list", "--hook", "no-rm-rf.ts", "--json"], w.home);
  assert.equal(JSON.parse(after.stdoutText()).entries.length, 0);
});

Deno.test("uninstall refuses a name that fits two installed hooks, and says when none fits", async () => {
  await using w = await world();
  await Deno.mkdir(join(w.project, "other"));
  await Deno.writeTextFile(join(w.project, "other", "no-rm-rf.ts"), "console.log('{}');\n");
  assert.equal((await everyhook(w, ["install", "no-rm-rf.ts", "--agent", "codex"])).code, 0);
  assert.equal(
    (await everyhook(w, ["install", "other/no-rm-rf.ts", "--agent", "codex"])).code,
    0,
  );
  const both = await everyhook(w, ["uninstall", "no-rm-rf.ts", "--agent", "codex"], w.home);
  assert.equal(both.code, 1);
  assert.match(both.stderrText(), /fits 2 installed hooks/);
  assert.ok(both.stderrText().includes(join(w.project, "other", "no-rm-rf.ts")));
  const one = await everyhook(w, ["uninstall", "other/no-rm-rf.ts", "--agent", "codex"], w.home);
  assert.equal(one.code, 0, one.stderrText());
  const none = await everyhook(w, ["uninstall", "nothing.ts", "--agent", "codex"], w.home);
  assert.equal(none.code, 1);
  assert.match(none.stderrText(), /no installed hook fits that name/);
});

Deno.test("a hook that lacks a permission is named as a crash: one line for the agent, the detail for the person", async () => {
  await using w = await world();
  const hook = join(w.project, "needs-env.ts");
  await Deno.writeTextFile(
    hook,
    '#!/usr/bin/env -S deno run\nawait new Response(Deno.stdin.readable).text();\nconsole.log(JSON.stringify({ reason: Deno.env.get("HOME") }));\n',
  );
  const payload = JSON.stringify({
    session_id: "s",
    transcript_path: "/t",
    cwd: w.project,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
  });
  const io = memoryIo({
    env: { HOME: w.home, PATH: Deno.env.get("PATH") ?? "" },
    cwd: w.project,
    stdin: payload,
  });
  const code = await main(
    ["run", "--agent", "claude-code", "--event", "pre-tool", "--", hook],
    io,
    { query: granted },
  );
  assert.equal(code, 0, io.stderrText());
  const answer = JSON.parse(io.stdoutText());
  const reason = answer.hookSpecificOutput.permissionDecisionReason as string;
  assert.equal(
    reason,
    'The hook "needs-env.ts" crashed, so this is blocked: it needs --allow-env: add it to its shebang',
  );
  assert.match(io.stderrText(), /crashed; it printed:\n.*NotCapable/);

  const bench = await everyhook(w, [
    "bench",
    hook,
    "--agent",
    "claude-code",
    "--event",
    "pre-tool",
  ]);
  assert.equal(bench.code, 1);
  assert.match(bench.stdoutText(), /crash \(it needs --allow-env/);
});

Deno.test("15 install/uninstall cycles keep the first backup and the 5 newest, out of git's sight", async () => {
  await using w = await world();
  const settings = join(w.project, ".claude", "settings.json");
  await Deno.mkdir(join(w.project, ".claude"));
  const original = '{\n  // mine\n  "model": "opus"\n}\n';
  await Deno.writeTextFile(settings, original);
  const git = (args: string[]) =>
    new Deno.Command("git", { args, cwd: w.project, stdout: "piped", stderr: "null" }).output();
  let haveGit = true;
  try {
    await git(["init", "-q"]);
  } catch {
    haveGit = false;
    console.log("skipped the git status check: git is not on PATH");
  }
  const args = ["no-rm-rf.ts", "--agent", "claude-code", "--scope", "project"];
  for (let i = 0; i < 15; i++) {
    assert.equal((await everyhook(w, ["install", ...args])).code, 0);
    assert.equal((await everyhook(w, ["uninstall", ...args])).code, 0);
  }
  assert.equal(await Deno.readTextFile(settings), original);
  const folder = join(w.project, ".claude", ".everyhook-backups");
  const backups = (await filesUnder(folder)).filter((f) => f.endsWith(".bak"));
  assert.equal(backups.length, 6, backups.join("\n"));
  assert.equal(await Deno.readTextFile(backups[0]!), original, "the first backup is kept");
  assert.equal(await Deno.readTextFile(join(folder, ".gitignore")), "*\n");
  if (haveGit) {
    const status = new TextDecoder().decode(
      (await git(["status", "--porcelain", "--untracked-files=all"])).stdout,
    );
    assert.doesNotMatch(status, /everyhook-backups|\.bak/, status);
    assert.match(status, /\.claude\/settings\.json/);
  }
});

Deno.test("restore --list shows each file's backups and restore --backup <id> puts that one back", async () => {
  await using w = await world();
  const settings = join(w.home, ".claude", "settings.json");
  await Deno.mkdir(join(w.home, ".claude"));
  await Deno.writeTextFile(settings, '{"model": "opus"}\n');
  const hook = ["no-rm-rf.ts", "--agent", "claude-code"];
  assert.equal((await everyhook(w, ["install", ...hook])).code, 0);
  assert.equal((await everyhook(w, ["install", ...hook, "--timeout", "45"])).code, 0);
  const listed = await everyhook(w, ["restore", "--agent", "claude-code", "--list", "--json"]);
  assert.equal(listed.code, 0, listed.stderrText());
  const rows = JSON.parse(listed.stdoutText()).results[0].backups;
  assert.equal(rows.length, 2);
  assert.equal(rows[1].first, true);
  assert.equal(await Deno.readTextFile(settings).then((t) => t.includes("no-rm-rf.ts")), true);
  const text = await everyhook(w, ["restore", "--agent", "claude-code", "--list"]);
  assert.ok(text.stdoutText().includes(rows[1].id), text.stdoutText());
  assert.match(text.stdoutText(), /the first, always kept/);
  const r = await everyhook(w, ["restore", "--agent", "claude-code", "--backup", rows[1].id]);
  assert.equal(r.code, 0, r.stderrText());
  assert.equal(await Deno.readTextFile(settings), '{"model": "opus"}\n');
  const none = await everyhook(w, [
    "restore",
    "--agent",
    "claude-code",
    "--backup",
    "19990101-000000",
  ]);
  assert.equal(none.code, 1);
  assert.match(none.stderrText(), /no file has a backup by that id/);
});

Deno.test("--dry-run prints a backup line only for the files it would write", async () => {
  await using w = await world();
  assert.equal((await everyhook(w, ["install", "no-rm-rf.ts", "--agent", "claude-code"])).code, 0);
  for (
    const args of [
      ["install", "no-rm-rf.ts", "--agent", EVERY, "--dry-run"],
      ["uninstall", "no-rm-rf.ts", "--all", "--dry-run"],
      ["restore", "--all", "--dry-run"],
    ]
  ) {
    const r = await everyhook(w, args);
    const lines = r.stdoutText().split("\n");
    for (const [i, line] of lines.entries()) {
      if (!line.includes("backup:")) continue;
      const head = lines.slice(0, i).reverse().find((l) => /^\S/.test(l)) ?? "";
      assert.match(head, /would /, `${args.join(" ")}:\n${r.stdoutText()}`);
    }
  }
});

/** A /bin/sh hook that prints its folder and the document's as the reason of a deny. */
async function whereHook(dir: string): Promise<string> {
  const hook = join(dir, "where.sh");
  await Deno.writeTextFile(
    hook,
    `#!/bin/sh\ndoc=$(cat)\ncase "$doc" in *'"cwd":"'"$PWD"'"'*) same=yes;; *) same=no;; esac\necho "{\\"decision\\":\\"deny\\",\\"reason\\":\\"in $PWD, document there: $same\\"}"\n`,
  );
  await Deno.chmod(hook, 0o755);
  return hook;
}

Deno.test({
  name: "bench lines up its columns, ends with a summary, and --project runs the hook there",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    await using w = await world();
    const hook = await whereHook(w.project);
    const r = await everyhook(
      w,
      ["bench", hook, "--agent", "claude-code,codex", "--project", "."],
      w.home,
    );
    const text = r.stdoutText();
    assert.equal(r.code, 0, r.stderrText() + text);
    assert.ok(text.includes(`in ${w.home}, document there: yes`), text);
    const rows = text.split("\n").filter((l) => /^ {2}\S/.test(l));
    const starts = new Set(rows.map((l) => l.search(/deny: /)));
    assert.equal(starts.size, 1, `the answers start in one column:\n${rows.join("\n")}`);
    assert.match(text, /\n\d+ documents: deny \d+; 0 crashes; slowest \d+ ms \(/);
    assert.ok(!text.includes(ESC), "no colour when not a terminal");

    const tty = memoryIo({
      env: { HOME: w.home, PATH: Deno.env.get("PATH") ?? "" },
      cwd: w.project,
      terminal: true,
    });
    assert.equal(await main(["bench", hook, "--agent", "codex"], tty, { query: granted }), 0);
    assert.ok(tty.stdoutText().includes(`${ESC}[31mdeny${ESC}[0m: in `), tty.stdoutText());
    const noColour = memoryIo({
      env: { HOME: w.home, NO_COLOR: "1", PATH: Deno.env.get("PATH") ?? "" },
      cwd: w.project,
      terminal: true,
    });
    assert.equal(await main(["bench", hook, "--agent", "codex"], noColour, { query: granted }), 0);
    assert.ok(!noColour.stdoutText().includes(ESC));
  },
});

Deno.test("list shows a program started without a shell with its words quoted as a shell reads them", async () => {
  await using w = await world();
  await Deno.mkdir(join(w.home, ".copilot", "hooks"), { recursive: true });
  await Deno.writeTextFile(
    join(w.home, ".copilot", "hooks", "mine.json"),
    JSON.stringify({
      version: 1,
      hooks: { preToolUse: [{ type: "command", exec: "/bin/echo", args: ["a b", "it's"] }] },
    }),
  );
  const r = await everyhook(w, ["list", "--agent", "copilot-cli"]);
  assert.ok(r.stdoutText().includes(`/bin/echo 'a b' 'it'\\''s'`), r.stdoutText());
});

Deno.test("explain <agent> shows its files on Linux, macOS and Windows, and paths in --json", async () => {
  const io = memoryIo();
  assert.equal(await main(["explain", "claude-code", "--json"], io, { query: () => "denied" }), 0);
  const paths = JSON.parse(io.stdoutText()).paths as Array<Record<string, string | null>>;
  assert.deepEqual(new Set(paths.map((p) => p.os)), new Set(["linux", "macos", "windows"]));
  assert.ok(
    paths.some((p) => p.path === "~/.claude/settings.json" && p.env === "CLAUDE_CONFIG_DIR"),
  );
  assert.ok(paths.some((p) => p.path === "%USERPROFILE%\\.claude\\settings.json"));
  const text = memoryIo();
  assert.equal(await main(["explain", "claude-code"], text, { query: () => "denied" }), 0);
  assert.match(
    text.stdoutText(),
    /\n {2}windows +%USERPROFILE%\\\.claude\\settings\.json; <project>\\/,
  );
});
