/**
 * The one agent look-up and the one event look-up of the command line, for
 * options (`--agent`, `--event`) and operands (`explain <agent> <event>`)
 * alike. A wrong name is a usage error that lists the valid ones, suggests the
 * nearest, and, for an agent's own event name such as `PreToolUse`, names the
 * contract event it stands for. The option a name was given to is named in
 * the message from the command's own table (src/cli/commands.ts): a call site
 * names the option once, and {@linkcode optionSource} refuses one the command
 * does not declare. On `run`'s path: no `node:` or `npm:` import.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import { AGENTS, findAgent } from "../agents/mod.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { EVENTS, isContractEvent } from "../contract/contract.ts";
import { EveryhookError } from "../contract/errors.ts";
import { type Args, type ArgsSpec, flagName } from "./args.ts";
import { closest } from "./suggest.ts";

/** Where a name was read, for the message. */
export interface NameSource {
  /** The command whose command line it is on. */
  command: string;
  /** The option it was given to (`--agent`), when it was one. */
  option?: string;
}

/**
 * Where a value of one of a command's options was read: the command's name
 * and the option as written, both from the command's declaration.
 *
 * @param spec The command's declaration (a parsed command line's `spec`, or `commandSpec(name)`).
 * @param name The option's name in the declaration, such as `agent`.
 * @returns The source, for the look-ups' messages.
 * @throws {Error} When the command declares no such option (a mistake in everyhook, not the person's).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { optionSource } from "./options.ts";
 * const spec = { name: "list", flags: [{ name: "agent", kind: "list" as const, text: "" }], operands: [] };
 * assert.deepEqual(optionSource(spec, "agent"), { command: "list", option: "--agent" });
 * assert.throws(() => optionSource(spec, "event"));
 * ```
 */
export function optionSource(spec: ArgsSpec, name: string): NameSource {
  const flag = spec.flags.find((f) => f.name === name);
  if (!flag) throw new Error(`"${spec.name}" declares no option --${name}`);
  return { command: spec.name, option: flagName(flag) };
}

function usage(source: NameSource, detail: string): EveryhookError {
  const option = source.option === undefined ? "" : `${source.option}: `;
  return new EveryhookError(
    "usage",
    `Cannot read the "${source.command}" command line: ${option}${detail}`,
  );
}

/**
 * The agent a name means: an id or a short name.
 *
 * @param name The name as written.
 * @param source Where it was written.
 * @returns The agent.
 * @throws {EveryhookError} `usage` naming the agents, with the nearest one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentNamed } from "./options.ts";
 * assert(agentNamed("claude", { command: "run", option: "--agent" }).id === "claude-code");
 * ```
 */
export function agentNamed(name: string, source: NameSource): Agent {
  const agent = findAgent(name);
  if (agent) return agent;
  const near = closest(name, AGENTS.flatMap((a) => [a.id, ...a.aliases]));
  throw usage(
    source,
    `no agent named "${name}"${near ? `; did you mean ${near}?` : ""} (the agents: ${
      AGENTS.map((a) => a.id).join(", ")
    })`,
  );
}

/**
 * The agents a list names, each once, in the order given.
 *
 * @param names The names, or undefined when the option was not given.
 * @param source Where they were written.
 * @returns The agents, or undefined.
 * @throws {EveryhookError} `usage` for a name that is no agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentsNamed } from "./options.ts";
 * assert(agentsNamed(["claude", "claude-code"], { command: "list" })?.length === 1);
 * ```
 */
export function agentsNamed(
  names: readonly string[] | undefined,
  source: NameSource,
): Agent[] | undefined {
  if (names === undefined) return undefined;
  const agents: Agent[] = [];
  for (const agent of names.map((n) => agentNamed(n, source))) {
    if (!agents.includes(agent)) agents.push(agent);
  }
  return agents;
}

/** How an event name is read. */
export interface EventLookup extends NameSource {
  /** The agent it must belong to. */
  agent?: Agent;
  /** Take the agent's own names for its events too (`run`, where the agent may be written natively). */
  native?: boolean;
}

/** `a, b and c`. */
function and(words: readonly string[]): string {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The agents whose own name for an event is `name`, and the contract event it is. */
function nativeMeaning(
  name: string,
  first: Agent | undefined,
): { event: ContractEvent; agents: Agent[] } | undefined {
  const order = first ? [first, ...AGENTS.filter((a) => a !== first)] : AGENTS;
  let event: ContractEvent | undefined;
  const agents: Agent[] = [];
  for (const agent of order) {
    const found = EVENTS.find((e) => agent.events[e]?.native === name) ?? agent.aliasEvents[name];
    if (found === undefined || (event !== undefined && found !== event)) continue;
    event = found;
    agents.push(agent);
  }
  return event === undefined ? undefined : { event, agents };
}

/**
 * The contract event a name means. With an agent, the agent must have it; with
 * `native`, the agent's own name for one of its events is taken too.
 *
 * @param name The name as written.
 * @param how The agent, whether native names are taken, and where it was written.
 * @returns The contract event.
 * @throws {EveryhookError} `usage` listing the contract events, suggesting the
 *   nearest, or naming the contract event an agent's own name stands for.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentNamed, eventNamed } from "./options.ts";
 * const agent = agentNamed("gemini", { command: "run" });
 * assert(eventNamed("BeforeTool", { command: "run", agent, native: true }) === "pre-tool");
 * ```
 */
export function eventNamed(name: string, how: EventLookup): ContractEvent {
  const events = `(the events: ${EVENTS.join(", ")})`;
  let event: ContractEvent | undefined = isContractEvent(name) ? name : undefined;
  if (event === undefined) {
    const meaning = nativeMeaning(name, how.agent);
    if (meaning && how.native && how.agent && meaning.agents[0] === how.agent) {
      event = meaning.event;
    } else if (meaning) {
      const who = how.agent && meaning.agents.includes(how.agent)
        ? `${how.agent.name} calls`
        : `${and(meaning.agents.map((a) => a.name))} call${meaning.agents.length > 1 ? "" : "s"}`;
      throw usage(
        how,
        `no event named "${name}": that is what ${who} ${meaning.event}; write ${meaning.event} ${events}`,
      );
    } else {
      const near = closest(name, EVENTS);
      throw usage(
        how,
        `no event named "${name}"${near ? `; did you mean ${near}?` : ""} ${events}`,
      );
    }
  }
  if (how.agent && !how.agent.events[event]) {
    const has = EVENTS.filter((e) => how.agent!.events[e] !== undefined);
    throw usage(how, `${how.agent.name} has no ${event} event (it has ${has.join(", ")})`);
  }
  return event;
}

/**
 * The events a list names, each once, or `all` when it says so.
 *
 * @param names The names, or undefined when the option was not given.
 * @param how Where they were written (and an agent they must belong to).
 * @returns The events, `"all"`, or undefined.
 * @throws {EveryhookError} `usage` for a name that is no event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { eventsNamed } from "./options.ts";
 * assert(eventsNamed(["all"], { command: "list" }) === "all");
 * ```
 */
export function eventsNamed(
  names: readonly string[] | undefined,
  how: EventLookup,
): ContractEvent[] | "all" | undefined {
  if (names === undefined) return undefined;
  if (names.includes("all")) return "all";
  const events: ContractEvent[] = [];
  for (const event of names.map((n) => eventNamed(n, how))) {
    if (!events.includes(event)) events.push(event);
  }
  return events;
}

/**
 * The agents a list option of a parsed command line names (`--agent`, by
 * default), each once; undefined when it was not given.
 *
 * @param a The parsed command line.
 * @param name The option's name in the command's declaration.
 * @returns The agents, or undefined.
 * @throws {EveryhookError} `usage` for a name that is no agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * import { commandSpec } from "./commands.ts";
 * import { agentsOption } from "./options.ts";
 * const a = parseArgs(commandSpec("list"), ["--agent", "claude,codex"]);
 * assert.deepEqual(agentsOption(a)?.map((x) => x.id), ["claude-code", "codex"]);
 * ```
 */
export function agentsOption(a: Args, name = "agent"): Agent[] | undefined {
  return agentsNamed(a.list(name), optionSource(a.spec, name));
}

/**
 * The agent a one-value option of a parsed command line names (`--from`);
 * undefined when it was not given.
 *
 * @param a The parsed command line.
 * @param name The option's name in the command's declaration.
 * @returns The agent, or undefined.
 * @throws {EveryhookError} `usage` for a name that is no agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * import { commandSpec } from "./commands.ts";
 * import { agentOption } from "./options.ts";
 * const a = parseArgs(commandSpec("import"), ["--from", "claude", "--all"]);
 * assert.equal(agentOption(a, "from")?.id, "claude-code");
 * ```
 */
export function agentOption(a: Args, name: string): Agent | undefined {
  const value = a.text(name);
  return value === undefined ? undefined : agentNamed(value, optionSource(a.spec, name));
}

/**
 * The events a list option of a parsed command line names (`--event`, by
 * default), each once, or `all`; undefined when it was not given.
 *
 * @param a The parsed command line.
 * @param name The option's name in the command's declaration.
 * @returns The events, `"all"`, or undefined.
 * @throws {EveryhookError} `usage` for a name that is no event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgs } from "./args.ts";
 * import { commandSpec } from "./commands.ts";
 * import { eventsOption } from "./options.ts";
 * const a = parseArgs(commandSpec("list"), ["--event", "stop,stop"]);
 * assert.deepEqual(eventsOption(a), ["stop"]);
 * ```
 */
export function eventsOption(a: Args, name = "event"): ContractEvent[] | "all" | undefined {
  return eventsNamed(a.list(name), optionSource(a.spec, name));
}
