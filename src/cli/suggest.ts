/**
 * "Did you mean": the known word nearest to a mistyped one, for usage errors
 * (options, commands, agents, events, allowed values). On `run`'s path:
 * imports nothing.
 *
 * @module
 */

/**
 * How far apart two words are: the fewest letters to insert, delete, change or
 * swap with a neighbour to turn one into the other.
 *
 * @param a One word.
 * @param b The other.
 * @returns The distance.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { editDistance } from "./suggest.ts";
 * assert(editDistance("agnet", "agent") === 1);
 * ```
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate a mistyped word most likely meant: the nearest one within two
 * edits (and fewer than half the word's letters), or the only one the word
 * begins. Letter case is ignored.
 *
 * @param word What was written.
 * @param candidates What could have been meant.
 * @returns The suggestion, or undefined when none is near.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { closest } from "./suggest.ts";
 * assert(closest("pretool", ["pre-tool", "post-tool"]) === "pre-tool");
 * assert(closest("lunch", ["pre-tool", "stop"]) === undefined);
 * ```
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (best !== undefined && bestDistance <= 2 && bestDistance < w.length / 2) return best;
  const starts = candidates.filter((c) => w.length >= 3 && c.toLowerCase().startsWith(w));
  return starts.length === 1 ? starts[0] : undefined;
}
