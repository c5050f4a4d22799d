import assert from "node:assert/strict";
import { duplicateKey } from "./strict_json.ts";
import { readAnswer } from "./contract.ts";

Deno.test("duplicateKey() finds a key written twice at the top and deep inside", () => {
  assert.equal(duplicateKey('{"decision":"deny","reason":"x","decision":"allow"}'), "decision");
  assert.equal(duplicateKey('{"input":{"command":"ls","command":"rm -rf /"}}'), "input.command");
  assert.equal(duplicateKey('{"a":[{"b":1},{"c":{"d":1,"d":2}}]}'), "a[1].c.d");
  assert.equal(duplicateKey('[{"a":1,"a":1}]'), "[0].a");
});

Deno.test("duplicateKey() compares keys as they read, escapes undone", () => {
  assert.equal(duplicateKey('{"decision":"deny","decisio\\u006e":"allow"}'), "decision");
  assert.equal(duplicateKey('{"\\"":1,"\\u0022":2}'), '"');
});

Deno.test("duplicateKey() is not fooled by strings that look like keys or brackets", () => {
  assert.equal(duplicateKey('{"a":"\\"a\\":1","b":"{\\"a\\":2}","c":"[,]"}'), undefined);
  assert.equal(duplicateKey('{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":1}]}'), undefined);
  assert.equal(duplicateKey('{"a":[1,2,{"a":1}],"b":"\\\\"}'), undefined);
  assert.equal(duplicateKey("[]"), undefined);
  assert.equal(duplicateKey('"text"'), undefined);
});

Deno.test("readAnswer() refuses an answer with a key written twice, at the top or nested", () => {
  for (
    const text of [
      '{"decision":"deny","reason":"x","decision":"allow"}',
      '{"decision":"allow","decision":"deny"}',
      '{"decision":"allow","input":{"command":"ls","command":"rm -rf /"}}',
      '{"decision":"deny","reason":"a","reason":"b"}',
      '{"decision":"allow","\\u0064ecision":"allow"}',
    ]
  ) {
    const r = readAnswer(text);
    assert.equal(r.ok, false, text);
    assert.match(!r.ok ? r.problem : "", /is written twice/, text);
  }
});

Deno.test("readAnswer() still reads answers that say one thing", () => {
  const r = readAnswer('{"decision":"deny","reason":"no","input":{"a":{"b":1},"c":{"b":2}}}');
  assert.ok(r.ok);
  assert.equal(r.ok && r.answer.decision, "deny");
  assert.deepEqual(readAnswer(" {} \n"), { ok: true, answer: {} });
  assert.deepEqual(readAnswer('{"decision":"allow"}'), { ok: true, answer: { decision: "allow" } });
});
