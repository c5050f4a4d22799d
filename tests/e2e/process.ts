/**
 * Starting programs in the end-to-end tests, other than the agents: a program
 * in a process group of its own (git, an agent's `--version`), with its stdin
 * fed or closed, its output collected, and the whole group killed when the
 * time is up or when it is done; a pool; and {@linkcode asRunResult}, which
 * gives a run of the product's agent runner (src/verify/agent_run.ts, through
 * which every agent session starts its agent) the shape the tests read.
 *
 * @module
 */

import type { HookOutcome } from "../../src/run/hook_process.ts";

/** What to run, where, with what. */
export interface RunAgentOptions {
  /** The program (an absolute path is best). */
  cmd: string;
  /** Its arguments. */
  args: string[];
  /** The whole environment: nothing of the test process leaks in. */
  env: Record<string, string>;
  /** The folder to start it in. */
  cwd: string;
  /** Kill the process group after this many milliseconds. */
  timeoutMs: number;
  /** Text for stdin; without it stdin is /dev/null (agents that read stdin then see EOF at once). */
  stdin?: string;
}

/** How the run went. */
export interface RunAgentResult {
  /** The exit code, or null when a signal ended it. */
  code: number | null;
  /** Everything it printed on stdout. */
  stdout: string;
  /** Everything it printed on stderr. */
  stderr: string;
  /** True when the timeout killed it. */
  timedOut: boolean;
  /** Wall time in milliseconds. */
  ms: number;
}

let setsidPath: string | null | undefined;

/** Where `setsid` is, or null when this machine has none (the run then has no group of its own). */
function findSetsid(): string | null {
  if (setsidPath !== undefined) return setsidPath;
  setsidPath = null;
  if (Deno.build.os === "windows") return setsidPath;
  for (const dir of ["/usr/bin", "/bin", "/usr/local/bin"]) {
    try {
      Deno.statSync(`${dir}/setsid`);
      setsidPath = `${dir}/setsid`;
      break;
    } catch { /* look further */ }
  }
  return setsidPath;
}

/** Sends SIGKILL to the group led by `pid` (or to `pid` alone without a group); never throws. */
function killGroup(pid: number, grouped: boolean): void {
  try {
    Deno.kill(grouped ? -pid : pid, "SIGKILL");
  } catch { /* already gone */ }
}

/**
 * Runs an agent to completion or until `timeoutMs`, in its own process group.
 * When the agent exits, whatever it left running in its group is killed too,
 * so that no hook or server outlives the test.
 *
 * @param o What to run; see {@linkcode RunAgentOptions}.
 * @returns The exit code, the output, whether the timeout struck, and the wall time.
 *
 * @example Usage
 * ```ts
 * import { runAgent } from "./process.ts";
 * const r = await runAgent({
 *   cmd: "/bin/sh",
 *   args: ["-c", "echo hi"],
 *   env: { PATH: "/usr/bin:/bin" },
 *   cwd: "/",
 *   timeoutMs: 5000,
 * });
 * console.log(r.code, r.stdout.trim(), r.timedOut);
 * ```
 */
export async function runAgent(o: RunAgentOptions): Promise<RunAgentResult> {
  const setsid = findSetsid();
  const grouped = setsid !== null;
  const started = performance.now();
  const child = new Deno.Command(grouped ? setsid : o.cmd, {
    args: grouped ? [o.cmd, ...o.args] : o.args,
    env: o.env,
    clearEnv: true,
    cwd: o.cwd,
    stdin: o.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, grouped);
  }, o.timeoutMs);
  if (o.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    try {
      await writer.write(new TextEncoder().encode(o.stdin));
      await writer.close();
    } catch { /* the agent closed stdin early: not our concern */ }
  }
  // Read both pipes while waiting; once the leader is gone, kill its group so
  // that a straggler holding the pipes open cannot keep us waiting.
  const stdout = new Response(child.stdout).text();
  const stderr = new Response(child.stderr).text();
  const status = await child.status;
  clearTimeout(timer);
  killGroup(child.pid, grouped);
  return {
    code: status.signal === null ? status.code : null,
    stdout: await stdout,
    stderr: await stderr,
    timedOut,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Runs `task` over `items` with at most `limit` at a time; results keep the items' order.
 *
 * @param items The inputs.
 * @param limit How many run at once (at least 1).
 * @param task The work for one item.
 * @returns The results, in the order of `items`.
 *
 * @example Usage
 * ```ts
 * import { inPool } from "./process.ts";
 * const out = await inPool([1, 2, 3], 2, (n) => Promise.resolve(n * 2));
 * console.log(out); // [2, 4, 6]
 * ```
 */
export async function inPool<I, O>(
  items: readonly I[],
  limit: number,
  task: (item: I) => Promise<O>,
): Promise<O[]> {
  const out: O[] = new Array(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

/**
 * A run of the product's agent runner (src/verify/agent_run.ts) in the shape
 * the end-to-end tests read.
 *
 * @param outcome How the agent's process ended.
 * @returns The exit code (null when a signal ended it), the output, whether the timeout struck, the time.
 * @throws Error when the agent could not start.
 *
 * @example Usage
 * ```ts
 * import { asRunResult } from "./process.ts";
 * const r = asRunResult({ kind: "exited", code: 0, stdout: "hi", stderr: "", ms: 5 });
 * console.log(r.code, r.timedOut);
 * ```
 */
export function asRunResult(outcome: HookOutcome): RunAgentResult {
  switch (outcome.kind) {
    case "start-failed":
      throw new Error(outcome.message);
    case "timeout":
      return { code: null, ...outputOf(outcome), timedOut: true };
    case "output-too-large":
      return { code: 0, ...outputOf(outcome), timedOut: false };
    case "exited":
      // 128 + n: the signal n ended it.
      return {
        code: outcome.code > 128 ? null : outcome.code,
        ...outputOf(outcome),
        timedOut: false,
      };
  }
}

function outputOf(
  o: { stdout: string; stderr: string; ms: number },
): { stdout: string; stderr: string; ms: number } {
  return { stdout: o.stdout, stderr: o.stderr, ms: o.ms };
}
