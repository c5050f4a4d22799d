import assert from "node:assert/strict";
import { DRIVERS } from "./drivers/mod.ts";
import { findAgent } from "../agents/mod.ts";
import { planRun, STEP_NAMES, stepsAnswered, stepsDone } from "./steps.ts";

Deno.test("planRun: every driver's whole run names every step in order; each played tool step has the tool and a basis, each other one a reason", () => {
  for (const driver of DRIVERS) {
    const plan = planRun(driver, "/w/project", false);
    assert.deepEqual(plan.steps.map((s) => s.name), [...STEP_NAMES], driver.id);
    for (const s of plan.steps) {
      if (s.kind === "cannot") {
        assert.ok(s.why.length > 20, `${driver.id} ${s.name}: ${s.why}`);
        continue;
      }
      if (["session", "prompt", "shell", "stop"].includes(s.name)) continue;
      assert.ok(s.tool, `${driver.id} ${s.name}: no tool`);
      assert.ok(s.basis, `${driver.id} ${s.name}: no basis`);
      // The tool is one the agent's table knows, or verify's MCP tool.
      const agent = findAgent(driver.id)!;
      assert.ok(
        s.name === "mcp" || s.tool! in agent.tools.names,
        `${driver.id} ${s.name}: ${s.tool} is not in ${agent.name}'s tool table`,
      );
    }
    assert.match(plan.prompt, /then stop\.$/);
  }
});

Deno.test("planRun: --quick is the session, the prompt, the one shell call and the stop", () => {
  for (const driver of DRIVERS) {
    const plan = planRun(driver, "/w/project", true);
    assert.deepEqual(plan.steps.map((s) => s.name), ["session", "prompt", "shell", "stop"]);
  }
});

Deno.test("stepsDone and stepsAnswered: a step is done by what the run left; a refused call is answered, not done", () => {
  const steps = planRun(DRIVERS.find((d) => d.id === "claude-code")!, "/w/p", false).steps;
  const left = {
    toolResults: [
      "everyhook-verify\n",
      "Hook PreToolUse denied this tool: no",
      "File created",
      "read",
      "edited",
    ],
    requests: [{ method: "POST", path: "/v1/messages", body: {} }],
    probeFile: "written by verify\n",
    exit: 0,
  };
  const done = stepsDone(steps, left);
  assert.equal(done.shell, null);
  assert.match(done.fails!, /never reached the model/);
  assert.equal(done.write, null);
  assert.match(done.edit!, /was not edited/);
  assert.match(done.subagent!, /never ran/);
  assert.equal(done.stop, null);
  assert.deepEqual(stepsAnswered(steps, left.toolResults), ["shell", "fails", "write", "edit"]);
  const none = stepsDone(steps, { ...left, requests: [], exit: 55 });
  assert.match(none.session!, /never asked the model/);
});
