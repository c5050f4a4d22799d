/**
 * The arguments that put a hook written with the SDK into direct mode, where
 * the agent starts the hook itself and the hook does everyhook's part (reads
 * the agent's JSON, builds the document, translates the answer):
 * `--everyhook-agent <agent> --everyhook-event <event> [--everyhook-timeout <s>]
 * [--everyhook-fail-closed]` after the hook's path. install writes them and
 * reads them back; the hook reads them from `Deno.args`. Imports only the
 * contract's timeout ceiling.
 *
 * @module
 */

import { MAX_TIMEOUT_SECONDS } from "../contract/contract.ts";

/** The flags of direct mode. */
export const DIRECT_FLAGS = {
  agent: "--everyhook-agent",
  event: "--everyhook-event",
  timeout: "--everyhook-timeout",
  failClosed: "--everyhook-fail-closed",
} as const;

/** How long the handler may take when no timeout is given, in seconds (as `run`'s default). */
export const DIRECT_DEFAULT_TIMEOUT = 25;

/** What direct mode's arguments say. */
export interface DirectArgs {
  /** The agent's id (or a short name). */
  agent: string;
  /** The contract event, or the agent's own name for it. */
  event: string;
  /** The seconds the handler may take before the hook answers without it. */
  timeout: number;
  /** A handler that fails (throws, answers wrongly, runs too long) denies before a tool and on a prompt. */
  failClosed: boolean;
}

/** Reading direct mode's arguments: not direct mode, the arguments, or what is wrong with them. */
export type DirectArgsReading =
  | { kind: "contract" }
  | { kind: "direct"; args: DirectArgs }
  | { kind: "bad"; problem: string };

/**
 * Whether some arguments ask for direct mode, and what they say. Words that
 * are not direct mode's flags are left to the hook, so a hook may take its own.
 *
 * @param words The hook's arguments (`Deno.args`).
 * @returns `contract` when `--everyhook-agent` is not among them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readDirectArgs } from "./direct_args.ts";
 * const r = readDirectArgs(["--everyhook-agent", "codex", "--everyhook-event=pre-tool"]);
 * assert(r.kind === "direct" && r.args.event === "pre-tool" && r.args.timeout === 25);
 * assert(readDirectArgs(["-v"]).kind === "contract");
 * ```
 */
export function readDirectArgs(words: readonly string[]): DirectArgsReading {
  const values = new Map<string, string>();
  let failClosed = false;
  let direct = false;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    const eq = word.indexOf("=");
    const name = eq < 0 ? word : word.slice(0, eq);
    if (name === DIRECT_FLAGS.failClosed) {
      if (eq >= 0) return { kind: "bad", problem: `"${name}" takes no value` };
      failClosed = true;
      continue;
    }
    if (
      name !== DIRECT_FLAGS.agent && name !== DIRECT_FLAGS.event && name !== DIRECT_FLAGS.timeout
    ) {
      continue;
    }
    if (name === DIRECT_FLAGS.agent) direct = true;
    const value = eq >= 0 ? word.slice(eq + 1) : words[++i];
    if (value === undefined || value === "") {
      return { kind: "bad", problem: `"${name}" needs a value` };
    }
    values.set(name, value);
  }
  if (!direct) {
    return values.size > 0 || failClosed
      ? { kind: "bad", problem: `"${DIRECT_FLAGS.agent}" is required in direct mode` }
      : { kind: "contract" };
  }
  const event = values.get(DIRECT_FLAGS.event);
  if (event === undefined) {
    return { kind: "bad", problem: `"${DIRECT_FLAGS.event}" is required in direct mode` };
  }
  const timeoutText = values.get(DIRECT_FLAGS.timeout);
  const timeout = timeoutText === undefined ? DIRECT_DEFAULT_TIMEOUT : Number(timeoutText);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT_SECONDS) {
    return {
      kind: "bad",
      problem:
        `"${DIRECT_FLAGS.timeout}" must be seconds from 0 to ${MAX_TIMEOUT_SECONDS}, not "${timeoutText}"`,
    };
  }
  return {
    kind: "direct",
    args: { agent: values.get(DIRECT_FLAGS.agent) as string, event, timeout, failClosed },
  };
}

/**
 * The words that put a hook into direct mode, in the order install writes them.
 *
 * @param args What they say.
 * @returns The words, to follow the hook's path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { directWords } from "./direct_args.ts";
 * const w = directWords({ agent: "codex", event: "stop", timeout: 28, failClosed: true });
 * assert(w.join(" ") === "--everyhook-agent codex --everyhook-event stop --everyhook-timeout 28 --everyhook-fail-closed");
 * ```
 */
export function directWords(args: DirectArgs): string[] {
  return [
    DIRECT_FLAGS.agent,
    args.agent,
    DIRECT_FLAGS.event,
    args.event,
    DIRECT_FLAGS.timeout,
    String(args.timeout),
    ...(args.failClosed ? [DIRECT_FLAGS.failClosed] : []),
  ];
}
