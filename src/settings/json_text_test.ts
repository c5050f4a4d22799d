import assert from "node:assert/strict";
import { EveryhookError } from "../contract/errors.ts";
import {
  decodeJsonText,
  DEFAULT_FORMAT,
  detectFormat,
  editJson,
  encodeJsonText,
  parseJsonText,
  sameJsonText,
} from "./json_text.ts";

const enc = (s: string) => new TextEncoder().encode(s);

Deno.test("detectFormat() finds tabs, space width, CRLF and a missing final newline", () => {
  assert.deepEqual(detectFormat('{\r\n\t"a": {\r\n\t\t"b": 1\r\n\t}\r\n}'), {
    bom: false,
    eol: "\r\n",
    indent: "\t",
    finalNewline: false,
  });
  assert.equal(detectFormat('{\n    "a": {\n        "b": 1\n    }\n}\n').indent, "    ");
  assert.equal(detectFormat('{"a":1}').indent, "  ");
});

Deno.test("decodeJsonText() keeps the byte-order mark and encodeJsonText() puts it back", () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...enc('{"a": 1}\n')]);
  const t = decodeJsonText(bytes, "x.json");
  assert.equal(t.text, '{"a": 1}\n');
  assert.ok(t.format.bom);
  assert.deepEqual(encodeJsonText(t.text, t.format), bytes);
  assert.throws(() => decodeJsonText(new Uint8Array([0xff, 0xfe]), "x"), EveryhookError);
});

Deno.test("parseJsonText() takes comments and trailing commas and says where an error is", () => {
  assert.deepEqual(parseJsonText('{ /* c */ "a": [1, 2,], // d\n}', "x"), { a: [1, 2] });
  assert.equal(parseJsonText(" \n", "x"), undefined);
  assert.throws(() => parseJsonText('{\n  "a": 1\n  "b": 2\n}', "f.json"), (e: unknown) => {
    return e instanceof EveryhookError && e.code === "config-syntax" && /line 3:3/.test(e.message);
  });
});

Deno.test("editJson() adds in the file's layout and leaves comments and other bytes", () => {
  const text = '{\r\n\t// mine\r\n\t"model": "opus",\r\n}';
  const format = { ...detectFormat(text), bom: false };
  const out = editJson(text, ["hooks"], { Stop: [] }, format);
  assert.ok(out.startsWith('{\r\n\t// mine\r\n\t"model": "opus",\r\n\t"hooks": {'));
  assert.ok(!out.includes("\n ") && !/[^\r]\n/.test(out), "tabs and CRLF only");
  assert.ok(out.endsWith("}"));
  const back = editJson(out, ["hooks"], undefined, format);
  assert.ok(sameJsonText(back, text));
  const appended = editJson('{"a": [1]}', ["a", -1], 2, DEFAULT_FORMAT, { insert: true });
  assert.deepEqual(parseJsonText(appended, "x"), { a: [1, 2] });
});

Deno.test("editJson() removes the only member before a trailing comma", () => {
  assert.equal(editJson('{"hooks": {},}\n', ["hooks"], undefined, DEFAULT_FORMAT), "{}\n");
  assert.deepEqual(
    parseJsonText(editJson('{"a": [1, 2,],}', ["a", 1], undefined, DEFAULT_FORMAT), "x"),
    { a: [1] },
  );
});

Deno.test("sameJsonText() ignores whitespace and trailing commas, not comments or values", () => {
  assert.ok(sameJsonText('{"a":[1,2,],}', '{\n  "a": [\n    1,\n    2\n  ]\n}'));
  assert.ok(sameJsonText('{"a":"\\u0041"}', '{"a":"A"}'));
  assert.ok(!sameJsonText('{"a":1}', '{"a":2}'));
  assert.ok(!sameJsonText('{"a":1} // x', '{"a":1} // y'));
  assert.ok(!sameJsonText('{"a":1,"b":2}', '{"b":2,"a":1}'));
});
