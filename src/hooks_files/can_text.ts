/**
 * What the answers of a hook do at one event of an agent, in a few words, from
 * the agent's cells: the column install prints beside each entry it writes.
 *
 * @module
 */

import type { Agent, AnswerPart, Effect } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";

const VERBS: Partial<Record<Effect, string>> = {
  blocked: "blocks",
  asked: "asks",
  approved: "approves",
  rewritten: "rewrites",
  feedback: "gives feedback",
  "sent-back": "sends back",
  context: "adds context",
  message: "shows a message",
  ended: "ends the run",
};

/**
 * What the answers of a hook do at one event of an agent, in short, from its cells.
 *
 * @param agent The agent.
 * @param event The contract event.
 * @returns Such as `deny blocks, ask becomes deny, context, message`.
 *
 * @example Usage
 * ```ts
 * import { canText } from "./can_text.ts";
 * import { findAgent } from "../agents/mod.ts";
 * console.assert(typeof canText(findAgent("codex")!, "pre-tool") === "string");
 * ```
 */
export function canText(agent: Agent, event: ContractEvent): string {
  const cells = agent.events[event]?.cells;
  if (!cells) return "";
  const parts: AnswerPart[] = ["deny", "ask", "allow", "context", "message", "input"];
  const out: string[] = [];
  for (const part of parts) {
    const cell = cells[part];
    if (!cell || cell.becomes === "dropped") continue;
    if (cell.becomes !== undefined && cell.becomes !== part) {
      out.push(`${part} becomes ${cell.becomes}`);
    } else if (cell.effect !== "none") {
      const decision = part === "deny" || part === "ask" || part === "allow";
      out.push(decision ? `${part} ${VERBS[cell.effect] ?? cell.effect}` : part);
    }
  }
  return out.length > 0 ? out.join(", ") : "nothing";
}
