import assert from "node:assert/strict";
import { preciseEdit } from "./json_edit.ts";

const LF = { indent: "  ", eol: "\n" };

Deno.test("preciseEdit() adds after the last member and keeps its comment on its line", () => {
  assert.equal(
    preciseEdit('{\n  "a": 1 // one\n}\n', ["hooks"], { X: [1] }, LF),
    '{\n  "a": 1, // one\n  "hooks": {\n    "X": [\n      1\n    ]\n  }\n}\n',
  );
  assert.equal(
    preciseEdit('{\n\t"a": 1, // one\n}\n', ["b"], [], { indent: "\t", eol: "\n" }),
    '{\n\t"a": 1, // one\n\t"b": [],\n}\n',
    "a trailing comma stays the file's style",
  );
});

Deno.test("preciseEdit() keeps CRLF and the indentation of the line it joins", () => {
  assert.equal(
    preciseEdit('{\r\n    "a": {\r\n        "b": []\r\n    }\r\n}', ["a", "b", -1], { c: 1 }, {
      indent: "    ",
      eol: "\r\n",
    }),
    '{\r\n    "a": {\r\n        "b": [\r\n            {\r\n                "c": 1\r\n            }\r\n        ]\r\n    }\r\n}',
  );
});

Deno.test("preciseEdit() keeps a container on one line on one line", () => {
  assert.equal(preciseEdit('{"a":1}', ["h"], { X: [1] }, LF), '{"a":1,"h":{"X":[1]}}');
  assert.equal(
    preciseEdit('{"a": 1, "b": [1, 2]}\n', ["b", -1], 3, LF),
    '{"a": 1, "b": [1, 2, 3]}\n',
  );
  assert.equal(preciseEdit('{"a":1,"h":{}}', ["h"], undefined, LF), '{"a":1}');
  assert.equal(preciseEdit("{}", ["h"], 1, LF), '{\n  "h": 1\n}');
});

Deno.test("preciseEdit() takes a member out with its lines, and a comma only where needed", () => {
  assert.equal(
    preciseEdit('{\n  "a": 1, // keep\n  "h": {}\n}\n', ["h"], undefined, LF),
    '{\n  "a": 1 // keep\n}\n',
  );
  assert.equal(
    preciseEdit('{\n  "h": [\n    1\n  ], // c\n  "a": 1\n}\n', ["h"], undefined, LF),
    '{\n  "a": 1\n}\n',
  );
  assert.equal(
    preciseEdit('{\n  "a": 1,\n  "h": 2,\n}\n', ["h"], undefined, LF),
    '{\n  "a": 1,\n}\n',
  );
  assert.equal(preciseEdit('{\n  "h": {}\n}\n', ["h"], undefined, LF), "{}\n");
  assert.equal(
    preciseEdit('{\n  // mine\n  "h": {}\n}\n', ["h"], undefined, LF),
    "{\n  // mine\n}\n",
  );
});

Deno.test("preciseEdit() replaces a value in place, pretty where it was pretty", () => {
  assert.equal(
    preciseEdit('{\n  "l": [\n    1,\n    {\n      "x": 1\n    }\n  ]\n}', ["l", 1], { y: 2 }, LF),
    '{\n  "l": [\n    1,\n    {\n      "y": 2\n    }\n  ]\n}',
  );
  assert.equal(
    preciseEdit('{\n  "l": [{"x": 1}]\n}', ["l", 0], { y: 2 }, LF),
    '{\n  "l": [{"y":2}]\n}',
  );
});

Deno.test("preciseEdit() leaves layouts it does not handle to the caller", () => {
  assert.equal(preciseEdit('{\n  "a": 1 }', ["b"], 2, LF), undefined);
  assert.equal(preciseEdit('{ "a": 1,\n  "b": 2 }', ["b"], undefined, LF), undefined);
  assert.equal(preciseEdit('{\n  "a": [ /* c */ ]\n}', ["a", -1], 1, LF), undefined);
});

Deno.test("preciseEdit() adds after a last member that has a block comment before it", () => {
  assert.equal(
    preciseEdit('{\n  "a": 1,\n /* c */  "b": true\n}\n', ["h"], 1, LF),
    '{\n  "a": 1,\n /* c */  "b": true,\n "h": 1\n}\n',
  );
});
