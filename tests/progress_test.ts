/**
 * Progress on a terminal: bench and verify write a status line and one line
 * per agent, with its time, on stderr when it is a terminal; nothing when it is
 * not, and nothing under --json.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";

const HOOK = "#!/bin/sh\ncat >/dev/null\n";

async function inFolder(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-progress-" });
  await Deno.writeTextFile(`${dir}/hook.sh`, HOOK);
  await Deno.chmod(`${dir}/hook.sh`, 0o755);
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("bench on a terminal shows each document and each agent's time on stderr", async () => {
  await inFolder(async (dir) => {
    const io = memoryIo({ cwd: dir, env: { PATH: "/usr/bin:/bin", HOME: dir }, errTerminal: true });
    assert.equal(await main(["bench", "./hook.sh", "--agent", "codex,gemini"], io), 0);
    const err = io.stderrText();
    const ESC = String.fromCharCode(0x1b);
    assert.match(err, new RegExp(`\\r${ESC}\\[2Kbench: 1 of \\d+ documents \\(codex `));
    assert.match(err, /bench: codex: \d+ documents in \d+\.\d s\n/);
    assert.match(err, /bench: gemini-cli: \d+ documents in \d+\.\d s\n/);
    assert.ok(err.endsWith("\r\x1b[2K") || err.endsWith("\n"), "the status line is cleared");
    assert.ok(!io.stdoutText().includes(`${ESC}[2K`), "stdout has none of it");
  });
});

Deno.test("bench writes no progress when stderr is not a terminal, or under --json", async () => {
  await inFolder(async (dir) => {
    for (const [args, terminal] of [[[], false], [["--json"], true]] as const) {
      const io = memoryIo({
        cwd: dir,
        env: { PATH: "/usr/bin:/bin", HOME: dir },
        errTerminal: terminal,
      });
      assert.equal(await main(["bench", "./hook.sh", "--agent", "codex", ...args], io), 0);
      assert.equal(io.stderrText(), "", `${args.join(" ")} terminal ${terminal}`);
    }
  });
});

Deno.test("verify on a terminal says of each agent what became of it; nothing under --json", async () => {
  await inFolder(async (dir) => {
    await Deno.mkdir(`${dir}/.codex`);
    await Deno.writeTextFile(
      `${dir}/.codex/hooks.json`,
      JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } }),
    );
    const env = { HOME: dir, PATH: "" };
    const io = memoryIo({ cwd: dir, env, errTerminal: true });
    await main(["verify", "--agent", "codex,cursor"], io);
    const err = io.stderrText();
    assert.match(err, /verify: Codex CLI: not run \(not installed: no codex on PATH\)\n/);
    assert.match(err, /verify: Cursor: not run \(everyhook cannot run Cursor headless yet\)\n/);
    assert.match(err, /verify: 2 of 2 agents done/);
    const quiet = memoryIo({ cwd: dir, env, errTerminal: true });
    await main(["verify", "--agent", "codex", "--json"], quiet);
    assert.equal(quiet.stderrText(), "");
  });
});
