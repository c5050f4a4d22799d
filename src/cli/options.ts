/**
 * Readers of the options several commands share: lists of agents and events.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import { AGENTS, findAgent } from "../agents/mod.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { EVENTS, isContractEvent } from "../contract/contract.ts";
import { EveryhookError } from "../contract/errors.ts";

function names(list: string): string[] {
  return list.split(",").map((s) => s.trim()).filter((s) => s !== "");
}

/**
 * Read `--agent a,b`: ids or short names, each once.
 *
 * @param list The option's value, or undefined when it was not given.
 * @returns The agents, or undefined when the option was not given.
 * @throws {EveryhookError} A usage error for an unknown or empty name.
 *
 * @example Usage
 * ```ts
 * import { agentsOption } from "./options.ts";
 * console.assert(agentsOption("claude,codex")?.length === 2);
 * ```
 */
export function agentsOption(list: string | undefined): Agent[] | undefined {
  if (list === undefined) return undefined;
  const agents: Agent[] = [];
  for (const name of names(list)) {
    const agent = findAgent(name);
    if (!agent) {
      const known = AGENTS.map((a) => a.id).join(", ");
      throw new EveryhookError(
        "usage",
        `Cannot read "--agent": no agent named "${name}" (known: ${known})`,
      );
    }
    if (!agents.includes(agent)) agents.push(agent);
  }
  if (agents.length === 0) {
    throw new EveryhookError("usage", `Cannot read "--agent": it names no agent`);
  }
  return agents;
}

/**
 * Read `--event e,f` or `--event all`.
 *
 * @param list The option's value, or undefined when it was not given.
 * @returns The events, `"all"`, or undefined when the option was not given.
 * @throws {EveryhookError} A usage error for an unknown or empty name.
 *
 * @example Usage
 * ```ts
 * import { eventsOption } from "./options.ts";
 * console.assert(eventsOption("all") === "all");
 * ```
 */
export function eventsOption(list: string | undefined): ContractEvent[] | "all" | undefined {
  if (list === undefined) return undefined;
  if (list.trim() === "all") return "all";
  const events: ContractEvent[] = [];
  for (const name of names(list)) {
    if (!isContractEvent(name)) {
      throw new EveryhookError(
        "usage",
        `Cannot read "--event": no event named "${name}" (known: ${EVENTS.join(", ")}, all)`,
      );
    }
    if (!events.includes(name)) events.push(name);
  }
  if (events.length === 0) {
    throw new EveryhookError("usage", `Cannot read "--event": it names no event`);
  }
  return events;
}
