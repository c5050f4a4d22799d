// deno-lint-ignore-file no-console -- a script that prints its measurements
/**
 * A benchmark, not a test: what one tool call costs in CPU, against a bare
 * `deno run` of an empty script, for the ways a hook can sit in an agent, and
 * what install and uninstall cost on a large settings file. Every figure is
 * printed in one run, with its goal where it has one. Needs bash (its `times`
 * gives the CPU time, user + system, of deno and of everything it starts);
 * Deno cannot read /proc/self/stat without --allow-all.
 *
 * The per-call cases are run alternately, many rounds (the order turned round
 * every other round), and each case's ratio is the median over the rounds of
 * its CPU time against bare's in the same round: paired runs, so that a load
 * that comes and goes on a shared machine hits both sides of a ratio alike.
 * Every case but bare is fed the force push Claude Code sent
 * (fixtures/claude-code/pre-tool.shell-force-push.json), its `<project>` and
 * `<home>` made folders that exist, as an agent's are; every case is started
 * in that project folder, as an agent starts a hook.
 *
 *   bare deno run   deno run <an empty script>
 *   direct bfp      the line install writes for examples/block-force-push.ts, written with the
 *                   SDK (it imports hook.bundle.js): deno run --quiet --no-prompt
 *                   --v8-flags=--no-lazy <its shebang's permissions> block-force-push.ts
 *                   --everyhook-agent claude-code --everyhook-event pre-tool --everyhook-timeout 28
 *   direct bfp, own folder  the same, with the hook, hook.bundle.js and chunks/ copied into
 *                   a folder of their own: Deno reads no deno.json (the clone's has npm imports
 *                   and a lock)
 *   run + shell     the line install writes for a shell hook that prints nothing, from a clone
 *                   without its bundle: deno run --v8-flags=--no-lazy --allow-read --allow-run
 *                   --allow-env run.ts run
 *                   --agent claude-code --event pre-tool -- <#!/bin/sh hook>
 *   run + shell, bundled  the line install writes when run.bundle.js is there (deno task
 *                   bundle): deno run --v8-flags=--no-sparkplug --no-config --allow-read --allow-run --allow-env
 *                   run.bundle.js run ..., no --no-lazy (src/os/runtime.ts, BUNDLE_FLAGS)
 *   run + bfp       run.ts with examples/block-force-push.ts (two Deno starts: everyhook, then the hook)
 *   python hook     python3 <the same check, written in Python> (where python3 is on PATH)
 *   node hook       node <the same check, written for Node> (where node is on PATH)
 *
 * Then install and uninstall of a hook (two entries) on a Claude Code settings
 * file of 40,000 hook entries and 40,000 variables, through cli.ts, paired the
 * same way: uninstall's ratio is to install's in the same round.
 *
 * Usage: deno task perf [--iterations N] [--calls N] [--file-rounds N] [--only NAMES] [--help]
 *
 *   --iterations N   rounds of the per-call cases (default 20)
 *   --calls N        calls of a case in one sample, its CPU time divided among them (default 5)
 *   --file-rounds N  rounds of install then uninstall (default 5)
 *   --only NAMES     only the cases whose names start with one of NAMES, comma-separated
 *                    ("run" is every run case; "install" is install and uninstall);
 *                    bare deno run is always measured, as every ratio is to it
 *
 * @module
 */

import { directArgv } from "../src/settings/command_line.ts";
import { shebangPermissions } from "../src/run/hook_plan.ts";
import { NO_LAZY } from "../src/os/runtime.ts";
import { bundleArgv } from "../src/settings/self.ts";

const GOALS: Readonly<Record<string, number>> = {
  "direct bfp": 1.2,
  "direct bfp, own folder": 1.2,
  // The goal is for the line install writes, which names run.bundle.js from a clone and from JSR;
  // run.ts's line ("run + shell") is written only where a clone has lost its bundle, and is
  // measured to show what the bundle saves.
  "run + shell, bundled": 1.6,
  "uninstall": 1.0,
};
const root = new URL("..", import.meta.url).pathname;
const deno = Deno.execPath();
if (Deno.args.includes("--help") || Deno.args.includes("-h")) {
  console.log(
    `Usage: deno task perf [--iterations N] [--calls N] [--file-rounds N] [--only NAMES]

What one tool call costs in CPU against a bare deno run, and install and uninstall on a large file.

  --iterations N   rounds of the per-call cases (default 20)
  --calls N        calls of a case in one sample, its CPU time divided among them (default 5)
  --file-rounds N  rounds of install then uninstall (default 5)
  --only NAMES     only the cases whose names start with one of NAMES, comma-separated:
                   bare deno run, direct bfp (with direct bfp, own folder), run + shell (with run + shell, bundled), run + bfp,
                   python hook, node hook, install (with uninstall); "run" takes every run case.
                   Bare is always measured.`,
  );
  Deno.exit(0);
}
const iterations = readCount(Deno.args, "--iterations", 20);
const calls = readCount(Deno.args, "--calls", 5);
const fileRounds = readCount(Deno.args, "--file-rounds", 5);
const ENTRIES = 40_000;

const onlyAt = Deno.args.indexOf("--only");
const only = onlyAt >= 0
  ? (Deno.args[onlyAt + 1] ?? "").split(",").map((w) => w.trim()).filter((w) => w !== "")
  : undefined;
if (only !== undefined && only.length === 0) throw new Error("--only needs case names");
/** Whether a case is measured in this run: every one, or those `--only` names. */
const wanted = (name: string) =>
  name === "bare deno run" || only === undefined || only.some((w) => name.startsWith(w));

function readCount(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number`);
  return value;
}

interface Case {
  name: string;
  argv: string[];
  cpu: number[];
  wall: number[];
  env?: Record<string, string>;
  /** The folder it runs in; default the clone's. */
  cwd?: string;
}

/** "1m2.345s" in seconds. */
function seconds(text: string): number {
  const m = /^(\d+)m([\d.]+)s$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

/**
 * Run the case `calls` times in a row under bash, whose `times` prints the CPU
 * time of the children it waited for (the program and everything it started),
 * and record the time of one call. `times` counts in clock ticks (10 ms here),
 * as coarse as a whole call of a small hook: several calls to one sample make
 * the tick a fraction of what is measured.
 */
async function once(c: Case, stdin: string, record: boolean, calls = 1): Promise<void> {
  const started = performance.now();
  const loop = 'n=$1; shift; i=0; while [ "$i" -lt "$n" ]; do "$@" <"$0" >/dev/null 2>&1 || ' +
    "exit $?; i=$((i + 1)); done; times";
  const out = await new Deno.Command("bash", {
    args: ["-c", loop, stdin, String(calls), ...c.argv],
    cwd: c.cwd ?? root,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    ...(c.env ? { env: c.env, clearEnv: true } : {}),
  }).output();
  const wall = (performance.now() - started) / 1000 / calls;
  if (!out.success) throw new Error(`${c.name} failed with ${out.code}`);
  const children = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1) ?? "";
  const [user, sys] = children.split(/\s+/).map(seconds);
  if (user === undefined || sys === undefined || isNaN(user + sys)) {
    throw new Error(`cannot read the times of ${c.name}: ${children}`);
  }
  if (record) {
    c.cpu.push((user + sys) / calls);
    c.wall.push(wall);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const ms = (s: number) => s >= 1 ? `${s.toFixed(2)} s` : `${(s * 1000).toFixed(1)} ms`;

/** What a shell command prints (bash, which the cases need anyway); "" when it fails. */
async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

async function shell(script: string): Promise<string> {
  try {
    const out = await new Deno.Command("bash", {
      args: ["-c", script],
      stdout: "piped",
      stderr: "null",
    })
      .output();
    return out.success ? new TextDecoder().decode(out.stdout).trim() : "";
  } catch {
    return "";
  }
}

/** The machine (Deno reads /proc only with --allow-all: bash reads it). */
async function machine(): Promise<string> {
  const cores = await shell("nproc");
  const model = await shell("sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1");
  return `${Deno.build.os} ${Deno.build.arch}, ${cores || "?"} cores of ${
    model || "an unknown CPU"
  }, Deno ${Deno.version.deno}`;
}

/** The load average, 1, 5 and 15 minutes. */
async function load(): Promise<string> {
  return (await shell("cut -d ' ' -f 1-3 /proc/loadavg")) || "unknown";
}

/**
 * The interpreter a program name stands for, as its own process reports it: a
 * version manager's shim on PATH (pyenv's is a bash script) would otherwise be
 * measured in its place. Undefined when the program is not there.
 */
async function interpreter(program: string, script: string): Promise<string | undefined> {
  const path = await shell(`${program} ${script}`);
  return path.startsWith("/") ? path : undefined;
}

/** A Claude Code settings file with `n` hook entries and `n` variables, a comment every hundredth. */
function settings(n: number): string {
  const groups: string[] = [];
  const vars: string[] = [];
  for (let i = 0; i < n; i++) {
    groups.push(
      `      { "matcher": "m${i}", "hooks": [{ "type": "command", "command": "echo ${i}" }] }`,
    );
    vars.push(`    ${i % 100 === 0 ? "/* every hundredth */ " : ""}"V${i}": "${i}"`);
  }
  return `{\n  "env": {\n${vars.join(",\n")}\n  },\n  "hooks": {\n    "PreToolUse": [\n${
    groups.join(",\n")
  }\n    ]\n  }\n}\n`;
}

// The same check as block-force-push for the recorded payload, as a person would write it in
// Python or for Node: read the JSON, test the command, print Claude Code's deny.
const PYTHON_HOOK = `import json, re, sys
p = json.load(sys.stdin)
c = (p.get("tool_input") or {}).get("command") or ""
if re.search(r"\\bgit\\s+push\\b.*(\\s--force\\b|\\s-f\\b).*\\b(main|master)\\b", c):
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse",
        "permissionDecision": "deny", "permissionDecisionReason": "Blocked a force push"}}))
`;
const NODE_HOOK = `const p = JSON.parse(require("fs").readFileSync(0, "utf8"));
const c = (p.tool_input && p.tool_input.command) || "";
if (/\\bgit\\s+push\\b.*(\\s--force\\b|\\s-f\\b).*\\b(main|master)\\b/.test(c)) {
  console.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse",
    permissionDecision: "deny", permissionDecisionReason: "Blocked a force push" } }));
}
`;

const dir = await Deno.makeTempDir({ prefix: "everyhook-perf-" });
try {
  const loadBefore = await load();
  const quiet = `${dir}/quiet.sh`;
  await Deno.writeTextFile(quiet, "#!/bin/sh\nexit 0\n");
  await Deno.chmod(quiet, 0o755);
  const empty = `${dir}/empty.ts`;
  await Deno.writeTextFile(empty, "");
  await Deno.writeTextFile(`${dir}/hook.py`, PYTHON_HOOK);
  await Deno.writeTextFile(`${dir}/hook.cjs`, NODE_HOOK);
  const fixture = JSON.parse(
    await Deno.readTextFile(`${root}fixtures/claude-code/pre-tool.shell-force-push.json`),
  );
  // The recording's folders are written <project> and <home> (fixtures/ holds no one's paths); an
  // agent sends folders that exist, and run looks at the project folder to start the hook in it.
  await Deno.mkdir(`${dir}/project`);
  await Deno.mkdir(`${dir}/home`);
  const payload = `${dir}/payload.json`;
  await Deno.writeTextFile(
    payload,
    JSON.stringify(fixture.payload).replaceAll("<project>", `${dir}/project`)
      .replaceAll("<home>", `${dir}/home`),
  );
  const hook = `${root}examples/block-force-push.ts`;
  const first = (await Deno.readTextFile(hook)).split("\n")[0] ?? "";
  // The same hook and the bundled SDK it imports, in a folder of their own with no deno.json
  // above it, as a hook in a person's folder is: Deno finds no configuration to read.
  await Deno.mkdir(`${dir}/own/examples`, { recursive: true });
  const ownHook = `${dir}/own/examples/block-force-push.ts`;
  await Deno.copyFile(hook, ownHook);
  await Deno.copyFile(`${root}hook.bundle.js`, `${dir}/own/hook.bundle.js`);
  await Deno.mkdir(`${dir}/own/chunks`);
  for await (const file of Deno.readDir(`${root}chunks`)) {
    await Deno.copyFile(`${root}chunks/${file.name}`, `${dir}/own/chunks/${file.name}`);
  }
  const run = [
    deno,
    "run",
    NO_LAZY,
    "--allow-read",
    "--allow-run",
    "--allow-env",
    `${root}run.ts`,
    "run",
  ];
  const line = ["--agent", "claude-code", "--event", "pre-tool", "--"];
  const newCase = (name: string, argv: string[]): Case => ({ name, argv, cpu: [], wall: [] });
  const all: Case[] = [
    newCase("bare deno run", [deno, "run", empty]),
    newCase(
      "direct bfp",
      directArgv(deno, shebangPermissions(first), {
        agent: "claude-code",
        event: "pre-tool",
        timeout: 28,
        failClosed: false,
        hook,
      }),
    ),
    newCase(
      "direct bfp, own folder",
      directArgv(deno, shebangPermissions(first), {
        agent: "claude-code",
        event: "pre-tool",
        timeout: 28,
        failClosed: false,
        hook: ownHook,
      }),
    ),
    newCase("run + shell", [...run, ...line, quiet]),
    newCase("run + bfp", [...run, ...line, hook]),
  ];
  // As install writes it (the bundle's own flags in place of --no-lazy, the same permissions).
  const bundled = [...bundleArgv(deno, `${root}run.bundle.js`), "run"];
  if (await exists(`${root}run.bundle.js`)) {
    all.splice(3, 0, newCase("run + shell, bundled", [...bundled, ...line, quiet]));
  }
  const absent: string[] = [];
  if (wanted("python hook")) {
    const python = await interpreter("python3", "-c 'import sys; print(sys.executable)'");
    if (python) all.push(newCase("python hook", [python, `${dir}/hook.py`]));
    else absent.push("python3");
  }
  if (wanted("node hook")) {
    const node = await interpreter("node", "-p process.execPath");
    if (node) all.push(newCase("node hook", [node, `${dir}/hook.cjs`]));
    else absent.push("node");
  }
  // Each call is started in the project's folder, as an agent starts it (bash sets PWD to it).
  const cases = all.filter((c) => wanted(c.name)).map((c) => ({ ...c, cwd: `${dir}/project` }));

  // Every line that answers must answer as meant: a deny of the recorded force push.
  for (
    const c of cases.filter((c) => c.name !== "bare deno run" && !c.name.startsWith("run + shell"))
  ) {
    const check = await new Deno.Command("bash", {
      args: ["-c", '"$@" <"$0"', payload, ...c.argv],
      cwd: c.cwd,
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!/"permissionDecision":\s*"deny"/.test(new TextDecoder().decode(check.stdout))) {
      throw new Error(`${c.name} did not deny: ${new TextDecoder().decode(check.stderr)}`);
    }
  }
  for (let i = 0; i < 2; i++) for (const c of cases) await once(c, payload, false);
  for (let i = 0; i < iterations; i++) {
    const round = i % 2 === 0 ? cases : [...cases].reverse();
    for (const c of round) await once(c, payload, true, calls);
  }

  // install and uninstall on a large file, each round from the same file.
  const home = `${dir}/home`;
  await Deno.mkdir(`${home}/.claude`, { recursive: true });
  const big = settings(ENTRIES);
  const settingsFile = `${home}/.claude/settings.json`;
  const shHook = `${dir}/guard.sh`;
  await Deno.writeTextFile(shHook, "#!/bin/sh\nexit 0\n");
  const cli = [
    deno,
    "run",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-run",
    "cli.ts",
  ];
  // HOME is the throwaway one; Deno's cache stays where it is, so that nothing is fetched.
  const info = await new Deno.Command(deno, { args: ["info", "--json"], stdout: "piped" }).output();
  const denoDir = String(JSON.parse(new TextDecoder().decode(info.stdout)).denoDir ?? "");
  const env = {
    HOME: home,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    NO_COLOR: "1",
    ...(denoDir !== "" ? { DENO_DIR: denoDir } : {}),
  };
  const installCase: Case = {
    ...newCase("install", [
      ...cli,
      "install",
      shHook,
      "--agent",
      "claude-code",
      "--event",
      "pre-tool,stop",
    ]),
    env,
  };
  const uninstallCase: Case = {
    ...newCase("uninstall", [...cli, "uninstall", shHook, "--agent", "claude-code"]),
    env,
  };
  const files = wanted("install");
  for (let i = 0; i < (files ? fileRounds : 0); i++) {
    await Deno.writeTextFile(settingsFile, big);
    await once(installCase, "/dev/null", true);
    await once(uninstallCase, "/dev/null", true);
    if (await Deno.readTextFile(settingsFile) !== big) {
      throw new Error("uninstall did not give back the file as it was before install");
    }
    for await (const e of Deno.readDir(`${home}/.claude`)) {
      if (e.name !== "settings.json") {
        await Deno.remove(`${home}/.claude/${e.name}`, { recursive: true });
      }
    }
  }
  const loadAfter = await load();

  console.log(`machine: ${await machine()}`);
  console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after`);
  console.log(
    `${iterations} rounds of every per-call case, alternating, each sample ${calls} calls in a row; CPU time (user+sys) of the program and what it starts, per call;`,
  );
  console.log(
    "each ratio is the median, over the rounds, of the case against bare deno run in the same round",
  );
  const bare = cases[0]!.cpu;
  const width = Math.max(14, ...cases.map((c) => c.name.length));
  const report = (c: Case, base: number[], against: string) => {
    const ratio = median(c.cpu.map((cpu, i) => cpu / (base[i] as number)));
    const goal = GOALS[c.name];
    const verdict = goal === undefined
      ? ""
      : `  ${ratio <= goal ? "meets" : "misses"} the goal of at most ${goal}x ${against}`;
    console.log(
      `  ${c.name.padEnd(width)} ${ms(median(c.cpu)).padStart(9)}  ${ratio.toFixed(2)}x  (wall ${
        ms(median(c.wall))
      })${verdict}`,
    );
  };
  for (const c of cases) report(c, bare, "bare");
  for (const name of absent) console.log(`  (no ${name} on PATH: its hook is not measured)`);
  if (files) {
    console.log(
      `${fileRounds} rounds of install then uninstall of one hook (2 entries) in a settings file of ${ENTRIES} hook entries and ${ENTRIES} variables;`,
    );
    console.log("uninstall's ratio is to install's in the same round");
    report(installCase, installCase.cpu, "install");
    report(uninstallCase, installCase.cpu, "install");
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
