/**
 * Factory Droid's hook protocol spoken the other way: the payload Droid sends
 * (Claude-shaped: its own tool names and shapes, `FACTORY_PROJECT_DIR`), and a
 * Droid hook's output read as Droid reads it, each rule resting on
 * fixtures/factory-droid/ and the cases of fixtures/conformance/factory-droid.json
 * (where the binary ignored a form, that form decides nothing here either),
 * or on its hooks reference. On `run`'s path: loads Droid's module alone.
 *
 * @module
 */

import { factoryDroid } from "../agents/factory_droid.ts";
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

const { documented, sent, seen } = spokenBases(factoryDroid);

const TOOLS: ToolShapes = {
  ...fileTools({
    path: "file_path",
    shell: ["Execute", "summary"],
    write: ["Create", "content"],
    edit: ["Edit", "old_str", "new_str"],
    read: ["Read"],
  }, sent),
  agent: {
    name: "Task",
    fields: [
      AGENT_FIELDS.type,
      AGENT_FIELDS.description,
      AGENT_FIELDS.prompt,
    ],
    basis: sent("pre-tool.agent"),
  },
};

/**
 * Factory Droid's hook protocol, spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { factoryDroidSpoken } from "./factory_droid.ts";
 * const heard = factoryDroidSpoken.read({ exit: 2, stdout: "", stderr: "no" }, "pre-tool", "PreToolUse");
 * assert.deepEqual(heard.answer, { decision: "deny", reason: "no" });
 * ```
 */
export const factoryDroidSpoken: SpokenProtocol = {
  id: factoryDroid.id,
  name: factoryDroid.name,
  events: spokenEvents(factoryDroid, eventBases(sent, { prompt: documented() })),
  shell: bashShell(documented()),
  defaultTimeout: {
    seconds: 60,
    text:
      "Droid's reference names no default timeout here: an entry that names none is given 60 seconds",
    basis: documented(),
  },
  write: snakeCaseWriter({
    agent: factoryDroid,
    tools: TOOLS,
    mcp: { pattern: /___/, form: "<server>___<tool>", basis: sent("pre-tool.shell-force-push") },
    failure: null,
    shellResponse: null,
    response: sent("post-tool.shell-harmless"),
    sources: ["startup", "resume", "clear", "compact"],
    sourceBasis: sent("session-start.startup"),
    endReasons: ["clear", "logout", "prompt_input_exit", "other"],
    stopBasis: sent("stop.continued"),
    common: sent("pre-tool.shell-force-push"),
    envVar: { name: "FACTORY_PROJECT_DIR", basis: documented() },
  }),
  read: snakeCaseReader({
    name: factoryDroid.name,
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
      stop: {
        as: "deny",
        text: "exit 2 at a stop sends the agent back with stderr",
        basis: seen("stop-exit2-stderr"),
      },
      "session-start": {
        as: "message",
        text: "exit 2 at a session start shows stderr to the person",
        basis: documented("hook-output"),
      },
    },
    exit2Empty: {
      blocks: true,
      text: "exit 2 with nothing on stderr still refused the call",
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
        as: null,
        text: 'permissionDecision "ask" did nothing: the tool ran',
        basis: seen("pre-ask"),
      },
      allow: {
        as: "allow",
        text: 'permissionDecision "allow" approves the call',
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
        basis: documented("userpromptsubmit-decision-control"),
      },
      "session-start": {
        adds: true,
        text: "additionalContext at a session start is added to the model's context",
        basis: seen("ss-context"),
      },
    },
    stopContext: {
      sendsBack: false,
      text: "additionalContext at a stop did not send the agent back",
      basis: seen("stop-context"),
    },
    block: {
      prompt: documented("userpromptsubmit-decision-control"),
      stop: seen("stop-block"),
    },
    older: {},
    systemMessage: seen("pre-systemmessage"),
    continueFalse: {
      denies: true,
      text: "continue false stopped the call and the run, stopReason the reason",
      basis: seen("pre-continue-false"),
    },
  }),
};
