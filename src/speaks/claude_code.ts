/**
 * Claude Code's hook protocol spoken the other way: the payload Claude Code
 * sends for a document, and a Claude Code hook's exit code, stdout and stderr
 * read into the contract's answer, every form Claude Code accepts (exit 2 per
 * event, the JSON fields, the older top-level decisions, plain stdout as
 * context where it is one), each rule resting on the recorded payloads in
 * fixtures/claude-code/, the cases in fixtures/conformance/claude-code.json or
 * the hooks reference. The tables feed the Claude-shaped builders
 * (_snake_case_write.ts, _snake_case_read.ts). On `run`'s path: loads Claude
 * Code's agent module and nothing of the other agents'.
 *
 * @module
 */

import { claudeCode } from "../agents/claude_code.ts";
import type { SpokenProtocol } from "./types.ts";
import {
  AGENT_FIELDS,
  eventBases,
  fileTools,
  spokenBases,
  type ToolShapes,
} from "./_tool_input.ts";
import { spokenEvents } from "./_spoken.ts";
import { snakeCaseWriter } from "./_snake_case_write.ts";
import { snakeCaseReader } from "./_snake_case_read.ts";

const { documented, sent, seen } = spokenBases(claudeCode);

/** Claude Code's tool for each kind of call, and the shape of its input. */
const TOOLS: ToolShapes = {
  ...fileTools({
    path: "file_path",
    shell: ["Bash", "description"],
    write: ["Write", "content"],
    edit: ["Edit", "old_string", "new_string", { key: "replace_all", from: ["replace_all"] }],
    read: ["Read", { key: "offset", from: ["offset"] }, { key: "limit", from: ["limit"] }],
  }, sent),
  agent: {
    name: "Agent",
    fields: [
      AGENT_FIELDS.description,
      AGENT_FIELDS.prompt,
      AGENT_FIELDS.type,
    ],
    basis: sent("pre-tool.agent"),
  },
};

const EXIT_2_AT_SESSION = documented("exit-code-2-behavior-per-event");

/**
 * Claude Code's hook protocol, spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { claudeCodeSpoken } from "./claude_code.ts";
 * const heard = claudeCodeSpoken.read({ exit: 2, stdout: "", stderr: "no force push" }, "pre-tool", "PreToolUse");
 * assert.deepEqual(heard.answer, { decision: "deny", reason: "no force push" });
 * ```
 */
export const claudeCodeSpoken: SpokenProtocol = {
  id: claudeCode.id,
  name: claudeCode.name,
  events: spokenEvents(claudeCode, eventBases(sent)),
  shell: {
    argv: ["bash", "-c"],
    text:
      "a command hook's command string runs through bash (the handler's shell field, bash when absent)",
    basis: documented("command-hook-fields"),
  },
  defaultTimeout: {
    seconds: 600,
    text: "a command hook whose entry names no timeout may run 600 seconds",
    basis: documented("common-fields"),
  },
  write: snakeCaseWriter({
    agent: claudeCode,
    tools: TOOLS,
    mcp: {
      pattern: /^mcp__[^_].*__./,
      form: "mcp__<server>__<tool>",
      basis: documented("match-mcp-tools"),
    },
    failure: { native: "PostToolUseFailure", basis: sent("post-tool.shell-failed") },
    shellResponse: sent("post-tool.shell-harmless"),
    response: documented("posttooluse-input"),
    sources: ["startup", "resume", "clear", "compact", "fork"],
    sourceBasis: documented("sessionstart-input"),
    endReasons: ["clear", "resume", "logout", "prompt_input_exit", "other"],
    stopBasis: sent("stop.continued"),
    common: documented("common-input-fields"),
    envVar: { name: "CLAUDE_PROJECT_DIR", basis: documented("reference-scripts-by-path") },
  }),
  read: snakeCaseReader({
    name: claudeCode.name,
    exit2: {
      "pre-tool": {
        as: "deny",
        text: "exit 2 refuses the tool call, stderr being the reason the model reads",
        basis: seen("pre-exit2-stderr"),
      },
      "post-tool": {
        as: "deny",
        text: "exit 2 after a tool gives stderr to the model as feedback",
        basis: seen("post-exit2"),
      },
      prompt: { as: "deny", text: "exit 2 refuses the prompt", basis: seen("ups-exit2") },
      "session-start": {
        as: "message",
        text: "exit 2 at a session start shows stderr to the person only",
        basis: EXIT_2_AT_SESSION,
      },
      "session-end": {
        as: "message",
        text: "exit 2 at a session end shows stderr to the person only",
        basis: EXIT_2_AT_SESSION,
      },
      stop: {
        as: "deny",
        text: "exit 2 at a stop sends the agent back to work with stderr",
        basis: seen("stop-exit2"),
      },
      "subagent-stop": {
        as: "deny",
        text: "exit 2 at a subagent's stop sends it back to work with stderr",
        basis: EXIT_2_AT_SESSION,
      },
    },
    exit2Empty: {
      blocks: true,
      text:
        "exit 2 with nothing on stderr still refuses (the model reads that there was no stderr)",
      basis: seen("pre-exit2-empty"),
    },
    otherExit: seen("pre-exit1-stderr"),
    jsonOnError: documented("exit-code-output"),
    empty: seen("pre-exit0-empty"),
    plain: seen("pre-plaintext"),
    broken: seen("pre-badjson"),
    plainContext: {
      prompt: documented("exit-code-output"),
      "session-start": seen("ss-plainstdout"),
    },
    specificName: {
      required: true,
      text: "hookSpecificOutput is read only under the event name the payload was sent with",
      basis: seen("pre-deny-no-eventname"),
    },
    permission: {
      deny: {
        as: "deny",
        text: 'permissionDecision "deny" with permissionDecisionReason',
        basis: seen("pre-deny-json"),
      },
      ask: {
        as: "ask",
        text: 'permissionDecision "ask" with permissionDecisionReason',
        basis: seen("pre-ask-noperm"),
      },
      allow: {
        as: "allow",
        text: 'permissionDecision "allow" with permissionDecisionReason',
        basis: seen("pre-allow-noperm"),
      },
      defer: {
        as: null,
        text:
          'permissionDecision "defer" hands the call to Claude Code\'s own permission flow: no decision',
        basis: documented("pretooluse-decision-control"),
      },
    },
    updatedInput: {
      works: true,
      text: "updatedInput replaces the tool input",
      basis: seen("pre-updated-input-noallow"),
    },
    context: {
      "pre-tool": {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("pre-addctx"),
      },
      "post-tool": {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("post-addctx"),
      },
      prompt: {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("ups-addctx"),
      },
      "session-start": {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("ss-addctx"),
      },
    },
    stopContext: {
      sendsBack: true,
      text: "additionalContext at a stop sends the agent back to work with it",
      basis: seen("stop-addctx"),
    },
    block: {
      "post-tool": seen("post-block"),
      prompt: seen("ups-block"),
      stop: seen("stop-block"),
      "subagent-stop": seen("subagent-stop-block"),
    },
    older: {
      block: documented("pretooluse-decision-control"),
      approve: documented("pretooluse-decision-control"),
    },
    systemMessage: seen("pre-systemmessage"),
    continueFalse: {
      denies: true,
      text:
        "continue false ends Claude Code's run, which the contract cannot ask of another agent: it is read as a deny, stopReason the reason",
      basis: seen("pre-continue-false"),
    },
  }),
};
