/**
 * `explain --speaks <agent>`: what carries over from a hook written in that
 * agent's protocol to each calling agent, from the agents' cells; with a
 * calling agent, also which of its recorded calls can be said in the spoken
 * agent's words (and why not), and every rule the hook's output is read by.
 * Each statement is marked [binary] or [docs].
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import type { Agent } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { AGENTS } from "../agents/mod.ts";
import { loadFixtures } from "../readers/recorded.ts";
import { basisTag } from "../readers/explain.ts";
import { carryTable, readingRules, spokenCalls } from "../readers/speaks_explain.ts";
import { spokenProtocol } from "./run.ts";

/**
 * Print what `explain --speaks` says.
 *
 * @param speaks The spoken agent, as named.
 * @param agent The calling agent, or undefined for every agent.
 * @param event Only this event, or undefined.
 * @param json Print JSON.
 * @param io The world.
 * @returns 0.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { explainSpeaks } from "./explain_speaks.ts";
 * import { memoryIo } from "../cli/io.ts";
 * const io = memoryIo();
 * await explainSpeaks("claude-code", undefined, "stop", false, io);
 * assert.match(io.stdoutText(), /stop block/);
 * ```
 */
export async function explainSpeaks(
  speaks: string,
  agent: Agent | undefined,
  event: ContractEvent | undefined,
  json: boolean,
  io: Io,
): Promise<number> {
  const spoken = await spokenProtocol(speaks);
  const agents = agent ? [agent] : AGENTS.filter((a) => a.id !== spoken.id);
  const rows = carryTable(agents, spoken).filter((r) => !event || r.behaviour.event === event);
  const fixtures = agent ? await loadFixtures([agent.id]) : [];
  const calls = agent
    ? spokenCalls(agent, spoken, fixtures).filter((c) => !event || c.event === event)
    : [];
  const rules = agent ? readingRules(spoken).filter((r) => !event || r.event === event) : [];
  if (json) {
    const table = rows.map((r) => ({
      behaviour: r.behaviour.text,
      event: r.behaviour.event,
      cells: r.cells,
    }));
    io.out(
      `${
        JSON.stringify(
          { everyhook: 1, ok: true, speaks: spoken.id, rows: table, calls, rules },
          null,
          2,
        )
      }\n`,
    );
    return 0;
  }
  const who = agent ? agent.name : "each agent";
  io.out(
    `A hook written for ${spoken.name}, called from ${who} with --speaks ${spoken.id}. [binary]: a recorded run of the agent's real binary showed it; [docs]: its reference says so.\n`,
  );
  const width = Math.max(...agents.map((a) => a.id.length));
  for (const row of rows) {
    io.out(`\n${row.behaviour.text}\n`);
    for (const a of agents) {
      const cell = row.cells[a.id]!;
      const tag = cell.basis ? basisTag(cell.basis) : "[-]";
      io.out(`  ${a.id.padEnd(width)}  ${tag.padEnd(8)}  ${cell.text}\n`);
    }
  }
  if (agent) {
    io.out(`\n${agent.name}'s recorded calls, in ${spoken.name}'s words:\n`);
    for (const c of calls) {
      const said = c.saidAs ?? `not called: ${c.why}`;
      io.out(`  ${c.event.padEnd(14)} ${c.variant.padEnd(28)} ${said}\n`);
    }
    io.out(`\nHow ${spoken.name}'s hook output is read:\n`);
    for (const r of rules) {
      io.out(`  ${r.event.padEnd(14)} ${basisTag(r.basis).padEnd(8)}  ${r.text}\n`);
    }
  }
  return 0;
}
