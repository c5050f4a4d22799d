// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The real Gemini CLI, headless, against the fake Gemini API: the payloads
 * still have the committed fixtures' keys and key conformance cases still
 * hold (the shared tests of agent_e2e.ts, with gemini_cli_harness.ts's
 * parts), and what only Gemini CLI shows of everyhook. The scenarios every agent
 * shares are in scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import { BLOCK_FORCE_PUSH, cliMissing, everyhookCli, lineModes } from "./everyhook_e2e.ts";
import {
  GEMINI_ID,
  type GeminiSession,
  prepareProject,
  runGeminiSession,
  settingsPath,
  SHORT_SCRIPT,
} from "./gemini_cli_session.ts";
import { GEMINI_E2E } from "./gemini_cli_harness.ts";
import { functionResponses } from "../../src/verify/fake/gemini.ts";
import { agentE2eTests } from "./agent_e2e.ts";
import { makeWorld, type World } from "./world.ts";

// The payloads against the committed fixtures, and the key conformance cases.
const skip = await agentE2eTests(GEMINI_E2E);

// --- everyhook end to end ---------------------------------------------------

const cliSkip = skip ?? await cliMissing();
if (cliSkip && !skip) console.log(`gemini-cli everyhook end-to-end tests skip: ${cliSkip}`);

/** The environment everyhook and Gemini CLI share in a world: HOME = GEMINI_CLI_HOME. */
function worldEnv(world: World): Record<string, string> {
  return world.env({ GEMINI_CLI_HOME: world.home });
}

/** Runs `everyhook <args>` in a world (HOME = GEMINI_CLI_HOME = its home). */
function everyhook(world: World, args: string[]): Promise<string> {
  return everyhookCli(args, worldEnv(world), world.project);
}

/** The user's settings before install: their own layout, a key of theirs, a hook of theirs. */
const USER_SETTINGS = `{
    "privacy": { "usageStatisticsEnabled": false },
    "telemetry": { "enabled": false, "logPrompts": false },
    "general": { "enableAutoUpdate": false, "enableAutoUpdateNotification": false },
    "security": { "auth": { "selectedType": "gemini-api-key" } },
    "ui": { "theme": "Default" },
    "hooks": {
        "SessionStart": [
            { "matcher": "*", "hooks": [ { "name": "mine", "type": "command", "command": "true", "timeout": 5000 } ] }
        ]
    }
}
`;

/** A world with a git project and the user's own settings (USER_SETTINGS). */
async function userWorld(): Promise<World> {
  const world = await makeWorld(GEMINI_ID);
  await prepareProject(world);
  await Deno.mkdir(`${world.home}/.gemini`, { recursive: true });
  await Deno.writeTextFile(settingsPath(world), USER_SETTINGS);
  return world;
}

/** The bytes of the user settings file, or null when there is none. */
async function settingsBytes(world: World): Promise<string | null> {
  try {
    return await Deno.readTextFile(settingsPath(world));
  } catch {
    return null;
  }
}

/** What the model was given back for the n-th tool call (from the last request). */
function callResult(s: GeminiSession, n: number): string {
  const last = s.requests.at(-1);
  return last ? functionResponses(last.body)[n] ?? "" : "";
}

Deno.test({
  name:
    "everyhook in gemini-cli: block-force-push in direct mode, started by Gemini CLI itself, blocks a force push",
  ignore: cliSkip !== undefined,
  async fn() {
    await using world = await userWorld();
    const before = await settingsBytes(world);
    const common = ["--agent", GEMINI_ID, "--scope", "user"];
    await everyhook(world, ["install", BLOCK_FORCE_PUSH, ...common, "--event", "pre-tool"]);
    assert.deepEqual(await lineModes(settingsPath(world), GEMINI_ID), [
      { hook: BLOCK_FORCE_PUSH, event: "pre-tool", mode: "direct" },
    ]);
    const s = await runGeminiSession(world, { script: SHORT_SCRIPT, timeoutMs: 120_000 });
    const failure = `exit ${s.run.code}, stderr:\n${s.run.stderr.slice(-1500)}`;
    assert.equal(s.run.code, 0, failure);
    assert.equal(s.pushed, false, `the force push reached origin; ${failure}`);
    assert.match(callResult(s, 0), /Tool execution blocked: .*force/i, failure);
    assert.match(callResult(s, 1), /Output: hello/, failure);
    await everyhook(world, ["uninstall", BLOCK_FORCE_PUSH, ...common]);
    assert.equal(await settingsBytes(world), before);
  },
});
