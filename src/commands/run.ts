/**
 * The `run` command: read its few arguments (by hand: no `node:util` on this
 * path), read the agent's JSON, run the adapter, and print the agent's JSON.
 * On `run`'s path: imports no `node:` or `npm:` module.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import { type ContractEvent, EVENTS, isContractEvent } from "../contract/contract.ts";
import type { Agent } from "../agents/types.ts";
import { AGENTS, findAgent } from "../agents/mod.ts";
import { DEFAULT_TIMEOUT_SECONDS, MAX_INPUT, runAdapter } from "../run/run.ts";
import { jsonText } from "../cli/report.ts";

/** The arguments of `run`, as read. */
export interface RunArgs {
  /** The agent, as named on the command line. */
  agent: string;
  /** The event, as named on the command line. */
  event: string;
  /** `--fail-closed`. */
  failClosed: boolean;
  /** `--timeout`, in seconds. */
  timeoutSeconds: number;
  /** `--json`. */
  json: boolean;
  /** The hook and its arguments. */
  hook: string[];
}

/** The longest `--timeout` `run` takes, in seconds. */
export const MAX_TIMEOUT_SECONDS = 3600;

/**
 * Read `run`'s arguments: `--agent A --event E [--fail-closed] [--timeout S]
 * [--json] -- HOOK [ARGS...]`. Options take `--name value` or `--name=value`;
 * the hook starts after `--` or at the first word that is not an option.
 *
 * @param args The arguments after `run`.
 * @returns What they say.
 * @throws {EveryhookError} A usage error for anything it cannot read.
 *
 * @example Usage
 * ```ts
 * import { parseRunArgs } from "./run.ts";
 * const a = parseRunArgs(["--agent", "codex", "--event=stop", "--", "hook.ts", "-x"]);
 * console.assert(a.agent === "codex" && a.hook.join(" ") === "hook.ts -x");
 * ```
 */
export function parseRunArgs(args: readonly string[]): RunArgs {
  const out: RunArgs = {
    agent: "",
    event: "",
    failClosed: false,
    timeoutSeconds: DEFAULT_TIMEOUT_SECONDS,
    json: false,
    hook: [],
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") {
      out.hook = args.slice(i + 1);
      break;
    }
    if (!arg.startsWith("--")) {
      if (arg.startsWith("-") && arg !== "-") throw usage(`unknown option "${arg}"`);
      out.hook = args.slice(i);
      break;
    }
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const value = (): string => {
      if (eq >= 0) return arg.slice(eq + 1);
      const next = args[i + 1];
      if (next === undefined || next === "--") throw usage(`"${name}" needs a value`);
      i++;
      return next;
    };
    const flag = (): boolean => {
      if (eq >= 0) throw usage(`"${name}" takes no value`);
      return true;
    };
    if (name === "--agent") out.agent = value();
    else if (name === "--event") out.event = value();
    else if (name === "--fail-closed") out.failClosed = flag();
    else if (name === "--json") out.json = flag();
    else if (name === "--timeout") out.timeoutSeconds = seconds(value());
    else throw usage(`unknown option "${name}"`);
  }
  if (out.agent === "") throw usage('"--agent" is required');
  if (out.event === "") throw usage('"--event" is required');
  if (out.hook.length === 0 || out.hook[0] === "") {
    throw usage('no hook was given: put it after "--"');
  }
  return out;
}

function seconds(text: string): number {
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n <= 0 || n > MAX_TIMEOUT_SECONDS) {
    throw usage(
      `"--timeout" must be a number of seconds from 0 to ${MAX_TIMEOUT_SECONDS}, not "${text}"`,
    );
  }
  return n;
}

function usage(detail: string): EveryhookError {
  return new EveryhookError("usage", `Cannot read the "run" command line: ${detail}`);
}

/**
 * The agent named on the command line, by id or short name.
 *
 * @param name The name.
 * @returns The agent.
 * @throws {EveryhookError} A usage error naming the agents there are.
 *
 * @example Usage
 * ```ts
 * import { agentNamed } from "./run.ts";
 * console.assert(agentNamed("claude").id === "claude-code");
 * ```
 */
export function agentNamed(name: string): Agent {
  const agent = findAgent(name);
  if (!agent) {
    const ids = AGENTS.map((a) => a.id).join(", ");
    throw usage(`no agent is named "${name}" (the agents: ${ids})`);
  }
  return agent;
}

/**
 * The contract event named on the command line: a contract name, or the
 * agent's own name for one of its events.
 *
 * @param agent The agent.
 * @param name The name.
 * @returns The contract event; the agent has it.
 * @throws {EveryhookError} A usage error naming the agent's events.
 *
 * @example Usage
 * ```ts
 * import { agentNamed, eventNamed } from "./run.ts";
 * console.assert(eventNamed(agentNamed("claude-code"), "PreToolUse") === "pre-tool");
 * ```
 */
export function eventNamed(agent: Agent, name: string): ContractEvent {
  let event: ContractEvent | undefined = isContractEvent(name) ? name : undefined;
  if (!event) {
    for (const e of EVENTS) if (agent.events[e]?.native === name) event = e;
  }
  event ??= agent.aliasEvents[name];
  const has = EVENTS.filter((e) => agent.events[e] !== undefined);
  if (!event || !agent.events[event]) {
    const why = event || isContractEvent(name)
      ? `${agent.name} has no event "${name}"`
      : `no event is named "${name}"`;
    throw usage(`${why} (${agent.name} has ${has.join(", ")})`);
  }
  return event;
}

/**
 * Run `everyhook run`: print the agent's JSON on stdout (or the whole result
 * with `--json`) and return the exit code the agent should see.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code: the agent's, or with `--json` 0, or 1 when the hook failed.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./run.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command(["--agent", "claude-code", "--event", "pre-tool", "--", "hook.ts"], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const parsed = parseRunArgs(args);
  const agent = agentNamed(parsed.agent);
  const event = eventNamed(agent, parsed.event);
  const env = io.env;
  const debug = env.EVERYHOOK_DEBUG === "1"
    ? (text: string) => io.err(`everyhook debug: ${text}\n`)
    : undefined;
  if (io.stdinIsTerminal()) {
    throw new EveryhookError(
      "usage",
      `Cannot run "run" from a terminal: it reads the agent's JSON on stdin (pipe a payload in, for example from a fixture's "payload")`,
    );
  }
  const input = await io.readStdin(MAX_INPUT);
  const result = await runAdapter(agent, event, input, parsed.hook, {
    failClosed: parsed.failClosed,
    timeoutSeconds: parsed.timeoutSeconds,
    env,
    cwd: io.cwd,
    ...(debug ? { debug } : {}),
  });
  if (parsed.json) {
    io.out(jsonText(result));
    return result.ok ? 0 : 1;
  }
  if (result.native.stdout !== "") io.out(`${result.native.stdout}\n`);
  if (result.native.stderr !== "") io.err(`${result.native.stderr}\n`);
  return result.native.exit;
}
