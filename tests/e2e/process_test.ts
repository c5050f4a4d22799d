import assert from "node:assert/strict";
import { runAgent } from "./process.ts";

const env = { PATH: "/usr/bin:/bin" };

Deno.test("runAgent() returns the exit code and both outputs, with stdin fed", async () => {
  const r = await runAgent({
    cmd: "/bin/sh",
    args: ["-c", "cat; echo err >&2; exit 3"],
    env,
    cwd: "/",
    timeoutMs: 10_000,
    stdin: "from stdin",
  });
  assert.equal(r.code, 3);
  assert.equal(r.stdout, "from stdin");
  assert.equal(r.stderr, "err\n");
  assert.equal(r.timedOut, false);
});

Deno.test("runAgent() gives /dev/null as stdin when none is given", async () => {
  const r = await runAgent({
    cmd: "/bin/sh",
    args: ["-c", "wc -c"],
    env,
    cwd: "/",
    timeoutMs: 10_000,
  });
  assert.equal(r.stdout.trim(), "0");
});

Deno.test("runAgent() kills the whole process group on timeout", async () => {
  const marker = await Deno.makeTempFile();
  try {
    const r = await runAgent({
      cmd: "/bin/sh",
      // A grandchild that would write the marker after 2 s if it survived.
      args: ["-c", `(sleep 2; echo alive > '${marker}') & sleep 30`],
      env,
      cwd: "/",
      timeoutMs: 300,
    });
    assert.equal(r.timedOut, true);
    assert.equal(r.code, null);
    assert.ok(r.ms < 5000, `took ${r.ms} ms`);
    await new Promise((res) => setTimeout(res, 2500));
    assert.equal(await Deno.readTextFile(marker), "");
  } finally {
    await Deno.remove(marker);
  }
});
