// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The product's drivers (src/verify/drivers/) against the real binaries: for
 * every agent installed here, its binary is found by the driver's names, and
 * one headless run through runAgentOnce, in a world the driver made ready,
 * calls the agent's shell tool, whose output reaches the model as the driver
 * reads it from the fake API's request log. This is what `verify` stands on.
 *
 * @module
 */

import assert from "node:assert/strict";
import { findAgentBinary, runAgentOnce } from "../../src/verify/agent_run.ts";
import { shellScript } from "../../src/verify/driver.ts";
import { DRIVERS } from "../../src/verify/drivers/mod.ts";
import { PKG_CACHE, prepareCopilot } from "./copilot_cli_session.ts";
import { agentBin, makeWorld, skipReason } from "./world.ts";

const MARK = "everyhook-driver-hello";

for (const driver of DRIVERS) {
  const why = await skipReason(driver.id);
  if (why) console.log(`${driver.id} driver test skips: ${why}`);
  Deno.test({
    name: `${driver.id}'s driver: the model's shell call runs and its output reaches the model`,
    ignore: why !== undefined,
    async fn() {
      const bin = agentBin(driver.id)!;
      await using world = await makeWorld(driver.id);
      const env = world.env();
      const found = findAgentBinary(driver, {
        PATH: `${bin.slice(0, bin.lastIndexOf("/"))}:${env.PATH}`,
      });
      assert.equal(found, bin);
      if (driver.id === "copilot-cli") await prepareCopilot();
      const run = await runAgentOnce({
        driver,
        program: found,
        world,
        env,
        script: shellScript(driver, [`echo ${MARK}`], "Done."),
        prompt: "Run the command.",
        bypassTrust: true,
        // Copilot CLI unpacks its package once, into the agents cache, not into each world.
        extraEnv: () => driver.id === "copilot-cli" ? { COPILOT_PKG_CACHE_HOME: PKG_CACHE } : {},
        timeoutMs: 120_000,
      });
      const output = "stdout" in run.outcome
        ? `${run.outcome.stdout.slice(-800)}\n${run.outcome.stderr.slice(-800)}`
        : run.outcome.message;
      assert.equal(run.outcome.kind, "exited", output);
      assert.ok(run.requests.length >= 2, `${run.requests.length} requests\n${output}`);
      assert.ok(
        run.toolResults.some((t) => t.includes(MARK)),
        `tool results: ${JSON.stringify(run.toolResults)}\n${output}`,
      );
    },
  });
}
