/**
 * Codex CLI's conformance cases: the table of raw hook outputs the shared
 * recorder (agent_e2e.ts) puts to the real binary, and how each run is
 * judged: did the tool run (did the force push reach the project's bare
 * origin), did the hook's text reach the model (the fake API's request log),
 * did Codex go back to work, did the run end early.
 *
 * @module
 */

import type { ConformanceCase } from "./harness_types.ts";
import type { ResponsesStep } from "../../src/verify/fake/openai_responses.ts";
import { callIdOf, callOutput } from "../../src/verify/fake/openai_responses.ts";
import { caseRule } from "./conformance_runner.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import {
  CODEX_EVENTS,
  type CodexEvent,
  type CodexSession,
  FORCE_PUSH,
  recordingHooks,
  withCodexSession,
} from "./codex_session.ts";

/** One case: what the hook does, and what to look for. */
export interface CodexCase {
  /** A stable id, such as pre-exit2-stderr. */
  id: string;
  /** The contract event whose hook answers. */
  event: CodexEvent;
  /** What the hook prints, its exit code, a sleep, the hook's timeout in seconds. */
  hook: ConformanceCase["hook"];
  /** A text the hook sends that must be looked for in the requests. */
  marker?: string;
  /** The hook answers only when its stdin holds this (default: the force push, or a first stop). */
  match?: string;
  /** The model's script (default: the force push, then `echo hello`). */
  steps?: ResponsesStep[];
  /** Did the tool run: default, did the force push reach origin. */
  ran?: (s: CodexSession) => Promise<boolean>;
  /** Added to the case's notes. */
  notes?: string;
}

const DEFAULT_STEPS: ResponsesStep[] = [
  { kind: "shell", command: FORCE_PUSH },
  { kind: "shell", command: "echo hello" },
];
const FINAL = "Final answer after the steps.";
const PROMPT = "PROMPT-MARKER: do the task.";
const BLOCKED_PATCH =
  "*** Begin Patch\n*** Add File: blocked.txt\n+should not exist\n*** End Patch";

const json = (value: unknown): string => JSON.stringify(value);
const pre = (extra: Record<string, unknown>): string =>
  json({ hookSpecificOutput: { hookEventName: "PreToolUse", ...extra } });
const ctx = (event: string, text: string): string =>
  json({ hookSpecificOutput: { hookEventName: event, additionalContext: text } });

/**
 * The cases the translation table rests on, recorded in fixtures/conformance/codex.json.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CODEX_CASES } from "./codex_cases.ts";
 * assert(CODEX_CASES.some((c) => c.id === "pre-exit2-stderr"));
 * ```
 */
export const CODEX_CASES: readonly CodexCase[] = [
  { id: "pre-exit0-nothing", event: "pre-tool", hook: { exit: 0 } },
  {
    id: "pre-exit2-stderr",
    event: "pre-tool",
    hook: { stderr: "R-EXIT2-STDERR", exit: 2 },
    marker: "R-EXIT2-STDERR",
  },
  { id: "pre-exit2-empty", event: "pre-tool", hook: { exit: 2 } },
  {
    id: "pre-exit1-stderr",
    event: "pre-tool",
    hook: { stderr: "R-EXIT1-STDERR", exit: 1 },
    marker: "R-EXIT1-STDERR",
  },
  {
    id: "pre-exit3-stderr",
    event: "pre-tool",
    hook: { stderr: "R-EXIT3-STDERR", exit: 3 },
    marker: "R-EXIT3-STDERR",
  },
  {
    id: "pre-not-json",
    event: "pre-tool",
    hook: { stdout: "{not json R-NOT-JSON", exit: 0 },
    marker: "R-NOT-JSON",
  },
  {
    id: "pre-plain-text",
    event: "pre-tool",
    hook: { stdout: "R-PLAIN-PRE", exit: 0 },
    marker: "R-PLAIN-PRE",
  },
  {
    id: "pre-timeout",
    event: "pre-tool",
    hook: {
      stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "R-LATE-DENY" }),
      exit: 0,
      sleepSeconds: 5,
      timeoutSeconds: 2,
    },
    marker: "R-LATE-DENY",
  },
  {
    id: "pre-deny",
    event: "pre-tool",
    hook: {
      stdout: pre({ permissionDecision: "deny", permissionDecisionReason: "R-DENY" }),
      exit: 0,
    },
    marker: "R-DENY",
  },
  {
    id: "pre-decision-block",
    event: "pre-tool",
    hook: { stdout: json({ decision: "block", reason: "R-OLD-BLOCK" }), exit: 0 },
    marker: "R-OLD-BLOCK",
    notes: "the older top-level decision/reason form",
  },
  {
    id: "pre-ask",
    event: "pre-tool",
    hook: {
      stdout: pre({ permissionDecision: "ask", permissionDecisionReason: "R-ASK" }),
      exit: 0,
    },
    marker: "R-ASK",
  },
  {
    id: "pre-allow",
    event: "pre-tool",
    hook: {
      stdout: pre({ permissionDecision: "allow", permissionDecisionReason: "R-ALLOW" }),
      exit: 0,
    },
    marker: "R-ALLOW",
  },
  {
    id: "pre-allow-rewrite",
    event: "pre-tool",
    hook: {
      stdout: pre({ permissionDecision: "allow", updatedInput: { command: "echo R-REWRITTEN" } }),
      exit: 0,
    },
    marker: "R-REWRITTEN",
    notes: "a rewritten input: toolRan is about the original force push",
  },
  {
    id: "pre-context",
    event: "pre-tool",
    hook: { stdout: ctx("PreToolUse", "R-CTX-PRE"), exit: 0 },
    marker: "R-CTX-PRE",
  },
  {
    id: "pre-system-message",
    event: "pre-tool",
    hook: { stdout: json({ systemMessage: "R-SYSMSG-PRE" }), exit: 0 },
    marker: "R-SYSMSG-PRE",
  },
  {
    id: "pre-continue-false",
    event: "pre-tool",
    hook: { stdout: json({ continue: false, stopReason: "R-CONT-PRE" }), exit: 0 },
    marker: "R-CONT-PRE",
  },
  {
    id: "pre-patch-exit2-stderr",
    event: "pre-tool",
    hook: { stderr: "R-PATCH-EXIT2", exit: 2 },
    marker: "R-PATCH-EXIT2",
    match: "blocked.txt",
    steps: [{ kind: "patch", patch: BLOCKED_PATCH }],
    ran: (s) => exists(`${s.world.project}/blocked.txt`),
    notes: "an apply_patch call (tool_name apply_patch); toolRan: was blocked.txt created",
  },
  {
    id: "post-block",
    event: "post-tool",
    hook: { stdout: json({ decision: "block", reason: "R-POST-BLOCK" }), exit: 0 },
    marker: "R-POST-BLOCK",
  },
  {
    id: "post-exit2-stderr",
    event: "post-tool",
    hook: { stderr: "R-POST-EXIT2", exit: 2 },
    marker: "R-POST-EXIT2",
  },
  {
    id: "post-context",
    event: "post-tool",
    hook: { stdout: ctx("PostToolUse", "R-CTX-POST"), exit: 0 },
    marker: "R-CTX-POST",
  },
  {
    id: "prompt-block",
    event: "prompt",
    hook: { stdout: json({ decision: "block", reason: "R-PROMPT-BLOCK" }), exit: 0 },
    marker: "R-PROMPT-BLOCK",
  },
  {
    id: "prompt-exit2-stderr",
    event: "prompt",
    hook: { stderr: "R-PROMPT-EXIT2", exit: 2 },
    marker: "R-PROMPT-EXIT2",
  },
  {
    id: "prompt-context",
    event: "prompt",
    hook: { stdout: ctx("UserPromptSubmit", "R-CTX-PROMPT"), exit: 0 },
    marker: "R-CTX-PROMPT",
  },
  {
    id: "prompt-plain-text",
    event: "prompt",
    hook: { stdout: "R-PLAIN-PROMPT", exit: 0 },
    marker: "R-PLAIN-PROMPT",
  },
  {
    id: "session-start-context",
    event: "session-start",
    hook: { stdout: ctx("SessionStart", "R-CTX-START"), exit: 0 },
    marker: "R-CTX-START",
  },
  {
    id: "session-start-plain-text",
    event: "session-start",
    hook: { stdout: "R-PLAIN-START", exit: 0 },
    marker: "R-PLAIN-START",
  },
  {
    id: "stop-block",
    event: "stop",
    hook: { stdout: json({ decision: "block", reason: "R-STOP-BLOCK" }), exit: 0 },
    marker: "R-STOP-BLOCK",
    notes: "the hook answers only the first stop (stop_hook_active false)",
  },
  {
    id: "stop-exit2-stderr",
    event: "stop",
    hook: { stderr: "R-STOP-EXIT2", exit: 2 },
    marker: "R-STOP-EXIT2",
    notes: "the hook answers only the first stop (stop_hook_active false)",
  },
  {
    id: "stop-continue-false",
    event: "stop",
    hook: { stdout: json({ continue: false, stopReason: "R-STOP-CONT" }), exit: 0 },
    marker: "R-STOP-CONT",
  },
];

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The text of one input item, as the model reads it. */
function itemText(item: Record<string, unknown>): string {
  if (typeof item.output === "string") return item.output;
  if (Array.isArray(item.content)) {
    return item.content.map((c) =>
      c !== null && typeof c === "object" && typeof (c as { text?: unknown }).text === "string"
        ? (c as { text: string }).text
        : ""
    ).join(" ");
  }
  return JSON.stringify(item);
}

/** Where the model first saw a text: `<type>[/<role>]: <text>`, trimmed. */
function whereSeen(s: CodexSession, text: string): string | undefined {
  for (const turn of s.turns) {
    const input = (turn.body as { input?: unknown } | null)?.input;
    if (!Array.isArray(input)) continue;
    for (const raw of input) {
      if (raw === null || typeof raw !== "object" || !JSON.stringify(raw).includes(text)) continue;
      const item = raw as Record<string, unknown>;
      const role = typeof item.role === "string" ? `/${item.role}` : "";
      return trim(`${String(item.type)}${role}: ${itemText(item)}`);
    }
  }
  return undefined;
}

function trim(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > 240 ? `${one.slice(0, 237)}...` : one;
}

/**
 * Plays one case against the real binary and says what it did.
 *
 * @param c The case.
 * @returns The conformance case (paths made neutral).
 *
 * @example Usage
 * ```ts ignore
 * import { CODEX_CASES, runCodexCase } from "./codex_cases.ts";
 * console.log(await runCodexCase(CODEX_CASES[0]!));
 * ```
 */
export function runCodexCase(c: CodexCase): Promise<ConformanceCase> {
  const native = CODEX_EVENTS[c.event];
  const steps = c.steps ?? DEFAULT_STEPS;
  const toolEvent = c.event === "pre-tool" || c.event === "post-tool";
  const match = c.match ??
    (toolEvent ? FORCE_PUSH : c.event === "stop" ? `"stop_hook_active":false` : undefined);
  const timeoutSeconds = c.hook.timeoutSeconds;
  return withCodexSession({
    script: { steps, final: FINAL },
    hooks: recordingHooks([native], timeoutSeconds ? { [native]: timeoutSeconds } : {}),
    rules: [caseRule(native, c.hook, { match })],
    prompt: PROMPT,
  }, async (s) => {
    if (!s.hookCalls.some((call) => call.event === native && call.rule !== null)) {
      throw new Error(
        `Case "${c.id}": the ${native} hook never answered (hooks: ${
          s.hookCalls.map((x) => x.event).join(", ") || "none"
        }; stderr: ${s.run.stderr.slice(-400)})`,
      );
    }
    const final = s.turns.filter((t) => t.step >= steps.length).length;
    const reached = c.marker === undefined ? null : requestsMention(s.turns, c.marker);
    let modelSaw: string | undefined;
    if (c.marker !== undefined && reached) modelSaw = whereSeen(s, c.marker);
    else if (toolEvent) {
      const last = s.turns.findLast((t) => callOutput(t.body, callIdOf(0)) !== undefined);
      const output = last === undefined ? undefined : callOutput(last.body, callIdOf(0));
      if (output !== undefined) {
        modelSaw = trim(`tool output: ${output.replace(/^Chunk ID:[\s\S]*?Output:\s*/, "")}`);
      }
    }
    const status = s.hookStatus.filter((l) => l.startsWith(`hook: ${native} `))
      .map((l) => l.slice(`hook: ${native} `.length));
    const notes = [
      `codex exec exit ${s.run.code}`,
      ...(status.length > 0 ? [`stderr, one status per ${native} call: ${status.join(", ")}`] : []),
      ...(c.notes ? [c.notes] : []),
    ].join("; ");
    const out: ConformanceCase = {
      id: c.id,
      event: c.event,
      nativeEvent: native,
      hook: c.hook,
      toolRan: toolEvent
        ? await (c.ran ?? ((x: CodexSession) => x.pushed()))(s)
        : c.event === "prompt"
        ? requestsMention(s.turns, "PROMPT-MARKER")
        : null,
      reachedModel: reached,
      continued: c.event === "stop" ? final > 1 : null,
      runEnded: final === 0,
      ...(modelSaw === undefined ? {} : { modelSaw }),
      notes,
    };
    return redact(out, s.world) as ConformanceCase;
  });
}
