// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The end-to-end tests of an agent whose hooks are everyhook's plugin
 * (OpenCode, Kilo Code): what the plugin sends still has the committed
 * fixtures' keys, key conformance cases still hold, and what only the plugin
 * agents' own file checks of everyhook in them (a refused prompt, a hanging
 * --fail-closed hook); the install, run and uninstall every agent shares runs
 * from tests/e2e/scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ConformanceFile } from "./harness_types.ts";
import {
  ANSWER_HOOK,
  cliMissing,
  committedFixtures,
  everyhookCli,
  HANG_HOOK,
  payloadShape,
} from "./everyhook_e2e.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import { FIXTURES_DIR, requestsMention } from "./fixture_io.ts";
import { inPool } from "./process.ts";
import { type ChatSession, chatWorld, FORCE_PUSH, FORCE_PUSH_RAN } from "./chat_agent_session.ts";
import {
  PLUGIN_CASES,
  pluginFixtures,
  pluginFixtureSession,
  runPluginCase,
} from "./plugin_agent_harness.ts";
import { pluginConfigHome } from "../../src/verify/drivers/_plugin_driver.ts";
import { type PluginAgent, runPluginAgent } from "./plugin_agent_session.ts";
import { agentVersion, skipReason, type World } from "./world.ts";

/** The conformance cases re-run each time (in parallel, two at once). */
const KEY_CASES = ["pre-block", "post-append"];

/** What went wrong, for assertion messages. */
function why(s: ChatSession): string {
  return `exit ${s.run.code}${s.run.timedOut ? " (timed out)" : ""}\nstderr:\n${
    s.run.stderr.slice(-1500)
  }\nstdout:\n${s.run.stdout.slice(-1500)}\ntool results:\n${
    JSON.stringify(s.toolResults).slice(0, 1500)
  }`;
}

/**
 * Registers one plugin agent's end-to-end tests; they skip, saying why, when
 * the agent cannot be installed or started here.
 *
 * @param agent How to start the agent.
 * @param only Why the refused-prompt and fail-closed scenarios are left out for
 *   this agent, when they are (they run what the plugin's other scenarios run).
 * @returns When the tests are registered.
 *
 * @example Usage
 * ```ts ignore
 * await pluginAgentTests(pluginAgentOf("opencode"));
 * ```
 */
export async function pluginAgentTests(agent: PluginAgent, only?: string): Promise<void> {
  const id = agent.id;
  const skip = await skipReason(id);
  if (skip) console.log(`${id} end-to-end tests skip: ${skip}`);

  Deno.test({
    name: `${id} plugin payloads still have every key of the committed fixtures`,
    ignore: skip !== undefined,
    async fn() {
      const version = await agentVersion(id);
      await using world = await chatWorld(id);
      const session = await pluginFixtureSession(agent, world);
      const { fixtures, missing } = pluginFixtures(agent, session, world, version);
      assert.equal(session.run.code, 0, why(session));
      const other = session.requests.filter((r) => !r.path.endsWith("/chat/completions"));
      assert.deepEqual(other.map((r) => `${r.method} ${r.path}`), []);
      assert.deepEqual(missing, [], why(session));
      const committed = await committedFixtures(id);
      assert.equal(fixtures.length, committed.size, "as many fixtures as are committed");
      for (const fresh of fixtures) {
        const name = `${fresh.event}.${fresh.variant}`;
        const old = committed.get(name);
        assert.ok(old, `fixtures/${id}/${name}.json is committed`);
        const have = new Set(payloadShape(fresh.payload));
        // The session's own record (its id, title, times) is the agent's to grow or shrink.
        const gone = payloadShape(old.payload).filter((k) =>
          !have.has(k) && !k.startsWith("input.properties.info.")
        );
        assert.deepEqual(gone, [], `${name}: keys gone`);
        assert.equal(fresh.nativeEvent, old.nativeEvent, name);
      }
    },
  });

  Deno.test({
    name: `${id} still does what fixtures/conformance/${id}.json says for the key cases`,
    ignore: skip !== undefined,
    async fn() {
      const file = JSON.parse(
        await Deno.readTextFile(`${FIXTURES_DIR}/conformance/${id}.json`),
      ) as ConformanceFile;
      const cases = PLUGIN_CASES.filter((c) => KEY_CASES.includes(c.id));
      assert.equal(cases.length, KEY_CASES.length);
      const fresh = await inPool(cases, 2, (c) => runPluginCase(agent, c));
      for (const now of fresh) {
        const then = file.cases.find((c) => c.id === now.id);
        assert.ok(then, `case ${now.id} is recorded`);
        const pick = (c: typeof now) => [c.toolRan, c.reachedModel, c.continued, c.runEnded];
        assert.deepEqual(pick(now), pick(then), `case ${now.id} (${now.notes})`);
      }
    },
  });

  const cliSkip = skip ?? await cliMissing();
  if (cliSkip && !skip) console.log(`${id} everyhook end-to-end tests skip: ${cliSkip}`);
  if (!cliSkip && only !== undefined) {
    console.log(`${id}: the refused-prompt and --fail-closed scenarios skip: ${only}`);
  }

  const everyhook = (world: World, env: Record<string, string>, args: string[]) =>
    everyhookCli(args, world.env(env), world.project);
  const configEnv = (world: World) => ({ XDG_CONFIG_HOME: pluginConfigHome(world) });
  const install = (world: World, hook: string, events: string, more: string[] = []) =>
    everyhook(world, configEnv(world), [
      "install",
      hook,
      "--agent",
      id,
      "--scope",
      "user",
      "--event",
      events,
      ...more,
    ]);

  Deno.test({
    name: `everyhook in ${id}: a refused prompt never reaches the model`,
    ignore: cliSkip !== undefined || only !== undefined,
    async fn() {
      await using world = await chatWorld(id);
      const answer = `${world.root}/answer.ts`;
      await Deno.writeTextFile(answer, ANSWER_HOOK);
      const s = await runPluginAgent(agent, {
        world,
        script: { steps: [textStep("FINAL-OK")] },
        prompt: "R-E2E-SECRET-PROMPT",
        before: () => install(world, answer, "prompt").then(() => {}),
      });
      assert.equal(s.turns.length, 0, `requests were sent\n${why(s)}`);
      assert.ok(!requestsMention(s.requests, "R-E2E-SECRET-PROMPT"), why(s));
    },
  });

  Deno.test({
    name: `everyhook in ${id}: --fail-closed denies when the hook hangs`,
    ignore: cliSkip !== undefined || only !== undefined,
    async fn() {
      await using world = await chatWorld(id);
      const hang = `${world.root}/hang.ts`;
      await Deno.writeTextFile(hang, HANG_HOOK);
      const s = await runPluginAgent(agent, {
        world,
        script: {
          steps: [
            toolStep("bash", { command: FORCE_PUSH, description: "Push the branch" }),
            textStep("FINAL-OK"),
          ],
        },
        before: () =>
          install(world, hang, "pre-tool", ["--fail-closed", "--timeout", "5"]).then(() => {}),
      });
      const push = s.toolResults[0] ?? "";
      assert.doesNotMatch(push, FORCE_PUSH_RAN, `the push ran\n${why(s)}`);
      assert.match(push, /ran past its|timed out/i, why(s));
    },
  });
}
