/**
 * What an agent does after an answer, in words and as a verb, for every
 * reader and renderer: one table.
 *
 * @module
 */

import type { Effect } from "./types.ts";

/** Each effect in words (what happens) and as a verb (what the answer does), one table. */
const EFFECTS: Readonly<Record<Effect, { words: string; verb: string }>> = {
  blocked: { words: "the action is blocked", verb: "blocks" },
  asked: { words: "the person is asked", verb: "asks" },
  approved: { words: "the action is approved", verb: "approves" },
  rewritten: { words: "the tool runs with the hook's input", verb: "rewrites" },
  feedback: { words: "the model is told after the fact", verb: "gives feedback" },
  "sent-back": { words: "the agent goes back to work", verb: "sends back" },
  context: { words: "the context is added", verb: "adds context" },
  message: { words: "a message is shown to the person", verb: "shows a message" },
  ended: { words: "the run ends", verb: "ends the run" },
  none: { words: "nothing changes", verb: "changes nothing" },
};

/**
 * What an agent does, in words.
 *
 * @param effects The effects, the main one first.
 * @returns The words.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { effectWords } from "./effect_words.ts";
 * assert(effectWords(["blocked"]) === "the action is blocked");
 * ```
 */
export function effectWords(effects: readonly Effect[]): string {
  return effects.map((e) => EFFECTS[e].words).join(", ");
}

/**
 * What an answer with an effect does, as a verb, for short lines such as
 * install's `deny blocks, ask asks`.
 *
 * @param effect The effect.
 * @returns The verb.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { effectVerb } from "./effect_words.ts";
 * assert(effectVerb("sent-back") === "sends back");
 * ```
 */
export function effectVerb(effect: Effect): string {
  return EFFECTS[effect].verb;
}
