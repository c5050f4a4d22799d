import assert from "node:assert/strict";
import { readAnswer } from "../contract/contract.ts";
import { callHandler, readDocument, respond } from "./respond.ts";
import type { Handler } from "./types.ts";

const DOC =
  '{"everyhook":1,"agent":"codex","event":"pre-tool","nativeEvent":"PreToolUse","native":{}}';

async function said(handler: Handler, text = DOC): Promise<{ out: string; log: string }> {
  let log = "";
  const out = await respond(handler, text, (t) => log += t);
  return { out, log };
}

Deno.test("respond() prints a checked answer, and nothing for no opinion", async () => {
  assert.deepEqual(await said(() => ({ decision: "ask", reason: "sure?" })), {
    out: '{"decision":"ask","reason":"sure?"}',
    log: "",
  });
  for (const none of [undefined, null, {}, { reason: null }]) {
    assert.equal((await said(() => none as never)).out, "");
  }
  assert.equal((await said(() => Promise.resolve({ context: "c" }))).out, '{"context":"c"}');
});

Deno.test("respond(): whatever goes wrong comes out as something that is not an answer", async () => {
  const cases: Array<[Handler, string, RegExp]> = [
    [
      () => {
        throw new TypeError("x is undefined");
      },
      DOC,
      /^The handler threw TypeError: x is undefined$/,
    ],
    [() => ({ decision: "yes" }) as never, DOC, /"decision":"yes"/],
    [() => ({ reason: 1n }) as never, DOC, /cannot be written as JSON/],
    [() => "deny" as never, DOC, /^"deny"$/],
    [() => undefined, "{", /^The hook cannot read its document: it is not JSON/],
    [() => undefined, "[]", /not a JSON object/],
    [() => undefined, '{"event":"PreToolUse"}', /"event" is not a contract event/],
  ];
  for (const [handler, text, out] of cases) {
    const r = await said(handler, text);
    assert.match(r.out, out);
    assert.equal(readAnswer(r.out).ok, false, r.out);
    assert.notEqual(r.log, "");
  }
});

Deno.test("readDocument() takes a byte-order mark and a partial document", () => {
  const r = readDocument('\uFEFF{"event":"session-start"}');
  assert.ok(r.ok && r.doc.event === "session-start");
});

Deno.test("callHandler() hands back the problem with what the handler gave", async () => {
  const doc = JSON.parse(DOC);
  const r = await callHandler(() => ({ decision: "deny", extra: 1 }) as never, doc);
  assert.ok(!r.ok && /unknown key "extra"/.test(r.problem));
  await assert.rejects(
    callHandler(() => {
      throw new Error("boom");
    }, doc),
    /boom/,
  );
});
