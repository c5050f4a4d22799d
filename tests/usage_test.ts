/**
 * The command line as a person meets it: every usage error is exit 2 with a
 * message that says what to write instead, and every command's help comes from
 * its row in the command table. Runs `main()` in memory; nothing is written.
 */

import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";
import { COMMANDS, commandSpec, TIMEOUT_RULE } from "../src/cli/commands.ts";
import { usageTokens } from "../src/cli/help.ts";
import { AGENTS } from "../src/agents/mod.ts";
import { EVENTS } from "../src/contract/contract.ts";
import { DEFAULT_TIMEOUT_SECONDS } from "../src/run/run.ts";
import { folderVariables } from "../src/agents/folder_variables.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const granted = () => "granted" as const;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const env = { PATH: Deno.env.get("PATH") ?? "" };

async function everyhook(args: string[], cwd = ROOT) {
  const io = memoryIo({ env, cwd, stdin: "{}" });
  const code = await main(args, io, { query: granted });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

/** Exit 2, one line on stderr that matches, nothing on stdout. */
async function usageError(args: string[], pattern: RegExp, cwd = ROOT): Promise<void> {
  const r = await everyhook(args, cwd);
  assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
  assert.equal(r.stdout, "", args.join(" "));
  assert.equal(r.stderr.split("\n").length, 2, `one line: ${r.stderr}`);
  assert.match(r.stderr, /^everyhook: /);
  assert.match(r.stderr, pattern, args.join(" "));
}

Deno.test("usage: an unknown option is named, with the nearest known one", async () => {
  await usageError(
    ["list", "--agnet", "codex"],
    /Cannot read the "list" command line: unknown option --agnet; did you mean --agent\?/,
  );
  await usageError(
    ["install", "h.ts", "--dryrun"],
    /unknown option --dryrun; did you mean --dry-run\?/,
  );
  await usageError(
    ["run", "--agnet", "codex", "--event", "stop", "--", "h"],
    /unknown option --agnet; did you mean --agent\?/,
  );
  await usageError(["explain", "--xyz"], /unknown option --xyz; see everyhook explain --help/);
  await usageError(["lsit"], /Cannot run "lsit": there is no such command; did you mean list\?/);
  await usageError(["--agent", "codex", "list"], /--agent is not an option before the command/);
});

Deno.test("usage: a missing value and a bad value are named, with what is allowed", async () => {
  await usageError(["list", "--agent"], /--agent needs a value: --agent <a,b,\.\.\.>, the agents/);
  await usageError(["list", "--hook", "--ours"], /--hook needs a value: --hook <name>/);
  await usageError(
    ["install", "h.ts", "--all", "--scope", "team"],
    /--scope "team" is not one of user, project/,
  );
  await usageError(["list", "--ours=yes"], /--ours takes no value/);
  await usageError(["list", "extra"], /"extra" is one word too many/);
  await usageError(["restore"], /name the agents with --agent or --all \(restore --list alone/);
  await usageError(["restore", "--all", "--agent", "codex"], /give --agent or --all, not both/);
  await usageError(["run", "--event", "stop", "--", "h"], /--agent is required: --agent <agent>/);
  await usageError(["run", "--agent", "codex", "--event", "stop"], /name the hook/);
});

Deno.test("usage: --timeout has one rule in run, bench and install", async () => {
  const lines = {
    run: ["run", "--agent", "codex", "--event", "stop"],
    bench: ["bench", "examples/block-force-push.ts", "--agent", "codex"],
    install: ["install", "examples/block-force-push.ts", "--agent", "codex", "--dry-run"],
  };
  const rule = `is not a whole number of seconds from ${TIMEOUT_RULE.min} to ${TIMEOUT_RULE.max}`;
  for (const [name, words] of Object.entries(lines)) {
    const why: Record<string, string> = {
      "0": `is too short: a hook needs at least ${TIMEOUT_RULE.min} second`,
      "2.5": rule,
      soon: rule,
      [String(TIMEOUT_RULE.max + 1)]: `is too long: at most ${TIMEOUT_RULE.max} seconds`,
    };
    for (const [bad, reason] of Object.entries(why)) {
      const args = [...words, `--timeout=${bad}`, ...(name === "run" ? ["--", "h"] : [])];
      await usageError(args, new RegExp(`--timeout "${bad.replace(".", "\\.")}" ${reason}$`, "m"));
    }
    const help = commandSpec(name).flags.find((f) => f.name === "timeout");
    assert.deepEqual(help?.rule, TIMEOUT_RULE, name);
    assert.match((await everyhook([name, "--help"])).stdout, /whole seconds, 1 to 3600/);
  }
  assert.equal(
    commandSpec("run").flags.find((f) => f.name === "timeout")?.default,
    String(DEFAULT_TIMEOUT_SECONDS),
  );
  assert.equal(
    commandSpec("bench").flags.find((f) => f.name === "timeout")?.default,
    String(DEFAULT_TIMEOUT_SECONDS),
  );
});

Deno.test("usage: an agent or event that is not there lists the valid ones, with a hint", async () => {
  const ids = AGENTS.map((a) => a.id).join(", ");
  await usageError(
    ["list", "--agent", "codx"],
    new RegExp(`did you mean codex\\? \\(the agents: ${ids}\\)`),
  );
  await usageError(
    ["explain", "nobody"],
    new RegExp(`no agent named "nobody" \\(the agents: ${ids}\\)`),
  );
  const events = `\\(the events: ${EVENTS.join(", ")}\\)`;
  await usageError(
    ["explain", "codex", "pretool"],
    new RegExp(`did you mean pre-tool\\? ${events}`),
  );
  await usageError(
    ["explain", "codex", "PreToolUse"],
    /no event named "PreToolUse": that is what Codex CLI calls pre-tool; write pre-tool/,
  );
  await usageError(
    ["list", "--event", "BeforeTool"],
    /what Gemini CLI calls pre-tool; write pre-tool/,
  );
  await usageError(
    ["run", "--agent", "claude", "--event", "lunch", "--", "h"],
    /^everyhook: Cannot read the "run" command line: --event: no event named "lunch"/,
  );
});

Deno.test("usage: a hook file that is not there and a malformed --fixture are exit 2", async () => {
  await usageError(
    ["install", "nope.ts", "--all", "--dry-run"],
    /there is no hook file "nope\.ts"/,
  );
  await usageError(["bench", "examples/nope.ts"], /"[^"]*examples\/nope\.ts" does not exist/);
  await usageError(["demo", "--hook", "nope.ts"], /there is no hook file "nope\.ts"/);
  await usageError(["bench", "example:nope"], /Cannot find the example "nope": the examples are /);
  const dir = await Deno.makeTempDir({ prefix: "everyhook-usage-" });
  try {
    await Deno.writeTextFile(`${dir}/broken.json`, "{ not json");
    await Deno.writeTextFile(`${dir}/shapeless.json`, '{"agent": "codex", "payload": []}');
    const hook = `${ROOT}/examples/block-force-push.ts`;
    await usageError(
      ["bench", hook, "--fixture", "broken.json"],
      /--fixture "broken\.json" is not JSON/,
      dir,
    );
    await usageError(
      ["bench", hook, "--fixture", "shapeless.json"],
      /--fixture "shapeless\.json" lacks "agent" or "event"/,
      dir,
    );
    await usageError(
      ["bench", hook, "--fixture", "gone.json"],
      /--fixture "gone\.json" is not there/,
      dir,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("usage: under --json (before or after the command) the error is one JSON document", async () => {
  for (const args of [["--json", "list", "--agnet", "x"], ["list", "--agnet", "x", "--json"]]) {
    const r = await everyhook(args);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, "");
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.ok, false);
    assert.match(doc.error, /did you mean --agent\?/);
  }
});

Deno.test("everyhook --json <command> is <command> --json", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-usage-" });
  try {
    const run = async (args: string[]) => {
      const io = memoryIo({ env: { HOME: home, PATH: "" }, cwd: home });
      const code = await main(args, io, { query: granted });
      return { code, out: io.stdoutText() };
    };
    const before = await run(["--json", "list", "--agent", "codex"]);
    const after = await run(["list", "--agent", "codex", "--json"]);
    assert.equal(before.code, 0);
    assert.deepEqual(before, after);
    assert.equal(JSON.parse(before.out).ok, true);
    const explained = await run(["--json", "explain", "codex"]);
    assert.equal(JSON.parse(explained.out).agent, "codex");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("everyhook help <command> prints that command's help", async () => {
  for (const c of COMMANDS) {
    const help = await everyhook(["help", c.name]);
    assert.equal(help.code, 0);
    assert.equal(help.stdout, (await everyhook([c.name, "--help"])).stdout);
    assert.equal(help.stdout, (await everyhook(["--help", c.name])).stdout);
    assert.ok(help.stdout.startsWith(`Usage: everyhook ${c.name}`));
  }
  await usageError(["help", "instal"], /did you mean install\?/);
  const general = await everyhook(["help"]);
  assert.match(general.stdout, /^everyhook \d/);
});

Deno.test("each command's help is its row of the table: flags, operands, examples, agents, environment", async () => {
  for (const c of COMMANDS) {
    const { stdout: text, code } = await everyhook([c.name, "--help"], "/");
    assert.equal(code, 0);
    for (const f of c.flags) {
      const label = escape(`--${f.name}${f.value ? ` ${f.value}` : ""}`);
      const row = new RegExp(`^  ${label} +${escape(f.text.slice(0, 20))}`, "m");
      assert.match(text, row, `${c.name}: no Options row for --${f.name}`);
      if (f.default !== undefined) {
        assert.ok(text.includes(`default ${f.default}`), `${c.name} --${f.name}`);
      }
    }
    for (const o of c.operands) assert.ok(text.includes(o.text), `${c.name} <${o.name}>`);
    assert.ok(c.examples.length >= 2 && c.examples.length <= 3, c.name);
    for (const e of c.examples) assert.ok(text.includes(`everyhook ${e.line}\n`), e.line);
    for (const a of AGENTS) assert.match(text, new RegExp(`^  ${a.id} +${a.name}`, "m"));
    for (const v of c.env.flatMap((v) => v.agentFolders ? folderVariables(AGENTS) : [v])) {
      const row = new RegExp(`^  ${v.name} +${escape(v.text.slice(0, 20))}`, "m");
      assert.match(text, row, `${c.name} ${v.name}`);
    }
    for (const token of usageTokens(c)) {
      assert.ok(text.includes(token), `${c.name}: "${token}" is broken across lines`);
    }
    for (const line of text.split("\n")) assert.ok(line.length <= 100, line);
  }
  const general = (await everyhook(["--help"])).stdout;
  for (const a of AGENTS) assert.match(general, new RegExp(`^  ${a.id} +${a.name}`, "m"));
  for (const c of COMMANDS) {
    for (const token of usageTokens(c)) assert.ok(general.includes(token), `${c.name} ${token}`);
  }
});

Deno.test("the table names every variable the agents' files move with, and the system folder's", () => {
  // The table marks where the agents' own variables go; the help names them from the agents.
  const named = (command: string) =>
    commandSpec(command).env.flatMap((v) =>
      v.agentFolders ? folderVariables(AGENTS).map((f) => f.name) : [v.name]
    );
  const moved = new Set(
    AGENTS.flatMap((a) => [a.install.files.user, a.install.files.project, ...(a.reads ?? [])])
      .flatMap((l) => l.env === undefined ? [] : [l.env]),
  );
  assert.ok(moved.size >= 4);
  for (const command of ["install", "uninstall", "restore", "list"]) {
    for (const v of moved) assert.ok(named(command).includes(v), `${command} ${v}`);
  }
  assert.ok(named("list").includes("EVERYHOOK_SYSTEM_DIR"));
  assert.ok(named("run").includes("EVERYHOOK_DEBUG"));
});
