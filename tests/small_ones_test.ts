/**
 * Small things a new user trips on: a bare hook file name is a file in the
 * current folder first in bench, as in install; `help --help` and
 * `<command> --help --json` work; bench counts context and message answers as
 * what they are.
 */

import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";

const CLI = new URL("../cli.ts", import.meta.url).pathname;

async function everyhook(cwd: string, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-run", "--allow-env", CLI, ...args],
    cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test({
  name:
    "bench takes a bare file name from the current folder, and counts context answers as context",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "everyhook-small-" });
    try {
      await Deno.writeTextFile(
        `${dir}/env_guard.sh`,
        `#!/bin/sh\ncat >/dev/null\necho '{"context":"remember the rules"}'\n`,
      );
      const r = await everyhook(dir, [
        "bench",
        "env_guard.sh",
        "--agent",
        "codex",
        "--event",
        "pre-tool",
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /documents: context \d+; 0 crashes/);
      assert.doesNotMatch(r.stdout, /no opinion/);
      const missing = await everyhook(dir, ["bench", "nope_guard", "--agent", "codex"]);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /"nope_guard" is not on PATH/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("help --help is the whole help, and <command> --help --json one JSON document", async () => {
  const io = memoryIo();
  assert.equal(await main(["help", "--help"], io), 0);
  assert.match(io.stdoutText(), /^everyhook \d+\.\d+\.\d+: write a hook once/);
  for (
    const args of [["list", "--help", "--json"], ["help", "bench", "--json"], [
      "--json",
      "install",
      "--help",
    ]]
  ) {
    const one = memoryIo();
    assert.equal(await main(args, one), 0, args.join(" "));
    const doc = JSON.parse(one.stdoutText());
    assert.equal(doc.everyhook, 1);
    assert.equal(doc.command.name, args.find((a) => !a.startsWith("-") && a !== "help"));
    assert.match(doc.command.usage, new RegExp(`^everyhook ${doc.command.name} `));
  }
  const all = memoryIo();
  assert.equal(await main(["--help", "--json"], all), 0);
  assert.ok(JSON.parse(all.stdoutText()).commands.some((c: { name: string }) => c.name === "new"));
});
