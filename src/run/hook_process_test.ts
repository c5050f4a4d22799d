import assert from "node:assert/strict";
import { inWorld } from "../../tests/in_world.ts";
import { type HookSpec, runHook, runProgram } from "./hook_process.ts";
import { hostFacts } from "./hook_plan.ts";
import { oneStartText } from "../os/sweeper.ts";

const unix = Deno.build.os !== "windows";
const env = { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "/" };

/**
 * A hook spec that runs in `dir` and is given `{}` and a new line: a spec that
 * can start the hook and its sweeper as one program (where /bin/sh is dash).
 */
function inDir(dir: string, argv: string[], more: Partial<HookSpec> = {}): HookSpec {
  const stdin = new TextEncoder().encode("{}\n");
  return {
    argv,
    base: dir,
    stdin,
    env: { ...env, PWD: dir },
    cwd: dir,
    timeoutMs: 20_000,
    ...more,
  };
}

/**
 * The two ways a hook is started on Linux, each with its facts: with its
 * sweeper as one program (where the spec and this machine allow it), and
 * apart. Elsewhere, the one way.
 */
const STARTS = [
  { name: "apart", facts: { ...hostFacts(), oneStart: false } },
  ...(Deno.build.os === "linux" ? [{ name: "together", facts: hostFacts() }] : []),
];

/**
 * True when the process still runs after up to 3 s (a zombie has ended). It asks
 * ps: Deno lets only --allow-all read /proc/<pid>/stat.
 */
async function alive(pid: number): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    const ps = new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)] });
    const state = new TextDecoder().decode((await ps.output()).stdout).trim();
    if (state === "" || state.startsWith("Z")) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

Deno.test({
  name: "runHook() gives stdin, env and cwd, and reads stdout, stderr and the exit code",
  ignore: !unix,
  fn: async () => {
    await inWorld({
      "h.sh": 'cat; echo "|$EVERYHOOK_X|$(pwd)|$UNSET_Y" ; echo oops >&2; exit 3\n',
    }, async (dir) => {
      const r = await runHook({
        argv: ["h.sh"],
        base: dir,
        stdin: new TextEncoder().encode("in-"),
        env: { ...env, EVERYHOOK_X: "1" },
        cwd: "/tmp",
        timeoutMs: 10_000,
      });
      assert.equal(r.kind, "exited");
      if (r.kind !== "exited") return;
      assert.equal(r.code, 3);
      assert.equal(r.stdout, `in-|1|/tmp|\n`);
      assert.equal(r.stderr, "oops\n");
    });
  },
});

Deno.test({
  name: "runHook() is fine when the hook exits without reading a large stdin",
  ignore: !unix,
  fn: async () => {
    await inWorld({ "h.sh": "echo '{}'\n" }, async (dir) => {
      const r = await runHook({
        argv: [`${dir}/h.sh`],
        stdin: new Uint8Array(8 * 1024 * 1024).fill(32),
        env,
        cwd: dir,
        timeoutMs: 10_000,
      });
      assert.equal(r.kind, "exited");
      assert.ok(r.kind === "exited" && r.code === 0 && r.stdout === "{}\n");
    });
  },
});

Deno.test({
  name: "runHook() at the timeout stops the hook and a grandchild it started",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    await inWorld({
      "h.sh": `sleep 60 &\necho $! > "${"$1"}"\nsleep 60\n`,
    }, async (dir) => {
      for (const { name, facts } of STARTS) {
        const pidFile = `${dir}/pid-${name}`;
        const r = await runHook(inDir(dir, ["h.sh", pidFile], { timeoutMs: 500 }), facts);
        assert.equal(r.kind, "timeout", name);
        const grandchild = Number((await Deno.readTextFile(pidFile)).trim());
        assert.ok(grandchild > 0);
        assert.equal(await alive(grandchild), false, `${name}: the grandchild ${grandchild} runs`);
      }
    });
  },
});

Deno.test({
  name: "runHook() does not wait for a background process that holds the output open",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    await inWorld({ "h.sh": "sleep 60 &\necho '{}'\nexit 0\n" }, async (dir) => {
      for (const { name, facts } of STARTS) {
        const r = await runHook(inDir(dir, ["h.sh"], { timeoutMs: 20_000 }), facts);
        assert.equal(r.kind, "exited", name);
        assert.ok(r.ms < 5000, `${name}: took ${r.ms} ms`);
        assert.ok(r.kind === "exited" && r.stdout === "{}\n", name);
      }
    });
  },
});

Deno.test({
  name: "runHook() keeps the first bytes of each stream up to its own cap and drops the rest",
  ignore: !unix,
  fn: async () => {
    await inWorld({
      "out.sh": "head -c 300000 /dev/zero | tr '\\0' o\nexit 0\n",
      "err.sh": "head -c 3000000 /dev/zero | tr '\\0' e >&2\necho '{}'\nexit 2\n",
    }, async (dir) => {
      const caps = { timeoutMs: 20_000, outputCap: 100_000, stderrCap: 50_000 };
      for (const { name, facts } of STARTS) {
        const out = await runHook(inDir(dir, ["out.sh"], caps), facts);
        assert.equal(out.kind, "output-too-large", `${name}: ${out.kind}`);
        assert.ok(out.kind === "output-too-large" && out.cap === 100_000);
        assert.equal(out.kind === "output-too-large" && out.stdout.length, 100_000);
        // stderr far over its cap does not spill into stdout's: the exit code stands.
        const err = await runHook(inDir(dir, ["err.sh"], caps), facts);
        assert.equal(err.kind, "exited", name);
        assert.ok(err.kind === "exited" && err.code === 2 && err.stdout === "{}\n", name);
        assert.equal(err.kind === "exited" && err.stderr, "e".repeat(50_000), name);
      }
    });
  },
});

Deno.test({
  name:
    "runHook() ends a daemon the hook detached with setsid, when the hook exits and at the timeout",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const daemon = 'setsid sh -c "sleep 60" </dev/null >/dev/null 2>&1 &\necho $! > "$1"\n';
    await inWorld({
      "exits.sh": `${daemon}echo '{}'\n`,
      "hangs.sh": `${daemon}sleep 60\n`,
    }, async (dir) => {
      const hooks = [["exits.sh", 20_000, "exited"], ["hangs.sh", 500, "timeout"]] as const;
      for (const { name, facts } of STARTS) {
        for (const [hook, timeoutMs, kind] of hooks) {
          const pidFile = `${dir}/${hook}.${name}.pid`;
          const r = await runHook(inDir(dir, [hook, pidFile], { timeoutMs }), facts);
          assert.equal(r.kind, kind, `${name}: ${hook}`);
          const pid = Number((await Deno.readTextFile(pidFile)).trim());
          assert.ok(pid > 0);
          assert.equal(await alive(pid), false, `${name}, ${hook}: the daemon ${pid} runs`);
        }
      }
    });
  },
});

Deno.test("runHook() reports a hook that cannot start", async () => {
  await inWorld({ "plain": "not a program\n" }, async (dir) => {
    await Deno.chmod(`${dir}/plain`, 0o644);
    for (const { name, facts } of STARTS) {
      const missing = await runHook(inDir(dir, ["./missing.sh"], { timeoutMs: 5000 }), facts);
      assert.equal(missing.kind, "start-failed", name);
      const notExec = await runHook(inDir(dir, ["./plain"], { timeoutMs: 5000 }), facts);
      assert.equal(notExec.kind, "start-failed", `${name}: ${JSON.stringify(notExec)}`);
      if (notExec.kind === "start-failed") assert.match(notExec.message, /plain.*not executable/);
    }
  });
});

Deno.test({
  name: "runHook() reports a hook whose #! line names no program as not started, and no other",
  ignore: !unix,
  fn: async () => {
    // Executable with no #! line: execvp hands it to /bin/sh, as it always has.
    await inWorld({
      "noshebang": `echo ran >"$(dirname "$0")/marker"\n`,
      "badline": "#!/nonexistent/interpreter\necho hi\n",
      "exits127":
        "#!/bin/sh\necho 'setsid: failed to execute x: Permission denied' >&2\necho two >&2\nexit 127\n",
    }, async (dir) => {
      for (const { name, facts } of STARTS) {
        await Deno.remove(`${dir}/marker`).catch(() => {});
        const plain = await runHook(inDir(dir, ["./noshebang"], { timeoutMs: 5000 }), facts);
        assert.equal(plain.kind, "exited", `${name}: ${JSON.stringify(plain)}`);
        assert.equal(await Deno.readTextFile(`${dir}/marker`), "ran\n");
        const bad = await runHook(inDir(dir, ["./badline"], { timeoutMs: 5000 }), facts);
        assert.equal(bad.kind, "start-failed", `${name}: ${JSON.stringify(bad)}`);
        if (bad.kind === "start-failed") assert.match(bad.message, /badline.*does not exist/);
        // A hook's own exit 127 stays the hook's, whatever it printed before its last line.
        const own = await runHook(inDir(dir, ["./exits127"], { timeoutMs: 5000 }), facts);
        assert.equal(own.kind, "exited", `${name}: ${JSON.stringify(own)}`);
        if (own.kind === "exited") assert.equal(own.code, 127);
      }
    });
  },
});

Deno.test({
  name: "runHook() starts the hook leading a session and a process group of its own",
  ignore: !unix,
  fn: async () => {
    // Fields 5 and 6 of /proc/self/stat (after the name) are the group and the session.
    const hook = Deno.build.os === "linux"
      ? '#!/bin/sh\nread -r s </proc/self/stat; s=${s##*) }; set -- $s; echo "$$ $3 $4"\n'
      : '#!/bin/sh\necho "$$ $(ps -o pgid= -p $$) $(ps -o sess= -p $$)"\n';
    await inWorld({ "whoami": hook }, async (dir) => {
      for (const { name, facts } of STARTS) {
        const r = await runHook(inDir(dir, ["./whoami"], { timeoutMs: 5000 }), facts);
        assert.equal(r.kind, "exited", `${name}: ${JSON.stringify(r)}`);
        if (r.kind !== "exited") return;
        const [pid, group, session] = r.stdout.trim().split(/\s+/).map(Number);
        assert.ok(pid !== undefined && pid > 0, r.stdout);
        assert.equal(group, pid, `${name}: the hook leads its group: ${r.stdout}`);
        if (Deno.build.os === "linux") assert.equal(session, pid, `and its session: ${r.stdout}`);
      }
    });
  },
});

Deno.test("runHook() grants a TypeScript hook exactly its shebang's permissions", async () => {
  const body =
    'const v = Deno.env.get("EVERYHOOK_X"); console.log(JSON.stringify({ context: v }));\n';
  await inWorld({
    "none.ts": body,
    "env.ts": `#!/usr/bin/env -S deno run --allow-env=EVERYHOOK_X\n${body}`,
  }, async (dir) => {
    const spec = {
      base: dir,
      stdin: new Uint8Array(),
      env: { ...env, EVERYHOOK_X: "yes", NO_COLOR: "1" },
      cwd: dir,
      timeoutMs: 20_000,
    };
    const denied = await runHook({ ...spec, argv: ["none.ts"] });
    assert.ok(denied.kind === "exited" && denied.code !== 0, JSON.stringify(denied));
    assert.ok(denied.kind === "exited" && /NotCapable|--allow-env/.test(denied.stderr));
    const granted = await runHook({ ...spec, argv: ["env.ts"] });
    assert.ok(granted.kind === "exited" && granted.code === 0, JSON.stringify(granted));
    assert.ok(granted.kind === "exited" && granted.stdout.trim() === '{"context":"yes"}');
  });
});

Deno.test({
  name:
    "runProgram() starts a program as it is, with stdin the null device, and leaves a detached process alone when told",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    // A .ts name: runHook would start it with deno; runProgram starts it as it is.
    const script = '#!/bin/sh\nread line || echo "eof"; echo "$1"\n' +
      'setsid sh -c "sleep 60" </dev/null >/dev/null 2>&1 &\necho $! > "$2"\n';
    await inWorld({ "agent.ts": script }, async (dir) => {
      await Deno.chmod(`${dir}/agent.ts`, 0o755);
      const pidFile = `${dir}/daemon.pid`;
      const r = await runProgram({
        program: `${dir}/agent.ts`,
        args: ["arg-one", pidFile],
        env,
        cwd: dir,
        timeoutMs: 20_000,
        sweep: false,
      });
      assert.equal(r.kind, "exited");
      if (r.kind !== "exited") return;
      assert.equal(r.stdout, "eof\narg-one\n");
      const pid = Number((await Deno.readTextFile(pidFile)).trim());
      assert.equal(await alive(pid), true, "the detached process was ended");
      Deno.kill(pid, "SIGKILL");
    });
  },
});

Deno.test("runProgram() reports a program that cannot start", async () => {
  const r = await runProgram({
    program: "/no/such/agent",
    args: [],
    env,
    cwd: "/",
    timeoutMs: 5_000,
  });
  assert.equal(r.kind, "start-failed");
  if (r.kind === "start-failed") assert.match(r.message, /Cannot start the program/);
});

Deno.test({
  name: "runHook() starts a .sh hook with the interpreter its #! line names",
  ignore: !unix,
  fn: async () => {
    // cat prints the file where bash would run it: only the #! line can have chosen cat.
    const text = '#!/bin/cat\necho "run by a shell"\n';
    await inWorld({ "h.sh": text }, async (dir) => {
      for (const { name, facts } of STARTS) {
        const r = await runHook(inDir(dir, ["h.sh"], { timeoutMs: 10_000 }), facts);
        assert.equal(r.kind, "exited", name);
        assert.ok(r.kind === "exited" && r.code === 0 && r.stdout === text, JSON.stringify(r));
      }
    });
  },
});

Deno.test({
  name: "runProgram() gives stderr to onStderr as it comes, and keeps it too",
  ignore: Deno.build.os === "windows",
  fn: async () => {
    const seen: string[] = [];
    const decoder = new TextDecoder();
    const r = await runProgram({
      program: "/bin/sh",
      args: ["-c", "echo one >&2; sleep 0.2; echo two >&2"],
      env,
      cwd: "/",
      timeoutMs: 5_000,
      onStderr: (chunk) => seen.push(decoder.decode(chunk)),
    });
    assert.equal(r.kind, "exited");
    if (r.kind === "exited") assert.equal(r.stderr, "one\ntwo\n");
    assert.equal(seen.join(""), "one\ntwo\n");
    assert.ok(seen.length >= 2, "the two lines came apart, as they were written");
  },
});

Deno.test({
  name:
    "a hook started with its sweeper as one program gets what it gets started apart: stdin, arguments, folder, environment, session",
  ignore: Deno.build.os !== "linux" || Deno.realPathSync("/bin/sh").split("/").pop() !== "dash",
  fn: async () => {
    // Everything the hook can see, and its children: started together, its one child is the
    // sweeper (its shell forked it before becoming the hook), so the test knows which way ran.
    const probe = [
      "#!/bin/sh",
      // The file ends with no new line: read sets kids, and fails.
      "read -r kids </proc/$$/task/$$/children",
      "cat",
      'echo "|$0|$*|$(pwd)|"',
      "read -r s </proc/self/stat; s=${s##*) }; set -- $s",
      'echo "group $(($3 - $$)) session $(($4 - $$))"',
      "env -0 | tr '\\0' '\\n' | grep -v '^EVERYHOOK_RUN_ID=' | LC_ALL=C sort",
      'echo "mark ${#EVERYHOOK_RUN_ID}"',
      'set -- $kids; echo "children $#" >&2',
    ].join("\n");
    const text = "a\\b $HOME `x` 'q' \"d\"\nEOF\n$d\n  \u00e9 \n";
    await inWorld({ "probe": probe }, async (dir) => {
      await Deno.chmod(`${dir}/probe`, 0o755);
      const spec = inDir(dir, ["./probe", "one", "two words"], {
        stdin: new TextEncoder().encode(text),
        env: { ...env, PWD: dir, ODD: "tab\there", EMPTY: "" },
      });
      assert.ok(oneStartText(spec.stdin, spec.env, spec.cwd, "linux") !== undefined);
      const seen = [];
      for (const { facts } of STARTS) seen.push(await runHook(spec, facts));
      const [apart, together] = seen;
      assert.ok(apart?.kind === "exited" && together?.kind === "exited", JSON.stringify(seen));
      assert.equal(together.stdout, apart.stdout);
      assert.ok(
        apart.stdout.startsWith(`${text}|${dir}/probe|one two words|${dir}|\ngroup 0 session 0\n`),
        apart.stdout,
      );
      assert.match(apart.stdout, /\nmark 32\n$/);
      assert.equal(apart.stderr, "children 0\n");
      assert.equal(together.stderr, "children 1\n");
    });
  },
});
