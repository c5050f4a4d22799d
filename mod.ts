/**
 * everyhook: one contract for a coding agent's hook, and one adapter per agent.
 * A hook reads one JSON document on stdin and may print one answer on stdout;
 * everyhook turns each agent's own JSON into that document and the answer back.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { findAgent, translate } from "./mod.ts";
 * const agent = findAgent("claude-code");
 * assert(agent !== undefined && typeof translate === "function");
 * ```
 *
 * Run as a program (`deno run jsr:@everyhook/cli <command>`), it is the
 * command line: the CLI's code is loaded only then, so importing the library
 * loads none of it. Every export is named here: the contract and its errors,
 * the agents and their tables, the translation and `run`'s adapter, and the
 * commands' library calls (install, uninstall, restore, list, bench, explain,
 * the recordings); the helpers they are made of stay internal.
 *
 * @module
 */

export {
  type AnswerReading,
  CONTRACT_VERSION,
  type ContractEvent,
  type Decision,
  DECISIONS,
  EVENTS,
  type HookAnswer,
  type HookDocument,
  isContractEvent,
  readAnswer,
  type SessionSource,
  STOP_STATUSES,
  type StopInfo,
  type StopStatus,
  type SubagentInfo,
  TOOL_KINDS,
  type ToolCall,
  type ToolKind,
} from "./src/contract/contract.ts";
export { type ErrorCode, EveryhookError, EXIT } from "./src/contract/errors.ts";
export {
  DEFAULT_REASON,
  DEFAULT_STOP_REASON,
  translate,
  type TranslateOptions,
  type Translation,
} from "./src/run/translate.ts";
export {
  type Agent,
  type AgentEvent,
  ANSWER_PARTS,
  type AnswerPart,
  type Basis,
  type Cell,
  type Effect,
  type EntryLayout,
  type EntryTrust,
  type EventCells,
  type Fact,
  type FileLocation,
  type HookSwitch,
  type InstallInfo,
  type MatcherSyntax,
  type ProjectFolder,
  type ReadContext,
  type ReadLocation,
  type StopSays,
  type SwitchWhen,
  type Template,
  type ToolTable,
  type TranscriptFormat,
  type TrustedEntry,
} from "./src/agents/types.ts";
export type {
  ChatHeadless,
  ChatRecording,
  HeadlessRun,
  HeadlessShows,
  PayloadTest,
  PluginHeadless,
  RecordedStep,
  RecordingPick,
  RunTemplate,
  ToolTemplate,
} from "./src/agents/headless.ts";
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
export { type HookOutcome, type HookSpec, runHook } from "./src/run/hook_process.ts";
export { type HostFacts } from "./src/run/hook_plan.ts";
export { type Scope, type SystemPath, systemPaths, SYSTEMS } from "./src/settings/locations.ts";
export {
  type EntryReport,
  install,
  type InstallOptions,
  type InstallReport,
  type InstallResult,
} from "./src/install/install.ts";
export {
  uninstall,
  type UninstallOptions,
  type UninstallReport,
  type UninstallResult,
} from "./src/install/uninstall.ts";
export {
  type BackupRow,
  restore,
  type RestoreOptions,
  type RestoreReport,
  type RestoreResult,
} from "./src/install/restore.ts";
export { type InstallWorld } from "./src/install/config_file.ts";
export { type LoadHow, type LoadResult } from "./src/hook_script/load_check.ts";
export { type SdkImport } from "./src/hook_script/sdk_import.ts";
export { type LineMode } from "./src/settings/command_line.ts";
export {
  type FolderCondition,
  type ListedEntry,
  type ListedFile,
  listHooks,
  type Listing,
  type ListWorld,
  type Problem,
  type ProblemKind,
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
export { type Printed } from "./src/contract/printed.ts";
export { type Fixture, loadConformance, loadFixtures } from "./src/readers/recorded.ts";
export {
  type Heard,
  type HookPrint,
  type Said,
  type SpokenProtocol,
  type WriteContext,
} from "./src/speaks/types.ts";
export { type SpokenRun } from "./src/run/spoken_call.ts";

if (import.meta.main) {
  const { start } = await import("./cli.ts");
  await start();
}
