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
 * @module
 */

export * from "./src/contract.ts";
export * from "./src/errors.ts";
export * from "./src/translate.ts";
export * from "./src/agents/types.ts";
export { AGENTS, findAgent } from "./src/agents/mod.ts";
export {
  DEFAULT_TIMEOUT_SECONDS,
  type FailureKind,
  type HookStatus,
  MAX_INPUT,
  readTail,
  runAdapter,
  type RunInput,
  type RunOptions,
  type RunResult,
  TRANSCRIPT_TAIL,
} from "./src/run.ts";
export {
  findOnPath,
  type HookOutcome,
  type HookPlan,
  type HookSpec,
  type HostFacts,
  hostFacts,
  OUTPUT_CAP,
  planHook,
  runHook,
  shebangPermissions,
} from "./src/hook_process.ts";
