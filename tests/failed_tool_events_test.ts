// A failed tool fires another event than post-tool in some agents: install writes it too,
// and run answers it with that event's own cells.
import assert from "node:assert/strict";
import { findAgent } from "../src/agents/mod.ts";
import { findOurs } from "../src/hooks_files/hooks_file.ts";
import { install } from "../src/hooks_files/install.ts";
import { parseJsonText } from "../src/hooks_files/json_text.ts";
import { translate } from "../src/run/translate.ts";

const copilot = findAgent("copilot-cli")!;

Deno.test("install writes Copilot CLI's postToolUseFailure where post-tool is asked for", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-failure-" });
  try {
    await Deno.writeTextFile(`${home}/hook.ts`, "");
    await install({
      hook: "hook.ts",
      agents: [copilot],
      events: ["post-tool"],
      scope: "user",
      timeout: 30,
      failClosed: false,
      dryRun: false,
      self: { argv: ["/opt/bin/everyhook"], warnings: [] },
    }, { env: { HOME: home }, cwd: home, os: Deno.build.os, now: () => new Date(0) });
    const path = `${home}/.copilot/hooks/everyhook.json`;
    const file = parseJsonText(await Deno.readTextFile(path), path) as Record<string, unknown>;
    const natives = findOurs(file, copilot.install).map((e) => e.native).sort();
    assert.deepEqual(natives, ["postToolUse", "postToolUseFailure"]);
    for (const e of findOurs(file, copilot.install)) assert.equal(e.line.event, "post-tool");
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("translate() answers Copilot CLI's postToolUseFailure with guidance, not a block", () => {
  for (const nativeEvent of ["postToolUseFailure", "PostToolUseFailure"]) {
    const t = translate(copilot, "post-tool", { decision: "deny", reason: "try ls first" }, {
      nativeEvent,
    });
    assert.deepEqual(JSON.parse(t.stdout), { additionalContext: "try ls first" });
    assert.deepEqual(t.effects, ["feedback"]);
  }
  const post = translate(copilot, "post-tool", { decision: "deny", reason: "r" });
  assert.equal(JSON.parse(post.stdout).decision, "block");
});
