/**
 * The recorded conformance files (fixtures/conformance/<agent>.json): what each
 * real binary did with each raw hook output. `explain` reads them; the recorder
 * in tests/e2e writes them.
 *
 * @module
 */

/** One raw hook output put to a real binary, and what it did. */
export interface ConformanceCase {
  /** A stable id, such as pre-exit2-stderr. */
  id: string;
  /** The contract event. */
  event: string;
  /** The agent's own event name. */
  nativeEvent: string;
  /** What the hook did. */
  hook: {
    stdout?: string;
    stderr?: string;
    exit: number;
    sleepSeconds?: number;
    timeoutSeconds?: number;
  };
  /** Did the tool run (or the prompt go to the model); null where it does not apply. */
  toolRan: boolean | null;
  /** Did the hook's text reach the model. */
  reachedModel: boolean | null;
  /** Did the agent go back to work (stop events). */
  continued: boolean | null;
  /** Did the run end early. */
  runEnded: boolean;
  /** What the model was shown, where it was. */
  modelSaw?: string;
  /** Anything else worth knowing. */
  notes?: string;
}

/** One agent's conformance file. */
export interface ConformanceFile {
  /** everyhook's agent id. */
  agent: string;
  /** The binary's version. */
  version: string;
  /** Always "recorded": a conformance file comes from a real binary. */
  source?: "recorded";
  /** The system it ran on. */
  os: string;
  /** The day of the recording. */
  date: string;
  /** The cases. */
  cases: ConformanceCase[];
}

/** The kinds of raw output `explain` compares across agents, in order. */
export const RAW_OUTPUTS = [
  { id: "nothing", title: "nothing, exit 0" },
  { id: "exit2-stderr", title: "exit 2, reason on stderr" },
  { id: "exit2-empty", title: "exit 2, nothing on stderr" },
  { id: "exit1", title: "exit 1, reason on stderr" },
  { id: "exit3", title: "exit 3, reason on stderr" },
  { id: "bad-json", title: "broken JSON on stdout" },
  { id: "plain-text", title: "plain text on stdout" },
  { id: "timeout", title: "runs past its timeout" },
] as const;

/** One of the raw output kinds. */
export type RawOutputKind = typeof RAW_OUTPUTS[number]["id"];

/**
 * Which raw output kind a pre-tool case is, by what its hook did (not by its id,
 * so recorders may name cases freely).
 *
 * @param c A case.
 * @returns The kind, or undefined when the case is of another sort (an agent's own JSON, say).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { rawOutputKind } from "./conformance.ts";
 * const c = { id: "x", event: "pre-tool", nativeEvent: "PreToolUse", hook: { exit: 2, stderr: "no" },
 *   toolRan: false, reachedModel: true, continued: null, runEnded: false };
 * assert(rawOutputKind(c) === "exit2-stderr");
 * ```
 */
export function rawOutputKind(c: ConformanceCase): RawOutputKind | undefined {
  if (c.event !== "pre-tool") return undefined;
  const { stdout = "", stderr = "", exit, sleepSeconds, timeoutSeconds } = c.hook;
  if (sleepSeconds !== undefined && timeoutSeconds !== undefined && sleepSeconds > timeoutSeconds) {
    return "timeout";
  }
  const out = stdout.trim();
  const err = stderr.trim();
  if (out === "") {
    if (exit === 0) return err === "" ? "nothing" : undefined;
    if (exit === 2) return err === "" ? "exit2-empty" : "exit2-stderr";
    if (exit === 1 && err !== "") return "exit1";
    if (exit === 3 && err !== "") return "exit3";
    return undefined;
  }
  if (exit !== 0) return undefined;
  try {
    JSON.parse(out);
    return undefined;
  } catch {
    return out.startsWith("{") ? "bad-json" : "plain-text";
  }
}

/**
 * What a case's outcome was, in a few words: ran, blocked, blocked+reason,
 * ended, with `run ended` added where the run ended too.
 *
 * @param c A case.
 * @returns The words.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { outcomeText } from "./conformance.ts";
 * const c = { id: "x", event: "pre-tool", nativeEvent: "PreToolUse", hook: { exit: 0 },
 *   toolRan: true, reachedModel: null, continued: null, runEnded: false };
 * assert(outcomeText(c) === "ran");
 * ```
 */
export function outcomeText(c: ConformanceCase): string {
  let text: string;
  if (c.toolRan === true) text = "ran";
  else if (c.toolRan === false) text = c.reachedModel ? "blocked+reason" : "blocked";
  else if (c.continued === true) text = c.reachedModel ? "sent back+reason" : "sent back";
  else if (c.continued === false) text = "stopped";
  else text = c.runEnded ? "ended" : "n/a";
  if (c.runEnded && text !== "ended") text += ", run ended";
  return text;
}
