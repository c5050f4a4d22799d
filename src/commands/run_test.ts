import assert from "node:assert/strict";
import { agentAndEvent, parseRunArgs } from "./run.ts";
import { EveryhookError } from "../contract/errors.ts";

Deno.test("parseRunArgs() reads both option forms and leaves the hook's arguments alone", () => {
  const a = parseRunArgs([
    "--agent=codex",
    "--event",
    "stop",
    "--timeout=2",
    "--fail-closed",
    "--json",
    "--",
    "hook.ts",
    "--agent",
    "x",
  ]);
  assert.deepEqual(a, {
    agent: "codex",
    event: "stop",
    failClosed: true,
    timeoutSeconds: 2,
    json: true,
    inProject: false,
    hook: ["hook.ts", "--agent", "x"],
  });
  const b = parseRunArgs(["--agent", "cursor", "--event", "prompt", "hook.sh", "-v"]);
  assert.deepEqual(b.hook, ["hook.sh", "-v"]);
  assert.equal(b.timeoutSeconds, 25);
});

Deno.test("parseRunArgs() refuses what it cannot read with a usage error", () => {
  const bad = [
    ["--agent", "--", "h"],
    ["--agent", "a", "--event", "e", "--json=yes", "--", "h"],
    ["--agent", "a", "--event", "e", "--timeout", "0", "--", "h"],
    ["--agent", "a", "--event", "e", "--timeout", "-1", "--", "h"],
    ["--agent", "a", "--event", "e", "--timeout", "2.5", "--", "h"],
    ["--agent", "a", "--event", "e", "--timeout", "3601", "--", "h"],
    ["--agent", "a", "--agent", "b", "--event", "e", "--", "h"],
    ["--agent", "a", "--event", "e", "-x", "h"],
    ["--agent", "a", "--event", "e", "--"],
  ];
  for (const args of bad) {
    assert.throws(
      () => parseRunArgs(args),
      (e: unknown) => e instanceof EveryhookError && e.exitCode === 2,
      args.join(" "),
    );
  }
});

Deno.test("command() refuses to wait on a terminal for the agent's JSON", async () => {
  const { command } = await import("./run.ts");
  const { memoryIo } = await import("../cli/io.ts");
  const io = { ...memoryIo({ stdin: "{}" }), stdinIsTerminal: () => true };
  await assert.rejects(
    command(["--agent", "claude-code", "--event", "pre-tool", "--", "hook.sh"], io),
    /reads the agent's JSON on stdin/,
  );
});

Deno.test("agentAndEvent() reads an agent's own event names, and words a wrong name as the option readers do", async () => {
  assert.deepEqual(
    await agentAndEvent("claude", "PostToolUseFailure").then((r) => [r.agent.id, r.event]),
    ["claude-code", "post-tool"],
  );
  assert.equal((await agentAndEvent("codex", "stop")).event, "stop");
  await assert.rejects(
    agentAndEvent("claud", "stop"),
    /no agent named "claud"; did you mean claude/,
  );
  await assert.rejects(agentAndEvent("gemini", "subagent-stop"), /Gemini CLI has no subagent-stop/);
  await assert.rejects(
    agentAndEvent("codex", "BeforeTool"),
    /that is what Gemini CLI calls pre-tool/,
  );
});
