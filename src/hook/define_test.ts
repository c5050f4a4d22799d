// defineHook as hook authors use it: hook files started as programs, in the contract's form
// (document in, answer out) and in direct mode (the agent's JSON in and out), with only the
// permissions their own code needs.
import assert from "node:assert/strict";
import { defineHook } from "./define.ts";
import { deny } from "./answers.ts";

const SDK = new URL("./mod.ts", import.meta.url).href;
const PRE = {
  "session_id": "s",
  cwd: "/nowhere",
  "hook_event_name": "PreToolUse",
  "tool_name": "Bash",
  "tool_input": { command: "git push -f" },
  "tool_use_id": "t",
};

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

async function world(): Promise<string & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-sdk-" });
  return Object.assign(Object.create(String.prototype), {
    toString: () => dir,
    valueOf: () => dir,
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }),
  }) as string & AsyncDisposable;
}

async function hookFile(dir: string, name: string, body: string): Promise<string> {
  const path = `${dir}/${name}`;
  await Deno.writeTextFile(
    path,
    `#!/usr/bin/env -S deno run\nimport * as sdk from "${SDK}";\n${body}\n`,
  );
  return path;
}

/** Start `deno run --no-prompt <flags> <file> <args>` with `stdin`, and no permission but `flags`. */
async function start(file: string, stdin: string, flags: string[] = [], args: string[] = []) {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--no-prompt", ...flags, file, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(stdin));
  await w.close();
  const out = await child.output();
  const dec = new TextDecoder();
  return {
    code: out.code,
    stdout: dec.decode(out.stdout),
    stderr: dec.decode(out.stderr),
    ms: performance.now() - started,
  } satisfies Ran;
}

const DIRECT = ["--everyhook-agent", "claude-code", "--everyhook-event", "pre-tool"];

Deno.test("a hook started by itself reads the document and prints the answer, its console on stderr", async () => {
  await using dir = await world();
  const hook = await hookFile(
    `${dir}`,
    "hook.ts",
    `export default sdk.defineHook((doc) => {
      console.log("looking at", doc.event);
      console.info({ deep: [1] });
      if (doc.event === "prompt") return sdk.deny("not now", { message: "m" });
    });`,
  );
  const denied = await start(hook, '{"everyhook":1,"event":"prompt","prompt":"hi"}');
  assert.equal(denied.code, 0, denied.stderr);
  assert.deepEqual(JSON.parse(denied.stdout), {
    decision: "deny",
    reason: "not now",
    message: "m",
  });
  assert.match(denied.stderr, /looking at prompt\n\{ deep: \[ 1 \] \}\n/);
  const none = await start(hook, '{"everyhook":1,"event":"stop","stop":{"continued":false}}');
  assert.deepEqual([none.code, none.stdout], [0, ""]);
  const bad = await start(hook, '{"event":"lunch"}');
  assert.match(bad.stdout, /^The hook cannot read its document/);
});

Deno.test("a hook in direct mode needs no permission, and prints only the agent's JSON", async () => {
  await using dir = await world();
  const hook = await hookFile(
    `${dir}`,
    "hook.ts",
    `export default sdk.defineHook((doc) => {
      console.log("to stdout? never");
      if (sdk.isShell(doc)) return sdk.deny("no force: " + doc.tool.command);
    });`,
  );
  const r = await start(hook, JSON.stringify(PRE), [], DIRECT);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.hookSpecificOutput.permissionDecision, "deny");
  assert.equal(out.hookSpecificOutput.permissionDecisionReason, "no force: git push -f");
  assert.equal(r.stderr, "");
});

Deno.test("a hook in direct mode answers on time and ends, though its handler would go on", async () => {
  await using dir = await world();
  const hook = await hookFile(
    `${dir}`,
    "hook.ts",
    `export default sdk.defineHook(() => new Promise((r) => setTimeout(r, 60_000)));`,
  );
  const r = await start(hook, JSON.stringify(PRE), [], [
    ...DIRECT,
    "--everyhook-timeout",
    "1",
    "--everyhook-fail-closed",
  ]);
  assert.ok(r.ms < 10_000, `ended after ${r.ms} ms`);
  const out = JSON.parse(r.stdout);
  assert.equal(out.hookSpecificOutput.permissionDecision, "deny");
  assert.match(out.hookSpecificOutput.permissionDecisionReason, /ran past its 1 s/);
});

Deno.test("a handler that waits on nothing is a failure in both forms, not a silent no opinion", async () => {
  await using dir = await world();
  const hook = await hookFile(
    `${dir}`,
    "hook.ts",
    `export default sdk.defineHook(() => new Promise(() => {}));`,
  );
  const contract = await start(hook, '{"event":"pre-tool"}');
  assert.match(contract.stdout, /^The handler never answered/);
  const direct = await start(hook, JSON.stringify(PRE), [], [...DIRECT, "--everyhook-fail-closed"]);
  assert.equal(JSON.parse(direct.stdout).hookSpecificOutput.permissionDecision, "deny");
  assert.match(direct.stderr, /never answered/);
});

Deno.test("a stop's transcript is read only with read access, and never asked for", async () => {
  await using dir = await world();
  const transcript = `${dir}/t.jsonl`;
  await Deno.writeTextFile(
    transcript,
    JSON.stringify({ type: "assistant", message: { content: [{ type: "text", text: "Done?" }] } }) +
      "\n",
  );
  const hook = await hookFile(
    `${dir}`,
    "hook.ts",
    `export default sdk.defineHook((doc) =>
      doc.event === "stop" ? sdk.deny(doc.stop.lastMessage ?? "(none)") : undefined);`,
  );
  const stop = JSON.stringify({
    "session_id": "s",
    "transcript_path": transcript,
    "hook_event_name": "Stop",
    "stop_hook_active": false,
  });
  const args = ["--everyhook-agent", "claude-code", "--everyhook-event", "stop"];
  const granted = await start(hook, stop, [`--allow-read=${transcript}`], args);
  const denied = await start(hook, stop, [], args);
  assert.equal(granted.code, 0, granted.stderr);
  assert.equal(denied.code, 0, denied.stderr);
  assert.match(granted.stdout, /Done\?/);
  assert.match(denied.stdout, /\(none\)/);
});

Deno.test("a hook imported by another module does not run; main() runs one defined in a helper", async () => {
  await using dir = await world();
  await hookFile(
    `${dir}`,
    "hook.ts",
    `export default sdk.defineHook(() => sdk.deny("from the hook"));`,
  );
  const importer = `${dir}/importer.ts`;
  await Deno.writeTextFile(importer, `import "./hook.ts";\nconsole.log("imported");\n`);
  const imported = await start(importer, '{"event":"prompt"}');
  assert.deepEqual([imported.code, imported.stdout], [0, "imported\n"]);
  const main = `${dir}/main.ts`;
  await Deno.writeTextFile(
    main,
    `import hook from "./hook.ts";\nif (import.meta.main) await hook.main();\n`,
  );
  const ran = await start(main, '{"event":"prompt"}');
  assert.equal(JSON.parse(ran.stdout).reason, "from the hook");
});

Deno.test("direct mode's arguments, when wrong, are a usage error", async () => {
  await using dir = await world();
  const hook = await hookFile(`${dir}`, "hook.ts", `export default sdk.defineHook(() => {});`);
  const r = await start(hook, JSON.stringify(PRE), [], ["--everyhook-agent", "claude-code"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /"--everyhook-event" is required/);
  assert.equal(r.stdout, "");
});

Deno.test("defineHook().answer() calls the handler and checks its answer, for tests", async () => {
  const doc = {
    everyhook: 1 as const,
    agent: "codex",
    event: "prompt" as const,
    nativeEvent: "UserPromptSubmit",
    native: {},
  };
  assert.deepEqual(await defineHook(() => deny("x")).answer(doc), {
    decision: "deny",
    reason: "x",
  });
  assert.deepEqual(await defineHook(() => {}).answer(doc), {});
  await assert.rejects(
    defineHook((() => ({ decison: "deny" })) as never).answer(doc),
    /unknown key "decison"/,
  );
});
