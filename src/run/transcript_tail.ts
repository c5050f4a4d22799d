/**
 * A stop's last message, read from the end of the agent's transcript when the
 * payload does not carry it, where read access to it is granted (a hook in
 * direct mode may have none, and is never to prompt). On `run`'s path:
 * imports only types and the table of transcript formats.
 *
 * @module
 */

import type { HookDocument } from "../contract/contract.ts";
import type { Agent } from "../agents/types.ts";
import { lastMessageInAnyFormat } from "../agents/_transcript.ts";

/** How much of a transcript's end is read for a stop's last message: 256 KiB. */
export const TRANSCRIPT_TAIL = 256 * 1024;

/**
 * The last message of a transcript's text: read in the agent's own format
 * first, then (with `others`) in every other format everyhook knows, from the
 * table of formats (a Codex transcript path can hold a subagent's Claude-format
 * lines): no other agent's module is loaded.
 *
 * @param agent The agent whose transcript it is.
 * @param text The transcript's text (its tail).
 * @param others Whether the other formats are tried after the agent's own.
 * @returns The last message, or undefined when no format finds one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastMessageIn } from "./transcript_tail.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const claudeLine = '{"type":"assistant","message":{"content":[{"type":"text","text":"Done?"}]}}';
 * assert(lastMessageIn(findAgent("codex")!, claudeLine) === undefined);
 * assert(lastMessageIn(findAgent("codex")!, claudeLine, true) === "Done?");
 * ```
 */
export function lastMessageIn(agent: Agent, text: string, others = false): string | undefined {
  return agent.transcriptLastMessage?.(text) ??
    (others ? lastMessageInAnyFormat(text, agent.transcriptFormat) : undefined);
}

/**
 * Fill in a stop document's `stop.lastMessage` from the transcript's tail, where
 * the payload has none: read in the agent's own format, then in every format
 * everyhook knows (from the table of formats: a tool call loads one agent's
 * module). A transcript that cannot be read leaves a note.
 *
 * @param agent The agent.
 * @param doc The document; changed in place.
 * @param notes Where a note goes.
 *
 * @example Usage
 * ```ts ignore
 * import { addLastMessage } from "./transcript_tail.ts";
 * addLastMessage(agent, doc, notes);
 * ```
 */
export function addLastMessage(agent: Agent, doc: HookDocument, notes: string[]): void {
  if (!doc.stop || doc.stop.lastMessage !== undefined) return;
  const path = doc.event === "subagent-stop"
    ? doc.subagent?.transcript ?? doc.transcript
    : doc.transcript;
  if (path === undefined) return;
  if (!mayRead(path)) {
    notes.push(`lastMessage: no read access to the transcript "${path}"`);
    return;
  }
  const tail = readTail(path, TRANSCRIPT_TAIL);
  if (tail === undefined) {
    notes.push(`lastMessage: cannot read the transcript "${path}"`);
    return;
  }
  const message = lastMessageIn(agent, tail, true);
  if (message !== undefined) doc.stop.lastMessage = message;
}

/**
 * Whether read access to a path is granted, asked without prompting.
 *
 * @param path The path.
 * @returns True when this process may read it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mayRead } from "./transcript_tail.ts";
 * assert(typeof mayRead("/") === "boolean");
 * ```
 */
export function mayRead(path: string): boolean {
  return Deno.permissions.querySync({ name: "read", path }).state === "granted";
}

/**
 * Read the last `size` bytes of a file, from the start of a line. Only a
 * regular file is read (after following links): it is looked at with `stat`
 * before it is opened, so a FIFO, a device or a socket, which could block the
 * read, is never opened; and at most `size` bytes are read.
 *
 * @param path The file.
 * @param size How many bytes from the end.
 * @returns The text, or undefined when the file cannot be read or is not a regular file.
 *
 * @example Usage
 * ```ts ignore
 * import { readTail } from "./transcript_tail.ts";
 * console.log(readTail("/tmp/transcript.jsonl", 1024));
 * ```
 */
export function readTail(path: string, size: number): string | undefined {
  try {
    if (!Deno.statSync(path).isFile) return undefined;
    using file = Deno.openSync(path);
    const info = file.statSync();
    if (!info.isFile) return undefined;
    const length = info.size;
    const start = Math.max(0, length - size);
    file.seekSync(start, Deno.SeekMode.Start);
    const buf = new Uint8Array(length - start);
    let off = 0;
    while (off < buf.length) {
      const n = file.readSync(buf.subarray(off));
      if (n === null || n === 0) break;
      off += n;
    }
    const text = new TextDecoder().decode(buf.subarray(0, off));
    if (start === 0) return text;
    const newline = text.indexOf("\n");
    return newline < 0 ? "" : text.slice(newline + 1);
  } catch {
    return undefined;
  }
}
