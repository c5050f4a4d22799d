/**
 * What OpenCode and Kilo Code share: neither runs command hooks, and both load
 * JavaScript plugins from a `plugin` folder. everyhook's install writes one
 * such plugin per agent and scope (src/settings/plugin_file.ts); for each
 * event it maps, the plugin runs the lines install wrote with one JSON object
 * on stdin, `{ event, directory, worktree, input, output }` (the plugin hook's
 * own two arguments), and carries out the answer `run` prints for it:
 *
 * - `{"block": R}`: the plugin throws `new Error(R)`; before a tool this
 *   refuses the call, and the model gets R as the tool's error;
 * - `{"args": {...}}`: the plugin gives the tool these arguments instead;
 * - `{"append": T}`: the plugin adds T to the tool's output the model reads.
 *
 * Kilo Code is a fork of OpenCode with the same plugin API: one builder makes
 * both agents from their names, folders and recorded cases. On `run`'s path:
 * imports only types and the payload and cell builders.
 *
 * @module
 */

import type { Agent, AgentEvent, Basis, Cell, EventCells, ToolTable } from "./types.ts";
import type { ContractEvent, HookDocument } from "../contract/contract.ts";
import type { PluginHeadless } from "./headless.ts";
import { baseDocument, obj, outputText, patchPaths, str, toolCall, toolKind } from "./_payload.ts";
import * as cells from "./_cells.ts";

/** OpenCode's plugin reference, which Kilo Code's plugin API follows. */
export const PLUGIN_DOCS = "https://opencode.ai/docs/plugins/";

/** The name of the plugin file install writes in the agent's plugin folder. */
export const PLUGIN_FILE = "everyhook.js";

/** The plugin hooks (and `event` types) the plugin maps, by contract event. */
export const PLUGIN_EVENTS = {
  "pre-tool": "tool.execute.before",
  "post-tool": "tool.execute.after",
  "prompt": "chat.message",
  "session-start": "session.created",
  "stop": "session.idle",
} as const satisfies Partial<Record<ContractEvent, string>>;

/** A basis in the plugin reference. */
function documented(anchor?: string): Basis {
  return cells.documentedAt(PLUGIN_DOCS, anchor);
}

const seen = cells.recordedCase;

const NOTHING: Cell = { exit: 0, effect: "none", basis: documented("events") };

const NO_MESSAGE = cells.droppedCell(
  "a plugin has no place to show the person a message: it is not sent",
  documented("events"),
);

const NO_INPUT = cells.droppedCell(
  "only the arguments of a tool that has not run yet can be rewritten",
  documented("events"),
);

const BLOCK = { block: "<reason>" };

const PRE_TOOL: EventCells = {
  ...cells.refusalCells(BLOCK, "blocked", {
    note:
      "the plugin throws the reason: the tool does not run, and the model gets the reason word for word as its error",
    basis: seen("pre-block"),
  }, {
    note:
      "a plugin cannot ask the person (the agent's own permission rules do): everyhook refuses instead",
  }),
  allow: cells.droppedCell(
    "a plugin cannot approve a call: the agent's permission rules decide, as without the hook",
    documented("events"),
  ),
  context: cells.droppedCell(
    "a plugin has no way to add context before a tool runs",
    documented("events"),
  ),
  message: NO_MESSAGE,
  input: {
    stdout: { args: "<input>" },
    exit: 0,
    effect: "rewritten",
    note: "the plugin replaces the keys of the arguments object the tool then runs with",
    basis: seen("pre-args"),
  },
  none: { ...NOTHING, basis: seen("pre-nothing") },
};

const APPEND_REASON: Cell = {
  stdout: { append: "<reason>" },
  exit: 0,
  effect: "feedback",
  note: "the tool already ran: the plugin adds the reason to the output the model reads",
  basis: seen("post-append"),
};

const POST_TOOL: EventCells = {
  deny: APPEND_REASON,
  ask: { ...APPEND_REASON, becomes: "deny" },
  allow: cells.noApprovalCell("tool", documented("events")),
  context: {
    stdout: { append: "<context>" },
    exit: 0,
    effect: "context",
    note: "added to the tool's output the model reads",
    basis: seen("post-append"),
  },
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const PROMPT: EventCells = {
  ...cells.refusalCells(BLOCK, "blocked", {
    note:
      "the plugin throws the reason: the prompt never reaches the model, and a headless run ends with exit 1 without printing the reason",
    basis: seen("prompt-block"),
  }, { note: "there is no one to ask about a prompt: it is refused" }),
  allow: cells.noApprovalCell("prompt", documented("events")),
  context: cells.droppedCell(
    "everyhook's plugin adds no context to a prompt",
    documented("events"),
  ),
  message: NO_MESSAGE,
  input: NO_INPUT,
  none: NOTHING,
};

const TOLD_ONLY =
  "an event a plugin is told of: the agent reads no answer to it, so nothing can be refused, added or sent back";

function toldOnly(basis: Basis): EventCells {
  return {
    ...cells.droppedDecisions(TOLD_ONLY, basis),
    context: cells.droppedCell(TOLD_ONLY, basis),
    message: NO_MESSAGE,
    input: NO_INPUT,
    none: { ...NOTHING, basis },
  };
}

const EVENTS: Partial<Record<ContractEvent, AgentEvent>> = {
  "pre-tool": {
    native: PLUGIN_EVENTS["pre-tool"],
    info:
      "Before a tool runs (the plugin's tool.execute.before): refuse it (the model gets the reason) or rewrite its arguments.",
    matcher: false,
    cells: PRE_TOOL,
  },
  "post-tool": {
    native: PLUGIN_EVENTS["post-tool"],
    info:
      "After a tool ran (the plugin's tool.execute.after): add a reason or context to the output the model reads.",
    matcher: false,
    cells: POST_TOOL,
  },
  prompt: {
    native: PLUGIN_EVENTS.prompt,
    info:
      "When a prompt is sent (the plugin's chat.message): refuse it before it reaches the model.",
    matcher: false,
    cells: PROMPT,
  },
  "session-start": {
    native: PLUGIN_EVENTS["session-start"],
    info:
      "When a session is made (the session.created event): for logs; an answer changes nothing.",
    matcher: false,
    cells: toldOnly(seen("ss-created")),
  },
  stop: {
    native: PLUGIN_EVENTS.stop,
    info:
      "When the agent finished its turn (the session.idle event): for logs; the agent cannot be sent back.",
    matcher: false,
    cells: toldOnly(seen("stop-idle")),
  },
};

/** The built-in tools of both agents. */
const TOOLS: ToolTable = {
  names: {
    bash: "shell",
    edit: "edit",
    multiedit: "edit",
    apply_patch: "edit",
    patch: "edit",
    write: "write",
    read: "read",
    task: "agent",
  },
  patterns: [],
};

/** The tool call of a tool.execute.before or tool.execute.after payload. */
function readTool(
  name: string,
  payload: Record<string, unknown>,
  event: ContractEvent,
): NonNullable<HookDocument["tool"]> {
  const input = obj(payload.input) ?? {};
  const output = obj(payload.output) ?? {};
  // Before the tool, its arguments are the plugin's output.args; after it, input.args.
  const args = event === "pre-tool" ? output.args : input.args;
  const fields = obj(args) ?? {};
  const kind = toolKind(TOOLS, name);
  const patch = name === "apply_patch" ? str(fields.patchText) : undefined;
  const exit = obj(output.metadata)?.exit;
  return toolCall({
    name,
    kind,
    input: args ?? {},
    command: kind === "shell" ? str(fields.command) : undefined,
    path: kind === "other" || kind === "agent" ? undefined : str(fields.filePath),
    paths: patch === undefined ? undefined : patchPaths(patch).paths,
    output: event === "post-tool" ? outputText(output.output) : undefined,
    failed: event === "post-tool" ? typeof exit === "number" && exit !== 0 : undefined,
  });
}

/** The text parts of a chat.message payload's message, joined. */
function promptText(output: Record<string, unknown>): string | undefined {
  const parts = Array.isArray(output.parts) ? output.parts : [];
  const texts = parts.map(obj).filter((p) => p?.type === "text" && p.synthetic !== true)
    .map((p) => str(p?.text)).filter((t): t is string => t !== undefined);
  return texts.length > 0 ? texts.join("\n") : undefined;
}

/**
 * Read what everyhook's plugin sends into the contract's document.
 *
 * @param agentId The agent's id.
 * @param payload `{ event, directory, worktree, input, output }`.
 * @param event The contract event.
 * @returns The document.
 */
function read(
  agentId: string,
  payload: Record<string, unknown>,
  event: ContractEvent,
): HookDocument {
  const input = obj(payload.input) ?? {};
  const properties = obj(input.properties) ?? {};
  const info = obj(properties.info) ?? {};
  const doc = baseDocument({
    agent: agentId,
    event,
    nativeEvent: str(payload.event) ?? EVENTS[event]?.native ?? event,
    native: payload,
    cwd: str(payload.directory),
    session: str(input.sessionID) ?? str(properties.sessionID) ?? str(info.id),
  });
  const name = str(input.tool);
  if (name !== undefined) doc.tool = readTool(name, payload, event);
  if (event === "prompt") {
    const text = promptText(obj(payload.output) ?? {});
    if (text !== undefined) doc.prompt = text;
  }
  if (event === "session-start") {
    doc.source = "startup";
    const parent = str(info.parentID);
    if (parent !== undefined) doc.subagent = { id: str(info.id) ?? parent };
  }
  if (event === "stop") doc.stop = { continued: false };
  return doc;
}

/** What makes OpenCode and Kilo Code differ as everyhook sees them. */
export interface PluginAgentParts {
  /** The agent's id. */
  id: string;
  /** The name people know. */
  name: string;
  /** Short names. */
  aliases: readonly string[];
  /** The folder name below `~/.config` (or `$XDG_CONFIG_HOME`). */
  userFolder: string;
  /** The folder below the project. */
  projectFolder: string;
  /** The reference (the agent's own, or OpenCode's plugin page). */
  docs: string;
  /** How it runs headless: its binary's names, its variables' prefix, its own variables. */
  headless: Omit<PluginHeadless, "family" | "configFolder" | "projectFolder">;
}

/**
 * An agent whose hooks are everyhook's plugin, from its names and folders.
 *
 * @param parts The agent's names and folders.
 * @returns The agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginAgent } from "./_plugin_agent.ts";
 * const a = pluginAgent({
 *   id: "x", name: "X", aliases: [], userFolder: "x", projectFolder: ".x", docs: "https://x.invalid",
 *   headless: { bins: ["x"], prefix: "X", env: {} },
 * });
 * assert(a.install.files.project.parts.join("/") === ".x/plugin/everyhook.js");
 * assert(a.headless?.family === "plugin" && a.headless.configFolder === "x");
 * ```
 */
export function pluginAgent(parts: PluginAgentParts): Agent {
  const restart = `${parts.name} loads plugins when it starts: start it again`;
  return {
    id: parts.id,
    name: parts.name,
    aliases: parts.aliases,
    recorded: true,
    docs: parts.docs,
    events: EVENTS,
    aliasEvents: {},
    tools: TOOLS,
    read(payload, context) {
      return read(parts.id, payload, context.event);
    },
    stopSays: {
      status: { text: "not sent", basis: documented("events") },
      lastMessage: {
        text: "not sent: the session.idle event names only the session",
        basis: seen("stop-idle"),
      },
    },
    listing: { runsTypes: ["command"] },
    // everyhook's plugin starts a line in the agent's own folder, which a clone run showed is the project.
    projectFolder: { env: [], basis: seen("project-clone") },
    install: {
      matcherSyntax: "regex",
      files: {
        user: {
          scope: "user",
          parts: [".config", parts.userFolder, "plugin", PLUGIN_FILE],
          env: "XDG_CONFIG_HOME",
          envReplaces: 1,
        },
        project: { scope: "project", parts: [parts.projectFolder, "plugin", PLUGIN_FILE] },
      },
      layout: "flat",
      container: "plugin",
      timeoutUnit: "s",
      timeoutField: "timeout",
      commandField: "command",
      stillToDo: {
        user: `${restart}.`,
        project: `${restart} in this project.`,
      },
    },
    headless: {
      family: "plugin",
      ...parts.headless,
      configFolder: parts.userFolder,
      projectFolder: parts.projectFolder,
    },
  };
}
