/**
 * What an agent does after an answer, in words, for every reader and renderer.
 *
 * @module
 */

import type { Effect } from "./types.ts";

const EFFECT_WORDS: Readonly<Record<Effect, string>> = {
  blocked: "the action is blocked",
  asked: "the person is asked",
  approved: "the action is approved",
  rewritten: "the tool runs with the hook's input",
  feedback: "the model is told after the fact",
  "sent-back": "the agent goes back to work",
  context: "the context is added",
  message: "a message is shown to the person",
  ended: "the run ends",
  none: "nothing changes",
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
  return effects.map((e) => EFFECT_WORDS[e]).join(", ");
}
