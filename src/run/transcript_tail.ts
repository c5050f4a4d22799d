/**
 * A stop's last message, read from the end of the agent's transcript when the
 * payload does not carry it, where read access to it is granted (a hook in
 * direct mode may have none, and is never to prompt). On `run`'s path:
 * imports only types and the agents' registry.
 *
 * @module
 */

import type { HookDocument } from "../contract/contract.ts";
import type { Agent } from "../agents/types.ts";
import { AGENT_ENTRIES } from "../agents/registry.ts";

/** How much of a transcript's end is read for a stop's last message: 256 KiB. */
export const TRANSCRIPT_TAIL = 256 * 1024;

/**
 * The last message of a transcript's text: read in the agent's own format
 * first, then in every other format everyhook knows (a Codex transcript path
 * can hold a subagent's Claude-format lines).
 *
 * @param agent The agent whose transcript it is.
 * @param text The transcript's text (its tail).
 * @param known The agents whose formats are tried after the agent's own (none by default).
 * @returns The last message, or undefined when no format finds one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastMessageIn } from "./transcript_tail.ts";
 * import { AGENTS, findAgent } from "../agents/mod.ts";
 * const claudeLine = '{"type":"assistant","message":{"content":[{"type":"text","text":"Done?"}]}}';
 * assert(lastMessageIn(findAgent("codex")!, claudeLine, AGENTS) === "Done?");
 * ```
 */
export function lastMessageIn(
  agent: Agent,
  text: string,
  known: readonly Agent[] = [],
): string | undefined {
  for (const reader of [agent, ...known.filter((a) => a.id !== agent.id)]) {
    const message = reader.transcriptLastMessage?.(text);
    if (message !== undefined) return message;
  }
  return undefined;
}

/**
 * Fill in a stop document's `stop.lastMessage` from the transcript's tail, where
 * the payload has none: read in the agent's own format, then in every format
 * everyhook knows (the other agents' modules are loaded only then, so that a
 * tool call loads one agent). A transcript that cannot be read leaves a note.
 *
 * @param agent The agent.
 * @param doc The document; changed in place.
 * @param notes Where a note goes.
 *
 * @example Usage
 * ```ts ignore
 * import { addLastMessage } from "./transcript_tail.ts";
 * await addLastMessage(agent, doc, notes);
 * ```
 */
export async function addLastMessage(
  agent: Agent,
  doc: HookDocument,
  notes: string[],
): Promise<void> {
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
  const message = lastMessageIn(agent, tail) ??
    lastMessageIn(agent, tail, await otherAgents(agent));
  if (message !== undefined) doc.stop.lastMessage = message;
}

/** Every agent but this one, each module loaded through the registry. */
function otherAgents(agent: Agent): Promise<Agent[]> {
  return Promise.all(AGENT_ENTRIES.filter((e) => e.id !== agent.id).map((e) => e.load()));
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
