import assert from "node:assert/strict";
import { allowAllFlag, hookWarnings } from "./hook_check.ts";

Deno.test("allowAllFlag() finds -A, --allow-all and a group of short flags holding A", () => {
  assert.equal(allowAllFlag("#!/usr/bin/env -S deno run -A"), "-A");
  assert.equal(allowAllFlag("#!/usr/bin/env -S deno run --allow-all --quiet"), "--allow-all");
  assert.equal(allowAllFlag("#!/usr/bin/env -S deno run -RA"), "-RA");
  assert.equal(allowAllFlag("#!/usr/bin/env -S deno run --allow-read --allow-env"), undefined);
  assert.equal(allowAllFlag("#!/bin/sh -A"), undefined, "not a deno line");
  assert.equal(allowAllFlag("// -A"), undefined);
});

Deno.test("hookWarnings() warns about a hook asking for every permission, and reads no folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-hook-check-" });
  try {
    await Deno.writeTextFile(`${dir}/all.ts`, "#!/usr/bin/env -S deno run -A\nconsole.log(1);\n");
    await Deno.writeTextFile(`${dir}/some.ts`, "#!/usr/bin/env -S deno run --allow-read\n");
    const [warning, ...more] = hookWarnings(`${dir}/all.ts`);
    assert.deepEqual(more, []);
    assert.match(warning ?? "", /all\.ts" asks for every permission \(-A in its first line\)/);
    assert.deepEqual(hookWarnings(`${dir}/some.ts`), []);
    assert.deepEqual(hookWarnings(dir), []);
    assert.deepEqual(hookWarnings(`${dir}/none.ts`), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
