import assert from "node:assert/strict";
import { startSweeper, startWithSweeper, SWEEP_SCRIPT } from "./sweeper.ts";

const linux = Deno.build.os === "linux";

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

/** What the sweeper's `after` says of pid `p`, for the hook's pid `pg` and the last pid `last`. */
async function after(pg: string, last: number, p: number): Promise<boolean> {
  const start = SWEEP_SCRIPT.indexOf("after() {");
  const fn = SWEEP_SCRIPT.slice(start, SWEEP_SCRIPT.indexOf("\n}\n", start) + 2);
  assert.ok(start >= 0 && fn.endsWith("}"), "the sweeper has no after()");
  const out = await new Deno.Command("/bin/sh", {
    args: ["-c", `${fn}\npg=$1; last=$2; after "$3"`, "t", pg, String(last), String(p)],
  }).output();
  return out.code === 0;
}

/**
 * Start a marked "hook" (`sh -c script`, leading its own group) watched by a new sweeper, and
 * read the first `count` pids it prints, one a line.
 */
async function watchedHook(script: string, count: number) {
  const sweeper = startSweeper("linux");
  assert.ok(sweeper.mark);
  const hook = new Deno.Command("/bin/sh", {
    args: ["-c", script],
    env: { [sweeper.mark.name]: sweeper.mark.value, PATH: "/usr/bin:/bin" },
    clearEnv: true,
    stdout: "piped",
    detached: true,
  }).spawn();
  assert.equal(sweeper.watch(hook.pid), true);
  const reader = hook.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (text.split("\n").length <= count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  const pids = text.trim().split("\n").map(Number);
  assert.equal(pids.length, count, text);
  /** Sweep, then wait for the hook. */
  const sweep = async () => {
    await sweeper.sweep();
    await hook.status;
    await reader.cancel();
  };
  return { hook, pids, sweep };
}

Deno.test({
  name: "the sweeper reads only pids given out after the hook's, across the wrap at pid_max",
  ignore: !linux,
  fn: async () => {
    // No wrap: from the hook's pid (not it) up to the last one.
    assert.equal(await after("100", 200, 150), true);
    assert.equal(await after("100", 200, 200), true);
    assert.equal(await after("100", 200, 100), false);
    assert.equal(await after("100", 200, 99), false);
    assert.equal(await after("100", 200, 201), false);
    // Wrapped: above the hook's pid, or up to the last one after the wrap.
    assert.equal(await after("30000", 50, 31000), true);
    assert.equal(await after("30000", 50, 40), true);
    assert.equal(await after("30000", 50, 51), false);
    assert.equal(await after("30000", 50, 29000), false);
    // Without the hook's pid, every process.
    assert.equal(await after("", 50, 7), true);
  },
});

Deno.test({
  name: "a sweeper ends the watched group and a marked process that started after the hook",
  ignore: !linux,
  fn: async () => {
    // A "hook" that leads its own group and leaves a child that cleared its
    // environment, and a daemon of its own session that keeps the mark.
    const { pids, sweep } = await watchedHook(
      "env -i sleep 60 & echo $!; setsid sleep 60 </dev/null >/dev/null 2>&1 & echo $!; wait",
      2,
    );
    await sweep();
    for (const pid of pids) assert.equal(await running(pid), false, `${pid} is still running`);
  },
});

Deno.test({
  name:
    "a sweeper told no pid (run ended before it could tell it) still ends the hook's group, found as the marked group leader",
  ignore: !linux,
  fn: async () => {
    const sweeper = startSweeper("linux");
    assert.ok(sweeper.mark);
    const hook = new Deno.Command("/bin/sh", {
      args: ["-c", "env -i sleep 60 & echo $!; wait"],
      env: { [sweeper.mark.name]: sweeper.mark.value, PATH: "/usr/bin:/bin" },
      clearEnv: true,
      stdout: "piped",
      detached: true,
    }).spawn();
    // No watch(): the sweeper has the mark only.
    const reader = hook.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const bare = Number(text.trim());
    assert.ok(bare > 0, text);
    // A marked process that does not lead a group leaves other groups alone: this test's own
    // process group is not ended (the test is still running to check it).
    await sweeper.sweep();
    await hook.status;
    await reader.cancel();
    assert.equal(
      await running(bare),
      false,
      `the child that cleared its environment (${bare}) still runs`,
    );
    assert.equal(await running(hook.pid), false);
  },
});

Deno.test({
  name:
    "a sweeper ends a marked process started after the hook also when more than 256 pids were given out in between",
  ignore: !linux,
  fn: async () => {
    // 300 short processes before the marked one: the sweep then reads every process /proc
    // lists rather than each pid given out since the hook's.
    const { hook, pids: [pid = 0], sweep } = await watchedHook(
      "i=0; while [ $i -lt 300 ]; do /bin/true; i=$((i + 1)); done; sleep 60 & echo $!; wait",
      1,
    );
    assert.ok(pid - hook.pid > 256, `only ${pid - hook.pid} pids between`);
    await sweep();
    assert.equal(await running(pid), false, `${pid} is still running`);
  },
});

Deno.test({
  name:
    "a hook started with its sweeper as one program: closing its stdin ends the hook's marked daemon and its group, then the sweeper",
  ignore: !linux || !Deno.realPathSync("/bin/sh").endsWith("/dash"),
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "everyhook-one-start-" });
    try {
      // It reads its stdin, leaves a daemon of its own session (marked) and a child that cleared
      // its environment (in the hook's group), prints their pids and what it read, and exits.
      const hook = "setsid sleep 60 </dev/null >/dev/null 2>&1 & echo $!; " +
        "env -i sleep 60 >/dev/null 2>&1 & echo $!; cat";
      const child = startWithSweeper(
        "/bin/sh",
        ["-c", hook],
        new TextEncoder().encode("read me\n"),
        { cwd: dir, env: { PATH: "/usr/bin:/bin", PWD: dir } },
        "linux",
      );
      assert.ok(child, "not started as one program");
      const out = new Response(child.stdout).text();
      const err = new Response(child.stderr).text();
      assert.equal((await child.status).code, 0);
      const [daemon, bare, read] = (await out).split("\n");
      assert.equal(read, "read me");
      assert.ok(Number(daemon) > 0 && Number(bare) > 0, await out);
      // Its stderr stays open while the sweeper waits; closing the stdin sweeps, and ends it.
      await child.stdin.close();
      assert.equal(await err, "");
      for (const pid of [Number(daemon), Number(bare)]) {
        assert.equal(await running(pid), false, `${pid} is still running`);
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
