/**
 * Augment's Auggie CLI: its events, tools, payloads, translation cells and
 * files. Its hooks take Claude Code's layout in `<home>/.augment/settings.json`
 * (and `.augment/settings.json` of a project), made by the family builder
 * (_claude_layout.ts), with four differences seen in runs of the pinned binary:
 * the prompt event is `PromptSubmit`, a timeout is in milliseconds, the payload
 * names the session `conversation_id` and the folder `workspace_roots`, and the
 * shell tool is `launch-process`. Auggie has no SubagentStop. Above all, it
 * runs hooks only when its Augment backend turns them on (the `enable_hooks`
 * feature flag of the account): no file decides that, so `list` and `explain`
 * say it of every entry.
 *
 * @module
 */

import type { Agent, EventCells, Fact } from "./types.ts";
import type { HookDocument } from "../contract/contract.ts";
import { obj, outputText, str } from "./_payload.ts";
import * as family from "./_claude_layout.ts";

/** The hook reference of Auggie 0.x (the pinned 0.36.0). */
const DOCS = "https://docs.augmentcode.com/cli/v0/hooks";

const { documented, seen } = family.bases(DOCS);

const COMMON = family.commonCells(
  { none: documented(), message: documented(), input: documented() },
);

/**
 * SEEN: with the backend's `feature_flags.enable_hooks` false, a run fired no
 * hook at all; with it true, every configured event fired.
 */
export const AUGGIE_BACKEND_GATE: Fact = {
  text:
    "Auggie runs hooks only when its Augment backend turns them on (the account's enable_hooks feature flag): no file decides it, so an entry can be right and still never run; ask your Augment administrator when no hook fires",
  basis: seen("backend-hooks-off"),
};

const BLOCKING =
  'the model gets the reason as the tool\'s error, followed by "PreToolUse:<tool> hook returned blocking error"';

const PRE_TOOL: EventCells = {
  ...family.refusalCells(family.preToolDecision("deny"), "blocked", {
    note:
      `${BLOCKING}; Claude Code's legacy {"decision":"block"} did not block here, so everyhook never writes it`,
    basis: seen("pre-deny-json"),
  }, {
    note:
      "auggie --print ran the tool when a hook asked, with no one asked and the reason lost: everyhook refuses instead",
    basis: seen("pre-ask"),
  }),
  allow: family.preToolCell("allow", {
    note: "auggie --print ran tools without asking anyway, so the approval could not be told apart",
    basis: seen("pre-allow"),
  }),
  context: family.noPreToolContext("Auggie", seen("pre-context")),
  message: COMMON.message,
  input: family.rewriteCell(
    seen("pre-updated-input"),
    "Auggie ran the hook's input instead (recorded with an allow beside it)",
  ),
  none: { ...COMMON.none, basis: seen("pre-nothing") },
};

const POST_TOOL: EventCells = {
  ...family.postToolAsContext("Auggie", seen("post-context"), documented()),
  ...COMMON,
};

const PROMPT_GOES_ON =
  'Auggie sent the prompt to the model after a PromptSubmit hook\'s {"decision":"block"} and after its exit 2: a prompt cannot be refused';

const PROMPT: EventCells = {
  ...family.droppedDecisions(PROMPT_GOES_ON, seen("ups-block")),
  allow: family.noApprovalCell("prompt", documented()),
  context: family.droppedCell(
    "Auggie's reference names no context at PromptSubmit",
    documented(),
  ),
  ...COMMON,
};

const STOP_ENDS =
  'auggie --print ended the turn after a Stop hook\'s {"decision":"block"}: a stop cannot send it back';

const STOP: EventCells = {
  ...family.droppedDecisions(STOP_ENDS, seen("stop-block")),
  context: family.droppedCell("Auggie's reference names no context at a stop", documented()),
  ...COMMON,
};

/** The stop's last message: `_exchange.exchange.response_text` (SEEN). */
function stopText(payload: Record<string, unknown>): string | undefined {
  return str(obj(obj(payload._exchange)?.exchange)?.response_text);
}

/**
 * What Auggie's payload holds under its own names: the session is
 * `conversation_id`, the folder is the first of `workspace_roots`, the prompt
 * is `user_prompt`, and a stop carries its cause and its exchange.
 */
function readOwnFields(doc: HookDocument, payload: Record<string, unknown>): void {
  const session = str(payload.conversation_id);
  if (session !== undefined) doc.session = session;
  const roots = payload.workspace_roots;
  const cwd = Array.isArray(roots) ? str(roots[0]) : undefined;
  if (cwd !== undefined) doc.cwd = cwd;
  // The tool's text is `tool_output`; before the tool ran it is the string "[undefined]".
  const output = str(payload.tool_output);
  if (doc.tool && doc.event === "post-tool" && output !== undefined) doc.tool.output = output;
  if (doc.tool && payload.is_mcp_tool === true) doc.tool.kind = "mcp";
  const prompt = str(payload.user_prompt);
  if (prompt !== undefined) doc.prompt = prompt;
  if (doc.stop) {
    const last = stopText(payload);
    if (last !== undefined && last !== "") doc.stop.lastMessage = last;
    // SEEN: end_turn when the turn ended as it should; other causes were not seen.
    if (payload.agent_stop_cause === "end_turn") doc.stop.status = "completed";
  }
}

/**
 * Augment's Auggie CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { auggie } from "./auggie.ts";
 * assert(auggie.events.prompt?.native === "PromptSubmit");
 * assert(auggie.install.timeoutUnit === "ms");
 * assert(auggie.events["subagent-stop"] === undefined);
 * ```
 */
export const auggie: Agent = family.claudeLayoutAgent({
  id: "auggie",
  name: "Auggie",
  aliases: ["augment"],
  docs: DOCS,
  natives: { prompt: "PromptSubmit" },
  events: {
    "pre-tool": {
      info:
        "Before a tool runs: refuse it (the model gets the reason as the tool's error), rewrite its input, or approve it. Only when the Augment backend turns hooks on.",
      cells: PRE_TOOL,
    },
    "post-tool": {
      info: "After a tool ran: tell the model something about it, as context.",
      cells: POST_TOOL,
    },
    prompt: {
      info:
        "When a prompt is submitted (PromptSubmit): for logs; neither a block nor exit 2 stopped the prompt.",
      cells: PROMPT,
    },
    "session-start": {
      info: "When a session starts: for logs; its additionalContext did not reach the model.",
      cells: family.sessionStartCells(
        documented(),
        family.droppedCell(
          "Auggie did not pass a SessionStart additionalContext to the model",
          seen("ss-context"),
        ),
        COMMON,
      ),
    },
    "session-end": {
      info: "When the session ends (auggie --print fires it too): for logs and clean-up.",
      cells: family.sessionEndCells(documented(), COMMON),
    },
    stop: {
      info: "When the agent is about to end its turn: for logs; a block did not send it back.",
      cells: STOP,
    },
    "subagent-stop": null,
  },
  tools: {
    names: {
      "launch-process": "shell",
      "str-replace-editor": "edit",
      "save-file": "write",
      apply_patch: "edit",
      view: "read",
    },
    // An MCP tool is named <tool>_<server>, which no pattern tells apart: its payload's
    // is_mcp_tool says it (fixtures/auggie/pre-tool.mcp.json), read by readOwnFields.
    patterns: [],
  },
  tool: {
    pathFields: ["path", "file_path"],
    pathOfOther: false,
    outputAfterOnly: true,
    // Auggie sends no tool_response: readOwnFields reads tool_output.
    output: outputText,
  },
  failureEvent: false,
  readMore: readOwnFields,
  stopSays: {
    status: {
      text: "agent_stop_cause: end_turn is completed; no other cause was seen",
      basis: { kind: "binary", case: "fixtures/auggie/stop.first.json" },
    },
    lastMessage: {
      text: "_exchange.exchange.response_text; Auggie names no transcript in its payload",
      basis: { kind: "binary", case: "fixtures/auggie/stop.first.json" },
    },
  },
  // No transcript_path in its payloads: a stop's last message is in the payload itself.
  // DOCS: the settings files, highest precedence first (an administrator's, a project's local one).
  reads: [
    { scope: "system", parts: ["etc", "augment", "settings.json"], format: "json" },
    { scope: "project", parts: [".augment", "settings.local.json"], format: "json" },
  ],
  listing: { runsTypes: ["command"], gate: AUGGIE_BACKEND_GATE },
  folder: ".augment",
  // SEEN: a 1500 ms timeout killed a hook that slept 3 s; 10000 let it answer.
  timeoutUnit: "ms",
  stillToDo: {
    user:
      "Auggie reads its settings when a session starts: start a new session. Hooks run only when your Augment backend turns them on (enable_hooks).",
    project:
      "Auggie reads its settings when a session starts: start a new session in this project. Hooks run only when your Augment backend turns them on (enable_hooks).",
  },
});
