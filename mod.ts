/**
 * everyhook: one contract for a coding agent's hook, and one adapter per agent.
 * A hook reads one JSON document on stdin and may print one answer on stdout;
 * everyhook turns each agent's own JSON into that document and the answer back.
 *
 * @example Usage
 * ```ts
 * import { findAgent, translate } from "./mod.ts";
 * const agent = findAgent("claude-code");
 * console.assert(agent !== undefined && typeof translate === "function");
 * ```
 *
 * Run as a program (`deno run jsr:@everyhook/cli <command>`), it is the
 * command line: the CLI's code is loaded only then, so importing the library
 * loads none of it.
 *
 * @module
 */

export * from "./src/contract/contract.ts";
export * from "./src/contract/errors.ts";
export * from "./src/run/translate.ts";
export * from "./src/agents/types.ts";
export { AGENTS, findAgent } from "./src/agents/mod.ts";
export {
  DEFAULT_TIMEOUT_SECONDS,
  type FailureKind,
  type HookStatus,
  MAX_INPUT,
  runAdapter,
  type RunInput,
  type RunOptions,
  type RunResult,
} from "./src/run/run.ts";
export { readTail, TRANSCRIPT_TAIL } from "./src/run/transcript_tail.ts";
export { type HookOutcome, type HookSpec, OUTPUT_CAP, runHook } from "./src/run/hook_process.ts";
export {
  type HookPlan,
  type HostFacts,
  hostFacts,
  planHook,
  shebangPermissions,
} from "./src/run/hook_plan.ts";
export { findOnPath } from "./src/run/path_search.ts";
export { type Scope, type SystemPath, systemPaths, SYSTEMS } from "./src/hooks_files/locations.ts";
export {
  type EntryReport,
  install,
  type InstallOptions,
  type InstallReport,
  type InstallResult,
} from "./src/hooks_files/install.ts";
export {
  uninstall,
  type UninstallOptions,
  type UninstallReport,
  type UninstallResult,
} from "./src/hooks_files/uninstall.ts";
export {
  type BackupRow,
  restore,
  type RestoreOptions,
  type RestoreReport,
  type RestoreResult,
} from "./src/hooks_files/restore.ts";
export { type InstallWorld } from "./src/hooks_files/config_file.ts";
export { type LineMode } from "./src/hooks_files/command_line.ts";
export {
  type FolderCondition,
  type ListedEntry,
  type ListedFile,
  listHooks,
  type Listing,
  type ListWorld,
} from "./src/readers/list.ts";
export { bench, type BenchOptions, type BenchResult } from "./src/readers/bench.ts";
export {
  type AgentExplained,
  type AnswerExplained,
  differences,
  type EventExplained,
  explainAgent,
  type ExplainCell,
  explainEvent,
  type ExplainRow,
} from "./src/readers/explain.ts";
export { type ConformanceCase, type ConformanceFile } from "./src/contract/conformance.ts";
export { type Fixture, loadConformance, loadFixtures } from "./src/readers/recorded.ts";

if (import.meta.main) {
  const { start } = await import("./cli.ts");
  await start();
}
