// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * `everyhook new` as a new user meets it in a clone: it writes a first hook
 * with the SDK and its sibling test, and never overwrites a file; the hook
 * loads, install writes it in direct mode, bench puts it to every recorded
 * document with no crash, and its own test passes.
 */

import assert from "node:assert/strict";

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const SDK = new URL("../hook.bundle.js", import.meta.url).pathname;
const posix = Deno.build.os !== "windows";
if (!posix) console.log("new_test: skipped on Windows (the worlds use POSIX paths)");

async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

const DENO_DIR = Deno.env.get("DENO_DIR") ?? await denoDir();

async function deno(cwd: string, home: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    env: { HOME: home, PATH: Deno.env.get("PATH") ?? "", DENO_DIR, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

const everyhook = (cwd: string, home: string, args: string[]) =>
  deno(cwd, home, [
    "run",
    "--allow-read",
    "--allow-write",
    "--allow-run",
    "--allow-env",
    CLI,
    ...args,
  ]);

Deno.test({
  name:
    "new writes a hook that loads, installs in direct mode, benches with no crash, and passes its test",
  ignore: !posix,
  fn: async () => {
    const root = await Deno.makeTempDir({ prefix: "everyhook-new-" });
    try {
      const home = `${root}/home`;
      const project = `${root}/project`;
      await Deno.mkdir(home);
      await Deno.mkdir(project);
      const made = await everyhook(project, home, [
        "new",
        "guard.ts",
        "--event",
        "pre-tool,stop",
        "--agent",
        "claude-code,codex",
      ]);
      assert.equal(made.code, 0, made.stderr);
      assert.match(made.stdout, new RegExp(`imports the SDK from "${SDK}": the SDK of the clone`));
      const hook = await Deno.readTextFile(`${project}/guard.ts`);
      assert.match(hook, /^#!\/usr\/bin\/env -S deno run\n/);
      assert.ok(hook.includes(`from "${SDK}";`), hook);
      assert.match(hook, /case "pre-tool": \{[\s\S]*case "stop": \{/);
      const test = await Deno.readTextFile(`${project}/guard_test.ts`);
      assert.match(test, /loadFixtures\(\["claude-code", "codex"\]\)/);

      // It never overwrites: the hook, or its test alone.
      const again = await everyhook(project, home, ["new", "guard.ts"]);
      assert.equal(again.code, 1, again.stderr);
      assert.match(again.stderr, /already there, and everyhook new never overwrites a file/);
      assert.equal(await Deno.readTextFile(`${project}/guard.ts`), hook);
      await Deno.writeTextFile(`${project}/other_test.ts`, "// mine\n");
      const testThere = await everyhook(project, home, ["new", "other.ts"]);
      assert.equal(testThere.code, 1, testThere.stderr);
      await assert.rejects(Deno.stat(`${project}/other.ts`), Deno.errors.NotFound);
      assert.equal(await Deno.readTextFile(`${project}/other_test.ts`), "// mine\n");
      const notTs = await everyhook(project, home, ["new", "guard.py"]);
      assert.equal(notTs.code, 2, notTs.stderr);

      const tested = await deno(project, home, ["test", "--allow-read", "guard_test.ts"]);
      assert.equal(tested.code, 0, tested.stdout + tested.stderr);
      const bench = await everyhook(project, home, ["bench", "guard.ts"]);
      assert.equal(bench.code, 0, bench.stdout + bench.stderr);
      assert.match(bench.stdout, /documents: deny \d+, no opinion \d+; 0 crashes/);
      const install = await everyhook(project, home, [
        "install",
        "guard.ts",
        "--agent",
        "claude-code,codex,gemini-cli",
        "--event",
        "pre-tool,stop",
      ]);
      assert.equal(install.code, 0, install.stderr);
      assert.match(install.stdout, /Direct mode: written with the SDK/);
      const json = JSON.parse((await everyhook(project, home, ["new", "x.ts", "--json"])).stdout);
      assert.equal(json.everyhook, 1);
      assert.equal(json.hook, `${project}/x.ts`);
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});
