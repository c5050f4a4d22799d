/**
 * Every command run from a clone with exactly the flags the command table (and
 * the table in docs/permissions.md) gives it works, and with any one of them left
 * out it stops before any work, naming the missing flag in one line, with no
 * stack trace.
 */
import assert from "node:assert/strict";
import { COMMANDS } from "../src/cli/commands.ts";
import { flagFor } from "../src/run/runtime.ts";

const ROOT = new URL("..", import.meta.url);
const CLI = new URL("cli.ts", ROOT).pathname;
const HOOK = new URL("examples/block-force-push.ts", ROOT).pathname;

/** Arguments that make each command do its work without changing anything. */
const ARGS: Readonly<Record<string, string[]>> = {
  run: ["--agent", "claude-code", "--event", "pre-tool", "--", HOOK],
  install: [HOOK, "--agent", "claude-code", "--dry-run"],
  // The hook is installed for Cursor first (uninstall refuses a hook that is not installed;
  // list finds nothing to say about a Cursor entry, so it still exits 0).
  uninstall: [HOOK, "--agent", "cursor", "--dry-run"],
  restore: ["--agent", "claude-code", "--dry-run"],
  // Writes a hook and its test into the throwaway home (the folder it runs in).
  new: ["first-hook.ts"],
  import: ["--from", "claude-code", "--agent", "codex", "--dry-run"],
  list: [],
  // The throwaway home holds an everyhook.json with no hooks: nothing to write, and --dry-run besides.
  sync: ["--dry-run"],
  // Without --yes, trust writes nothing.
  trust: [],
  bench: [HOOK, "--agent", "codex", "--event", "pre-tool"],
  explain: ["codex"],
  demo: [],
  // No agent binary on this PATH is run with an empty HOME: every agent is reported, none runs.
  verify: [],
};

/** This machine's deno cache, so that a throwaway HOME still finds the npm packages. */
async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

const DENO_DIR = Deno.env.get("DENO_DIR") ?? await denoDir();

async function everyhook(flags: readonly string[], args: readonly string[], home: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, CLI, ...args],
    cwd: home,
    clearEnv: true,
    env: { PATH: Deno.env.get("PATH") ?? "", HOME: home, TMPDIR: home, DENO_DIR, NO_COLOR: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder();
  return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
}

Deno.test("every command works with its flags and names the one flag left out, with no stack trace", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-flags-" });
  try {
    assert.deepEqual(Object.keys(ARGS).sort(), COMMANDS.map((c) => c.name).sort());
    const installed = await everyhook(
      ["--allow-read", "--allow-write", "--allow-run", "--allow-env"],
      ["install", HOOK, "--agent", "cursor"],
      home,
    );
    assert.equal(installed.code, 0, installed.stderr);
    await Deno.writeTextFile(`${home}/everyhook.json`, '{ "hooks": [] }\n');
    const checks = COMMANDS.flatMap((c) => {
      const flags = c.permissions.map(flagFor);
      const args = [c.name, ...ARGS[c.name]!];
      const full = async () => {
        const r = await everyhook(flags, args, home);
        assert.equal(r.code, 0, `${c.name} with ${flags.join(" ") || "no flag"}: ${r.stderr}`);
        assert.doesNotMatch(r.stderr, /permission/);
      };
      const less = flags.map((left) => async () => {
        const r = await everyhook(flags.filter((f) => f !== left), args, home);
        const name = left.slice("--allow-".length).split("=")[0];
        assert.equal(
          r.stderr,
          `everyhook: Cannot run "${c.name}": the ${name} permission is not granted: add ${left} after "deno run"\n`,
          `${c.name} without ${left}`,
        );
        assert.equal(r.code, 1, `${c.name} without ${left}`);
        assert.equal(r.stdout, "");
      });
      return [full, ...less];
    });
    assert.ok(checks.length >= 20, `${checks.length} runs`);
    await Promise.all(checks.map((check) => check()));
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("a narrower --allow-read=, --allow-write= or --allow-run= is refused up front, named as the whole flag", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-flags-" });
  try {
    const flags = [
      `--allow-read=${home}`,
      `--allow-write=${home}`,
      "--allow-run=deno",
      "--allow-env",
    ];
    const r = await everyhook(flags, ["demo"], home);
    assert.equal(r.code, 1);
    // Deno may say first that it found no "deno" on PATH for --allow-run=deno.
    assert.ok(
      r.stderr.endsWith(
        'everyhook: Cannot run "demo": the read, write and run permissions are not granted: add --allow-read --allow-write --allow-run after "deno run"\n',
      ),
      r.stderr,
    );
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("docs/permissions.md's table gives each command exactly its flags", async () => {
  const readme = await Deno.readTextFile(new URL("docs/permissions.md", ROOT));
  for (const c of COMMANDS) {
    const row = readme.split("\n").find((l) => l.startsWith(`| \`${c.name}\``));
    assert.ok(row, `docs/permissions.md has a row for ${c.name}`);
    const flags = c.permissions.map(flagFor).join(" ");
    const cell = row.split("|")[2]?.trim();
    assert.equal(cell, flags === "" ? "none" : `\`${flags}\``, c.name);
  }
});
