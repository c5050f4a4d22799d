import assert from "node:assert/strict";
import { functionResponses, type GeminiStep, modelTurns, startFakeGemini } from "./gemini.ts";

/** These tests listen on 127.0.0.1: without that permission (as under `deno test --doc`) they skip. */
const LOOPBACK = {
  ignore: Deno.permissions.querySync({ name: "net", host: "127.0.0.1" }).state !== "granted",
};
if (LOOPBACK.ignore) {
  // deno-lint-ignore no-console -- a skipped test says why
  console.warn("skipped the fake server's tests: no --allow-net=127.0.0.1");
}

const SCRIPT: GeminiStep[] = [
  { kind: "call", name: "run_shell_command", args: { command: "echo hello" } },
  { kind: "text", text: "All done, nothing left to do here." },
];

/** The JSON objects of a server-sent events body framed `data: <json>\r\n\r\n`. */
function events(body: string): Array<Record<string, unknown>> {
  assert.ok(body.endsWith("\r\n\r\n"), "each event ends with CRLF CRLF");
  return body.split("\r\n\r\n").filter((e) => e !== "").map((e) => {
    assert.ok(e.startsWith("data: "), `an event is one data line: ${e}`);
    return JSON.parse(e.slice("data: ".length)) as Record<string, unknown>;
  });
}

async function stream(url: string, contents: unknown[]): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(`${url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ contents, tools: [{ functionDeclarations: [] }] }),
  });
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  return events(await res.text());
}

Deno.test(
  "startFakeGemini() streams the script's step for the number of model turns",
  LOOPBACK,
  async () => {
    await using api = await startFakeGemini(SCRIPT);
    const user = { role: "user", parts: [{ text: "Please do the tasks." }] };
    const first = await stream(api.url, [user]);
    assert.equal(first.length, 1, "a function call comes whole in one chunk");
    assert.deepEqual(first[0]?.candidates, [{
      content: {
        role: "model",
        parts: [{ functionCall: { name: "run_shell_command", args: { command: "echo hello" } } }],
      },
      index: 0,
      finishReason: "STOP",
    }]);
    const history = [
      user,
      { role: "model", parts: [{ functionCall: { name: "run_shell_command", args: {} } }] },
      {
        role: "user",
        parts: [{ functionResponse: { name: "run_shell_command", response: { output: "hello" } } }],
      },
    ];
    const second = await stream(api.url, history);
    assert.ok(second.length > 1, "a text comes in pieces");
    const text = second.map((c) => {
      const cand = (c.candidates as Array<{ content: { parts: Array<{ text: string }> } }>)[0]!;
      return cand.content.parts[0]!.text;
    }).join("");
    assert.equal(text, "All done, nothing left to do here.");
    const finishes = second.map((c) =>
      (c.candidates as Array<{ finishReason?: string }>)[0]!.finishReason
    );
    assert.ok(finishes.slice(0, -1).every((f) => f === undefined), "only the last chunk finishes");
    assert.equal(finishes.at(-1), "STOP");
    // Past the end of the script the last step is answered again.
    const third = await stream(api.url, [...history, { role: "model", parts: [{ text: "x" }] }]);
    assert.equal(third.length, second.length);
    assert.equal(api.requests.length, 3);
    assert.equal(functionResponses(api.requests[1]!.body)[0], '{"output":"hello"}');
  },
);

Deno.test(
  "startFakeGemini() answers countTokens and generateContent, 404 elsewhere",
  LOOPBACK,
  async () => {
    await using api = await startFakeGemini(SCRIPT);
    const base = `${api.url}/v1beta/models/gemini-2.5-flash`;
    const count = await fetch(`${base}:countTokens`, { method: "POST", body: "{}" });
    assert.deepEqual(await count.json(), { totalTokens: 120 });
    const whole = await fetch(`${base}:generateContent`, {
      method: "POST",
      body: '{"contents":[]}',
    });
    const answer = await whole.json() as { candidates: Array<{ content: { parts: unknown[] } }> };
    assert.deepEqual(answer.candidates[0]!.content.parts, [{
      functionCall: { name: "run_shell_command", args: { command: "echo hello" } },
    }]);
    const other = await fetch(`${api.url}/v1/other`, { method: "POST", body: "{}" });
    assert.equal(other.status, 404);
    await other.body?.cancel();
  },
);

Deno.test("modelTurns() counts the model's contents only", () => {
  assert.equal(modelTurns({}), 0);
  assert.equal(
    modelTurns({ contents: [{ role: "user" }, { role: "model" }, { role: "model" }] }),
    2,
  );
});
