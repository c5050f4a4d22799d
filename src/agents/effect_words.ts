/**
 * What an agent does after an answer, in words and as a verb, for every
 * reader and renderer: one table.
 *
 * @module
 */

import type { Effect } from "./types.ts";

/** How a page colours an effect: a refusal, a question, an approval, or anything else. */
export type EffectTone = "blocked" | "asked" | "approved" | "other";

/**
 * Each effect in words (what happens), as a verb (what the answer does) and
 * its tone on the agents page, one table.
 */
const EFFECTS: Readonly<Record<Effect, { words: string; verb: string; tone: EffectTone }>> = {
  blocked: { words: "the action is blocked", verb: "blocks", tone: "blocked" },
  asked: { words: "the person is asked", verb: "asks", tone: "asked" },
  approved: { words: "the action is approved", verb: "approves", tone: "approved" },
  rewritten: { words: "the tool runs with the hook's input", verb: "rewrites", tone: "other" },
  feedback: { words: "the model is told after the fact", verb: "gives feedback", tone: "other" },
  "sent-back": { words: "the agent goes back to work", verb: "sends back", tone: "blocked" },
  context: { words: "the context is added", verb: "adds context", tone: "other" },
  message: { words: "a message is shown to the person", verb: "shows a message", tone: "other" },
  ended: { words: "the run ends", verb: "ends the run", tone: "other" },
  none: { words: "nothing changes", verb: "changes nothing", tone: "other" },
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

/**
 * The tone of an effect given in its words (as `explain` gives an answer's
 * effect), for the agents page's colours.
 *
 * @param words The words of one effect, as {@linkcode effectWords} gives them.
 * @returns Its tone; `other` for words that are no effect's.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { effectToneOfWords, effectWords } from "./effect_words.ts";
 * assert.equal(effectToneOfWords(effectWords(["sent-back"])), "blocked");
 * assert.equal(effectToneOfWords("dropped"), "other");
 * ```
 */
export function effectToneOfWords(words: string): EffectTone {
  return Object.values(EFFECTS).find((e) => e.words === words)?.tone ?? "other";
}
