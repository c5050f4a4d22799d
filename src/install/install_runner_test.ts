import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import { install, type InstallOptions } from "./install.ts";
import { uninstall } from "./uninstall.ts";
import { runnerHooksText } from "../settings/runner_file.ts";
import { translate } from "../run/translate.ts";
import { runProgram } from "../run/hook_process.ts";
import { NODE_22 } from "../agents/registry.ts";
import { installOptions, testWorld } from "../../tests/install_world.ts";

const cline = findAgent("cline")!;

const world = () => testWorld({ prefix: "everyhook-runner-", files: ["a.ts", "b.ts"] });
const options = (hook: string, over: Partial<InstallOptions> = {}) =>
  installOptions(hook, [cline], over);

const exists = (path: string) => Deno.lstat(path).then(() => true, () => false);

Deno.test("install() writes Cline one executable file per event, and uninstall takes only everyhook's away", async () => {
  await using w = await world();
  const dir = `${w.home}/.cline/hooks`;
  const r = await install(options("a.ts"), w);
  assert.deepEqual(r.results.map((x) => [x.file, x.action]), [
    [`${dir}/PreToolUse.mjs`, "created"],
    [`${dir}/TaskComplete.mjs`, "created"],
  ]);
  assert.equal((await Deno.stat(`${dir}/PreToolUse.mjs`)).mode! & 0o777, 0o755);
  const pre = `${dir}/PreToolUse.mjs`;
  const hooks = JSON.parse(runnerHooksText(await Deno.readTextFile(pre), pre)).hooks;
  assert.deepEqual(Object.keys(hooks), ["PreToolUse"]);
  assert.match(hooks.PreToolUse[0].command, /--agent cline --event pre-tool .*a\.ts/);
  await install(options("b.ts", { events: ["pre-tool"] }), w);
  const two = JSON.parse(runnerHooksText(await Deno.readTextFile(pre), pre)).hooks;
  assert.equal(two.PreToolUse.length, 2);
  const again = await install(options("b.ts", { events: ["pre-tool"] }), w);
  assert.deepEqual(again.results.map((x) => x.action), ["unchanged"]);
  const u = await uninstall({ agents: [cline], scope: "user", hook: "a.ts", dryRun: false }, w);
  assert.deepEqual(u.results.map((x) => [x.file, x.action]), [
    [pre, "removed"],
    [`${dir}/TaskComplete.mjs`, "deleted"],
  ]);
  assert.ok(!(await exists(`${dir}/TaskComplete.mjs`)));
  const left = JSON.parse(runnerHooksText(await Deno.readTextFile(pre), pre)).hooks;
  assert.equal(left.PreToolUse.length, 1);
  assert.match(left.PreToolUse[0].command, /b\.ts/);
});

Deno.test("install() leaves a person's own file of everyhook's name alone, and says why", async () => {
  await using w = await world();
  const dir = `${w.home}/.cline/hooks`;
  await Deno.mkdir(dir, { recursive: true });
  const mine = "#!/usr/bin/env node\nconsole.log('{}');\n";
  await Deno.writeTextFile(`${dir}/PreToolUse.mjs`, mine);
  await Deno.writeTextFile(`${dir}/PreToolUse`, "#!/bin/sh\necho '{}'\n");
  const r = await install(options("a.ts", { events: ["pre-tool"] }), w);
  assert.equal(r.ok, false);
  assert.equal(r.results[0]?.action, "refused");
  assert.match(r.results[0]?.refused ?? "", /not a hook file everyhook wrote/);
  assert.equal(await Deno.readTextFile(`${dir}/PreToolUse.mjs`), mine);
  assert.equal(await Deno.readTextFile(`${dir}/PreToolUse`), "#!/bin/sh\necho '{}'\n");
});

Deno.test("Cline's refusal rewrites the call into a command that prints the reason as one shell word", () => {
  const reason = `no 'force' $(touch x) "push"`;
  const t = translate(cline, "pre-tool", { decision: "deny", reason });
  const out = JSON.parse(t.stdout);
  assert.equal(out.contextModification, reason);
  assert.deepEqual(out.overrideInput, {
    commands: [`printf '%s\\n' 'no '\\''force'\\'' $(touch x) "push"' >&2; exit 1`],
  });
  assert.deepEqual(t.effects, ["blocked"]);
});

// The Node.js 22 the agents' installer puts beside the pinned agents.
const node = new URL(
  `../../.cache/agents/node-${NODE_22.version}/node_modules/.bin/node`,
  import.meta.url,
).pathname;
const haveNode = await Deno.stat(node).then(() => true, () => false);
if (!haveNode) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.log(`skipped: no Node.js 22 at ${node} (deno task agents cline)`);
}

Deno.test({
  name: "everyhook's hook file runs each line and merges their answers as Cline would",
  ignore: !haveNode,
  fn: async () => {
    await using w = await world();
    const say = (json: string) => `printf '%s' '${json}'`;
    const { runnerText } = await import("../settings/runner_file.ts");
    const file = `${w.home}/PreToolUse.mjs`;
    await Deno.writeTextFile(
      file,
      runnerText(JSON.stringify({
        version: 1,
        hooks: {
          PreToolUse: [
            { type: "command", command: say('{"contextModification":"one"}'), timeout: 5 },
            {
              type: "command",
              command:
                `cat > ${w.home}/seen.json; echo 'noise'; printf 'HOOK_CONTROL\\t{"overrideInput":{"commands":["x"]},"context":"two"}\\n'`,
              timeout: 5,
            },
            { type: "command", command: say('{"overrideInput":{"commands":["y"]}}'), timeout: 5 },
          ],
        },
      })),
    );
    const r = await runProgram({
      program: node,
      args: [file],
      env: { PATH: "/usr/bin:/bin" },
      cwd: w.home,
      stdin: new TextEncoder().encode('{"hookName":"tool_call"}'),
      timeoutMs: 20_000,
    });
    assert.equal(r.kind, "exited");
    if (r.kind !== "exited") return;
    assert.deepEqual(JSON.parse(r.stdout), {
      overrideInput: { commands: ["x"] },
      contextModification: "one\ntwo",
    });
    assert.equal(await Deno.readTextFile(`${w.home}/seen.json`), '{"hookName":"tool_call"}');
  },
});

Deno.test({
  name:
    "everyhook's hook file refuses for a --fail-closed line that hangs, and lets a plain one pass",
  ignore: !haveNode,
  fn: async () => {
    await using w = await world();
    const { runnerText } = await import("../settings/runner_file.ts");
    const run = async (entry: Record<string, unknown>) => {
      const file = `${w.home}/PreToolUse.mjs`;
      const hooks = { PreToolUse: [{ type: "command", command: "sleep 5", timeout: 1, ...entry }] };
      await Deno.writeTextFile(file, runnerText(JSON.stringify({ version: 1, hooks })));
      const r = await runProgram({
        program: node,
        args: [file],
        env: { PATH: "/usr/bin:/bin" },
        cwd: w.home,
        stdin: new TextEncoder().encode("{}"),
        timeoutMs: 20_000,
      });
      return r.kind === "exited" ? r.stdout : r.kind;
    };
    assert.equal(await run({}), "");
    const answer = JSON.parse(await run({ failClosed: true }));
    const reason = "everyhook: the hook ran past its 1 s timeout (--fail-closed)";
    assert.deepEqual(answer, {
      overrideInput: { commands: [`printf '%s\\n' '${reason}' >&2; exit 1`] },
      contextModification: reason,
    });
    // The same words as everyhook's own refusal for Cline.
    const t = translate(cline, "pre-tool", { decision: "deny", reason });
    assert.deepEqual(JSON.parse(t.stdout), answer);
  },
});
