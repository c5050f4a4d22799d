// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The real Codex CLI, headless, against the fake Responses API: the payloads
 * still have the committed fixtures' shape and key conformance cases still
 * hold (the shared tests of agent_e2e.ts, with codex_harness.ts's parts), and
 * what only Codex shows of everyhook (its hook trust, codex_hook_trust.ts). The
 * scenarios every agent shares are in scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import { CODEX_E2E } from "./codex_harness.ts";
import { CODEX, type CodexWorld, FORCE_PUSH, withCodexSession } from "./codex_session.ts";
import { callIdOf, callOutput } from "../../src/verify/fake/openai_responses.ts";
import { BLOCK_FORCE_PUSH, cliMissing, everyhookCli, lineModes } from "./everyhook_e2e.ts";
import { agentE2eTests } from "./agent_e2e.ts";

// The payloads against the committed fixtures, and the key conformance cases.
const skip = await agentE2eTests(CODEX_E2E);

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
      const failure = `stderr:\n${s.run.stderr.slice(-1500)}`;
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
          async (s) => ({ pushed: await s.pushed(), stderr: s.run.stderr }),
        )
      ),
    );
    assert.equal(trusted!.pushed, false, `trusted: the push ran\n${trusted!.stderr.slice(-1500)}`);
    assert.match(trusted!.stderr, /hook: PreToolUse Blocked/);
    assert.equal(untrusted!.pushed, true, "untrusted: codex ran the hook anyway");
    assert.doesNotMatch(untrusted!.stderr, /hook: PreToolUse/, "untrusted: a hook status line");
  },
});
