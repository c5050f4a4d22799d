import assert from "node:assert/strict";
import {
  chatMessages,
  mainTurns,
  startFakeOpenAiChat,
  subagentTurns,
  textStep,
  toolResults,
  toolStep,
} from "./openai_chat.ts";

/** These tests listen on 127.0.0.1: without that permission (as under `deno test --doc`) they skip. */
const LOOPBACK = {
  ignore: Deno.permissions.querySync({ name: "net", host: "127.0.0.1" }).state !== "granted",
};
if (LOOPBACK.ignore) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped the fake server's tests: no --allow-net=127.0.0.1");
}

/** Posts one chat request and returns the raw answer text. */
async function post(baseUrl: string, body: unknown): Promise<Response> {
  return await fetch(`${baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The `data:` payloads of an SSE answer. */
function dataLines(text: string): string[] {
  return text.split("\n").filter((l) => l.startsWith("data: ")).map((l) => l.slice(6));
}

const tools = [{ type: "function", function: { name: "bash" } }];

Deno.test(
  "startFakeOpenAiChat() streams a tool call in chunks that add up to the script's arguments",
  LOOPBACK,
  async () => {
    const args = { command: "git push --force origin main", description: "Force push main" };
    const api = await startFakeOpenAiChat({ steps: [toolStep("bash", args), textStep("done")] });
    try {
      const res = await post(api.baseUrl, {
        stream: true,
        tools,
        messages: [{ role: "user", content: "go" }],
      });
      assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
      const lines = dataLines(await res.text());
      assert.equal(lines.at(-1), "[DONE]");
      const chunks = lines.slice(0, -1).map((l) => JSON.parse(l));
      let name = "";
      let joined = "";
      for (const c of chunks) {
        for (const call of c.choices[0]?.delta?.tool_calls ?? []) {
          name += call.function?.name ?? "";
          joined += call.function?.arguments ?? "";
        }
      }
      assert.equal(name, "bash");
      assert.deepEqual(JSON.parse(joined), args);
      assert.ok(chunks.length > 3, "the arguments come in several pieces");
      assert.equal(chunks.at(-2).choices[0].finish_reason, "tool_calls");
      assert.deepEqual(chunks.at(-1).choices, [], "the usage chunk has no choices");
      assert.equal(chunks.at(-1).usage.total_tokens, 110);
      assert.equal(api.requests.length, 1);
    } finally {
      await api.close();
    }
  },
);

Deno.test(
  "startFakeOpenAiChat() answers the step given by the assistant turns so far, then says done",
  LOOPBACK,
  async () => {
    const api = await startFakeOpenAiChat({ steps: [toolStep("bash", {}), textStep("FINAL-OK")] });
    try {
      const messages = [
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [] },
        { role: "tool", content: "hello" },
      ];
      const second = await (await post(api.baseUrl, { tools, messages })).json();
      assert.equal(second.choices[0].message.content, "FINAL-OK");
      const past = await (await post(api.baseUrl, {
        tools,
        messages: [...messages, { role: "assistant", content: "FINAL-OK" }],
      })).json();
      assert.match(past.choices[0].message.content, /^done/);
    } finally {
      await api.close();
    }
  },
);

Deno.test(
  "startFakeOpenAiChat() gives sub-agents their own script and errors their status",
  LOOPBACK,
  async () => {
    const api = await startFakeOpenAiChat({
      steps: [{ kind: "error", status: 400 }],
      subagentMarker: "SUB-1",
    });
    try {
      const sub = await (await post(api.baseUrl, {
        tools,
        messages: [{ role: "user", content: [{ type: "text", text: "SUB-1 do it" }] }],
      })).json();
      assert.equal(sub.choices[0].message.content, "SUBAGENT-DONE");
      const main = await post(api.baseUrl, { tools, messages: [{ role: "user", content: "go" }] });
      assert.equal(main.status, 400);
      await main.body?.cancel();
      assert.equal(mainTurns(api.requests, "SUB-1").length, 1);
    } finally {
      await api.close();
    }
  },
);

Deno.test(
  "startFakeOpenAiChat() finds the marker in a later user message only when told to",
  LOOPBACK,
  async () => {
    const reminder = { role: "user", content: "<system-reminder>tools</system-reminder>" };
    const task = { role: "user", content: "SUB-2 do it" };
    for (const anyUser of [false, true]) {
      const api = await startFakeOpenAiChat({
        steps: [textStep("MAIN")],
        subagentMarker: "SUB-2",
        markerInAnyUserMessage: anyUser,
      });
      try {
        const said = await (await post(api.baseUrl, { tools, messages: [reminder, task] })).json();
        assert.equal(said.choices[0].message.content, anyUser ? "SUBAGENT-DONE" : "MAIN");
        assert.equal(mainTurns(api.requests, "SUB-2", anyUser).length, anyUser ? 0 : 1);
        assert.equal(subagentTurns(api.requests, "SUB-2", anyUser).length, anyUser ? 1 : 0);
      } finally {
        await api.close();
      }
    }
  },
);

Deno.test("toolResults() lists each tool message once, in order", () => {
  const a = { body: { messages: [{ role: "tool", content: "one" }] } };
  const b = {
    body: { messages: [{ role: "tool", content: "one" }, { role: "tool", content: "two" }] },
  };
  assert.deepEqual(toolResults([a, b]), ["one", "two"]);
  assert.deepEqual(chatMessages({ messages: [{ nope: 1 }] }), []);
});
