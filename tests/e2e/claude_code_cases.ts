/**
 * Claude Code's conformance cases: the table of raw hook outputs (an exit
 * code, a JSON answer) the shared recorder (agent_e2e.ts) puts to the real
 * binary, each in a session of its own, and how a run is read back: the
 * marker texts, the scripts and Claude Code's own knobs (a PreToolUse
 * timeout, `onFailure`, running without `--allowedTools`) are its own.
 *
 * @module
 */

import type { ConformanceCase } from "./harness_types.ts";
import type { AnthropicScript } from "../../src/verify/fake/anthropic.ts";
import { caseRule } from "./conformance_runner.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import { makeWorld, recordHookCommand } from "./world.ts";
import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import {
  ALLOWED_TOOLS,
  bash,
  CLAUDE,
  CLAUDE_EVENTS,
  type ClaudeEvent,
  FORCE_PUSH,
  inSubagent,
  recordingHooks,
  runClaude,
  say,
  SUB_MARKER,
} from "./claude_code_session.ts";

/** One conformance case: a raw hook output put to the real binary. */
export interface ClaudeCase {
  /** The case id. */
  id: string;
  /** The native event the rule answers. */
  native: ClaudeEvent;
  /** The raw output. */
  hook: ConformanceCase["hook"];
  /** The model's script (default: force push, then a final text). */
  script?: AnthropicScript;
  /** How many main requests a run that nothing stops makes (default 2). */
  normalRequests?: number;
  /** The text whose arrival at the model is checked (default: none, reachedModel null). */
  marker?: string;
  /** PreToolUse's timeout in seconds (default 10). */
  preTimeout?: number;
  /** PreToolUse's onFailure. */
  onFailure?: "block";
  /** Run without --allowedTools. */
  noAllowedTools?: boolean;
  /** The rule answers only this often. */
  max?: number;
  /** The prompt. */
  prompt?: string;
  /** Notes worth keeping. */
  notes?: string;
}

const FP_SCRIPT: AnthropicScript = { main: [bash(FORCE_PUSH), say("Final answer.")] };
const ECHO_SCRIPT: AnthropicScript = { main: [bash("echo hello"), say("Final answer.")] };
const TEXT_SCRIPT: AnthropicScript = { main: [say("First answer."), say("Second answer.")] };
const hso = (o: Record<string, unknown>): string => JSON.stringify({ hookSpecificOutput: o });

/**
 * The cases of fixtures/conformance/claude-code.json; the adapter's cells cite
 * them by these ids.
 */
export const CLAUDE_CASES: readonly ClaudeCase[] = [
  { id: "pre-exit0-empty", native: "PreToolUse", hook: { exit: 0 } },
  {
    id: "pre-exit2-stderr",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-exit2 force push forbidden" },
    marker: "R-exit2 force push forbidden",
  },
  {
    id: "pre-exit2-empty",
    native: "PreToolUse",
    hook: { exit: 2 },
    marker: "No stderr output",
  },
  {
    id: "pre-exit1-stderr",
    native: "PreToolUse",
    hook: { exit: 1, stderr: "R-exit1 force push forbidden" },
    marker: "R-exit1",
  },
  {
    id: "pre-exit3-stderr",
    native: "PreToolUse",
    hook: { exit: 3, stderr: "R-exit3 force push forbidden" },
    marker: "R-exit3",
  },
  {
    id: "pre-badjson",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "{not json R-badjson" },
    marker: "R-badjson",
  },
  {
    id: "pre-plaintext",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "R-plain plain text from the hook" },
    marker: "R-plain",
  },
  {
    id: "pre-timeout",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-late answer", sleepSeconds: 8, timeoutSeconds: 2 },
    preTimeout: 2,
    marker: "R-late",
    notes: "the hook sleeps past its timeout (2 s), then would exit 2",
  },
  {
    id: "timeout-onfailure",
    native: "PreToolUse",
    hook: { exit: 0, sleepSeconds: 8, timeoutSeconds: 2 },
    preTimeout: 2,
    onFailure: "block",
    marker: "timed out",
    notes: `the hook handler has "onFailure": "block" (fail-closed)`,
  },
  {
    id: "pre-deny-json",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "R-deny force push forbidden",
      }),
    },
    marker: "R-deny force push forbidden",
  },
  {
    id: "pre-deny-no-eventname",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({ permissionDecision: "deny", permissionDecisionReason: "R-deny-noname" }),
    },
    marker: "R-deny-noname",
    notes: "hookSpecificOutput without hookEventName",
  },
  {
    id: "pre-ask-noperm",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "R-ask please confirm",
      }),
    },
    noAllowedTools: true,
    marker: "R-ask please confirm",
    notes: "headless (-p), run without --allowedTools: nobody to ask",
  },
  {
    id: "pre-allow-noperm",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "R-allow fine",
      }),
    },
    noAllowedTools: true,
    marker: "R-allow fine",
    notes: "run without --allowedTools: the hook's allow is what lets the tool run",
  },
  {
    id: "pre-control-noperm",
    native: "PreToolUse",
    hook: { exit: 0 },
    noAllowedTools: true,
    marker: "requires approval",
    notes: "control for pre-allow-noperm: without --allowedTools and without a hook answer " +
      "(reachedModel: the permission denial, not a hook text)",
  },
  {
    id: "pre-addctx",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PreToolUse", additionalContext: "CTX-pre extra context" }),
    },
    marker: "CTX-pre extra context",
  },
  {
    id: "pre-continue-false",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ continue: false, stopReason: "R-stopReason" }) },
    marker: "R-stopReason",
  },
  {
    id: "pre-updated-input",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "echo REWRITTEN-BY-HOOK" },
      }),
    },
    marker: "REWRITTEN-BY-HOOK",
    notes: "reachedModel: the rewritten command's output is the tool_result",
  },
  {
    id: "pre-updated-input-noallow",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: hso({
        hookEventName: "PreToolUse",
        updatedInput: { command: "echo REWRITTEN-BY-HOOK" },
      }),
    },
    marker: "REWRITTEN-BY-HOOK",
    notes: "updatedInput without a permissionDecision",
  },
  {
    id: "pre-systemmessage",
    native: "PreToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ systemMessage: "R-sysmsg for the person" }) },
    marker: "R-sysmsg",
  },
  {
    id: "post-block",
    native: "PostToolUse",
    hook: { exit: 0, stdout: JSON.stringify({ decision: "block", reason: "R-post block reason" }) },
    script: ECHO_SCRIPT,
    marker: "R-post block reason",
  },
  {
    id: "post-exit2",
    native: "PostToolUse",
    hook: { exit: 2, stderr: "R-post-exit2" },
    script: ECHO_SCRIPT,
    marker: "R-post-exit2",
  },
  {
    id: "post-addctx",
    native: "PostToolUse",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PostToolUse", additionalContext: "CTX-post extra context" }),
    },
    script: ECHO_SCRIPT,
    marker: "CTX-post extra context",
  },
  {
    id: "ups-block",
    native: "UserPromptSubmit",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ decision: "block", reason: "R-ups blocked prompt" }),
    },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    prompt: "SECRET-PROMPT-TEXT do the task",
    marker: "R-ups blocked prompt",
    notes: "toolRan: was the prompt sent to the model",
  },
  {
    id: "ups-exit2",
    native: "UserPromptSubmit",
    hook: { exit: 2, stderr: "R-ups-exit2" },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    prompt: "SECRET-PROMPT-TEXT do the task",
    marker: "R-ups-exit2",
    notes: "toolRan: was the prompt sent to the model",
  },
  {
    id: "ups-addctx",
    native: "UserPromptSubmit",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "UserPromptSubmit", additionalContext: "CTX-ups extra" }),
    },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-ups extra",
    notes: "toolRan: was the prompt sent to the model",
  },
  {
    id: "ss-addctx",
    native: "SessionStart",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "SessionStart", additionalContext: "CTX-ss extra context" }),
    },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-ss extra context",
  },
  {
    id: "ss-plainstdout",
    native: "SessionStart",
    hook: { exit: 0, stdout: "CTX-ss-plain plain stdout" },
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-ss-plain",
  },
  {
    id: "stop-block",
    native: "Stop",
    hook: { exit: 0, stdout: JSON.stringify({ decision: "block", reason: "R-stop keep going" }) },
    max: 1,
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "R-stop keep going",
    notes: "the rule answers the first Stop only",
  },
  {
    id: "stop-exit2",
    native: "Stop",
    hook: { exit: 2, stderr: "R-stop-exit2 keep going" },
    max: 1,
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "R-stop-exit2",
    notes: "the rule answers the first Stop only",
  },
  {
    id: "stop-addctx",
    native: "Stop",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "Stop", additionalContext: "CTX-stop please also do X" }),
    },
    max: 1,
    script: TEXT_SCRIPT,
    normalRequests: 1,
    marker: "CTX-stop please also do X",
    notes: "no decision, only additionalContext; the rule answers the first Stop only",
  },
  {
    id: "subagent-stop-block",
    native: "SubagentStop",
    hook: {
      exit: 0,
      stdout: JSON.stringify({ decision: "block", reason: "R-substop keep going" }),
    },
    max: 1,
    script: {
      main: [
        {
          kind: "tool",
          name: "Agent",
          input: {
            description: "Run a sub task",
            prompt: `${SUB_MARKER}: answer twice`,
            subagent_type: "general-purpose",
            run_in_background: false,
          },
        },
        say("Final answer."),
      ],
      sub: [say("Sub first."), say("Sub second.")],
      subMarker: SUB_MARKER,
    },
    marker: "R-substop keep going",
    notes: "continued: did the subagent make another request",
  },
];

/**
 * The first string in the logged bodies that holds `text`, made neutral by
 * `clean` and then cut around the text.
 */
function sawText(
  requests: readonly LoggedRequest[],
  text: string,
  clean: (s: string) => string,
): string | undefined {
  const walk = (v: unknown): string | undefined => {
    if (typeof v === "string") return v.includes(text) ? v : undefined;
    if (Array.isArray(v)) {
      for (const x of v) {
        const s = walk(x);
        if (s !== undefined) return s;
      }
      return undefined;
    }
    if (typeof v === "object" && v !== null) return walk(Object.values(v));
    return undefined;
  };
  for (const r of requests) {
    const found = walk(r.body);
    if (found === undefined) continue;
    const s = clean(found);
    const at = Math.max(0, s.indexOf(text));
    const from = Math.max(0, at - 120);
    const to = Math.min(s.length, at + text.length + 80);
    return (from > 0 ? "…" : "") + s.slice(from, to).trim() + (to < s.length ? "…" : "");
  }
  return undefined;
}

/** Replaces the recording hook's command lines (which Claude Code quotes to the model) with `<cmd>`. */
function hideHookCommand(text: string): string {
  let out = text;
  for (const event of Object.keys(CLAUDE_EVENTS)) {
    out = out.replaceAll(recordHookCommand(event), "<cmd>");
  }
  return out;
}

/**
 * Runs one conformance case against the real binary and reads what happened.
 *
 * @param c The case.
 * @returns The conformance row.
 */
export async function runClaudeCase(c: ClaudeCase): Promise<ConformanceCase> {
  await using world = await makeWorld(CLAUDE);
  const script = c.script ?? FP_SCRIPT;
  const match = c.native === "PreToolUse" ? "git push" : undefined;
  const run = await runClaude({
    world,
    script,
    rules: [caseRule(c.native, c.hook, { match, max: c.max })],
    hooks: recordingHooks({
      ...(c.preTimeout !== undefined ? { preTimeout: c.preTimeout } : {}),
      ...(c.onFailure !== undefined ? { onFailure: c.onFailure } : {}),
    }),
    allowedTools: c.noAllowedTools ? null : `${ALLOWED_TOOLS},Agent`,
    ...(c.prompt !== undefined ? { prompt: c.prompt } : {}),
    timeoutMs: 60_000,
  });
  const main = run.answers.filter((a) => a.conversation === "main");
  const sub = run.answers.filter((a) => a.conversation === "sub");
  const normal = c.normalRequests ?? 2;
  const posts = run.hookCalls.filter((e) =>
    (e.event === "PostToolUse" || e.event === "PostToolUseFailure") && !inSubagent(e)
  );
  let toolRan: boolean | null = null;
  let continued: boolean | null = null;
  if (c.native === "PreToolUse" || c.native === "PostToolUse") toolRan = posts.length > 0;
  if (c.native === "UserPromptSubmit") toolRan = main.length > 0;
  if (c.native === "Stop") continued = main.length > normal;
  if (c.native === "SubagentStop") continued = sub.length > 1;
  const notes = [
    c.notes,
    `claude exit ${run.run.code}${run.run.timedOut ? " (timed out)" : ""}`,
    `result ${run.result?.["subtype"] ?? "none"}` +
    (run.result?.["terminal_reason"] ? `, terminal_reason ${run.result["terminal_reason"]}` : ""),
    `${main.length} model request(s)`,
  ].filter((n) => n !== undefined);
  const saw = c.marker === undefined
    ? undefined
    : sawText(run.requests, c.marker, (t) => redact(hideHookCommand(t), world) as string);
  const resultText = typeof run.result?.["result"] === "string" ? run.result["result"] : "";
  if (c.marker !== undefined && resultText.includes(c.marker)) {
    notes.push(
      `the stream-json result says: ${redact(hideHookCommand(resultText), world)}`.slice(0, 220),
    );
  }
  const row: ConformanceCase = {
    id: c.id,
    event: CLAUDE_EVENTS[c.native],
    nativeEvent: c.native,
    hook: {
      ...c.hook,
      ...(c.native === "PreToolUse" && c.hook.timeoutSeconds === undefined
        ? { timeoutSeconds: c.preTimeout ?? 10 }
        : {}),
    },
    toolRan,
    reachedModel: c.marker === undefined ? null : requestsMention(run.requests, c.marker),
    continued,
    runEnded: main.length < normal,
    ...(saw !== undefined ? { modelSaw: saw } : {}),
    notes: notes.join("; "),
  };
  return row;
}
