import assert from "node:assert/strict";
import { loadDirect } from "./direct_load.ts";
import type { DirectArgs } from "./direct_args.ts";
import type { Handler } from "./types.ts";

const PRE = {
  "session_id": "s",
  "transcript_path": "/nowhere/t.jsonl",
  cwd: "/nowhere",
  "hook_event_name": "PreToolUse",
  "tool_name": "Bash",
  "tool_input": { command: "git push --force origin main" },
  "tool_use_id": "t",
};
const POST = { ...PRE, "hook_event_name": "PostToolUse", "tool_response": { stdout: "ok" } };
const PROMPT = { "session_id": "s", "hook_event_name": "UserPromptSubmit", prompt: "hello" };
const STOP = { "session_id": "s", "hook_event_name": "Stop", "stop_hook_active": false };

const ARGS: DirectArgs = { agent: "claude-code", event: "pre-tool", timeout: 5, failClosed: false };

function direct(handler: Handler, payload: unknown, args: Partial<DirectArgs> = {}) {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload);
  const logs: string[] = [];
  const all = { ...ARGS, ...args };
  const out = loadDirect(all.agent).then((d) =>
    d.runDirect(handler, all, {
      agent: d.agent,
      hook: "file:///hooks/mine.ts",
      input: { bytes: new TextEncoder().encode(text), truncated: false },
      log: (line) => logs.push(line),
    })
  );
  return out.then((o) => ({
    ...o,
    logs,
    json: o.stdout === "" ? undefined : JSON.parse(o.stdout),
  }));
}

Deno.test("runDirect() gives the handler the agent's document and prints the agent's JSON", async () => {
  let seen: unknown;
  const out = await direct((doc) => {
    seen = doc;
    return { decision: "deny", reason: "no force" };
  }, PRE);
  assert.deepEqual(
    (seen as { tool: unknown }).tool,
    {
      name: "Bash",
      kind: "shell",
      command: "git push --force origin main",
      input: PRE.tool_input,
    },
  );
  assert.equal(out.exit, 0);
  assert.equal(out.json.hookSpecificOutput.permissionDecision, "deny");
  assert.equal(out.json.hookSpecificOutput.permissionDecisionReason, "no force");
  assert.equal(out.result?.effect, "blocked");
});

Deno.test("runDirect() prints nothing for no opinion", async () => {
  const out = await direct(() => undefined, PRE);
  assert.deepEqual([out.stdout, out.stderr, out.exit], ["", "", 0]);
});

Deno.test("runDirect(): a thrown error is ignored with a message, or a deny with fail-closed before a tool and on a prompt", async () => {
  const boom: Handler = () => {
    throw new RangeError("bad index");
  };
  const open = await direct(boom, PRE);
  assert.equal(open.json.hookSpecificOutput, undefined);
  assert.match(open.json.systemMessage, /ignored the hook "mine\.ts".*RangeError: bad index/);
  assert.match(open.logs.join(""), /RangeError: bad index\n\s+at /);
  const closed = await direct(boom, PRE, { failClosed: true });
  assert.equal(closed.json.hookSpecificOutput.permissionDecision, "deny");
  const prompt = await direct(boom, PROMPT, { event: "prompt", failClosed: true });
  assert.equal(prompt.json.decision, "block");
  const post = await direct(boom, POST, { event: "post-tool", failClosed: true });
  assert.equal(post.result?.effect, "message");
  assert.equal(post.json.decision, undefined);
});

Deno.test("runDirect(): an answer that is not one is a failure, named", async () => {
  const wrong = (() => ({ decision: "block" })) as unknown as Handler;
  const out = await direct(wrong, PRE, { failClosed: true });
  assert.equal(out.json.hookSpecificOutput.permissionDecision, "deny");
  assert.match(out.stderr, /"decision" must be "allow", "deny" or "ask", not "block"/);
  const text = await direct((() => "deny") as unknown as Handler, PRE);
  assert.match(text.stderr, /not a JSON object/);
});

Deno.test("runDirect() answers on time when the handler runs past its timeout", async () => {
  const timers: ReturnType<typeof setTimeout>[] = [];
  const hang: Handler = () => new Promise((resolve) => timers.push(setTimeout(resolve, 20_000)));
  try {
    const started = performance.now();
    const out = await direct(hang, PROMPT, { event: "prompt", timeout: 0.3, failClosed: true });
    const ms = performance.now() - started;
    assert.ok(ms >= 250 && ms < 3000, `answered after ${ms} ms`);
    assert.equal(out.json.decision, "block");
    assert.match(out.json.reason, /ran past its 0\.3 s/);
    const stop = await direct(hang, STOP, { event: "stop", timeout: 0.2 });
    assert.equal(stop.result?.effect, "message", "a stop is never trapped by a hook that hangs");
  } finally {
    timers.forEach(clearTimeout);
  }
});

Deno.test("runDirect() takes the agent's own event name and short name, and refuses what it does not know", async () => {
  const native = await direct(() => ({ context: "c" }), PROMPT, {
    agent: "claude",
    event: "UserPromptSubmit",
  });
  assert.equal(native.result?.event, "prompt");
  const agent = await direct(() => undefined, PRE, { agent: "nobody" });
  assert.deepEqual([agent.exit, agent.stdout], [1, ""]);
  assert.match(agent.stderr, /no agent is named "nobody"/);
  const event = await direct(() => undefined, PRE, { agent: "gemini-cli", event: "subagent-stop" });
  assert.equal(event.exit, 1);
  assert.match(event.stderr, /Gemini CLI has no event "subagent-stop"/);
});

Deno.test("runDirect(): input that is not the agent's JSON is a failure, and the handler is not called", async () => {
  let called = false;
  const out = await direct(
    () => {
      called = true;
    },
    "not json",
    { failClosed: true },
  );
  assert.equal(called, false);
  assert.equal(out.json.hookSpecificOutput.permissionDecision, "deny");
  assert.match(out.stderr, /not JSON/);
});
