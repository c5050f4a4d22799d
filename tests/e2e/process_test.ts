import assert from "node:assert/strict";
import { asRunResult, runAgent } from "./process.ts";

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

Deno.test("asRunResult() reads the agent runner's outcomes as the tests read a run", () => {
  const out = { stdout: "o", stderr: "e", ms: 7 };
  assert.deepEqual(asRunResult({ kind: "exited", code: 3, ...out }), {
    code: 3,
    ...out,
    timedOut: false,
  });
  assert.equal(asRunResult({ kind: "exited", code: 137, ...out }).code, null);
  const late = asRunResult({ kind: "timeout", timeoutMs: 5, ...out });
  assert.deepEqual([late.code, late.timedOut], [null, true]);
  assert.throws(
    () => asRunResult({ kind: "start-failed", message: "no agent", ms: 1 }),
    /no agent/,
  );
});
