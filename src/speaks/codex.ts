/**
 * Codex CLI's hook protocol spoken the other way: the payload Codex sends
 * (Claude-shaped: `Bash` for a shell, every edit and write as `apply_patch`
 * with a patch, `mcp__<server>__<tool>`), and a Codex hook's output read as
 * Codex reads it, each rule resting on fixtures/codex/, the cases of
 * fixtures/conformance/codex.json (where the binary ignored a form, it
 * decides nothing here either) or its hooks reference. On `run`'s path:
 * loads Codex CLI's module alone.
 *
 * @module
 */

import { codex } from "../agents/codex.ts";
import type { SpokenProtocol } from "./types.ts";
import { eventBases, FIELD_NAMES, spokenBases, type ToolShapes } from "./_tool_input.ts";
import { spokenEvents } from "./_spoken.ts";
import { snakeCaseWriter } from "./_snake_case_write.ts";
import { snakeCaseReader } from "./_snake_case_read.ts";

const { documented, sent, seen } = spokenBases(codex);

/** Codex's shell; its edits and writes go through `apply_patch` (the writer's `patch`). */
const TOOLS: ToolShapes = {
  shell: {
    name: "Bash",
    fields: [{ key: "command", from: FIELD_NAMES.command, doc: "command", required: true }],
    basis: sent("pre-tool.shell-force-push"),
  },
};

/**
 * Codex CLI's hook protocol, spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexSpoken } from "./codex.ts";
 * const heard = codexSpoken.read({ exit: 2, stdout: "", stderr: "" }, "pre-tool", "PreToolUse");
 * assert.deepEqual(heard.answer, {});
 * ```
 */
export const codexSpoken: SpokenProtocol = {
  id: codex.id,
  name: codex.name,
  events: spokenEvents(codex, eventBases(sent)),
  shell: {
    argv: ["sh", "-c"],
    text: "a command hook's command string runs through the shell, in the session's folder",
    basis: documented("config-shape"),
  },
  defaultTimeout: {
    seconds: 600,
    text: "a command hook whose entry names no timeout may run 600 seconds",
    basis: documented("config-shape"),
  },
  write: snakeCaseWriter({
    agent: codex,
    tools: TOOLS,
    patch: { name: "apply_patch", basis: sent("pre-tool.edit") },
    mcp: { pattern: /^mcp__[^_].*__./, form: "mcp__<server>__<tool>", basis: documented() },
    failure: null,
    shellResponse: null,
    response: sent("post-tool.shell-harmless"),
    sources: ["startup", "resume", "clear", "compact"],
    sourceBasis: sent("session-start.startup"),
    endReasons: ["other"],
    stopBasis: sent("stop.continued"),
    common: sent("pre-tool.shell-force-push"),
    envVar: null,
  }),
  read: snakeCaseReader({
    name: codex.name,
    exit2: {
      "pre-tool": {
        as: "deny",
        text: "exit 2 refuses the tool call, stderr the reason",
        basis: seen("pre-exit2-stderr"),
      },
      "post-tool": {
        as: "deny",
        text: "exit 2 after a tool gives stderr to the model",
        basis: seen("post-exit2-stderr"),
      },
      prompt: { as: "deny", text: "exit 2 refuses the prompt", basis: seen("prompt-exit2-stderr") },
      stop: {
        as: "deny",
        text: "exit 2 at a stop sends the agent back with stderr",
        basis: seen("stop-exit2-stderr"),
      },
    },
    exit2Empty: {
      blocks: false,
      text: "exit 2 with nothing on stderr was marked failed: the tool ran",
      basis: seen("pre-exit2-empty"),
    },
    otherExit: seen("pre-exit1-stderr"),
    jsonOnError: null,
    empty: seen("pre-exit0-nothing"),
    plain: seen("pre-plain-text"),
    broken: seen("pre-not-json"),
    plainContext: {
      prompt: seen("prompt-plain-text"),
      "session-start": seen("session-start-plain-text"),
    },
    specificName: {
      required: true,
      text: "hookSpecificOutput names the event it answers in hookEventName",
      basis: documented(),
    },
    permission: {
      deny: {
        as: "deny",
        text: 'permissionDecision "deny" with its reason',
        basis: seen("pre-deny"),
      },
      ask: {
        as: null,
        text: 'permissionDecision "ask" was marked failed: the tool ran',
        basis: seen("pre-ask"),
      },
      allow: {
        as: null,
        text: 'permissionDecision "allow" was marked failed: the tool ran',
        basis: seen("pre-allow"),
      },
    },
    updatedInput: {
      works: true,
      text: "updatedInput replaces the tool input",
      basis: seen("pre-allow-rewrite"),
    },
    context: {
      "pre-tool": {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("pre-context"),
      },
      "post-tool": {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("post-context"),
      },
      prompt: {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("prompt-context"),
      },
      "session-start": {
        adds: true,
        text: "additionalContext is added to the model's context",
        basis: seen("session-start-context"),
      },
    },
    stopContext: {
      sendsBack: false,
      text: "Codex takes no added context at a stop",
      basis: documented("stop"),
    },
    block: {
      "post-tool": seen("post-block"),
      prompt: seen("prompt-block"),
      stop: seen("stop-block"),
      "subagent-stop": documented("subagentstop"),
    },
    older: { block: seen("pre-decision-block") },
    systemMessage: seen("pre-system-message"),
    continueFalse: {
      denies: false,
      text: "continue false before a tool was marked failed: the tool ran",
      basis: seen("pre-continue-false"),
    },
  }),
};
