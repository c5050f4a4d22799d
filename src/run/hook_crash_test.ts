import assert from "node:assert/strict";
import { readCrash } from "./hook_crash.ts";

Deno.test("readCrash() names the flag a Deno hook lacks", () => {
  const stderr = [
    'error: Uncaught (in promise) NotCapable: Requires env access to "HOME", run again with the --allow-env flag',
    '  const home = Deno.env.get("HOME");',
    "                       ^",
    "    at Object.getEnv (ext:deno_os/30_os.js:124:16)",
  ].join("\n");
  const crash = readCrash(stderr);
  assert.equal(crash?.error, "NotCapable");
  assert.equal(crash?.line, "it needs --allow-env: add it to its shebang");
});

Deno.test("readCrash() reads Deno, Node.js and Python errors, and not a reason", () => {
  assert.equal(
    readCrash("error: Uncaught TypeError: x is not a function\n    at file:///h.ts:1:1")?.line,
    "it crashed with TypeError: x is not a function",
  );
  assert.equal(
    readCrash(
      "/h.js:3\n  x()\n  ^\n\nTypeError: x is not a function\n    at Object.<anonymous> (/h.js:3:3)\n",
    )
      ?.error,
    "TypeError",
  );
  assert.equal(
    readCrash(
      "Traceback (most recent call last):\n  File \"h.py\", line 1, in <module>\nKeyError: 'tool'\n",
    )
      ?.line,
    "it crashed with KeyError: 'tool'",
  );
  assert.equal(readCrash("force pushes are not allowed here"), null);
  assert.equal(readCrash("Error: do not do that"), null);
});
