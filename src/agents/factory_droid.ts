/**
 * Factory Droid: its events, tools, payloads, translation cells and files. Its
 * hooks take Claude Code's layout and names in `settings.json`, made by the
 * family builder (_claude_layout.ts; the `hooks.json` files its reference
 * names were not read by the pinned binary); it ignores Claude Code's legacy
 * top-level `decision: "block"` before a tool, so only `permissionDecision` is
 * written; `droid exec` fires no prompt event, and PostToolUse only after a
 * tool that succeeded.
 *
 * @module
 */

import type { Agent, EventCells } from "./types.ts";
import type { ChatHeadless } from "./headless.ts";
import { outputText, str } from "./_payload.ts";
import * as family from "./_claude_layout.ts";

const DOCS = "https://docs.factory.ai/reference/hooks-reference";

const { documented, seen } = family.bases(DOCS);

const COMMON = family.commonCells(
  {
    none: documented("hook-output"),
    message: documented("common-json-fields"),
    input: documented("pretooluse-decision-control"),
  },
  "droid exec neither printed it nor sent it to the model",
);

const PRE_TOOL: EventCells = {
  ...family.refusalCells(family.preToolDecision("deny"), "blocked", {
    note:
      'the model gets "Error: <reason>"; Claude Code\'s legacy {"decision":"block"} did not block here, so everyhook never writes it',
    basis: seen("pre-deny-json"),
  }, {
    note:
      "droid exec ran the tool when a hook asked (there is no one to ask, and it did not refuse): everyhook refuses instead",
    basis: seen("pre-ask"),
  }),
  allow: family.preToolCell("allow", {
    note:
      "droid exec ran the force push without the hook's allow too, so the approval could not be told apart",
    basis: documented("pretooluse-decision-control"),
  }),
  context: family.noPreToolContext("Droid", seen("pre-context")),
  message: COMMON.message,
  input: family.rewriteCell(seen("pre-updated-input-noallow")),
  none: { ...COMMON.none, basis: seen("pre-nothing") },
};

const POST_TOOL: EventCells = {
  ...family.postToolAsContext(
    "Droid",
    seen("post-context"),
    documented("posttooluse-decision-control"),
  ),
  ...COMMON,
};

const NOT_IN_EXEC = "droid exec fires no UserPromptSubmit for the person's prompt";
const PROMPT_DOCS = documented("userpromptsubmit-decision-control");

const PROMPT: EventCells = {
  ...family.promptRefusal(
    PROMPT_DOCS,
    `${NOT_IN_EXEC}: this holds in an interactive session`,
    "Droid cannot ask about a prompt: the prompt is refused",
  ),
  allow: family.noApprovalCell("prompt", PROMPT_DOCS),
  context: {
    ...family.contextCell("UserPromptSubmit", PROMPT_DOCS),
    note: `${NOT_IN_EXEC}: this holds in an interactive session`,
  },
  ...COMMON,
};

const SUBAGENT_DONE =
  "the sub-agent's own session had already ended: a block neither sent it back nor reached the model; the Stop that fires in the sub-agent's own session does send it back";

const SUBAGENT_STOP: EventCells = {
  ...family.droppedDecisions(SUBAGENT_DONE, seen("subagent-stop-block")),
  context: family.droppedCell(SUBAGENT_DONE, seen("subagent-stop-block")),
  ...COMMON,
};

/**
 * Factory Droid, headless: `droid exec --auto high -m custom:Fake-0 -o json
 * <prompt>` with a bring-your-own-key model (OpenAI chat completions at the
 * fake API) in `~/.factory/settings.json`, no Factory account, and
 * `FACTORY_AIRGAP_ENABLED` so that it looks up no host name; verify makes its
 * driver from this (src/verify/drivers/_chat_driver.ts).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DROID_HEADLESS } from "./factory_droid.ts";
 * assert.equal(DROID_HEADLESS.tools.shell.name, "Execute");
 * ```
 */
export const DROID_HEADLESS: ChatHeadless = {
  family: "chat",
  // The package's `droid` is a native executable.
  bins: ["droid"],
  folder: ".factory",
  settings: {
    customModels: [{
      model: "fake-model",
      displayName: "Fake",
      baseUrl: "{apiUrl}/v1",
      apiKey: "fake-key-not-real",
      provider: "generic-chat-completion-api",
      maxOutputTokens: 4096,
    }],
    enableDroidShield: false,
    cloudSessionSync: false,
  },
  env: {
    SHELL: "/bin/bash",
    FACTORY_AIRGAP_ENABLED: "true",
    FACTORY_DISABLE_KEYRING: "1",
    FACTORY_DROID_AUTO_UPDATE_ENABLED: "false",
    XDG_CONFIG_HOME: "{root}/config",
    XDG_CACHE_HOME: "{root}/cache",
    NO_COLOR: "1",
  },
  args: [
    "exec",
    { autoApprove: ["--auto", "high"] },
    "-m",
    "custom:Fake-0",
    "-o",
    "json",
    "{prompt}",
  ],
  tools: {
    shell: {
      name: "Execute",
      input: {
        command: "{command}",
        summary: "Run the command",
        riskLevelReason: "a scripted step of the test",
        riskLevel: "low",
      },
    },
    read: { name: "Read", input: { file_path: "{path}" } },
    write: { name: "Create", input: { file_path: "{path}", content: "{content}" } },
    edit: { name: "Edit", input: { file_path: "{path}", old_str: "{before}", new_str: "{after}" } },
  },
  basis: {
    fails: "fixtures/factory-droid/pre-tool.shell-harmless.json",
    write:
      "fixtures/factory-droid/pre-tool.write.json, fixtures/factory-droid/post-tool.write.json",
    edit: "fixtures/factory-droid/pre-tool.edit.json",
  },
  // The built-in sub-agents are "worker" and "explorer"; `await` makes the main agent wait.
  subagent: {
    tool: {
      name: "Task",
      input: {
        subagent_type: "worker",
        description: "Run a sub task",
        prompt: "{prompt}",
        await: true,
      },
    },
    basis:
      "fixtures/factory-droid/pre-tool.agent.json, fixtures/factory-droid/subagent-stop.first.json",
    // Droid's first user message is a reminder of its own tools; the task's prompt comes later.
    markerInAnyUserMessage: true,
  },
  mcp: {
    notRecorded:
      "droid exec keeps MCP tools behind its ToolSearch tool: given verify's MCP server in ~/.factory/mcp.json it offered the model none of the server's tools (seen in verify's run), and no setting that offers them up front is known here",
  },
  notSent: [{
    step: "prompt",
    event: "prompt",
    why:
      "droid exec fires no UserPromptSubmit for the person's prompt, only in a sub-agent's session (fixtures/factory-droid/prompt.subagent-task.json)",
  }],
  shows: {
    blocked: /^Error: Blocked .*force/s,
    refusedPrompt: { skip: "`droid exec` fires no prompt event" },
    hung: /ran past its|timed out/i,
  },
  recording: {
    how:
      "recorded: droid exec --auto high -m custom:Fake-0 -o json (a BYOK model at src/verify/fake/openai_chat.ts, FACTORY_AIRGAP_ENABLED), hooks in ~/.factory/settings.json",
    picks: [
      { event: "session-end", native: "SessionEnd", variant: "end" },
      {
        event: "prompt",
        native: "UserPromptSubmit",
        variant: "subagent-task",
        session: "subagent",
        note:
          "droid exec fired UserPromptSubmit only in a sub-agent's session, with the task's prompt; never for the person's prompt",
      },
      {
        event: "session-start",
        native: "SessionStart",
        variant: "subagent",
        session: "subagent",
        note: "a sub-agent's session starts with its own SessionStart, naming the calling session",
      },
      {
        event: "stop",
        native: "Stop",
        variant: "subagent",
        session: "subagent",
        note: "a sub-agent's turn ends with Stop in its own session (not SubagentStop)",
      },
    ],
    notes: {
      "pre-tool.write-env":
        "Droid does not refuse .env by itself: the write reached the hook, and ran",
    },
    // A sub-agent's Stop fires in its own session, before the main agent's: the first Stop of
    // each session is sent back (two in all).
    stopBack: { match: '"stop_hook_active":false', max: 2 },
    // A sub-agent runs in a session of its own, whose SessionStart names the calling session.
    main: { by: "session", startWithout: "calling_session_id" },
    jobs: 3,
    // The legacy {"decision":"block"} that does not block is among them.
    keyCases: [
      "pre-deny-json",
      "pre-exit2-stderr",
      "pre-block-legacy",
      "post-context",
      "stop-block",
    ],
  },
};

/**
 * Factory Droid as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { factoryDroid } from "./factory_droid.ts";
 * assert(factoryDroid.id === "factory-droid");
 * ```
 */
export const factoryDroid: Agent = family.claudeLayoutAgent({
  headless: DROID_HEADLESS,
  id: "factory-droid",
  name: "Factory Droid",
  aliases: ["droid"],
  docs: DOCS,
  events: {
    "pre-tool": {
      info:
        "Before a tool runs: refuse it (the model gets the reason), rewrite its input, or approve it.",
      cells: PRE_TOOL,
    },
    "post-tool": {
      info:
        "After a tool ran and succeeded (a tool that failed fires nothing): tell the model something about it, as context.",
      cells: POST_TOOL,
    },
    prompt: {
      info:
        "When the person submits a prompt in an interactive session: refuse it or add context. droid exec does not fire it.",
      cells: PROMPT,
    },
    "session-start": {
      info:
        "When a session starts (a sub-agent's too): add context (plain text on stdout is context too).",
      cells: family.sessionStartCells(
        documented("sessionstart"),
        family.contextCell("SessionStart", seen("ss-context")),
        COMMON,
      ),
    },
    "session-end": {
      info: "When the session ends: for logs and clean-up; an answer changes nothing.",
      cells: family.sessionEndCells(documented("sessionend"), COMMON),
    },
    stop: {
      info:
        "When the agent (or a sub-agent, in its own session) is about to end its turn: send it back to work with a reason.",
      cells: family.stopCells(
        seen("stop-block"),
        documented("stop"),
        family.droppedCell(
          "Droid did not pass context at a stop to the model: only a deny with a reason sends it back",
          seen("stop-context"),
        ),
        COMMON,
      ),
    },
    "subagent-stop": {
      info: "After a sub-agent (the Task tool) finished: for logs; an answer changes nothing.",
      cells: SUBAGENT_STOP,
    },
  },
  tools: {
    names: {
      Execute: "shell",
      Edit: "edit",
      MultiEdit: "edit",
      ApplyPatch: "edit",
      Create: "write",
      Read: "read",
      Task: "agent",
    },
    // The binary names an MCP tool `<server>___<tool>`.
    patterns: [{ pattern: "___", kind: "mcp" }],
  },
  tool: {
    pathFields: ["file_path"],
    pathOfOther: false,
    outputAfterOnly: true,
    output: outputText,
  },
  // PostToolUse fires only when the tool succeeded: there is no failure event.
  failureEvent: false,
  // At SubagentStop, `task_result` is the sub-agent's last message.
  readMore(doc, payload) {
    const result = str(payload.task_result);
    if (doc.stop && doc.stop.lastMessage === undefined && result !== undefined && result !== "") {
      doc.stop.lastMessage = result;
    }
  },
  stopSays: {
    status: { text: "not sent", basis: documented("stop") },
    lastMessage: {
      text:
        "not in the payload: the transcript's tail (JSON Lines, type message, message.role assistant, text blocks), then every other format everyhook knows; at SubagentStop, task_result",
      basis: { kind: "binary", case: "fixtures/factory-droid/stop.first.json" },
    },
  },
  transcriptFormat: "factory-droid",
  // DOCS: the settings reference (a project's local settings, not committed).
  reads: [{ scope: "project", parts: [".factory", "settings.local.json"], format: "json" }],
  listing: { runsTypes: ["command"] },
  // The reference names FACTORY_PROJECT_DIR; a cloned project's hook got it (team_clone_test.ts).
  projectFolder: { env: ["FACTORY_PROJECT_DIR"], basis: { kind: "binary", case: "project-clone" } },
  folder: ".factory",
  // SEEN (file-user-hooks-json, file-project-hooks-json): the hooks.json files were not read.
  userEnv: { name: "FACTORY_HOME_OVERRIDE", replaces: 0 },
  stillToDo: {
    user: "Droid reads its settings when a session starts: start a new session.",
    project:
      "Droid reads its settings when a session starts: start a new session in this project (droid exec ran project hooks with no trust step).",
  },
});
