/**
 * Claude Code: its events, tools, payloads, translation cells and files. The
 * first agent of the layout the family builder (_claude_layout.ts) makes; what
 * is here is Claude Code's own: its cells with their basis, its tools, how a
 * shell's output reads, its files and switches.
 *
 * @module
 */

import {
  CLAUDE_CODE_SWITCHES,
  CLAUDE_LOCAL_SETTINGS,
  CLAUDE_MANAGED_SETTINGS,
} from "./claude_code_switches.ts";
import type { Agent, EventCells } from "./types.ts";
import { obj, outputText, str } from "./_payload.ts";
import * as family from "./_claude_layout.ts";

const DOCS = "https://code.claude.com/docs/en/hooks";

const { documented, seen } = family.bases(DOCS);

const COMMON = family.commonCells(
  {
    none: documented("exit-code-output"),
    message: documented("json-output"),
    input: documented("pretooluse-decision-control"),
  },
);

const PRE_TOOL: EventCells = {
  deny: family.preToolCell("deny", { basis: seen("pre-deny-json") }),
  ask: family.preToolCell("ask", {
    note:
      "with no one to ask (claude -p) Claude Code refused the call and gave the model the reason",
    basis: seen("pre-ask-noperm"),
  }),
  allow: family.preToolCell("allow", { basis: seen("pre-allow-noperm") }, false),
  context: family.contextCell("PreToolUse", seen("pre-addctx")),
  message: { ...COMMON.message, basis: seen("pre-systemmessage") },
  input: family.rewriteCell(seen("pre-updated-input-noallow")),
  none: { ...COMMON.none, basis: seen("pre-exit0-empty") },
};

const POST_TOOL: EventCells = {
  ...family.refusalCells(family.BLOCK, "feedback", { basis: seen("post-block") }, {
    note: "the tool already ran, so there is nothing to ask: the reason goes to the model",
  }),
  allow: family.noApprovalCell("tool", documented("posttooluse-decision-control")),
  // "<event>": PostToolUse, or PostToolUseFailure when the payload came under that name (Claude
  // Code ignores context under the wrong hookEventName: seen with claude 2.1.332).
  context: family.contextCell("<event>", seen("post-addctx")),
  ...COMMON,
};

const PROMPT: EventCells = {
  ...family.promptRefusal(
    seen("ups-block"),
    "the prompt never reaches the model, so neither does the reason: Claude Code shows it to the person",
    "Claude Code cannot ask about a prompt: the prompt is refused and the person sees the reason",
  ),
  allow: family.noApprovalCell("prompt", documented("userpromptsubmit-decision-control")),
  context: family.contextCell("UserPromptSubmit", seen("ups-addctx")),
  ...COMMON,
};

/** Why context at a stop is left out. */
const STOP_CONTEXT =
  "Claude Code sends the agent back to work when a stop hook adds context, so everyhook leaves it out: context alone must not keep the agent going (deny with a reason does that)";

/** A tool response as text: a shell's stdout (and stderr), anything else as it came. */
function toolOutput(response: unknown): string | undefined {
  const shell = obj(response);
  const stdout = str(shell?.stdout);
  if (stdout === undefined) return outputText(response);
  const stderr = str(shell?.stderr);
  return stderr ? (stdout ? `${stdout}\n${stderr}` : stderr) : stdout;
}

/**
 * Claude Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { claudeCode } from "./claude_code.ts";
 * assert(claudeCode.id === "claude-code");
 * ```
 */
export const claudeCode: Agent = family.claudeLayoutAgent({
  id: "claude-code",
  name: "Claude Code",
  aliases: ["claude"],
  docs: DOCS,
  events: {
    "pre-tool": {
      info:
        "Before a tool runs: refuse it, ask the person, approve it, rewrite its input or add context.",
      cells: PRE_TOOL,
    },
    "post-tool": {
      info:
        "After a tool ran (PostToolUseFailure when it failed): give the model feedback on it or add context.",
      cells: POST_TOOL,
    },
    prompt: {
      info: "When the person submits a prompt: refuse it before the model sees it, or add context.",
      cells: PROMPT,
    },
    "session-start": {
      info: "When a session starts, resumes, is cleared or compacted: add context.",
      cells: family.sessionStartCells(
        documented("sessionstart"),
        family.contextCell("SessionStart", seen("ss-addctx")),
        COMMON,
      ),
    },
    "session-end": {
      info: "When the session ends: for logs and clean-up; an answer changes nothing.",
      cells: family.sessionEndCells(documented("sessionend"), {
        ...COMMON,
        message: {
          ...COMMON.message,
          note: "the session is ending, so the person may not see the message",
        },
      }),
    },
    stop: {
      info: "When the agent is about to end its turn: send it back to work with a reason.",
      cells: family.stopCells(
        seen("stop-block"),
        documented("stop"),
        family.droppedCell(STOP_CONTEXT, seen("stop-addctx")),
        COMMON,
      ),
    },
    "subagent-stop": {
      info: "When a subagent is about to finish: send it back to work with a reason.",
      cells: family.stopCells(
        seen("subagent-stop-block"),
        documented("stop"),
        family.droppedCell(STOP_CONTEXT, documented("subagentstop")),
        COMMON,
      ),
    },
  },
  tools: {
    names: {
      Bash: "shell",
      PowerShell: "shell",
      Edit: "edit",
      MultiEdit: "edit",
      NotebookEdit: "edit",
      Write: "write",
      Read: "read",
      NotebookRead: "read",
      Agent: "agent",
      Task: "agent",
    },
    patterns: [{ pattern: "^mcp__", kind: "mcp" }],
  },
  tool: {
    pathFields: ["file_path", "notebook_path"],
    pathOfOther: true,
    outputAfterOnly: false,
    output: toolOutput,
  },
  // A tool that failed fires PostToolUseFailure, not PostToolUse (recorded in
  // fixtures/claude-code/post-tool.shell-failed.json).
  failureEvent: true,
  stopSays: {
    status: {
      text:
        "not sent: Stop fires only when the turn is done (not on an interrupt; a failed API call fires StopFailure instead)",
      basis: documented("stop"),
    },
    lastMessage: {
      text:
        "last_assistant_message; else the transcript's tail (JSON Lines, type assistant, message.content text blocks), then every other format everyhook knows",
      basis: { kind: "binary", case: "fixtures/claude-code/stop.first.json" },
    },
  },
  transcriptFormat: "claude-code",
  // DOCS: https://code.claude.com/docs/en/settings (settings files and managed settings).
  reads: [CLAUDE_LOCAL_SETTINGS, ...CLAUDE_MANAGED_SETTINGS],
  listing: { switches: CLAUDE_CODE_SWITCHES },
  // The variable Claude Code gives every hook: its reference names it, and a project synced on one
  // machine and run in a clone on another (tests/e2e/team_clone_test.ts) ran its hooks through it.
  projectFolder: { env: ["CLAUDE_PROJECT_DIR"], basis: { kind: "binary", case: "project-clone" } },
  folder: ".claude",
  userEnv: { name: "CLAUDE_CONFIG_DIR", replaces: 1 },
  failClosedFields: { onFailure: "block" },
  stillToDo: {
    user:
      "Claude Code reads its settings when a session starts: start a new session (an interactive one runs hooks once the folder is trusted).",
    project:
      "Claude Code reads its settings when a session starts: start a new session in this project and trust the folder when it asks.",
  },
});
