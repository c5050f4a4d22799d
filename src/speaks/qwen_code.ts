/**
 * Qwen Code's hook protocol spoken the other way: the payload Qwen Code sends
 * (Claude-shaped: its own tool names and shapes, `QWEN_PROJECT_DIR`), and a
 * Qwen Code hook's output read as Qwen Code reads it, each rule resting on
 * fixtures/qwen-code/ and the cases of fixtures/conformance/qwen-code.json
 * (where the binary ignored a form, that form decides nothing here either),
 * or on its hooks reference. On `run`'s path: loads Qwen Code's module alone.
 *
 * @module
 */

import { qwenCode } from "../agents/qwen_code.ts";
import type { SpokenProtocol } from "./types.ts";
import {
  AGENT_FIELDS,
  eventBases,
  fileTools,
  spokenBases,
  type ToolShapes,
} from "./_tool_input.ts";
import { bashShell, spokenEvents } from "./_spoken.ts";
import { snakeCaseWriter } from "./_snake_case_write.ts";
import { snakeCaseReader } from "./_snake_case_read.ts";

const { documented, sent, seen } = spokenBases(qwenCode);

const TOOLS: ToolShapes = {
  ...fileTools({
    path: "file_path",
    shell: ["run_shell_command", "description"],
    write: ["write_file", "content"],
    edit: ["edit", "old_string", "new_string"],
    read: ["read_file"],
  }, sent),
  agent: {
    name: "agent",
    fields: [
      AGENT_FIELDS.description,
      AGENT_FIELDS.prompt,
      AGENT_FIELDS.type,
    ],
    basis: sent("pre-tool.agent"),
  },
};

/**
 * Qwen Code's hook protocol, spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenCodeSpoken } from "./qwen_code.ts";
 * const heard = qwenCodeSpoken.read({ exit: 2, stdout: "", stderr: "no" }, "pre-tool", "PreToolUse");
 * assert.deepEqual(heard.answer, { decision: "deny", reason: "no" });
 * ```
 */
export const qwenCodeSpoken: SpokenProtocol = {
  id: qwenCode.id,
  name: qwenCode.name,
  events: spokenEvents(qwenCode, eventBases(sent, { "session-end": documented() })),
  shell: bashShell(documented()),
  defaultTimeout: {
    seconds: 60,
    text: "a command hook whose entry names no timeout may run 60 seconds (60000 ms)",
    basis: documented(),
  },
  write: snakeCaseWriter({
    agent: qwenCode,
    tools: TOOLS,
    mcp: {
      pattern: /^mcp__[^_].*__./,
      form: "mcp__<server>__<tool>",
      basis: documented("pretooluse"),
    },
    failure: { native: "PostToolUseFailure", basis: sent("post-tool.shell-failed") },
    shellResponse: null,
    response: sent("post-tool.shell-harmless"),
    sources: ["startup", "resume", "clear", "compact"],
    sourceBasis: sent("session-start.startup"),
    endReasons: ["clear", "logout", "prompt_input_exit", "other"],
    stopBasis: sent("stop.continued"),
    common: sent("pre-tool.shell-force-push"),
    envVar: { name: "QWEN_PROJECT_DIR", basis: documented() },
  }),
  read: snakeCaseReader({
    name: qwenCode.name,
    exit2: {
      "pre-tool": {
        as: "deny",
        text: "exit 2 refuses the tool call, stderr the reason",
        basis: seen("pre-exit2-stderr"),
      },
      "post-tool": {
        as: "none",
        text: "exit 2 after a tool did not reach the model",
        basis: seen("post-exit2-stderr"),
      },
      prompt: { as: "deny", text: "exit 2 refuses the prompt", basis: seen("ups-exit2-stderr") },
      stop: {
        as: "deny",
        text: "exit 2 at a stop sends the agent back with stderr",
        basis: seen("stop-exit2-stderr"),
      },
    },
    exit2Empty: {
      blocks: false,
      text: "exit 2 with nothing on stderr refused nothing: the tool ran",
      basis: seen("pre-exit2-empty"),
    },
    otherExit: seen("pre-exit1-stderr"),
    jsonOnError: null,
    empty: seen("pre-nothing"),
    plain: seen("pre-plain-text"),
    broken: seen("pre-bad-json"),
    plainContext: { "session-start": seen("ss-plain-text") },
    specificName: {
      required: false,
      text: "hookSpecificOutput without hookEventName is read too",
      basis: seen("pre-deny-no-eventname"),
    },
    permission: {
      deny: {
        as: "deny",
        text: 'permissionDecision "deny" with its reason',
        basis: seen("pre-deny-json"),
      },
      ask: {
        as: "ask",
        text: 'permissionDecision "ask": the person is asked',
        basis: seen("pre-ask"),
      },
      allow: {
        as: "allow",
        text: 'permissionDecision "allow" approves the call',
        basis: documented("pretooluse"),
      },
    },
    updatedInput: {
      works: false,
      text: "updatedInput was not used: Qwen Code ran the original command",
      basis: seen("pre-updated-input"),
    },
    context: {
      "pre-tool": {
        adds: false,
        text: "additionalContext before a tool did not reach the model",
        basis: seen("pre-context"),
      },
      "post-tool": {
        adds: true,
        text: "additionalContext after a tool is added to the model's context",
        basis: seen("post-context"),
      },
      prompt: {
        adds: true,
        text: "additionalContext on a prompt is added to the model's context",
        basis: seen("ups-context"),
      },
      "session-start": {
        adds: true,
        text: "additionalContext at a session start is added to the model's context",
        basis: seen("ss-context"),
      },
    },
    stopContext: {
      sendsBack: true,
      text: "additionalContext at a stop sends the agent back (Qwen Code without its text)",
      basis: seen("stop-context"),
    },
    block: {
      prompt: seen("ups-block"),
      stop: seen("stop-block"),
      "subagent-stop": seen("subagent-stop-block"),
    },
    older: { block: seen("pre-block-legacy"), deny: seen("pre-deny-top-level") },
    systemMessage: seen("pre-systemmessage"),
    continueFalse: {
      denies: true,
      text: "continue false refused the tool call, stopReason the reason",
      basis: seen("pre-continue-false"),
    },
  }),
};
