/**
 * The conformance cases put to agents whose hooks take Claude Code's layout and
 * whose model speaks OpenAI chat completions (Qwen Code, Factory Droid): one raw
 * hook output each, under one native event, and how the run is read back (did
 * the tool run, did the text reach the model, did the agent go back to work,
 * did the run end early). An agent runs the cases that apply to it.
 *
 * Over 600 lines: one table of cases, each a few lines, read as one list.
 *
 * @module
 */

import type { ConformanceCase } from "./harness_types.ts";
import {
  chatMessages,
  type ChatScript,
  messageText,
  subagentTurns,
  textStep,
} from "../../src/verify/fake/openai_chat.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import type { HookRule } from "./record_hook.ts";
import {
  type ChatAgent,
  type ChatSession,
  chatWorld,
  FORCE_PUSH,
  FORCE_PUSH_RAN,
  recordingHooks,
  runChatAgent,
} from "./chat_agent_session.ts";
import { recordHookCommand, type World } from "./world.ts";

/** The final text every script ends with. */
export const FINAL = "FINAL-OK";

/** The words of the prompt of prompt cases, to tell whether the prompt reached the model. */
export const PROMPT_MARK = "PROMPT-TEXT-7Q";

/** The marker of sub-agent conversations. */
export const SUB_MARKER = "SUBAGENT-MARKER";

/** What the model does in a case. */
export type CaseScript = "push" | "echo" | "text" | "subagent" | "write";

/** The file the `write` script has the model create, in the project. */
export const WRITTEN_FILE = "written-by-model.txt";

/** One case: a hook output, the native event it answers, and what to look for. */
export interface ChatCase {
  /** A stable id; agent modules cite it. */
  id: string;
  /** The contract event. */
  event:
    | "pre-tool"
    | "post-tool"
    | "prompt"
    | "session-start"
    | "session-end"
    | "stop"
    | "subagent-stop";
  /** The native event the hook is under. */
  native: string;
  /** What the hook does. */
  hook: ConformanceCase["hook"];
  /** What the model does (default: the force push, then a final text). */
  script?: CaseScript;
  /** The text whose arrival at the model is looked for. */
  marker?: string;
  /** Leave the agent's own approval of tools on (no --yolo / --auto high). */
  noAutoApprove?: boolean;
  /** The rule answers only this often. */
  max?: number;
  /** Where the hook is written instead of the user settings file. */
  file?: "project-settings" | "user-hooks-json" | "project-hooks-json";
  /** What the case is about. */
  about: string;
  /** Only for these agents (every agent when absent). */
  only?: readonly string[];
}

/** everyhook's refusal as Cline gets it (src/agents/cline.ts): the call rewritten, the reason as context. */
const clineRefusal = (reason: string): string =>
  JSON.stringify({
    overrideInput: { commands: [`printf '%s\\n' '${reason}' >&2; exit 1`] },
    contextModification: reason,
  });

const hso = (fields: Record<string, unknown>): string =>
  JSON.stringify({ hookSpecificOutput: fields });
const preDeny = (reason: string): string =>
  hso({
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  });
const preDenyAt = (event: string, reason: string): string =>
  hso({ hookEventName: event, permissionDecision: "deny", permissionDecisionReason: reason });
const block = (reason: string): string => JSON.stringify({ decision: "block", reason });

/** Every case, in the order the conformance files list them. */
export const CHAT_CASES: readonly ChatCase[] = [
  {
    id: "pre-nothing",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0 },
    about: "nothing, exit 0",
  },
  {
    id: "pre-exit2-stderr",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-PRE-X2 force push is forbidden" },
    marker: "R-PRE-X2",
    about: "exit 2 with a reason on stderr",
  },
  {
    id: "pre-exit2-empty",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 2 },
    about: "exit 2, no output",
  },
  {
    id: "pre-exit1-stderr",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 1, stderr: "R-PRE-X1 force push is forbidden" },
    marker: "R-PRE-X1",
    about: "exit 1 with a reason on stderr",
  },
  {
    id: "pre-exit3-stderr",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 3, stderr: "R-PRE-X3 force push is forbidden" },
    marker: "R-PRE-X3",
    about: "exit 3 with a reason on stderr",
  },
  {
    id: "pre-bad-json",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "{not json R-PRE-BADJSON" },
    marker: "R-PRE-BADJSON",
    about: "broken JSON on stdout, exit 0",
  },
  {
    id: "pre-plain-text",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "R-PRE-PLAIN this is not an answer" },
    marker: "R-PRE-PLAIN",
    about: "plain text on stdout, exit 0",
  },
  {
    id: "pre-timeout",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: preDeny("R-PRE-SLOW too late"), sleepSeconds: 6, timeoutSeconds: 2 },
    marker: "R-PRE-SLOW",
    about: "a hook that would deny, past its timeout (2 s, sleeps 6 s)",
  },
  {
    id: "pre-deny-json",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: preDeny("R-PRE-DENY force push is forbidden") },
    marker: "R-PRE-DENY",
    about: "hookSpecificOutput permissionDecision deny with a reason",
  },
  {
    id: "pre-deny-no-eventname",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({ permissionDecision: "deny", permissionDecisionReason: "R-PRE-NONAME no" }),
    },
    marker: "R-PRE-NONAME",
    about: "hookSpecificOutput deny without hookEventName",
  },
  {
    id: "pre-block-legacy",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: block("R-PRE-BLOCK force push is forbidden") },
    marker: "R-PRE-BLOCK",
    about: 'the legacy top-level {"decision":"block","reason":...}',
  },
  {
    id: "pre-deny-top-level",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ decision: "deny", reason: "R-PRE-TOPDENY no" }) },
    marker: "R-PRE-TOPDENY",
    about: 'a top-level {"decision":"deny","reason":...}',
  },
  {
    id: "pre-ask",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "R-PRE-ASK please confirm",
      }),
    },
    marker: "R-PRE-ASK",
    about: "permissionDecision ask, headless (no one to ask)",
  },
  {
    id: "pre-allow-noperm",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "R-PRE-ALLOW fine",
      }),
    },
    noAutoApprove: true,
    marker: "R-PRE-ALLOW",
    about: "permissionDecision allow, run without the flag that approves every tool",
  },
  {
    id: "pre-control-noperm",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0 },
    noAutoApprove: true,
    about:
      "control for pre-allow-noperm: nothing, exit 0, without the flag that approves every tool",
  },
  {
    id: "pre-context",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PreToolUse", additionalContext: "CTX-PRE remember the rules" }),
    },
    marker: "CTX-PRE",
    about: "hookSpecificOutput additionalContext",
  },
  {
    id: "pre-systemmessage",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ systemMessage: "R-PRE-SYSMSG for the person" }) },
    marker: "R-PRE-SYSMSG",
    about: "systemMessage",
  },
  {
    id: "pre-continue-false",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ continue: false, stopReason: "R-PRE-CONT stop" }) },
    marker: "R-PRE-CONT",
    about: "continue false with a stopReason",
  },
  {
    id: "pre-updated-input",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "echo UPDATED-INPUT-RAN" },
      }),
    },
    marker: "UPDATED-INPUT-RAN",
    about: "updatedInput with permissionDecision allow (only the command given)",
  },
  {
    id: "pre-updated-input-noallow",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        updatedInput: { command: "echo UPDATED-INPUT-RAN" },
      }),
    },
    marker: "UPDATED-INPUT-RAN",
    about: "updatedInput without a permissionDecision",
  },
  {
    id: "pre-updated-input-full",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "rewritten",
        updatedInput: { command: "echo UPDATED-INPUT-RAN", description: "Run it" },
      }),
    },
    marker: "UPDATED-INPUT-RAN",
    about: "updatedInput holding every field the model sent, with permissionDecision allow",
    only: ["qwen-code"],
  },
  {
    id: "post-block",
    event: "post-tool",
    native: "PostToolUse",
    script: "echo",
    hook: { exit: 0, stdout: block("R-POST-BLOCK look at this") },
    marker: "R-POST-BLOCK",
    about: "decision block with a reason after the tool ran",
  },
  {
    id: "post-exit2-stderr",
    event: "post-tool",
    native: "PostToolUse",
    script: "echo",
    hook: { exit: 2, stderr: "R-POST-X2 look at this" },
    marker: "R-POST-X2",
    about: "exit 2 with a reason on stderr after the tool ran",
  },
  {
    id: "post-context",
    event: "post-tool",
    native: "PostToolUse",
    script: "echo",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PostToolUse", additionalContext: "CTX-POST check it" }),
    },
    marker: "CTX-POST",
    about: "hookSpecificOutput additionalContext after the tool ran",
  },
  {
    id: "postfail-context",
    event: "post-tool",
    native: "PostToolUseFailure",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PostToolUseFailure", additionalContext: "CTX-FAIL try again" }),
    },
    marker: "CTX-FAIL",
    about: "hookSpecificOutput additionalContext after the tool failed",
    only: ["qwen-code", "kimi-code"],
  },
  {
    id: "postfail-block",
    event: "post-tool",
    native: "PostToolUseFailure",
    hook: { exit: 0, stdout: block("R-FAIL-BLOCK look at this") },
    marker: "R-FAIL-BLOCK",
    about: "decision block with a reason after the tool failed",
    only: ["qwen-code", "kimi-code"],
  },
  {
    id: "ups-block",
    event: "prompt",
    native: "UserPromptSubmit",
    script: "text",
    hook: { exit: 0, stdout: block("R-UPS-BLOCK not this prompt") },
    marker: "R-UPS-BLOCK",
    about: "a refused prompt: decision block with a reason",
  },
  {
    id: "ups-exit2-stderr",
    event: "prompt",
    native: "UserPromptSubmit",
    script: "text",
    hook: { exit: 2, stderr: "R-UPS-X2 not this prompt" },
    marker: "R-UPS-X2",
    about: "exit 2 with a reason on stderr on the prompt",
    only: ["qwen-code", "kimi-code", "auggie"],
  },
  {
    id: "ups-context",
    event: "prompt",
    native: "UserPromptSubmit",
    script: "text",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "UserPromptSubmit",
        additionalContext: "CTX-UPS mind the tests",
      }),
    },
    marker: "CTX-UPS",
    about: "hookSpecificOutput additionalContext on the prompt",
    only: ["qwen-code", "kimi-code"],
  },
  {
    id: "ups-message",
    event: "prompt",
    native: "UserPromptSubmit",
    script: "text",
    hook: { exit: 0, stdout: JSON.stringify({ message: "CTX-UPS-MSG mind the tests" }) },
    marker: "CTX-UPS-MSG",
    about: "Kimi Code's own top-level message on the prompt",
    only: ["kimi-code"],
  },
  {
    id: "ups-deny-json",
    event: "prompt",
    native: "UserPromptSubmit",
    script: "text",
    hook: { exit: 0, stdout: preDenyAt("UserPromptSubmit", "R-UPS-DENY not this prompt") },
    marker: "R-UPS-DENY",
    about: "hookSpecificOutput permissionDecision deny on the prompt",
    only: ["kimi-code"],
  },
  {
    id: "stop-deny-json",
    event: "stop",
    native: "Stop",
    script: "text",
    max: 1,
    hook: { exit: 0, stdout: preDenyAt("Stop", "R-STOP-DENY also run the tests") },
    marker: "R-STOP-DENY",
    about: "hookSpecificOutput permissionDecision deny at the first stop only",
    only: ["kimi-code"],
  },
  {
    id: "ss-message",
    event: "session-start",
    native: "SessionStart",
    script: "text",
    hook: { exit: 0, stdout: JSON.stringify({ message: "CTX-SS-MSG the repo is frozen" }) },
    marker: "CTX-SS-MSG",
    about: "Kimi Code's own top-level message at session start",
    only: ["kimi-code"],
  },
  {
    id: "session-end-fires",
    event: "session-end",
    native: "SessionEnd",
    script: "text",
    hook: { exit: 0 },
    about: "a hook under SessionEnd in a headless run: does it run at all",
    only: ["kimi-code"],
  },
  {
    id: "ss-context",
    event: "session-start",
    native: "SessionStart",
    script: "text",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "SessionStart",
        additionalContext: "CTX-SS the repo is frozen",
      }),
    },
    marker: "CTX-SS",
    about: "hookSpecificOutput additionalContext at session start",
  },
  {
    id: "ss-plain-text",
    event: "session-start",
    native: "SessionStart",
    script: "text",
    hook: { exit: 0, stdout: "CTX-SS-PLAIN plain stdout" },
    marker: "CTX-SS-PLAIN",
    about: "plain text on stdout at session start",
  },
  {
    id: "stop-block",
    event: "stop",
    native: "Stop",
    script: "text",
    max: 1,
    hook: { exit: 0, stdout: block("R-STOP-BLOCK also run the tests") },
    marker: "R-STOP-BLOCK",
    about: "decision block at the first stop only",
  },
  {
    id: "stop-exit2-stderr",
    event: "stop",
    native: "Stop",
    script: "text",
    max: 1,
    hook: { exit: 2, stderr: "R-STOP-X2 also run the tests" },
    marker: "R-STOP-X2",
    about: "exit 2 with a reason on stderr at the first stop only",
  },
  {
    id: "stop-context",
    event: "stop",
    native: "Stop",
    script: "text",
    max: 1,
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "Stop", additionalContext: "CTX-STOP please also do X" }),
    },
    marker: "CTX-STOP",
    about: "hookSpecificOutput additionalContext at the first stop only, no decision",
  },
  {
    id: "subagent-stop-block",
    event: "subagent-stop",
    native: "SubagentStop",
    script: "subagent",
    max: 1,
    hook: { exit: 0, stdout: block("R-SUBSTOP-BLOCK look again") },
    marker: "R-SUBSTOP-BLOCK",
    about: "decision block at the first SubagentStop only",
  },
  {
    id: "file-project-settings",
    event: "pre-tool",
    native: "PreToolUse",
    file: "project-settings",
    hook: { exit: 0, stdout: preDeny("R-FILE-PROJ no") },
    marker: "R-FILE-PROJ",
    about: "the deny hook in the project's settings.json only, the folder never trusted by hand",
  },
  {
    id: "file-user-hooks-json",
    event: "pre-tool",
    native: "PreToolUse",
    file: "user-hooks-json",
    hook: { exit: 0, stdout: preDeny("R-FILE-UHJ no") },
    marker: "R-FILE-UHJ",
    about: "the deny hook in ~/.factory/hooks.json only (the file the hooks reference names)",
    only: ["factory-droid"],
  },
  {
    id: "file-project-hooks-json",
    event: "pre-tool",
    native: "PreToolUse",
    file: "project-hooks-json",
    hook: { exit: 0, stdout: preDeny("R-FILE-PHJ no") },
    marker: "R-FILE-PHJ",
    about: "the deny hook in <project>/.factory/hooks.json only",
    only: ["factory-droid"],
  },
  // Cline's own answer: cancel, contextModification (or context), errorMessage,
  // overrideInput, an optional HOOK_CONTROL<tab> line; the exit code is ignored.
  {
    id: "cline-pre-deny-rewrite",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: clineRefusal("R-DENY force push is refused") },
    marker: "R-DENY",
    about:
      "everyhook's refusal: the call rewritten into a command that prints the reason and fails, the reason as contextModification",
    only: ["cline"],
  },
  {
    id: "cline-pre-deny-editor",
    event: "pre-tool",
    native: "PreToolUse",
    script: "write",
    hook: { exit: 0, stdout: clineRefusal("R-DENY-EDIT no new files here") },
    marker: "R-DENY-EDIT",
    about: "everyhook's refusal of a call of the editor tool (a write of a new file)",
    only: ["cline"],
  },
  {
    id: "cline-pre-cancel",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ cancel: true, errorMessage: "R-CANCEL stop it" }) },
    marker: "R-CANCEL",
    about: "cancel with an errorMessage",
    only: ["cline"],
  },
  {
    id: "cline-pre-context",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ contextModification: "CTX-CLINE-PRE mind it" }) },
    marker: "CTX-CLINE-PRE",
    about: "contextModification before a tool",
    only: ["cline"],
  },
  {
    id: "cline-pre-error-message",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ errorMessage: "R-ERRMSG something" }) },
    marker: "R-ERRMSG",
    about: "an errorMessage without cancel",
    only: ["cline"],
  },
  {
    id: "cline-pre-override",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ overrideInput: { commands: ["echo UPDATED-INPUT-RAN"] } }),
    },
    about: "overrideInput with a new command list",
    only: ["cline"],
  },
  {
    id: "cline-pre-hook-control",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: 'some log line\nHOOK_CONTROL\t{"contextModification":"CTX-CONTROL-LINE here"}\n',
    },
    marker: "CTX-CONTROL-LINE",
    about: "other output, then the answer on a HOOK_CONTROL<tab> line",
    only: ["cline"],
  },
  {
    id: "cline-post-context",
    event: "post-tool",
    native: "PostToolUse",
    script: "echo",
    hook: { exit: 0, stdout: JSON.stringify({ contextModification: "CTX-CLINE-POST look" }) },
    marker: "CTX-CLINE-POST",
    about: "contextModification after a tool",
    only: ["cline"],
  },
  {
    id: "cline-start-context",
    event: "session-start",
    native: "TaskStart",
    script: "text",
    hook: { exit: 0, stdout: JSON.stringify({ contextModification: "CTX-CLINE-START hello" }) },
    marker: "CTX-CLINE-START",
    about: "contextModification at TaskStart",
    only: ["cline"],
  },
  {
    id: "cline-end-fires",
    event: "session-end",
    native: "SessionShutdown",
    script: "text",
    hook: { exit: 0, stdout: JSON.stringify({ contextModification: "CTX-CLINE-END bye" }) },
    marker: "CTX-CLINE-END",
    about: "SessionShutdown fires in a headless run; its answer",
    only: ["cline"],
  },
  {
    id: "cline-stop-cancel",
    event: "stop",
    native: "TaskComplete",
    script: "text",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ cancel: true, errorMessage: "R-STOP-CANCEL again" }),
    },
    marker: "R-STOP-CANCEL",
    about: "cancel at TaskComplete",
    only: ["cline"],
  },
  {
    id: "cline-stop-context",
    event: "stop",
    native: "TaskComplete",
    script: "text",
    hook: { exit: 0, stdout: JSON.stringify({ contextModification: "CTX-CLINE-STOP more" }) },
    marker: "CTX-CLINE-STOP",
    about: "contextModification at TaskComplete",
    only: ["cline"],
  },
  {
    id: "cline-prompt-fires",
    event: "prompt",
    native: "UserPromptSubmit",
    script: "text",
    hook: { exit: 0, stdout: JSON.stringify({ contextModification: "CTX-CLINE-UPS see" }) },
    marker: "CTX-CLINE-UPS",
    about: "UserPromptSubmit in a headless run",
    only: ["cline"],
  },
];

/**
 * The cases one agent runs: those for every agent and its own, without the
 * events it does not have.
 *
 * @param agent The agent.
 * @param skip Case ids to leave out.
 * @returns The cases.
 *
 * @example Usage
 * ```ts ignore
 * import { casesFor } from "./chat_agent_cases.ts";
 * console.log(casesFor(QWEN).length);
 * ```
 */
export function casesFor(agent: ChatAgent, skip: readonly string[] = []): ChatCase[] {
  return CHAT_CASES.filter((c) =>
    (c.only === undefined || c.only.includes(agent.id)) && !skip.includes(c.id)
  );
}

/** The model's script for a case, and how many main turns a run nothing stops makes. */
function scriptOf(
  agent: ChatAgent,
  c: ChatCase,
  world: World,
): { script: ChatScript; normal: number } {
  switch (c.script ?? "push") {
    case "write": {
      const write = agent.writeFile;
      if (write === undefined) throw new Error(`${agent.id} has no file tool for case ${c.id}`);
      const step = write(`${world.project}/${WRITTEN_FILE}`, "written\n");
      return { script: { steps: [step, textStep(FINAL)] }, normal: 2 };
    }
    case "push":
      return { script: { steps: [agent.shell(FORCE_PUSH), textStep(FINAL)] }, normal: 2 };
    case "echo":
      return { script: { steps: [agent.shell("echo hello"), textStep(FINAL)] }, normal: 2 };
    case "text":
      return { script: { steps: [textStep(FINAL), textStep("SECOND-FINAL")] }, normal: 1 };
    case "subagent":
      return {
        script: {
          steps: [agent.subagent(SUB_MARKER), textStep(FINAL)],
          subagentMarker: SUB_MARKER,
          markerInAnyUserMessage: agent.markerInAnyUserMessage,
          subagentSteps: [textStep("SUB-FIRST"), textStep("SUB-SECOND")],
        },
        normal: 2,
      };
  }
}

/**
 * The recording hook's rule for a case: the case's event, the force push or echo only.
 *
 * @param c The case.
 * @returns The rule.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { caseRule } from "./chat_agent_cases.ts";
 * const c = { id: "x", event: "pre-tool" as const, native: "PreToolUse", hook: { exit: 2 }, about: "" };
 * assert.deepEqual(caseRule(c), { event: "PreToolUse", exit: 2, match: "git push" });
 * ```
 */
export function caseRule(c: ChatCase): HookRule {
  const rule: HookRule = { event: c.native, exit: c.hook.exit };
  if (c.event === "pre-tool") rule.match = c.script === "write" ? WRITTEN_FILE : "git push";
  if (c.max !== undefined) rule.max = c.max;
  if (c.hook.stdout !== undefined) rule.stdout = c.hook.stdout;
  if (c.hook.stderr !== undefined) rule.stderr = c.hook.stderr;
  if (c.hook.sleepSeconds !== undefined) rule.sleepSeconds = c.hook.sleepSeconds;
  return rule;
}

/** The events every case records (so that a run's shape can be read), and the case's own. */
function caseHooks(agent: ChatAgent, c: ChatCase) {
  const events = new Set(["PreToolUse", "PostToolUse", "Stop", c.native]);
  const hooks = recordingHooks(agent, [...events], 30);
  if (c.hook.timeoutSeconds !== undefined) {
    for (const group of hooks[c.native] ?? []) {
      for (const h of group.hooks) h.timeout = c.hook.timeoutSeconds;
    }
  }
  return hooks;
}

/** Where a case's settings file goes, relative to the world. */
function fileOf(agent: ChatAgent, c: ChatCase, world: World) {
  if (c.file === undefined) return undefined;
  if (c.file === "project-settings") return "project" as const;
  const settings = c.file === "user-hooks-json"
    ? agent.userSettings(world)
    : agent.projectSettings(world);
  return { path: `${settings.replace(/\/[^/]+$/, "")}/hooks.json` };
}

/**
 * Runs one case in a fresh world and reads what the agent did.
 *
 * @param agent The agent.
 * @param c The case.
 * @returns The conformance case.
 *
 * @example Usage
 * ```ts ignore
 * import { runChatCase, casesFor } from "./chat_agent_cases.ts";
 * console.log(await runChatCase(QWEN, casesFor(QWEN)[0]!));
 * ```
 */
export async function runChatCase(agent: ChatAgent, c: ChatCase): Promise<ConformanceCase> {
  await using world = await chatWorld(agent.id);
  const { script, normal } = scriptOf(agent, c, world);
  const settingsFile = fileOf(agent, c, world);
  const s = await runChatAgent(agent, {
    world,
    script,
    hooks: caseHooks(agent, c),
    ...(settingsFile === undefined ? {} : { settingsFile }),
    rules: [caseRule(c)],
    prompt: c.event === "prompt"
      ? `${PROMPT_MARK} do the scripted steps`
      : "Do the scripted steps.",
    autoApprove: c.noAutoApprove !== true,
    timeoutMs: 120_000,
  });
  const writtenFile = await Deno.stat(`${world.project}/${WRITTEN_FILE}`).then(
    () => true,
    () => false,
  );
  return judgeCase(
    c,
    { ...s, writtenFile },
    normal,
    (text) => String(redact(hideHookCommand(text), world)),
    agent,
  );
}

/** The recording hook's command lines (which an agent may quote to the model) as `<cmd>`. */
function hideHookCommand(text: string): string {
  let out = text;
  for (const c of CHAT_CASES) out = out.replaceAll(recordHookCommand(c.native), "<cmd>");
  return out;
}

/**
 * What a case's run shows, as the conformance file records it: did the tool
 * run (or the post-tool hook, or the prompt reach the model), did the marker
 * reach the model, did the agent go back to work, did the run end early.
 *
 * @param c The case.
 * @param s The run (any agent's session of the same shape: its requests, its
 *   main turns, the tool results, the hook calls).
 * @param normal How many main turns a run nothing stops makes.
 * @param clean Makes a text the model saw fit to commit (paths, hook commands).
 * @param agent The chat agent, for a sub-agent's case.
 * @returns The conformance case.
 *
 * @example Usage
 * ```ts ignore
 * import { judgeCase } from "./chat_agent_cases.ts";
 * const recorded = judgeCase(c, session, 2, (t) => t);
 * ```
 */
export function judgeCase(
  c: ChatCase,
  s: ChatSession & { writtenFile?: boolean },
  normal: number,
  clean: (text: string) => string,
  agent?: ChatAgent,
): ConformanceCase {
  const rewritten = s.toolResults.some((t) => t.includes("UPDATED-INPUT-RAN"));
  // Whether the file a `write` case has the model create is there (told by runChatCase).
  const written = s.writtenFile === true;
  let toolRan: boolean | null = null;
  if (c.event === "pre-tool") {
    toolRan = c.script === "write"
      ? written
      : rewritten || s.toolResults.some((t) => FORCE_PUSH_RAN.test(t));
  }
  if (c.event === "post-tool") {
    toolRan = s.hookCalls.some((h) => h.event === c.native);
  }
  if (c.event === "prompt") toolRan = requestsMention(s.turns, PROMPT_MARK);
  let continued: boolean | null = null;
  if (c.event === "stop") continued = s.turns.length > normal;
  if (c.event === "subagent-stop") {
    continued = subagentTurns(s.requests, SUB_MARKER, agent?.markerInAnyUserMessage).length > 1;
  }
  const notes = [c.about, `exit ${s.run.code ?? "on a signal"}`];
  if (s.run.timedOut) notes.push("the run timed out");
  if (!s.hookCalls.some((h) => h.event === c.native)) notes.push("the hook never ran");
  else if (!s.hookCalls.some((h) => h.rule !== null)) notes.push("no hook call matched the rule");
  if (rewritten) notes.push("the rewritten command ran instead of the force push");
  if (c.marker !== undefined) {
    const out = s.run.stdout + s.run.stderr;
    if (out.includes(c.marker)) notes.push("the agent printed it");
    const first = s.turns[0];
    if (first !== undefined && requestsMention([first], c.marker)) {
      notes.push("it was in the first request");
    }
  }
  notes.push(`${s.turns.length} model turn(s)`);
  const result: ConformanceCase = {
    id: c.id,
    event: c.event,
    nativeEvent: c.native,
    hook: c.hook.timeoutSeconds === undefined ? { ...c.hook, timeoutSeconds: 30 } : c.hook,
    toolRan,
    reachedModel: c.marker === undefined ? null : requestsMention(s.requests, c.marker),
    continued,
    runEnded: s.run.code !== 0 || s.turns.length < normal,
    notes: notes.join("; "),
  };
  const toolEvent = c.event === "pre-tool" || c.event === "post-tool";
  const saw = toolEvent ? s.toolResults[0] : markedMessage(s, c.marker);
  if (saw !== undefined) result.modelSaw = trim(clean(saw), 400);
  return result;
}

/** The first message the model was shown that holds the marker, as `role: text`. */
export function markedMessage(
  s: Pick<ChatSession, "requests">,
  marker: string | undefined,
): string | undefined {
  if (marker === undefined) return undefined;
  for (const r of s.requests) {
    for (const m of chatMessages(r.body)) {
      const text = messageText(m);
      if (text.includes(marker)) return `${m.role}: ${text}`;
    }
  }
  return undefined;
}

/** The text without its outer white space, cut to `max` characters with an ellipsis. */
export function trim(text: string, max: number): string {
  const t = text.trim();
  return t.length <= max ? t : `${t.slice(0, max)}…`;
}
