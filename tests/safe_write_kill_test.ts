/**
 * The one writer of a person's files, killed part-way: a child process runs
 * `safeWrite` over a settings file and is ended with SIGKILL after each of its
 * steps (through the writer's `step` callback), and at spread-out moments from
 * outside while it writes a large file. Whatever the moment, the file holds
 * exactly its old bytes or exactly its new ones, and when it holds the new ones
 * a backup with exactly the old bytes is beside it.
 */
import assert from "node:assert/strict";

const SAFE_WRITE = new URL("../src/settings/safe_write.ts", import.meta.url).href;
const unix = Deno.build.os !== "windows";
if (!unix) {
  // deno-lint-ignore no-console
  console.log("skipped: killing a writer with SIGKILL needs a Unix system");
}

/** The child: writes `new` over `file`, and kills itself after the step named in argv[1]. */
const CHILD = `
import { readSnapshot, safeWrite } from ${JSON.stringify(SAFE_WRITE)};
const [file, killAt, newFile] = Deno.args;
const snapshot = await readSnapshot(file);
const content = await Deno.readFile(newFile);
await safeWrite({
  snapshot, content, now: new Date(),
  step: (name) => { if (name === killAt) Deno.kill(Deno.pid, "SIGKILL"); },
});
`;

/** Every step the writer names, in order. */
const STEPS = ["backed-up", "temp-written", "temp-mode", "renamed"];

async function world(
  size: number,
  fn: (dir: string, oldBytes: Uint8Array, newBytes: Uint8Array) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-kill-" });
  try {
    await Deno.writeTextFile(`${dir}/child.ts`, CHILD);
    const oldBytes = new TextEncoder().encode(
      JSON.stringify({ hooks: {}, pad: "o".repeat(size) }, null, 2) + "\n",
    );
    const newBytes = new TextEncoder().encode(
      JSON.stringify({ hooks: { PreToolUse: [{ hooks: [] }] }, pad: "n".repeat(size) }) + "\n",
    );
    await Deno.writeFile(`${dir}/new.json`, newBytes);
    await fn(dir, oldBytes, newBytes);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function spawnChild(dir: string, file: string, killAt: string): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      `${dir}/child.ts`,
      file,
      killAt,
      `${dir}/new.json`,
    ],
    stdout: "null",
    stderr: "piped",
  }).spawn();
}

/** Checks the invariant in `dir/case/settings.json`; returns whether the file is the new one. */
async function check(
  caseDir: string,
  oldBytes: Uint8Array,
  newBytes: Uint8Array,
  what: string,
): Promise<boolean> {
  const now = await Deno.readFile(`${caseDir}/settings.json`);
  const isOld = equal(now, oldBytes);
  const isNew = equal(now, newBytes);
  assert.ok(isOld || isNew, `${what}: the file is neither the old bytes nor the new`);
  const backups = [];
  const folder = `${caseDir}/.everyhook-backups`;
  try {
    for await (const e of Deno.readDir(folder)) {
      if (e.name.startsWith("settings.json.") && e.name.endsWith(".bak")) backups.push(e.name);
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if (isNew) {
    assert.equal(backups.length, 1, `${what}: the new file has no backup beside it`);
    const backup = await Deno.readFile(`${folder}/${backups[0]}`);
    assert.ok(equal(backup, oldBytes), `${what}: the backup is not exactly the old bytes`);
  }
  return isNew;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

Deno.test({
  name: "safe_write: killed after each step, the file is the old bytes or the new, with a backup",
  ignore: !unix,
  fn: async () => {
    await world(100, async (dir, oldBytes, newBytes) => {
      for (const step of [...STEPS, "never"]) {
        const caseDir = `${dir}/${step}`;
        await Deno.mkdir(caseDir);
        await Deno.writeFile(`${caseDir}/settings.json`, oldBytes);
        const child = spawnChild(dir, `${caseDir}/settings.json`, step);
        const status = await child.status;
        const stderr = new TextDecoder().decode(await new Response(child.stderr).bytes());
        if (step === "never") assert.equal(status.code, 0, stderr);
        else assert.equal(status.signal, "SIGKILL", `${step}: not killed: ${stderr}`);
        const isNew = await check(caseDir, oldBytes, newBytes, `killed after ${step}`);
        assert.equal(isNew, step === "renamed" || step === "never", `after ${step}`);
      }
    });
  },
});

Deno.test({
  name: "safe_write: killed from outside at 16 moments of writing 2 MB, never half a file",
  ignore: !unix,
  fn: async () => {
    await world(2 * 1024 * 1024, async (dir, oldBytes, newBytes) => {
      // The second of two whole writes gives the span: the first also compiles.
      let span = 0;
      for (let i = 0; i < 2; i++) {
        await Deno.writeFile(`${dir}/probe.json`, oldBytes);
        const started = performance.now();
        const whole = spawnChild(dir, `${dir}/probe.json`, "never");
        await whole.status;
        await whole.stderr.cancel();
        span = performance.now() - started;
      }
      let sawOld = 0;
      let sawNew = 0;
      for (let i = 0; i < 16; i++) {
        const caseDir = `${dir}/t${i}`;
        await Deno.mkdir(caseDir);
        await Deno.writeFile(`${caseDir}/settings.json`, oldBytes);
        const child = spawnChild(dir, `${caseDir}/settings.json`, "never");
        const at = (span * (i + 1)) / 16;
        await new Promise((resolve) => setTimeout(resolve, at));
        try {
          child.kill("SIGKILL");
        } catch {
          // it had ended
        }
        await child.status;
        await child.stderr.cancel();
        if (await check(caseDir, oldBytes, newBytes, `killed at ${Math.round(at)} ms`)) sawNew++;
        else sawOld++;
      }
      // deno-lint-ignore no-console
      console.log(`killed 16 times over ${Math.round(span)} ms: ${sawOld} old, ${sawNew} new`);
    });
  },
});
