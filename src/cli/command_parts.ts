/**
 * The options, operands and environment variables several commands share, for
 * the command table (commands.ts): declared once here. Data only; on `run`'s
 * path, it imports types and the contract's timeout ceiling alone.
 *
 * @module
 */

import type { FlagSpec, OperandSpec, ValueRule } from "./args.ts";
import type { EnvVar } from "./command_types.ts";
import { MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS } from "../contract/contract.ts";

/**
 * The one rule for `--timeout` (run, bench, install): whole seconds, at least
 * one, at most an hour. Whole, because install writes it into the agents'
 * files, whose timeout fields take whole numbers.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { TIMEOUT_RULE } from "./command_parts.ts";
 * assert(TIMEOUT_RULE.max === 3600);
 * ```
 */
export const TIMEOUT_RULE: ValueRule & { kind: "seconds" } = {
  kind: "seconds",
  min: MIN_TIMEOUT_SECONDS,
  max: MAX_TIMEOUT_SECONDS,
};

const JSON_FLAG: FlagSpec = {
  name: "json",
  kind: "boolean",
  text: "print one JSON document instead of text (everyhook --json <command> does the same)",
};
const DRY_RUN: FlagSpec = {
  name: "dry-run",
  kind: "boolean",
  text: "show what would change and write nothing, not even a backup",
};
const AGENTS_FLAG: FlagSpec = {
  name: "agent",
  kind: "list",
  value: "<a,b,...>",
  text: "the agents, by id or short name (everyhook --help lists them)",
};
const ALL: FlagSpec = { name: "all", kind: "boolean", text: "every agent" };
const SCOPE: FlagSpec = {
  name: "scope",
  kind: "string",
  value: "user|project",
  rule: { kind: "one-of", values: ["user", "project"] },
  text: "the user's file (the default) or the project's (the default with --project)",
};
const PROJECT: FlagSpec = {
  name: "project",
  kind: "string",
  value: "<dir>",
  text: "the project folder (default: the current folder)",
};
const FAIL_CLOSED: FlagSpec = {
  name: "fail-closed",
  kind: "boolean",
  text: "a hook that fails is a deny before a tool and on a prompt",
};
const timeout = (text: string, seconds: number): FlagSpec => ({
  name: "timeout",
  kind: "string",
  value: "<seconds>",
  default: String(seconds),
  rule: TIMEOUT_RULE,
  text,
});
const events = (text: string, all: boolean, byDefault?: string): FlagSpec => ({
  name: "event",
  kind: "list",
  value: all ? "<e,f,...|all>" : "<e,f,...>",
  text,
  ...(byDefault === undefined ? {} : { default: byDefault }),
});
const HOOK: OperandSpec = { name: "hook", required: true, text: "a file, or a program on PATH" };
const HOOK_ARGS: OperandSpec = {
  name: "args",
  required: false,
  many: true,
  text: "the hook's own arguments",
};

const SPEAKS: FlagSpec = {
  name: "speaks",
  kind: "string",
  value: "<agent>",
  text:
    "the hook is written for this agent's own hook protocol: it gets that agent's payload, and its output is read as that agent reads it (docs/bring-your-own-hooks.md)",
};
const ONLY_TOOLS: FlagSpec = {
  name: "only-tools",
  kind: "string",
  value: "<kinds>",
  text:
    "with --speaks: call the hook only for these kinds of tool call (shell, edit, write, read, mcp, agent), where the agent's event takes no matcher",
};

const VERIFY_SPEAKS: FlagSpec = {
  ...SPEAKS,
  text:
    "also run this agent's own hooks in each agent, imported into its copy as import --from would (the original commands need your yes too)",
};

const HOME: EnvVar = { name: "HOME", text: "the home folder (USERPROFILE on Windows)" };
/** The variables that move an agent's folder: the help names them from the agents' modules. */
const AGENT_HOMES: readonly EnvVar[] = [
  { name: "<agent>", text: "the variables that move an agent's folder", agentFolders: true },
];
const PATH: EnvVar = { name: "PATH", text: "where bash, pwsh and bare hook names are found" };

/**
 * The shared parts, by name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SHARED } from "./command_parts.ts";
 * assert(SHARED.JSON_FLAG.name === "json" && SHARED.events("x", true).kind === "list");
 * ```
 */
export const SHARED: {
  readonly JSON_FLAG: FlagSpec;
  readonly DRY_RUN: FlagSpec;
  readonly AGENTS_FLAG: FlagSpec;
  readonly ALL: FlagSpec;
  readonly SCOPE: FlagSpec;
  readonly PROJECT: FlagSpec;
  readonly FAIL_CLOSED: FlagSpec;
  readonly timeout: (text: string, seconds: number) => FlagSpec;
  readonly events: (text: string, all: boolean, byDefault?: string) => FlagSpec;
  readonly HOOK: OperandSpec;
  readonly HOOK_ARGS: OperandSpec;
  readonly SPEAKS: FlagSpec;
  readonly ONLY_TOOLS: FlagSpec;
  readonly VERIFY_SPEAKS: FlagSpec;
  readonly HOME: EnvVar;
  readonly AGENT_HOMES: readonly EnvVar[];
  readonly PATH: EnvVar;
} = {
  JSON_FLAG,
  DRY_RUN,
  AGENTS_FLAG,
  ALL,
  SCOPE,
  PROJECT,
  FAIL_CLOSED,
  timeout,
  events,
  HOOK,
  HOOK_ARGS,
  SPEAKS,
  ONLY_TOOLS,
  VERIFY_SPEAKS,
  HOME,
  AGENT_HOMES,
  PATH,
};
