/**
 * The contract: the one document a hook reads on stdin and the one answer it may
 * print on stdout. This module is on `run`'s path: it imports only the strict
 * reader of JSON beside it (no `node:`, no `npm:`).
 *
 * @module
 */

import { duplicateKey } from "./strict_json.ts";

/** The version of the contract written into every document. */
export const CONTRACT_VERSION = 1 as const;

/**
 * The contract's events, in the order the help and `explain` list them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { EVENTS } from "./contract.ts";
 * assert(EVENTS.includes("pre-tool"));
 * ```
 */
export const EVENTS = [
  "pre-tool",
  "post-tool",
  "prompt",
  "session-start",
  "session-end",
  "stop",
  "subagent-stop",
] as const;

/** One of the contract's seven events. */
export type ContractEvent = typeof EVENTS[number];

/**
 * The kinds a tool call can be, whatever the agent names the tool.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { TOOL_KINDS } from "./contract.ts";
 * assert(TOOL_KINDS.length === 7);
 * ```
 */
export const TOOL_KINDS = ["shell", "edit", "write", "read", "mcp", "agent", "other"] as const;

/** One of the kinds of tool. */
export type ToolKind = typeof TOOL_KINDS[number];

/**
 * The decisions a hook can take. Absent means no opinion.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECISIONS } from "./contract.ts";
 * assert(DECISIONS[0] === "allow");
 * ```
 */
export const DECISIONS = ["allow", "deny", "ask"] as const;

/** A hook's decision. */
export type Decision = typeof DECISIONS[number];

/**
 * A source of a session start, where the agent says.
 */
export type SessionSource = "startup" | "resume" | "clear" | "compact";

/** The tool call of a pre-tool or post-tool document. */
export interface ToolCall {
  /** The agent's own tool name. */
  name: string;
  /** What kind of tool it is, from the agent's table. */
  kind: ToolKind;
  /** The command line, for kind `shell`. */
  command?: string;
  /** The first path the call touches, as the agent sent it (edit, write, read). */
  path?: string;
  /** Every path the call touches (a patch can touch several); absent when they could not be read. */
  paths?: string[];
  /**
   * Why the paths of an edit or a patch could not be read (an input of a shape
   * everyhook does not know): a hook that guards files should refuse what it cannot see.
   */
  unread?: string;
  /** The tool input as the agent sent it; a JSON string is parsed. */
  input: unknown;
  /** What the tool printed or returned, at post-tool. */
  output?: string;
  /** True when the tool itself failed, at post-tool. */
  failed?: boolean;
}

/**
 * Why a turn ended, where the agent says: `completed` when the agent finished
 * its turn, `aborted` when the person or the agent stopped it, `error` when it
 * failed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { STOP_STATUSES } from "./contract.ts";
 * assert(STOP_STATUSES.includes("aborted"));
 * ```
 */
export const STOP_STATUSES = ["completed", "aborted", "error"] as const;

/** Why a turn ended. */
export type StopStatus = typeof STOP_STATUSES[number];

/** What a stop or subagent-stop document carries. */
export interface StopInfo {
  /** True when a hook already sent the agent back once (stop_hook_active, loop_count > 0). */
  continued: boolean;
  /**
   * Why the turn ended, where the agent says (Cursor's `status`, Copilot CLI's
   * `stopReason`); absent where the agent does not say.
   */
  status?: StopStatus;
  /** The agent's last message, where it can be had. */
  lastMessage?: string;
}

/** The subagent a call or a stop belongs to, where the agent says. */
export interface SubagentInfo {
  /** The agent's id for the subagent. */
  id?: string;
  /** The subagent's type or name. */
  type?: string;
  /** The subagent's transcript path. */
  transcript?: string;
}

/**
 * The document a hook reads on stdin.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { HookDocument } from "./contract.ts";
 * const doc: HookDocument = {
 *   everyhook: 1,
 *   agent: "claude-code",
 *   event: "prompt",
 *   nativeEvent: "UserPromptSubmit",
 *   prompt: "hello",
 *   native: {},
 * };
 * assert(doc.event === "prompt");
 * ```
 */
export interface HookDocument {
  /** The contract version. */
  everyhook: typeof CONTRACT_VERSION;
  /** The agent's id, such as `claude-code`. */
  agent: string;
  /** The contract event. */
  event: ContractEvent;
  /** The agent's own name for the event. */
  nativeEvent: string;
  /** The tool call, at pre-tool and post-tool. */
  tool?: ToolCall;
  /** The person's prompt, at prompt. */
  prompt?: string;
  /** Why the session started, at session-start. */
  source?: string;
  /** Why the session ended, at session-end, where the agent says. */
  reason?: string;
  /** The stop, at stop and subagent-stop. */
  stop?: StopInfo;
  /** The subagent, where the agent says the call or the stop is a subagent's. */
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

/**
 * The answer a hook may print on stdout. Every field is optional; an empty answer
 * is no opinion.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { HookAnswer } from "./contract.ts";
 * const answer: HookAnswer = { decision: "deny", reason: "Not on main" };
 * assert(answer.decision === "deny");
 * ```
 */
export interface HookAnswer {
  /** allow, deny or ask; absent is no opinion. */
  decision?: Decision;
  /** Goes to the model. */
  reason?: string;
  /** Goes to the person. */
  message?: string;
  /** Added to the model's context where the event allows it. */
  context?: string;
  /** At pre-tool: the tool input to run instead. */
  input?: Record<string, unknown>;
}

/** The result of reading a hook's stdout as an answer. */
export type AnswerReading =
  | { ok: true; answer: HookAnswer }
  | { ok: false; problem: string };

const ANSWER_KEYS = new Set(["decision", "reason", "message", "context", "input"]);

/**
 * Read what a hook printed as one answer. Nothing (or only white space) is no
 * opinion. Anything else must be one JSON object of the answer's shape; unknown
 * keys are refused so that a typo never passes as no opinion, and a key written
 * twice anywhere in it is refused so that an answer never says two things.
 *
 * @param text What the hook printed on stdout.
 * @returns The answer, or the problem with it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAnswer } from "./contract.ts";
 * const r = readAnswer('{"decision":"deny","reason":"no"}');
 * assert(r.ok && r.answer.decision === "deny");
 * ```
 */
export function readAnswer(text: string): AnswerReading {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: true, answer: {} };
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return { ok: false, problem: `not JSON: ${preview(trimmed)}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, problem: `not a JSON object: ${preview(trimmed)}` };
  }
  const twice = duplicateKey(trimmed);
  if (twice !== undefined) {
    return {
      ok: false,
      problem: `the key "${twice}" is written twice, so the answer says two things`,
    };
  }
  const record = value as Record<string, unknown>;
  const answer: HookAnswer = {};
  for (const [key, field] of Object.entries(record)) {
    if (!ANSWER_KEYS.has(key)) return { ok: false, problem: `unknown key "${key}" in the answer` };
    if (key === "decision") {
      if (field === null || field === undefined) continue;
      if (field !== "allow" && field !== "deny" && field !== "ask") {
        return {
          ok: false,
          problem: `"decision" must be "allow", "deny" or "ask", not ${
            preview(JSON.stringify(field))
          }`,
        };
      }
      answer.decision = field;
    } else if (key === "input") {
      if (field === null || field === undefined) continue;
      if (typeof field !== "object" || Array.isArray(field)) {
        return { ok: false, problem: `"input" must be a JSON object` };
      }
      answer.input = field as Record<string, unknown>;
    } else {
      if (field === null || field === undefined) continue;
      if (typeof field !== "string") return { ok: false, problem: `"${key}" must be a string` };
      if (key === "reason") answer.reason = field;
      else if (key === "message") answer.message = field;
      else answer.context = field;
    }
  }
  return { ok: true, answer };
}

function preview(text: string): string {
  const one = text.replace(/\s+/g, " ");
  return one.length > 80 ? `${one.slice(0, 77)}...` : one;
}

/**
 * True when `value` is one of the contract's events.
 *
 * @param value Any string.
 * @returns Whether it names a contract event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isContractEvent } from "./contract.ts";
 * assert(isContractEvent("stop"));
 * assert(!isContractEvent("Stop"));
 * ```
 */
export function isContractEvent(value: string): value is ContractEvent {
  return (EVENTS as readonly string[]).includes(value);
}

/**
 * The longest timeout a hook may be given, in seconds: an hour. `run`,
 * `bench`, `install` (the command and the library call) and a hook in direct
 * mode take none longer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TIMEOUT_SECONDS } from "./contract.ts";
 * assert(MAX_TIMEOUT_SECONDS === 3600);
 * ```
 */
export const MAX_TIMEOUT_SECONDS = 3600;

/**
 * The shortest timeout install writes into an agent's file, in whole
 * seconds: `install` (the command, the library call and a manifest's entry)
 * takes none shorter. A hook in direct mode takes any positive number.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { MIN_TIMEOUT_SECONDS } from "./contract.ts";
 * assert(MIN_TIMEOUT_SECONDS === 1);
 * ```
 */
export const MIN_TIMEOUT_SECONDS = 1;
