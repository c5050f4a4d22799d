// deno-lint-ignore-file no-console -- a script that prints its measurements
/**
 * A benchmark, not a test: the CPU one tool call costs, against a bare
 * `deno run` of an empty script, for the ways a hook can sit in an agent. In
 * one run it alternates the cases many times (the order turned round every
 * other round, so that drift hits all alike) and prints each case's CPU time
 * (user + system of deno and everything it starts, as bash's `times` reports
 * it) and its ratio to bare. Needs bash. Every case but bare is fed the force
 * push Claude Code sent (fixtures/claude-code/pre-tool.shell-force-push.json).
 *
 *   bare:         deno run <an empty script>
 *   run + shell:  the line install writes: deno run --allow-read --allow-run --allow-env run.ts run
 *                 --agent claude-code --event pre-tool -- <a shell hook that prints nothing>
 *   cli.ts run:   the same through cli.ts, as lines written before run.ts name it
 *   sweeper:      the sweeper run starts beside each hook on Linux, alone: sh with the
 *                 script of src/run/process_tree.ts, which greps every process's environment
 *   run + bfp:    run.ts with examples/block-force-push.ts (two Deno starts: everyhook, then the hook)
 *   direct bfp:   the line install writes for examples/block-force-push.ts, written with the
 *                 SDK: deno run --quiet --no-prompt <its shebang's permissions> block-force-push.ts
 *                 --everyhook-agent claude-code --everyhook-event pre-tool --everyhook-timeout 28
 *
 * The goals are direct ≤ 1.5 and run + shell ≤ 1.5 (medians).
 *
 * Usage: deno task perf [--iterations N]
 *
 * What the CPU goes to (Linux, Deno 2.9.6, 2 shared cores): a bare start is
 * 20-35 ms. What Deno loads and runs at start costs: through cli.ts (its
 * command table and what it imports) run costs 0.3-0.5x more than through
 * run.ts, the entry the line names, which imports only run's modules. The
 * first process Deno starts costs 8-12 ms, each one after it about 1 ms, so
 * the sweeper started beside each hook costs Deno little; on its own (sh, and a
 * grep through every process's environment once the hook is done) it costs
 * about 6 ms (0.2x) with a hundred processes on the machine. It cannot start later or
 * less often without losing what it is for: it must be running before the hook
 * starts so that a SIGKILL of run still ends a daemon, and a sweep is needed
 * after every hook, even one that exits at once, which may have left a daemon
 * (Deno reads /proc only with --allow-all, so the sweep is a program of its
 * own). A hook that is a Deno program starts a second Deno, which direct
 * mode saves. Avoided: the first setTimeout
 * of a process (the hook runner and direct mode time with Atomics.waitAsync)
 * and reading stdin through Deno.stdin.readable (io.ts and the SDK use read()).
 *
 * @module
 */

import { directArgv } from "../src/hooks_files/command_line.ts";
import { shebangPermissions } from "../src/run/hook_plan.ts";
import { RUN_ID_VAR, SWEEP_SCRIPT } from "../src/run/process_tree.ts";

const GOAL = 1.5;
const root = new URL("..", import.meta.url).pathname;
const deno = Deno.execPath();
const iterations = readIterations(Deno.args);

function readIterations(args: string[]): number {
  const at = args.indexOf("--iterations");
  const value = at >= 0 ? Number(args[at + 1]) : 20;
  if (!Number.isInteger(value) || value < 1) throw new Error("--iterations needs a whole number");
  return value;
}

interface Case {
  name: string;
  argv: string[];
  goal?: number;
  cpu: number[];
  wall: number[];
}

/** "1m2.345s" in seconds. */
function seconds(text: string): number {
  const m = /^(\d+)m([\d.]+)s$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

/**
 * Run the case once under bash, whose `times` prints the CPU time of the
 * children it waited for (the deno process and everything it started). Deno
 * itself can read no /proc/self/stat without --allow-all.
 */
async function once(c: Case, payload: string, record: boolean): Promise<void> {
  const started = performance.now();
  const out = await new Deno.Command("bash", {
    args: ["-c", '"$@" <"$0" >/dev/null 2>&1; s=$?; times; exit $s', payload, ...c.argv],
    cwd: root,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const wall = (performance.now() - started) / 1000;
  if (!out.success) throw new Error(`${c.name} failed with ${out.code}`);
  const children = new TextDecoder().decode(out.stdout).trim().split("\n").at(-1) ?? "";
  const [user, sys] = children.split(/\s+/).map(seconds);
  if (user === undefined || sys === undefined || isNaN(user + sys)) {
    throw new Error(`cannot read the times of ${c.name}: ${children}`);
  }
  if (record) {
    c.cpu.push(user + sys);
    c.wall.push(wall);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const ms = (s: number) => `${(s * 1000).toFixed(1)} ms`;

const dir = await Deno.makeTempDir({ prefix: "everyhook-perf-" });
try {
  const quiet = `${dir}/quiet.sh`;
  await Deno.writeTextFile(quiet, "#!/bin/sh\nexit 0\n");
  await Deno.chmod(quiet, 0o755);
  const empty = `${dir}/empty.ts`;
  await Deno.writeTextFile(empty, "");
  const fixture = JSON.parse(
    await Deno.readTextFile(`${root}fixtures/claude-code/pre-tool.shell-force-push.json`),
  );
  const payload = `${dir}/payload.json`;
  await Deno.writeTextFile(payload, JSON.stringify(fixture.payload));
  const hook = `${root}examples/block-force-push.ts`;
  const first = (await Deno.readTextFile(hook)).split("\n")[0] ?? "";
  const flags = [deno, "run", "--allow-read", "--allow-run", "--allow-env"];
  const run = [...flags, "run.ts", "run"];
  const line = ["--agent", "claude-code", "--event", "pre-tool", "--"];
  const cases: Case[] = [
    { name: "bare deno run", argv: [deno, "run", empty], cpu: [], wall: [] },
    { name: "run + shell", argv: [...run, ...line, quiet], goal: GOAL, cpu: [], wall: [] },
    {
      name: "cli.ts run",
      argv: [...flags, "cli.ts", "run", ...line, quiet],
      cpu: [],
      wall: [],
    },
    {
      name: "sweeper",
      argv: ["/bin/sh", "-c", SWEEP_SCRIPT, "everyhook-sweep", `${RUN_ID_VAR}=perf`],
      cpu: [],
      wall: [],
    },
    { name: "run + bfp", argv: [...run, ...line, hook], cpu: [], wall: [] },
    {
      name: "direct bfp",
      argv: directArgv(deno, shebangPermissions(first), {
        agent: "claude-code",
        event: "pre-tool",
        timeout: 28,
        failClosed: false,
        hook,
      }),
      goal: GOAL,
      cpu: [],
      wall: [],
    },
  ];
  // The direct line must answer as install means it to: a deny of the recorded force push.
  const check = await new Deno.Command("bash", {
    args: ["-c", '"$@" <"$0"', payload, ...cases.find((c) => c.name === "direct bfp")!.argv],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!new TextDecoder().decode(check.stdout).includes('"permissionDecision":"deny"')) {
    throw new Error(`the direct line did not deny: ${new TextDecoder().decode(check.stderr)}`);
  }
  for (let i = 0; i < 2; i++) for (const c of cases) await once(c, payload, false);
  for (let i = 0; i < iterations; i++) {
    const round = i % 2 === 0 ? cases : [...cases].reverse();
    for (const c of round) await once(c, payload, true);
  }
  console.log(
    `${iterations} runs each, alternating; CPU time (user+sys) of deno and what it starts, median;`,
  );
  console.log(
    "the ratio is the median, over the rounds, of each case against bare in the same round",
  );
  const bare = cases[0]!.cpu;
  for (const c of cases) {
    // Within one round the cases run back to back, so a load that comes and goes hits them alike.
    const ratio = median(c.cpu.map((cpu, i) => cpu / (bare[i] as number)));
    const verdict = c.goal === undefined
      ? ""
      : `  ${ratio <= c.goal ? "meets" : "misses"} the goal of ${c.goal}x`;
    console.log(
      `  ${c.name.padEnd(14)} ${ms(median(c.cpu)).padStart(9)}  ${ratio.toFixed(2)}x  (wall ${
        ms(median(c.wall))
      })${verdict}`,
    );
  }
} finally {
  await Deno.remove(dir, { recursive: true });
}
