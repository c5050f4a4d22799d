import assert from "node:assert/strict";
import {
  assertCellsRecorded,
  assertEveryFixtureReads,
  assertForcePushRead,
  assertKindsAndPaths,
  recordedPayloads,
} from "../../tests/agent_recordings.ts";
import { opencode } from "./opencode.ts";
import { kilo } from "./kilo.ts";
import type { Agent } from "./types.ts";
import { translate } from "../run/translate.ts";

for (const agent of [opencode, kilo] as const satisfies readonly Agent[]) {
  /** What everyhook's plugin sent from the real binary, by `<event>.<variant>`. */
  const { read } = await recordedPayloads(agent);

  Deno.test(`${agent.id}.read() reads the plugin's bash call with its command, session and folder`, () => {
    const doc = read("pre-tool.shell-force-push");
    assertForcePushRead(doc, { agent: agent.id, nativeEvent: "tool.execute.before", tool: "bash" });
    assert.match(doc.session ?? "", /^ses_/);
  });

  Deno.test(`${agent.id}.read() gives write, read and edit calls their kind and path`, () => {
    assertKindsAndPaths(read, [
      ["pre-tool.write", "write", "<project>/new-file.txt"],
      ["pre-tool.read", "read", "<project>/edit-me.txt"],
      ["pre-tool.edit", "edit", "<project>/edit-me.txt"],
      ["post-tool.write", "write", "<project>/new-file.txt"],
    ]);
  });

  Deno.test(`${agent.id}.read() reads a tool's output, the prompt, the session and the idle stop`, () => {
    const post = read("post-tool.shell-harmless").tool;
    assert.equal(post?.command, "echo hello");
    assert.match(post?.output ?? "", /^hello\n/);
    assert.equal(post?.failed, false);
    assert.match(read("prompt.prompt").prompt ?? "", /Please do the scripted steps/);
    const start = read("session-start.created");
    assert.equal(start.source, "startup");
    assert.match(start.session ?? "", /^ses_/);
    assert.deepEqual(read("stop.idle").stop, { continued: false });
  });

  Deno.test(`${agent.id}: every recorded fixture reads into a document of its event`, async () => {
    await assertEveryFixtureReads(agent, 5);
  });

  Deno.test(`${agent.id} cells rest on cases in fixtures/conformance/${agent.id}.json`, async () => {
    const { file } = await assertCellsRecorded(agent);
    const cases = new Map(file.cases.map((c) => [c.id, c]));
    // What the cells say rests on what the binary did.
    assert.equal(cases.get("pre-block")?.toolRan, false);
    assert.equal(cases.get("pre-block")?.reachedModel, true);
    assert.equal(cases.get("pre-args")?.reachedModel, true);
    assert.equal(cases.get("post-append")?.reachedModel, true);
    assert.equal(cases.get("stop-idle")?.continued, false);
    // The plugin reads no exit code: an exit 2 is no answer.
    assert.equal(cases.get("pre-exit2-stderr")?.toolRan, true);
  });

  Deno.test(`${agent.id}: a deny before a tool is printed as the block the plugin throws`, () => {
    const deny = translate(agent, "pre-tool", { decision: "deny", reason: "no" });
    assert.deepEqual(JSON.parse(deny.stdout), { block: "no" });
    assert.equal(deny.exit, 0);
    const input = translate(agent, "pre-tool", { input: { command: "ls" } });
    assert.deepEqual(JSON.parse(input.stdout), { args: { command: "ls" } });
    const post = translate(agent, "post-tool", { context: "note" });
    assert.deepEqual(JSON.parse(post.stdout), { append: "note" });
  });
}

Deno.test("OpenCode's and Kilo Code's plugins go in their own folders", () => {
  assert.equal(opencode.install.files.user.parts.join("/"), ".config/opencode/plugin/everyhook.js");
  assert.equal(kilo.install.files.user.parts.join("/"), ".config/kilo/plugin/everyhook.js");
  assert.equal(kilo.install.files.project.parts.join("/"), ".kilo/plugin/everyhook.js");
  assert.equal(opencode.install.container, "plugin");
});
