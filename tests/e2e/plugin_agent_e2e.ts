// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The end-to-end tests of an agent whose hooks are everyhook's plugin
 * (OpenCode, Kilo Code): what the plugin sends still has the committed
 * fixtures' keys and key conformance cases still hold (the shared tests of
 * agent_e2e.ts, with plugin_agent_harness.ts's parts), and what only the plugin
 * agents' own file checks of everyhook in them (a refused prompt, a hanging
 * --fail-closed hook); the install, run and uninstall every agent shares runs
 * from tests/e2e/scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import { ANSWER_HOOK, cliMissing, everyhookCli, HANG_HOOK } from "./everyhook_e2e.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import { requestsMention } from "./fixture_io.ts";
import { type ChatSession, chatWorld, FORCE_PUSH, FORCE_PUSH_RAN } from "./chat_agent_session.ts";
import { agentE2eTests } from "./agent_e2e.ts";
import { pluginAgentE2e } from "./plugin_agent_harness.ts";
import { pluginConfigHome } from "../../src/verify/drivers/_plugin_driver.ts";
import { type PluginAgent, runPluginAgent } from "./plugin_agent_session.ts";
import type { World } from "./world.ts";

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
  // The payloads against the committed fixtures, and the key conformance cases.
  const skip = await agentE2eTests(pluginAgentE2e(agent));

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
