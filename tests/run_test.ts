/**
 * `everyhook run` as the agents start it: a real `deno run` of run.ts (the
 * entry the line install writes names) with the permissions `run` needs and no
 * more, the agent's JSON on stdin, and real hook scripts in a throwaway folder;
 * and through cli.ts, as lines written before run.ts name it.
 */
import assert from "node:assert/strict";

const CLI = new URL("../run.ts", import.meta.url).pathname;
const OLD_CLI = new URL("../cli.ts", import.meta.url).pathname;
const RUN_FLAGS = ["--allow-read", "--allow-run", "--allow-env"];
const unix = Deno.build.os !== "windows";
if (!unix) {
  // deno-lint-ignore no-console
  console.log("skipped: the tests of run with shell hooks and process groups need a Unix system");
} else if (Deno.build.os !== "linux") {
  // deno-lint-ignore no-console
  console.log("skipped: the tests that watch a hook's processes through ps need Linux");
}

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

async function everyhook(
  args: string[],
  stdin: string | Uint8Array,
  options: { flags?: string[]; env?: Record<string, string>; cwd?: string; entry?: string } = {},
): Promise<Ran> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...(options.flags ?? RUN_FLAGS), options.entry ?? CLI, "run", ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...options.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
  }).spawn();
  const bytes = typeof stdin === "string" ? new TextEncoder().encode(stdin) : stdin;
  const writing = (async () => {
    const w = child.stdin.getWriter();
    try {
      await w.write(bytes);
      await w.close();
    } catch {
      // everyhook stopped reading: that is what some cases test
    }
  })();
  const out = await child.output();
  await writing;
  return {
    code: out.code,
    stdout: new TextDecoder().decode(out.stdout),
    stderr: new TextDecoder().decode(out.stderr),
    ms: performance.now() - started,
  };
}

/**
 * True when the process still runs after up to 3 s (a zombie has ended). It asks
 * ps: Deno lets only --allow-all read /proc/<pid>/stat.
 */
async function running(pid: number): Promise<boolean> {
  for (let i = 0; i < 60; i++) {
    const ps = new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)] });
    const state = new TextDecoder().decode((await ps.output()).stdout).trim();
    if (state === "" || state.startsWith("Z")) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

const HOOKS: Record<string, string> = {
  "deny.ts": `#!/usr/bin/env -S deno run
const doc = JSON.parse(await new Response(Deno.stdin.readable).text());
if (doc.tool?.command?.includes("--force")) {
  console.log(JSON.stringify({ decision: "deny", reason: "No force push from " + doc.agent }));
}
`,
  "wants-env.ts": `#!/usr/bin/env -S deno run
console.log(JSON.stringify({ context: Deno.env.get("HOME") }));
`,
  "env.ts": `#!/usr/bin/env -S deno run --allow-env=EVERYHOOK,EVERYHOOK_AGENT,EVERYHOOK_EVENT
console.log(JSON.stringify({ context: [Deno.env.get("EVERYHOOK"), Deno.env.get("EVERYHOOK_AGENT"), Deno.env.get("EVERYHOOK_EVENT")].join(" ") }));
`,
  "deny.sh": `cat > /dev/null\necho '{"decision":"deny","reason":"from bash"}'\n`,
  "hang.sh": 'sleep 60 &\necho $! > "$1"\nsleep 60\n',
  "prose.sh": "echo 'I think this is fine'\n",
  "exit1.sh": "echo crashed >&2\nexit 1\n",
  "exit2.sh": "echo keep working >&2\nexit 2\n",
  "deaf.sh": 'echo \'{"context":"did not read"}\'\n',
  "quiet.sh": "exit 0\n",
};

/** Run `fn` with a throwaway folder holding the hooks above, removed afterwards. */
async function withHooks(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-run-" });
  try {
    for (const [name, text] of Object.entries(HOOKS)) {
      await Deno.writeTextFile(`${dir}/${name}`, text);
    }
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

function claudePre(command: string, cwd: string): string {
  return JSON.stringify({
    session_id: "s1",
    transcript_path: `${cwd}/t.jsonl`,
    cwd,
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "t1",
  });
}

function claudeStop(cwd: string): string {
  return JSON.stringify({
    session_id: "s1",
    transcript_path: `${cwd}/none.jsonl`,
    cwd,
    hook_event_name: "Stop",
    stop_hook_active: false,
    last_assistant_message: "Done.",
  });
}

const pre = (hook: string, ...extra: string[]) => [
  "--agent",
  "claude-code",
  "--event",
  "pre-tool",
  ...extra,
  "--",
  hook,
];

function denied(ran: Ran): string | undefined {
  if (ran.stdout.trim() === "") return undefined;
  const out = JSON.parse(ran.stdout);
  return out.hookSpecificOutput?.permissionDecision === "deny"
    ? out.hookSpecificOutput.permissionDecisionReason
    : undefined;
}

Deno.test("run: a TypeScript hook with a shebang granting nothing denies a force push", async () => {
  await withHooks(async (dir) => {
    const ran = await everyhook(pre(`${dir}/deny.ts`), claudePre("git push --force", dir));
    assert.equal(ran.code, 0, ran.stderr);
    assert.equal(denied(ran), "No force push from claude-code");
    const harmless = await everyhook(pre(`${dir}/deny.ts`), claudePre("git status", dir));
    assert.equal(harmless.code, 0);
    assert.equal(harmless.stdout, "");
  });
});

Deno.test("run: a line that names cli.ts, as install wrote before run.ts, answers the same", async () => {
  await withHooks(async (dir) => {
    for (const command of ["git push --force", "git status"]) {
      const payload = claudePre(command, dir);
      const now = await everyhook(pre(`${dir}/deny.ts`), payload);
      const before = await everyhook(pre(`${dir}/deny.ts`), payload, { entry: OLD_CLI });
      assert.deepEqual([before.code, before.stdout], [now.code, now.stdout], command);
    }
  });
});

Deno.test("run.ts runs run alone: other words are a usage error that names cli.ts", async () => {
  for (const words of [["install", "hook.ts"], ["--help"], ["run", "--version"]]) {
    const child = await new Deno.Command(Deno.execPath(), {
      args: ["run", ...RUN_FLAGS, CLI, ...words],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(child.code, 2, words.join(" "));
    assert.match(new TextDecoder().decode(child.stderr), /runs only everyhook's run.*cli\.ts/);
  }
});

Deno.test("run: a TypeScript hook gets only its shebang's permissions, and the EVERYHOOK variables", async () => {
  await withHooks(async (dir) => {
    const noEnv = await everyhook(pre(`${dir}/wants-env.ts`), claudePre("ls", dir));
    assert.match(
      denied(noEnv) ?? "",
      /NotCapable|--allow-env/,
      "a hook without --allow-env reads no variable",
    );
    const env = await everyhook(pre(`${dir}/env.ts`), claudePre("ls", dir));
    assert.equal(env.code, 0, env.stderr);
    assert.match(env.stdout, /1 claude-code pre-tool/);
  });
});

Deno.test({
  name: "run: a .sh hook runs with bash, from a path relative to the folder run starts in",
  ignore: !unix,
  fn: async () => {
    await withHooks(async (dir) => {
      const ran = await everyhook(pre("deny.sh"), claudePre("ls", "/"), { cwd: dir });
      assert.equal(denied(ran), "from bash");
    });
  },
});

Deno.test("run: a hook that cannot start is ignored with a message, or denies with --fail-closed", async () => {
  await withHooks(async (dir) => {
    const open = await everyhook(pre(`${dir}/missing.ts`), claudePre("ls", dir));
    assert.equal(open.code, 0);
    assert.equal(denied(open), undefined);
    assert.match(open.stdout, /everyhook ignored the hook \\"missing.ts\\"/);
    assert.match(open.stderr, /does not exist/);
    const program = await everyhook(pre("no-such-program-xyz"), claudePre("ls", dir));
    assert.match(program.stderr, /not on PATH/);
    const closed = await everyhook(pre(`${dir}/missing.ts`, "--fail-closed"), claudePre("ls", dir));
    assert.match(denied(closed) ?? "", /fail closed/);
  });
});

Deno.test({
  name: "run: a hook that hangs is stopped at --timeout, with what it started, and ignored",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    await withHooks(async (dir) => {
      const args = ["--agent", "claude-code", "--event", "pre-tool", "--timeout", "1"];
      const hang = [`${dir}/hang.sh`, `${dir}/pid`];
      const ran = await everyhook([...args, "--", ...hang], claudePre("ls", dir));
      assert.equal(ran.code, 0);
      assert.ok(ran.ms < 8000, `took ${ran.ms} ms`);
      const grandchild = (await Deno.readTextFile(`${dir}/pid`)).trim();
      assert.equal(
        await running(Number(grandchild)),
        false,
        `the hook's child ${grandchild} outlived the timeout`,
      );
      assert.equal(denied(ran), undefined);
      assert.match(ran.stderr, /ran past its 1 s/);
      const closed = await everyhook(
        [...args, "--fail-closed", "--", ...hang],
        claudePre("ls", dir),
      );
      assert.match(denied(closed) ?? "", /ran past its 1 s/);
    });
  },
});

Deno.test({
  name: "run: when everyhook is ended by a signal, the hook and what it started end too",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    await withHooks(async (dir) => {
      const child = new Deno.Command(Deno.execPath(), {
        args: ["run", ...RUN_FLAGS, CLI, "run", ...pre(`${dir}/hang.sh`), `${dir}/pid`],
        stdin: "piped",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const w = child.stdin.getWriter();
      await w.write(new TextEncoder().encode(claudePre("ls", dir)));
      await w.close();
      let grandchild = "";
      for (let i = 0; i < 200 && grandchild === ""; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        grandchild = await Deno.readTextFile(`${dir}/pid`).then((t) => t.trim(), () => "");
      }
      assert.notEqual(grandchild, "", "the hook did not start");
      child.kill("SIGTERM");
      const out = await child.output();
      assert.equal(out.signal, "SIGTERM");
      assert.equal(await running(Number(grandchild)), false, `${grandchild} outlived everyhook`);
    });
  },
});

Deno.test({
  name: "run: a hook that prints something that is not an answer is ignored",
  ignore: !unix,
  fn: async () => {
    await withHooks(async (dir) => {
      const ran = await everyhook(pre(`${dir}/prose.sh`), claudePre("ls", dir));
      assert.equal(ran.code, 0);
      assert.equal(denied(ran), undefined);
      assert.match(ran.stderr, /not an answer: not JSON/);
      const json = await everyhook(pre(`${dir}/prose.sh`, "--json"), claudePre("ls", dir));
      assert.equal(json.code, 1, "--json exits 1 when the hook failed");
      const doc = JSON.parse(json.stdout);
      assert.equal(doc.ok, false);
      assert.equal(doc.failure.kind, "invalid");
      assert.equal(doc.hook.status, "invalid");
      assert.equal(doc.document.tool.command, "ls");
    });
  },
});

Deno.test({
  name: "run: at stop exit 2 sends the agent back, and exit 1 is ignored",
  ignore: !unix,
  fn: async () => {
    await withHooks(async (dir) => {
      const stop = (hook: string) => ["--agent", "claude-code", "--event", "stop", "--", hook];
      const two = await everyhook(stop(`${dir}/exit2.sh`), claudeStop(dir));
      assert.equal(two.code, 0, two.stderr);
      const back = JSON.parse(two.stdout);
      assert.equal(back.decision, "block");
      assert.equal(back.reason, "keep working");
      const one = await everyhook(stop(`${dir}/exit1.sh`), claudeStop(dir));
      assert.equal(one.code, 0);
      assert.doesNotMatch(one.stdout, /"decision"/);
      assert.match(one.stderr, /exited with 1: crashed/);
      const pre1 = await everyhook(pre(`${dir}/exit1.sh`), claudePre("ls", dir));
      assert.equal(denied(pre1), "crashed", "before a tool, any non-zero exit denies");
    });
  },
});

Deno.test({
  name: "run: a hook that never reads a large payload is normal",
  ignore: !unix,
  fn: async () => {
    await withHooks(async (dir) => {
      const ran = await everyhook(pre(`${dir}/deaf.sh`), claudePre("x".repeat(20_000_000), dir));
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(ran.stdout, /did not read/);
    });
  },
});

Deno.test("run: stdin over 50 MB, empty or not an object is answered with a message", async () => {
  await withHooks(async (dir) => {
    const big = new Uint8Array(50 * 1024 * 1024 + 10).fill(0x20);
    const over = await everyhook(pre(`${dir}/deny.ts`), big);
    assert.equal(over.code, 0);
    assert.match(over.stderr, /over 50 MB/);
    for (const [stdin, why] of [["", /nothing on stdin/], ["{oops", /not JSON/], ["[]", /array/]]) {
      const ran = await everyhook(pre(`${dir}/deny.ts`), stdin as string);
      assert.equal(ran.code, 0);
      assert.match(ran.stderr, why as RegExp);
      assert.match(ran.stdout, /everyhook ignored/);
    }
  });
});

Deno.test({
  name: "run: EVERYHOOK_DEBUG=1 logs to stderr and leaves stdout the agent's",
  ignore: !unix,
  fn: async () => {
    await withHooks(async (dir) => {
      const plain = await everyhook(pre(`${dir}/deny.sh`), claudePre("ls", dir));
      const debug = await everyhook(pre(`${dir}/deny.sh`), claudePre("ls", dir), {
        env: { EVERYHOOK_DEBUG: "1" },
      });
      assert.equal(debug.stdout, plain.stdout);
      assert.match(debug.stderr, /everyhook debug: document: \{/);
      assert.match(debug.stderr, /everyhook debug: printed: exit 0/);
      assert.equal(plain.stderr, "");
    });
  },
});

Deno.test({
  name: "run: needs --allow-read --allow-run --allow-env and names the one that is missing",
  ignore: !unix,
  fn: async () => {
    await withHooks(async (dir) => {
      const ok = await everyhook(pre(`${dir}/quiet.sh`), claudePre("ls", dir));
      assert.equal(ok.code, 0, ok.stderr);
      assert.equal(ok.stderr, "");
      const noRun = await everyhook(pre(`${dir}/quiet.sh`), claudePre("ls", dir), {
        flags: ["--allow-read", "--allow-env"],
      });
      assert.equal(noRun.code, 1);
      assert.match(noRun.stderr, /add --allow-run after "deno run"/);
    });
  },
});
