/**
 * GitHub Copilot CLI's own hook protocol (its camelCase form) spoken the
 * other way: the payload Copilot CLI sends (`sessionId`, `timestamp`, `cwd`,
 * `toolName`, `toolArgs`, `toolResult`, no event name: the entry says it),
 * and a Copilot CLI hook's output read as the binary was recorded reading it
 * (top-level `permissionDecision`, `additionalContext`, `modifiedArgs`,
 * `decision: "block"` after a tool, on a prompt and at a stop; any exit but 0
 * before a tool refuses it). Each rule rests on fixtures/copilot-cli/, a case
 * of fixtures/conformance/copilot-cli.json or its hooks reference. Its
 * PascalCase form is Claude Code's: `--speaks claude-code`. On `run`'s path:
 * loads Copilot CLI's module alone.
 *
 * @module
 */

import type { ContractEvent, HookAnswer, HookDocument } from "../contract/contract.ts";
import type { Basis, Fact } from "../agents/types.ts";
import { copilotCli } from "../agents/copilot_cli.ts";
import { obj, str } from "../agents/_payload.ts";
import type { Heard, HookPrint, Said, SpokenProtocol, WriteContext } from "./types.ts";
import {
  eventBases,
  fileTools,
  inputBack,
  spokenBases,
  type ToolShapes,
  writeInput,
} from "./_tool_input.ts";
import { readJsonObject, sameAgentSaid, spokenEvents } from "./_spoken.ts";

const { documented, sent, seen } = spokenBases(copilotCli);

const TOOLS: ToolShapes = {
  ...fileTools({
    path: "path",
    shell: ["bash", "description"],
    write: ["create", "file_text"],
    edit: ["edit", "old_str", "new_str"],
    read: ["view"],
  }, sent),
};

function write(doc: HookDocument, context: WriteContext): Said {
  // Copilot CLI's own camelCase payload (not its PascalCase one) goes on as it came.
  if (doc.agent === copilotCli.id && doc.native.hook_event_name === undefined) {
    return sameAgentSaid(doc, {}, []);
  }
  const rules: Fact[] = [{
    text:
      "sessionId, timestamp (milliseconds) and cwd on every event; no event name (the entry names it)",
    basis: sent("pre-tool.shell-force-push"),
  }];
  const cwd = doc.cwd ?? context.cwd;
  const native = copilotCli.events[doc.event]?.native;
  if (native === undefined) {
    return { ok: false, why: `${copilotCli.name} has no ${doc.event} event`, rules };
  }
  const payload: Record<string, unknown> = {
    sessionId: doc.session ?? "",
    timestamp: Date.now(),
    cwd,
  };
  let back: Record<string, string> | undefined;
  let nativeEvent = native;
  let toolName = "";
  if (doc.tool) {
    const shape = doc.tool.kind === "mcp" || doc.tool.kind === "other" || doc.tool.kind === "agent"
      ? undefined
      : TOOLS[doc.tool.kind];
    if (!shape) {
      return {
        ok: false,
        why:
          `${copilotCli.name}'s tool for a ${doc.tool.kind} call (${doc.tool.name}) is not known here`,
        rules,
      };
    }
    const written = writeInput(shape, doc, cwd);
    if (!written.ok) return { ok: false, why: written.why, rules };
    rules.push({ text: `a ${doc.tool.kind} call is sent as ${shape.name}`, basis: shape.basis });
    payload.toolName = shape.name;
    payload.toolArgs = written.input;
    back = written.back;
    toolName = shape.name;
    if (doc.event === "post-tool" && doc.tool.failed) {
      nativeEvent = "postToolUseFailure";
      payload.error = doc.tool.output ?? "";
      rules.push({
        text: "a tool that failed is sent under postToolUseFailure, its output as error",
        basis: sent("post-tool.failed"),
      });
    } else if (doc.event === "post-tool") {
      payload.toolResult = { resultType: "success", textResultForLlm: doc.tool.output ?? "" };
      rules.push({
        text: "the tool's output is sent as toolResult.textResultForLlm",
        basis: sent("post-tool.shell-harmless"),
      });
    }
  }
  if (doc.event === "prompt") {
    if (doc.prompt === undefined) {
      return { ok: false, why: "the call carries no prompt text", rules };
    }
    payload.prompt = doc.prompt;
  }
  if (doc.event === "session-start") payload.source = doc.source === "resume" ? "resume" : "new";
  if (doc.event === "session-end") payload.reason = "complete";
  if (doc.event === "stop" || doc.event === "subagent-stop") {
    if (doc.transcript !== undefined) payload.transcriptPath = doc.transcript;
    payload.stopReason = "end_turn";
    payload.stop_hook_active = doc.stop?.continued ?? false;
    if (doc.event === "subagent-stop") {
      if (doc.subagent?.id !== undefined) payload.agentId = doc.subagent.id;
      if (doc.subagent?.type !== undefined) payload.agentType = doc.subagent.type;
      if (doc.stop?.lastMessage !== undefined) payload.response = doc.stop.lastMessage;
    }
    rules.push({
      text: "stop_hook_active says whether a hook already sent the agent back",
      basis: sent("stop.continued"),
    });
  }
  return {
    ok: true,
    nativeEvent,
    payload,
    env: {},
    rules,
    inputBack: (input) =>
      back === undefined
        ? { why: "the call had no tool input to rewrite" }
        : inputBack(doc.tool?.input, input, back, toolName),
  };
}

/** Where a top-level `decision: "block"` does what, per event. */
const BLOCK: Partial<Record<ContractEvent, Basis>> = {
  "post-tool": seen("post-block"),
  prompt: seen("prompt-block"),
  stop: seen("stop-block"),
  "subagent-stop": seen("subagent-stop-block"),
};

/** Where a top-level `additionalContext` reaches the model. */
const CONTEXT: Partial<Record<ContractEvent, Basis>> = {
  "pre-tool": seen("pre-context"),
  "post-tool": seen("post-context"),
  prompt: seen("prompt-context"),
  "session-start": seen("start-context"),
};

function readJson(
  json: Record<string, unknown>,
  event: ContractEvent,
  nativeEvent: string,
  rules: Fact[],
): HookAnswer {
  const answer: HookAnswer = {};
  const decision = json.permissionDecision;
  if (event === "pre-tool" && (decision === "allow" || decision === "deny" || decision === "ask")) {
    answer.decision = decision;
    const reason = str(json.permissionDecisionReason);
    if (reason !== undefined) answer.reason = reason;
    rules.push({
      text: `permissionDecision "${decision}" with permissionDecisionReason`,
      basis: seen(decision === "deny" ? "pre-deny" : decision === "ask" ? "pre-ask" : "pre-allow"),
    });
  } else if (decision === "deny") {
    rules.push({
      text: `permissionDecision "deny" does nothing at ${event}`,
      basis: seen(event === "prompt" ? "prompt-deny" : "post-deny"),
    });
  }
  const args = obj(json.modifiedArgs);
  if (event === "pre-tool" && args) {
    answer.input = args;
    rules.push({
      text: "modifiedArgs replaces the tool's arguments",
      basis: seen("pre-modified-args"),
    });
  }
  const context = str(json.additionalContext);
  if (context !== undefined && CONTEXT[event]) {
    answer.context = context;
    rules.push({
      text: "additionalContext is added to the model's context",
      basis: CONTEXT[event]!,
    });
  }
  const block = BLOCK[event];
  if (
    json.decision === "block" && block &&
    !(event === "post-tool" && nativeEvent === "postToolUseFailure")
  ) {
    answer.decision = "deny";
    const reason = str(json.reason);
    if (reason !== undefined) answer.reason = reason;
    rules.push({ text: 'decision "block" with its reason', basis: block });
  } else if (json.decision === "block") {
    rules.push({
      text: `decision "block" does nothing at ${nativeEvent}`,
      basis: seen(event === "pre-tool" ? "pre-block-legacy" : "postfail-block"),
    });
  }
  if (obj(json.hookSpecificOutput)) {
    rules.push({
      text: "Claude Code's hookSpecificOutput is not read in the camelCase form",
      basis: seen("pre-claude-deny"),
    });
  }
  if (json.continue === false) {
    rules.push({
      text: "continue false did nothing: the tool ran",
      basis: seen("pre-continue-false"),
    });
  }
  return answer;
}

function read(print: HookPrint, event: ContractEvent, nativeEvent: string): Heard {
  const rules: Fact[] = [];
  const said = print.stderr.trim();
  const json = readJsonObject(print.stdout);
  if (print.exit !== 0 && event === "pre-tool") {
    if (json !== undefined) {
      rules.push({
        text: "with exit 2, a JSON answer on stdout is read",
        basis: seen("pre-deny-exit2"),
      });
      const answer = readJson(json, event, nativeEvent, rules);
      if (answer.decision !== undefined) return { answer, rules };
    }
    rules.push({
      text: "any exit code but 0 before a tool refuses it",
      basis: seen(
        print.exit === 2
          ? (said !== "" ? "pre-exit2-stderr" : "pre-exit2-empty")
          : "pre-exit1-stderr",
      ),
    });
    return {
      answer: said !== "" ? { decision: "deny", reason: said } : { decision: "deny" },
      rules,
    };
  }
  if (print.exit === 2 && nativeEvent === "postToolUseFailure") {
    rules.push({
      text: "exit 2 after a failed tool gives stderr to the model as guidance",
      basis: seen("postfail-exit2-stderr"),
    });
    return { answer: said !== "" ? { decision: "deny", reason: said } : {}, rules };
  }
  if (print.exit !== 0) {
    const basis = event === "post-tool"
      ? seen("post-exit2-stderr")
      : event === "prompt"
      ? seen("prompt-exit2-stderr")
      : event === "stop"
      ? seen("stop-exit2-stderr")
      : documented("hook-events");
    rules.push({ text: `exit ${print.exit} at ${nativeEvent} decides nothing`, basis });
    return {
      answer: {},
      failure: `The hook exited with ${print.exit}${said !== "" ? `: ${said.split("\n")[0]}` : ""}`,
      rules,
    };
  }
  if (json !== undefined) return { answer: readJson(json, event, nativeEvent, rules), rules };
  rules.push({
    text: "stdout that is not a JSON object decides nothing",
    basis: seen(
      print.stdout.trim() === ""
        ? "pre-nothing"
        : print.stdout.trim().startsWith("{")
        ? "pre-not-json"
        : "pre-plain-text",
    ),
  });
  return { answer: {}, rules };
}

/**
 * GitHub Copilot CLI's camelCase hook protocol, spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { copilotCliSpoken } from "./copilot_cli.ts";
 * const heard = copilotCliSpoken.read({ exit: 1, stdout: "", stderr: "no" }, "pre-tool", "preToolUse");
 * assert.deepEqual(heard.answer, { decision: "deny", reason: "no" });
 * ```
 */
export const copilotCliSpoken: SpokenProtocol = {
  id: copilotCli.id,
  name: copilotCli.name,
  events: spokenEvents(copilotCli, eventBases(sent)),
  shell: {
    argv: ["bash", "-c"],
    text: "a hook's bash command runs through bash",
    basis: documented(),
  },
  defaultTimeout: {
    seconds: 30,
    text: "a hook whose entry names no timeout may run 30 seconds",
    basis: documented(),
  },
  write,
  read,
};
