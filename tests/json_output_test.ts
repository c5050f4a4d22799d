/**
 * Every command's `--json` output against its schema in schema/: each command
 * is run in a throwaway world (a home, a project, a shell hook), and what it
 * prints must validate, carry `"everyhook": 1` first, and exit as `ok` says.
 * Each command's usage error validates against schema/error.schema.json with
 * its stable code. The runs of verify with real agents validate in
 * tests/e2e/verify_test.ts.
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { runMain } from "../run.ts";
import { memoryIo } from "../src/cli/io.ts";
import { COMMANDS } from "../src/cli/commands.ts";
import { findAgent } from "../src/agents/mod.ts";
import { reportEntries } from "../src/verify/report.ts";
import { reachedBy } from "../src/verify/reach.ts";
import { STEP_REACH } from "../src/verify/steps.ts";
import { readSchema, type Schema, validate } from "./json_schema.ts";

const PATH = "/usr/local/bin:/usr/bin:/bin";
const HOOK = `#!/bin/sh
# A hook: refuses a force push, says nothing otherwise.
input=$(cat)
case "$input" in
  *"push --force"*) echo '{"decision":"deny","reason":"no force pushes"}' ;;
esac
`;
const FORCE_PUSH = JSON.stringify({
  session_id: "s",
  hook_event_name: "PreToolUse",
  tool_name: "Bash",
  tool_input: { command: "git push --force origin main" },
});

interface World {
  home: string;
  project: string;
}

async function inWorld(fn: (w: World) => Promise<void>): Promise<void> {
  const home = await Deno.makeTempDir({ prefix: "everyhook-json-" });
  const project = `${home}/project`;
  await Deno.mkdir(project);
  await Deno.writeTextFile(`${project}/guard.sh`, HOOK);
  await Deno.chmod(`${project}/guard.sh`, 0o755);
  // A slip list reports: an event Claude Code does not have.
  await Deno.mkdir(`${home}/.claude`);
  await Deno.writeTextFile(
    `${home}/.claude/settings.json`,
    JSON.stringify({ hooks: { preToolUse: [{ hooks: [{ type: "command", command: "true" }] }] } }),
  );
  try {
    await fn({ home, project });
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

const schemas = new Map<string, Schema>();
async function schemaOf(name: string): Promise<Schema> {
  if (!schemas.has(name)) schemas.set(name, await readSchema(name));
  return schemas.get(name)!;
}

/** Run one command with --json, check its output against the schema, and give it back. */
async function checked(
  w: World,
  schema: string,
  args: string[],
  stdin?: string,
): Promise<Record<string, unknown>> {
  const io = memoryIo({
    env: { HOME: w.home, PATH },
    cwd: w.project,
    ...(stdin === undefined ? {} : { stdin }),
  });
  const code = await main(["--json", ...args], io);
  const text = io.stdoutText();
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new Error(
      `${args.join(" ")} printed no JSON (exit ${code}):\n${text}\n${io.stderrText()}`,
    );
  }
  const s = await schemaOf(schema);
  assert.deepEqual(validate(doc, s, s), [], `${args.join(" ")} against ${schema}.schema.json`);
  assert.equal(Object.keys(doc)[0], "everyhook", `${args.join(" ")}: "everyhook" comes first`);
  assert.equal(code, doc.ok === true ? 0 : code === 2 ? 2 : 1, `${args.join(" ")}: exit ${code}`);
  return doc;
}

Deno.test("the validator refuses what a schema says no to, and follows oneOf", async () => {
  const list = await schemaOf("list");
  const doc = {
    everyhook: 1,
    ok: true,
    project: "/p",
    counts: { files: 0, entries: 0, ours: 0, problems: 0, conditions: 0 },
    files: [],
    entries: [],
    conditions: [],
  };
  assert.deepEqual(validate(doc, list, list), []);
  const bad = {
    ...doc,
    everyhook: 2,
    files: [{
      agent: "codex",
      scope: "user",
      file: "/h/.codex/hooks.json",
      format: "json",
      status: "read",
      problems: ["a problem in words only"],
    }],
  };
  const problems = validate(bad, list, list).join("\n");
  assert.match(problems, /\$\.everyhook: is not 1/);
  assert.match(problems, /\$\.files\[0\]\.problems\[0\]: is string, not object/);
  const explain = await schemaOf("explain");
  const answer = (native: unknown) => ({
    everyhook: 1,
    ok: true,
    agent: "codex",
    name: "Codex CLI",
    event: "stop",
    native: "Stop",
    info: "",
    answers: [{ answer: "deny", native, exit: 0, effect: "", notes: [], basis: { kind: "none" } }],
  });
  assert.deepEqual(validate(answer({ kind: "json", value: { a: 1 } }), explain, explain), []);
  assert.match(
    validate(answer('{"decision":"block"}'), explain, explain).join("\n"),
    /matches none of oneOf/,
  );
});

Deno.test("every command's --json output validates against its schema", async () => {
  const seen = new Set<string>();
  await inWorld(async (w) => {
    const see = (name: string) => seen.add(name);
    const dry = await checked(w, "install", [
      "install",
      "./guard.sh",
      "--agent",
      "codex,gemini",
      "--dry-run",
    ]);
    assert.equal(dry.dryRun, true);
    const installed = await checked(w, "install", [
      "install",
      "./guard.sh",
      "--agent",
      "codex,gemini",
    ]);
    assert.equal((installed.results as unknown[]).length, 2);
    see("install");

    const listed = await checked(w, "list", ["list"]);
    const kinds = (listed.entries as Array<{ problems: Array<{ kind: string }> }>)
      .flatMap((e) => e.problems.map((p) => p.kind));
    assert.ok(kinds.includes("unknown-event"), `the slip is a problem of its kind: ${kinds}`);
    see("list");

    const ran = await checked(w, "run", [
      "run",
      "--agent",
      "claude-code",
      "--event",
      "pre-tool",
      "--",
      "./guard.sh",
    ], FORCE_PUSH);
    const native = ran.native as { printed: { kind: string; value: unknown } };
    assert.equal(native.printed.kind, "json");
    assert.equal(
      (native.printed.value as { hookSpecificOutput: { permissionDecision: string } })
        .hookSpecificOutput.permissionDecision,
      "deny",
    );
    see("run");

    const benched = await checked(w, "bench", ["bench", "./guard.sh", "--agent", "codex"]);
    assert.ok((benched.results as unknown[]).length > 0);
    see("bench");

    await checked(w, "explain", ["explain"]);
    await checked(w, "explain", ["explain", "codex"]);
    const event = await checked(w, "explain", ["explain", "codex", "pre-tool"]);
    const deny = (event.answers as Array<{ answer: string; native: { kind: string } }>)
      .find((a) => a.answer === "deny");
    assert.equal(deny?.native.kind, "json", "a native answer is a JSON value");
    see("explain");

    await checked(w, "demo", ["demo", "--hook", `${w.project}/guard.sh`]);
    see("demo");

    await checked(w, "uninstall", ["uninstall", "./guard.sh", "--agent", "gemini", "--dry-run"]);
    await checked(w, "uninstall", ["uninstall", "./guard.sh", "--agent", "gemini"]);
    see("uninstall");

    await checked(w, "restore", ["restore", "--agent", "codex", "--list"]);
    await checked(w, "restore", ["restore", "--agent", "codex", "--dry-run"]);
    await checked(w, "restore", ["restore", "--agent", "codex"]);
    see("restore");

    const imported = await checked(w, "import", [
      "import",
      "--from",
      "claude-code",
      "--agent",
      "codex",
      "--dry-run",
    ]);
    assert.equal(imported.from, "claude-code");
    see("import");

    if (COMMANDS.some((c) => c.name === "new")) {
      const made = await checked(w, "new", ["new", "made.ts"]);
      assert.match(String(made.hook), /made\.ts$/);
      see("new");
    }

    await Deno.writeTextFile(
      `${w.project}/everyhook.json`,
      JSON.stringify({ hooks: [{ file: "guard.sh", events: ["pre-tool"], agents: ["codex"] }] }),
    );
    const synced = await checked(w, "sync", ["sync", "--dry-run"]);
    assert.equal(synced.dryRun, true);
    see("sync");

    const trusted = await checked(w, "trust", ["trust", "--agent", "gemini", "--yes"]);
    assert.equal(trusted.yes, true);
    see("trust");

    const verified = await checked(w, "verify", ["verify", "--agent", "codex"]);
    const run = (verified.agents as Array<{ run: { kind: string } }>)[0]?.run;
    assert.equal(run?.kind, "not-run", "no agent is on this PATH");
    see("verify");
  });
  const withJson = COMMANDS.filter((c) => c.flags.some((f) => f.name === "json")).map((c) =>
    c.name
  );
  assert.deepEqual([...seen].sort(), [...withJson].sort(), "every command with --json is checked");
});

Deno.test("verify's entries and calls validate, the answer a JSON value", async () => {
  const agent = findAgent("claude-code")!;
  const file = "/w/home/.claude/settings.json";
  const entry = {
    agent: "claude-code",
    scope: "user" as const,
    file,
    event: "PreToolUse",
    contractEvent: "pre-tool" as const,
    matcher: null,
    type: "command",
    name: null,
    command: "guard",
    timeout: null,
    ours: false,
    mode: null,
    hook: null,
    alsoRunBy: [],
    problems: [],
    notes: [],
    warnings: [],
    speaks: null,
  };
  const stdout = JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny" } });
  const entries = reportEntries(
    agent,
    [entry],
    [{ id: "e1", file: "/h/.claude/settings.json", copy: file, native: "PreToolUse" }],
    {
      calls: [{
        id: "e1",
        input: {},
        payloadEvent: "PreToolUse",
        stdout,
        stderr: "",
        exit: 0,
        ms: 9,
      }],
      toolResults: [],
      reached: (["session", "prompt", "shell", "stop"] as const).flatMap((s) =>
        reachedBy(agent, s, STEP_REACH[s])
      ),
    },
    (p) => p,
  );
  const report = {
    everyhook: 1,
    ok: true,
    project: "/w/project",
    loopbackOnly: true,
    agents: [{
      agent: agent.id,
      name: agent.name,
      run: { kind: "ran", binary: "/bin/claude", exit: 0, ms: 900, commandRan: true, tail: null },
      ok: true,
      entries,
      steps: [],
      holes: [],
      adjustments: [],
    }],
  };
  const s = await schemaOf("verify");
  assert.deepEqual(validate(report, s, s), []);
  assert.deepEqual(entries[0]!.calls[0]!.answer, { kind: "json", value: JSON.parse(stdout) });
});

Deno.test("each command's usage error validates against error.schema.json, with its stable code", async () => {
  await inWorld(async (w) => {
    for (const c of COMMANDS.filter((c) => c.flags.some((f) => f.name === "json"))) {
      const args = c.name === "run"
        ? ["run", "--agent", "nobody", "--event", "pre-tool", "--", "./guard.sh"]
        : [c.name, "--no-such-option"];
      const doc = await checked(w, "error", args);
      assert.equal(doc.code, "usage", c.name);
    }
    const gone = await checked(w, "error", ["restore", "--agent", "codex", "--backup", "nope"]);
    assert.equal(gone.code, "not-found");
    // run.ts, the program the lines install writes start, prints the same error document.
    const io = memoryIo({ env: { HOME: w.home, PATH }, cwd: w.project, stdin: "{}" });
    const code = await runMain(
      ["--json", "--agent", "nobody", "--event", "pre-tool", "--", "x"],
      io,
    );
    assert.equal(code, 2);
    const doc = JSON.parse(io.stdoutText());
    const s = await schemaOf("error");
    assert.deepEqual(validate(doc, s, s), []);
    assert.equal(doc.code, "usage");
  });
});

Deno.test("error.schema.json and docs/json.md name every stable code of errors.ts", async () => {
  const root = new URL("..", import.meta.url);
  const source = await Deno.readTextFile(new URL("src/contract/errors.ts", root));
  const union = /export type ErrorCode =([^;]+);/.exec(source)?.[1] ?? "";
  const codes = [...union.matchAll(/"([a-z-]+)"/g)].map((m) => m[1]!);
  assert.ok(codes.length > 5, "the codes are read from errors.ts");
  const schema = await schemaOf("error");
  const listed = (schema.properties as { code: { enum: string[] } }).code.enum;
  assert.deepEqual([...listed].sort(), [...codes].sort());
  const page = await Deno.readTextFile(new URL("docs/json.md", root));
  for (const code of codes) assert.ok(page.includes(`\`${code}\``), `docs/json.md names ${code}`);
});
