/**
 * Helpers that build a hook's answer, one per thing a hook can say. Each gives
 * a plain answer object; spread two together to say both (`{ ...deny("x"),
 * ...context("y") }`). Imports only types.
 *
 * @module
 */

import type { HookAnswer } from "../contract/contract.ts";

/** The parts that can go with a decision: a message to the person, context for the model. */
export interface AnswerExtras {
  /** Shown to the person. */
  message?: string;
  /** Added to the model's context where the event allows it. */
  context?: string;
}

/**
 * Refuse: before a tool it does not run, a prompt is not sent, and at a stop
 * the agent goes back to work with `reason` as its next instruction.
 *
 * @param reason Why, for the model.
 * @param more A message for the person, context for the model.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { deny } from "./answers.ts";
 * const a = deny("Not on main", { message: "blocked a push to main" });
 * assert(a.decision === "deny" && a.message === "blocked a push to main");
 * ```
 */
export function deny(
  reason: string,
  more: AnswerExtras = {},
): HookAnswer & { decision: "deny"; reason: string } {
  return { decision: "deny", reason, ...more };
}

/**
 * Ask the person (where the agent cannot ask, this becomes a deny, with a note).
 *
 * @param reason What to ask about, for the person and the model.
 * @param more A message for the person, context for the model.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ask } from "./answers.ts";
 * assert(ask("Delete the build folder?").decision === "ask");
 * ```
 */
export function ask(
  reason: string,
  more: AnswerExtras = {},
): HookAnswer & { decision: "ask"; reason: string } {
  return { decision: "ask", reason, ...more };
}

/**
 * Approve: the tool runs without the agent's own permission prompt, where it has one.
 *
 * @param reason Why, where the agent shows it (optional).
 * @param more A message, context, or the input to run the tool with instead.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { allow } from "./answers.ts";
 * assert(allow().decision === "allow" && allow("read-only").reason === "read-only");
 * ```
 */
export function allow(
  reason?: string,
  more: AnswerExtras & { input?: Record<string, unknown> } = {},
): HookAnswer & { decision: "allow" } {
  return reason === undefined
    ? { decision: "allow", ...more }
    : { decision: "allow", reason, ...more };
}

/**
 * Add text to the model's context, with no decision.
 *
 * @param text The context.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { context } from "./answers.ts";
 * assert(context("The tests live in tests/").context === "The tests live in tests/");
 * ```
 */
export function context(text: string): HookAnswer & { context: string } {
  return { context: text };
}

/**
 * Show the person a message, with no decision.
 *
 * @param text The message.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { message } from "./answers.ts";
 * assert(message("logged").message === "logged");
 * ```
 */
export function message(text: string): HookAnswer & { message: string } {
  return { message: text };
}

/**
 * Run the tool with other input (pre-tool only): the whole input the tool
 * should get. With no decision, the agent's own permission rules still apply;
 * spread it into `allow()` to approve it too.
 *
 * @param value The tool input to use instead.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { allow, input } from "./answers.ts";
 * const a = { ...allow(), ...input({ command: "trash build" }) };
 * assert(a.decision === "allow" && a.input?.command === "trash build");
 * ```
 */
export function input(value: Record<string, unknown>): HookAnswer & {
  input: Record<string, unknown>;
} {
  return { input: value };
}
