// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The compiled binary, black-box: run when EVERYHOOK_BIN names one (`deno task
 * compile` writes dist/everyhook-<target>), skipped with the reason otherwise.
 * Each command runs in an empty folder with a throwaway HOME, so what the
 * binary needs (the recordings, the example hooks) must be inside it.
 */
import assert from "node:assert/strict";
import denoJson from "../deno.json" with { type: "json" };
import { TARGETS } from "../scripts/compile.ts";

const bin = Deno.env.get("EVERYHOOK_BIN");
const reason = bin
  ? undefined
  : "EVERYHOOK_BIN is not set: no compiled binary to test (deno task compile needs Deno's release host, or DENORT_BIN)";
if (reason) console.log(`skipped: compiled-binary tests: ${reason}`);
const root = new URL("..", import.meta.url).pathname;
/** The folder of this deno, for the .ts hooks the binary starts with deno from PATH. */
const denoDir = Deno.execPath().replace(/[\\/][^\\/]+$/, "");

async function exec(
  args: string[],
  options: { stdin?: string; env?: Record<string, string>; cwd?: string } = {},
) {
  const child = new Deno.Command(await Deno.realPath(bin as string), {
    args,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    clearEnv: true,
    env: options.env ?? { PATH: Deno.env.get("PATH") ?? "" },
  }).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
  };
}

/** An empty folder and a throwaway HOME, removed after `fn`. */
async function inEmptyWorld(
  fn: (cwd: string, env: Record<string, string>) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-compiled-" });
  try {
    await Deno.mkdir(`${dir}/home`);
    await Deno.mkdir(`${dir}/cwd`);
    const path = [denoDir, Deno.env.get("PATH") ?? ""].join(
      Deno.build.os === "windows" ? ";" : ":",
    );
    await fn(`${dir}/cwd`, { PATH: path, HOME: `${dir}/home`, TMPDIR: dir, NO_COLOR: "1" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "the compiled binary says its version and the target it was built for",
  ignore: reason !== undefined,
  async fn() {
    const r = await exec(["--version"]);
    assert.equal(r.code, 0, r.stderr);
    const m = /^everyhook (\S+) \(binary for (\S+)\)\n$/.exec(r.stdout);
    assert.ok(m, r.stdout);
    assert.equal(m[1], denoJson.version);
    assert.ok(TARGETS.includes(m[2]!), `${m[2]} is one of compile.ts's targets`);
  },
});

Deno.test({
  name: "the compiled binary runs a hook as run does",
  ignore: reason !== undefined,
  async fn() {
    const fixture = JSON.parse(
      await Deno.readTextFile(`${root}fixtures/claude-code/pre-tool.shell-force-push.json`),
    );
    const r = await exec(
      [
        "run",
        "--agent",
        "claude-code",
        "--event",
        "pre-tool",
        "--",
        `${root}examples/block-force-push.ts`,
      ],
      { stdin: JSON.stringify(fixture.payload) },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
  },
});

Deno.test({
  name: "the compiled binary explains, benches an example and runs the demo with nothing beside it",
  ignore: reason !== undefined,
  async fn() {
    await inEmptyWorld(async (cwd, env) => {
      const explain = await exec(["explain"], { cwd, env });
      assert.equal(explain.code, 0, explain.stderr);
      assert.match(explain.stdout, /Recorded: claude-code \d/);
      const bench = await exec(
        ["bench", "example:block-force-push", "--agent", "codex", "--json"],
        { cwd, env },
      );
      assert.equal(bench.code, 0, bench.stderr);
      const results = JSON.parse(bench.stdout).results as Array<
        { variant: string; effect: string }
      >;
      assert.equal(results.find((x) => x.variant === "shell-force-push")?.effect, "blocked");
      const demo = await exec(["demo"], { cwd, env });
      assert.equal(demo.code, 0, demo.stderr);
      assert.match(demo.stdout, /Blocked a force push to the protected branch "main"/);
    });
  },
});

Deno.test({
  name: "the compiled binary installs its own absolute path and uninstalls it",
  ignore: reason !== undefined,
  async fn() {
    await inEmptyWorld(async (cwd, env) => {
      const hook = `${root}examples/log-tool-calls.ts`;
      const i = await exec(["install", hook, "--agent", "claude-code"], { cwd, env });
      assert.equal(i.code, 0, i.stderr);
      const settings = JSON.parse(await Deno.readTextFile(`${env.HOME}/.claude/settings.json`));
      const line: string = settings.hooks.PreToolUse[0].hooks[0].command;
      const abs = await Deno.realPath(bin as string);
      assert.ok(line.startsWith(`"${abs}" run `) || line.startsWith(`${abs} run `), line);
      const u = await exec(["uninstall", hook, "--agent", "claude-code"], { cwd, env });
      assert.equal(u.code, 0, u.stderr);
    });
  },
});
