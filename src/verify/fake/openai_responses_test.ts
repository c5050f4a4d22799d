import assert from "node:assert/strict";
import {
  callOutput,
  itemFor,
  responseEvents,
  type ResponsesScript,
  startFakeResponses,
  stepOf,
} from "./openai_responses.ts";

/** These tests listen on 127.0.0.1: without that permission (as under `deno test --doc`) they skip. */
const LOOPBACK = {
  ignore: Deno.permissions.querySync({ name: "net", host: "127.0.0.1" }).state !== "granted",
};
if (LOOPBACK.ignore) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped the fake server's tests: no --allow-net=127.0.0.1");
}

const TOOLS = [
  { type: "function", name: "exec_command" },
  { type: "custom", name: "apply_patch" },
];
const SCRIPT: ResponsesScript = {
  steps: [
    { kind: "shell", command: "echo hello" },
    { kind: "patch", patch: "*** Begin Patch\n*** End Patch" },
  ],
  final: "All done.",
  subagentFinal: "sub done",
};

/** Reads an SSE body into its events (event name and parsed data). */
function parseSse(text: string): Array<{ event: string; data: Record<string, unknown> }> {
  return text.split("\n\n").filter((b) => b.trim() !== "").map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? "";
    const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null");
    return { event, data };
  });
}

Deno.test("stepOf() counts the tool outputs of every kind in the input", () => {
  assert.equal(stepOf({ input: [{ type: "message", role: "user" }] }), 0);
  assert.equal(
    stepOf({
      input: [
        { type: "function_call_output", "call_id": "call_0" },
        { type: "custom_tool_call_output", "call_id": "call_1" },
      ],
    }),
    2,
  );
  assert.equal(stepOf(null), 0);
});

Deno.test("itemFor() plays the script by step, then the final message", () => {
  const shell = itemFor(SCRIPT, { input: [], tools: TOOLS }, false);
  assert.equal(shell.type, "function_call");
  assert.equal(shell.name, "exec_command");
  assert.equal(JSON.parse(String(shell.arguments)).cmd, "echo hello");
  assert.equal(shell["call_id"], "call_0");
  const patch = itemFor(
    SCRIPT,
    { input: [{ type: "function_call_output" }], tools: TOOLS },
    false,
  );
  assert.equal(patch.type, "custom_tool_call");
  assert.equal(patch.input, "*** Begin Patch\n*** End Patch");
  const done = itemFor(
    SCRIPT,
    { input: [{ type: "x_call_output" }, { type: "y_call_output" }] },
    false,
  );
  assert.equal(done.type, "message");
  assert.match(JSON.stringify(done.content), /All done\./);
});

Deno.test("itemFor() falls back to a shell heredoc when apply_patch is not offered", () => {
  const item = itemFor(SCRIPT, {
    input: [{ type: "function_call_output" }],
    tools: [{ type: "function", name: "exec_command" }],
  }, false);
  assert.equal(item.name, "exec_command");
  assert.match(String(item.arguments), /apply_patch <<'PATCH'/);
});

Deno.test("itemFor() answers a sub-agent's request with its own message", () => {
  const item = itemFor(SCRIPT, { input: [], tools: TOOLS }, true);
  assert.equal(item.type, "message");
  assert.match(JSON.stringify(item.content), /sub done/);
});

Deno.test("responseEvents() streams a function call's arguments in deltas, in order", () => {
  const item = {
    type: "function_call",
    id: "fc_1",
    "call_id": "c",
    name: "f",
    arguments: '{"a":1}',
  };
  const events = responseEvents("resp_1", item);
  const names = events.map((e) => e.event);
  assert.deepEqual(names.slice(0, 3), [
    "response.created",
    "response.in_progress",
    "response.output_item.added",
  ]);
  assert.deepEqual(names.slice(-3), [
    "response.function_call_arguments.done",
    "response.output_item.done",
    "response.completed",
  ]);
  assert.ok(names.slice(3, -3).length > 1, "the arguments come in more than one delta");
  assert.ok(names.slice(3, -3).every((n) => n === "response.function_call_arguments.delta"));
  const deltas = events.filter((e) => e.event.endsWith(".delta")).map((e) => e.data.delta).join("");
  assert.equal(deltas, '{"a":1}');
  assert.deepEqual(events.map((e) => e.data["sequence_number"]), events.map((_, i) => i));
});

Deno.test(
  "startFakeResponses() streams SSE for /v1/responses, logs it, and 404s the rest",
  LOOPBACK,
  async () => {
    await using server = await startFakeResponses(SCRIPT);
    const res = await fetch(`${server.url}/v1/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stream: true, input: [], tools: TOOLS }),
    });
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    const events = parseSse(await res.text());
    const done = events.find((e) => e.event === "response.output_item.done");
    assert.equal((done?.data.item as { name?: string }).name, "exec_command");
    assert.equal(events.at(-1)?.event, "response.completed");
    const other = await fetch(`${server.url}/v1/models`);
    assert.equal(other.status, 404);
    await other.body?.cancel();
    assert.equal(server.requests.length, 2);
    assert.equal(stepOf(server.requests[0]!.body), 0);
  },
);

Deno.test("callOutput() finds a call's output text, or undefined", () => {
  const body = {
    input: [{ type: "custom_tool_call_output", "call_id": "call_1", output: "patched" }],
  };
  assert.equal(callOutput(body, "call_1"), "patched");
  assert.equal(callOutput(body, "call_0"), undefined);
});
