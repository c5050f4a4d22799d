/**
 * What a hook that failed, or said no with its exit code, comes to: the answer
 * that stands in for it (a deny under --fail-closed before a tool or on a
 * prompt, else a message), the line the person reads, and the reason taken
 * from its stderr. On `run`'s path: imports only types.
 *
 * @module
 */

import type { ContractEvent, HookAnswer } from "../contract/contract.ts";

/**
 * The answer that stands in for a hook that failed: with `failClosed`, a deny
 * where one can be given (before a tool, on a prompt); otherwise only a message
 * that the hook was ignored.
 *
 * @param event The contract event.
 * @param failClosed Whether the entry fails closed.
 * @param hookName The hook's file name, or empty.
 * @param detail What went wrong.
 * @returns The answer.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { failureAnswer } from "./hook_failure.ts";
 * assert(failureAnswer("pre-tool", true, "a.ts", "it timed out").decision === "deny");
 * assert(failureAnswer("stop", true, "a.ts", "it timed out").decision === undefined);
 * ```
 */
export function failureAnswer(
  event: ContractEvent,
  failClosed: boolean,
  hookName: string,
  detail: string,
): HookAnswer {
  const message = personMessage(failClosed, event, hookName, detail);
  if (failClosed && closes(event)) {
    return {
      decision: "deny",
      reason:
        `A hook that checks this could not give an answer (${detail}), and it is set to fail closed, so this is blocked.`,
      message,
    };
  }
  return { message };
}

function closes(event: ContractEvent): boolean {
  return event === "pre-tool" || event === "prompt";
}

/**
 * The line the person reads about a hook that failed: that it was ignored, or
 * that the action was blocked because it fails closed.
 *
 * @param failClosed Whether the entry fails closed.
 * @param event The contract event.
 * @param hookName The hook's file name, or empty.
 * @param detail What went wrong.
 * @returns The line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { personMessage } from "./hook_failure.ts";
 * assert(personMessage(false, "stop", "", "no").startsWith("everyhook ignored the hook"));
 * ```
 */
export function personMessage(
  failClosed: boolean,
  event: ContractEvent,
  hookName: string,
  detail: string,
): string {
  const name = hookName === "" ? "the hook" : `the hook "${hookName}"`;
  return failClosed && closes(event)
    ? `everyhook blocked this because ${name} failed (--fail-closed): ${detail}`
    : `everyhook ignored ${name}: ${detail}`;
}

/** The longest reason taken from a hook's stderr, in characters. */
export const MAX_REASON = 8000;

/**
 * A hook's stderr as a reason: terminal colour codes taken out, trimmed, and
 * cut at {@linkcode MAX_REASON} characters.
 *
 * @param stderr What the hook printed on stderr.
 * @returns The reason.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { reasonText } from "./hook_failure.ts";
 * assert(reasonText("\x1b[31merror\x1b[0m: no\n") === "error: no");
 * ```
 */
export function reasonText(stderr: string): string {
  // deno-lint-ignore no-control-regex
  const plain = stderr.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").trim();
  return plain.length > MAX_REASON ? `${plain.slice(0, MAX_REASON - 3)}...` : plain;
}
