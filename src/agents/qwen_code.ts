/**
 * Qwen Code: its events, tools, payloads, translation cells and files. Its
 * hooks take Claude Code's layout and names (`PreToolUse`, `hookSpecificOutput`,
 * exit 2) in `settings.json`, made by the family builder (_claude_layout.ts);
 * its tools keep Gemini CLI's names (`run_shell_command`, `write_file`); a
 * timeout is in seconds, but a value of 1000 or more is read as milliseconds.
 *
 * @module
 */

import { QWEN_CODE_SWITCHES, QWEN_SYSTEM_SETTINGS } from "./qwen_code_switches.ts";
import type { Agent, Cell, EventCells } from "./types.ts";
import type { ChatHeadless } from "./headless.ts";
import { obj, outputText } from "./_payload.ts";
import * as family from "./_claude_layout.ts";

const DOCS = "https://qwenlm.github.io/qwen-code-docs/en/users/features/hooks";

const { documented, seen } = family.bases(DOCS);

const COMMON = family.commonCells(
  {
    none: documented("hook-output-structure"),
    message: documented("hook-output-structure"),
    input: documented("pretooluse"),
  },
  "a headless run (qwen with a prompt argument) neither printed it nor sent it to the model",
);

const PRE_TOOL: EventCells = {
  deny: family.preToolCell("deny", {
    note: "the model gets the reason, word for word, as the tool's result",
    basis: seen("pre-deny-json"),
  }),
  ask: family.preToolCell("ask", {
    note:
      "with no one to ask (a headless run) Qwen Code refused the call and gave the model the reason",
    basis: seen("pre-ask"),
  }),
  allow: family.preToolCell("allow", {
    note:
      "a headless run without --yolo refused the shell tool before the hook ran, so the allow could not be seen there",
    basis: documented("pretooluse"),
  }),
  context: family.noPreToolContext("Qwen Code", seen("pre-context")),
  message: COMMON.message,
  input: family.droppedCell(
    "Qwen Code ran the original command when a hook answered updatedInput",
    seen("pre-updated-input"),
  ),
  none: { ...COMMON.none, basis: seen("pre-nothing") },
};

/** At post-tool only additionalContext reached the model: a reason goes that way. */
const FEEDBACK: Cell = {
  ...family.contextCell("<event>", seen("post-context")),
  effect: "feedback",
  note:
    "Qwen Code did not pass a decision block or an exit 2 after the tool ran to the model: the reason goes as additional context",
};

const POST_TOOL: EventCells = {
  deny: { ...FEEDBACK, stdout: family.hookSpecific("<event>", { additionalContext: "<reason>" }) },
  ask: {
    ...FEEDBACK,
    stdout: family.hookSpecific("<event>", { additionalContext: "<reason>" }),
    becomes: "deny",
    note:
      "the tool already ran, so there is nothing to ask: the reason goes to the model as context",
  },
  allow: family.noApprovalCell("tool", documented("posttooluse")),
  // "<event>": PostToolUse, or PostToolUseFailure when the payload came under that name.
  context: family.contextCell("<event>", seen("post-context")),
  ...COMMON,
};

const PROMPT_REFUSED =
  "the prompt never reaches the model, and a headless run ends without a word: the reason is not shown";

const PROMPT: EventCells = {
  ...family.promptRefusal(
    seen("ups-block"),
    PROMPT_REFUSED,
    `Qwen Code cannot ask about a prompt: ${PROMPT_REFUSED}`,
  ),
  allow: family.noApprovalCell("prompt", documented("userpromptsubmit")),
  context: family.contextCell("UserPromptSubmit", seen("ups-context")),
  ...COMMON,
};

/** Why context at a stop is left out. */
const STOP_CONTEXT =
  "Qwen Code sent the agent back to work when a stop hook added context, and without the context's text, so everyhook leaves it out: context alone must not keep the agent going (deny with a reason does that)";

/** The text the model got from a tool: `llmContent` when it is text, else the whole response. */
function toolOutput(response: unknown): string | undefined {
  const content = obj(response)?.llmContent;
  return typeof content === "string" ? content : outputText(response);
}

/**
 * Qwen Code, headless: `qwen <prompt> --auth-type openai -m fake-model --yolo
 * -o json` on Node.js 22 or later, pointed at the fake chat completions API
 * through `OPENAI_BASE_URL` with a fake key, telemetry and update checks off,
 * its settings in `~/.qwen/settings.json`; verify makes its driver from this
 * (src/verify/drivers/_chat_driver.ts).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QWEN_HEADLESS } from "./qwen_code.ts";
 * assert.equal(QWEN_HEADLESS.nodeMajor, 22);
 * ```
 */
export const QWEN_HEADLESS: ChatHeadless = {
  family: "chat",
  bins: ["qwen"],
  nodeMajor: 22,
  folder: ".qwen",
  settings: {
    // The settings format Qwen Code writes: without it, Qwen Code adds it to the file at start.
    "$version": 4,
    security: { auth: { selectedType: "openai" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false },
  },
  env: {
    SHELL: "/bin/bash",
    OPENAI_API_KEY: "fake-key-not-real",
    OPENAI_BASE_URL: "{apiUrl}/v1",
    OPENAI_MODEL: "fake-model",
    QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
    // Qwen Code starts itself again in a child process (for a larger heap) unless told not to:
    // that second start doubles the time of every run.
    QWEN_CODE_NO_RELAUNCH: "true",
    XDG_CONFIG_HOME: "{root}/config",
    XDG_CACHE_HOME: "{root}/cache",
    NO_COLOR: "1",
  },
  args: [
    "{prompt}",
    "--auth-type",
    "openai",
    "-m",
    "fake-model",
    { autoApprove: ["--yolo"] },
    "-o",
    "json",
  ],
  tools: {
    shell: { name: "run_shell_command", input: { command: "{command}", description: "Run it" } },
    read: { name: "read_file", input: { file_path: "{path}" } },
    write: { name: "write_file", input: { file_path: "{path}", content: "{content}" } },
    edit: {
      name: "edit",
      input: { file_path: "{path}", old_string: "{before}", new_string: "{after}" },
    },
  },
  basis: {
    fails: "fixtures/qwen-code/post-tool.shell-failed.json",
    write: "fixtures/qwen-code/pre-tool.write.json, fixtures/qwen-code/post-tool.write.json",
    edit: "fixtures/qwen-code/pre-tool.edit.json",
  },
  subagent: {
    tool: {
      name: "agent",
      input: {
        description: "Run a sub task",
        prompt: "{prompt}",
        subagent_type: "general-purpose",
        run_in_background: false,
      },
    },
    basis: "fixtures/qwen-code/pre-tool.agent.json, fixtures/qwen-code/subagent-stop.first.json",
  },
  // Qwen Code keeps MCP tools behind its tool_search tool unless told not to; then it offers the
  // model mcp__<server>__<tool> (its request to the fake API in verify's run of the pinned binary).
  mcp: {
    tool: "mcp__{mcpServer}__{mcpTool}",
    settings: {
      mcpServers: { "{mcpServer}": "{mcpSpec}" },
      tools: { toolSearch: { enabled: false } },
    },
    basis: "tests/e2e/verify_run_test.ts (the pinned binary's run: PreToolUse fired for it)",
  },
  notSent: [{
    step: "session",
    event: "session-end",
    why:
      "a headless run of Qwen Code fires no SessionEnd (none in its recordings, fixtures/qwen-code/)",
  }],
  shows: {
    blocked: /^Blocked .*force/s,
    refusedPrompt: { told: null },
    hung: /ran past its|timed out/i,
  },
  recording: {
    how:
      "recorded: qwen <prompt> --auth-type openai --yolo -o json on Node 22 against src/verify/fake/openai_chat.ts, hooks in ~/.qwen/settings.json",
    picks: [
      {
        event: "post-tool",
        native: "PostToolUseFailure",
        variant: "shell-failed",
        when: { step: "force-push" },
        note: "a shell command that exited non-zero fires PostToolUseFailure, not PostToolUse",
      },
      {
        event: "prompt",
        native: "UserPromptSubmit",
        variant: "prompt",
        when: { field: "submitted_prompt", type: "string" },
      },
      {
        event: "prompt",
        native: "UserPromptSubmit",
        variant: "tool-result",
        when: { field: "prompt", equals: "" },
        note:
          "UserPromptSubmit fires again before each tool result goes back to the model, with an empty prompt",
      },
    ],
    notes: {
      "pre-tool.write-env":
        "Qwen Code does not refuse .env by itself: the write reached the hook, and ran",
    },
    stopBack: { max: 1 },
    // A subagent's calls carry its agent_id; SubagentStop is the main agent's, whatever it carries.
    main: { by: "call", without: "agent_id", keep: ["SubagentStop"] },
    // Each session is a heavy Node process.
    jobs: 2,
    keyCases: ["pre-deny-json", "post-context", "stop-block"],
  },
};

/**
 * Qwen Code as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenCode } from "./qwen_code.ts";
 * assert(qwenCode.id === "qwen-code");
 * ```
 */
export const qwenCode: Agent = family.claudeLayoutAgent({
  headless: QWEN_HEADLESS,
  id: "qwen-code",
  name: "Qwen Code",
  aliases: ["qwen"],
  docs: DOCS,
  events: {
    "pre-tool": {
      info: "Before a tool runs: refuse it (the model gets the reason), or approve it.",
      cells: PRE_TOOL,
    },
    "post-tool": {
      info:
        "After a tool ran (PostToolUseFailure when it failed): tell the model something about it, as context.",
      cells: POST_TOOL,
    },
    prompt: {
      info:
        "Before a prompt goes to the model: refuse it or add context. It also fires before each tool result goes back, with an empty prompt.",
      cells: PROMPT,
    },
    "session-start": {
      info: "When a session starts or resumes: add context (plain text on stdout is context too).",
      cells: family.sessionStartCells(
        documented("sessionstart"),
        family.contextCell("SessionStart", seen("ss-context")),
        COMMON,
      ),
    },
    "session-end": {
      info: "When the session ends (not seen in a headless run): for logs and clean-up.",
      cells: family.sessionEndCells(documented("sessionend"), COMMON),
    },
    stop: {
      info: "When the agent is about to end its turn: send it back to work with a reason.",
      cells: family.stopCells(
        seen("stop-block"),
        documented("stop"),
        family.droppedCell(STOP_CONTEXT, seen("stop-context")),
        COMMON,
      ),
    },
    "subagent-stop": {
      info: "When a subagent is about to finish: send it back to work with a reason.",
      cells: family.stopCells(
        seen("subagent-stop-block"),
        documented("subagentstop"),
        family.droppedCell(STOP_CONTEXT, documented("subagentstop")),
        COMMON,
      ),
    },
  },
  tools: {
    names: {
      run_shell_command: "shell",
      edit: "edit",
      notebook_edit: "edit",
      write_file: "write",
      read_file: "read",
      agent: "agent",
    },
    patterns: [{ pattern: "^mcp__", kind: "mcp" }],
  },
  tool: {
    pathFields: ["file_path", "notebook_path"],
    pathOfOther: false,
    outputAfterOnly: true,
    output: toolOutput,
  },
  // SEEN: a tool that failed fires PostToolUseFailure, not PostToolUse.
  failureEvent: true,
  stopSays: {
    status: {
      text:
        "not sent: Stop fires when a turn ends as it should (an API error or a detected loop fires StopFailure instead)",
      basis: documented("stopfailure"),
    },
    lastMessage: {
      text:
        "last_assistant_message; else the transcript's tail (JSON Lines, type assistant, message.parts text), then every other format everyhook knows",
      basis: { kind: "binary", case: "fixtures/qwen-code/stop.first.json" },
    },
  },
  transcriptFormat: "qwen-code",
  // DOCS: the settings reference (system settings files, overridden by QWEN_CODE_SYSTEM_SETTINGS_PATH).
  reads: QWEN_SYSTEM_SETTINGS,
  listing: {
    runsTypes: ["command", "http", "prompt"],
    switches: QWEN_CODE_SWITCHES,
  },
  // The hooks reference names QWEN_PROJECT_DIR; a cloned project's hook got it (team_clone_test.ts).
  projectFolder: { env: ["QWEN_PROJECT_DIR"], basis: { kind: "binary", case: "project-clone" } },
  folder: ".qwen",
  userEnv: { name: "QWEN_HOME", replaces: 1 },
  // DOCS (command hooks): a timeout of 1000 or more is read as milliseconds, for old settings.
  timeoutMsFrom: 1000,
  stillToDo: {
    user: "Qwen Code reads its settings when a session starts: start a new session.",
    project:
      "Qwen Code reads its settings when a session starts: start a new session in this project (its reference says project hooks load only in a trusted folder; a headless run here ran them without one).",
  },
});
