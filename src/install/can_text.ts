/**
 * What the answers of a hook do at one event of an agent, in short, from the
 * agent's cells: the words install and import print under each entry. Not on
 * `run`'s path.
 *
 * @module
 */

import type { Agent, AnswerPart } from "../agents/types.ts";
import { effectVerb } from "../agents/effect_words.ts";
import type { ContractEvent } from "../contract/contract.ts";

/**
 * What the answers of a hook do at one event of an agent, in short, from its cells.
 *
 * @param agent The agent.
 * @param event The contract event.
 * @returns Such as `deny blocks, ask becomes deny, context, message`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { canText } from "./can_text.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.equal(typeof canText(findAgent("codex")!, "pre-tool"), "string");
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
      out.push(decision ? `${part} ${effectVerb(cell.effect)}` : part);
    }
  }
  return out.length > 0 ? out.join(", ") : "nothing";
}
