// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The real Codex CLI, headless, against the fake Responses API: the payloads
 * still have the committed fixtures' shape, key conformance cases still hold,
 * and what only Codex shows of everyhook (its hook trust among it). The
 * scenarios every agent shares are in scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import { CODEX_CASES, runCodexCase } from "./codex_conformance.ts";
import { recordMainFixtures, recordSubagentFixtures } from "./codex_harness.ts";
import { CODEX, type CodexWorld, FORCE_PUSH, withCodexSession } from "./codex_session.ts";
import { callIdOf, callOutput } from "../../src/verify/fake/openai_responses.ts";
import { BLOCK_FORCE_PUSH, cliMissing, everyhookCli, lineModes } from "./everyhook_e2e.ts";
import { assertFixturesHold, keyCasesTest } from "./conformance_runner.ts";
import { agentVersion, skipReason } from "./world.ts";

const skip = await skipReason(CODEX);
if (skip) console.log(`codex e2e tests skip: ${skip}`);

Deno.test({
  name: "codex payloads still have the committed fixtures' keys",
  ignore: skip !== undefined,
  async fn() {
    const version = await agentVersion(CODEX);
    const [main, sub] = await Promise.all([
      recordMainFixtures(version),
      recordSubagentFixtures(version),
    ]);
    assert.ok(main.length > 0 && sub.length > 0);
    await assertFixturesHold(CODEX, [...main, ...sub], {
      cover: "some",
      keys: "same",
      fields: ["hook_event_name", "tool_name"],
      nativeEvent: false,
    });
  },
});

/** The cases re-run each time: one per kind of outcome. */
const KEY_CASES = [
  "pre-exit2-stderr",
  "pre-exit2-empty",
  "pre-deny",
  "pre-allow-rewrite",
  "post-block",
  "prompt-block",
  "session-start-context",
  "stop-block",
];

keyCasesTest({
  id: CODEX,
  skip,
  keyCases: KEY_CASES,
  run: (ids) => Promise.all(CODEX_CASES.filter((c) => ids.includes(c.id)).map(runCodexCase)),
});

// --- everyhook end to end ---------------------------------------------------

const cliSkip = skip ?? await cliMissing();
if (cliSkip && !skip) console.log(`codex everyhook end-to-end tests skip: ${cliSkip}`);

/** Runs `everyhook <args>` in the session's world (its HOME and CODEX_HOME). */
function everyhook(w: CodexWorld, args: string[]): Promise<string> {
  return everyhookCli(args, w.env, w.world.project);
}

/** A user hook already in hooks.json before install, formatted its own way. */
const USER_HOOKS = `{
    "hooks": {
        "SessionStart": [
            { "hooks": [ { "type": "command", "command": "true", "timeout": 5 } ] }
        ]
    }
}
`;

/** The files install may touch, with their bytes (null: absent). */
async function snapshot(w: CodexWorld): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const name of ["hooks.json", "config.toml"]) {
    try {
      out[name] = await Deno.readTextFile(`${w.codexHome}/${name}`);
    } catch {
      out[name] = null;
    }
  }
  return out;
}

Deno.test({
  name:
    "everyhook in codex: block-force-push in direct mode, started by Codex itself, blocks a force push",
  ignore: cliSkip !== undefined,
  async fn() {
    let before: Record<string, string | null> = {};
    await withCodexSession({
      script: { steps: [{ kind: "shell", command: FORCE_PUSH }], final: "Done." },
      before: async (w) => {
        await Deno.writeTextFile(`${w.codexHome}/hooks.json`, USER_HOOKS);
        before = await snapshot(w);
        await everyhook(w, ["install", BLOCK_FORCE_PUSH, "--agent", CODEX, "--event", "pre-tool"]);
        assert.deepEqual(await lineModes(`${w.codexHome}/hooks.json`, CODEX), [
          { hook: BLOCK_FORCE_PUSH, event: "pre-tool", mode: "direct" },
        ]);
      },
    }, async (s) => {
      const failure = `stderr:\n${s.result.stderr.slice(-1500)}`;
      assert.equal(await s.pushed(), false, `the force push reached origin\n${failure}`);
      const output = s.turns.map((t) => callOutput(t.body, callIdOf(0))).find((o) => o);
      assert.match(output ?? "", /blocked by PreToolUse hook: .*force/i, failure);
      await everyhook(s, ["uninstall", BLOCK_FORCE_PUSH, "--agent", CODEX]);
      assert.deepEqual(await snapshot(s), before);
    });
  },
});

Deno.test({
  name: "everyhook in codex: an installed hook runs once trusted as /hooks does, and not before",
  ignore: cliSkip !== undefined,
  async fn() {
    const install = async (w: CodexWorld): Promise<void> => {
      await everyhook(w, ["install", BLOCK_FORCE_PUSH, "--agent", CODEX, "--event", "pre-tool"]);
    };
    const script = {
      steps: [{ kind: "shell" as const, command: FORCE_PUSH }],
      final: "Done.",
    };
    const [trusted, untrusted] = await Promise.all(
      (["config", "none"] as const).map((trust) =>
        withCodexSession(
          { script, before: install, trust },
          async (s) => ({ pushed: await s.pushed(), stderr: s.result.stderr }),
        )
      ),
    );
    assert.equal(trusted!.pushed, false, `trusted: the push ran\n${trusted!.stderr.slice(-1500)}`);
    assert.match(trusted!.stderr, /hook: PreToolUse Blocked/);
    assert.equal(untrusted!.pushed, true, "untrusted: codex ran the hook anyway");
    assert.doesNotMatch(untrusted!.stderr, /hook: PreToolUse/, "untrusted: a hook status line");
  },
});
