/**
 * What a spoken protocol is: the other direction of an agent module. An agent
 * module reads its agent's payload into the contract's document and writes an
 * answer in its agent's JSON; a spoken protocol writes the payload its agent
 * would have sent for a document, and reads a hook written for that agent
 * (its exit code, stdout and stderr) into the contract's answer. `run
 * --speaks <agent>` puts one between the calling agent and a hook written for
 * another agent. Every rule carries what it rests on. On `run`'s path: imports
 * only types.
 *
 * @module
 */

import type { ContractEvent, HookAnswer, HookDocument } from "../contract/contract.ts";
import type { Fact } from "../agents/types.ts";

/** What writing a payload needs besides the document. */
export interface WriteContext {
  /** everyhook's own folder: the folder used when the document names none. */
  cwd: string;
  /** The environment the calling agent gave everyhook. */
  env: Readonly<Record<string, string>>;
}

/**
 * The payload the spoken agent would have sent for a document, or why the call
 * cannot be said in its words (the hook is then not called).
 */
export type Said =
  | {
    ok: true;
    /** The spoken agent's name for the event the payload is sent under. */
    nativeEvent: string;
    /** The payload, as the hook reads it on stdin. */
    payload: Record<string, unknown>;
    /** What the spoken agent sets in its hooks' environment, added to the caller's. */
    env: Record<string, string>;
    /** The rules the payload was written by, each with its basis. */
    rules: Fact[];
    /**
     * The calling agent's tool input for an input the hook rewrote in the
     * spoken agent's shape, or why it cannot be carried back.
     */
    inputBack(input: Record<string, unknown>): { input: Record<string, unknown> } | {
      why: string;
    };
  }
  | {
    ok: false;
    /** Why the call cannot be said in the spoken agent's words. */
    why: string;
    /** What that rests on. */
    rules: Fact[];
  };

/** What a hook that ran printed, and how it ended. */
export interface HookPrint {
  /** The exit code. */
  exit: number;
  /** Its stdout. */
  stdout: string;
  /** Its stderr. */
  stderr: string;
}

/**
 * A hook's output read with the spoken agent's meanings: the contract's
 * answer, or a failure the spoken agent treats as no decision (its exit codes
 * other than the blocking one).
 */
export interface Heard {
  /** The answer in the contract's words (its input still in the spoken agent's shape). */
  answer: HookAnswer;
  /** Set when the spoken agent counts the output as the hook failing (it then decides nothing). */
  failure?: string;
  /** The rules the output was read by, each with its basis. */
  rules: Fact[];
}

/**
 * One agent's hook protocol spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import type { SpokenProtocol } from "./types.ts";
 * import { claudeCodeSpoken } from "./claude_code.ts";
 * const spoken: SpokenProtocol = claudeCodeSpoken;
 * assert.equal(spoken.events["pre-tool"]?.native, "PreToolUse");
 * ```
 */
export interface SpokenProtocol {
  /** The spoken agent's id. */
  id: string;
  /** The spoken agent's name. */
  name: string;
  /** The spoken agent's name for each contract event it has, with its basis. */
  events: Readonly<Partial<Record<ContractEvent, Fact & { native: string }>>>;
  /**
   * The program and its first arguments the spoken agent runs a hook's command
   * string with (the string comes last), with its basis.
   */
  shell: Fact & { argv: readonly string[] };
  /** The timeout the spoken agent gives a command hook whose entry names none, with its basis. */
  defaultTimeout: Fact & { seconds: number };
  /** Write the payload the spoken agent would send for this document. */
  write(doc: HookDocument, context: WriteContext): Said;
  /** Read what the hook printed, as the spoken agent reads it at the event it was sent under. */
  read(print: HookPrint, event: ContractEvent, nativeEvent: string): Heard;
}
