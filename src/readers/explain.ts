/**
 * `explain`: how the agents differ, each statement with what it rests on
 * (`binary`: a recorded run of the real binary; `docs`: its reference). The
 * rows are a table read from the agent modules (their translation cells and
 * install data) and from the recorded conformance files.
 *
 * @module
 */

import { type SystemPath, systemPaths } from "../settings/locations.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { EVENTS } from "../contract/contract.ts";
import type { Agent, AnswerPart, Basis, Cell } from "../agents/types.ts";
import { ANSWER_PARTS } from "../agents/types.ts";
import type { ConformanceFile } from "../contract/conformance.ts";
import { outcomeText, RAW_OUTPUTS, rawOutputKind } from "../contract/conformance.ts";
import { translate } from "../run/translate.ts";
import { effectWords as effectsInWords } from "../agents/effect_words.ts";
import { type Printed, printed as printedValue } from "../contract/printed.ts";
import { projectFolderFact } from "../agents/folder_variables.ts";

/** One statement about one agent. */
export interface ExplainCell {
  /** The statement. */
  text: string;
  /** What it rests on; `none` where nothing could be said. */
  basis: Basis | { kind: "none" };
}

/** One question, answered for every agent. */
export interface ExplainRow {
  /** A stable id. */
  id: string;
  /** The question. */
  title: string;
  /** The answer per agent id. */
  cells: Record<string, ExplainCell>;
}

interface RowSpec {
  id: string;
  title: string;
  cell(agent: Agent, conformance: ConformanceFile | undefined): ExplainCell;
}

function docs(agent: Agent): Basis {
  return { kind: "docs", ref: agent.docs };
}

function fromCell(
  agent: Agent,
  event: ContractEvent,
  part: AnswerPart,
  describe: (c: Cell) => string,
): ExplainCell {
  const e = agent.events[event];
  if (!e) return { text: `no ${event} event`, basis: docs(agent) };
  const cell = e.cells[part];
  return { text: describe(cell), basis: cell.basis };
}

function printed(agent: Agent, event: ContractEvent, part: AnswerPart): string {
  const t = translate(agent, event, sampleAnswer(part));
  return t.stdout || (t.exit === 0 ? "(nothing)" : `exit ${t.exit}, stderr: ${t.stderr}`);
}

function effectWords(cell: Cell): string {
  const base = cell.becomes === "dropped" ? "dropped" : effectsInWords([cell.effect]);
  return cell.note ? `${base} (${cell.note})` : base;
}

function fileText(agent: Agent, scope: "user" | "project"): string {
  if (scope === "project" && agent.install.noProject !== undefined) return "none";
  const f = agent.install.files[scope];
  const base = scope === "user" ? "~" : "<project>";
  const path = [base, ...f.parts].join("/");
  return f.env ? `${path} (${f.env} moves it)` : path;
}

const ROWS: readonly RowSpec[] = [
  {
    id: "files",
    title: "The file install writes (user; project)",
    cell: (a) => ({ text: `${fileText(a, "user")}; ${fileText(a, "project")}`, basis: docs(a) }),
  },
  {
    id: "pre-tool-name",
    title: "The event before a tool runs",
    cell: (a) => ({
      text: a.events["pre-tool"]?.native ?? "none",
      basis: a.recorded ? { kind: "binary", case: `fixtures/${a.id}/pre-tool.*.json` } : docs(a),
    }),
  },
  {
    id: "deny",
    title: "How everyhook refuses a tool call",
    cell: (a) => fromCell(a, "pre-tool", "deny", () => printed(a, "pre-tool", "deny")),
  },
  {
    id: "ask",
    title: "ask before a tool",
    cell: (a) => fromCell(a, "pre-tool", "ask", effectWords),
  },
  {
    id: "allow",
    title: "allow before a tool",
    cell: (a) => fromCell(a, "pre-tool", "allow", effectWords),
  },
  {
    id: "context-pre",
    title: "Added context before a tool",
    cell: (a) => fromCell(a, "pre-tool", "context", effectWords),
  },
  {
    id: "input",
    title: "A rewritten tool input",
    cell: (a) =>
      fromCell(
        a,
        "pre-tool",
        "input",
        (c) => `${printed(a, "pre-tool", "input")}: ${effectWords(c)}`,
      ),
  },
  {
    id: "post-deny",
    title: "deny after a tool ran",
    cell: (a) => fromCell(a, "post-tool", "deny", effectWords),
  },
  {
    id: "prompt-deny",
    title: "deny on a prompt",
    cell: (a) => fromCell(a, "prompt", "deny", effectWords),
  },
  {
    id: "stop-deny",
    title: "deny at stop (keep working)",
    cell: (a) =>
      fromCell(a, "stop", "deny", (c) => `${printed(a, "stop", "deny")}: ${effectWords(c)}`),
  },
  {
    id: "subagent-stop",
    title: "A subagent's stop (subagent-stop)",
    cell: (a) => {
      const e = a.events["subagent-stop"];
      if (!e) {
        return { text: "no such event: a hook cannot keep a subagent working", basis: docs(a) };
      }
      return fromCell(a, "subagent-stop", "deny", (c) => `${e.native}: ${effectWords(c)}`);
    },
  },
  ...([["stop-status", "Why a turn ended (stop.status)", "status"], [
    "last-message",
    "The last message at a stop (stop.lastMessage)",
    "lastMessage",
  ]] as const).map(([id, title, key]): RowSpec => ({
    id,
    title,
    cell: (a) => a.stopSays?.[key] ?? { text: "not said", basis: { kind: "none" } },
  })),
  {
    id: "session-start-context",
    title: "Context at session start",
    cell: (a) => fromCell(a, "session-start", "context", effectWords),
  },
  {
    id: "timeout-unit",
    title: "The unit of an entry's timeout",
    cell: (a) => {
      const { timeoutField: field, timeoutUnit: unit, timeoutMsFrom: msFrom } = a.install;
      const ms = msFrom === undefined ? "" : ` (${msFrom} or more: milliseconds)`;
      const text = `${field} in ${unit === "ms" ? "milliseconds" : "seconds"}${ms}`;
      return { text, basis: docs(a) };
    },
  },
  { id: "project-folder", title: "How sync's lines find the project", cell: projectFolderFact },
  {
    id: "fail-closed",
    title: "The agent's own fail-closed switch",
    cell: (a) => ({
      text: a.install.failClosedFields
        ? JSON.stringify(a.install.failClosedFields)
        : "none (everyhook's --fail-closed still denies when the hook fails)",
      basis: docs(a),
    }),
  },
  {
    id: "hooks-gate",
    title: "What decides, outside every file, whether hooks run at all",
    cell: (a) => a.listing?.gate ?? { text: "nothing known", basis: { kind: "none" } },
  },
  ...RAW_OUTPUTS.map((raw): RowSpec => ({
    id: `raw-${raw.id}`,
    title: `A hook's raw output before a tool: ${raw.title}`,
    cell: (a, conformance) => {
      if (!conformance) {
        return {
          text: a.recorded ? "not recorded yet" : "not run (no binary here)",
          basis: { kind: "none" },
        };
      }
      const c = conformance.cases.find((x) => rawOutputKind(x) === raw.id);
      if (!c) return { text: "not recorded", basis: { kind: "none" } };
      return {
        text: outcomeText(c),
        basis: { kind: "binary", case: `${conformance.agent} ${conformance.version}: ${c.id}` },
      };
    },
  })),
];

/**
 * The table of how the agents differ.
 *
 * @param agents The agents, in column order.
 * @param conformance The recorded conformance files.
 * @returns One row per question.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { differences } from "./explain.ts";
 * assert(differences([], []).length > 0);
 * ```
 */
export function differences(
  agents: readonly Agent[],
  conformance: readonly ConformanceFile[],
): ExplainRow[] {
  return ROWS.map((row) => {
    const cells: Record<string, ExplainCell> = {};
    for (const agent of agents) {
      cells[agent.id] = row.cell(agent, conformance.find((c) => c.agent === agent.id));
    }
    return { id: row.id, title: row.title, cells };
  });
}

/** What one answer part becomes at one event. */
export interface AnswerExplained {
  /** The part. */
  answer: AnswerPart;
  /** What everyhook prints on stdout: the JSON value, other text, or nothing. */
  native: Printed;
  /** The exit code. */
  exit: number;
  /** What the agent does. */
  effect: string;
  /** Notes. */
  notes: string[];
  /** What it rests on. */
  basis: Basis;
}

/** One event of one agent, explained. */
export interface EventExplained {
  /** The contract event. */
  event: ContractEvent;
  /** The native name. */
  native: string;
  /** When it fires. */
  info: string;
  /** Each answer part. */
  answers: AnswerExplained[];
}

function sampleAnswer(part: AnswerPart) {
  switch (part) {
    case "deny":
    case "ask":
    case "allow":
      return { decision: part, reason: "<reason>" };
    case "context":
      return { context: "<context>" };
    case "message":
      return { message: "<message>" };
    case "input":
      return { input: { "...": "<input>" } };
    case "none":
      return {};
  }
}

/**
 * Explain one event of one agent: what everyhook prints for each answer and what the agent does.
 *
 * @param agent The agent.
 * @param event The contract event.
 * @returns The explanation, or undefined when the agent lacks the event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { explainEvent } from "./explain.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const e = explainEvent(findAgent("codex")!, "pre-tool");
 * assert(e === undefined || e.answers.length === 7);
 * ```
 */
export function explainEvent(agent: Agent, event: ContractEvent): EventExplained | undefined {
  const e = agent.events[event];
  if (!e) return undefined;
  return {
    event,
    native: e.native,
    info: e.info,
    answers: ANSWER_PARTS.map((part) => {
      const cell = e.cells[part];
      const t = translate(agent, event, sampleAnswer(part));
      return {
        answer: part,
        native: printedValue(t.stdout),
        exit: t.exit,
        effect: cell.becomes === "dropped" ? "dropped" : effectsInWords([cell.effect]),
        notes: cell.note ? [cell.note] : [],
        basis: cell.basis,
      };
    }),
  };
}

/** One agent, explained. */
export interface AgentExplained {
  /** The agent's id. */
  agent: string;
  /** Its name. */
  name: string;
  /** Whether a real binary was recorded. */
  recorded: boolean;
  /** Its reference. */
  docs: string;
  /** Its column of the differences. */
  column: Array<{ id: string; title: string } & ExplainCell>;
  /** Its events. */
  events: Array<{ event: ContractEvent; native: string; info: string }>;
  /** Its tools. */
  tools: {
    names: Array<{ name: string; kind: string }>;
    patterns: Array<{ pattern: string; kind: string }>;
  };
  /** Its settings files on Linux, macOS and Windows, per scope. */
  paths: SystemPath[];
  /** The recording it rests on. */
  recording?: { version: string; os: string; date: string; cases: number };
}

/**
 * Explain one agent: its column, events, tools and recording.
 *
 * @param agent The agent.
 * @param conformance Its conformance file, where recorded.
 * @returns The explanation.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { explainAgent } from "./explain.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert(explainAgent(findAgent("cursor")!, undefined).recorded === false);
 * ```
 */
export function explainAgent(
  agent: Agent,
  conformance: ConformanceFile | undefined,
): AgentExplained {
  const column = differences([agent], conformance ? [conformance] : []).map((r) => ({
    id: r.id,
    title: r.title,
    ...(r.cells[agent.id] as ExplainCell),
  }));
  const out: AgentExplained = {
    agent: agent.id,
    name: agent.name,
    recorded: agent.recorded,
    docs: agent.docs,
    column,
    events: EVENTS.flatMap((event) => {
      const e = agent.events[event];
      return e ? [{ event, native: e.native, info: e.info }] : [];
    }),
    tools: {
      names: Object.entries(agent.tools.names).map(([name, kind]) => ({ name, kind })),
      patterns: agent.tools.patterns.map((p) => ({ pattern: p.pattern, kind: p.kind })),
    },
    paths: systemPaths(agent),
  };
  if (conformance) {
    out.recording = {
      version: conformance.version,
      os: conformance.os,
      date: conformance.date,
      cases: conformance.cases.length,
    };
  }
  return out;
}

/**
 * Write a basis in brackets, as the text report shows it.
 *
 * @param basis The basis.
 * @returns `[binary]`, `[docs]` or `[-]`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { basisTag } from "./explain.ts";
 * assert(basisTag({ kind: "binary", case: "x" }) === "[binary]");
 * ```
 */
export function basisTag(basis: ExplainCell["basis"]): string {
  return basis.kind === "none" ? "[-]" : `[${basis.kind}]`;
}
