// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The real GitHub Copilot CLI, headless in BYOK offline mode, against the fake
 * chat completions API: the payloads still have the committed fixtures' keys
 * and key conformance cases still hold (the shared tests of agent_e2e.ts,
 * with copilot_cli_harness.ts's parts), and what only Copilot CLI shows of
 * everyhook: direct mode, and a project-scope hook that runs only in a trusted
 * folder. The scenarios every agent shares (the refused prompt and
 * --fail-closed among them) are in scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import { COPILOT_E2E } from "./copilot_cli_harness.ts";
import { FORCE_PUSH, FORCE_PUSH_RAN } from "./copilot_cli_cases.ts";
import {
  COPILOT,
  copilotHome,
  copilotWorld,
  runCopilot,
  type Session,
} from "./copilot_cli_session.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import { BLOCK_FORCE_PUSH, cliMissing, everyhookCli, lineModes } from "./everyhook_e2e.ts";
import { agentE2eTests } from "./agent_e2e.ts";
import { REPO_ROOT, type World } from "./world.ts";

// The payloads against the committed fixtures (in both spellings), and the key conformance cases.
const skip = await agentE2eTests(COPILOT_E2E);

// --- everyhook end to end ---------------------------------------------------

const cliSkip = skip ?? await cliMissing();
if (cliSkip && !skip) console.log(`copilot-cli everyhook end-to-end tests skip: ${cliSkip}`);

/** Runs `everyhook <args>` with the world's HOME and COPILOT_HOME. */
function everyhook(world: World, args: string[]): Promise<string> {
  return everyhookCli(args, world.env({ COPILOT_HOME: copilotHome(world) }), world.project);
}

/** Installs a hook for Copilot CLI in the world's home (user scope). */
async function install(world: World, hook: string, events: string, more: string[] = []) {
  await everyhook(world, [
    "install",
    hook,
    "--agent",
    COPILOT,
    "--scope",
    "user",
    "--event",
    events,
    ...more,
  ]);
}

/** A settings file of the person's own, there before install, formatted its own way. */
const OWN_HOOKS = `{
    "version": 1,
    "hooks": {
        "sessionEnd": [ { "type": "command", "bash": "true", "timeoutSec": 5 } ]
    }
}
`;

/** The backups install and uninstall leave beside a file they change. */
const BACKUP = /\.bak-everyhook-[0-9-]+$/;

/**
 * Every file in $COPILOT_HOME/hooks (but everyhook's backups) and
 * $COPILOT_HOME/settings.json, with its bytes.
 */
async function snapshot(world: World): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const home = copilotHome(world);
  for await (const e of Deno.readDir(`${home}/hooks`)) {
    if (!e.isFile || BACKUP.test(e.name)) continue;
    out[`hooks/${e.name}`] = await Deno.readTextFile(`${home}/hooks/${e.name}`);
  }
  try {
    out["settings.json"] = await Deno.readTextFile(`${home}/settings.json`);
  } catch { /* absent */ }
  return out;
}

/** What the model was shown for the force push (the first call) and for `echo hello`. */
function pushAndEcho(s: Session): { push: string; echo: string } {
  return {
    push: s.toolResults[0] ?? "",
    echo: s.toolResults.find((t) => t.startsWith("hello")) ?? "",
  };
}

Deno.test({
  name:
    "everyhook in copilot-cli: block-force-push in direct mode, started by Copilot CLI itself, blocks a force push",
  ignore: cliSkip !== undefined,
  async fn() {
    await using world = await copilotWorld();
    await Deno.writeTextFile(`${copilotHome(world)}/hooks/mine.json`, OWN_HOOKS);
    const before = await snapshot(world);
    await install(world, BLOCK_FORCE_PUSH, "pre-tool");
    assert.deepEqual(await lineModes(`${copilotHome(world)}/hooks/everyhook.json`, COPILOT), [
      { hook: BLOCK_FORCE_PUSH, event: "pre-tool", mode: "direct" },
    ]);
    const s = await runCopilot({
      world,
      script: {
        steps: [
          toolStep("bash", { command: FORCE_PUSH, description: "Force push main" }),
          toolStep("bash", { command: "echo hello", description: "Say hello" }),
          textStep("FINAL-OK"),
        ],
      },
    });
    const failure = `stdout:\n${s.run.stdout.slice(-1500)}\nstderr:\n${s.run.stderr.slice(-1500)}`;
    assert.equal(s.run.code, 0, failure);
    const { push, echo } = pushAndEcho(s);
    assert.doesNotMatch(push, FORCE_PUSH_RAN, failure);
    assert.match(push, /^Denied by preToolUse hook: .*force/i, failure);
    assert.match(echo, /^hello/, failure);
    await everyhook(world, ["uninstall", BLOCK_FORCE_PUSH, "--agent", COPILOT, "--scope", "user"]);
    assert.deepEqual(await snapshot(world), before);
  },
});

/** A hook of the contract with no import, refusing a force push, for the project. */
const PROJECT_HOOK = `#!/usr/bin/env -S deno run
const doc = JSON.parse(await new Response(Deno.stdin.readable).text());
if (doc.event === "pre-tool" && /push --force/.test(doc.tool?.command ?? "")) {
  console.log(JSON.stringify({ decision: "deny", reason: "no force push in this project" }));
}
`;

Deno.test({
  name: "everyhook in copilot-cli: a project-scope hook runs only in a trusted folder",
  ignore: cliSkip !== undefined,
  async fn() {
    const pushResult = async (args: string[]): Promise<string> => {
      await using world = await copilotWorld();
      // A project's hook lives in the project (a project line names nothing outside it).
      const hook = `${world.project}/hooks/no-force-push.ts`;
      await Deno.mkdir(`${world.project}/hooks`);
      await Deno.writeTextFile(hook, PROJECT_HOOK);
      // A project's line starts everyhook by name: an everyhook on PATH, as a teammate has.
      const bin = `${world.root}/bin`;
      await Deno.mkdir(bin);
      await Deno.writeTextFile(
        `${bin}/everyhook`,
        `#!/bin/sh\nexec deno run --allow-read --allow-write --allow-run --allow-env "${REPO_ROOT}/cli.ts" "$@"\n`,
        { mode: 0o755 },
      );
      const path = `${bin}:${world.env().PATH}`;
      await everyhook(world, [
        "install",
        hook,
        "--agent",
        COPILOT,
        "--scope",
        "project",
        "--event",
        "pre-tool",
      ]);
      await Deno.stat(`${world.project}/.github/hooks/everyhook.json`);
      const s = await runCopilot({
        world,
        script: {
          steps: [
            toolStep("bash", { command: FORCE_PUSH, description: "Force push" }),
            textStep("FINAL-OK"),
          ],
        },
        args,
        env: { PATH: path },
      });
      assert.equal(s.run.code, 0, s.run.stderr.slice(-1500));
      return pushAndEcho(s).push;
    };
    const [untrusted, trusted] = await Promise.all([
      pushResult(["--allow-all-tools"]),
      pushResult(["--allow-all-tools", "--trust-folder"]),
    ]);
    assert.match(untrusted!, FORCE_PUSH_RAN, "untrusted: copilot ran the project hook anyway");
    assert.match(
      trusted!,
      /^Denied by preToolUse hook: .*force/i,
      "trusted: the hook did not deny",
    );
  },
});
