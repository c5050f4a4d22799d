// Hooks written in Gemini CLI's own protocol (BeforeTool, run_shell_command, a top-level decision,
// hookSpecificOutput.tool_input, GEMINI_PROJECT_DIR), put through `run --speaks gemini-cli` with every
// agent's recorded documents; and the forms of its output as the binary was recorded reading them.
import assert from "node:assert/strict";
import { AGENTS } from "../../src/agents/mod.ts";
import { loadFixtures } from "../../src/readers/recorded.ts";
import { geminiCliSpoken } from "../../src/speaks/gemini_cli.ts";
import { readingRules } from "../../src/readers/speaks_explain.ts";
import { spokenRuns } from "./in_process.ts";

const fixtures = await loadFixtures(AGENTS.map((a) => a.id));

// deno-lint-ignore no-explicit-any
type Any = any;

function geminiHook(
  p: Any,
  env: Record<string, string>,
): { exit: number; stdout?: string; stderr?: string } {
  const json = (v: unknown) => ({ exit: 0, stdout: JSON.stringify(v) });
  if (p.hook_event_name === "BeforeTool" && p.tool_name === "run_shell_command") {
    if (/push --force/.test(p.tool_input.command)) return { exit: 2, stderr: "G-FORCE refused" };
    return json({
      hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { command: "echo safe" } },
    });
  }
  if (p.hook_event_name === "BeforeTool" && ["write_file", "replace"].includes(p.tool_name)) {
    if (String(p.tool_input.file_path).endsWith(".env")) {
      return json({ decision: "deny", reason: "G-ENV" });
    }
  }
  if (p.hook_event_name === "SessionStart") {
    if (env.GEMINI_PROJECT_DIR !== p.cwd) {
      return { exit: 1, stderr: "GEMINI_PROJECT_DIR is not cwd" };
    }
    return json({
      hookSpecificOutput: {
        hookEventName: "SessionStart",
        additionalContext: `G-START ${p.source}`,
      },
    });
  }
  if (p.hook_event_name === "AfterAgent" && p.stop_hook_active === false) {
    return json({ decision: "block", reason: "G-STOP" });
  }
  if (p.hook_event_name === "BeforeAgent") {
    return json({ decision: "deny", reason: `G-PROMPT ${p.prompt.length}` });
  }
  return { exit: 0 };
}

Deno.test("hooks in Gemini CLI's protocol, over every agent's recorded documents", async () => {
  const seen = { forced: 0, env: 0, start: 0, stop: 0, prompt: 0, rewrite: 0 };
  for await (const { f, r, payload } of spokenRuns(fixtures, geminiCliSpoken, geminiHook)) {
    const where = f.file!;
    if (!r.spoken?.called) {
      assert.equal(payload, undefined, where);
      continue;
    }
    assert.equal(r.failure, null, `${where}: ${r.failure?.detail}`);
    const doc = r.document!;
    if (f.event === "pre-tool" && doc.tool?.kind === "shell") {
      if (/push --force/.test(doc.tool.command ?? "")) {
        assert.deepEqual(r.answer, { decision: "deny", reason: "G-FORCE refused" }, where);
        seen.forced++;
      } else {
        const input = doc.tool.input as Any;
        const key = Object.keys(input).find((k) => input[k] === doc.tool!.command);
        if (key) {
          assert.equal((r.answer.input as Any)?.[key], "echo safe", where);
          seen.rewrite++;
        }
      }
    }
    if (
      f.event === "pre-tool" && (doc.tool?.path ?? "").endsWith(".env") && doc.tool?.kind !== "read"
    ) {
      assert.deepEqual(r.answer, { decision: "deny", reason: "G-ENV" }, where);
      seen.env++;
    }
    if (f.event === "session-start") {
      assert.match(r.answer.context ?? "", /^G-START (startup|resume|clear)$/, where);
      seen.start++;
    }
    if (f.event === "stop" && doc.stop?.continued === false) {
      assert.equal(payload.hook_event_name, "AfterAgent", where);
      assert.deepEqual(r.answer, { decision: "deny", reason: "G-STOP" }, where);
      seen.stop++;
    }
    if (f.event === "prompt") {
      assert.deepEqual(
        r.answer,
        { decision: "deny", reason: `G-PROMPT ${doc.prompt!.length}` },
        where,
      );
      seen.prompt++;
    }
  }
  for (const [k, n] of Object.entries(seen)) assert.ok(n >= 4, `${k}: ${JSON.stringify(seen)}`);
});

Deno.test("Gemini CLI's output forms, read as the binary read them", () => {
  const read = (exit: number, stdout: string, stderr: string) =>
    geminiCliSpoken.read({ exit, stdout, stderr }, "pre-tool", "BeforeTool").answer;
  assert.deepEqual(read(2, "why", ""), { decision: "deny", reason: "why" });
  assert.deepEqual(read(2, '{"decision":"allow"}', "no"), { decision: "allow" });
  assert.deepEqual(read(3, "", "no"), { decision: "deny", reason: "no" });
  assert.deepEqual(read(3, "", ""), {});
  assert.deepEqual(read(1, "", "no"), {});
  assert.deepEqual(read(0, "", '{"decision":"deny","reason":"e"}'), {
    decision: "deny",
    reason: "e",
  });
  const claude = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" },
  });
  assert.deepEqual(read(0, claude, ""), {});
  assert.deepEqual(read(0, '{"continue":false,"stopReason":"s"}', ""), {
    decision: "deny",
    reason: "s",
  });
  const cases = JSON.parse(
    Deno.readTextFileSync(new URL("../../fixtures/conformance/gemini-cli.json", import.meta.url)),
  )
    .cases.map((c: { id: string }) => c.id);
  for (const rule of readingRules(geminiCliSpoken)) {
    if (rule.basis.kind === "binary") assert.ok(cases.includes(rule.basis.case), rule.basis.case);
    else {assert.ok(
        rule.basis.ref.startsWith(AGENTS.find((a) => a.id === "gemini-cli")!.docs),
        rule.basis.ref,
      );}
  }
});
