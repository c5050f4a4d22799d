import assert from "node:assert/strict";
import { cursor } from "./cursor.ts";
import { translate } from "../run/translate.ts";
import { ANSWER_PARTS } from "./types.ts";
import type { ContractEvent, ToolKind } from "../contract/contract.ts";
import { isContractEvent } from "../contract/contract.ts";
import { type Fixture, loadFixtures } from "../readers/recorded.ts";

/** Cursor's documented fixtures (written from its reference, no binary was run), by file name. */
const ALL = new Map(
  (await loadFixtures(["cursor"])).map((f) => [(f.file ?? "").replace(/^.*[\\/]/, ""), f]),
);

function fixture(name: string): Fixture {
  const f = ALL.get(`${name}.json`);
  if (!f) throw new Error(`no fixture "${name}"`);
  return f;
}

function read(name: string) {
  const f = fixture(name);
  return cursor.read(f.payload, { event: f.event as ContractEvent });
}

/** The tool kind each tool fixture must read as. */
const KINDS: Record<string, ToolKind> = {
  "pre-tool.shell-force-push": "shell",
  "pre-tool.shell-harmless": "shell",
  "pre-tool.shell-force-push-beforeShellExecution": "shell",
  "pre-tool.read-env": "read",
  "pre-tool.mcp": "mcp",
  "post-tool.shell-harmless": "shell",
  "post-tool.shell-harmless-afterShellExecution": "shell",
  "post-tool.mcp": "mcp",
  "post-tool.edit": "edit",
};

Deno.test("cursor.read() reads every documented fixture into its event and tool kind", () => {
  assert.ok(ALL.size >= 14, `only ${ALL.size} fixtures`);
  for (const [file, f] of ALL) {
    const name = file.replace(/\.json$/, "");
    assert.equal(`${f.event}.${f.variant}`, name, file);
    assert.ok(isContractEvent(f.event), file);
    const doc = cursor.read(f.payload, { event: f.event as ContractEvent });
    assert.equal(doc.agent, "cursor", file);
    assert.equal(doc.event, f.event, file);
    assert.equal(doc.nativeEvent, f.nativeEvent, file);
    assert.equal(doc.native, f.payload, file);
    assert.equal(doc.cwd, "<project>", file);
    assert.equal(doc.session, f.payload.conversation_id, file);
    if (f.event === "pre-tool" || f.event === "post-tool") {
      assert.equal(doc.tool?.kind, KINDS[name], file);
      assert.equal(doc.tool?.failed, f.event === "post-tool" ? false : undefined, file);
    } else {
      assert.equal(doc.tool, undefined, file);
    }
  }
});

Deno.test("Cursor's fixtures say they are documented, from the reference, with the agent's own event", () => {
  for (const [file, f] of ALL) {
    assert.equal(f.agent, "cursor", file);
    assert.equal(f.source, "documented", file);
    assert.equal(f.version, "docs", file);
    assert.equal(f.os, "any", file);
    assert.match(f.date, /^\d{4}-\d{2}-\d{2}$/, file);
    assert.match(f.note ?? "", /https:\/\/cursor\.com\/docs\/hooks#/, file);
    assert.equal(f.payload.hook_event_name, f.nativeEvent, file);
    const wired = cursor.events[f.event as ContractEvent]?.native === f.nativeEvent ||
      cursor.aliasEvents[f.nativeEvent] === f.event;
    assert.ok(wired, `${file}: ${f.nativeEvent} is not a Cursor name for ${f.event}`);
    assert.doesNotMatch(JSON.stringify(f.payload), /\/(home|Users|tmp)\//, file);
  }
});

Deno.test("cursor.read() reads the shell command from preToolUse and beforeShellExecution", () => {
  const pre = read("pre-tool.shell-force-push");
  assert.deepEqual(pre.tool, {
    name: "Shell",
    kind: "shell",
    input: { command: "git push --force origin main", working_directory: "<project>" },
    command: "git push --force origin main",
  });
  const before = read("pre-tool.shell-force-push-beforeShellExecution");
  assert.equal(before.nativeEvent, "beforeShellExecution");
  assert.equal(before.tool?.name, "Shell");
  assert.equal(before.tool?.command, "git push --force origin main");
});

Deno.test("cursor.read() reads beforeReadFile, beforeMCPExecution and afterFileEdit", () => {
  const env = read("pre-tool.read-env");
  assert.equal(env.tool?.path, "<project>/.env");
  assert.deepEqual(env.tool?.input, { file_path: "<project>/.env" });
  const mcp = read("pre-tool.mcp");
  assert.equal(mcp.tool?.name, "create_issue");
  assert.deepEqual(mcp.tool?.input, { repo: "acme/shop", title: "Broken checkout" });
  const edit = read("post-tool.edit");
  assert.equal(edit.tool?.path, "<project>/src/app.ts");
  assert.deepEqual(edit.tool?.paths, ["<project>/src/app.ts"]);
});

Deno.test("cursor.read() gives the output of postToolUse, afterShellExecution and afterMCPExecution", () => {
  assert.equal(
    read("post-tool.shell-harmless").tool?.output,
    '{"exitCode":0,"stdout":"hello\\n"}',
  );
  assert.equal(read("post-tool.shell-harmless-afterShellExecution").tool?.output, "hello\n");
  assert.match(read("post-tool.mcp").tool?.output ?? "", /Created issue #42/);
  const failure = cursor.read({
    hook_event_name: "postToolUseFailure",
    tool_name: "Shell",
    tool_input: { command: "npm test" },
    error_message: "Command timed out after 30s",
    failure_type: "timeout",
  }, { event: "post-tool" });
  assert.equal(failure.tool?.failed, true);
  assert.equal(failure.tool?.output, "Command timed out after 30s");
});

Deno.test("cursor.read() reads loop_count as the stop's continued flag", () => {
  assert.deepEqual(read("stop.first").stop, { continued: false, status: "completed" });
  assert.equal(read("stop.continued").stop?.continued, true);
  const sub = read("subagent-stop.first");
  assert.deepEqual(sub.stop, {
    continued: false,
    status: "completed",
    lastMessage: "The port is read in src/app.ts, line 3.",
  });
  assert.deepEqual(sub.subagent, { type: "explore" });
});

Deno.test("cursor.read() reads why the turn ended as stop.status, and nothing it does not know", () => {
  for (const status of ["completed", "aborted", "error"]) {
    for (const event of ["stop", "subagent-stop"] as const) {
      assert.equal(cursor.read({ status, loop_count: 0 }, { event }).stop?.status, status);
    }
  }
  assert.equal(cursor.read({ status: "paused" }, { event: "stop" }).stop?.status, undefined);
  assert.equal(cursor.read({ loop_count: 0 }, { event: "stop" }).stop?.status, undefined);
});

Deno.test("cursor.read() reads the prompt and the session's end", () => {
  assert.equal(read("prompt.prompt").prompt, "Add a health check endpoint to the server.");
  assert.equal(read("session-end.end").reason, "completed");
  assert.equal(read("session-start.startup").source, undefined);
});

Deno.test("cursor.read() survives payloads with odd or missing fields", () => {
  for (const event of Object.keys(cursor.events) as ContractEvent[]) {
    const doc = cursor.read({ workspace_roots: "x", loop_count: "2", tool_input: 3 }, { event });
    assert.equal(doc.event, event);
    assert.equal(doc.cwd, undefined);
    if (doc.stop) assert.equal(doc.stop.continued, false);
  }
});

Deno.test("translate() writes a Cursor deny as permission deny with agent_message and user_message", () => {
  const deny = translate(cursor, "pre-tool", { decision: "deny", reason: "No force push" });
  assert.deepEqual(JSON.parse(deny.stdout), {
    permission: "deny",
    agent_message: "No force push",
    user_message: "No force push",
  });
  assert.equal(deny.exit, 0);
  assert.deepEqual(deny.effects, ["blocked"]);
  const withMessage = translate(cursor, "pre-tool", {
    decision: "deny",
    reason: "No force push",
    message: "Blocked a force push",
  });
  assert.deepEqual(JSON.parse(withMessage.stdout), {
    permission: "deny",
    agent_message: "No force push",
    user_message: "Blocked a force push",
  });
});

Deno.test("translate() turns a Cursor preToolUse ask into a deny and prints {} for no opinion", () => {
  const ask = translate(cursor, "pre-tool", { decision: "ask", reason: "Sure?" });
  assert.equal(JSON.parse(ask.stdout).permission, "deny");
  assert.match(ask.notes[0] ?? "", /^ask: .*not enforce/);
  const none = translate(cursor, "pre-tool", {});
  assert.equal(none.stdout, "{}");
  assert.deepEqual(none.effects, ["none"]);
  assert.match(none.notes[0] ?? "", /does not require an allow/);
  const rewrite = translate(cursor, "pre-tool", {
    decision: "allow",
    input: { command: "npm ci" },
  });
  assert.equal(rewrite.stdout, '{"permission":"allow","updated_input":{"command":"npm ci"}}');
});

Deno.test("translate() sends Cursor back with followup_message and refuses a prompt with continue false", () => {
  const stop = translate(cursor, "stop", { decision: "deny", reason: "Run the tests" });
  assert.equal(stop.stdout, '{"followup_message":"Run the tests"}');
  assert.deepEqual(stop.effects, ["sent-back"]);
  const prompt = translate(cursor, "prompt", { decision: "deny", reason: "No secrets" });
  assert.equal(prompt.stdout, '{"continue":false,"user_message":"No secrets"}');
  const after = translate(cursor, "post-tool", { decision: "deny", reason: "Lint failed" });
  assert.equal(after.stdout, '{"additional_context":"Lint failed"}');
  assert.equal(after.parts[0]?.cell.becomes, "context");
});

Deno.test("cursor.events rest every cell on Cursor's reference", () => {
  for (const [event, spec] of Object.entries(cursor.events)) {
    for (const [part, cell] of Object.entries(spec.cells)) {
      assert.equal(cell.basis.kind, "docs", `${event} ${part}`);
      if (cell.basis.kind === "docs") {
        assert.match(cell.basis.ref, /^https:\/\/cursor\.com\/docs\/hooks#/, `${event} ${part}`);
      }
      if (cell.becomes !== undefined) assert.ok(cell.note, `${event} ${part}`);
    }
  }
  assert.equal(cursor.recorded, false);
});

Deno.test("afterFileEdit has its own answers: Cursor takes none, so nothing is printed and nothing is promised", () => {
  for (const answer of [{ decision: "deny" as const, reason: "no" }, { context: "c" }, {}]) {
    const t = translate(cursor, "post-tool", answer, { nativeEvent: "afterFileEdit" });
    assert.equal(t.stdout, "");
    assert.deepEqual(t.effects, ["none"]);
  }
  const post = translate(cursor, "post-tool", { decision: "deny", reason: "no" });
  assert.deepEqual(post.effects, ["feedback"]);
  const ask = translate(cursor, "pre-tool", { decision: "ask", reason: "sure?" }, {
    nativeEvent: "beforeShellExecution",
  });
  assert.deepEqual(ask.effects, ["asked"]);
  assert.equal(JSON.parse(ask.stdout).permission, "ask");
  for (const [alias, cells] of Object.entries(cursor.aliasCells ?? {})) {
    assert.ok(cursor.aliasEvents[alias], `${alias} is not an alias event`);
    assert.deepEqual(Object.keys(cells).sort(), [...ANSWER_PARTS].sort(), alias);
  }
});

Deno.test("cursor.read() reads afterFileEdit as an edit of its files, never a read", () => {
  const read = (payload: Record<string, unknown>) =>
    cursor.read({ hook_event_name: "afterFileEdit", ...payload }, { event: "post-tool" }).tool;
  const edit = read({ file_path: "/p/src/a.ts", edits: [{ old_string: "a", new_string: "b" }] });
  assert.equal(edit?.kind, "edit");
  assert.deepEqual(edit?.paths, ["/p/src/a.ts"]);
  const bare = read({ file_path: "/p/src/a.ts" });
  assert.equal(bare?.kind, "edit");
  assert.deepEqual(bare?.paths, ["/p/src/a.ts"]);
  const none = read({ edits: [] });
  assert.equal(none?.kind, "edit");
  assert.equal(none?.paths, undefined);
  assert.match(none?.unread ?? "", /no file_path/);
});
