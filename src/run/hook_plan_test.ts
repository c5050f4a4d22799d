import assert from "node:assert/strict";
import { inWorld } from "../../tests/in_world.ts";
import { type HostFacts, planHook, shebangPermissions } from "./hook_plan.ts";

const env = { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "/" };
const linuxFacts: HostFacts = { os: "linux", standalone: false, execPath: Deno.execPath() };

Deno.test("shebangPermissions() keeps only the permission flags after deno run", () => {
  assert.deepEqual(
    shebangPermissions("#!/usr/bin/env -S deno run --allow-read=. --quiet --allow-env -A x"),
    ["--allow-read=.", "--allow-env", "-A"],
  );
  assert.deepEqual(shebangPermissions("#!/usr/bin/env -S deno run"), []);
  assert.deepEqual(shebangPermissions("#!/usr/bin/env node --allow-read"), []);
  assert.deepEqual(shebangPermissions("// no shebang --allow-all"), []);
  assert.deepEqual(shebangPermissions("#!/opt/deno run --deny-net --allow-net=a.b"), [
    "--deny-net",
    "--allow-net=a.b",
  ]);
});

Deno.test("planHook() picks the interpreter by extension", async () => {
  await inWorld({
    "a.ts": "#!/usr/bin/env -S deno run --allow-env=HOME\n",
    "b.mjs": "console.log(1)\n",
    "c.sh": "exit 0\n",
    "d.ps1": "exit 0\n",
    "e.cmd": "@echo off\n",
    "tool": "#!/bin/sh\n",
  }, (dir) => {
    const a = planHook(["a.ts", "x"], dir, env, linuxFacts);
    assert.deepEqual(a, {
      ok: true,
      program: Deno.execPath(),
      args: ["run", "--no-prompt", "--v8-flags=--no-lazy", "--allow-env=HOME", `${dir}/a.ts`, "x"],
    });
    const b = planHook([`${dir}/b.mjs`], "/", env, linuxFacts);
    assert.ok(b.ok && b.args.join(" ") === `run --no-prompt --v8-flags=--no-lazy ${dir}/b.mjs`);
    const c = planHook(["./c.sh", "1"], dir, env, linuxFacts);
    assert.ok(c.ok && /bash$/.test(c.program) && c.args.join(" ") === `${dir}/c.sh 1`);
    const d = planHook(["d.ps1"], dir, { PATH: "" }, linuxFacts);
    assert.ok(!d.ok && d.message.includes("pwsh or powershell"));
    const e = planHook(["e.cmd"], dir, env, linuxFacts);
    assert.deepEqual(e, { ok: true, program: `${dir}/e.cmd`, args: [] });
    const t = planHook(["./tool"], dir, env, linuxFacts);
    assert.deepEqual(t, { ok: true, program: `${dir}/tool`, args: [] });
    const missing = planHook(["nope.sh"], dir, env, linuxFacts);
    assert.ok(!missing.ok && missing.message.includes("does not exist"));
    const notOnPath = planHook(["no-such-program-xyz"], dir, env, linuxFacts);
    assert.ok(!notOnPath.ok && notOnPath.message.includes("not on PATH"));
  });
});

Deno.test("planHook() in a compiled binary finds deno on PATH or says it cannot", async () => {
  await inWorld({ "a.ts": "", "deno": "#!/bin/sh\n" }, (dir) => {
    const compiled: HostFacts = { os: "linux", standalone: true, execPath: "/opt/everyhook" };
    const none = planHook(["a.ts"], dir, { PATH: "/nonexistent" }, compiled);
    assert.ok(
      !none.ok && none.message.includes("compiled binary") && none.message.includes("deno"),
    );
    const found = planHook(["a.ts"], dir, { PATH: dir }, compiled);
    assert.ok(found.ok && found.program === `${dir}/deno`);
  });
});

Deno.test("planHook() runs a .sh hook with the interpreter its #! line names, else bash", async () => {
  await inWorld({
    "sh.sh": "#!/bin/sh\nexit 0\n",
    "env.sh": "#! /usr/bin/env bash -e \nexit 0\n",
    "none.sh": "exit 0\n",
    "gone.sh": "#!/no/such/shell\nexit 0\n",
    "relative.sh": "#!sh\nexit 0\n",
  }, (dir) => {
    assert.deepEqual(planHook(["sh.sh", "x"], dir, env, linuxFacts), {
      ok: true,
      program: "/bin/sh",
      args: [`${dir}/sh.sh`, "x"],
    });
    assert.deepEqual(planHook(["env.sh"], dir, env, linuxFacts), {
      ok: true,
      program: "/usr/bin/env",
      args: ["bash -e", `${dir}/env.sh`],
    });
    const none = planHook(["none.sh"], dir, env, linuxFacts);
    assert.ok(none.ok && /bash$/.test(none.program), JSON.stringify(none));
    const gone = planHook(["gone.sh"], dir, env, linuxFacts);
    assert.ok(!gone.ok && gone.message.includes('"/no/such/shell", is not a file'));
    const relative = planHook(["relative.sh"], dir, env, linuxFacts);
    assert.ok(!relative.ok && relative.message.includes("absolute path"));
  });
});
