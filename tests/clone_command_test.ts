// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * The line of docs/install.md ("A clone", which the README links) that makes
 * an `everyhook` command from a clone works in a fresh copy of the clone with
 * a fresh DENO_DIR: the command it installs runs
 * every command (its imports resolve through the clone's deno.json, wherever
 * it runs), and the hints everyhook prints name that command.
 */

import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url).pathname;
const posix = Deno.build.os !== "windows";

async function run(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  const out = await new Deno.Command(cmd, {
    args,
    cwd,
    env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** The working tree's tracked files, copied: a fresh clone of it. */
async function freshClone(to: string): Promise<string | undefined> {
  const listed = await run("git", ["ls-files", "-z"], ROOT, { PATH: Deno.env.get("PATH") ?? "" })
    .catch(() => undefined);
  if (!listed || listed.code !== 0) return "git cannot list the files of this checkout";
  for (const file of listed.stdout.split("\0").filter((f) => f !== "")) {
    const target = `${to}/${file}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    await Deno.copyFile(`${ROOT}${file}`, target).catch(() => {}); // a file deleted, not committed
  }
  return undefined;
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyTree(`${from}/${e.name}`, `${to}/${e.name}`);
    else if (e.isFile) await Deno.copyFile(`${from}/${e.name}`, `${to}/${e.name}`);
  }
}

/** The line of "A clone" in docs/install.md that installs the command. */
async function readmeLine(): Promise<string> {
  const page = await Deno.readTextFile(`${ROOT}docs/install.md`);
  assert.ok(page.includes("## A clone"), 'docs/install.md has its "A clone" section');
  const section = page.slice(page.indexOf("## A clone"));
  const line = section.split("\n").find((l) => l.startsWith("deno install --global"));
  assert.ok(line, 'the "A clone" section has a "deno install --global" line');
  return line;
}

Deno.test({
  name:
    "the clone's install line makes an everyhook command from a fresh clone, with a fresh DENO_DIR",
  ignore: !posix,
  fn: async () => {
    const root = await Deno.makeTempDir({ prefix: "everyhook-clone-" });
    try {
      const clone = `${root}/everyhook`;
      const skip = await freshClone(clone);
      if (skip) {
        console.log(`clone_command_test: skipped: ${skip}`);
        return;
      }
      for (const d of ["home", "project", "bin-root"]) await Deno.mkdir(`${root}/${d}`);
      // A fresh DENO_DIR, given this machine's npm packages so that nothing is fetched.
      const info = await run(Deno.execPath(), ["info", "--json"], ROOT, {
        PATH: Deno.env.get("PATH") ?? "",
      });
      await copyTree(`${JSON.parse(info.stdout).denoDir}/npm`, `${root}/deno_dir/npm`);
      const env = {
        HOME: `${root}/home`,
        PATH: `${Deno.execPath().replace(/\/[^/]+$/, "")}:${Deno.env.get("PATH") ?? ""}`,
        DENO_DIR: `${root}/deno_dir`,
        DENO_INSTALL_ROOT: `${root}/bin-root`,
        NO_COLOR: "1",
      };
      const line = await readmeLine();
      const installed = await run("/bin/sh", ["-c", line], clone, env);
      assert.equal(installed.code, 0, installed.stdout + installed.stderr);
      const bin = `${root}/bin-root/bin/everyhook`;
      const project = `${root}/project`;
      const everyhook = (args: string[]) => run(bin, args, project, env);
      const version = await everyhook(["--version"]);
      assert.match(version.stdout, /^everyhook \d+\.\d+\.\d+/, version.stderr);
      for (
        const args of [
          ["list"],
          ["new", "guard.ts"],
          ["install", "guard.ts", "--agent", "claude-code"],
          ["list", "--ours", "--check"],
          ["bench", "guard.ts", "--agent", "codex", "--event", "pre-tool"],
        ]
      ) {
        const r = await everyhook(args);
        assert.doesNotMatch(r.stderr, /not a dependency|Something went wrong/, r.stderr);
        assert.ok(r.code === 0 || (args[0] === "list" && r.code === 1), `${args}: ${r.stderr}`);
      }
      const settings = await Deno.readTextFile(`${root}/home/.claude/settings.json`);
      assert.match(settings, /guard\.ts\\" --everyhook-agent claude-code/);
      assert.ok(
        (await Deno.readTextFile(`${project}/guard.ts`)).includes(`${clone}/hook.bundle.js`),
      );
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  },
});
