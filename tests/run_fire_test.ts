/**
 * `everyhook run` under fire, as the agents start it (a real `deno run` of
 * run.ts, the entry the line install writes names): an agent that holds stdin open, one that never stops writing, a
 * stop whose transcript is a FIFO, a hook that says no by its exit code while
 * it floods stderr, and `run` itself killed with SIGKILL while its hook runs a
 * daemon. Every wait is inside the one deadline `--timeout` sets, and when it
 * passes `run` answers (fail-open, or a deny with `--fail-closed`) and exits.
 */
import assert from "node:assert/strict";

const CLI = new URL("../run.ts", import.meta.url).pathname;
const RUN_FLAGS = ["--allow-read", "--allow-run", "--allow-env"];
const linux = Deno.build.os === "linux";
if (!linux) {
  // deno-lint-ignore no-console
  console.log("skipped: the tests of run under fire use shell hooks, FIFOs, setsid and ps (Linux)");
}
const MB = 1024 * 1024;

/**
 * Start `run`; in `folder` when given, with PWD saying so, as an agent that
 * runs in its project starts it (the hook, started in the payload's folder,
 * may then be started with its sweeper as one program).
 */
function start(args: string[], folder?: string): Deno.ChildProcess {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...RUN_FLAGS, CLI, "run", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: folder === undefined ? { NO_COLOR: "1" } : { NO_COLOR: "1", PWD: folder },
    ...(folder === undefined ? {} : { cwd: folder }),
  }).spawn();
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  /** From the start to run's exit. */
  ms: number;
}

/**
 * Run `run`, feeding stdin with `feed`, which may go on until `exited` settles
 * (when run has exited; its writes fail from then on).
 */
async function everyhook(
  args: string[],
  feed: (w: WritableStreamDefaultWriter<Uint8Array>, exited: Promise<void>) => Promise<void>,
): Promise<Ran> {
  const started = performance.now();
  const child = start(args);
  const w = child.stdin.getWriter();
  const exited = child.status.then(() => {});
  const feeding = feed(w, exited).catch(() => {});
  const out = await child.output();
  const ms = performance.now() - started;
  await w.abort().catch(() => {});
  await feeding;
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
    ms,
  };
}

async function inDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-fire-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function hook(dir: string, name: string, body: string): Promise<string> {
  await Deno.writeTextFile(`${dir}/${name}`, `#!/bin/sh\n${body}`);
  await Deno.chmod(`${dir}/${name}`, 0o755);
  return `${dir}/${name}`;
}

/** True when the process still runs after up to 3 s (a zombie has ended). */
async function running(pid: number): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    const ps = new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)] });
    const state = new TextDecoder().decode((await ps.output()).stdout).trim();
    if (state === "" || state.startsWith("Z")) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

const payload = (dir: string) =>
  new TextEncoder().encode(JSON.stringify({
    session_id: "s",
    cwd: dir,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command: "ls" },
  }));

const pre = (timeout: string, h: string, ...more: string[]) => [
  "--agent",
  "claude-code",
  "--event",
  "pre-tool",
  "--timeout",
  timeout,
  ...more,
  "--",
  h,
];

function decision(ran: Ran): string | undefined {
  if (ran.stdout.trim() === "") return undefined;
  return JSON.parse(ran.stdout).hookSpecificOutput?.permissionDecision;
}

Deno.test({
  name: "run: stdin held open is given up at --timeout: fail-open, or a deny with --fail-closed",
  ignore: !linux,
  fn: async () => {
    await inDir(async (dir) => {
      const ok = await hook(dir, "ok", "cat >/dev/null\necho '{}'\n");
      for (const closed of [false, true]) {
        const more = closed ? ["--fail-closed"] : [];
        const ran = await everyhook(pre("2", ok, ...more), async (w, exited) => {
          await w.write(payload(dir));
          await exited;
        });
        assert.ok(ran.ms < 2000 + 3000, `run took ${Math.round(ran.ms)} ms past a 2 s --timeout`);
        assert.equal(ran.code, 0, ran.stderr);
        assert.match(ran.stderr, /had not ended on stdin within the 2 s --timeout/);
        assert.equal(decision(ran), closed ? "deny" : undefined, ran.stdout);
        if (!closed) assert.match(JSON.parse(ran.stdout).systemMessage, /ignored/);
      }
    });
  },
});

Deno.test({
  name: "run: an endless stdin is read up to 50 MB and no further, and answered at once",
  ignore: !linux,
  fn: async () => {
    await inDir(async (dir) => {
      const ok = await hook(dir, "ok", "echo '{}'\n");
      let written = 0;
      const chunk = new Uint8Array(MB).fill(0x20);
      const ran = await everyhook(pre("20", ok, "--fail-closed"), async (w) => {
        while (true) {
          await w.write(chunk);
          written += chunk.length;
        }
      });
      assert.ok(ran.ms < 15_000, `took ${Math.round(ran.ms)} ms`);
      assert.equal(decision(ran), "deny", ran.stdout);
      assert.match(ran.stderr, /over 50 MB/);
      assert.ok(written <= 54 * MB, `run took ${written / MB} MB of stdin`);
    });
  },
});

Deno.test({
  name: "run: a stdin that drips forever ends at --timeout, and a hook is never started",
  ignore: !linux,
  fn: async () => {
    await inDir(async (dir) => {
      const ok = await hook(dir, "ok", `touch "${dir}/started"\necho '{}'\n`);
      const ran = await everyhook(pre("1", ok, "--fail-closed"), async (w, exited) => {
        let gone = false;
        void exited.then(() => gone = true);
        await w.write(new TextEncoder().encode('{"hook_event_name":"PreToolUse","tool_name":'));
        while (!gone) {
          await w.write(new TextEncoder().encode(" "));
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      assert.ok(ran.ms < 1000 + 3000, `took ${Math.round(ran.ms)} ms`);
      assert.equal(decision(ran), "deny");
      assert.equal(await Deno.stat(`${dir}/started`).then(() => true, () => false), false);
    });
  },
});

Deno.test({
  name: "run: a stop whose transcript is a FIFO (or a link to one) is not blocked by it",
  ignore: !linux,
  fn: async () => {
    await inDir(async (dir) => {
      const ok = await hook(dir, "ok", "cat >/dev/null\n");
      await new Deno.Command("mkfifo", { args: [`${dir}/fifo`] }).output();
      await Deno.symlink(`${dir}/fifo`, `${dir}/link.jsonl`);
      for (const transcript of [`${dir}/fifo`, `${dir}/link.jsonl`]) {
        const stop = new TextEncoder().encode(JSON.stringify({
          session_id: "s",
          cwd: dir,
          hook_event_name: "Stop",
          transcript_path: transcript,
          stop_hook_active: false,
        }));
        const args = ["--agent", "claude-code", "--event", "stop", "--timeout", "3", "--json"];
        const ran = await everyhook([...args, "--", ok], async (w) => {
          await w.write(stop);
          await w.close();
        });
        assert.ok(ran.ms < 3000, `took ${Math.round(ran.ms)} ms`);
        const result = JSON.parse(ran.stdout);
        assert.equal(result.hook.status, "answered", ran.stdout);
        assert.ok(result.notes.some((n: string) => n.includes("cannot read the transcript")));
      }
    });
  },
});

Deno.test({
  name: "run: a hook that denies by exit code while printing 50 MB on stderr still denies",
  ignore: !linux,
  fn: async () => {
    await inDir(async (dir) => {
      const flood = await hook(
        dir,
        "flood",
        "cat >/dev/null\nhead -c 52428800 /dev/zero | tr '\\0' x >&2\nexit 2\n",
      );
      const ran = await everyhook(pre("30", flood), async (w) => {
        await w.write(payload(dir));
        await w.close();
      });
      assert.equal(decision(ran), "deny", ran.stdout.slice(0, 300));
      const reason = JSON.parse(ran.stdout).hookSpecificOutput.permissionDecisionReason;
      assert.ok(reason.length <= 8000 && reason.startsWith("xxxx"), `reason of ${reason.length}`);
    });
  },
});

Deno.test({
  name:
    "run killed with SIGKILL: its hook, the hook's child, a child that cleared its environment and a daemon it detached all end",
  ignore: !linux,
  fn: async () => {
    // Started apart from its sweeper, and (where /bin/sh is dash) as one program with it, when
    // run is started in the payload's folder: the hook then has the sweeper as its child.
    const dash = (await Deno.realPath("/bin/sh")).endsWith("/dash");
    for (const together of dash ? [false, true] : [false]) {
      await inDir(async (dir) => {
        await sigkillRun(dir, together);
      });
    }
  },
});

async function sigkillRun(dir: string, together: boolean): Promise<void> {
  const h = await hook(
    dir,
    "daemon",
    `read -r kids </proc/$$/task/$$/children; echo "$kids" > "${dir}/kids"\n` +
      `setsid sh -c "sleep 120" </dev/null >/dev/null 2>&1 &\necho $! > "${dir}/daemon"\n` +
      `sleep 120 &\necho $! > "${dir}/child"\n` +
      // No mark in its environment: only the hook's process group reaches it.
      `env -i sleep 120 &\necho $! > "${dir}/bare"\n` +
      `echo $$ > "${dir}/hook"\nsleep 120\n`,
  );
  const child = start(pre("100", h), together ? dir : undefined);
  const w = child.stdin.getWriter();
  await w.write(payload(dir));
  await w.close();
  const read = (name: string) => Deno.readTextFile(`${dir}/${name}`).then(Number, () => 0);
  for (let i = 0; i < 200 && await read("hook") === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pids = {
    hook: await read("hook"),
    child: await read("child"),
    bare: await read("bare"),
    daemon: await read("daemon"),
  };
  assert.ok(Object.values(pids).every((p) => p > 0), JSON.stringify(pids));
  child.kill("SIGKILL");
  const out = await child.output();
  assert.equal(out.signal, "SIGKILL");
  const kids = (await Deno.readTextFile(`${dir}/kids`)).trim();
  assert.equal(kids !== "", together, `the hook's children at its start: "${kids}"`);
  for (const [what, pid] of Object.entries(pids)) {
    assert.equal(await running(pid), false, `the ${what} (${pid}) outlived run's SIGKILL`);
  }
}
