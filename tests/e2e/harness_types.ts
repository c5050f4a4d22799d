/**
 * The shapes the end-to-end harness shares: a recorded fixture, a conformance
 * file, and what each agent's harness module provides.
 *
 * @module
 */

/** One recorded (or documented) payload: fixtures/<agent>/<event>.<variant>.json */
export interface Fixture {
  /** everyhook's agent id. */
  agent: string;
  /** The agent's version (`documented` fixtures: the doc's date or "docs"). */
  version: string;
  /** `recorded` from the real binary, or `documented` from its reference (Cursor). */
  source: "recorded" | "documented";
  /** Such as "linux x64". */
  os: string;
  /** The day it was recorded, YYYY-MM-DD. */
  date: string;
  /** The contract event. */
  event: string;
  /** The agent's own event name the hook was configured under. */
  nativeEvent: string;
  /** Such as shell-force-push, shell-harmless, edit, write, read, write-env, prompt, startup, end, first, continued. */
  variant: string;
  /** Where a documented fixture comes from (a URL), or how a recorded one was made. */
  note?: string;
  /** What the agent sent the hook on stdin, with paths made <home>, <project>, <tmp>. */
  payload: Record<string, unknown>;
}

/** One raw hook output put to the real binary, and what it did. */
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
  /** Did the tool run (tool events), or was the prompt sent (prompt). null where it does not apply. */
  toolRan: boolean | null;
  /** Did the hook's reason (or context) reach the model: read from the fake API's request log. */
  reachedModel: boolean | null;
  /** Did the agent go back to work (stop events). null where it does not apply. */
  continued: boolean | null;
  /** Did the run end early. */
  runEnded: boolean;
  /** What the model was shown, trimmed, where it was. */
  modelSaw?: string;
  /** Anything else worth knowing. */
  notes?: string;
}

/** fixtures/conformance/<agent>.json */
export interface ConformanceFile {
  agent: string;
  version: string;
  /** Always "recorded" (writeConformance() fills it in when missing). */
  source?: "recorded";
  os: string;
  date: string;
  cases: ConformanceCase[];
}

/** What each agent's harness module (tests/e2e/<agent>_harness.ts) exports as `harness`. */
export interface AgentHarness {
  /** everyhook's agent id. */
  id: string;
  /** Undefined when the binary can run here; otherwise why not (printed when tests skip). */
  unavailable(): Promise<string | undefined>;
  /** Record fixtures/<agent>/*.json from the real binary; returns the files written. */
  recordFixtures(outDir: string): Promise<string[]>;
  /** Put every raw output case to the real binary; returns the conformance file. */
  recordConformance(): Promise<ConformanceFile>;
}
