import assert from "node:assert/strict";
import type { ContractEvent, HookDocument } from "../contract/contract.ts";
import type { Agent, AgentEvent, Cell, EventCells } from "../agents/types.ts";
import type { HookOutcome, HookSpec } from "./hook_process.ts";
import { runAdapter, type RunInput, type RunOptions } from "./run.ts";
import { MAX_REASON, reasonText } from "./hook_failure.ts";
import { readTail } from "./transcript_tail.ts";
import { EveryhookError } from "../contract/errors.ts";

const basis = { kind: "docs" as const, ref: "test" };

function cells(native: string): EventCells {
  const c = (cell: Omit<Cell, "basis">): Cell => ({ ...cell, basis });
  return {
    deny: c({ stdout: { [native]: { deny: "<reason>" } }, exit: 0, effect: "blocked" }),
    ask: c({ stdout: { [native]: { ask: "<reason>" } }, exit: 0, effect: "asked" }),
    allow: c({ stdout: { [native]: { allow: true } }, exit: 0, effect: "approved" }),
    context: c({ stdout: { ctx: "<context>" }, exit: 0, effect: "context" }),
    message: c({ stdout: { msg: "<message>" }, exit: 0, effect: "message" }),
    input: c({ stdout: { input: "<input>" }, exit: 0, effect: "rewritten" }),
    none: c({ exit: 0, effect: "none" }),
  };
}

function event(native: string): AgentEvent {
  return { native, info: "", matcher: false, cells: cells(native) };
}

/** A small agent with three events, reading `{ e, cwd, last?, transcript? }` payloads. */
const fake: Agent = {
  id: "fake",
  name: "Fake Agent",
  aliases: [],
  recorded: false,
  docs: "",
  events: { "pre-tool": event("Pre"), "post-tool": event("Post"), stop: event("Stop") },
  aliasEvents: {},
  tools: { names: {}, patterns: [] },
  read(native, { event }) {
    if (native.boom) throw new Error("odd payload");
    const doc: HookDocument = {
      everyhook: 1,
      agent: "fake",
      event,
      nativeEvent: String(native.e ?? "Pre"),
      native,
    };
    if (typeof native.cwd === "string") doc.cwd = native.cwd;
    if (typeof native.transcript === "string") doc.transcript = native.transcript;
    if (event === "stop") {
      doc.stop = { continued: false };
      if (typeof native.last === "string") doc.stop.lastMessage = native.last;
    }
    return doc;
  },
  transcriptLastMessage(text) {
    const lines = text.trim().split("\n");
    return lines.at(-1);
  },
  install: {} as Agent["install"],
};

function input(text: string, truncated = false): RunInput {
  return { bytes: new TextEncoder().encode(text), truncated };
}

function fakeRunner(
  outcome: HookOutcome,
  seen: HookSpec[] = [],
): (spec: HookSpec) => Promise<HookOutcome> {
  return (spec) => {
    seen.push(spec);
    return Promise.resolve(outcome);
  };
}

const exited = (code: number, stdout = "", stderr = ""): HookOutcome => ({
  kind: "exited",
  code,
  stdout,
  stderr,
  ms: 5,
});

const base = { env: { PATH: "/bin" }, cwd: "/" };

async function run(
  ev: ContractEvent,
  stdin: string,
  outcome: HookOutcome,
  options: Partial<RunOptions> = {},
) {
  const seen: HookSpec[] = [];
  const result = await runAdapter(fake, ev, input(stdin), ["/hooks/h.sh", "a"], {
    ...base,
    runner: fakeRunner(outcome, seen),
    ...options,
  });
  return { result, seen };
}

Deno.test("runAdapter() translates the hook's answer", async () => {
  const { result, seen } = await run(
    "pre-tool",
    '{"e":"Pre"}',
    exited(0, '{"decision":"deny","reason":"no force push"}'),
  );
  assert.equal(result.ok, true);
  assert.equal(result.native.stdout, '{"Pre":{"deny":"no force push"}}');
  assert.equal(result.native.exit, 0);
  assert.equal(result.effect, "blocked");
  assert.equal(result.hook.status, "answered");
  assert.deepEqual(result.answer, { decision: "deny", reason: "no force push" });
  assert.equal(seen.length, 1);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(seen[0]?.stdin)), result.document);
  assert.deepEqual(seen[0]?.argv, ["/hooks/h.sh", "a"]);
  assert.equal(seen[0]?.timeoutMs, 25_000);
});

Deno.test("runAdapter() gives the hook the agent's env plus EVERYHOOK variables, and its folder", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const { seen } = await run("pre-tool", JSON.stringify({ cwd: dir }), exited(0), {
      timeoutSeconds: 3,
    });
    assert.deepEqual(seen[0]?.env, {
      PATH: "/bin",
      EVERYHOOK: "1",
      EVERYHOOK_AGENT: "fake",
      EVERYHOOK_EVENT: "pre-tool",
    });
    assert.equal(seen[0]?.cwd, dir);
    assert.equal(seen[0]?.base, "/");
    assert.equal(seen[0]?.timeoutMs, 3000);
    const gone = await run("pre-tool", '{"cwd":"/no/such/folder"}', exited(0));
    assert.equal(gone.seen[0]?.cwd, "/");
  } finally {
    await Deno.remove(dir);
  }
});

Deno.test("runAdapter() handles each input problem with a message and never runs the hook", async () => {
  const cases: Array<[string, boolean, RegExp]> = [
    ["", false, /nothing on stdin/],
    ["  \n", false, /nothing on stdin/],
    ["{not json", false, /not JSON/],
    ["[1,2]", false, /not a JSON object but an array/],
    ["null", false, /not a JSON object but null/],
    ['"text"', false, /not a JSON object but string/],
    ['{"a":', true, /over 50 MB/],
    ['{"boom":true}', false, /as Fake Agent: odd payload/],
  ];
  for (const [text, truncated, problem] of cases) {
    const seen: HookSpec[] = [];
    const result = await runAdapter(fake, "pre-tool", input(text, truncated), ["h"], {
      ...base,
      runner: fakeRunner(exited(0), seen),
    });
    assert.equal(seen.length, 0, text);
    assert.equal(result.ok, false);
    assert.equal(result.failure?.kind, "input");
    assert.match(result.failure?.detail ?? "", problem);
    assert.equal(result.hook.status, "not-run");
    assert.equal(result.document, null);
    assert.equal(result.native.exit, 0);
    assert.match(result.native.stdout, /everyhook ignored the hook/);
    assert.match(result.native.stderr, problem);
    assert.equal(result.effect, "message");
  }
});

Deno.test("runAdapter() with failClosed denies before a tool when the input cannot be read", async () => {
  const result = await runAdapter(fake, "pre-tool", input(""), ["h"], {
    ...base,
    failClosed: true,
    runner: fakeRunner(exited(0)),
  });
  assert.equal(result.effect, "blocked");
  assert.match(result.native.stdout, /fail closed/);
});

Deno.test("runAdapter() turns a non-zero exit into a deny with stderr as the reason", async () => {
  const { result } = await run("pre-tool", "{}", exited(3, "ignored", "  not on main \n"));
  assert.equal(result.ok, true);
  assert.deepEqual(result.answer, { decision: "deny", reason: "not on main" });
  assert.equal(result.hook.status, "exit");
  assert.equal(result.hook.exit, 3);
  const silent = await run("pre-tool", "{}", exited(1));
  assert.deepEqual(silent.result.answer, { decision: "deny", reason: "The hook exited with 1" });
});

Deno.test("runAdapter() at stop takes only exit 2 as a deny", async () => {
  const two = await run("stop", '{"e":"Stop","last":"done"}', exited(2, "", "keep going"));
  assert.equal(two.result.ok, true);
  assert.equal(two.result.native.stdout, '{"Stop":{"deny":"keep going"}}');
  const one = await run("stop", '{"e":"Stop","last":"done"}', exited(1, "", "crashed"));
  assert.equal(one.result.ok, false);
  assert.equal(one.result.failure?.kind, "exit");
  assert.match(one.result.failure?.detail ?? "", /exited with 1: crashed/);
  assert.equal(one.result.effect, "message");
  const closed = await run("stop", '{"e":"Stop"}', exited(1), { failClosed: true });
  assert.equal(closed.result.effect, "message", "fail-closed does not apply at a stop");
});

Deno.test("runAdapter() ignores a hook that fails, or with failClosed denies before a tool", async () => {
  const failures: Array<[HookOutcome, string]> = [
    [
      { kind: "start-failed", message: 'Cannot start the hook: "x" does not exist', ms: 1 },
      "start",
    ],
    [{ kind: "timeout", timeoutMs: 25000, stdout: "", stderr: "", ms: 25000 }, "timeout"],
    [exited(0, "not json"), "invalid"],
    [exited(0, '{"decision":"maybe"}'), "invalid"],
    [{ kind: "output-too-large", cap: 10485760, stdout: "x", stderr: "", ms: 9 }, "invalid"],
  ];
  for (const [outcome, kind] of failures) {
    const open = await run("pre-tool", "{}", outcome);
    assert.equal(open.result.failure?.kind, kind);
    assert.equal(open.result.ok, false);
    assert.equal(open.result.effect, "message");
    assert.match(open.result.native.stderr, /everyhook ignored the hook "h.sh"/);
    const closed = await run("pre-tool", "{}", outcome, { failClosed: true });
    assert.equal(closed.result.effect, "blocked", kind);
    assert.match(closed.result.native.stderr, /everyhook blocked this/);
    const post = await run("post-tool", "{}", outcome, { failClosed: true });
    assert.equal(
      post.result.effect,
      "message",
      "fail-closed applies only before a tool and on a prompt",
    );
  }
});

Deno.test("runAdapter() throws a usage error for an event the agent does not have", async () => {
  await assert.rejects(
    () =>
      runAdapter(fake, "prompt", input("{}"), ["h"], { ...base, runner: fakeRunner(exited(0)) }),
    (e: unknown) =>
      e instanceof EveryhookError && e.exitCode === 2 && /no such event/.test(e.message),
  );
});

Deno.test("runAdapter() reads a stop's last message from the transcript's tail", async () => {
  const file = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(file, "first\n" + "x".repeat(300_000) + "\nsecond\nlast words\n");
    const { result, seen } = await run("stop", JSON.stringify({ transcript: file }), exited(0));
    assert.equal(result.document?.stop?.lastMessage, "last words");
    const doc = JSON.parse(new TextDecoder().decode(seen[0]?.stdin));
    assert.equal(doc.stop.lastMessage, "last words");
    const kept = await run("stop", JSON.stringify({ transcript: file, last: "sent" }), exited(0));
    assert.equal(kept.result.document?.stop?.lastMessage, "sent");
    const missing = await run("stop", '{"transcript":"/no/such/file"}', exited(0));
    assert.equal(missing.result.document?.stop?.lastMessage, undefined);
    assert.match(missing.result.notes.join("\n"), /cannot read the transcript/);
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("readTail() starts at a whole line", async () => {
  const file = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(file, "aaaa\nbbbb\ncccc\n");
    assert.equal(readTail(file, 100), "aaaa\nbbbb\ncccc\n");
    assert.equal(readTail(file, 7), "cccc\n");
    assert.equal(readTail("/no/such/file", 7), undefined);
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("runAdapter() logs each step to debug only", async () => {
  const lines: string[] = [];
  const { result } = await run("pre-tool", "{}", exited(0, '{"context":"c"}'), {
    debug: (t) => lines.push(t),
  });
  assert.equal(result.native.stdout, '{"ctx":"c"}');
  assert.deepEqual(lines.map((l) => l.split(":")[0]), ["document", "hook", "answer", "printed"]);
});

Deno.test("reasonText() takes colour codes out of stderr and cuts a long one", () => {
  assert.equal(reasonText("\x1b[0m\x1b[1m\x1b[31merror\x1b[0m: bad\n"), "error: bad");
  const long = reasonText("x".repeat(MAX_REASON + 10));
  assert.equal(long.length, MAX_REASON);
  assert.ok(long.endsWith("..."));
});

Deno.test("runAdapter() gives the hook what is left of the deadline, and none when it has passed", async () => {
  const soon = await run("pre-tool", '{"e":"Pre"}', exited(0, "{}"), {
    timeoutSeconds: 10,
    deadline: performance.now() + 3000,
  });
  const ms = soon.seen[0]?.timeoutMs ?? 0;
  assert.ok(ms > 2000 && ms <= 3000, `the hook got ${ms} ms`);
  const late = await run("pre-tool", '{"e":"Pre"}', exited(0, "{}"), {
    failClosed: true,
    timeoutSeconds: 10,
    deadline: performance.now() - 1,
  });
  assert.equal(late.seen.length, 0, "no hook is started after the deadline");
  assert.equal(late.result.hook.status, "timeout");
  assert.equal(late.result.answer.decision, "deny");
  const slow = await runAdapter(fake, "pre-tool", { ...input('{"e":'), timedOut: true }, ["h"], {
    ...base,
    failClosed: true,
    runner: fakeRunner(exited(0, "{}")),
  });
  assert.equal(slow.failure?.kind, "input");
  assert.match(slow.failure?.detail ?? "", /had not ended on stdin/);
  assert.equal(slow.answer.decision, "deny");
});

Deno.test("readTail() reads only a regular file: a FIFO is never opened", {
  ignore: Deno.build.os === "windows",
}, async () => {
  const dir = await Deno.makeTempDir();
  try {
    await new Deno.Command("mkfifo", { args: [`${dir}/fifo`] }).output();
    assert.equal(readTail(`${dir}/fifo`, 1024), undefined);
    assert.equal(readTail(dir, 1024), undefined);
    await Deno.writeTextFile(`${dir}/t`, "a\nb\n");
    await Deno.symlink(`${dir}/t`, `${dir}/link`);
    assert.equal(readTail(`${dir}/link`, 1024), "a\nb\n");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("runAdapter() reports a hook that does not load as broken, denying where a crash denies", async () => {
  const load = 'error: Module not found "file:///hooks/nope.ts".\n    at file:///hooks/h.ts:1:17';
  const pre = await run("pre-tool", '{"e":"Pre"}', exited(1, "", load));
  assert.equal(pre.result.ok, false);
  assert.equal(pre.result.hook.status, "broken");
  assert.deepEqual(pre.result.failure, {
    kind: "broken",
    detail: 'Module not found "file:///hooks/nope.ts".',
  });
  assert.equal(pre.result.answer.decision, "deny");
  assert.match(pre.result.answer.reason ?? "", /^The hook "h\.sh" is broken \(it does not load\)/);
  assert.match(pre.result.native.stderr, /everyhook: the hook "h\.sh" is broken: it does not load/);
  const stop = await run("stop", '{"e":"Stop"}', exited(1, "", load), { failClosed: true });
  assert.equal(stop.result.failure?.kind, "broken");
  assert.equal(
    stop.result.answer.decision,
    undefined,
    "at a stop a broken hook sends nothing back",
  );
  // A reason of the hook's own, even one that starts with "error:", is not a load error.
  const own = await run("pre-tool", '{"e":"Pre"}', exited(1, "", "error: not on main"));
  assert.equal(own.result.hook.status, "exit");
  assert.equal(own.result.failure, null);
});
