/**
 * What a program printed, as a `--json` output carries it: the JSON value when
 * the text is JSON, the text when it is not, or that nothing was printed. So a
 * script reads an agent's native answer as a value, not as a string to parse
 * again. Imports nothing.
 *
 * @module
 */

/** What was printed: a JSON value, other text, or nothing. */
export type Printed =
  | { kind: "json"; value: unknown }
  | { kind: "text"; text: string }
  | { kind: "nothing" };

/**
 * Read what a program printed.
 *
 * @param text The text, as printed.
 * @returns `nothing` for blank text, `json` with the value when the text (trimmed) is
 *   one JSON value, `text` with the text otherwise.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { printed } from "./printed.ts";
 * assert.deepEqual(printed('{"decision":"deny"}\n'), { kind: "json", value: { decision: "deny" } });
 * assert.deepEqual(printed("blocked"), { kind: "text", text: "blocked" });
 * assert.deepEqual(printed("  \n"), { kind: "nothing" });
 * ```
 */
export function printed(text: string): Printed {
  const trimmed = text.trim();
  if (trimmed === "") return { kind: "nothing" };
  try {
    return { kind: "json", value: JSON.parse(trimmed) };
  } catch {
    return { kind: "text", text };
  }
}

/**
 * What was printed as one line for a person: the JSON compact, the text as it
 * is, or `(nothing)`.
 *
 * @param p What was printed.
 * @returns The line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { printed, printedText } from "./printed.ts";
 * assert.equal(printedText(printed('{ "a": 1 }')), '{"a":1}');
 * assert.equal(printedText(printed("")), "(nothing)");
 * ```
 */
export function printedText(p: Printed): string {
  switch (p.kind) {
    case "json":
      return JSON.stringify(p.value);
    case "text":
      return p.text;
    case "nothing":
      return "(nothing)";
  }
}
