// Hooks written in Qwen Code's and in Factory Droid's own protocols (their event names, tool names,
// input fields and project variable), put through `run --speaks` with every agent's recorded documents.
import assert from "node:assert/strict";
import { AGENTS } from "../../src/agents/mod.ts";
import { loadFixtures } from "../../src/readers/recorded.ts";
import type { SpokenProtocol } from "../../src/speaks/types.ts";
import { qwenCodeSpoken } from "../../src/speaks/qwen_code.ts";
import { factoryDroidSpoken } from "../../src/speaks/factory_droid.ts";
import { codexSpoken } from "../../src/speaks/codex.ts";
import { spokenRuns } from "./in_process.ts";

const fixtures = await loadFixtures(AGENTS.map((a) => a.id));

interface Dialect {
  spoken: SpokenProtocol;
  shell: string;
  write: string;
  edit: string;
  env: string | null;
  /** What an updatedInput comes to: carried back, or not honoured. */
  rewrites: boolean;
}

const DIALECTS: readonly Dialect[] = [
  {
    spoken: codexSpoken,
    shell: "Bash",
    write: "apply_patch",
    edit: "apply_patch",
    env: null,
    rewrites: true,
  },
  {
    spoken: qwenCodeSpoken,
    shell: "run_shell_command",
    write: "write_file",
    edit: "edit",
    env: "QWEN_PROJECT_DIR",
    rewrites: false,
  },
  {
    spoken: factoryDroidSpoken,
    shell: "Execute",
    write: "Create",
    edit: "Edit",
    env: "FACTORY_PROJECT_DIR",
    rewrites: true,
  },
];

// deno-lint-ignore no-explicit-any
type Any = any;
type Print = { exit: number; stdout?: string; stderr?: string };

/** One hook in the dialect: the agent's own payload in, its own answer out. */
function hook(d: Dialect, p: Any, env: Record<string, string>): Print {
  if (p.hook_event_name === "PreToolUse" && p.tool_name === d.shell) {
    if (/push --force/.test(p.tool_input?.command ?? "")) {
      return { exit: 2, stderr: "R-FORCE refused" };
    }
    return {
      exit: 0,
      stdout: JSON.stringify({
        hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { command: "echo safe" } },
      }),
    };
  }
  if (p.hook_event_name === "PreToolUse" && [d.write, d.edit].includes(p.tool_name)) {
    const patched = /^\*\*\* (?:Add|Update) File: (.+)$/m.exec(String(p.tool_input?.command ?? ""))
      ?.[1];
    if (String(p.tool_input?.file_path ?? patched ?? "").endsWith(".env")) {
      return {
        exit: 0,
        stdout: JSON.stringify({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "R-ENV",
          },
        }),
      };
    }
  }
  if (p.hook_event_name === "SessionStart") {
    if (d.env && env[d.env] !== p.cwd) return { exit: 1, stderr: `${d.env} is not cwd` };
    return { exit: 0, stdout: `R-START ${p.source}` };
  }
  if (p.hook_event_name === "Stop" && p.stop_hook_active === false) {
    return { exit: 2, stderr: "R-STOP" };
  }
  return { exit: 0 };
}

for (const d of DIALECTS) {
  Deno.test(`hooks in ${d.spoken.name}'s protocol, over every agent's recorded documents`, async () => {
    const seen = { forced: 0, env: 0, start: 0, stop: 0, rewrite: 0 };
    for await (
      const { f, r, payload } of spokenRuns(fixtures, d.spoken, (p, env) => hook(d, p, env))
    ) {
      const where = `${d.spoken.id} ${f.file}`;
      assert.ok(r.document, where);
      if (!r.spoken?.called) {
        assert.equal(payload, undefined, where);
        continue;
      }
      assert.equal(r.failure, null, `${where}: ${r.failure?.detail}`);
      const doc = r.document!;
      if (doc.tool?.kind === "shell" && f.event === "pre-tool") {
        assert.equal(payload.tool_name, d.shell, where);
        if (/push --force/.test(doc.tool.command ?? "")) {
          assert.deepEqual(r.answer, { decision: "deny", reason: "R-FORCE refused" }, where);
          seen.forced++;
        } else if (d.rewrites) {
          const key = Object.keys(doc.tool.input as object).find((k) =>
            (doc.tool!.input as Any)[k] === doc.tool!.command
          );
          if (key) {
            assert.equal((r.answer.input as Any)?.[key], "echo safe", where);
            seen.rewrite++;
          }
        } else {
          assert.equal(r.answer.input, undefined, where);
          seen.rewrite++;
        }
      }
      if (
        f.event === "pre-tool" && (doc.tool?.path ?? "").endsWith(".env") &&
        doc.tool?.kind !== "read"
      ) {
        assert.deepEqual(r.answer, { decision: "deny", reason: "R-ENV" }, where);
        seen.env++;
      }
      if (f.event === "session-start") {
        assert.match(r.answer.context ?? "", /^R-START (startup|resume|clear|compact)$/, where);
        seen.start++;
      }
      if (f.event === "stop" && doc.stop?.continued === false) {
        assert.deepEqual(r.answer, { decision: "deny", reason: "R-STOP" }, where);
        seen.stop++;
      }
    }
    assert.ok(seen.forced >= AGENTS.length, JSON.stringify(seen));
    assert.ok(
      seen.env >= 5 && seen.start >= 5 && seen.stop >= 5 && seen.rewrite >= 5,
      JSON.stringify(seen),
    );
  });
}

Deno.test("Qwen Code's and Droid's readings differ where their binaries did", () => {
  const empty2 = { exit: 2, stdout: "", stderr: "" };
  assert.deepEqual(qwenCodeSpoken.read(empty2, "pre-tool", "PreToolUse").answer, {});
  assert.deepEqual(factoryDroidSpoken.read(empty2, "pre-tool", "PreToolUse").answer, {
    decision: "deny",
  });
  const ask = JSON.stringify({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" },
  });
  assert.deepEqual(
    qwenCodeSpoken.read({ exit: 0, stdout: ask, stderr: "" }, "pre-tool", "PreToolUse").answer,
    { decision: "ask" },
  );
  assert.deepEqual(
    factoryDroidSpoken.read({ exit: 0, stdout: ask, stderr: "" }, "pre-tool", "PreToolUse").answer,
    {},
  );
  const legacy = JSON.stringify({ decision: "block", reason: "r" });
  assert.deepEqual(
    qwenCodeSpoken.read({ exit: 0, stdout: legacy, stderr: "" }, "pre-tool", "PreToolUse").answer,
    { decision: "deny", reason: "r" },
  );
  assert.deepEqual(
    factoryDroidSpoken.read({ exit: 0, stdout: legacy, stderr: "" }, "pre-tool", "PreToolUse")
      .answer,
    {},
  );
  const post2 = { exit: 2, stdout: "", stderr: "look" };
  assert.deepEqual(qwenCodeSpoken.read(post2, "post-tool", "PostToolUse").answer, {});
  assert.deepEqual(factoryDroidSpoken.read(post2, "post-tool", "PostToolUse").answer, {
    decision: "deny",
    reason: "look",
  });
  for (const p of [qwenCodeSpoken, factoryDroidSpoken]) {
    for (const fact of Object.values(p.events)) {
      if (fact.basis.kind === "binary") {
        assert.ok(
          Deno.statSync(new URL(`../../${fact.basis.case}`, import.meta.url)).isFile,
          fact.basis.case,
        );
      }
    }
  }
});

Deno.test("every reading rule of Codex CLI's, Qwen Code's and Droid's protocols names a recorded case or the reference", async () => {
  const { readingRules } = await import("../../src/readers/speaks_explain.ts");
  for (
    const [p, file] of [[qwenCodeSpoken, "qwen-code"], [
      factoryDroidSpoken,
      "factory-droid",
    ]] as const
  ) {
    const cases = JSON.parse(
      await Deno.readTextFile(new URL(`../../fixtures/conformance/${file}.json`, import.meta.url)),
    ).cases.map((c: { id: string }) => c.id);
    const agent = AGENTS.find((a) => a.id === p.id)!;
    for (const rule of readingRules(p)) {
      if (rule.basis.kind === "binary") {
        assert.ok(cases.includes(rule.basis.case), `${p.id}: ${rule.basis.case}`);
      } else assert.ok(rule.basis.ref.startsWith(agent.docs), `${p.id}: ${rule.basis.ref}`);
    }
  }
});
