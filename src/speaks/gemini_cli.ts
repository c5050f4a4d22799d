/**
 * Gemini CLI's hook protocol spoken the other way: the payload Gemini CLI
 * sends (`BeforeTool`, `AfterTool`, `BeforeAgent`, `AfterAgent`, its tool
 * names and shapes, `GEMINI_PROJECT_DIR`), and a Gemini CLI hook's output
 * read as the binary was recorded reading it: top-level `decision` (deny,
 * block, ask, allow) with `reason`, `hookSpecificOutput.additionalContext`
 * and `tool_input`, an answer on stderr as well as on stdout, exit 2 (and
 * above) with a reason. Each rule rests on fixtures/gemini-cli/, a case of
 * fixtures/conformance/gemini-cli.json or its hooks reference. On `run`'s
 * path: loads Gemini CLI's module alone.
 *
 * @module
 */

import type { ContractEvent, HookAnswer } from "../contract/contract.ts";
import type { Basis, Fact } from "../agents/types.ts";
import { geminiCli } from "../agents/gemini_cli.ts";
import { obj, str } from "../agents/_payload.ts";
import type { Heard, HookPrint, SpokenProtocol } from "./types.ts";
import { eventBases, fileTools, spokenBases, type ToolShapes } from "./_tool_input.ts";
import { bashShell, readJsonObject, spokenEvents } from "./_spoken.ts";
import { snakeCaseWriter } from "./_snake_case_write.ts";

const { documented, sent, seen } = spokenBases(geminiCli);

const TOOLS: ToolShapes = {
  ...fileTools({
    path: "file_path",
    shell: ["run_shell_command", "description"],
    write: ["write_file", "content"],
    edit: ["replace", "old_string", "new_string"],
    read: ["read_file"],
  }, sent),
};

const STOPS = new Set<ContractEvent>(["stop", "subagent-stop"]);

/** What a top-level decision is read as, and what it rests on, per event. */
const DECISIONS: Partial<
  Record<ContractEvent, Partial<Record<string, { as: "deny" | "ask" | "allow"; basis: Basis }>>>
> = {
  "pre-tool": {
    deny: { as: "deny", basis: seen("pre-deny") },
    block: { as: "deny", basis: seen("pre-block") },
    ask: { as: "ask", basis: seen("pre-ask") },
    allow: { as: "allow", basis: seen("pre-allow") },
  },
  "post-tool": {
    deny: { as: "deny", basis: seen("post-deny") },
    block: { as: "deny", basis: seen("post-block") },
  },
  prompt: {
    deny: { as: "deny", basis: seen("prompt-deny") },
    block: { as: "deny", basis: documented("beforeagent") },
  },
  stop: {
    deny: { as: "deny", basis: documented("afteragent") },
    block: { as: "deny", basis: seen("stop-block-once") },
  },
};

/** Where additionalContext reaches the model. */
const CONTEXT: Partial<Record<ContractEvent, Fact & { adds: boolean }>> = {
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
    basis: seen("prompt-context"),
  },
  "session-start": {
    adds: true,
    text: "additionalContext at a session start is added to the model's context",
    basis: seen("session-start-context"),
  },
};

/** Where continue false refused what was about to happen. */
const CONTINUE_FALSE: Partial<Record<ContractEvent, Fact & { denies: boolean }>> = {
  "pre-tool": {
    denies: true,
    text: "continue false refused the tool call and ended the run",
    basis: seen("pre-continue-false"),
  },
  "post-tool": {
    denies: false,
    text: "continue false after a tool did not reach the model",
    basis: seen("post-continue-false"),
  },
  prompt: {
    denies: true,
    text: "continue false refused the prompt",
    basis: seen("prompt-continue-false"),
  },
  stop: {
    denies: false,
    text: "continue false at a stop lets the agent stop",
    basis: seen("stop-continue-false"),
  },
};

function readJson(
  json: Record<string, unknown>,
  event: ContractEvent,
  nativeEvent: string,
  rules: Fact[],
): HookAnswer {
  const answer: HookAnswer = {};
  const reason = str(json.reason);
  const decision = str(json.decision);
  const read = decision !== undefined ? DECISIONS[event]?.[decision] : undefined;
  if (read) {
    answer.decision = read.as;
    if (reason !== undefined) answer.reason = reason;
    rules.push({ text: `decision "${decision}" with its reason`, basis: read.basis });
  }
  const message = str(json.systemMessage);
  if (message !== undefined) {
    answer.message = message;
    rules.push({
      text: "systemMessage is shown to the person",
      basis: documented("common-output-fields"),
    });
  }
  const specific = obj(json.hookSpecificOutput);
  if (specific && specific.hookEventName !== undefined && specific.hookEventName !== nativeEvent) {
    rules.push({
      text:
        `hookSpecificOutput under another event name (such as Claude Code's ${specific.hookEventName}) is not read`,
      basis: seen("pre-claude-deny"),
    });
  } else if (specific) {
    const context = str(specific.additionalContext);
    const rule = CONTEXT[event];
    if (context !== undefined && rule) {
      rules.push(rule);
      if (rule.adds) answer.context = context;
    }
    const input = obj(specific.tool_input);
    if (event === "pre-tool" && input) {
      answer.input = input;
      rules.push({
        text: "hookSpecificOutput.tool_input replaces the tool input",
        basis: seen("pre-rewrite"),
      });
    }
  }
  if (json.continue === false) {
    const rule = CONTINUE_FALSE[event];
    if (rule) rules.push(rule);
    if (STOPS.has(event)) {
      delete answer.decision;
      delete answer.reason;
    } else if (rule?.denies) {
      answer.decision = "deny";
      answer.reason = str(json.stopReason) ?? "A Gemini CLI hook said the agent must not continue.";
      delete answer.input;
    }
  }
  return answer;
}

function read(print: HookPrint, event: ContractEvent, nativeEvent: string): Heard {
  const rules: Fact[] = [];
  const said = print.stderr.trim();
  const out = print.stdout.trim();
  const json = readJsonObject(print.stdout) ??
    (print.exit === 0 ? readJsonObject(print.stderr) : undefined);
  if (print.exit === 0 || (json !== undefined && print.exit === 2)) {
    if (json !== undefined) {
      if (readJsonObject(print.stdout) === undefined) {
        rules.push({
          text: "with nothing on stdout, a JSON answer on stderr is read",
          basis: seen("pre-stderr-json-exit0"),
        });
      }
      if (print.exit === 2) {
        rules.push({
          text: "with exit 2, a JSON answer on stdout decides",
          basis: seen("pre-exit2-json-allow"),
        });
      }
      return { answer: readJson(json, event, nativeEvent, rules), rules };
    }
    rules.push({
      text: out === ""
        ? "exit 0 and nothing on stdout: no decision"
        : "stdout that is not a JSON object decides nothing",
      basis: seen(
        out === "" ? "pre-exit0-empty" : out.startsWith("{") ? "pre-not-json" : "pre-plain-text",
      ),
    });
    return { answer: {}, rules };
  }
  if (print.exit === 1) {
    rules.push({
      text: "exit 1 is an error that decides nothing: the call goes ahead",
      basis: seen("pre-exit1-stderr"),
    });
    return {
      answer: {},
      failure: `The hook exited with 1${said !== "" ? `: ${said.split("\n")[0]}` : ""}`,
      rules,
    };
  }
  const reason = said !== "" ? said : out;
  if (reason === "") {
    rules.push({
      text: `exit ${print.exit} with nothing printed refused nothing`,
      basis: seen("pre-exit2-empty"),
    });
    return { answer: {}, failure: `The hook exited with ${print.exit} and printed nothing`, rules };
  }
  const basis = print.exit !== 2
    ? seen("pre-exit3-stderr")
    : event === "post-tool"
    ? seen("post-exit2-stderr")
    : event === "prompt"
    ? seen("prompt-exit2-stderr")
    : event === "stop"
    ? seen("stop-exit2-once")
    : seen(said !== "" ? "pre-exit2-stderr" : "pre-exit2-stdout-text");
  if (event === "session-start" || event === "session-end") {
    rules.push({
      text: `exit ${print.exit} at a session event shows its text to the person`,
      basis: documented(),
    });
    return { answer: { message: reason }, rules };
  }
  rules.push({ text: `exit ${print.exit} refuses, stderr (else stdout) the reason`, basis });
  return { answer: { decision: "deny", reason }, rules };
}

/**
 * Gemini CLI's hook protocol, spoken the other way.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiCliSpoken } from "./gemini_cli.ts";
 * const heard = geminiCliSpoken.read({ exit: 0, stdout: '{"decision":"deny","reason":"no"}', stderr: "" }, "pre-tool", "BeforeTool");
 * assert.deepEqual(heard.answer, { decision: "deny", reason: "no" });
 * ```
 */
export const geminiCliSpoken: SpokenProtocol = {
  id: geminiCli.id,
  name: geminiCli.name,
  events: spokenEvents(geminiCli, eventBases(sent)),
  shell: bashShell(documented()),
  defaultTimeout: {
    seconds: 60,
    text: "a command hook whose entry names no timeout may run 60 seconds (60000 ms)",
    basis: documented(),
  },
  write: snakeCaseWriter({
    agent: geminiCli,
    tools: TOOLS,
    mcp: null,
    failure: null,
    shellResponse: null,
    response: sent("post-tool.shell-harmless"),
    sources: ["startup", "resume", "clear"],
    sourceBasis: sent("session-start.startup"),
    endReasons: ["exit", "clear", "logout", "prompt_input_exit", "other"],
    stopBasis: sent("stop.continued"),
    common: sent("pre-tool.shell-force-push"),
    envVar: { name: "GEMINI_PROJECT_DIR", basis: documented() },
    lastMessageKey: "prompt_response",
  }),
  read,
};
