// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * Files as the person left them: `install --all` writes only the agents found
 * here and names the others; install then uninstall leaves the home's tree as
 * it was, folder for folder and byte for byte; every restore saves the file
 * (or its absence) first, so it can be undone; `restore --list` needs no agent.
 */

import assert from "node:assert/strict";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const posix = Deno.build.os !== "windows";
if (!posix) console.log("home_as_it_was_test: skipped on Windows (the worlds use POSIX paths)");

async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

const DENO_DIR = Deno.env.get("DENO_DIR") ?? await denoDir();

interface World extends AsyncDisposable {
  root: string;
  home: string;
}

async function world(): Promise<World> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-home-" });
  await Deno.mkdir(`${root}/home`);
  await Deno.writeTextFile(`${root}/hook.sh`, "#!/bin/sh\ncat >/dev/null\n");
  await Deno.chmod(`${root}/hook.sh`, 0o755);
  return {
    root,
    home: `${root}/home`,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

async function everyhook(w: World, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-run", "--allow-env", CLI, ...args],
    cwd: w.root,
    // No agent binary on this PATH: only folders tell which agents are here.
    env: { HOME: w.home, PATH: "/usr/bin:/bin", DENO_DIR, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** Every folder and file below a folder, with each file's bytes. */
async function tree(
  dir: string,
  out = new Map<string, string>(),
  at = "",
): Promise<Map<string, string>> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${at}${e.name}`;
    if (e.isDirectory) {
      out.set(`${path}/`, "");
      await tree(`${dir}/${e.name}`, out, `${path}/`);
    } else out.set(path, await Deno.readTextFile(`${dir}/${e.name}`));
  }
  return out;
}

Deno.test({
  name:
    "install --all writes the agents found here, names the others, and makes no folder for them",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    await Deno.mkdir(`${w.home}/.claude`);
    const r = await everyhook(w, ["install", "hook.sh", "--all"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /claude-code +created/);
    assert.match(
      r.stdout,
      /Cursor skipped: not found here \(no ~\/\.cursor\); --agent cursor writes/,
    );
    assert.match(r.stdout, /Codex CLI skipped: not found here \(no codex on PATH, no ~\/\.codex\)/);
    // Nothing but Claude Code's folder: no ~/.cursor, ~/.codex, ... for agents that are not here.
    const outside = [...(await tree(w.home)).keys()].filter((p) => !p.startsWith(".claude/"));
    assert.deepEqual(outside, []);
    await Deno.remove(`${w.home}/.claude`, { recursive: true });
    const none = await everyhook(w, ["install", "hook.sh", "--all"]);
    assert.equal(none.code, 1, none.stdout);
    assert.match(none.stderr, /no agent was found here .*name the agents with --agent/);
  },
});

Deno.test({
  name: "install then uninstall leaves the home as it was, folder for folder and byte for byte",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    // The person's own: a Claude Code settings file, and nothing of Cursor's.
    await Deno.mkdir(`${w.home}/.claude`);
    await Deno.writeTextFile(`${w.home}/.claude/settings.json`, '{\n    "model": "opus"\n}\n');
    const before = await tree(w.home);
    const agents = "cursor,codex,gemini-cli,opencode";
    assert.equal((await everyhook(w, ["install", "hook.sh", "--agent", agents])).code, 0);
    assert.ok((await tree(w.home)).has(".cursor/hooks.json"));
    const gone = await everyhook(w, ["uninstall", "hook.sh", "--agent", agents]);
    assert.equal(gone.code, 0, gone.stderr);
    assert.match(
      gone.stdout,
      /everyhook made this file, its backups and .*\.cursor: all taken away/,
    );
    assert.deepEqual(await tree(w.home), before);
  },
});

Deno.test({
  name:
    "restore saves the file, or its absence, first, says what it brings back, and can be undone",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    await Deno.mkdir(`${w.home}/.cursor`);
    const own = '{\n  "version": 1,\n  "hooks": {}\n}\n';
    await Deno.writeTextFile(`${w.home}/.cursor/hooks.json`, own);
    assert.equal((await everyhook(w, ["install", "hook.sh", "--agent", "cursor"])).code, 0);
    const installed = await Deno.readTextFile(`${w.home}/.cursor/hooks.json`);
    // The file goes away (deleted by hand): restore says what it brings back, and keeps the absence.
    await Deno.remove(`${w.home}/.cursor/hooks.json`);
    const back = await everyhook(w, ["restore", "--agent", "cursor"]);
    assert.equal(back.code, 0, back.stderr);
    assert.match(back.stdout, /the file is not there now .*restore brings it back/);
    const undo = /restore --backup (\S+) undoes this restore/.exec(back.stdout)?.[1];
    assert.ok(undo, back.stdout);
    assert.equal(await Deno.readTextFile(`${w.home}/.cursor/hooks.json`), own);
    const undone = await everyhook(w, ["restore", "--agent", "cursor", "--backup", undo]);
    assert.equal(undone.code, 0, undone.stderr);
    assert.match(undone.stdout, /records that the file was not there: restore deletes it/);
    await assert.rejects(Deno.stat(`${w.home}/.cursor/hooks.json`), Deno.errors.NotFound);
    // And that too can be undone: the file it deleted was saved.
    const again = /restore --backup (\S+) undoes this restore/.exec(undone.stdout)?.[1];
    assert.ok(again, undone.stdout);
    assert.equal((await everyhook(w, ["restore", "--agent", "cursor", "--backup", again])).code, 0);
    assert.equal(await Deno.readTextFile(`${w.home}/.cursor/hooks.json`), own);
    assert.notEqual(installed, own);
    // --list alone: every agent's backups.
    const list = await everyhook(w, ["restore", "--list"]);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /claude-code +~\/\.claude\/settings\.json: no backups/);
    assert.match(list.stdout, /cursor +~\/\.cursor\/hooks\.json: \d+ backups/);
    assert.match(list.stdout, /\(the file was not there: putting it back deletes it\)/);
  },
});
