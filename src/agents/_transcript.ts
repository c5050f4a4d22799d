/**
 * Readers the agent modules share for transcripts: the lines of a JSON Lines
 * file, the text of a message's content, and the last line that has text.
 * On `run`'s path: imports nothing but _payload.ts.
 *
 * @module
 */

import { obj, str } from "./_payload.ts";

/**
 * The objects of a JSON Lines text, in order; lines that are not JSON objects are skipped.
 *
 * @param text The text of a `.jsonl` file.
 * @returns One object per readable line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonLines } from "./_transcript.ts";
 * assert(jsonLines('{"a":1}\nnot json\n').length === 1);
 * ```
 */
export function jsonLines(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    const t = line.trim();
    if (!t.startsWith("{")) continue;
    try {
      const o = obj(JSON.parse(t));
      if (o) out.push(o);
    } catch {
      // a half-written last line, or a line of another kind: skip it
    }
  }
  return out;
}

/**
 * The text of a message's content: the content itself when it is a string, else
 * the `text` of its blocks (of `blockType` only, when given), joined by newlines.
 *
 * @param content A message's content, as a transcript holds it.
 * @param blockType The block type to keep, such as `text` or `output_text`.
 * @returns The text, or undefined when there is none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { contentText } from "./_transcript.ts";
 * const c = [{ type: "text", text: "a" }, { type: "tool_use" }, { type: "text", text: "b" }];
 * assert(contentText(c, "text") === "a\nb");
 * ```
 */
export function contentText(content: unknown, blockType?: string): string | undefined {
  if (typeof content === "string") return content.trim() === "" ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const texts: string[] = [];
  for (const block of content) {
    const b = obj(block);
    if (!b || (blockType !== undefined && b.type !== blockType)) continue;
    const text = str(b.text);
    if (text) texts.push(text);
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}

/**
 * The text of the last line of a JSON Lines transcript that has one.
 *
 * @param transcript The transcript's text.
 * @param textOf The text of one line, or undefined when the line is not a message.
 * @returns The text of the last line that has one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastLineText } from "./_transcript.ts";
 * import { str } from "./_payload.ts";
 * const t = '{"m":"a"}\n{"m":"b"}\n{"x":1}\n';
 * assert(lastLineText(t, (line) => str(line.m)) === "b");
 * ```
 */
export function lastLineText(
  transcript: string,
  textOf: (line: Record<string, unknown>) => string | undefined,
): string | undefined {
  const lines = jsonLines(transcript);
  for (let i = lines.length - 1; i >= 0; i--) {
    const text = textOf(lines[i] as Record<string, unknown>);
    if (text) return text;
  }
  return undefined;
}
