import assert from "node:assert/strict";
import { main, VERSION } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";
import { COMMANDS } from "../src/cli/commands.ts";
import type { PermissionName } from "../src/os/runtime.ts";
import denoJson from "../deno.json" with { type: "json" };

const granted = () => "granted" as const;

Deno.test("main() prints the help generated from the command table", async () => {
  for (const args of [[], ["--help"], ["-h"]]) {
    const io = memoryIo();
    assert.equal(await main(args, io, { query: granted }), 0);
    for (const c of COMMANDS) assert.match(io.stdoutText(), new RegExp(`\\n  ${c.name} `));
    assert.match(io.stdoutText(), /Exit codes: 0/);
  }
});

Deno.test("main() prints each command's help, with its options and permissions", async () => {
  for (const c of COMMANDS) {
    const io = memoryIo();
    assert.equal(await main([c.name, "--help"], io, { query: () => "denied" }), 0, c.name);
    const text = io.stdoutText();
    assert.ok(text.startsWith(`Usage: everyhook ${c.name}`), text);
    for (const f of c.flags) assert.ok(text.includes(`--${f.name}`), `${c.name} --${f.name}`);
    for (const p of c.permissions) assert.ok(text.includes(`--allow-${p}`));
  }
});

Deno.test("main() leaves a --help after -- to the hook", async () => {
  const io = memoryIo({ stdin: "" });
  const code = await main(
    ["run", "--agent", "claude-code", "--event", "pre-tool", "--", "/no/such/hook.sh", "--help"],
    io,
    { query: granted },
  );
  assert.equal(code, 0);
  assert.doesNotMatch(io.stdoutText(), /Usage:/);
});

Deno.test("main() prints the version from deno.json", async () => {
  for (const flag of ["--version", "-v"]) {
    const io = memoryIo();
    assert.equal(await main([flag], io, { standalone: false }), 0);
    assert.equal(io.stdoutText(), `everyhook ${denoJson.version}\n`);
  }
  assert.equal(VERSION, denoJson.version);
  const binary = memoryIo();
  assert.equal(
    await main(["--version"], binary, { standalone: true, target: "aarch64-apple-darwin" }),
    0,
  );
  assert.equal(
    binary.stdoutText(),
    `everyhook ${denoJson.version} (binary for aarch64-apple-darwin)\n`,
  );
});

Deno.test("main() exits 2 for an unknown command, with the error document under --json", async () => {
  const io = memoryIo();
  assert.equal(await main(["frobnicate"], io), 2);
  assert.match(io.stderrText(), /^everyhook: Cannot run "frobnicate": there is no such command/);
  const json = memoryIo();
  assert.equal(await main(["frobnicate", "--json"], json), 2);
  const doc = JSON.parse(json.stdoutText());
  assert.equal(doc.ok, false);
  assert.match(doc.error, /no such command/);
});

Deno.test("main() exits 2 for a run command line it cannot read", async () => {
  const cases: string[][] = [
    ["run", "--event", "pre-tool", "--", "h"],
    ["run", "--agent", "claude-code", "--", "h"],
    ["run", "--agent", "claude-code", "--event", "pre-tool"],
    ["run", "--agent", "nobody", "--event", "pre-tool", "--", "h"],
    ["run", "--agent", "claude-code", "--event", "lunch", "--", "h"],
    ["run", "--agent", "claude-code", "--event", "pre-tool", "--timeout", "soon", "--", "h"],
    ["run", "--agent", "claude-code", "--event", "pre-tool", "--bogus", "--", "h"],
  ];
  for (const args of cases) {
    const io = memoryIo({ stdin: "{}" });
    assert.equal(await main(args, io, { query: granted }), 2, args.join(" "));
    assert.match(io.stderrText(), /^everyhook: Cannot read the "run" command line: /);
    assert.equal(io.stdoutText(), "");
  }
});

Deno.test("main() checks the command's permissions before any work", async () => {
  const asked: PermissionName[] = [];
  const io = memoryIo({ stdin: "{}" });
  const code = await main(
    ["run", "--agent", "claude-code", "--event", "pre-tool", "--", "h"],
    io,
    {
      query: (name) => {
        asked.push(name);
        return name === "run" ? "prompt" : "granted";
      },
      standalone: false,
    },
  );
  assert.equal(code, 1);
  assert.deepEqual(asked, ["read", "run", "env"]);
  assert.match(io.stderrText(), /add --allow-run after "deno run"/);
  const compiled = memoryIo();
  await main(["demo"], compiled, { query: () => "denied", standalone: true });
  assert.match(
    compiled.stderrText(),
    /built without --allow-read --allow-write --allow-run --allow-env/,
  );
});

Deno.test("main() runs a hook and prints the agent's JSON", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/h.sh`, 'echo \'{"decision":"deny","reason":"R"}\'\n');
    const io = memoryIo({
      stdin: JSON.stringify({
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "ls" },
      }),
      env: { PATH: Deno.env.get("PATH") ?? "" },
      cwd: dir,
    });
    const code = await main(
      ["run", "--agent", "claude", "--event", "PreToolUse", "--", "h.sh"],
      io,
      { query: granted },
    );
    assert.equal(code, 0);
    const out = JSON.parse(io.stdoutText());
    assert.equal(out.hookSpecificOutput.permissionDecision, "deny");
    assert.equal(out.hookSpecificOutput.permissionDecisionReason, "R");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
