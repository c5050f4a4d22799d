/**
 * One headless run of a real agent with the recording hook (record_hook.ts):
 * its rules written to `<world>/rules.json`, its log at `<world>/hooks.jsonl`
 * (both named to the agent as HOOK_RULES and HOOK_LOG), the run itself through
 * the product's driver and runner (src/verify/agent_run.ts), and what came of
 * it: the process's end, the fake API's request log, the hook's calls. Every
 * agent's session module runs on this; what it adds is its own settings file and
 * its quirks. Also the git project most sessions start in.
 *
 * @module
 */

import type { AgentDriver, FakeApiKind, FakeApis } from "../../src/verify/driver.ts";
import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import { asRunResult, runAgent, type RunAgentResult } from "./process.ts";
import type { HookRule } from "./record_hook.ts";
import { agentBin, type HookLogEntry, readHookLog, type World } from "./world.ts";

/**
 * Where the recording hook of a world logs, and where its rules are.
 *
 * @param world The world.
 * @returns The two paths.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookFiles } from "./hooked_run.ts";
 * assert.equal(hookFiles({ root: "/w" }).log, "/w/hooks.jsonl");
 * ```
 */
export function hookFiles(world: Pick<World, "root">): { log: string; rules: string } {
  return { log: `${world.root}/hooks.jsonl`, rules: `${world.root}/rules.json` };
}

/** What one run does. */
export interface HookedRunOptions<K extends FakeApiKind> {
  /** The agent's driver (src/verify/drivers/). */
  driver: AgentDriver<K>;
  /** The world. */
  world: World;
  /** What the fake model does. */
  script: FakeApis[K]["script"];
  /** The prompt. */
  prompt: string;
  /** What the recording hook answers (none when absent). */
  rules?: readonly HookRule[];
  /** The environment before the driver's variables (default: the world's). */
  baseEnv?: Record<string, string>;
  /** Variables laid over the driver's and the recording hook's (given the fake API's url). */
  env?: (apiUrl: string) => Record<string, string>;
  /** The arguments, when not the driver's. */
  args?: (apiUrl: string) => string[];
  /** Let the agent run every tool without asking (default true). */
  autoApprove?: boolean;
  /** Skip the agent's trust check where it has a switch for it (default false). */
  bypassTrust?: boolean;
  /** Kill the agent after this long. */
  timeoutMs: number;
  /** Runs once the fake API listens, just before the agent starts. */
  before?: (apiUrl: string) => Promise<void>;
  /** End what the agent left in sessions of its own (default true). */
  sweep?: boolean;
}

/** What one run did. */
export interface HookedRun {
  /** The agent's exit code and output. */
  run: RunAgentResult;
  /** Every request the fake API got. */
  requests: LoggedRequest[];
  /** The recording hook's calls, in order. */
  hookCalls: HookLogEntry[];
}

/**
 * Runs the agent once in the world against a fresh fake API with the
 * recording hook's rules, and collects what it did. The settings file is the
 * caller's (written before, or in `before`).
 *
 * @param o What to run.
 * @returns What happened.
 * @throws Error when the agent's binary is not installed.
 *
 * @example Usage
 * ```ts ignore
 * import { hookedRun } from "./hooked_run.ts";
 * const r = await hookedRun({ driver, world, script, prompt: "Do it.", timeoutMs: 60_000 });
 * console.log(r.run.code, r.hookCalls.length);
 * ```
 */
export async function hookedRun<K extends FakeApiKind>(o: HookedRunOptions<K>): Promise<HookedRun> {
  const bin = agentBin(o.driver.id);
  if (bin === undefined) throw new Error(`Cannot find the binary of "${o.driver.id}"`);
  const { log, rules } = hookFiles(o.world);
  await Deno.remove(log).catch(() => {});
  await Deno.remove(`${log}.state`).catch(() => {});
  await Deno.writeTextFile(rules, JSON.stringify(o.rules ?? []));
  const r = await runAgentOnce({
    driver: o.driver,
    program: bin,
    world: o.world,
    env: o.baseEnv ?? o.world.env(),
    script: o.script,
    prompt: o.prompt,
    autoApprove: o.autoApprove ?? true,
    bypassTrust: o.bypassTrust ?? false,
    ...(o.args === undefined ? {} : { args: o.args }),
    extraEnv: (apiUrl) => ({ HOOK_LOG: log, HOOK_RULES: rules, ...o.env?.(apiUrl) }),
    timeoutMs: o.timeoutMs,
    ...(o.before === undefined ? {} : { before: o.before }),
    ...(o.sweep === undefined ? {} : { sweep: o.sweep }),
  });
  return { run: asRunResult(r.outcome), requests: r.requests, hookCalls: await readHookLog(log) };
}

/** How a session's project is made a git repository. */
export interface GitProjectOptions {
  /** Files committed in the first commit (none: an empty commit). */
  files?: Readonly<Record<string, string>>;
  /**
   * The bare repository `origin` points at, inside the world, so that a force
   * push really happens and can be seen (none: no remote, and a force push
   * fails harmlessly).
   */
  remote?: { path: string; branch?: string };
}

/**
 * Makes the world's project a git repository on branch main with one commit,
 * and an `origin` when asked.
 *
 * @param world The world.
 * @param o The files and the remote.
 * @returns When done.
 * @throws Error with git's message when a git command fails.
 *
 * @example Usage
 * ```ts ignore
 * import { gitProject } from "./hooked_run.ts";
 * await gitProject(world, { remote: { path: `${world.root}/remote.git` } });
 * ```
 */
export async function gitProject(world: World, o: GitProjectOptions = {}): Promise<void> {
  const git = async (cwd: string, args: string[]): Promise<void> => {
    const r = await runAgent({
      cmd: "git",
      args: ["-c", "user.email=e2e@example.invalid", "-c", "user.name=e2e", ...args],
      env: world.env(),
      cwd,
      timeoutMs: 20_000,
    });
    if (r.code !== 0) throw new Error(`Cannot run "git ${args.join(" ")}": ${r.stderr.trim()}`);
  };
  if (o.remote !== undefined) {
    const branch = o.remote.branch === undefined ? [] : ["-b", o.remote.branch];
    await git(world.root, ["init", "-q", "--bare", ...branch, o.remote.path]);
  }
  const files = Object.entries(o.files ?? {});
  for (const [name, text] of files) await Deno.writeTextFile(`${world.project}/${name}`, text);
  await git(world.project, ["init", "-q", "-b", "main"]);
  if (files.length > 0) {
    await git(world.project, ["add", "-A"]);
    await git(world.project, ["commit", "-q", "-m", "init"]);
  } else {
    await git(world.project, ["commit", "-q", "--allow-empty", "-m", "init"]);
  }
  if (o.remote !== undefined) await git(world.project, ["remote", "add", "origin", o.remote.path]);
}
