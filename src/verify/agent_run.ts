/**
 * One headless run of a real agent through its driver: the fake model API it
 * speaks starts on 127.0.0.1, the driver makes the world's home ready, the
 * agent runs one prompt in the world's project (started by the hook runner,
 * src/run/hook_process.ts, with the whole environment given and everything it
 * started stopped at the end), and what reached the model is read back from
 * the fake API's request log. Also where an agent's binary is found, and the
 * plain environment a world gives it.
 *
 * @module
 */

import { type HookOutcome, runProgram } from "../run/hook_process.ts";
import { endByEnvironment } from "../os/sweeper.ts";
import { findOnPath } from "../os/path_search.ts";
import type { AgentDriver, AgentWorld, FakeApiKind, FakeApis } from "./driver.ts";
import type { LoggedRequest } from "./fake/server.ts";
import { startFakeApi } from "./fake/start.ts";

/** What one run does. */
export interface AgentRunOptions<K extends FakeApiKind> {
  /** The agent's driver. */
  driver: AgentDriver<K>;
  /** The agent's binary, an absolute path (see {@linkcode findAgentBinary}). */
  program: string;
  /** The throwaway world. */
  world: AgentWorld;
  /** The environment before the driver's variables (see {@linkcode worldEnv}). */
  env: Readonly<Record<string, string>>;
  /** What the fake model does. */
  script: FakeApis[K]["script"];
  /** The prompt. */
  prompt: string;
  /** Let the agent run every tool without asking (default true). */
  autoApprove?: boolean;
  /** Skip the agent's trust check where it has a switch for it (default false). */
  bypassTrust?: boolean;
  /** Arguments added after the driver's (or the `args` given). */
  moreArgs?: readonly string[];
  /** The arguments, when not the driver's (given the fake API's url). */
  args?: (apiUrl: string) => string[];
  /** Variables laid over the driver's (given the fake API's url). */
  extraEnv?: (apiUrl: string) => Record<string, string>;
  /** Stop the agent after this long, in milliseconds. */
  timeoutMs: number;
  /** Runs once the world is ready and the fake API listens, just before the agent starts. */
  before?: (apiUrl: string) => Promise<void>;
  /** End what the agent left running in sessions of its own (default true). */
  sweep?: boolean;
}

/** What one run did. */
export interface AgentRun {
  /** How the agent's process ended, and what it printed. */
  outcome: HookOutcome;
  /** The fake API's url (`http://127.0.0.1:<port>`). */
  apiUrl: string;
  /** Every request the fake API got, in order. */
  requests: LoggedRequest[];
  /** What reached the model from the tools, each once, in order. */
  toolResults: string[];
}

/**
 * Runs the agent once in the world against a fresh fake API and collects what
 * it did. The fake API is closed when it returns; the world is left as it is.
 *
 * @param o What to run.
 * @returns The process's outcome, the request log and the tool results.
 *
 * @example Usage
 * ```ts ignore
 * import { runAgentOnce, shellScript, worldEnv } from "./mod.ts";
 * import { CLAUDE_CODE_DRIVER } from "./drivers/claude_code.ts";
 * const run = await runAgentOnce({
 *   driver: CLAUDE_CODE_DRIVER,
 *   program: "/usr/local/bin/claude",
 *   world,
 *   env: worldEnv(world, "/usr/local/bin:/usr/bin:/bin"),
 *   script: shellScript(CLAUDE_CODE_DRIVER, ["echo hello"], "Done."),
 *   prompt: "Run the command.",
 *   timeoutMs: 90_000,
 * });
 * console.log(run.outcome.kind, run.toolResults);
 * ```
 */
export async function runAgentOnce<K extends FakeApiKind>(
  o: AgentRunOptions<K>,
): Promise<AgentRun> {
  const { driver, world } = o;
  const api = await startFakeApi(driver.api, o.script);
  try {
    await driver.prepare(world, api.url);
    await o.before?.(api.url);
    const args = o.args?.(api.url) ?? driver.args(world, api.url, {
      prompt: o.prompt,
      autoApprove: o.autoApprove ?? true,
      bypassTrust: o.bypassTrust ?? false,
    });
    const env = { ...o.env, ...driver.env(world, api.url), ...o.extraEnv?.(api.url) };
    const outcome = await runProgram({
      program: o.program,
      args: [...args, ...(o.moreArgs ?? [])],
      env,
      cwd: world.project,
      timeoutMs: o.timeoutMs,
      ...(o.sweep === undefined ? {} : { sweep: o.sweep }),
    });
    // A daemon that built its environment afresh has lost the sweep's mark but
    // keeps the world's HOME, which no process outside this run has.
    if (o.sweep !== false && env.HOME) await endByEnvironment(`HOME=${env.HOME}`);
    const requests = [...api.requests];
    return { outcome, apiUrl: api.url, requests, toolResults: driver.toolResults(requests) };
  } finally {
    await api.close();
  }
}

/**
 * Where the agent's binary is: the first of the driver's names found on the
 * environment's PATH.
 *
 * @param driver The agent's driver.
 * @param env The environment whose PATH is searched.
 * @param os The operating system.
 * @returns The binary's full path, or undefined when none is found.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findAgentBinary } from "./agent_run.ts";
 * import { CODEX_DRIVER } from "./drivers/codex.ts";
 * assert(findAgentBinary(CODEX_DRIVER, { PATH: "" }, "linux") === undefined);
 * ```
 */
export function findAgentBinary(
  driver: Pick<AgentDriver, "bins">,
  env: Readonly<Record<string, string>>,
  os: typeof Deno.build.os = Deno.build.os,
): string | undefined {
  for (const name of driver.bins) {
    const found = findOnPath(name, env, os);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether an agent can be started here: its binary, or why not. */
export type AgentReadiness =
  | { ok: true; program: string }
  | { ok: false; reason: string };

/**
 * Whether the agent can be started with this environment: its binary is on
 * PATH, and the Node.js its package runs on is there and new enough (asked of
 * `node --version`, started by the hook runner).
 *
 * @param driver The agent's driver.
 * @param env The environment whose PATH is searched and node is run with.
 * @param os The operating system.
 * @returns The binary, or the reason it cannot start.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentReadiness } from "./agent_run.ts";
 * import { findDriver } from "./drivers/mod.ts";
 * const r = await agentReadiness(findDriver("qwen-code")!, { PATH: "" });
 * assert(!r.ok && r.reason.includes("qwen"));
 * ```
 */
export async function agentReadiness(
  driver: Pick<AgentDriver, "bins" | "node">,
  env: Readonly<Record<string, string>>,
  os: typeof Deno.build.os = Deno.build.os,
): Promise<AgentReadiness> {
  const program = findAgentBinary(driver, env, os);
  if (program === undefined) {
    return { ok: false, reason: `not installed: no ${driver.bins.join(" or ")} on PATH` };
  }
  if (driver.node === undefined) return { ok: true, program };
  const need = `Node.js ${driver.node.major} or later`;
  const node = findOnPath("node", env, os);
  if (node === undefined) return { ok: false, reason: `needs ${need}: no node on PATH` };
  const r = await runProgram({
    program: node,
    args: ["--version"],
    env,
    cwd: "/",
    timeoutMs: 10_000,
  });
  const major = r.kind === "exited" ? Number(/^v(\d+)\./.exec(r.stdout.trim())?.[1]) : NaN;
  if (!Number.isInteger(major)) {
    return { ok: false, reason: `needs ${need}: ${node} did not say its version` };
  }
  if (major < driver.node.major) {
    return {
      ok: false,
      reason: `needs ${need}: ${node} is ${r.kind === "exited" ? r.stdout.trim() : ""}`,
    };
  }
  return { ok: true, program };
}

/**
 * The plain environment a world gives its agent: PATH, HOME and TMPDIR in the
 * world, a UTF-8 locale and a dumb terminal; nothing of the caller's leaks in.
 *
 * @param world The world.
 * @param path The PATH (the folders of node, of the agent, and the system's).
 * @returns The environment.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { worldEnv } from "./agent_run.ts";
 * const env = worldEnv({ root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" }, "/usr/bin:/bin");
 * assert(env.HOME === "/w/h" && env.TMPDIR === "/w/t");
 * ```
 */
export function worldEnv(world: AgentWorld, path: string): Record<string, string> {
  return { PATH: path, HOME: world.home, TMPDIR: world.tmp, LANG: "C.UTF-8", TERM: "dumb" };
}

/**
 * Makes a throwaway world: `<tmp>/everyhook-<name>-XXXX/{home,project,tmp}`.
 * Dispose it (`await using`) to remove it.
 *
 * @param name A word for the folder's name, such as the agent id.
 * @returns The world.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { makeAgentWorld } from "./agent_run.ts";
 * await using world = await makeAgentWorld("codex");
 * assert((await Deno.stat(world.project)).isDirectory);
 * ```
 */
export async function makeAgentWorld(name: string): Promise<AgentWorld & AsyncDisposable> {
  const root = await Deno.makeTempDir({ prefix: `everyhook-${name}-` });
  const world = { root, home: `${root}/home`, project: `${root}/project`, tmp: `${root}/tmp` };
  for (const dir of [world.home, world.project, world.tmp]) await Deno.mkdir(dir);
  return {
    ...world,
    async [Symbol.asyncDispose](): Promise<void> {
      // An agent that just ended can still be writing inside: try again a moment.
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          await Deno.remove(root, { recursive: true });
          return;
        } catch (e) {
          if (e instanceof Deno.errors.NotFound) return;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
  };
}
