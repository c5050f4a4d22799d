/**
 * What the agents of Claude Code's hook layout share (Claude Code, Qwen Code,
 * Factory Droid, and any later agent of that shape): the same seven events
 * under the same native names (`PreToolUse`, `PostToolUse`, ...), entries in
 * matcher groups in a `settings.json` below a dot-folder of the home and of
 * the project, the snake_case payload (`tool_name`, `tool_input`,
 * `hook_event_name`, ...), and answers in Claude Code's words
 * (`hookSpecificOutput`, `decision: "block"`, `systemMessage`). One builder
 * makes such an agent from what differs: its names, its cells with their
 * basis, its tools, how a tool's output reads, its files and switches. The
 * cell makers here give the cells whose shape the family shares; each agent
 * says where they rest. On `run`'s path: imports only types and the payload,
 * cell and transcript readers.
 *
 * @module
 */

import type { HeadlessRun } from "./headless.ts";
import type {
  Agent,
  AgentEvent,
  Basis,
  Cell,
  EventCells,
  Fact,
  HookSwitch,
  ProjectFolder,
  ReadLocation,
  StopSays,
  Template,
  ToolTable,
  TranscriptFormat,
} from "./types.ts";
import type { ContractEvent, HookDocument, ToolCall } from "../contract/contract.ts";
import { snakeCaseDocument, str, toolCall, toolInput } from "./_payload.ts";
import * as cells from "./_cells.ts";

export {
  BLOCK,
  contextCell,
  droppedCell,
  droppedDecisions,
  hookSpecific,
  messageCell,
  noApprovalCell,
  noInputCell,
  nothingCell,
  preToolDecision,
  refusalCells,
} from "./_cells.ts";
import { transcriptOf } from "./_transcript.ts";

/** The contract events every agent of the family has. */
export type ClaudeLayoutEvent =
  | "pre-tool"
  | "post-tool"
  | "prompt"
  | "session-start"
  | "session-end"
  | "stop"
  | "subagent-stop";

/** The family's native name of each event, and whether it takes a matcher. */
const NATIVE: Readonly<Record<ClaudeLayoutEvent, { native: string; matcher: boolean }>> = {
  "pre-tool": { native: "PreToolUse", matcher: true },
  "post-tool": { native: "PostToolUse", matcher: true },
  prompt: { native: "UserPromptSubmit", matcher: false },
  "session-start": { native: "SessionStart", matcher: false },
  "session-end": { native: "SessionEnd", matcher: false },
  stop: { native: "Stop", matcher: false },
  "subagent-stop": { native: "SubagentStop", matcher: false },
};

/** The native event a tool that failed fires instead of PostToolUse, in the agents that have it. */
const FAILURE_EVENT = "PostToolUseFailure";

/** The two kinds of basis an agent's cells rest on. */
export interface Bases {
  /** A place in the hook reference: an anchor on its page, or the page. */
  documented(anchor?: string): Basis;
  /** A recorded run: the case id in the agent's conformance file. */
  seen(caseId: string): Basis;
}

/**
 * The basis makers of an agent whose hook reference is one page.
 *
 * @param page The reference's address.
 * @returns The makers.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { bases } from "./_claude_layout.ts";
 * const { documented, seen } = bases("https://example.com/hooks");
 * assert.deepEqual(documented("stop"), { kind: "docs", ref: "https://example.com/hooks#stop" });
 * assert.deepEqual(seen("stop-block"), { kind: "binary", case: "stop-block" });
 * ```
 */
export function bases(page: string): Bases {
  return { documented: (anchor) => cells.documentedAt(page, anchor), seen: cells.recordedCase };
}

/** What each PreToolUse decision does where the agent honours it. */
const DECISION_EFFECTS = { deny: "blocked", ask: "asked", allow: "approved" } as const;

/**
 * The cell of a PreToolUse decision the agent honours: `permissionDecision`
 * (see `preToolDecision`), exit 0, and what that decision does (deny
 * blocks, ask asks, allow approves).
 *
 * @param decision The decision.
 * @param said What the agent did with it, where that is worth saying, and what it rests on.
 * @param withReason Whether `permissionDecisionReason` is written.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { preToolCell } from "./_claude_layout.ts";
 * const cell = preToolCell("ask", { basis: { kind: "binary", case: "pre-ask" } });
 * assert(cell.effect === "asked" && cell.note === undefined);
 * ```
 */
export function preToolCell(
  decision: "deny" | "ask" | "allow",
  said: cells.Said,
  withReason = true,
): Cell {
  return {
    stdout: cells.preToolDecision(decision, withReason),
    exit: 0,
    effect: DECISION_EFFECTS[decision],
    ...(said.note === undefined ? {} : { note: said.note }),
    basis: said.basis,
  };
}

/**
 * The deny and ask of a prompt: both refuse it (`decision: "block"`), the ask
 * becoming a deny, since no agent of the family asks about a prompt.
 *
 * @param basis What both rest on.
 * @param denyNote What the agent does with the refusal.
 * @param askNote Why the ask became a refusal.
 * @returns The two cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { promptRefusal } from "./_claude_layout.ts";
 * const cells = promptRefusal({ kind: "binary", case: "ups-block" }, "refused", "cannot ask");
 * assert(cells.ask.becomes === "deny" && cells.deny.effect === "blocked");
 * ```
 */
export function promptRefusal(
  basis: Basis,
  denyNote: string,
  askNote: string,
): Pick<EventCells, "deny" | "ask"> {
  return cells.refusalCells(cells.BLOCK, "blocked", { note: denyNote, basis }, { note: askNote });
}

/**
 * The cells after a tool of an agent that passed no `decision: "block"` after
 * the tool to the model, and did pass `additionalContext`: a refusal goes to
 * the model as context, an ask too, and nothing is left to approve.
 *
 * @param agent The agent's name, as the note says it.
 * @param basis What the refusal and the context rest on: the recorded context case.
 * @param allow What the dropped approval rests on.
 * @returns The deny, ask, allow and context cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { postToolAsContext } from "./_claude_layout.ts";
 * const b = { kind: "binary", case: "post-context" } as const;
 * const cells = postToolAsContext("Droid", b, { kind: "docs", ref: "x" });
 * assert(cells.deny.effect === "feedback" && cells.ask.becomes === "deny");
 * assert(cells.deny.note?.startsWith("Droid did not pass"));
 * ```
 */
export function postToolAsContext(
  agent: string,
  basis: Basis,
  allow: Basis,
): Pick<EventCells, "deny" | "ask" | "allow" | "context"> {
  const feedback: Cell = {
    stdout: cells.hookSpecific("PostToolUse", { additionalContext: "<reason>" }),
    exit: 0,
    effect: "feedback",
    note:
      `${agent} did not pass {"decision":"block"} after the tool ran to the model, and additionalContext did reach it: the reason goes as context`,
    basis,
  };
  return {
    deny: feedback,
    ask: {
      ...feedback,
      becomes: "deny",
      note:
        "the tool already ran, so there is nothing to ask: the reason goes to the model as context",
    },
    allow: cells.noApprovalCell("tool", allow),
    context: cells.contextCell("PostToolUse", basis),
  };
}

/**
 * The cell of a rewritten tool input before the tool runs: `updatedInput`.
 *
 * @param basis What it rests on.
 * @param note What the agent did with it, where that is worth saying.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { rewriteCell } from "./_claude_layout.ts";
 * assert(rewriteCell({ kind: "binary", case: "pre-updated-input" }).effect === "rewritten");
 * ```
 */
export function rewriteCell(basis: Basis, note?: string): Cell {
  return {
    stdout: cells.hookSpecific("PreToolUse", { updatedInput: "<input>" }),
    exit: 0,
    effect: "rewritten",
    ...(note === undefined ? {} : { note }),
    basis,
  };
}

/**
 * The context before a tool of an agent that did not pass a PreToolUse
 * `additionalContext` to the model: not sent.
 *
 * @param agent The agent's name, as the note says it.
 * @param basis What that rests on: the recorded case.
 * @returns The cell.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { noPreToolContext } from "./_claude_layout.ts";
 * const c = noPreToolContext("Droid", { kind: "binary", case: "pre-context" });
 * assert(c.becomes === "dropped" && c.note?.startsWith("Droid did not pass"));
 * ```
 */
export function noPreToolContext(agent: string, basis: Basis): Cell {
  return cells.droppedCell(
    `${agent} did not pass a PreToolUse additionalContext to the model`,
    basis,
  );
}

/** The three cells most events of an agent share: the message, the input and no decision. */
export type CommonCells = Pick<EventCells, "message" | "input" | "none">;

/**
 * An agent's message, input and no-decision cells, from where they rest.
 *
 * @param bases What the no-decision, message and dropped-input cells rest on.
 * @param messageNote What the agent did with a message, where that is worth saying.
 * @returns The three cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { commonCells } from "./_claude_layout.ts";
 * const b = { kind: "docs", ref: "x" } as const;
 * assert(commonCells({ none: b, message: b, input: b }).input.becomes === "dropped");
 * ```
 */
export function commonCells(
  bases: { none: Basis; message: Basis; input: Basis },
  messageNote?: string,
): CommonCells {
  return {
    message: cells.messageCell(bases.message, messageNote),
    input: cells.noInputCell(bases.input),
    none: cells.nothingCell(bases.none),
  };
}

/**
 * The cells of SessionStart: no decision can be sent; context can.
 *
 * @param decisions What the dropped decisions rest on.
 * @param context The context cell.
 * @param common The agent's message, input and no-decision cells.
 * @returns The cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { messageCell, noInputCell, nothingCell, sessionStartCells } from "./_claude_layout.ts";
 * const b = { kind: "docs", ref: "x" } as const;
 * const common = { message: messageCell(b), input: noInputCell(b), none: nothingCell(b) };
 * assert(sessionStartCells(b, nothingCell(b), common).deny.becomes === "dropped");
 * ```
 */
export function sessionStartCells(
  decisions: Basis,
  context: Cell,
  common: CommonCells,
): EventCells {
  return {
    ...cells.startDecisions(decisions),
    context,
    ...common,
  };
}

/**
 * The cells of SessionEnd: nothing but a message can be sent.
 *
 * @param basis What the dropped cells rest on.
 * @param common The agent's message, input and no-decision cells.
 * @returns The cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { messageCell, noInputCell, nothingCell, sessionEndCells } from "./_claude_layout.ts";
 * const b = { kind: "docs", ref: "x" } as const;
 * const common = { message: messageCell(b), input: noInputCell(b), none: nothingCell(b) };
 * assert(sessionEndCells(b, common).context.becomes === "dropped");
 * ```
 */
export function sessionEndCells(basis: Basis, common: CommonCells): EventCells {
  const atEnd = "the session is over: nothing can be refused, approved or added";
  return {
    ...cells.droppedDecisions(atEnd, basis),
    context: cells.droppedCell(atEnd, basis),
    ...common,
  };
}

/**
 * The cells of a stop where a deny sends the agent (or the subagent) back to work.
 *
 * @param deny What the deny rests on.
 * @param others What the dropped ask and allow rest on.
 * @param context The context cell (how the agent took context at a stop).
 * @param common The agent's message, input and no-decision cells.
 * @returns The cells.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { messageCell, noInputCell, nothingCell, stopCells } from "./_claude_layout.ts";
 * const b = { kind: "docs", ref: "x" } as const;
 * const common = { message: messageCell(b), input: noInputCell(b), none: nothingCell(b) };
 * assert(stopCells(b, b, nothingCell(b), common).deny.effect === "sent-back");
 * ```
 */
export function stopCells(
  deny: Basis,
  others: Basis,
  context: Cell,
  common: CommonCells,
): EventCells {
  return {
    deny: { stdout: cells.BLOCK, exit: 0, effect: "sent-back", basis: deny },
    ...cells.stopAskAllow(others),
    context,
    ...common,
  };
}

/** One event of an agent of the family: when it fires, and its cells. */
export interface ClaudeLayoutEventSpec {
  /** One line on when it fires and what a hook can do there. */
  info: string;
  /** Its cells. */
  cells: EventCells;
}

/** How an agent of the family reads a tool call. */
export interface ToolReading {
  /** The input fields that hold a file's path, tried in order. */
  pathFields: readonly string[];
  /** True when a tool of no known kind has its path read too (Claude Code). */
  pathOfOther: boolean;
  /** True when the output is read only at post-tool (else at any event where the payload has it). */
  outputAfterOnly: boolean;
  /** The text of a `tool_response`. */
  output(response: unknown): string | undefined;
}

/** What an agent of Claude Code's layout says of itself: what the family does not. */
export interface ClaudeLayoutSpec {
  /** The id, such as `qwen-code`. */
  id: string;
  /** The name people know. */
  name: string;
  /** Short names accepted on the command line. */
  aliases: readonly string[];
  /** True when a real binary was run here (the default); false when everything rests on docs. */
  recorded?: boolean;
  /** The hook reference. */
  docs: string;
  /** The events, by contract event; null for an event the agent does not have. */
  events: Readonly<Record<ClaudeLayoutEvent, ClaudeLayoutEventSpec | null>>;
  /** The agent's own name of an event whose name differs from the family's (Auggie's `PromptSubmit`). */
  natives?: Readonly<Partial<Record<ClaudeLayoutEvent, string>>>;
  /** The tool table. */
  tools: ToolTable;
  /** How a tool call reads. */
  tool: ToolReading;
  /**
   * True when a tool that failed fires PostToolUseFailure instead of PostToolUse:
   * `run` reads it as post-tool, and install writes the entry under it too.
   */
  failureEvent: boolean;
  /** What the payload holds besides the family's fields, put into the document. */
  readMore?(doc: HookDocument, payload: Record<string, unknown>): void;
  /** What the agent says at a stop. */
  stopSays: StopSays;
  /** The transcript format it writes; absent when its payload names no transcript (Auggie). */
  transcriptFormat?: TranscriptFormat;
  /** Files `list` reads hooks from besides the ones install writes. */
  reads?: readonly ReadLocation[];
  /** What `list` says of the agent's ways. */
  listing?: { runsTypes?: readonly string[]; switches?: readonly HookSwitch[]; gate?: Fact };
  /** The dot-folder of the home and of the project that holds `settings.json`, such as `.qwen`. */
  folder: string;
  /**
   * The variable that moves the user's folder, and how many leading parts it
   * stands for; absent when none does (Auggie reads only the home's folder).
   */
  userEnv?: { name: string; replaces: number };
  /** The unit of an entry's timeout: seconds (the family's, when absent) or milliseconds (Auggie). */
  timeoutUnit?: "s" | "ms";
  /** Where a timeout in seconds is read as milliseconds from this value up. */
  timeoutMsFrom?: number;
  /** Fields written into an entry with --fail-closed, where the agent has a switch. */
  failClosedFields?: Readonly<Record<string, Template>>;
  /** What the person still has to do after an install, per scope. */
  stillToDo: Readonly<Record<"user" | "project", string>>;
  /** How a hook command reaches the project folder. */
  projectFolder?: ProjectFolder;
  /** How it runs headless, where a family builder of verify makes its driver (headless.ts). */
  headless?: HeadlessRun;
}

/**
 * Make an agent of Claude Code's layout.
 *
 * @param spec What differs from the family.
 * @returns The agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenCode } from "./qwen_code.ts";
 * assert(qwenCode.events["pre-tool"]?.native === "PreToolUse");
 * assert(qwenCode.install.files.project.parts.join("/") === ".qwen/settings.json");
 * ```
 */
export function claudeLayoutAgent(spec: ClaudeLayoutSpec): Agent {
  const events: Partial<Record<ContractEvent, AgentEvent>> = {};
  for (const [event, { native, matcher }] of Object.entries(NATIVE)) {
    const own = spec.events[event as ClaudeLayoutEvent];
    if (own === null) continue;
    const name = spec.natives?.[event as ClaudeLayoutEvent] ?? native;
    events[event as ClaudeLayoutEvent] = {
      native: name,
      info: own.info,
      matcher,
      cells: own.cells,
    };
  }
  const readTool = (
    name: string,
    payload: Record<string, unknown>,
    event: ContractEvent,
    nativeEvent: string,
  ): ToolCall => {
    const { input, fields, kind, command } = toolInput(spec.tools, name, payload.tool_input);
    const failed = spec.failureEvent && nativeEvent === FAILURE_EVENT;
    const path = kind === "other" && !spec.tool.pathOfOther
      ? undefined
      : spec.tool.pathFields.map((f) => str(fields[f])).find((p) => p !== undefined);
    return toolCall({
      name,
      kind,
      input,
      command,
      path,
      output: spec.tool.outputAfterOnly && event !== "post-tool"
        ? undefined
        : failed
        ? str(payload.error)
        : spec.tool.output(payload.tool_response),
      failed: event === "post-tool" ? failed : undefined,
    });
  };
  const agent: Agent = {
    id: spec.id,
    name: spec.name,
    aliases: spec.aliases,
    recorded: spec.recorded ?? true,
    docs: spec.docs,
    events,
    aliasEvents: spec.failureEvent ? { [FAILURE_EVENT]: "post-tool" } : {},
    tools: spec.tools,
    read(payload, context) {
      const event = context.event;
      const doc = snakeCaseDocument(spec.id, payload, event, events[event]?.native ?? event);
      const name = str(payload.tool_name);
      if (name !== undefined) doc.tool = readTool(name, payload, event, doc.nativeEvent);
      spec.readMore?.(doc, payload);
      return doc;
    },
    stopSays: spec.stopSays,
    ...(spec.transcriptFormat === undefined ? {} : transcriptOf(spec.transcriptFormat)),
    ...(spec.reads ? { reads: spec.reads } : {}),
    ...(spec.listing ? { listing: spec.listing } : {}),
    ...(spec.projectFolder ? { projectFolder: spec.projectFolder } : {}),
    ...(spec.headless ? { headless: spec.headless } : {}),
    install: {
      matcherSyntax: "regex",
      files: {
        user: {
          scope: "user",
          parts: [spec.folder, "settings.json"],
          ...(spec.userEnv ? { env: spec.userEnv.name, envReplaces: spec.userEnv.replaces } : {}),
        },
        project: { scope: "project", parts: [spec.folder, "settings.json"] },
      },
      layout: "matcher-groups",
      timeoutUnit: spec.timeoutUnit ?? "s",
      ...(spec.timeoutMsFrom === undefined ? {} : { timeoutMsFrom: spec.timeoutMsFrom }),
      timeoutField: "timeout",
      commandField: "command",
      ...(spec.failClosedFields ? { failClosedFields: spec.failClosedFields } : {}),
      ...(spec.failureEvent ? { alsoNatives: { "post-tool": [FAILURE_EVENT] } } : {}),
      stillToDo: spec.stillToDo,
    },
  };
  return agent;
}
