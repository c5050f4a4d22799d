/**
 * Codex CLI: its events, tools, payloads, translation cells and files.
 *
 * @module
 */

import { CODEX_CONFIG_FILES, CODEX_ENTRY_TRUST, CODEX_SWITCHES } from "./codex_switches.ts";
import { transcriptOf } from "./_transcript.ts";
import type {
  Agent,
  AgentEvent,
  Basis,
  Cell,
  EventCells,
  ReadContext,
  ToolTable,
} from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import { outputText, patchFiles, snakeCaseDocument, str, toolCall, toolInput } from "./_payload.ts";
import * as cells from "./_cells.ts";

const DOCS = "https://developers.openai.com/codex/hooks";

/** A cell resting on a recorded run. */
const seen = cells.recordedCase;

/** A cell resting on the hooks reference. */
function documented(anchor?: string): Basis {
  return cells.documentedAt(DOCS, anchor);
}

const NOTHING: Cell = cells.nothingCell(documented());
const NOT_PRINTED =
  "codex exec neither printed it nor sent it to the model; the docs say the TUI shows it as a warning";
const MESSAGE: Cell = cells.messageCell(documented(), NOT_PRINTED);
const NO_INPUT = cells.noInputCell(documented("pretooluse"));
/** The message, input and no-decision cells of every event but PreToolUse and SessionEnd. */
const COMMON: Pick<EventCells, "message" | "input" | "none"> = {
  message: MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};
const PRE_DENY = cells.preToolDecision("deny");

const PRE_TOOL: EventCells = {
  ...cells.refusalCells(PRE_DENY, "blocked", { basis: seen("pre-deny") }, {
    note:
      "Codex cannot ask: given ask, it marked the hook failed and ran the tool, so everyhook refuses the call with the reason instead",
    basis: seen("pre-ask"),
  }),
  allow: cells.droppedCell(
    "Codex has no approval to give: a bare allow was marked failed and the tool ran as it would have anyway",
    seen("pre-allow"),
  ),
  context: cells.contextCell("PreToolUse", seen("pre-context")),
  message: { ...MESSAGE, basis: seen("pre-system-message") },
  input: {
    stdout: cells.hookSpecific("PreToolUse", {
      permissionDecision: "allow",
      updatedInput: "<input>",
    }),
    exit: 0,
    effect: "rewritten",
    note: "Codex takes a new input only together with an allow, so everyhook sends one with it",
    basis: seen("pre-allow-rewrite"),
  },
  none: { ...NOTHING, basis: seen("pre-exit0-nothing") },
};

const REPLACES_OUTPUT =
  "Codex replaces the tool's whole output with the reason: the model does not see what the tool printed";

const POST_TOOL: EventCells = {
  ...cells.refusalCells(cells.BLOCK, "feedback", {
    note: REPLACES_OUTPUT,
    basis: seen("post-block"),
  }, {
    note: `the tool already ran, so there is nothing to ask; ${REPLACES_OUTPUT}`,
  }),
  allow: cells.noApprovalCell("tool", documented("posttooluse")),
  context: cells.contextCell("PostToolUse", seen("post-context")),
  ...COMMON,
};

const PROMPT: EventCells = {
  ...cells.refusalCells(cells.BLOCK, "blocked", {
    note: "the prompt is not sent, and codex exec showed the reason nowhere",
    basis: seen("prompt-block"),
  }, { note: "Codex cannot ask about a prompt: the prompt is refused" }),
  allow: cells.noApprovalCell("prompt", documented("userpromptsubmit")),
  context: cells.contextCell("UserPromptSubmit", seen("prompt-context")),
  ...COMMON,
};

const SESSION_START: EventCells = {
  ...cells.startDecisions(documented("sessionstart")),
  context: cells.contextCell("SessionStart", seen("session-start-context")),
  ...COMMON,
};

const AT_END = "Codex's SessionEnd only informs: it takes no answer";

const SESSION_END: EventCells = {
  ...cells.droppedAnswers(AT_END, documented("sessionend")),
  input: NO_INPUT,
  none: NOTHING,
};

/**
 * The cells of Stop and SubagentStop: deny sends the agent (or the sub-agent) back
 * to work. The deny cell rests on the recorded case where there is one, else on the docs.
 */
function stopCells(deny: Basis, anchor: string): EventCells {
  return {
    deny: { stdout: cells.BLOCK, exit: 0, effect: "sent-back", basis: deny },
    ...cells.stopAskAllow(documented(anchor)),
    context: cells.droppedCell(
      "Codex takes no added context at a stop (deny with a reason sends the agent back with it)",
      documented(anchor),
    ),
    ...COMMON,
  };
}

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: "PreToolUse",
    info:
      "Before a shell, apply_patch or MCP call: refuse it, rewrite its input or add context (Codex cannot ask or approve).",
    matcher: true,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: "PostToolUse",
    info: "After a tool ran: replace what the model sees of it with a reason, or add context.",
    matcher: true,
    cells: POST_TOOL,
  },
  prompt: {
    native: "UserPromptSubmit",
    info: "When a prompt is submitted (a sub-agent's first one too): refuse it, or add context.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: "SessionStart",
    info: "When a session starts: add context.",
    matcher: false,
    cells: SESSION_START,
  },
  "session-end": {
    native: "SessionEnd",
    info:
      "When the process ends (3 seconds at most): for logs and clean-up; an answer changes nothing.",
    matcher: false,
    cells: SESSION_END,
  },
  stop: {
    native: "Stop",
    info: "When a turn is about to end: send the agent back to work with a reason.",
    matcher: false,
    cells: stopCells(seen("stop-block"), "stop"),
  },
  "subagent-stop": {
    native: "SubagentStop",
    info: "When a sub-agent's turn is about to end: send it back to work with a reason.",
    matcher: false,
    // The docs: SubagentStop's decision "block" with a reason keeps the sub-agent working.
    cells: stopCells(documented("subagentstop"), "subagentstop"),
  },
};

const TOOLS: ToolTable = {
  names: {
    Bash: "shell",
    PowerShell: "shell",
    apply_patch: "edit",
    Edit: "edit",
    Write: "write",
    view_image: "read",
    spawn_agent: "agent",
    Agent: "agent",
  },
  patterns: [
    { pattern: "^mcp__", kind: "mcp" },
    { pattern: "spawn_agent$", kind: "agent" },
  ],
};

/** A shell command as text: a string as it is; an argv array by its last `-c`/`-lc` script, else joined. */
function commandText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) return undefined;
  const argv = v as string[];
  const flag = argv.length - 2;
  if (flag >= 1 && /^-l?c$/.test(argv[flag] as string)) return argv[flag + 1];
  return argv.join(" ");
}

/** The tool call of a PreToolUse or PostToolUse payload. */
function readTool(name: string, payload: Record<string, unknown>, event: ContractEvent): ToolCall {
  const { input, fields, kind } = toolInput(TOOLS, name, payload.tool_input);
  const output = outputText(payload.tool_response);
  if (name === "apply_patch") {
    const patched = patchFiles(input);
    const paths = patched?.paths ?? [];
    const exit = output === undefined ? undefined : /^Exit code: (\d+)/.exec(output)?.[1];
    return toolCall({
      name,
      kind: patched?.onlyAdds ? "write" : "edit",
      input,
      paths,
      output,
      failed: event === "post-tool" && exit !== undefined ? exit !== "0" : undefined,
      unread: patched === undefined
        ? "no patch text in the input of apply_patch (a string, or command/input/patch as a string or an argv list)"
        : paths.length === 0
        ? "no file header (*** Add File:, *** Update File:, *** Delete File:, *** Move to:) in the patch"
        : undefined,
    });
  }
  return toolCall({
    name,
    kind,
    input,
    command: kind === "shell" ? commandText(fields.command ?? fields.cmd) : undefined,
    path: str(fields.file_path) ?? str(fields.path),
    output,
  });
}

/**
 * Read a Codex CLI payload into the contract's document.
 *
 * @param payload The payload, whole.
 * @param context What `run` was told besides the payload: the contract event.
 * @returns The document.
 */
function read(payload: Record<string, unknown>, { event }: ReadContext): HookDocument {
  const doc = snakeCaseDocument("codex", payload, event, EVENTS[event]?.native ?? event);
  const name = str(payload.tool_name);
  if (name !== undefined) doc.tool = readTool(name, payload, event);
  return doc;
}

/**
 * Codex CLI as everyhook knows it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codex } from "./codex.ts";
 * assert(codex.id === "codex");
 * ```
 */
export const codex: Agent = {
  id: "codex",
  name: "Codex CLI",
  aliases: [],
  recorded: true,
  docs: "https://developers.openai.com/codex/hooks",
  events: EVENTS,
  aliasEvents: {},
  tools: TOOLS,
  read,
  stopSays: {
    status: {
      text: "not sent: Stop and SubagentStop carry stop_hook_active, not why the turn ended",
      basis: { kind: "binary", case: "fixtures/codex/stop.first.json" },
    },
    lastMessage: {
      text:
        "last_assistant_message; else the rollout's tail (task_complete, agent_message, an assistant message's output_text), then every other format everyhook knows (a subagent's transcript can hold Claude-format lines)",
      basis: { kind: "binary", case: "fixtures/codex/subagent-stop.first.json" },
    },
  },
  ...transcriptOf("codex"),
  // DOCS: https://developers.openai.com/codex/hooks ([hooks] in config.toml, beside hooks.json).
  reads: CODEX_CONFIG_FILES.map((file) => ({ ...file, skipKeys: ["state"] })),
  listing: {
    bothFormats: "Codex CLI merges them and warns at every start",
    switches: CODEX_SWITCHES,
    entryTrust: CODEX_ENTRY_TRUST,
  },
  // Codex CLI names no project folder to a hook; it starts hooks in the session's working folder
  // (its reference), and a clone run in tests/e2e/team_clone_test.ts ran the project's hooks so.
  projectFolder: { env: [], basis: { kind: "binary", case: "project-clone" } },
  install: {
    matcherSyntax: "regex",
    files: {
      user: { scope: "user", parts: [".codex", "hooks.json"], env: "CODEX_HOME", envReplaces: 1 },
      project: { scope: "project", parts: [".codex", "hooks.json"] },
    },
    layout: "matcher-groups",
    timeoutUnit: "s",
    timeoutField: "timeout",
    commandField: "command",
    timeoutCaps: { "session-end": 3 },
    stillToDo: {
      user:
        "Codex runs a hook only after you trust it: open /hooks in Codex and trust the everyhook entries (for one run: codex exec --dangerously-bypass-hook-trust).",
      project:
        "Codex runs a project hook only after you trust the project and the hook: open /hooks in Codex and trust the everyhook entries.",
    },
  },
};
