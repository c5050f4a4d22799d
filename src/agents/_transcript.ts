/**
 * The transcript formats everyhook reads, as one table: each agent's record
 * names its own (`transcriptFormat`), and a stop whose transcript its own
 * format finds nothing in is read in the others from this table, with no other
 * agent's module loaded. Also the readers they share: the lines of a JSON Lines
 * file, the text of a message's content, and the last line that has text.
 * On `run`'s path: imports nothing but _payload.ts.
 *
 * @module
 */

import { obj, str } from "./_payload.ts";
import type { TranscriptFormat } from "./types.ts";

export type { TranscriptFormat } from "./types.ts";

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

/** How a transcript format gives the text of one line, or undefined when the line is no message. */
export type LineText = (line: Record<string, unknown>) => string | undefined;

/**
 * Every transcript format everyhook reads, by the id of the agent that writes
 * it, in the registry's order: the order a transcript is read in when its
 * agent's own format finds nothing (a Codex transcript path can hold a
 * subagent's Claude-format lines).
 */
const FORMATS: Readonly<Record<TranscriptFormat, LineText>> = {
  /**
   * The text of the last assistant message in a Claude Code transcript (JSON
   * Lines: one line per content block, `type: "assistant"`, `message.content[]`).
   */
  "claude-code": (line) =>
    line.type === "assistant" ? contentText(obj(line.message)?.content, "text") : undefined,
  /**
   * The text of the last assistant message in a Codex rollout (JSON Lines of
   * `{ timestamp, type, payload }`): the `last_agent_message` of a `task_complete`
   * event, a `response_item` message of role `assistant` with `output_text`
   * parts, or an `agent_message` event, whichever comes last.
   */
  "codex": (line) => {
    const item = obj(line.payload);
    if (line.type === "event_msg") {
      if (item?.type === "task_complete") return str(item.last_agent_message);
      if (item?.type === "agent_message") return str(item.message);
    }
    if (line.type === "response_item" && item?.type === "message" && item.role === "assistant") {
      return contentText(item.content, "output_text");
    }
    return undefined;
  },
  /**
   * The text of the last model message in a Gemini CLI chat file (JSON Lines under
   * `~/.gemini/tmp/<project>/chats/`: `type: "gemini"` lines with `content` a
   * string, or parts with `text`).
   */
  "gemini-cli": (line) => line.type === "gemini" ? contentText(line.content) : undefined,
  /**
   * The text of the last assistant message in a Copilot CLI session's
   * `events.jsonl` (`type: "assistant.message"`, `data.content`).
   */
  "copilot-cli": (line) =>
    line.type === "assistant.message" ? contentText(obj(line.data)?.content) : undefined,
  /**
   * The text of the last assistant message in a Cursor agent transcript: JSON
   * Lines of `{ role, message: { content } }`, the text in `text` blocks. Cursor
   * does not document the format and no Cursor binary runs here: this is the
   * shape other tools report its agent-transcripts files in, read as a best
   * effort (explain says the format is undocumented).
   */
  "cursor": (line) => {
    if (line.role !== "assistant") return undefined;
    const message = obj(line.message);
    return contentText(message?.content ?? line.content, "text");
  },
  /**
   * The text of the last model message in a Qwen Code chat file (JSON Lines under
   * `~/.qwen/projects/<project>/chats/`: `type: "assistant"` lines, `message.parts[]`
   * with `text`).
   */
  "qwen-code": (line) =>
    line.type === "assistant" ? contentText(obj(line.message)?.parts) : undefined,
  /**
   * The text of the last assistant message in a Droid session file (JSON Lines
   * under `~/.factory/sessions/`: `type: "message"` lines, `message.role`,
   * `message.content[]` blocks).
   */
  "factory-droid": (line) => {
    const message = obj(line.message);
    return line.type === "message" && message?.role === "assistant"
      ? contentText(message.content, "text")
      : undefined;
  },
};

/** The transcript formats, in the order they are tried. */
export const TRANSCRIPT_FORMATS: readonly TranscriptFormat[] = Object.keys(
  FORMATS,
) as TranscriptFormat[];

/**
 * The reader of one transcript format: the text of the last message in a transcript.
 *
 * @param format The format.
 * @returns The reader.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { transcriptReader } from "./_transcript.ts";
 * const read = transcriptReader("gemini-cli");
 * assert(read('{"type":"gemini","content":"a"}\n{"type":"user","content":"b"}') === "a");
 * ```
 */
export function transcriptReader(
  format: TranscriptFormat,
): (transcript: string) => string | undefined {
  const textOf: LineText = FORMATS[format];
  return (transcript) => lastLineText(transcript, textOf);
}

/**
 * An agent's transcript fields: the format its own transcript is in, and the
 * reader of its last message in that format.
 *
 * @param format The agent's transcript format.
 * @returns `transcriptFormat` and `transcriptLastMessage`, to spread into the agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { transcriptOf } from "./_transcript.ts";
 * const fields = transcriptOf("gemini-cli");
 * assert.equal(fields.transcriptFormat, "gemini-cli");
 * assert.equal(fields.transcriptLastMessage('{"type":"gemini","content":"a"}'), "a");
 * ```
 */
export function transcriptOf(format: TranscriptFormat): {
  transcriptFormat: TranscriptFormat;
  transcriptLastMessage: (transcript: string) => string | undefined;
} {
  return { transcriptFormat: format, transcriptLastMessage: transcriptReader(format) };
}

/**
 * The last message of a transcript read in every format but one, in the order of
 * {@linkcode TRANSCRIPT_FORMATS}: the first format that finds one gives it.
 *
 * @param transcript The transcript's text.
 * @param except The format already tried (the agent's own), if any.
 * @returns The last message, or undefined when no format finds one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastMessageInAnyFormat } from "./_transcript.ts";
 * const claudeLine = '{"type":"assistant","message":{"content":[{"type":"text","text":"Done?"}]}}';
 * assert(lastMessageInAnyFormat(claudeLine, "codex") === "Done?");
 * assert(lastMessageInAnyFormat(claudeLine, "claude-code") === undefined);
 * ```
 */
export function lastMessageInAnyFormat(
  transcript: string,
  except?: TranscriptFormat,
): string | undefined {
  for (const format of TRANSCRIPT_FORMATS) {
    if (format === except) continue;
    const message = lastLineText(transcript, FORMATS[format]);
    if (message !== undefined) return message;
  }
  return undefined;
}
