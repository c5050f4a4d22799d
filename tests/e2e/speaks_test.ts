// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * Bring your own hooks, with the real agents: a force-push guard written for
 * Claude Code (it reads Claude Code's payload and refuses with exit 2 and its
 * reason on stderr) sits in the person's ~/.claude/settings.json; `everyhook
 * import --from claude-code` brings it into each other agent that runs here,
 * and the agent, against the fake model API, asks for a force push: the push
 * is refused before it runs and the Claude hook's reason reaches the model;
 * a harmless command still runs. The Claude Code file is only read.
 *
 * @module
 */

import assert from "node:assert/strict";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import type { AnyDriver } from "../../src/verify/mod.ts";
import { playScript } from "../../src/verify/driver.ts";
import { DRIVERS } from "../../src/verify/drivers/mod.ts";
import { PKG_CACHE, prepareCopilot } from "./copilot_cli_session.ts";
import { cliMissing, everyhookCli } from "./everyhook_e2e.ts";
import { inPool, runAgent } from "./process.ts";
import { agentBin, makeWorld, skipReason, type World } from "./world.ts";

const FORCE_PUSH = "git push --force origin main";
const FORCE_PUSH_RAN = /does not appear to be a git repository|failed to push|not a git repository/;

/** The Claude Code hook: it knows nothing of everyhook. */
const CLAUDE_GUARD = `#!/bin/bash
payload=$(cat)
case "$payload" in
  *'"hook_event_name":"PreToolUse"'*'"tool_name":"Bash"'*'push --force'*)
    echo "R-E2E-CLAUDE-GUARD: no force push from $(basename "$CLAUDE_PROJECT_DIR")" >&2
    exit 2;;
esac
exit 0
`;

async function gitProject(world: World): Promise<void> {
  const commit = ["-c", "user.email=e2e@example.invalid", "-c", "user.name=e2e", "commit", "-q"];
  for (const args of [["init", "-q", "-b", "main"], [...commit, "--allow-empty", "-m", "init"]]) {
    const r = await runAgent({
      cmd: "git",
      args,
      env: world.env(),
      cwd: world.project,
      timeoutMs: 20_000,
    });
    if (r.code !== 0) throw new Error(`Cannot run "git ${args.join(" ")}": ${r.stderr.trim()}`);
  }
}

async function importAndRun(driver: AnyDriver) {
  if (driver.id === "copilot-cli") await prepareCopilot();
  await using world = await makeWorld(driver.id);
  await gitProject(world);
  const guard = `${world.root}/claude-guard.sh`;
  await Deno.writeTextFile(guard, CLAUDE_GUARD, { mode: 0o755 });
  const claudeFile = `${world.home}/.claude/settings.json`;
  const settings = JSON.stringify(
    {
      hooks: {
        PreToolUse: [{
          matcher: "Bash",
          hooks: [{ type: "command", command: guard, timeout: 20 }],
        }],
      },
    },
    null,
    2,
  ) + "\n";
  await Deno.mkdir(`${world.home}/.claude`, { recursive: true });
  await Deno.writeTextFile(claudeFile, settings);
  let imported = "";
  const run = await runAgentOnce({
    driver,
    program: agentBin(driver.id)!,
    world,
    env: world.env(),
    script: playScript(driver, [{ shell: FORCE_PUSH }, { shell: "echo hello" }, { say: "FINAL" }]),
    prompt: "Please do the scripted steps.",
    bypassTrust: true,
    extraEnv: () => (driver.id === "copilot-cli" ? { COPILOT_PKG_CACHE_HOME: PKG_CACHE } : {}),
    timeoutMs: 120_000,
    before: async (apiUrl) => {
      const env = world.env(driver.env(world, apiUrl));
      imported = await everyhookCli(
        ["import", "--from", "claude-code", "--agent", driver.id, "--scope", "user"],
        env,
        world.project,
      );
    },
  });
  return { run, imported, claudeAfter: await Deno.readTextFile(claudeFile), settings };
}

const cliSkip = await cliMissing();
const runnable: AnyDriver[] = [];
for (const driver of DRIVERS.filter((d) => d.id !== "claude-code")) {
  const why = (await skipReason(driver.id)) ?? cliSkip;
  if (why) console.log(`${driver.id}: the imported Claude Code guard skips: ${why}`);
  else runnable.push(driver);
}

Deno.test({
  name:
    "a Claude Code force-push guard brought in with import blocks the force push in each other agent",
  ignore: runnable.length === 0,
  async fn(t) {
    // Three agents at a time: the agents wait on the fake model, not the processor.
    const ran = await inPool(
      runnable,
      3,
      async (driver) => ({ driver, ...await importAndRun(driver) }),
    );
    for (const { driver, run, imported, claudeAfter, settings } of ran) {
      await t.step(driver.id, () => {
        const o = run.outcome;
        const said =
          `${imported}\n${o.kind}${"stderr" in o ? `\n${o.stderr.slice(-1500)}` : ""}\n` +
          JSON.stringify(run.toolResults).slice(0, 2000);
        assert.match(imported, /speaks claude-code/, said);
        const push = run.toolResults[0] ?? "";
        assert.doesNotMatch(push, FORCE_PUSH_RAN, said);
        assert.match(push, /R-E2E-CLAUDE-GUARD: no force push from project/, said);
        assert.ok(run.toolResults.slice(1).some((t) => /\bhello\b/.test(t)), said);
        assert.equal(claudeAfter, settings, "the Claude Code file is only read");
      });
    }
  },
});

Deno.test({
  name:
    "verify --speaks claude-code runs the person's Claude Code hook in another agent's copy, and sees it fire",
  ignore: !runnable.some((d) => d.id === "factory-droid"),
  async fn() {
    const driver = runnable.find((d) => d.id === "factory-droid")!;
    await using world = await makeWorld(driver.id);
    await gitProject(world);
    const guard = `${world.root}/claude-guard.sh`;
    await Deno.writeTextFile(guard, CLAUDE_GUARD, { mode: 0o755 });
    await Deno.mkdir(`${world.home}/.claude`, { recursive: true });
    const settings = JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: guard }] }] },
    });
    await Deno.writeTextFile(`${world.home}/.claude/settings.json`, settings);
    const bin = agentBin(driver.id)!;
    const out = await everyhookCli(
      ["verify", "--agent", driver.id, "--bin", bin, "--speaks", "claude-code", "--yes", "--json"],
      world.env(),
      world.project,
    ).catch((e: Error) => e.message);
    const json = out.slice(out.indexOf("{"), out.lastIndexOf("}") + 1);
    const report = JSON.parse(json);
    const verdict = report.agents[0];
    assert.ok(
      verdict.adjustments.some((a: string) => /imported into the copy \(--speaks\)/.test(a)),
      out,
    );
    const entry = verdict.entries.find((e: { command: string }) =>
      e.command.includes("--speaks claude-code")
    );
    assert.ok(entry, out);
    assert.equal(entry.status, "fired", out);
    assert.equal(await Deno.readTextFile(`${world.home}/.claude/settings.json`), settings);
  },
});
