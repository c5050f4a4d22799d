// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * Claude Code, for real: the payloads still have the committed fixtures' keys,
 * key conformance cases still hold, and what only Claude Code shows of
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
import {
  BLOCK_FORCE_PUSH,
  cliMissing,
  committedFixtures,
  everyhookCli,
  lineModes,
  payloadShape,
} from "./everyhook_e2e.ts";
import {
  bash,
  CLAUDE,
  claudeConfigDir,
  type ClaudeRun,
  FORCE_PUSH,
  runClaude,
  say,
} from "./claude_code_session.ts";
import { pickPayloads, recordingSession } from "./claude_code_harness.ts";
import { CLAUDE_CASES, runClaudeCase } from "./claude_code_conformance.ts";
import { messagesOf } from "../../src/verify/fake/anthropic.ts";
import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import { keyCasesTest } from "./conformance_runner.ts";
import { requestsMention } from "./fixture_io.ts";
import { inPool } from "./process.ts";
import { makeWorld, skipReason, type World } from "./world.ts";

const skip = await skipReason(CLAUDE);
if (skip) console.log(`claude-code end-to-end tests skip: ${skip}`);

/** The tool_result texts of the last request, in order. */
function toolResults(requests: readonly LoggedRequest[]): string[] {
  const last = requests.findLast((r) => messagesOf(r.body).length > 0);
  const out: string[] = [];
  for (const m of messagesOf(last?.body)) {
    if (m.role !== "user" || !Array.isArray(m.content)) continue;
    for (const block of m.content as Array<Record<string, unknown>>) {
      if (block["type"] !== "tool_result") continue;
      const c = block["content"];
      out.push(
        typeof c === "string"
          ? c
          : Array.isArray(c)
          ? c.map((x: Record<string, unknown>) => String(x["text"] ?? "")).join("\n")
          : "",
      );
    }
  }
  return out;
}

/** What went wrong, for assertion messages. */
function why(run: ClaudeRun): string {
  return `exit ${run.process.code}${run.process.timedOut ? " (timed out)" : ""}\nstderr:\n${
    run.process.stderr.slice(-1500)
  }\nstdout tail:\n${run.process.stdout.slice(-1500)}`;
}

// --- (a) payload shapes ------------------------------------------------------

Deno.test({
  name: "claude-code payloads still have every key of the committed fixtures",
  ignore: skip !== undefined,
  async fn() {
    await using world = await makeWorld(CLAUDE);
    const run = await recordingSession(world);
    // The silencing variables hold: nothing but the Messages API was called.
    const other = run.requests.filter((r) => !r.path.startsWith("/v1/messages"));
    assert.deepEqual(other.map((r) => `${r.method} ${r.path}`), []);
    const now = pickPayloads(run.hookLog);
    let compared = 0;
    for (const [name, fixture] of await committedFixtures(CLAUDE)) {
      const payload = now.get(name);
      assert.ok(payload, `${name}: no such call in this session\n${why(run)}`);
      const have = new Set(payloadShape(payload));
      const gone = payloadShape(fixture.payload).filter((k) => !have.has(k));
      assert.deepEqual(gone, [], `${name}: keys gone`);
      compared++;
    }
    assert.ok(compared >= 14, `only ${compared} fixtures compared`);
  },
});

// --- (b) key conformance cases ------------------------------------------------

const KEY_CASES = [
  "pre-exit2-stderr",
  "pre-exit1-stderr",
  "pre-deny-json",
  "pre-deny-no-eventname",
  "post-addctx",
  "ups-block",
  "stop-block",
];

keyCasesTest({
  id: CLAUDE,
  skip,
  keyCases: KEY_CASES,
  run: (ids) => inPool(CLAUDE_CASES.filter((c) => ids.includes(c.id)), 4, runClaudeCase),
});

// --- (c) everyhook end to end ---------------------------------------------------

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
    assert.equal(run.process.code, 0, why(run));
    assert.ok(!requestsMention(run.requests, "not a git repository"), `the push ran\n${why(run)}`);
    assert.match(
      toolResults(run.requests)[0] ?? "",
      /^PreToolUse:Bash hook error: .*Blocked .*force/s,
      why(run),
    );
    await everyhook(world, ["uninstall", BLOCK_FORCE_PUSH, "--agent", CLAUDE, "--scope", "user"]);
    assert.deepEqual(await snapshot(world), before);
  },
});
