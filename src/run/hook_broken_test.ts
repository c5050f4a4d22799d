import assert from "node:assert/strict";
import { readBroken } from "./hook_broken.ts";

Deno.test("readBroken() reads Deno's load errors, and not an error the hook's code threw", () => {
  const syntax = [
    "error: SyntaxError: Expression expected",
    "  |",
    "1 | const x = ;",
    "  |           ~",
    "    at file:///h/syn.ts:1:11",
  ].join("\n");
  assert.equal(readBroken(syntax), "SyntaxError: Expression expected");
  const jsr = [
    "Download https://jsr.io/@everyhook/cli/meta.json",
    "error: JSR package manifest for '@everyhook/cli' failed to load. Import 'https://jsr.io/@everyhook/cli/meta.json' failed.",
    "    at file:///h/a.ts:1:26",
  ].join("\n");
  assert.match(readBroken(jsr) ?? "", /^JSR package manifest for '@everyhook\/cli' failed to load/);
  assert.equal(
    readBroken(
      'error: Requires import access to "example.invalid:443", run again with the --allow-import flag\n    at file:///h/r.ts:1:8',
    ),
    'Requires import access to "example.invalid:443", run again with the --allow-import flag',
  );
  assert.equal(readBroken("error: Uncaught TypeError: x\n    at file:///h/a.ts:1:1"), null);
  // A hook's own reason that starts with "error:" is a reason, not a load error.
  assert.equal(readBroken("error: force pushes are not allowed"), null);
});

Deno.test("readBroken() reads Node.js and Python load errors", () => {
  const node =
    "/h/a.js:1\nconst x = ;\n          ^\n\nSyntaxError: Unexpected token ';'\n    at wrapSafe (node:internal/modules/cjs/loader:1464:18)";
  assert.equal(readBroken(node), "SyntaxError: Unexpected token ';'");
  const parse =
    "undefined:1\n\nSyntaxError: Unexpected end of JSON input\n    at JSON.parse (<anonymous>)";
  assert.equal(readBroken(parse), null);
  assert.equal(
    readBroken('  File "/h/a.py", line 1\n    x = \n        ^\nSyntaxError: invalid syntax\n'),
    "SyntaxError: invalid syntax",
  );
  assert.equal(
    readBroken(
      "Traceback (most recent call last):\n  File \"/h/a.py\", line 1, in <module>\n    import nope\nModuleNotFoundError: No module named 'nope'\n",
    ),
    "ModuleNotFoundError: No module named 'nope'",
  );
  assert.equal(
    readBroken(
      "Traceback (most recent call last):\n  File \"/h/a.py\", line 3\nKeyError: 'tool'\n",
    ),
    null,
  );
});
