import assert from "node:assert/strict";
import { DEFAULT_REASON, DEFAULT_STOP_REASON, mergeTemplates, translate } from "./translate.ts";
import { AGENTS, findAgent } from "../agents/mod.ts";
import { ANSWER_PARTS } from "../agents/types.ts";
import type { Agent, AnswerPart, Cell, Effect, Template } from "../agents/types.ts";
import type { ContractEvent, HookAnswer } from "../contract/contract.ts";
import { EVENTS } from "../contract/contract.ts";

/** The texts of a representative answer: each is found in stdout where its placeholder is. */
const TEXT = {
  reason: "REASON-7f3a",
  message: "MESSAGE-7f3a",
  context: "CONTEXT-7f3a",
  input: "INPUT-7f3a",
} as const;

/** A representative answer for one part: a decision with a reason, or the part alone. */
function answerFor(part: AnswerPart): HookAnswer {
  switch (part) {
    case "deny":
    case "ask":
    case "allow":
      return { decision: part, reason: TEXT.reason };
    case "context":
      return { context: TEXT.context };
    case "message":
      return { message: TEXT.message };
    case "input":
      return { input: { command: TEXT.input } };
    case "none":
      return {};
  }
}

/** The placeholders a template holds. */
function placeholders(t: Template | undefined, found = new Set<string>()): Set<string> {
  if (typeof t === "string") {
    for (const m of t.matchAll(/<(reason|message|context)>/g)) found.add(m[1] as string);
    if (t === "<input>") found.add("input");
  } else if (Array.isArray(t)) {
    for (const x of t) placeholders(x, found);
  } else if (t !== null && typeof t === "object") {
    for (const x of Object.values(t)) placeholders(x, found);
  }
  return found;
}

/** Every (agent, event) pair the registry has. */
function tables(): Array<{ agent: Agent; event: ContractEvent }> {
  const out: Array<{ agent: Agent; event: ContractEvent }> = [];
  for (const agent of AGENTS) {
    for (const event of EVENTS) if (agent.events[event]) out.push({ agent, event });
  }
  return out;
}

/** The cells translate() writes for an answer of one part: the decision's (or none's), then the part's. */
function cellsUsed(cells: Record<AnswerPart, Cell>, part: AnswerPart): Cell[] {
  const isDecision = part === "deny" || part === "ask" || part === "allow";
  const used = isDecision || part === "none" ? [cells[part]] : [cells.none, cells[part]];
  return used.filter((c) => c.becomes !== "dropped");
}

function checkCell(agent: Agent, event: ContractEvent, part: AnswerPart): void {
  const where = `${agent.id} ${event} ${part}`;
  const table = agent.events[event];
  assert.ok(table, where);
  const cell = table.cells[part];
  assert.ok(cell, `${where}: no cell`);

  // Every cell rests on something; a binary basis only where a binary was run.
  if (cell.basis.kind === "binary") {
    assert.ok(agent.recorded, `${where}: a binary basis on an agent with no recorded binary`);
    assert.ok(cell.basis.case.trim() !== "", `${where}: a binary basis with no case`);
  } else {
    assert.equal(cell.basis.kind, "docs", where);
    assert.match(cell.basis.ref, /^https:\/\/\S+$/, `${where}: a docs basis with no address`);
  }
  // Whatever had to change, or was lost, says why.
  if (cell.becomes !== undefined) {
    assert.ok(
      cell.note && cell.note.trim() !== "",
      `${where}: becomes ${cell.becomes} with no note`,
    );
  }
  if (cell.becomes === "dropped") {
    assert.equal(cell.stdout, undefined, `${where}: a dropped cell prints nothing`);
    assert.equal(cell.effect, "none", `${where}: a dropped cell changes nothing`);
  }
  assert.ok(Number.isInteger(cell.exit) && cell.exit >= 0, `${where}: exit ${cell.exit}`);

  const t = translate(agent, event, answerFor(part));
  const used = cellsUsed(table.cells, part);

  // stdout is nothing or one JSON value, with the answer's text wherever a placeholder was.
  if (t.stdout !== "") {
    const parsed: unknown = JSON.parse(t.stdout);
    assert.equal(typeof parsed, "object", `${where}: stdout is not a JSON object`);
    assert.doesNotMatch(t.stdout, /<(reason|message|context|input)>/, `${where}: placeholder left`);
  }
  const isDecision = part === "deny" || part === "ask" || part === "allow";
  const wanted = new Set<string>();
  for (const c of used) placeholders(c.stdout, wanted);
  for (const key of wanted) {
    // Only a decision's answer carries a reason; elsewhere the default fills it.
    if (key === "reason" && !isDecision) continue;
    const text = TEXT[key as keyof typeof TEXT];
    assert.ok(t.stdout.includes(text), `${where}: stdout lacks the ${key}: ${t.stdout}`);
  }
  const anyStdout = used.some((c) => c.stdout !== undefined);
  assert.equal(t.stdout !== "", anyStdout, `${where}: stdout "${t.stdout}"`);
  if (cell.becomes === "dropped") {
    for (const text of Object.values(TEXT)) {
      assert.ok(!t.stdout.includes(text), `${where}: a dropped part reached stdout`);
    }
    assert.ok(t.notes.some((n) => n.startsWith(`${part}:`)), `${where}: the drop is not noted`);
  }

  // The exit code and the main effect are the cell's.
  assert.equal(t.exit, Math.max(0, ...used.map((c) => c.exit)), `${where}: exit`);
  const effects = used.map((c) => c.effect).filter((e) => e !== "none");
  assert.equal(t.effects[0], effects[0] ?? "none", `${where}: effect`);
  if (isDecision || part === "none") {
    const own: Effect = cell.becomes === "dropped" ? "none" : cell.effect;
    assert.equal(t.effects[0], own, `${where}: effect`);
  }
  if (cell.becomes !== "dropped" && cell.effect !== "none") {
    assert.ok(t.effects.includes(cell.effect), `${where}: ${cell.effect} missing`);
  }
  if (cell.note) {
    assert.ok(t.notes.includes(`${part}: ${cell.note}`), `${where}: note not passed on`);
  }
}

Deno.test("translate() writes every cell of every agent as its table says", () => {
  let walked = 0;
  for (const { agent, event } of tables()) {
    for (const part of ANSWER_PARTS) {
      checkCell(agent, event, part);
      walked++;
    }
  }
  // Claude Code and Codex CLI alone have seven events each.
  assert.ok(walked >= 2 * 7 * ANSWER_PARTS.length, `only ${walked} cells`);
});

Deno.test("translate() table walk fails on a cell that changes a part without a note", () => {
  const base = AGENTS[0] as Agent;
  const event = EVENTS.find((e) => base.events[e]) as ContractEvent;
  const table = base.events[event] as NonNullable<Agent["events"][ContractEvent]>;
  const broken: Agent = {
    ...base,
    events: {
      [event]: {
        ...table,
        cells: {
          ...table.cells,
          ask: { exit: 0, effect: "none", becomes: "dropped", basis: table.cells.ask.basis },
        },
      },
    },
  };
  assert.throws(() => checkCell(broken, event, "ask"), /with no note/);
  const unrecorded: Agent = { ...base, recorded: false };
  const binaryCell = ANSWER_PARTS.find((p) => table.cells[p].basis.kind === "binary");
  if (binaryCell) {
    assert.throws(() => checkCell(unrecorded, event, binaryCell), /no recorded binary/);
  }
});

Deno.test("translate() has every answer part's cell at every event of every agent", () => {
  for (const { agent, event } of tables()) {
    const cells = agent.events[event]?.cells ?? {};
    assert.deepEqual(Object.keys(cells).sort(), [...ANSWER_PARTS].sort(), `${agent.id} ${event}`);
    const native = agent.events[event]?.native ?? "";
    assert.ok(native !== "", `${agent.id} ${event}: no native name`);
  }
});

Deno.test("translate() never prints a part that was turned into a drop or into something else silently", () => {
  for (const { agent, event } of tables()) {
    for (const part of ANSWER_PARTS) {
      const t = translate(agent, event, answerFor(part));
      for (const { part: p, cell } of t.parts) {
        if (cell.becomes) {
          assert.ok(t.notes.some((n) => n.startsWith(`${p}:`)), `${agent.id} ${event} ${p}`);
        }
      }
    }
  }
});

Deno.test("translate() names the event's native name in every hookSpecificOutput of every agent", () => {
  // Claude Code ignores a hookSpecificOutput whose hookEventName is missing or names another
  // event (seen: pre-deny-no-eventname, pre-deny-wrong-eventname); the agents that copy its
  // format are held to the same rule.
  let seen = 0;
  for (const { agent, event } of tables()) {
    const table = agent.events[event];
    for (const part of ANSWER_PARTS) {
      if (table?.cells[part].stdout?.hookSpecificOutput === undefined) continue;
      const t = translate(agent, event, answerFor(part));
      const specific = t.stdout === "" ? undefined : JSON.parse(t.stdout).hookSpecificOutput;
      if (specific === undefined) continue;
      seen++;
      const name = (specific as Record<string, unknown>).hookEventName;
      assert.equal(name, table?.native, `${agent.id} ${event} ${part}`);
    }
  }
  assert.ok(seen >= 13, `only ${seen} hookSpecificOutput cells`);
});

Deno.test("translate() fills the default reason when a deny gives none", () => {
  let checked = 0;
  for (const { agent, event } of tables()) {
    const cell = agent.events[event]?.cells.deny;
    if (!cell || cell.becomes === "dropped" || !placeholders(cell.stdout).has("reason")) continue;
    const t = translate(agent, event, { decision: "deny" });
    const isStop = event === "stop" || event === "subagent-stop";
    const expected = isStop ? DEFAULT_STOP_REASON : DEFAULT_REASON;
    assert.ok(t.stdout.includes(expected), `${agent.id} ${event}: ${t.stdout}`);
    checked++;
  }
  assert.ok(checked >= 2 * 4, `only ${checked} deny cells with a reason`);
});

Deno.test("translate() drops an input given with deny or ask, with a note, on every agent", () => {
  for (const { agent, event } of tables()) {
    for (const decision of ["deny", "ask"] as const) {
      const t = translate(agent, event, { decision, reason: "r", input: { command: TEXT.input } });
      assert.ok(!t.stdout.includes(TEXT.input), `${agent.id} ${event} ${decision}`);
      assert.ok(t.notes.some((n) => n.startsWith("input dropped")), `${agent.id} ${event}`);
      assert.ok(!t.parts.some((p) => p.part === "input"));
    }
  }
});

Deno.test("translate() composes deny and message into one answer for Claude Code", () => {
  const claude = findAgent("claude-code");
  assert.ok(claude);
  const t = translate(claude, "pre-tool", { decision: "deny", reason: "R", message: "M" });
  assert.deepEqual(JSON.parse(t.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: "R",
    },
    systemMessage: "M",
  });
  assert.deepEqual(t.effects, ["blocked", "message"]);
  assert.deepEqual(t.parts.map((p) => p.part), ["deny", "message"]);
  assert.equal(t.exit, 0);
});

Deno.test("translate() composes context and input into one hookSpecificOutput for Claude Code", () => {
  const claude = findAgent("claude-code");
  assert.ok(claude);
  const t = translate(claude, "pre-tool", { context: "C", input: { command: "ls" } });
  assert.deepEqual(JSON.parse(t.stdout), {
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      additionalContext: "C",
      updatedInput: { command: "ls" },
    },
  });
  assert.deepEqual(t.effects, ["context", "rewritten"]);
  assert.deepEqual(t.notes, []);
});

Deno.test("translate() composes every pair of parts into valid JSON on every agent", () => {
  const extras: HookAnswer = { context: TEXT.context, message: TEXT.message };
  for (const { agent, event } of tables()) {
    for (const decision of [undefined, "deny", "ask", "allow"] as const) {
      const answer: HookAnswer = { ...extras, reason: TEXT.reason };
      if (decision) answer.decision = decision;
      const t = translate(agent, event, answer);
      if (t.stdout !== "") JSON.parse(t.stdout);
      assert.ok(t.effects.length >= 1, `${agent.id} ${event} ${decision}`);
      assert.equal(new Set(t.effects).size, t.effects.length, "an effect is listed once");
    }
  }
});

Deno.test("translate() refuses an event the agent does not have", () => {
  const agent: Agent = { ...AGENTS[0] as Agent, events: {} };
  assert.throws(() => translate(agent, "pre-tool", {}), RangeError);
});

Deno.test("mergeTemplates() merges objects key by key and lets the second win elsewhere", () => {
  assert.deepEqual(
    mergeTemplates({ a: { x: 1, y: [1] }, b: 1 }, { a: { y: [2], z: "s" }, c: null }),
    { a: { x: 1, y: [2], z: "s" }, b: 1, c: null },
  );
  assert.deepEqual(mergeTemplates({ a: 1 }, { a: { b: 2 } }), { a: { b: 2 } });
});

Deno.test("translate() names the alias event the payload came under where a cell says <event>", async () => {
  const { claudeCode } = await import("../agents/claude_code.ts");
  const failure = translate(claudeCode, "post-tool", { context: "c" }, {
    nativeEvent: "PostToolUseFailure",
  });
  assert.equal(JSON.parse(failure.stdout).hookSpecificOutput.hookEventName, "PostToolUseFailure");
  const plain = translate(claudeCode, "post-tool", { context: "c" }, {
    nativeEvent: "PostToolUse",
  });
  assert.equal(JSON.parse(plain.stdout).hookSpecificOutput.hookEventName, "PostToolUse");
  // A name that is not an alias of this event never leaks into the answer.
  const other = translate(claudeCode, "post-tool", { context: "c" }, { nativeEvent: "Stop" });
  assert.equal(JSON.parse(other.stdout).hookSpecificOutput.hookEventName, "PostToolUse");
});
