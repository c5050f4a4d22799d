// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * A hook that does not load, as a person meets it: `install` loads a
 * TypeScript hook's graph the way the written line will, and refuses one that
 * does not load (a syntax error, a module not found, an SDK import this
 * install cannot have), naming the fix, before it writes anything, a dry run
 * included; `--force` writes it anyway and says so; `bench` counts it as
 * broken under crashes and exits 1; `list --check` flags an installed one.
 */

import assert from "node:assert/strict";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const SDK = new URL("../hook.bundle.js", import.meta.url).pathname;
const posix = Deno.build.os !== "windows";
if (!posix) console.log("broken_hook_test: skipped on Windows (the worlds use POSIX paths)");

async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

const DENO_DIR = Deno.env.get("DENO_DIR") ?? await denoDir();

interface World extends AsyncDisposable {
  root: string;
  home: string;
  project: string;
  env: Record<string, string>;
}

async function world(files: Record<string, string>): Promise<World> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-broken-" });
  await Deno.mkdir(`${root}/home`);
  await Deno.mkdir(`${root}/project`);
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${root}/project/${name}`, text);
  }
  return {
    root,
    home: `${root}/home`,
    project: `${root}/project`,
    env: {
      HOME: `${root}/home`,
      PATH: Deno.env.get("PATH") ?? "",
      DENO_DIR,
      NO_COLOR: "1",
      // A registry on a closed loopback port: a JSR import that is not in the cache fails at once.
      JSR_URL: "http://127.0.0.1:9/",
    },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

async function everyhook(w: World, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-run", "--allow-env", CLI, ...args],
    cwd: w.project,
    env: w.env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

async function tree(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    out.push(e.name);
    if (e.isDirectory) out.push(...(await tree(`${dir}/${e.name}`)).map((n) => `${e.name}/${n}`));
  }
  return out.sort();
}

const HEAD = "#!/usr/bin/env -S deno run\n";
const BODY = 'export default defineHook(() => deny("no"));\n';
const HOOKS = {
  "syntax.ts": `${HEAD}import { defineHook, deny } from "${SDK}";\nconst x = ;\n${BODY}`,
  "missing.ts": `${HEAD}import { defineHook, deny } from "${SDK}";\nimport "./nope.ts";\n${BODY}`,
  "jsr.ts": `${HEAD}import { defineHook, deny } from "jsr:@everyhook/cli/hook";\n${BODY}`,
  "good.ts": `${HEAD}import { defineHook, deny } from "${SDK}";\n${BODY}`,
};

Deno.test({
  name: "install refuses a hook that does not load, before anything is written, naming the fix",
  ignore: !posix,
  fn: async () => {
    await using w = await world(HOOKS);
    const cases: Array<[string, RegExp, RegExp]> = [
      ["syntax.ts", /SyntaxError/, /fix what Deno says/],
      ["missing.ts", /Module not found/, /fix what Deno says/],
      ["jsr.ts", /@everyhook\/cli/, new RegExp(`import it from "${SDK.replaceAll(".", "\\.")}"`)],
    ];
    for (const [hook, why, fix] of cases) {
      for (const dry of [[], ["--dry-run"]]) {
        const r = await everyhook(w, ["install", hook, "--agent", "claude-code", ...dry]);
        assert.equal(r.code, 1, `${hook} ${dry.join("")}: ${r.stdout}${r.stderr}`);
        assert.match(r.stderr, /it does not load, so it would guard nothing/);
        assert.match(r.stderr, why);
        assert.match(r.stderr, fix);
        assert.match(r.stderr, /--force writes it anyway/);
        assert.doesNotMatch(
          r.stderr,
          /Stack backtrace|at .*\/src\/(?:settings|install|hook_script|cli|commands)\//,
        );
      }
    }
    assert.deepEqual(await tree(w.home), [], "nothing written for a hook that does not load");
    const forced = await everyhook(w, [
      "install",
      "syntax.ts",
      "--agent",
      "claude-code",
      "--force",
    ]);
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(
      forced.stdout,
      /does not load \(SyntaxError: .*\).*written anyway, as --force asks/,
    );
    const good = await everyhook(w, ["install", "good.ts", "--agent", "claude-code"]);
    assert.equal(good.code, 0, good.stderr);
    const settings = await Deno.readTextFile(`${w.home}/.claude/settings.json`);
    assert.match(settings, /good\.ts\\" --everyhook-agent claude-code/);
    // list loads each hook of ours only when asked: the forced one is flagged, the good one is not.
    const plain = await everyhook(w, ["list", "--json"]);
    assert.doesNotMatch(plain.stdout, /does not load/);
    const checked = await everyhook(w, ["list", "--check", "--json"]);
    assert.equal(checked.code, 1, checked.stderr);
    const entries: Array<{ hook: string; problems: Array<{ kind: string; text: string }> }> =
      JSON.parse(checked.stdout).entries;
    const bad = entries.find((e) => e.hook.endsWith("/syntax.ts"));
    assert.match(
      bad?.problems.map((p) => p.text).join() ?? "",
      /its hook does not load \(list --check\): SyntaxError/,
    );
    const good2 = entries.find((e) => e.hook.endsWith("/good.ts"));
    assert.ok(good2 && !good2.problems.some((p) => /does not load/.test(p.text)));
  },
});

Deno.test({
  name:
    "bench counts a hook that does not load as broken under crashes, exits 1, and says what each agent does",
  ignore: !posix,
  fn: async () => {
    await using w = await world(HOOKS);
    const r = await everyhook(w, ["bench", "jsr.ts", "--agent", "claude-code,copilot-cli"]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /documents: broken (\d+); \1 crashes/);
    assert.match(
      r.stdout,
      /The hook is broken: .*@everyhook\/cli.*It never ran, so it guards nothing/,
    );
    assert.match(
      r.stdout,
      /Claude Code: in direct mode .* runs the tool anyway \[binary pre-exit1-stderr\]/,
    );
    assert.match(r.stdout, /GitHub Copilot CLI: in direct mode .* refuses the tool \[binary /);
    const json = JSON.parse(
      (await everyhook(w, ["bench", "syntax.ts", "--agent", "codex", "--json"])).stdout,
    );
    assert.equal(json.ok, false);
    assert.match(json.broken[0], /^SyntaxError: /);
    assert.equal(json.results[0].hook.status, "broken");
  },
});

/** Run a line as Claude Code does: through sh, the payload on stdin. */
async function asAgent(w: World, line: string, payload: unknown) {
  const child = new Deno.Command("/bin/sh", {
    args: ["-c", line],
    cwd: w.project,
    env: w.env,
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

Deno.test({
  name:
    "a direct line written with --fail-closed denies when its hook no longer loads, and answers as the hook when it does",
  ignore: !posix,
  fn: async () => {
    await using w = await world(HOOKS);
    const r = await everyhook(w, [
      "install",
      "good.ts",
      "--agent",
      "claude-code",
      "--event",
      "pre-tool,prompt",
      "--fail-closed",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const settings = JSON.parse(await Deno.readTextFile(`${w.home}/.claude/settings.json`));
    const line = (native: string): string => settings.hooks[native][0].hooks[0].command;
    assert.match(
      line("PreToolUse"),
      /--no-prompt --v8-flags=--no-lazy --no-config "data:application\/javascript;base64,/,
    );
    const pre = {
      "hook_event_name": "PreToolUse",
      "tool_name": "Bash",
      "tool_input": { command: "ls" },
      "session_id": "s",
      cwd: w.project,
    };
    const prompt = { "hook_event_name": "UserPromptSubmit", prompt: "hi", "session_id": "s" };
    const fine = await asAgent(w, line("PreToolUse"), pre);
    assert.equal(JSON.parse(fine.stdout).hookSpecificOutput.permissionDecisionReason, "no");
    // The hook breaks after install: the guard still denies, before a tool and on a prompt.
    await Deno.writeTextFile(`${w.project}/good.ts`, HOOKS["syntax.ts"]);
    const denied = await asAgent(w, line("PreToolUse"), pre);
    assert.equal(denied.code, 0, denied.stderr);
    const out = JSON.parse(denied.stdout).hookSpecificOutput;
    assert.equal(out.permissionDecision, "deny");
    assert.match(
      out.permissionDecisionReason,
      /"good\.ts" is broken \(it does not load\).*SyntaxError/,
    );
    assert.match(denied.stderr, /the hook "good\.ts" is broken/);
    const blocked = await asAgent(w, line("UserPromptSubmit"), prompt);
    assert.equal(JSON.parse(blocked.stdout).decision, "block", blocked.stdout);
    // list reads the guarded lines back as the hook's, and uninstall takes them out.
    const listed = JSON.parse((await everyhook(w, ["list", "--ours", "--json"])).stdout);
    assert.deepEqual(
      listed.entries.map((e: { hook: string; mode: string }) => [e.hook, e.mode]),
      [[`${w.project}/good.ts`, "direct"], [`${w.project}/good.ts`, "direct"]],
    );
    const gone = await everyhook(w, ["uninstall", "good.ts", "--agent", "claude-code"]);
    assert.equal(gone.code, 0, gone.stderr);
    // install created the file for these entries alone, so uninstall removes it.
    await assert.rejects(Deno.stat(`${w.home}/.claude/settings.json`), Deno.errors.NotFound);
  },
});
