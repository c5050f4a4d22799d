// Hooks written in GitHub Copilot CLI's own camelCase protocol (toolName, toolArgs, a top-level
// permissionDecision, modifiedArgs, additionalContext), put through `run --speaks copilot-cli` with every
// agent's recorded documents; and the forms of its output as the binary was recorded reading them.
import assert from "node:assert/strict";
import { AGENTS } from "../../src/agents/mod.ts";
import { loadFixtures } from "../../src/readers/recorded.ts";
import { copilotCliSpoken } from "../../src/speaks/copilot_cli.ts";
import { readingRules } from "../../src/readers/speaks_explain.ts";
import { spokenRuns } from "./in_process.ts";

const fixtures = await loadFixtures(AGENTS.map((a) => a.id));

// deno-lint-ignore no-explicit-any
type Any = any;

/** The hook knows its event from the entry it is in, as in Copilot CLI (the payload names none). */
function copilotHook(event: string, p: Any): { exit: number; stdout?: string; stderr?: string } {
  const json = (v: unknown) => ({ exit: 0, stdout: JSON.stringify(v) });
  if (event === "pre-tool" && p.toolName === "bash") {
    if (/push --force/.test(p.toolArgs.command)) return { exit: 2, stderr: "C-FORCE refused" };
    return json({ modifiedArgs: { ...p.toolArgs, command: "echo safe" } });
  }
  if (
    event === "pre-tool" && ["create", "edit"].includes(p.toolName) &&
    String(p.toolArgs.path).endsWith(".env")
  ) {
    return json({ permissionDecision: "deny", permissionDecisionReason: "C-ENV" });
  }
  if (event === "session-start") return json({ additionalContext: `C-START ${p.source}` });
  if (event === "stop" && p.stop_hook_active === false) {
    return json({ decision: "block", reason: "C-STOP" });
  }
  if (event === "prompt") return json({ decision: "block", reason: `C-PROMPT ${p.prompt.length}` });
  return { exit: 0 };
}

Deno.test("hooks in Copilot CLI's camelCase protocol, over every agent's recorded documents", async () => {
  const seen = { forced: 0, env: 0, start: 0, stop: 0, prompt: 0, rewrite: 0 };
  for await (
    const { f, r, payload } of spokenRuns(
      fixtures,
      copilotCliSpoken,
      (p, _env, event) => copilotHook(event, p),
    )
  ) {
    const where = f.file!;
    if (!r.spoken?.called) {
      assert.equal(payload, undefined, where);
      continue;
    }
    assert.equal(r.failure, null, `${where}: ${r.failure?.detail}`);
    assert.equal(payload.hook_event_name, undefined, `${where}: the camelCase form names no event`);
    const doc = r.document!;
    if (f.event === "pre-tool" && doc.tool?.kind === "shell") {
      if (/push --force/.test(doc.tool.command ?? "")) {
        assert.deepEqual(r.answer, { decision: "deny", reason: "C-FORCE refused" }, where);
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
      assert.deepEqual(r.answer, { decision: "deny", reason: "C-ENV" }, where);
      seen.env++;
    }
    if (f.event === "session-start") {
      assert.match(r.answer.context ?? "", /^C-START (new|resume)$/, where);
      seen.start++;
    }
    if (f.event === "stop" && doc.stop?.continued === false) {
      assert.deepEqual(r.answer, { decision: "deny", reason: "C-STOP" }, where);
      seen.stop++;
    }
    if (f.event === "prompt") {
      assert.deepEqual(
        r.answer,
        { decision: "deny", reason: `C-PROMPT ${doc.prompt!.length}` },
        where,
      );
      seen.prompt++;
    }
  }
  for (const [k, n] of Object.entries(seen)) assert.ok(n >= 4, `${k}: ${JSON.stringify(seen)}`);
});

Deno.test("Copilot CLI's output forms, read as the binary read them", () => {
  const pre = (exit: number, stdout: string, stderr: string) =>
    copilotCliSpoken.read({ exit, stdout, stderr }, "pre-tool", "preToolUse").answer;
  assert.deepEqual(pre(1, "", "no"), { decision: "deny", reason: "no" });
  assert.deepEqual(pre(2, "", ""), { decision: "deny" });
  assert.deepEqual(pre(0, '{"decision":"block","reason":"r"}', ""), {});
  const claude = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" },
  });
  assert.deepEqual(pre(0, claude, ""), {});
  const post = copilotCliSpoken.read(
    { exit: 0, stdout: '{"permissionDecision":"deny","permissionDecisionReason":"r"}', stderr: "" },
    "post-tool",
    "postToolUse",
  );
  assert.deepEqual(post.answer, {});
  const failed = copilotCliSpoken.read(
    { exit: 2, stdout: "", stderr: "g" },
    "post-tool",
    "postToolUseFailure",
  );
  assert.deepEqual(failed.answer, { decision: "deny", reason: "g" });
  const cases = JSON.parse(
    Deno.readTextFileSync(new URL("../../fixtures/conformance/copilot-cli.json", import.meta.url)),
  )
    .cases.map((c: { id: string }) => c.id);
  for (const rule of readingRules(copilotCliSpoken)) {
    if (rule.basis.kind === "binary") assert.ok(cases.includes(rule.basis.case), rule.basis.case);
    else {assert.ok(
        rule.basis.ref.startsWith(AGENTS.find((a) => a.id === "copilot-cli")!.docs),
        rule.basis.ref,
      );}
  }
});
