// Hooks written in Cursor's own protocol (from its reference: Shell, permission, agent_message,
// followup_message, additional_context), put through `run --speaks cursor` with every agent's recorded
// documents. Cursor has no binary here: every rule rests on its reference.
import assert from "node:assert/strict";
import { AGENTS } from "../../src/agents/mod.ts";
import { loadFixtures } from "../../src/readers/recorded.ts";
import { cursorSpoken } from "../../src/speaks/cursor.ts";
import { readingRules } from "../../src/readers/speaks_explain.ts";
import { spokenRuns } from "./in_process.ts";

const fixtures = await loadFixtures(AGENTS.map((a) => a.id));

// deno-lint-ignore no-explicit-any
type Any = any;

function cursorHook(p: Any): { exit: number; stdout?: string; stderr?: string } {
  const json = (v: unknown) => ({ exit: 0, stdout: JSON.stringify(v) });
  if (p.hook_event_name === "beforeShellExecution" && /push --force/.test(p.command)) {
    return json({ permission: "deny", agent_message: "U-FORCE" });
  }
  if (p.hook_event_name === "preToolUse" && p.tool_name === "Shell") {
    if (/push --force/.test(p.tool_input.command)) {
      return json({ permission: "deny", agent_message: "U-FORCE" });
    }
    return json({ permission: "allow", updated_input: { ...p.tool_input, command: "echo safe" } });
  }
  if (p.hook_event_name === "preToolUse" && ["Write", "StrReplace"].includes(p.tool_name)) {
    if (String(p.tool_input.file_path).endsWith(".env")) return { exit: 2, stderr: "U-ENV" };
  }
  if (p.hook_event_name === "sessionStart") {
    return json({ additional_context: `U-START ${p.workspace_roots[0]}` });
  }
  if (p.hook_event_name === "stop" && p.loop_count === 0) {
    return json({ followup_message: "U-STOP" });
  }
  if (p.hook_event_name === "beforeSubmitPrompt") {
    return json({ continue: false, user_message: "U-PROMPT" });
  }
  return { exit: 0 };
}

Deno.test("hooks in Cursor's protocol, over every agent's recorded documents", async () => {
  const seen = { forced: 0, env: 0, start: 0, stop: 0, prompt: 0, rewrite: 0 };
  for await (const { f, r, payload } of spokenRuns(fixtures, cursorSpoken, (p) => cursorHook(p))) {
    const where = f.file!;
    if (!r.spoken?.called) {
      assert.equal(payload, undefined, where);
      continue;
    }
    assert.equal(r.failure, null, `${where}: ${r.failure?.detail}`);
    const doc = r.document!;
    if (f.event === "pre-tool" && doc.tool?.kind === "shell") {
      if (/push --force/.test(doc.tool.command ?? "")) {
        assert.deepEqual(r.answer, { decision: "deny", reason: "U-FORCE" }, where);
        seen.forced++;
      } else {
        const input = doc.tool.input as Any;
        const key = Object.keys(input).find((k) => input[k] === doc.tool!.command);
        if (key) {
          assert.equal(r.answer.decision, "allow", where);
          assert.equal((r.answer.input as Any)?.[key], "echo safe", where);
          seen.rewrite++;
        }
      }
    }
    if (
      f.event === "pre-tool" && (doc.tool?.path ?? "").endsWith(".env") && doc.tool?.kind !== "read"
    ) {
      assert.deepEqual(r.answer, { decision: "deny", reason: "U-ENV" }, where);
      seen.env++;
    }
    if (f.event === "session-start") {
      assert.equal(r.answer.context, `U-START ${doc.cwd ?? "/nowhere"}`, where);
      seen.start++;
    }
    if (f.event === "stop" && doc.stop?.continued === false) {
      assert.deepEqual(r.answer, { decision: "deny", reason: "U-STOP" }, where);
      seen.stop++;
    }
    if (f.event === "prompt") {
      assert.deepEqual(r.answer, { decision: "deny", reason: "U-PROMPT" }, where);
      seen.prompt++;
    }
  }
  for (const [k, n] of Object.entries(seen)) assert.ok(n >= 4, `${k}: ${JSON.stringify(seen)}`);
  for (const rule of readingRules(cursorSpoken)) {
    assert.equal(rule.basis.kind, "docs", rule.text);
  }
});
