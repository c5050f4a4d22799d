/**
 * The reader the spoken protocols of the Claude-shaped agents share: a hook's
 * exit code, stdout and stderr read into the contract's answer by a table of
 * what the agent honours (exit 2 per event, the JSON fields, the older forms,
 * plain stdout as context), each entry with what it rests on. Where the agent
 * was recorded ignoring a form, the table says so and the form decides
 * nothing. On `run`'s path: imports only the payload readers and types.
 *
 * @module
 */

import type { ContractEvent, Decision, HookAnswer } from "../contract/contract.ts";
import type { Basis, Fact } from "../agents/types.ts";
import { obj, str } from "../agents/_payload.ts";
import type { Heard, HookPrint } from "./types.ts";
import { readJsonObject } from "./_spoken.ts";

/** What a Claude-shaped agent honours in its hooks' output. */
export interface ReaderTable {
  /** The agent's name, for the rules' words. */
  name: string;
  /** What exit 2 does at each event: a deny (stderr the reason), a message, or nothing. */
  exit2: Partial<Record<ContractEvent, Fact & { as: "deny" | "message" | "none" }>>;
  /** Whether exit 2 with nothing on stderr still refuses. */
  exit2Empty: Fact & { blocks: boolean };
  /** Another exit code decides nothing. */
  otherExit: Basis;
  /** With another exit code, a JSON answer on stdout decides alone (null: it does not). */
  jsonOnError: Basis | null;
  /** Exit 0 and nothing printed. */
  empty: Basis;
  /** Stdout that is not a JSON object: plain text, and broken JSON. */
  plain: Basis;
  broken: Basis;
  /** The events where plain stdout is added as context. */
  plainContext: Partial<Record<ContractEvent, Basis>>;
  /** Whether `hookSpecificOutput` needs its `hookEventName`. */
  specificName: Fact & { required: boolean };
  /** What each `permissionDecision` before a tool is read as (null: nothing). */
  permission: Partial<Record<"allow" | "deny" | "ask" | "defer", Fact & { as: Decision | null }>>;
  /** What `updatedInput` does. */
  updatedInput: Fact & { works: boolean };
  /** What `additionalContext` does at each event but the stops: added, or not passed on. */
  context: Partial<Record<ContractEvent, Fact & { adds: boolean }>>;
  /** What `additionalContext` at a stop does. */
  stopContext: Fact & { sendsBack: boolean };
  /** The events where a top-level `decision: "block"` refuses. */
  block: Partial<Record<ContractEvent, Basis>>;
  /** The older top-level decisions before a tool, where honoured. */
  older: Partial<Record<"block" | "approve" | "deny", Basis>>;
  /** What `systemMessage` rests on (null: not honoured). */
  systemMessage: Basis | null;
  /** What `continue: false` does before a tool, on a prompt and after a tool. */
  continueFalse: Fact & { denies: boolean };
}

const STOPS = new Set<ContractEvent>(["stop", "subagent-stop"]);
const SESSION = new Set<ContractEvent>(["session-start", "session-end"]);

/**
 * The reader of a Claude-shaped agent's hook output, from its table.
 *
 * @param t The agent's table.
 * @returns The protocol's `read`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenCodeSpoken } from "./qwen_code.ts";
 * const heard = qwenCodeSpoken.read({ exit: 2, stdout: "", stderr: "" }, "pre-tool", "PreToolUse");
 * assert.deepEqual(heard.answer, {});
 * ```
 */
export function snakeCaseReader(
  t: ReaderTable,
): (print: HookPrint, event: ContractEvent, nativeEvent: string) => Heard {
  return (print, event, nativeEvent) => {
    const rules: Fact[] = [];
    const said = print.stderr.trim();
    const json = readJsonObject(print.stdout);
    if (print.exit === 2) {
      const rule = t.exit2[event];
      if (!rule) {
        rules.push({ text: `exit 2 does nothing at ${event} in ${t.name}`, basis: t.otherExit });
        return { answer: {}, rules };
      }
      if (rule.as === "none") {
        rules.push(rule);
        return { answer: {}, rules };
      }
      if (said === "" && !t.exit2Empty.blocks && rule.as === "deny") {
        rules.push(t.exit2Empty);
        return {
          answer: {},
          failure: "The hook exited with 2 and printed nothing on stderr",
          rules,
        };
      }
      rules.push(rule);
      const reason = said !== "" ? said : undefined;
      if (rule.as === "message") {
        return { answer: reason !== undefined ? { message: reason } : {}, rules };
      }
      return {
        answer: reason !== undefined ? { decision: "deny", reason } : { decision: "deny" },
        rules,
      };
    }
    if (print.exit !== 0 && (json === undefined || t.jsonOnError === null)) {
      rules.push({
        text:
          "an exit code other than 0 and 2 is an error that decides nothing: the call goes ahead",
        basis: t.otherExit,
      });
      return {
        answer: {},
        failure: `The hook exited with ${print.exit}${
          said !== "" ? `: ${said.split("\n")[0]}` : ""
        }`,
        rules,
      };
    }
    if (print.exit !== 0) {
      rules.push({
        text: `with exit ${print.exit}, a JSON answer on stdout decides alone`,
        basis: t.jsonOnError!,
      });
    }
    if (json !== undefined) return { answer: readJson(t, json, event, nativeEvent, rules), rules };
    const text = print.stdout.trim();
    if (text === "") {
      rules.push({ text: "exit 0 and nothing on stdout: no decision", basis: t.empty });
      return { answer: {}, rules };
    }
    const plain = t.plainContext[event];
    if (plain) {
      rules.push({ text: "plain text on stdout is added as context here", basis: plain });
      return { answer: { context: text }, rules };
    }
    rules.push({
      text: "stdout that is not a JSON object decides nothing",
      basis: text.startsWith("{") ? t.broken : t.plain,
    });
    return { answer: {}, rules };
  };
}

function readJson(
  t: ReaderTable,
  json: Record<string, unknown>,
  event: ContractEvent,
  nativeEvent: string,
  rules: Fact[],
): HookAnswer {
  const answer: HookAnswer = {};
  const message = str(json.systemMessage);
  if (message !== undefined && t.systemMessage) {
    answer.message = message;
    rules.push({ text: "systemMessage is shown to the person", basis: t.systemMessage });
  }
  const specific = obj(json.hookSpecificOutput);
  const named = specific?.hookEventName;
  if (specific && named !== nativeEvent && (t.specificName.required || named !== undefined)) {
    rules.push({
      text: `hookSpecificOutput is read only when its hookEventName is "${nativeEvent}"`,
      basis: t.specificName.basis,
    });
  } else if (specific) {
    if (!t.specificName.required && named === undefined) rules.push(t.specificName);
    if (event === "pre-tool") preTool(t, specific, answer, rules);
    const context = str(specific.additionalContext);
    if (context !== undefined && STOPS.has(event)) {
      rules.push(t.stopContext);
      if (t.stopContext.sendsBack) {
        answer.decision = "deny";
        answer.reason = context;
      }
    } else if (context !== undefined) {
      const rule = t.context[event];
      if (rule) rules.push(rule);
      if (rule?.adds) answer.context = context;
    }
  }
  const decision = json.decision;
  const reason = str(json.reason);
  const older =
    event === "pre-tool" && (decision === "block" || decision === "approve" || decision === "deny")
      ? t.older[decision]
      : undefined;
  if (decision === "block" && t.block[event] && event !== "pre-tool") {
    answer.decision = "deny";
    if (reason !== undefined) answer.reason = reason;
    rules.push({ text: 'decision "block" with its reason', basis: t.block[event]! });
  } else if (older && answer.decision === undefined) {
    answer.decision = decision === "approve" ? "allow" : "deny";
    if (reason !== undefined) answer.reason = reason;
    rules.push({ text: `the older top-level decision "${decision}" before a tool`, basis: older });
  }
  if (json.continue === false) {
    const why = str(json.stopReason);
    rules.push(t.continueFalse);
    if (STOPS.has(event)) {
      delete answer.decision;
      delete answer.reason;
    } else if (SESSION.has(event)) {
      if (why !== undefined) answer.message = why;
    } else if (t.continueFalse.denies) {
      answer.decision = "deny";
      answer.reason = why ?? `A ${t.name} hook said the agent must not continue.`;
      delete answer.input;
    }
  }
  return answer;
}

function preTool(
  t: ReaderTable,
  specific: Record<string, unknown>,
  answer: HookAnswer,
  rules: Fact[],
): void {
  const decision = specific.permissionDecision;
  if (decision === "allow" || decision === "deny" || decision === "ask" || decision === "defer") {
    const rule = t.permission[decision];
    if (rule) {
      rules.push(rule);
      if (rule.as !== null) {
        answer.decision = rule.as;
        const reason = str(specific.permissionDecisionReason);
        if (reason !== undefined) answer.reason = reason;
      }
    }
  }
  const input = obj(specific.updatedInput);
  if (input) {
    rules.push(t.updatedInput);
    if (t.updatedInput.works) answer.input = input;
  }
}
