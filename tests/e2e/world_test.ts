import assert from "node:assert/strict";
import { runAgent } from "./process.ts";
import { agentBin, makeWorld, readHookLog, recordHookCommand, skipReason } from "./world.ts";

Deno.test("makeWorld() makes home, project and tmp, a scrubbed env, and removes them", async () => {
  let root: string;
  {
    await using w = await makeWorld("test");
    root = w.root;
    for (const dir of [w.home, w.project, w.tmp]) assert.ok((await Deno.stat(dir)).isDirectory);
    const env = w.env({ EXTRA: "1" });
    assert.equal(env.HOME, w.home);
    assert.equal(env.TMPDIR, w.tmp);
    assert.equal(env.LANG, "C.UTF-8");
    assert.equal(env.TERM, "dumb");
    assert.equal(env.EXTRA, "1");
    assert.ok(env.PATH?.split(":").includes(Deno.execPath().replace(/\/[^/]+$/, "")));
    assert.equal(env.USER, undefined);
  }
  if (Deno.env.get("EVERYHOOK_KEEP_WORLDS") !== "1") {
    await assert.rejects(Deno.stat(root), Deno.errors.NotFound);
  }
});

Deno.test("agentBin() and skipReason() say why an unknown agent cannot run", async () => {
  assert.equal(agentBin("no-such-agent"), undefined);
  assert.match((await skipReason("no-such-agent")) ?? "", /not a pinned agent/);
});

Deno.test("recordHookCommand() logs the call and answers from the first matching rule", async () => {
  await using w = await makeWorld("test");
  const log = `${w.tmp}/hooks.jsonl`;
  const rules = `${w.tmp}/rules.json`;
  await Deno.writeTextFile(
    rules,
    JSON.stringify([
      { event: "PreToolUse", match: "git push", max: 1, stderr: "R-no", exit: 2 },
      { event: "PreToolUse", stdout: '{"ok":true}' },
    ]),
  );
  const env = w.env({ HOOK_LOG: log, HOOK_RULES: rules, CLAUDE_X: "1", SECRET_TOKEN: "s" });
  const call = (stdin: string) =>
    runAgent({
      cmd: "/bin/sh",
      args: ["-c", recordHookCommand("PreToolUse")],
      env,
      cwd: w.project,
      timeoutMs: 30_000,
      stdin,
    });
  const first = await call(JSON.stringify({ tool_input: { command: "git push --force" } }));
  assert.deepEqual([first.code, first.stdout, first.stderr], [2, "", "R-no"]);
  const second = await call(JSON.stringify({ tool_input: { command: "git push --force" } }));
  assert.deepEqual([second.code, second.stdout], [0, '{"ok":true}']);
  const third = await call("not json");
  assert.equal(third.code, 0);
  const entries = await readHookLog(log);
  assert.equal(entries.length, 3);
  assert.deepEqual(entries.map((e) => e.rule), [0, 1, 1]);
  assert.equal(entries[0]?.event, "PreToolUse");
  assert.deepEqual(entries[0]?.stdin, { tool_input: { command: "git push --force" } });
  assert.equal(entries[2]?.stdin, "not json");
  assert.equal(entries[0]?.cwd, w.project);
  assert.equal(entries[0]?.env.CLAUDE_X, "1");
  assert.equal(entries[0]?.env.HOOK_LOG, log);
  assert.equal(entries[0]?.env.SECRET_TOKEN, undefined);
});

Deno.test("readHookLog() reads a missing log as no calls", async () => {
  assert.deepEqual(await readHookLog("/nonexistent/hooks.jsonl"), []);
});
