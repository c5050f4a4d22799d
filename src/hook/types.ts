/**
 * The document a hook written with the SDK is given, typed per event: a
 * discriminated union on `event`, so that `if (doc.event === "stop")` narrows
 * it to a stop's document. The fields are the contract's (`HookDocument`); the
 * union only says which of them each event has. Imports only types.
 *
 * @module
 */

import type { HookAnswer, StopInfo, SubagentInfo, ToolCall } from "../contract/contract.ts";

export type { HookAnswer, StopInfo, SubagentInfo, ToolCall };

/** What every document has, whatever its event. */
export interface DocumentBase {
  /** The contract version. */
  everyhook: 1;
  /** The agent's id, such as `claude-code`. */
  agent: string;
  /** The agent's own name for the event. */
  nativeEvent: string;
  /** The subagent the call or the stop belongs to, where the agent says. */
  subagent?: SubagentInfo;
  /** The folder the agent works in. */
  cwd?: string;
  /** The agent's session id. */
  session?: string;
  /** The path of the agent's transcript. */
  transcript?: string;
  /** What the agent sent, whole. */
  native: Record<string, unknown>;
}

/** Before a tool runs: the hook can deny, ask, allow, or give the tool other input. */
export interface PreToolDocument extends DocumentBase {
  /** The event. */
  event: "pre-tool";
  /** The tool call. */
  tool: ToolCall;
}

/** After a tool ran: the hook can give the model feedback or context. */
export interface PostToolDocument extends DocumentBase {
  /** The event. */
  event: "post-tool";
  /** The tool call, with its output. */
  tool: ToolCall;
}

/** The person sent a prompt: the hook can refuse it or add context. */
export interface PromptDocument extends DocumentBase {
  /** The event. */
  event: "prompt";
  /** The prompt, where the agent sends it. */
  prompt?: string;
}

/** A session started: the hook can add context. */
export interface SessionStartDocument extends DocumentBase {
  /** The event. */
  event: "session-start";
  /** Why it started (startup, resume, clear, compact), where the agent says. */
  source?: string;
}

/** A session ended. */
export interface SessionEndDocument extends DocumentBase {
  /** The event. */
  event: "session-end";
  /** Why it ended, where the agent says. */
  reason?: string;
}

/** The agent is about to stop: a deny sends it back to work with the reason. */
export interface StopDocument extends DocumentBase {
  /** The event. */
  event: "stop";
  /** Whether a hook already sent it back, and its last message. */
  stop: StopInfo;
}

/** A subagent is about to stop: a deny sends it back to work with the reason. */
export interface SubagentStopDocument extends DocumentBase {
  /** The event. */
  event: "subagent-stop";
  /** Whether a hook already sent it back, and its last message. */
  stop: StopInfo;
}

/**
 * The document a hook is given: one of the seven events' documents.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Document } from "./types.ts";
 * function what(doc: Document): string {
 *   switch (doc.event) {
 *     case "pre-tool":
 *     case "post-tool":
 *       return doc.tool.name;
 *     case "stop":
 *     case "subagent-stop":
 *       return doc.stop.continued ? "again" : "first";
 *     default:
 *       return doc.event;
 *   }
 * }
 * assert(typeof what === "function");
 * ```
 */
export type Document =
  | PreToolDocument
  | PostToolDocument
  | PromptDocument
  | SessionStartDocument
  | SessionEndDocument
  | StopDocument
  | SubagentStopDocument;

/** A document with a tool call: pre-tool or post-tool. */
export type ToolDocument = PreToolDocument | PostToolDocument;

/** A shell call: its command line is there. */
export type ShellCall = ToolCall & { kind: "shell"; command: string };

/** A call that edits, writes or reads files: its paths are there (the first also as `path`). */
export type FileCall = ToolCall & {
  kind: "edit" | "write" | "read";
  path: string;
  paths: string[];
};

/** A document whose tool call is a shell command. */
export type ShellDocument<D extends ToolDocument = ToolDocument> = D & { tool: ShellCall };

/** A document whose tool call edits, writes or reads files. */
export type FileDocument<D extends ToolDocument = ToolDocument> = D & { tool: FileCall };

/** What a handler may give back: an answer, or nothing for no opinion. */
export type HandlerResult = HookAnswer | undefined | void;

/**
 * A hook's handler: the document in, the answer (or nothing) out.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Handler } from "./types.ts";
 * const handler: Handler = (doc) => doc.event === "prompt" ? { context: "Be brief." } : undefined;
 * assert(typeof handler === "function");
 * ```
 */
export type Handler = (doc: Document) => HandlerResult | Promise<HandlerResult>;
