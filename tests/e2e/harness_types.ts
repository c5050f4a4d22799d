/**
 * The shapes the end-to-end harness shares: a recorded fixture, a conformance
 * file, and what each agent's harness module provides.
 *
 * @module
 */

// The fixture and conformance shapes are the library's own: the recorder writes what
// src/recorded.ts and src/conformance.ts read.
import type { Fixture as RecordedFixture } from "../../src/readers/recorded.ts";
import type { ConformanceFile } from "../../src/contract/conformance.ts";
export type { ConformanceCase, ConformanceFile } from "../../src/contract/conformance.ts";

/** One recorded (or documented) payload as the recorder writes it: fixtures/<agent>/<event>.<variant>.json */
export type Fixture = Omit<RecordedFixture, "file">;

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
