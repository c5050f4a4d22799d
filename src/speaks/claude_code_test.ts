import assert from "node:assert/strict";
import { claudeCodeSpoken } from "./claude_code.ts";
import type { HookDocument } from "../contract/contract.ts";

const read = (
  exit: number,
  stdout: string,
  stderr: string,
  event: Parameters<typeof claudeCodeSpoken.read>[1],
  native: string,
) => claudeCodeSpoken.read({ exit, stdout, stderr }, event, native);

Deno.test("exit 2 is read with its meaning at each event", () => {
  assert.deepEqual(read(2, "", "no", "pre-tool", "PreToolUse").answer, {
    decision: "deny",
    reason: "no",
  });
  assert.deepEqual(read(2, "", "", "pre-tool", "PreToolUse").answer, { decision: "deny" });
  assert.deepEqual(read(2, "", "look", "post-tool", "PostToolUse").answer, {
    decision: "deny",
    reason: "look",
  });
  assert.deepEqual(read(2, "", "again", "stop", "Stop").answer, {
    decision: "deny",
    reason: "again",
  });
  assert.deepEqual(read(2, "", "hi", "session-start", "SessionStart").answer, { message: "hi" });
  // JSON on stdout is not read with exit 2.
  const withJson = read(2, '{"decision":"approve"}', "no", "pre-tool", "PreToolUse");
  assert.deepEqual(withJson.answer, { decision: "deny", reason: "no" });
});

Deno.test("another exit code decides nothing, unless stdout is JSON", () => {
  const one = read(1, "", "boom", "pre-tool", "PreToolUse");
  assert.deepEqual(one.answer, {});
  assert.match(one.failure ?? "", /exited with 1: boom/);
  assert.equal(one.rules[0]?.basis.kind, "binary");
  const json = read(1, '{"decision":"block","reason":"r"}', "", "stop", "Stop");
  assert.equal(json.failure, undefined);
  assert.deepEqual(json.answer, { decision: "deny", reason: "r" });
});

Deno.test("plain stdout is context at a prompt and a session start only", () => {
  assert.deepEqual(read(0, "hello\n", "", "session-start", "SessionStart").answer, {
    context: "hello",
  });
  assert.deepEqual(read(0, "hello\n", "", "prompt", "UserPromptSubmit").answer, {
    context: "hello",
  });
  assert.deepEqual(read(0, "hello\n", "", "pre-tool", "PreToolUse").answer, {});
  assert.deepEqual(read(0, "{not json", "", "pre-tool", "PreToolUse").answer, {});
});

Deno.test("hookSpecificOutput counts only under the event it was sent with", () => {
  const deny = JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "r",
    },
  });
  assert.deepEqual(read(0, deny, "", "pre-tool", "PreToolUse").answer, {
    decision: "deny",
    reason: "r",
  });
  const noName = JSON.stringify({ hookSpecificOutput: { permissionDecision: "deny" } });
  assert.deepEqual(read(0, noName, "", "pre-tool", "PreToolUse").answer, {});
  const ctx = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PostToolUseFailure", additionalContext: "c" },
  });
  assert.deepEqual(read(0, ctx, "", "post-tool", "PostToolUseFailure").answer, { context: "c" });
  assert.deepEqual(read(0, ctx, "", "post-tool", "PostToolUse").answer, {});
});

Deno.test("the older pre-tool decisions, continue false, and context at a stop", () => {
  assert.deepEqual(
    read(0, '{"decision":"block","reason":"r"}', "", "pre-tool", "PreToolUse").answer,
    {
      decision: "deny",
      reason: "r",
    },
  );
  assert.deepEqual(read(0, '{"decision":"approve"}', "", "pre-tool", "PreToolUse").answer, {
    decision: "allow",
  });
  const stop = read(0, '{"continue":false,"stopReason":"enough"}', "", "pre-tool", "PreToolUse");
  assert.deepEqual(stop.answer, { decision: "deny", reason: "enough" });
  assert.deepEqual(
    read(0, '{"continue":false,"decision":"block","reason":"x"}', "", "stop", "Stop").answer,
    {},
  );
  const ctx = JSON.stringify({
    hookSpecificOutput: { hookEventName: "Stop", additionalContext: "also X" },
  });
  assert.deepEqual(read(0, ctx, "", "stop", "Stop").answer, { decision: "deny", reason: "also X" });
  assert.deepEqual(read(0, '{"systemMessage":"m"}', "", "session-end", "SessionEnd").answer, {
    message: "m",
  });
});

function patchDoc(patch: string): HookDocument {
  return {
    everyhook: 1,
    agent: "codex",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    cwd: "/p",
    native: {
      hook_event_name: "PreToolUse",
      tool_name: "apply_patch",
      tool_input: { command: patch },
    },
    tool: {
      name: "apply_patch",
      kind: "edit",
      input: { command: patch },
      path: "a.txt",
      paths: ["a.txt"],
    },
  };
}

Deno.test("a one-file patch is said as Write or Edit; others are not said", () => {
  const env = { cwd: "/", env: {} };
  const add = claudeCodeSpoken.write(
    patchDoc("*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch"),
    env,
  );
  assert.ok(add.ok);
  assert.equal(add.payload.tool_name, "Write");
  assert.deepEqual(add.payload.tool_input, { file_path: "/p/a.txt", content: "hi\n" });
  assert.equal(add.env.CLAUDE_PROJECT_DIR, "/p");
  assert.ok("why" in add.inputBack({ file_path: "/p/b.txt", content: "" }));
  const edit = claudeCodeSpoken.write(
    patchDoc("*** Begin Patch\n*** Update File: a.txt\n@@\n keep\n-one\n+two\n*** End Patch"),
    env,
  );
  assert.ok(edit.ok);
  assert.deepEqual(edit.payload.tool_input, {
    file_path: "/p/a.txt",
    old_string: "keep\none",
    new_string: "keep\ntwo",
    replace_all: false,
  });
  const two = claudeCodeSpoken.write(
    patchDoc("*** Begin Patch\n*** Add File: a.txt\n+a\n*** Add File: b.txt\n+b\n*** End Patch"),
    env,
  );
  assert.ok(!two.ok);
  assert.match(two.why, /touches 2 files/);
  const gone = claudeCodeSpoken.write(
    patchDoc("*** Begin Patch\n*** Delete File: a.txt\n*** End Patch"),
    env,
  );
  assert.ok(!gone.ok);
  assert.match(gone.why, /no tool that deletes a file/);
  const hunks = claudeCodeSpoken.write(
    patchDoc("*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+b\n@@\n-c\n+d\n*** End Patch"),
    env,
  );
  assert.ok(!hunks.ok);
  assert.match(hunks.why, /changes 2 places/);
});

Deno.test("every rule rests on a recording or the reference", () => {
  for (const fact of Object.values(claudeCodeSpoken.events)) {
    assert.equal(fact.basis.kind, "binary");
    if (fact.basis.kind === "binary") {
      assert.ok(
        Deno.statSync(new URL(`../../${fact.basis.case}`, import.meta.url)).isFile,
        fact.basis.case,
      );
    }
  }
  const cases = JSON.parse(
    Deno.readTextFileSync(new URL("../../fixtures/conformance/claude-code.json", import.meta.url)),
  ).cases.map((c: { id: string }) => c.id);
  const forms = [
    [2, "", "x"],
    [1, "", "x"],
    [0, "", ""],
    [0, "plain", ""],
    [0, "{bad", ""],
    [0, '{"systemMessage":"m","decision":"block","continue":false}', ""],
    [
      0,
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","updatedInput":{},"additionalContext":"c"}}',
      "",
    ],
    [0, '{"hookSpecificOutput":{"permissionDecision":"deny"}}', ""],
  ] as const;
  for (
    const event of [
      "pre-tool",
      "post-tool",
      "prompt",
      "session-start",
      "session-end",
      "stop",
      "subagent-stop",
    ] as const
  ) {
    for (const [exit, stdout, stderr] of forms) {
      for (
        const rule of read(exit, stdout, stderr, event, claudeCodeSpoken.events[event]!.native)
          .rules
      ) {
        if (rule.basis.kind === "binary") {
          assert.ok(cases.includes(rule.basis.case), rule.basis.case);
        } else {assert.ok(
            rule.basis.ref.startsWith("https://code.claude.com/docs/en/hooks"),
            rule.basis.ref,
          );}
      }
    }
  }
});
