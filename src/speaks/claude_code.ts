/**
 * Claude Code's hook protocol spoken the other way: a Claude Code hook's exit
 * code, stdout and stderr read into the contract's answer, every form Claude
 * Code accepts (exit 2 per event, the JSON fields, the older top-level
 * decisions, plain stdout as context where it is one), each rule with what it
 * rests on (the cases in fixtures/conformance/claude-code.json, the hooks
 * reference). The payload is written in claude_code_payload.ts. On `run`'s
 * path: loads Claude Code's agent module and nothing of the other agents'.
 *
 * @module
 */

import type { ContractEvent, HookAnswer } from "../contract/contract.ts";
import type { Basis, Fact } from "../agents/types.ts";
import { claudeCode } from "../agents/claude_code.ts";
import { recordedCase } from "../agents/_cells.ts";
import { obj, str } from "../agents/_payload.ts";
import type { Heard, HookPrint, SpokenProtocol } from "./types.ts";
import { readJsonObject, spokenEvents } from "./_spoken.ts";
import { documented, EVENT_FIXTURE, sent, writeClaudePayload } from "./claude_code_payload.ts";

const seen = recordedCase;

/** What exit 2 means at each event: the reason is stderr. */
const EXIT_2: Record<ContractEvent, { answer(reason: string | undefined): HookAnswer } & Fact> = {
  "pre-tool": {
    answer: (reason) => deny(reason),
    text: "exit 2 refuses the tool call, stderr being the reason the model reads",
    basis: seen("pre-exit2-stderr"),
  },
  "post-tool": {
    answer: (reason) => deny(reason),
    text: "exit 2 after a tool gives stderr to the model as feedback",
    basis: seen("post-exit2"),
  },
  prompt: {
    answer: (reason) => deny(reason),
    text: "exit 2 refuses the prompt",
    basis: seen("ups-exit2"),
  },
  "session-start": {
    answer: (reason) => (reason !== undefined ? { message: reason } : {}),
    text: "exit 2 at a session start shows stderr to the person only",
    basis: documented("exit-code-2-behavior-per-event"),
  },
  "session-end": {
    answer: (reason) => (reason !== undefined ? { message: reason } : {}),
    text: "exit 2 at a session end shows stderr to the person only",
    basis: documented("exit-code-2-behavior-per-event"),
  },
  stop: {
    answer: (reason) => deny(reason),
    text: "exit 2 at a stop sends the agent back to work with stderr",
    basis: seen("stop-exit2"),
  },
  "subagent-stop": {
    answer: (reason) => deny(reason),
    text: "exit 2 at a subagent's stop sends it back to work with stderr",
    basis: documented("exit-code-2-behavior-per-event"),
  },
};

function deny(reason: string | undefined): HookAnswer {
  return reason !== undefined ? { decision: "deny", reason } : { decision: "deny" };
}

/** The events where a Claude Code hook's plain stdout is added as context. */
const PLAIN_IS_CONTEXT: Partial<Record<ContractEvent, Basis>> = {
  prompt: documented("exit-code-output"),
  "session-start": seen("ss-plainstdout"),
};

const STOPS = new Set<ContractEvent>(["stop", "subagent-stop"]);

function read(print: HookPrint, event: ContractEvent, nativeEvent: string): Heard {
  const rules: Fact[] = [];
  const said = print.stderr.trim();
  const json = readJsonObject(print.stdout);
  if (print.exit === 2) {
    const rule = EXIT_2[event];
    rules.push(rule);
    return { answer: rule.answer(said !== "" ? said : undefined), rules };
  }
  if (print.exit !== 0 && json === undefined) {
    rules.push({
      text: "an exit code other than 0 and 2 is an error that decides nothing: the call goes ahead",
      basis: seen("pre-exit1-stderr"),
    });
    return {
      answer: {},
      failure: `The hook exited with ${print.exit}${said !== "" ? `: ${said.split("\n")[0]}` : ""}`,
      rules,
    };
  }
  if (print.exit !== 0) {
    rules.push({
      text: `with exit ${print.exit}, a JSON answer on stdout decides alone`,
      basis: documented("exit-code-output"),
    });
  }
  if (json !== undefined) return { answer: readJson(json, event, nativeEvent, rules), rules };
  const text = print.stdout.trim();
  if (text === "") {
    rules.push({
      text: "exit 0 and nothing on stdout: no decision",
      basis: seen("pre-exit0-empty"),
    });
    return { answer: {}, rules };
  }
  const plain = PLAIN_IS_CONTEXT[event];
  if (plain) {
    rules.push({ text: "plain text on stdout is added as context here", basis: plain });
    return { answer: { context: text }, rules };
  }
  rules.push({
    text: "stdout that is not a JSON object goes to Claude Code's debug log: no decision",
    basis: seen(text.startsWith("{") ? "pre-badjson" : "pre-plaintext"),
  });
  return { answer: {}, rules };
}

function readJson(
  json: Record<string, unknown>,
  event: ContractEvent,
  nativeEvent: string,
  rules: Fact[],
): HookAnswer {
  const answer: HookAnswer = {};
  const message = str(json.systemMessage);
  if (message !== undefined) {
    answer.message = message;
    rules.push({ text: "systemMessage is shown to the person", basis: seen("pre-systemmessage") });
  }
  const specific = obj(json.hookSpecificOutput);
  if (specific && specific.hookEventName !== nativeEvent) {
    rules.push({
      text: `hookSpecificOutput is read only when its hookEventName is "${nativeEvent}"`,
      basis: seen("pre-deny-no-eventname"),
    });
  } else if (specific) {
    const context = str(specific.additionalContext);
    if (event === "pre-tool") {
      const decision = specific.permissionDecision;
      if (decision === "allow" || decision === "deny" || decision === "ask") {
        answer.decision = decision;
        const reason = str(specific.permissionDecisionReason);
        if (reason !== undefined) answer.reason = reason;
        rules.push({
          text: `permissionDecision "${decision}" with permissionDecisionReason`,
          basis: seen(
            decision === "deny"
              ? "pre-deny-json"
              : decision === "ask"
              ? "pre-ask-noperm"
              : "pre-allow-noperm",
          ),
        });
      } else if (decision === "defer") {
        rules.push({
          text:
            'permissionDecision "defer" hands the call to Claude Code\'s own permission flow: no decision',
          basis: documented("pretooluse-decision-control"),
        });
      }
      const input = obj(specific.updatedInput);
      if (input) {
        answer.input = input;
        rules.push({
          text: "updatedInput replaces the tool input",
          basis: seen("pre-updated-input-noallow"),
        });
      }
    }
    if (context !== undefined && STOPS.has(event)) {
      answer.decision = "deny";
      answer.reason = context;
      rules.push({
        text: "additionalContext at a stop sends the agent back to work with it",
        basis: seen("stop-addctx"),
      });
    } else if (context !== undefined && event !== "session-end") {
      answer.context = context;
      rules.push({
        text: "additionalContext is added to the model's context",
        basis: seen(
          event === "pre-tool"
            ? "pre-addctx"
            : event === "post-tool"
            ? "post-addctx"
            : event === "prompt"
            ? "ups-addctx"
            : "ss-addctx",
        ),
      });
    }
  }
  const decision = json.decision;
  const reason = str(json.reason);
  if (decision === "block" && event !== "session-start" && event !== "session-end") {
    if (event !== "pre-tool" || answer.decision === undefined) {
      answer.decision = "deny";
      if (reason !== undefined) answer.reason = reason;
      rules.push({
        text: event === "pre-tool"
          ? 'the older top-level decision "block" refuses the tool call'
          : 'decision "block" with its reason',
        basis: event === "pre-tool" ? documented("pretooluse-decision-control") : seen(
          event === "post-tool"
            ? "post-block"
            : event === "prompt"
            ? "ups-block"
            : event === "stop"
            ? "stop-block"
            : "subagent-stop-block",
        ),
      });
    }
  } else if (decision === "approve" && event === "pre-tool" && answer.decision === undefined) {
    answer.decision = "allow";
    if (reason !== undefined) answer.reason = reason;
    rules.push({
      text: 'the older top-level decision "approve" approves the tool call',
      basis: documented("pretooluse-decision-control"),
    });
  }
  if (json.continue === false) {
    const why = str(json.stopReason);
    if (STOPS.has(event)) {
      delete answer.decision;
      delete answer.reason;
      rules.push({
        text: "continue false at a stop lets the agent stop",
        basis: documented("json-output"),
      });
    } else if (event === "session-start" || event === "session-end") {
      if (why !== undefined) answer.message = why;
      rules.push({
        text: "continue false at a session event: its stopReason is shown to the person",
        basis: documented("json-output"),
      });
    } else {
      answer.decision = "deny";
      answer.reason = why ?? "A Claude Code hook said the agent must not continue.";
      delete answer.input;
      rules.push({
        text:
          "continue false ends Claude Code's run, which the contract cannot ask of another agent: it is read as a deny, stopReason the reason",
        basis: seen("pre-continue-false"),
      });
    }
  }
  return answer;
}

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
  events: spokenEvents(claudeCode, (event) => sent(`${event}.${EVENT_FIXTURE[event]}`)),
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
  write: writeClaudePayload,
  read,
};
