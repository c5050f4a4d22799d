/**
 * GitHub Copilot CLI's conformance cases: the table of raw hook outputs the
 * shared recorder (agent_e2e.ts) puts to the real binary, one each, under one
 * event key (camelCase, and the PascalCase Claude-compatible key where its
 * answer shapes differ), each in a world of its own, and how the run is read
 * back: did the tool run, did the reason reach the model (the fake API's
 * request log), did the agent go back to work, did the run end early.
 *
 * Over 600 lines: one table of cases, each a few lines, read as one list.
 *
 * @module
 */

import type { ConformanceCase } from "./harness_types.ts";
import {
  type ChatScript,
  subagentTurns,
  textStep,
  toolStep,
} from "../../src/verify/fake/openai_chat.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import type { HookRule } from "./record_hook.ts";
import { caseRule as ruleOf } from "./conformance_runner.ts";
import { FORCE_PUSH, FORCE_PUSH_RAN } from "./chat_agent_session.ts";
import { markedMessage, trim } from "./chat_agent_cases.ts";
import {
  copilotHome,
  type CopilotHookFile,
  copilotWorld,
  recordingEntry,
  recordingHooks,
  runCopilot,
  type Session,
  SUBAGENT_MARKER,
  SUBAGENT_TASK,
} from "./copilot_cli_session.ts";

export { FORCE_PUSH, FORCE_PUSH_RAN };

/** One case: a hook output, the event key it answers under, and what to look for. */
export interface CaseSpec {
  /** A stable id. */
  id: string;
  /** The contract event. */
  event: "pre-tool" | "post-tool" | "prompt" | "session-start" | "stop" | "subagent-stop";
  /** The event key in the settings file. */
  nativeEvent: string;
  /** What the hook does. */
  hook: ConformanceCase["hook"];
  /** The text (reason or context) whose arrival at the model is looked for. */
  marker?: string;
  /** Flags instead of `--allow-all-tools`. */
  args?: string[];
  /** What the case is about (goes into the notes). */
  about: string;
  /**
   * The hook files instead of one `case.json` with the recording hook under
   * `nativeEvent`; their entries' labels name the rules' events.
   */
  files?: Record<string, CopilotHookFile>;
  /** Where the files go: the user's hooks folder (default) or the project's `.github/hooks`. */
  where?: "user" | "project";
  /** The recording hook's rules instead of the one made from `hook`. */
  rules?: HookRule[];
  /** The model starts a sub-agent (task tool) first; implied by subagent-stop. */
  subagent?: boolean;
  /**
   * The shell call the model makes in a tool case: the force push (default),
   * or the force push with its `command` under another name, a call Copilot CLI
   * refuses as invalid input before anything runs (its tool call fails).
   */
  call?: "force-push" | "invalid-shell";
  /** The project is in `trustedFolders` of `$COPILOT_HOME/config.json` before the run. */
  trustedInConfig?: boolean;
}

/** The final text every script ends with. */
export const FINAL = "FINAL-OK";

/** The words of the prompt of prompt cases, to tell whether the prompt reached the model. */
export const PROMPT_MARK = "PROMPT-TEXT-7Q";

const deny = (reason: string): string =>
  JSON.stringify({ permissionDecision: "deny", permissionDecisionReason: reason });
const claudePre = (fields: Record<string, unknown>): string =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });
const block = (reason: string): string => JSON.stringify({ decision: "block", reason });
const context = (text: string): string => JSON.stringify({ additionalContext: text });

/** Every case, in the order the conformance file lists them. */
export const CASES: readonly CaseSpec[] = [
  {
    id: "pre-nothing",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0 },
    about: "nothing, exit 0",
  },
  {
    id: "pre-exit2-stderr",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 2, stderr: "R-PRE-X2 force push is forbidden" },
    marker: "R-PRE-X2",
    about: "exit 2 with a reason on stderr",
  },
  {
    id: "pre-exit2-empty",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 2 },
    about: "exit 2, no output",
  },
  {
    id: "pre-exit1-stderr",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 1, stderr: "R-PRE-X1 force push is forbidden" },
    marker: "R-PRE-X1",
    about: "exit 1 with a reason on stderr",
  },
  {
    id: "pre-exit3-stderr",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 3, stderr: "R-PRE-X3 force push is forbidden" },
    marker: "R-PRE-X3",
    about: "exit 3 with a reason on stderr",
  },
  {
    id: "pre-not-json",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: "{not json" },
    about: "`{not json` on stdout, exit 0",
  },
  {
    id: "pre-plain-text",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: "R-PRE-PLAIN this is not an answer" },
    marker: "R-PRE-PLAIN",
    about: "plain text on stdout, exit 0",
  },
  {
    id: "pre-timeout",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: deny("R-PRE-SLOW too late"), sleepSeconds: 6, timeoutSeconds: 2 },
    marker: "R-PRE-SLOW",
    about: "a hook that would deny, past its timeout (timeoutSec 2, sleeps 6 s)",
  },
  {
    id: "pre-deny",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: deny("R-PRE-DENY force push is forbidden") },
    marker: "R-PRE-DENY",
    about: "Copilot's own deny: permissionDecision deny with a reason",
  },
  {
    id: "pre-deny-no-reason",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ permissionDecision: "deny" }) },
    about: "permissionDecision deny without a reason",
  },
  {
    id: "pre-deny-exit2",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 2, stdout: deny("R-PRE-DX2 force push is forbidden") },
    marker: "R-PRE-DX2",
    about: "deny JSON with a reason and exit 2",
  },
  {
    id: "pre-ask",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({
        permissionDecision: "ask",
        permissionDecisionReason: "R-PRE-ASK confirm",
      }),
    },
    marker: "R-PRE-ASK",
    about: "Copilot's ask, headless with --allow-all-tools",
  },
  {
    id: "pre-allow",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({
        permissionDecision: "allow",
        permissionDecisionReason: "R-PRE-ALLOW fine",
      }),
    },
    marker: "R-PRE-ALLOW",
    about: "Copilot's allow, with --allow-all-tools",
  },
  {
    id: "pre-allow-no-flag",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ permissionDecision: "allow" }) },
    args: [],
    about: "allow, run without --allow-all-tools (no one to approve)",
  },
  {
    id: "pre-nothing-no-flag",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0 },
    args: [],
    about: "baseline for the allow: nothing, exit 0, without --allow-all-tools",
  },
  {
    id: "pre-context",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: context("CTX-PRE remember the rules") },
    marker: "CTX-PRE",
    about: "additionalContext",
  },
  {
    id: "pre-continue-false",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ continue: false, stopReason: "R-PRE-CONT stop now" }),
    },
    marker: "R-PRE-CONT",
    about: "Claude's continue false with a stopReason",
  },
  {
    id: "pre-modified-args",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({
        modifiedArgs: { command: "echo MODIFIED-ARGS-RAN", description: "Rewritten by the hook" },
      }),
    },
    marker: "MODIFIED-ARGS-RAN",
    about: "a rewritten input: modifiedArgs",
  },
  {
    id: "pre-block-legacy",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: { exit: 0, stdout: block("R-PRE-BLOCK force push is forbidden") },
    marker: "R-PRE-BLOCK",
    about: "Claude's legacy decision block",
  },
  {
    id: "pre-claude-deny",
    event: "pre-tool",
    nativeEvent: "preToolUse",
    hook: {
      exit: 0,
      stdout: claudePre({ permissionDecision: "deny", permissionDecisionReason: "R-PRE-CL no" }),
    },
    marker: "R-PRE-CL",
    about: "Claude's hookSpecificOutput deny under the camelCase key",
  },
  {
    id: "pre-pascal-claude-deny",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    hook: {
      exit: 0,
      stdout: claudePre({ permissionDecision: "deny", permissionDecisionReason: "R-PRE-PCL no" }),
    },
    marker: "R-PRE-PCL",
    about: "Claude's hookSpecificOutput deny under the PascalCase key",
  },
  {
    id: "pre-pascal-deny",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    hook: { exit: 0, stdout: deny("R-PRE-PDENY no") },
    marker: "R-PRE-PDENY",
    about: "Copilot's top-level deny under the PascalCase key",
  },
  {
    id: "pre-pascal-exit2-stderr",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    hook: { exit: 2, stderr: "R-PRE-PX2 force push is forbidden" },
    marker: "R-PRE-PX2",
    about: "exit 2 with a reason on stderr under the PascalCase key",
  },
  {
    id: "pre-pascal-context",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    hook: { exit: 0, stdout: claudePre({ additionalContext: "CTX-PRE-P remember the rules" }) },
    marker: "CTX-PRE-P",
    about: "Claude's hookSpecificOutput additionalContext under the PascalCase key",
  },
  {
    id: "pre-pascal-updated-input",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    hook: {
      exit: 0,
      stdout: claudePre({
        permissionDecision: "allow",
        updatedInput: { command: "echo UPDATED-INPUT-RAN", description: "Rewritten by the hook" },
      }),
    },
    marker: "UPDATED-INPUT-RAN",
    about: "Claude's updatedInput with an allow under the PascalCase key",
  },
  {
    id: "post-deny",
    event: "post-tool",
    nativeEvent: "postToolUse",
    hook: { exit: 0, stdout: deny("R-POST-DENY bad push") },
    marker: "R-POST-DENY",
    about: "permissionDecision deny after the tool ran",
  },
  {
    id: "post-block",
    event: "post-tool",
    nativeEvent: "postToolUse",
    hook: { exit: 0, stdout: block("R-POST-BLOCK bad push") },
    marker: "R-POST-BLOCK",
    about: "decision block with a reason after the tool ran",
  },
  {
    id: "post-exit2-stderr",
    event: "post-tool",
    nativeEvent: "postToolUse",
    hook: { exit: 2, stderr: "R-POST-X2 bad push" },
    marker: "R-POST-X2",
    about: "exit 2 with a reason on stderr after the tool ran",
  },
  {
    id: "post-context",
    event: "post-tool",
    nativeEvent: "postToolUse",
    hook: { exit: 0, stdout: context("CTX-POST check the remote") },
    marker: "CTX-POST",
    about: "additionalContext after the tool ran",
  },
  {
    id: "post-modified-result",
    event: "post-tool",
    nativeEvent: "postToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({
        modifiedResult: { resultType: "success", textResultForLlm: "MODRES-POST replaced output" },
      }),
    },
    marker: "MODRES-POST",
    about: "modifiedResult after the tool ran",
  },
  {
    id: "post-pascal-block",
    event: "post-tool",
    nativeEvent: "PostToolUse",
    hook: { exit: 0, stdout: block("R-POST-PBLOCK bad push") },
    marker: "R-POST-PBLOCK",
    about: "decision block with a reason under the PascalCase key",
  },
  {
    id: "post-pascal-context",
    event: "post-tool",
    nativeEvent: "PostToolUse",
    hook: {
      exit: 0,
      stdout: JSON.stringify({
        hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "CTX-POST-P check" },
      }),
    },
    marker: "CTX-POST-P",
    about: "Claude's hookSpecificOutput additionalContext under the PascalCase key",
  },
  {
    id: "prompt-block",
    event: "prompt",
    nativeEvent: "userPromptSubmitted",
    hook: { exit: 0, stdout: block("R-UPS-BLOCK not this prompt") },
    marker: "R-UPS-BLOCK",
    about: "a refused prompt: decision block with a reason",
  },
  {
    id: "prompt-deny",
    event: "prompt",
    nativeEvent: "userPromptSubmitted",
    hook: { exit: 0, stdout: deny("R-UPS-DENY not this prompt") },
    marker: "R-UPS-DENY",
    about: "permissionDecision deny on the prompt",
  },
  {
    id: "prompt-exit2-stderr",
    event: "prompt",
    nativeEvent: "userPromptSubmitted",
    hook: { exit: 2, stderr: "R-UPS-X2 not this prompt" },
    marker: "R-UPS-X2",
    about: "exit 2 with a reason on stderr on the prompt",
  },
  {
    id: "prompt-context",
    event: "prompt",
    nativeEvent: "userPromptSubmitted",
    hook: { exit: 0, stdout: context("CTX-UPS mind the tests") },
    marker: "CTX-UPS",
    about: "additionalContext on the prompt",
  },
  {
    id: "prompt-pascal-block",
    event: "prompt",
    nativeEvent: "UserPromptSubmit",
    hook: { exit: 0, stdout: block("R-UPS-PBLOCK not this prompt") },
    marker: "R-UPS-PBLOCK",
    about: "decision block with a reason under the PascalCase key",
  },
  {
    id: "start-context",
    event: "session-start",
    nativeEvent: "sessionStart",
    hook: { exit: 0, stdout: context("CTX-START the repo is frozen") },
    marker: "CTX-START",
    about: "additionalContext at session start",
  },
  {
    id: "start-pascal-context",
    event: "session-start",
    nativeEvent: "SessionStart",
    hook: {
      exit: 0,
      stdout: JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "SessionStart",
          additionalContext: "CTX-START-P frozen",
        },
      }),
    },
    marker: "CTX-START-P",
    about: "Claude's hookSpecificOutput additionalContext under the PascalCase key",
  },
  {
    id: "stop-block",
    event: "stop",
    nativeEvent: "agentStop",
    hook: { exit: 0, stdout: block("R-STOP-BLOCK also run the tests") },
    marker: "R-STOP-BLOCK",
    about: "decision block at the first stop only (a stop sent back)",
  },
  {
    id: "stop-exit2-stderr",
    event: "stop",
    nativeEvent: "agentStop",
    hook: { exit: 2, stderr: "R-STOP-X2 also run the tests" },
    marker: "R-STOP-X2",
    about: "exit 2 with a reason on stderr at the first stop only",
  },
  {
    id: "stop-pascal-block",
    event: "stop",
    nativeEvent: "Stop",
    hook: { exit: 0, stdout: block("R-STOP-PBLOCK also run the tests") },
    marker: "R-STOP-PBLOCK",
    about: "decision block at the first stop only, under the PascalCase key",
  },
  {
    id: "stop-block-in-subagent",
    event: "stop",
    nativeEvent: "agentStop",
    hook: { exit: 0, stdout: block("R-STOP-SUB also run the tests") },
    marker: "R-STOP-SUB",
    subagent: true,
    rules: [{
      event: "agentStop",
      match: '"stop_hook_active":false,"agentId"',
      stdout: block("R-STOP-SUB also run the tests"),
    }],
    about: "decision block at the stop a sub-agent's own turn fires (its payload has agentId)",
  },
  {
    id: "subagent-stop-block",
    event: "subagent-stop",
    nativeEvent: "subagentStop",
    hook: { exit: 0, stdout: block("R-SUBSTOP-BLOCK look again") },
    marker: "R-SUBSTOP-BLOCK",
    about: "decision block at the first subagentStop only",
  },
  {
    id: "subagent-stop-pascal-block",
    event: "subagent-stop",
    nativeEvent: "SubagentStop",
    hook: { exit: 0, stdout: block("R-SUBSTOP-PBLOCK look again") },
    marker: "R-SUBSTOP-PBLOCK",
    about: "decision block at the first SubagentStop only, under the PascalCase key",
  },
  ...failureCases(),
  ...fileCases(),
];

/**
 * The cases of a failed tool call (postToolUseFailure): the model's shell call
 * fails as invalid input, and the hook answers each shape the hooks reference
 * and the binary's text name for that event or for postToolUse.
 */
function failureCases(): CaseSpec[] {
  const camel = {
    event: "post-tool",
    nativeEvent: "postToolUseFailure",
    call: "invalid-shell",
  } as const;
  const pascal = { ...camel, nativeEvent: "PostToolUseFailure" } as const;
  return [
    { ...camel, id: "postfail-nothing", hook: { exit: 0 }, about: "nothing, exit 0" },
    {
      ...camel,
      id: "postfail-exit2-stderr",
      hook: { exit: 2, stderr: "R-PF-X2 use the command field" },
      marker: "R-PF-X2",
      about: "exit 2 with a reason on stderr (the docs: recovery guidance)",
    },
    {
      ...camel,
      id: "postfail-exit1-stderr",
      hook: { exit: 1, stderr: "R-PF-X1 use the command field" },
      marker: "R-PF-X1",
      about: "exit 1 with a reason on stderr",
    },
    {
      ...camel,
      id: "postfail-plain-text",
      hook: { exit: 0, stdout: "R-PF-PLAIN use the command field" },
      marker: "R-PF-PLAIN",
      about: "plain text on stdout, exit 0",
    },
    {
      ...camel,
      id: "postfail-context",
      hook: { exit: 0, stdout: context("CTX-PF use the command field") },
      marker: "CTX-PF",
      about: "additionalContext after the call failed",
    },
    {
      ...camel,
      id: "postfail-block",
      hook: { exit: 0, stdout: block("R-PF-BLOCK use the command field") },
      marker: "R-PF-BLOCK",
      about: "decision block with a reason after the call failed",
    },
    {
      ...camel,
      id: "postfail-deny",
      hook: { exit: 0, stdout: deny("R-PF-DENY use the command field") },
      marker: "R-PF-DENY",
      about: "permissionDecision deny with a reason after the call failed",
    },
    {
      ...camel,
      id: "postfail-modified-result",
      hook: {
        exit: 0,
        stdout: JSON.stringify({
          modifiedResult: { resultType: "success", textResultForLlm: "MODRES-PF replaced" },
        }),
      },
      marker: "MODRES-PF",
      about: "modifiedResult after the call failed",
    },
    {
      ...pascal,
      id: "postfail-pascal-exit2-stderr",
      hook: { exit: 2, stderr: "R-PF-PX2 use the command field" },
      marker: "R-PF-PX2",
      about: "exit 2 with a reason on stderr under the PascalCase key",
    },
    {
      ...pascal,
      id: "postfail-pascal-context",
      hook: {
        exit: 0,
        stdout: JSON.stringify({
          hookSpecificOutput: {
            hookEventName: "PostToolUseFailure",
            additionalContext: "CTX-PF-P use the command field",
          },
        }),
      },
      marker: "CTX-PF-P",
      about: "Claude's hookSpecificOutput additionalContext under the PascalCase key",
    },
    {
      ...pascal,
      id: "postfail-pascal-top-context",
      hook: { exit: 0, stdout: context("CTX-PF-PT use the command field") },
      marker: "CTX-PF-PT",
      about: "a top-level additionalContext under the PascalCase key",
    },
    {
      ...camel,
      id: "postfail-command-exit-code",
      call: "force-push",
      hook: { exit: 0, stdout: context("CTX-PF-EXIT the push failed") },
      marker: "CTX-PF-EXIT",
      files: {
        "case.json": {
          version: 1,
          hooks: {
            postToolUse: [recordingEntry("postToolUse", 15)],
            postToolUseFailure: [recordingEntry("postToolUseFailure", 15)],
          },
        },
      },
      about:
        "a shell command that runs and exits non-zero (the force push), with a postToolUseFailure hook that would add context",
    },
  ];
}

/** The cases about hook files: versions, order, the project's folder and trust. */
function fileCases(): CaseSpec[] {
  const denyRule = (label: string, reason: string): HookRule => ({
    event: label,
    match: "git push",
    stdout: deny(reason),
  });
  const base = { event: "pre-tool", nativeEvent: "preToolUse" } as const;
  const one = (label: string): CopilotHookFile => ({
    version: 1,
    hooks: { preToolUse: [recordingEntry(label, 15)] },
  });
  return [
    {
      ...base,
      id: "file-version-2",
      hook: { exit: 0, stdout: deny("R-FILE-V2 no") },
      marker: "R-FILE-V2",
      files: { "v2.json": { version: 2, hooks: one("preToolUse").hooks } },
      about: 'a settings file with "version": 2 whose hook would deny',
    },
    {
      ...base,
      id: "file-no-version",
      hook: { exit: 0, stdout: deny("R-FILE-NOV no") },
      marker: "R-FILE-NOV",
      files: { "noversion.json": { hooks: one("preToolUse").hooks } },
      about: "a settings file without a version whose hook denies",
    },
    {
      ...base,
      id: "files-descending-order",
      hook: { exit: 0, stdout: deny("R-ORDER-Z no") },
      marker: "R-ORDER-Z",
      files: { "a.json": one("file-a"), "z.json": one("file-z") },
      rules: [denyRule("file-a", "R-ORDER-A no"), denyRule("file-z", "R-ORDER-Z no")],
      about: "two settings files, a.json and z.json, each denying with its own reason",
    },
    {
      ...base,
      id: "entries-first-deny-stops",
      hook: { exit: 0, stdout: deny("R-ENTRY-2 no") },
      marker: "R-ENTRY-2",
      files: {
        "entries.json": {
          version: 1,
          hooks: {
            preToolUse: [
              recordingEntry("entry-1", 15),
              recordingEntry("entry-2", 15),
              recordingEntry("entry-3", 15),
            ],
          },
        },
      },
      rules: [denyRule("entry-2", "R-ENTRY-2 no")],
      about: "three entries under one key in one file, the second denies",
    },
    {
      ...base,
      id: "project-untrusted",
      hook: { exit: 0, stdout: deny("R-PROJ-U no") },
      marker: "R-PROJ-U",
      files: { "project.json": recordingHooks(["preToolUse"], 15) },
      where: "project",
      about: "a denying hook in the project's .github/hooks, folder not trusted",
    },
    {
      ...base,
      id: "project-trusted",
      hook: { exit: 0, stdout: deny("R-PROJ-T no") },
      marker: "R-PROJ-T",
      files: { "project.json": recordingHooks(["preToolUse"], 15) },
      where: "project",
      args: ["--allow-all-tools", "--trust-folder"],
      about: "a denying hook in the project's .github/hooks, run with --trust-folder",
    },
    {
      ...base,
      id: "project-trusted-config",
      hook: { exit: 0, stdout: deny("R-PROJ-C no") },
      marker: "R-PROJ-C",
      files: { "project.json": recordingHooks(["preToolUse"], 15) },
      where: "project",
      trustedInConfig: true,
      about:
        "a denying hook in the project's .github/hooks, the project in trustedFolders of $COPILOT_HOME/config.json, no --trust-folder",
    },
  ];
}

/**
 * The model's script for a case: the force push then a final text for tool
 * events; a sub-agent (which answers twice at most) then a final text where the
 * case has one; two final texts for stops; one for the others.
 *
 * @param c The case.
 * @returns The script.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CASES, caseScript } from "./copilot_cli_cases.ts";
 * assert(caseScript(CASES[0]!).steps.length === 2);
 * ```
 */
export function caseScript(c: CaseSpec): ChatScript {
  if (c.event === "pre-tool" || c.event === "post-tool") {
    const command = c.call === "invalid-shell" ? "cmd" : "command";
    return {
      steps: [
        toolStep("bash", { [command]: FORCE_PUSH, description: "Force push main" }),
        textStep(FINAL),
      ],
    };
  }
  if (hasSubagent(c)) {
    return {
      steps: [
        SUBAGENT_TASK,
        textStep(FINAL),
      ],
      subagentMarker: SUBAGENT_MARKER,
      subagentSteps: [textStep("SUBAGENT-DONE"), textStep("SUBAGENT-AGAIN")],
    };
  }
  if (c.event === "stop") return { steps: [textStep(FINAL), textStep("SECOND-FINAL")] };
  return { steps: [textStep(FINAL)] };
}

function hasSubagent(c: CaseSpec): boolean {
  return c.subagent === true || c.event === "subagent-stop";
}

/**
 * The recording hook's rule for a case: it answers only the case's event, and
 * only the force push (tool events) or the main agent's first stop (stops).
 *
 * @param c The case.
 * @returns The rule.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CASES, caseRule } from "./copilot_cli_cases.ts";
 * assert(caseRule(CASES[0]!).match === "git push");
 * ```
 */
export function caseRule(c: CaseSpec): HookRule {
  let match: string | undefined;
  if (c.event === "pre-tool" || c.event === "post-tool") match = "git push";
  // The main agent's first stop: its payload ends with the flag (a sub-agent's goes on).
  if (c.event === "stop") match = '"stop_hook_active":false}';
  if (c.event === "subagent-stop") match = '"stop_hook_active":false';
  return ruleOf(c.nativeEvent, c.hook, { match });
}

/**
 * Reads one case's session back into a conformance case.
 *
 * @param c The case.
 * @param s What the session did.
 * @param clean Makes a text neutral (the world's paths become <home>, <project>, <tmp>).
 * @returns The conformance case.
 *
 * @example Usage
 * ```ts ignore
 * import { judgeCase } from "./copilot_cli_cases.ts";
 * const result = judgeCase(spec, session, (t) => t);
 * ```
 */
export function judgeCase(
  c: CaseSpec,
  s: Session,
  clean: (text: string) => string,
): ConformanceCase {
  const toolEvent = c.event === "pre-tool" || c.event === "post-tool";
  const rewritten = s.toolResults.some((t) => t.includes("ARGS-RAN") || t.includes("INPUT-RAN"));
  let toolRan: boolean | null = null;
  if (c.event === "pre-tool") {
    toolRan = rewritten || s.toolResults.some((t) => FORCE_PUSH_RAN.test(t));
  }
  // After the tool, what the model sees may be replaced: read the output from the hook's payload.
  if (c.event === "post-tool" && c.call !== "invalid-shell") {
    toolRan = s.hookCalls.some((h) =>
      /^postToolUse/i.test(h.event) && FORCE_PUSH_RAN.test(JSON.stringify(h.stdin))
    );
  }
  if (c.event === "prompt") toolRan = requestsMention(s.turns, PROMPT_MARK);
  const reachedModel = c.marker === undefined ? null : requestsMention(s.requests, c.marker);
  const notes = [c.about, `copilot exited ${s.run.code ?? "on a signal"}`];
  if (c.marker !== undefined && s.run.stderr.includes(c.marker)) {
    notes.push("copilot printed it on stderr");
  }
  if (c.files !== undefined) {
    const ran = s.hookCalls.map((h) => h.event);
    notes.push(ran.length > 0 ? `hooks ran in this order: ${ran.join(", ")}` : "no hook ran");
  } else if (!s.hookCalls.some((h) => h.event === c.nativeEvent)) {
    notes.push("the hook never ran");
  }
  if (s.hookCalls.length > 0 && !s.hookCalls.some((h) => h.rule !== null)) {
    notes.push("no hook call matched the case's rule");
  }
  const first = s.turns[0];
  if (c.marker !== undefined && first !== undefined && requestsMention([first], c.marker)) {
    notes.push("it was in the first request");
  }
  if (rewritten) notes.push("the rewritten command ran instead of the force push");
  const failed = s.hookCalls.find((h) => h.event === c.nativeEvent && /Failure$/.test(h.event));
  const error = (failed?.stdin as { error?: unknown } | null | undefined)?.error;
  if (typeof error === "string") notes.push(`the hook was told the error: ${error}`);
  if (s.run.timedOut) notes.push("the run timed out");
  const result: ConformanceCase = {
    id: c.id,
    event: c.event,
    nativeEvent: c.nativeEvent,
    hook: c.hook,
    toolRan,
    reachedModel,
    continued: c.event !== "stop" && c.event !== "subagent-stop"
      ? null
      : hasSubagent(c)
      ? subagentTurns(s.requests, SUBAGENT_MARKER).length > 1
      : s.turns.length > 1,
    runEnded: s.run.code !== 0 || !s.run.stdout.includes(FINAL),
    notes: notes.join("; "),
  };
  // A failed call's guidance may come as a message of its own: show that one where it does.
  const failedCall = c.call === "invalid-shell";
  const guided = failedCall && !(s.toolResults[0] ?? "").includes(c.marker ?? "");
  const saw = toolEvent && !guided
    ? s.toolResults[0]
    : markedMessage(s, c.marker) ?? (failedCall ? s.toolResults[0] : undefined);
  if (saw !== undefined) result.modelSaw = trim(clean(saw), 400);
  return result;
}

/**
 * Runs one case in a fresh world.
 *
 * @param c The case.
 * @returns What the binary did.
 *
 * @example Usage
 * ```ts ignore
 * import { CASES, runCase } from "./copilot_cli_cases.ts";
 * console.log(await runCase(CASES[0]!));
 * ```
 */
export async function runCase(c: CaseSpec): Promise<ConformanceCase> {
  await using world = await copilotWorld();
  if (c.trustedInConfig) {
    const config = JSON.stringify({ trustedFolders: [world.project] });
    await Deno.writeTextFile(`${copilotHome(world)}/config.json`, config);
  }
  const files = c.files ??
    { "case.json": recordingHooks([c.nativeEvent], c.hook.timeoutSeconds ?? 15) };
  const session = await runCopilot({
    world,
    script: caseScript(c),
    prompt: c.event === "prompt"
      ? `${PROMPT_MARK} run the scripted steps`
      : "Run the scripted step",
    ...(c.where === "project" ? { projectHookFiles: files } : { hookFiles: files }),
    rules: c.rules ?? [caseRule(c)],
    ...(c.args === undefined ? {} : { args: c.args }),
    timeoutMs: 60_000,
  });
  return judgeCase(c, session, (text) =>
    String(redact(text, world)).replace(
      /<current_datetime>[^<]*<\/current_datetime>/g,
      "<current_datetime>…</current_datetime>",
    ));
}
