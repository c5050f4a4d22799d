/**
 * The `run` command's row of the command table, in a module of its own so that
 * `run`, which starts on every tool call, reads its arguments by its row
 * without loading the whole table (the table lists it among the others). On
 * `run`'s path: imports only types, the shared parts and the permissions.
 *
 * @module
 */

import type { CommandSpec } from "./command_types.ts";
import { RUN_PERMISSIONS } from "../os/runtime.ts";
import { SHARED } from "./command_parts.ts";

const { JSON_FLAG, FAIL_CLOSED, timeout, HOOK, HOOK_ARGS, PATH, SPEAKS, ONLY_TOOLS } = SHARED;

/**
 * `run --agent <a> --event <e> [...] -- <hook> [args...]`: what the agents call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { RUN_COMMAND } from "./command_run.ts";
 * assert.ok(RUN_COMMAND.flags.some((f) => f.name === "agent" && f.required));
 * ```
 */
export const RUN_COMMAND: CommandSpec = {
  name: "run",
  group: "run",
  summary:
    "Read the agent's JSON on stdin, give the hook the contract's document, and print the agent's JSON for the hook's answer. The agents call this; install writes it into their files.",
  flags: [
    {
      name: "agent",
      kind: "string",
      value: "<agent>",
      required: true,
      text: "the agent that calls",
    },
    {
      name: "event",
      kind: "string",
      value: "<event>",
      required: true,
      text: "the contract event this entry is for (the agent's own name for it works too)",
    },
    SPEAKS,
    ONLY_TOOLS,
    FAIL_CLOSED,
    timeout("how long the hook may run", 25),
    {
      name: "in-project",
      kind: "boolean",
      text:
        "the hook is named relative to the project: read from the agent's project variable, or the nearest folder up holding its project settings file (what sync writes)",
    },
    { ...JSON_FLAG, text: "print the whole result instead of the agent's JSON" },
  ],
  operands: [HOOK, HOOK_ARGS],
  operandsEndOptions: true,
  examples: [
    {
      line: "run --agent claude-code --event pre-tool -- /home/me/hooks/guard.ts",
      text: "what install writes into Claude Code's settings",
    },
    {
      line: "run --agent codex --event stop --timeout 10 -- ./check.sh --strict",
      text: "the hook gets --strict; it is stopped after 10 seconds",
    },
    {
      line: "run --agent codex --event pre-tool --speaks claude-code -- bash -c ./claude-guard.sh",
      text: "a hook written for Claude Code, called from Codex CLI",
    },
  ],
  env: [{ name: "EVERYHOOK_DEBUG", text: "1: log each step to stderr" }, PATH],
  permissions: RUN_PERMISSIONS,
};
