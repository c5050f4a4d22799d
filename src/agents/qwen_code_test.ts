import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertEveryFixtureReads,
  assertForcePushRead,
  assertKindsAndPaths,
  recordedPayloads,
} from "../../tests/agent_recordings.ts";
import { qwenCode } from "./qwen_code.ts";
import { translate } from "../run/translate.ts";
import { install } from "../install/install.ts";
import { settingsFilePath } from "../settings/locations.ts";

/** The payloads the real Qwen Code 0.24.4 sent on Linux, by `<event>.<variant>`. */
const { read } = await recordedPayloads(qwenCode);

Deno.test("qwenCode.read() reads a run_shell_command call with its command and the common fields", () => {
  const doc = read("pre-tool.shell-force-push");
  assertForcePushRead(doc, {
    agent: "qwen-code",
    nativeEvent: "PreToolUse",
    tool: "run_shell_command",
  });
  assert.match(doc.transcript ?? "", /^<home>\/\.qwen\/projects\/.*\.jsonl$/);
  assert.equal(typeof doc.session, "string");
});

Deno.test("qwenCode.read() gives write_file, read_file, edit and agent calls their kind and path", () => {
  assertKindsAndPaths(read, [
    ["pre-tool.write", "write", "<project>/new-file.txt"],
    ["pre-tool.read", "read", "<project>/edit-me.txt"],
    ["pre-tool.edit", "edit", "<project>/edit-me.txt"],
    ["pre-tool.write-env", "write", "<project>/.env"],
    ["pre-tool.agent", "agent", undefined],
  ], (tool, key) => {
    assert.equal(tool?.command, undefined, key);
  });
});

Deno.test("qwenCode.read() gives the text the model got after PostToolUse, and the error after PostToolUseFailure", () => {
  const ok = read("post-tool.shell-harmless").tool;
  assert.match(ok?.output ?? "", /Output: hello/);
  assert.equal(ok?.failed, false);
  const failed = read("post-tool.shell-failed");
  assert.equal(failed.nativeEvent, "PostToolUseFailure");
  assert.equal(failed.tool?.failed, true);
  assert.match(failed.tool?.output ?? "", /does not appear to be a git repository/);
});

Deno.test("qwenCode.read() reads stops, the prompt and the sub-agent's stop", () => {
  const first = read("stop.first");
  assert.deepEqual(first.stop?.continued, false);
  assert.equal(typeof first.stop?.lastMessage, "string");
  assert.equal(read("stop.continued").stop?.continued, true);
  assert.equal(read("prompt.prompt").prompt, "Please do the scripted steps.");
  assert.equal(read("prompt.tool-result").prompt, "");
  const sub = read("subagent-stop.first");
  assert.equal(typeof sub.subagent?.id, "string");
  assert.equal(sub.stop?.continued, false);
  assert.equal(read("session-start.startup").source, "startup");
});

Deno.test("qwenCode: a deny before a tool is permissionDecision, after it additionalContext", () => {
  const pre = translate(qwenCode, "pre-tool", { decision: "deny", reason: "no" });
  assert.equal(pre.exit, 0);
  assert.deepEqual(JSON.parse(pre.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "no",
    },
  });
  const post = translate(qwenCode, "post-tool", { decision: "deny", reason: "look" }, {
    nativeEvent: "PostToolUseFailure",
  });
  assert.deepEqual(JSON.parse(post.stdout), {
    hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "look" },
  });
  assert.deepEqual(post.effects[0], "feedback");
});

Deno.test("qwenCode: install writes a timeout of 1000 s or more in milliseconds", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-qwen-" });
  try {
    await Deno.writeTextFile(`${home}/hook.ts`, "");
    const world = { env: { HOME: home }, cwd: home, os: "linux", now: () => new Date(0) };
    const options = {
      hook: "hook.ts",
      agents: [qwenCode],
      events: ["stop" as const],
      scope: "user" as const,
      failClosed: false,
      dryRun: false,
      self: { argv: ["/usr/bin/everyhook"], warnings: [] },
    };
    const file = settingsFilePath(qwenCode, "user", { env: world.env, os: "linux", project: home });
    const timeoutOf = async () => {
      const text = await Deno.readTextFile(file);
      return JSON.parse(text).hooks.Stop[0].hooks[0].timeout as number;
    };
    await install({ ...options, timeout: 30 }, world);
    assert.equal(await timeoutOf(), 30);
    await Deno.remove(file);
    await install({ ...options, timeout: 1200 }, world);
    assert.equal(await timeoutOf(), 1_200_000, "1200 s read as 1200 ms otherwise");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("qwenCode cells rest on cases in fixtures/conformance/qwen-code.json", async () => {
  const { binary } = await assertCellsRecorded(qwenCode);
  assert.ok(binary >= 10);
});

Deno.test("qwenCode: every recorded fixture reads into a document of its event", async () => {
  await assertEveryFixtureReads(qwenCode, 5, (doc, f, where) => {
    if (f.event === "pre-tool" || f.event === "post-tool") assert.ok(doc.tool, where);
  });
});
