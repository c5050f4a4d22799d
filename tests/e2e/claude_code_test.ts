// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * Claude Code, for real: the payloads still have the committed fixtures' keys
 * and key conformance cases still hold (the shared tests of agent_e2e.ts, with
 * claude_code_harness.ts's parts), and what only Claude Code shows of
 * everyhook (direct mode). The scenarios every agent shares (the refused
 * prompt and --fail-closed among them) are in scenarios_test.ts.
 *
 * Run by hand inside a loopback-only namespace:
 *
 *     unshare -n sh -c 'ip link set lo up && deno test -A tests/e2e/claude_code_test.ts'
 *
 * @module
 */

import assert from "node:assert/strict";
import { BLOCK_FORCE_PUSH, cliMissing, everyhookCli, lineModes } from "./everyhook_e2e.ts";
import {
  bash,
  CLAUDE,
  claudeConfigDir,
  FORCE_PUSH,
  runClaude,
  say,
} from "./claude_code_session.ts";
import { CLAUDE_E2E, why } from "./claude_code_harness.ts";
import { CLAUDE_CODE_DRIVER } from "../../src/verify/drivers/claude_code.ts";
import { agentE2eTests } from "./agent_e2e.ts";
import { requestsMention } from "./fixture_io.ts";
import { makeWorld, type World } from "./world.ts";

// The payloads against the committed fixtures, and the key conformance cases.
const skip = await agentE2eTests(CLAUDE_E2E);

// --- everyhook end to end ---------------------------------------------------

const cliSkip = skip ?? await cliMissing();
if (cliSkip && !skip) console.log(`claude-code everyhook end-to-end tests skip: ${cliSkip}`);

/** Runs `everyhook <args>` with the world's HOME and CLAUDE_CONFIG_DIR; fails on a non-zero exit. */
function everyhook(world: World, args: string[]): Promise<string> {
  return everyhookCli(
    args,
    world.env({ CLAUDE_CONFIG_DIR: claudeConfigDir(world) }),
    world.project,
  );
}

/** Installs a hook for Claude Code in the world's home (user scope). */
async function install(world: World, hook: string, events: string, more: string[] = []) {
  await everyhook(world, [
    "install",
    hook,
    "--agent",
    CLAUDE,
    "--scope",
    "user",
    "--event",
    events,
    ...more,
  ]);
}

/** A settings.json of the person's own, there before install, formatted their own way. */
const OWN_SETTINGS = `{
    "model": "claude-fake",
    "hooks": {
        "SessionEnd": [ { "hooks": [ { "type": "command", "command": "true" } ] } ]
    }
}
`;

/** The backups install and uninstall leave beside a file they change. */
const BACKUP = /\.bak-everyhook-[0-9-]+$/;

/** Every file in the world's Claude config folder that install may touch (not backups), with its bytes. */
async function snapshot(world: World): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const dir = claudeConfigDir(world);
  for await (const e of Deno.readDir(dir)) {
    if (!e.isFile || BACKUP.test(e.name) || e.name.startsWith(".") || !e.name.endsWith(".json")) {
      continue;
    }
    out[e.name] = await Deno.readTextFile(`${dir}/${e.name}`);
  }
  return out;
}

/** A fresh world with the person's own settings.json in place. */
async function claudeWorld(): Promise<World> {
  const world = await makeWorld(CLAUDE);
  await Deno.mkdir(claudeConfigDir(world), { recursive: true });
  await Deno.writeTextFile(`${claudeConfigDir(world)}/settings.json`, OWN_SETTINGS);
  return world;
}

Deno.test({
  name:
    "everyhook in claude-code: block-force-push in direct mode, started by Claude Code itself, blocks a force push",
  ignore: cliSkip !== undefined,
  async fn() {
    await using world = await claudeWorld();
    const before = await snapshot(world);
    await install(world, BLOCK_FORCE_PUSH, "pre-tool");
    assert.deepEqual(await lineModes(`${claudeConfigDir(world)}/settings.json`, CLAUDE), [
      { hook: BLOCK_FORCE_PUSH, event: "pre-tool", mode: "direct" },
    ]);
    const run = await runClaude({
      world,
      hooks: null,
      script: { main: [bash(FORCE_PUSH), say("FINAL-OK")] },
    });
    assert.equal(run.run.code, 0, why(run));
    assert.ok(!requestsMention(run.requests, "not a git repository"), `the push ran\n${why(run)}`);
    assert.match(
      CLAUDE_CODE_DRIVER.toolResults(run.requests)[0] ?? "",
      /^PreToolUse:Bash hook error: .*Blocked .*force/s,
      why(run),
    );
    await everyhook(world, ["uninstall", BLOCK_FORCE_PUSH, "--agent", CLAUDE, "--scope", "user"]);
    assert.deepEqual(await snapshot(world), before);
  },
});
