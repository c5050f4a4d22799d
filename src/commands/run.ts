/**
 * The `run` command: read its arguments by the command table, read the agent's
 * JSON, run the adapter, and print the agent's JSON. On `run`'s path: imports
 * no `node:` or `npm:` module, and loads the one agent it runs for (through the
 * registry), not all of them; its own row of the command table, not the table;
 * the option readers, which know every agent, only to word a usage error; the
 * spoken protocols only for `--speaks`, the project folder's reader only for
 * `--in-project`, and the JSON report only for `--json`.
 *
 * @module
 */

import { type Io, readableCwd } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import { MAX_INPUT, runAdapter } from "../run/run.ts";
import { runHook } from "../run/hook_process.ts";
import { parseArgs } from "../cli/args.ts";
import { RUN_COMMAND } from "../cli/command_run.ts";
import type { Agent } from "../agents/types.ts";
import { loadAgent } from "../agents/registry.ts";
import type { SpokenProtocol } from "../speaks/types.ts";
import { type ContractEvent, EVENTS, isContractEvent, TOOL_KINDS } from "../contract/contract.ts";

/** The arguments of `run`, as read. */
export interface RunArgs {
  /** The agent, as named on the command line. */
  agent: string;
  /** The event, as named on the command line. */
  event: string;
  /** `--speaks`: the agent whose hook protocol the hook is written for. */
  speaks?: string;
  /** `--only-tools`: the kinds of tool call a spoken hook is given. */
  onlyTools?: string[];
  /** `--fail-closed`. */
  failClosed: boolean;
  /** `--timeout`, in seconds. */
  timeoutSeconds: number;
  /** `--json`. */
  json: boolean;
  /** `--in-project`: the hook is named relative to the project folder. */
  inProject: boolean;
  /** The hook and its arguments. */
  hook: string[];
}

/**
 * Read `run`'s arguments by its row in the command table: `--agent A --event E
 * [--fail-closed] [--timeout S] [--json] -- HOOK [ARGS...]`. The hook starts
 * after `--` or at the first word that is not an option.
 *
 * @param args The arguments after `run`.
 * @returns What they say.
 * @throws {EveryhookError} A usage error for anything it cannot read.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRunArgs } from "./run.ts";
 * const a = parseRunArgs(["--agent", "codex", "--event=stop", "--", "hook.ts", "-x"]);
 * assert(a.agent === "codex" && a.hook.join(" ") === "hook.ts -x");
 * ```
 */
export function parseRunArgs(args: readonly string[]): RunArgs {
  const a = parseArgs(RUN_COMMAND, args);
  const speaks = a.text("speaks");
  const only = a.text("only-tools");
  if (only !== undefined && speaks === undefined) {
    throw new EveryhookError(
      "usage",
      'Cannot read "--only-tools" without "--speaks": it narrows a spoken hook',
    );
  }
  const kinds = only?.split(",").map((k) => k.trim()).filter((k) => k !== "");
  const unknown = kinds?.find((k) => !(TOOL_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined) {
    throw new EveryhookError(
      "usage",
      `Cannot read "--only-tools ${only}": "${unknown}" is not a kind of tool (${
        TOOL_KINDS.join(", ")
      })`,
    );
  }
  return {
    ...(kinds !== undefined ? { onlyTools: kinds } : {}),
    agent: a.text("agent")!,
    event: a.text("event")!,
    ...(speaks !== undefined ? { speaks } : {}),
    failClosed: a.flag("fail-closed"),
    timeoutSeconds: a.number("timeout")!,
    json: a.flag("json"),
    inProject: a.flag("in-project"),
    hook: [...a.operands],
  };
}

/**
 * The agent and the contract event a `run` line names: the agent by id or short
 * name, its module alone loaded; the event by its contract name or the agent's
 * own name for it.
 *
 * @param agentName The agent as written.
 * @param eventName The event as written.
 * @returns The agent and the event, which the agent has.
 * @throws {EveryhookError} `usage`, worded by the option readers (with the nearest name).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentAndEvent } from "./run.ts";
 * const { agent, event } = await agentAndEvent("gemini", "BeforeTool");
 * assert(agent.id === "gemini-cli" && event === "pre-tool");
 * ```
 */
export async function agentAndEvent(
  agentName: string,
  eventName: string,
): Promise<{ agent: Agent; event: ContractEvent }> {
  const agent = await loadAgent(agentName);
  const event = agent ? ownEvent(agent, eventName) : undefined;
  if (agent && event) return { agent, event };
  const { agentNamed, eventNamed, optionSource } = await import("../cli/options.ts");
  const spec = RUN_COMMAND;
  const named = agentNamed(agentName, optionSource(spec, "agent"));
  const how = { ...optionSource(spec, "event"), agent: named, native: true } as const;
  return { agent: named, event: eventNamed(eventName, how) };
}

/** A contract event the agent has, by its contract name or the agent's own. */
function ownEvent(agent: Agent, name: string): ContractEvent | undefined {
  const event = isContractEvent(name)
    ? name
    : EVENTS.find((e) => agent.events[e]?.native === name) ?? agent.aliasEvents[name];
  return event !== undefined && agent.events[event] ? event : undefined;
}

/**
 * The hook protocol a `--speaks` names, its module alone loaded.
 *
 * @param name The agent as written.
 * @returns The protocol.
 * @throws {EveryhookError} `usage` when everyhook does not speak that agent's protocol.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { spokenProtocol } from "./run.ts";
 * assert.equal((await spokenProtocol("claude")).id, "claude-code");
 * ```
 */
export async function spokenProtocol(name: string): Promise<SpokenProtocol> {
  const { loadSpoken, spokenIds } = await import("../speaks/registry.ts");
  const spoken = await loadSpoken(name);
  if (spoken) return spoken;
  throw new EveryhookError(
    "usage",
    `Cannot read "--speaks ${name}": everyhook speaks the hook protocol of ${spokenIds()} (OpenCode and Kilo Code take plugins, not command hooks)`,
  );
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
  // One deadline for every wait: reading stdin, the transcript, the hook.
  const deadline = performance.now() + parsed.timeoutSeconds * 1000;
  const { agent, event } = await agentAndEvent(parsed.agent, parsed.event);
  const speaks = parsed.speaks !== undefined ? await spokenProtocol(parsed.speaks) : undefined;
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
  const input = await io.readStdin(MAX_INPUT, parsed.timeoutSeconds * 1000);
  const cwd = readableCwd(io) ?? payloadFolder(input.bytes);
  const hook = parsed.inProject ? await inProject(agent, parsed.hook, io, cwd, debug) : parsed.hook;
  const result = await runAdapter(agent, event, input, hook, {
    failClosed: parsed.failClosed,
    timeoutSeconds: parsed.timeoutSeconds,
    deadline,
    env,
    cwd,
    runner: runHook,
    ...(speaks ? { speaks } : {}),
    ...(parsed.onlyTools ? { onlyTools: parsed.onlyTools } : {}),
    ...(debug ? { debug } : {}),
  });
  if (parsed.json) {
    const [{ jsonOutput }, { printed }] = await Promise.all([
      import("../cli/report.ts"),
      import("../contract/printed.ts"),
    ]);
    // The native answer as a value too, beside the exact text the agent would read.
    const native = { ...result.native, printed: printed(result.native.stdout) };
    io.out(jsonOutput({ ...result, native }));
    return result.ok ? 0 : 1;
  }
  if (result.native.stdout !== "") io.out(`${result.native.stdout}\n`);
  if (result.native.stderr !== "") io.err(`${result.native.stderr}\n`);
  return result.native.exit;
}

/** The hook of an `--in-project` line, read from the agent's project folder. */
async function inProject(
  agent: Agent,
  hook: readonly string[],
  io: Io,
  cwd: string,
  debug: ((text: string) => void) | undefined,
): Promise<string[]> {
  const [first, ...rest] = hook;
  if (first === undefined) return [...hook];
  const { inProjectHook, projectFolderOf } = await import("../run/project_folder.ts");
  const windows = Deno.build.os === "windows";
  const { folder, from } = projectFolderOf(agent, { env: io.env, cwd, windows });
  debug?.(`project folder: ${folder} (from ${from})`);
  return [inProjectHook(first, folder, windows), ...rest];
}

/**
 * The folder the agent's JSON names (its `cwd`), for when the current folder's
 * name cannot be read; `/` when it names none. Read only then, so the JSON is
 * parsed twice only in that case.
 */
function payloadFolder(bytes: Uint8Array): string {
  try {
    const cwd = (JSON.parse(new TextDecoder().decode(bytes)) as { cwd?: unknown }).cwd;
    if (typeof cwd === "string" && (cwd.startsWith("/") || /^[A-Za-z]:[\\/]/.test(cwd))) {
      return cwd;
    }
  } catch { /* not JSON: the adapter says so */ }
  return "/";
}
