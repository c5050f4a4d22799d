/**
 * What `explain --speaks` says: for a hook written in one agent's protocol,
 * what carries over to each calling agent (each behaviour of the hook, read
 * into the contract's answer, then the calling agent's cells: what it does
 * with it, and what that rests on); which of the agent's recorded calls can
 * be said in the spoken agent's words, and why not; and every rule the spoken
 * hook's output is read by, with its basis. Not on `run`'s path.
 *
 * @module
 */

import type { Agent, AnswerPart, Basis, Fact } from "../agents/types.ts";
import type { ContractEvent, HookAnswer } from "../contract/contract.ts";
import { isContractEvent } from "../contract/contract.ts";
import type { SpokenProtocol } from "../speaks/types.ts";
import { translate } from "../run/translate.ts";
import { effectWords } from "../agents/effect_words.ts";
import type { Fixture } from "./recorded.ts";

/** One thing a spoken hook can do, as the contract's answer at one event. */
export interface Behaviour {
  /** In the spoken agent's words. */
  text: string;
  /** The event. */
  event: ContractEvent;
  /** What it is read as. */
  answer: HookAnswer;
  /** The answer part whose cell says what the calling agent does. */
  part: AnswerPart;
}

/** The behaviours of a Claude-style hook the table shows, in its order. */
export const BEHAVIOURS: readonly Behaviour[] = [
  {
    text: "pre-tool deny (exit 2, permissionDecision deny)",
    event: "pre-tool",
    answer: { decision: "deny", reason: "r" },
    part: "deny",
  },
  {
    text: "pre-tool ask (permissionDecision ask)",
    event: "pre-tool",
    answer: { decision: "ask", reason: "r" },
    part: "ask",
  },
  {
    text: "pre-tool allow (permissionDecision allow)",
    event: "pre-tool",
    answer: { decision: "allow" },
    part: "allow",
  },
  {
    text: "pre-tool input rewrite (updatedInput)",
    event: "pre-tool",
    answer: { input: {} },
    part: "input",
  },
  {
    text: "pre-tool context (additionalContext)",
    event: "pre-tool",
    answer: { context: "c" },
    part: "context",
  },
  {
    text: "post-tool feedback (exit 2, decision block)",
    event: "post-tool",
    answer: { decision: "deny", reason: "r" },
    part: "deny",
  },
  {
    text: "post-tool context (additionalContext)",
    event: "post-tool",
    answer: { context: "c" },
    part: "context",
  },
  {
    text: "prompt block (exit 2, decision block)",
    event: "prompt",
    answer: { decision: "deny", reason: "r" },
    part: "deny",
  },
  {
    text: "prompt context (additionalContext, plain stdout)",
    event: "prompt",
    answer: { context: "c" },
    part: "context",
  },
  {
    text: "session-start context (additionalContext, plain stdout)",
    event: "session-start",
    answer: { context: "c" },
    part: "context",
  },
  {
    text: "stop block (exit 2, decision block)",
    event: "stop",
    answer: { decision: "deny", reason: "r" },
    part: "deny",
  },
  {
    text: "subagent-stop block (exit 2, decision block)",
    event: "subagent-stop",
    answer: { decision: "deny", reason: "r" },
    part: "deny",
  },
  {
    text: "message to the person (systemMessage)",
    event: "pre-tool",
    answer: { message: "m" },
    part: "message",
  },
];

/** What one behaviour comes to in one calling agent. */
export interface Carried {
  /** What the agent does, in words, or why nothing carries. */
  text: string;
  /** Whether the agent does what the spoken agent would (the main effect is not none). */
  carries: boolean;
  /** What that rests on: the agent's cell. */
  basis: Basis | null;
}

/**
 * What each behaviour of a spoken hook comes to in each calling agent, from the agents' cells.
 *
 * @param agents The calling agents.
 * @param spoken The spoken protocol.
 * @returns One row per behaviour, one cell per agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { carryTable } from "./speaks_explain.ts";
 * import { claudeCodeSpoken } from "../speaks/claude_code.ts";
 * import { codex } from "../agents/codex.ts";
 * const rows = carryTable([codex], claudeCodeSpoken);
 * assert.equal(rows[0]?.cells.codex?.carries, true);
 * ```
 */
export function carryTable(
  agents: readonly Agent[],
  spoken: SpokenProtocol,
): Array<{ behaviour: Behaviour; cells: Record<string, Carried> }> {
  return BEHAVIOURS.filter((b) => spoken.events[b.event]).map((behaviour) => {
    const cells: Record<string, Carried> = {};
    for (const agent of agents) {
      const table = agent.events[behaviour.event];
      if (!table) {
        cells[agent.id] = { text: `no ${behaviour.event} event`, carries: false, basis: null };
        continue;
      }
      const t = translate(agent, behaviour.event, behaviour.answer);
      const cell = table.cells[behaviour.part];
      const main = t.effects[0] ?? "none";
      const became = cell.becomes !== undefined && cell.becomes !== "dropped"
        ? ` (as ${cell.becomes})`
        : "";
      cells[agent.id] = {
        text: main === "none"
          ? `nothing: ${cell.note ?? "dropped"}`
          : `${effectWords(t.effects)}${became}`,
        carries: main !== "none",
        basis: cell.basis,
      };
    }
    return { behaviour, cells };
  });
}

/** One recorded call of an agent, said in the spoken agent's words or not. */
export interface SpokenCall {
  /** The fixture's event and variant. */
  event: string;
  variant: string;
  /** The spoken event and tool it was said as, or null when it cannot be said. */
  saidAs: string | null;
  /** Why it cannot be said. */
  why: string | null;
}

/**
 * Which of an agent's recorded calls can be said in the spoken agent's words.
 *
 * @param agent The calling agent.
 * @param spoken The spoken protocol.
 * @param fixtures The agent's recorded payloads.
 * @returns One row per fixture.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { spokenCalls } from "./speaks_explain.ts";
 * import { claudeCodeSpoken } from "../speaks/claude_code.ts";
 * import { codex } from "../agents/codex.ts";
 * import { loadFixtures } from "./recorded.ts";
 * const rows = spokenCalls(codex, claudeCodeSpoken, await loadFixtures(["codex"]));
 * assert.ok(rows.some((r) => r.saidAs === "PreToolUse Bash"));
 * ```
 */
export function spokenCalls(
  agent: Agent,
  spoken: SpokenProtocol,
  fixtures: readonly Fixture[],
): SpokenCall[] {
  const out: SpokenCall[] = [];
  for (const f of fixtures) {
    if (f.agent !== agent.id || !isContractEvent(f.event) || !agent.events[f.event]) continue;
    const doc = agent.read(f.payload, { event: f.event });
    const said = spoken.write(doc, { cwd: "/", env: {} });
    const tool = said.ok && typeof said.payload.tool_name === "string"
      ? ` ${said.payload.tool_name}`
      : "";
    out.push({
      event: f.event,
      variant: f.variant,
      saidAs: said.ok ? `${said.nativeEvent}${tool}` : null,
      why: said.ok ? null : said.why,
    });
  }
  return out;
}

/** Outputs that, read at every event, show every rule of a spoken protocol. */
const SAMPLES: ReadonlyArray<{ exit: number; stdout: string; stderr: string }> = [
  { exit: 0, stdout: "", stderr: "" },
  { exit: 2, stdout: "", stderr: "r" },
  { exit: 1, stdout: "", stderr: "r" },
  { exit: 1, stdout: '{"decision":"block"}', stderr: "" },
  { exit: 0, stdout: "plain", stderr: "" },
  { exit: 0, stdout: "{not json", stderr: "" },
  { exit: 0, stdout: '{"hookSpecificOutput":{"permissionDecision":"deny"}}', stderr: "" },
  { exit: 0, stdout: '{"decision":"approve"}', stderr: "" },
  {
    exit: 0,
    stdout: '{"systemMessage":"m","decision":"block","reason":"r","continue":false}',
    stderr: "",
  },
];

/**
 * Every rule the spoken protocol reads a hook's output by, once each, with its basis.
 *
 * @param spoken The spoken protocol.
 * @returns The rules, by event.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readingRules } from "./speaks_explain.ts";
 * import { claudeCodeSpoken } from "../speaks/claude_code.ts";
 * assert.ok(readingRules(claudeCodeSpoken).some((r) => r.event === "pre-tool" && /exit 2/.test(r.text)));
 * ```
 */
export function readingRules(spoken: SpokenProtocol): Array<Fact & { event: ContractEvent }> {
  const out: Array<Fact & { event: ContractEvent }> = [];
  for (
    const [event, info] of Object.entries(spoken.events) as Array<
      [ContractEvent, { native: string }]
    >
  ) {
    const specific = (answer: string) =>
      JSON.stringify({ hookSpecificOutput: { hookEventName: info.native, ...JSON.parse(answer) } });
    const samples = [
      ...SAMPLES,
      {
        exit: 0,
        stdout: specific('{"permissionDecision":"deny","updatedInput":{},"additionalContext":"c"}'),
        stderr: "",
      },
      { exit: 0, stdout: specific('{"permissionDecision":"ask"}'), stderr: "" },
      { exit: 0, stdout: specific('{"permissionDecision":"allow"}'), stderr: "" },
      { exit: 0, stdout: specific('{"permissionDecision":"defer"}'), stderr: "" },
    ];
    for (const sample of samples) {
      for (const rule of spoken.read(sample, event, info.native).rules) {
        if (!out.some((r) => r.event === event && r.text === rule.text)) {
          out.push({ ...rule, event });
        }
      }
    }
  }
  return out;
}
