// The compiled binary: run when EVERYHOOK_BIN names one (deno task compile makes dist/everyhook), skipped otherwise.
import assert from "node:assert/strict";

const bin = Deno.env.get("EVERYHOOK_BIN");
const reason = bin
  ? undefined
  : "EVERYHOOK_BIN is not set: no compiled binary to test (deno task compile needs Deno's release host or DENORT_BIN)";
if (reason) {
  // deno-lint-ignore no-console
  console.log(`skipped: compiled-binary tests: ${reason}`);
}
const root = new URL("..", import.meta.url).pathname;

async function exec(
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
) {
  const child = new Deno.Command(bin as string, {
    args,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: options.env ?? {},
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

Deno.test({
  name: "the compiled binary prints its version and runs a hook as run does",
  ignore: reason !== undefined,
  async fn() {
    const version = JSON.parse(await Deno.readTextFile(`${root}deno.json`)).version;
    assert.match((await exec(["--version"])).stdout, new RegExp(version.replaceAll(".", "\\.")));
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
      { stdin: JSON.stringify(fixture.payload), env: { PATH: Deno.env.get("PATH") ?? "" } },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).hookSpecificOutput.permissionDecision, "deny");
  },
});

Deno.test({
  name: "the compiled binary installs its own absolute path and uninstalls it",
  ignore: reason !== undefined,
  async fn() {
    const home = await Deno.makeTempDir();
    const env = { HOME: home, PATH: Deno.env.get("PATH") ?? "" };
    const hook = `${root}examples/log-tool-calls.ts`;
    const i = await exec(["install", hook, "--agent", "claude-code"], { env });
    assert.equal(i.code, 0, i.stderr);
    const settings = JSON.parse(await Deno.readTextFile(`${home}/.claude/settings.json`));
    const line: string = settings.hooks.PreToolUse[0].hooks[0].command;
    const abs = await Deno.realPath(bin as string);
    assert.ok(line.startsWith(`"${abs}" run `) || line.startsWith(`${abs} run `), line);
    const u = await exec(["uninstall", hook, "--agent", "claude-code"], { env });
    assert.equal(u.code, 0, u.stderr);
    await Deno.remove(home, { recursive: true });
  },
});
