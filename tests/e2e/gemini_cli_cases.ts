/**
 * Gemini CLI's conformance cases: the table of raw hook outputs the shared
 * recorder (agent_e2e.ts) puts to the real binary, each in a session of its
 * own, and how a run is read back (did the force push reach the project's
 * bare origin, did the marker reach the model, how many AfterAgent calls).
 *
 * @module
 */

import type { ConformanceCase } from "./harness_types.ts";
import { makeWorld, type World } from "./world.ts";
import { caseRule } from "./conformance_runner.ts";
import { functionResponses, modelTurns } from "../../src/verify/fake/gemini.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import {
  asObject,
  GEMINI_EVENTS,
  GEMINI_ID,
  type GeminiEvent,
  type GeminiSession,
  HARMLESS,
  prepareProject,
  recordingHooks,
  runGeminiSession,
  SHORT_SCRIPT,
} from "./gemini_cli_session.ts";
import { toolInput } from "./fixture_picks.ts";

/** One raw hook output to put to the binary. */
export interface ConformanceSpec {
  /** The case id. */
  id: string;
  /** The contract event whose hook answers. */
  event: GeminiEvent;
  /** What the hook does. */
  hook: ConformanceCase["hook"];
  /** Answer only when stdin holds this (the force push, for tool events). */
  match?: string;
  /** Answer at most this many times. */
  max?: number;
  /** The text whose arrival at the model is looked for; absent: nothing to look for. */
  marker?: string;
  /** Kill the run after this long. */
  timeoutMs?: number;
  /** More environment for the agent. */
  env?: Record<string, string>;
  /** What to say besides the measured facts. */
  notes?: string;
  /** Say which of Gemini's variables reached the hook. */
  reportEnv?: boolean;
}

const R = (id: string): string => `R_${id.replaceAll("-", "_").toUpperCase()}`;
const json = (value: unknown): string => JSON.stringify(value);

/** A pre-tool case answered on the force push. */
function pre(
  id: string,
  hook: ConformanceCase["hook"],
  extra: Partial<ConformanceSpec> = {},
): ConformanceSpec {
  return { id, event: "pre-tool", hook, match: "git push", ...extra };
}

/**
 * The raw hook outputs the conformance run puts to Gemini CLI
 * (the cases the translation table rests on, each with its own marker text).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { conformanceSpecs } from "./gemini_cli_cases.ts";
 * assert(conformanceSpecs().some((c) => c.id === "pre-deny"));
 * ```
 */
export function conformanceSpecs(): ConformanceSpec[] {
  const specs: ConformanceSpec[] = [
    pre("pre-exit0-empty", { exit: 0 }),
    pre("pre-exit2-stderr", { stderr: R("pre-exit2-stderr"), exit: 2 }, {
      marker: R("pre-exit2-stderr"),
    }),
    pre("pre-exit2-empty", { exit: 2 }),
    pre("pre-exit2-stdout-text", { stdout: R("pre-exit2-stdout-text"), exit: 2 }, {
      marker: R("pre-exit2-stdout-text"),
    }),
    pre("pre-exit2-json-allow", {
      stdout: json({ decision: "allow" }),
      stderr: R("pre-exit2-json-allow"),
      exit: 2,
    }, {
      marker: R("pre-exit2-json-allow"),
    }),
    pre("pre-exit1-stderr", { stderr: R("pre-exit1-stderr"), exit: 1 }, {
      marker: R("pre-exit1-stderr"),
    }),
    pre("pre-exit3-stderr", { stderr: R("pre-exit3-stderr"), exit: 3 }, {
      marker: R("pre-exit3-stderr"),
    }),
    pre("pre-exit3-empty", { exit: 3 }),
    pre("pre-not-json", { stdout: "{not json", exit: 0 }, { marker: "{not json" }),
    pre("pre-plain-text", { stdout: `${R("pre-plain-text")} please stop`, exit: 0 }, {
      marker: R("pre-plain-text"),
    }),
    pre("pre-stderr-json-exit0", {
      stderr: json({ decision: "deny", reason: R("pre-stderr-json-exit0") }),
      exit: 0,
    }, { marker: R("pre-stderr-json-exit0") }),
    pre("pre-timeout", {
      exit: 0,
      sleepSeconds: 6,
      timeoutSeconds: 2,
      stdout: json({ decision: "deny", reason: R("pre-timeout") }),
    }, {
      marker: R("pre-timeout"),
      notes: "the hook sleeps 6 s, then denies; its timeout is 2000 (milliseconds)",
    }),
    pre("pre-deny", { stdout: json({ decision: "deny", reason: R("pre-deny") }), exit: 0 }, {
      marker: R("pre-deny"),
    }),
    pre("pre-deny-no-reason", { stdout: json({ decision: "deny" }), exit: 0 }, {
      marker: "No reason provided",
    }),
    pre("pre-block", { stdout: json({ decision: "block", reason: R("pre-block") }), exit: 0 }, {
      marker: R("pre-block"),
    }),
    pre("pre-ask", { stdout: json({ decision: "ask", reason: R("pre-ask") }), exit: 0 }, {
      marker: R("pre-ask"),
      timeoutMs: 25_000,
      notes: "hung: headless Gemini CLI waits for a confirmation it never gets",
    }),
    pre("pre-allow", { stdout: json({ decision: "allow", reason: R("pre-allow") }), exit: 0 }, {
      marker: R("pre-allow"),
    }),
    pre("pre-context", {
      stdout: json({
        hookSpecificOutput: { hookEventName: "BeforeTool", additionalContext: R("pre-context") },
      }),
      exit: 0,
    }, { marker: R("pre-context") }),
    pre("pre-continue-false", {
      stdout: json({ continue: false, stopReason: R("pre-continue-false") }),
      exit: 0,
    }, {
      marker: R("pre-continue-false"),
    }),
    pre("pre-rewrite", {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: "BeforeTool",
          tool_input: { command: "echo REWRITTEN_BY_HOOK" },
        },
      }),
      exit: 0,
    }, { marker: "REWRITTEN_BY_HOOK" }),
    pre("pre-claude-deny", {
      stdout: json({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: R("pre-claude-deny"),
        },
      }),
      exit: 0,
    }, { marker: R("pre-claude-deny"), notes: "Claude Code's deny shape, ignored by Gemini CLI" }),
    {
      id: "post-deny",
      event: "post-tool",
      match: "git push",
      hook: { stdout: json({ decision: "deny", reason: R("post-deny") }), exit: 0 },
      marker: R("post-deny"),
    },
    {
      id: "post-block",
      event: "post-tool",
      match: "git push",
      hook: { stdout: json({ decision: "block", reason: R("post-block") }), exit: 0 },
      marker: R("post-block"),
    },
    {
      id: "post-exit2-stderr",
      event: "post-tool",
      match: "git push",
      hook: { stderr: R("post-exit2-stderr"), exit: 2 },
      marker: R("post-exit2-stderr"),
    },
    {
      id: "post-context",
      event: "post-tool",
      match: "git push",
      hook: {
        stdout: json({
          hookSpecificOutput: { hookEventName: "AfterTool", additionalContext: R("post-context") },
        }),
        exit: 0,
      },
      marker: R("post-context"),
    },
    {
      id: "post-continue-false",
      event: "post-tool",
      match: "git push",
      hook: { stdout: json({ continue: false, stopReason: R("post-continue-false") }), exit: 0 },
      marker: R("post-continue-false"),
    },
    {
      id: "prompt-deny",
      event: "prompt",
      hook: { stdout: json({ decision: "deny", reason: R("prompt-deny") }), exit: 0 },
      marker: R("prompt-deny"),
    },
    {
      id: "prompt-exit2-stderr",
      event: "prompt",
      hook: { stderr: R("prompt-exit2-stderr"), exit: 2 },
      marker: R("prompt-exit2-stderr"),
    },
    {
      id: "prompt-continue-false",
      event: "prompt",
      hook: { stdout: json({ continue: false, stopReason: R("prompt-continue-false") }), exit: 0 },
      marker: R("prompt-continue-false"),
    },
    {
      id: "prompt-context",
      event: "prompt",
      hook: {
        stdout: json({
          hookSpecificOutput: {
            hookEventName: "BeforeAgent",
            additionalContext: R("prompt-context"),
          },
        }),
        exit: 0,
      },
      marker: R("prompt-context"),
    },
    {
      id: "session-start-context",
      event: "session-start",
      hook: {
        stdout: json({
          hookSpecificOutput: {
            hookEventName: "SessionStart",
            additionalContext: R("session-start-context"),
          },
        }),
        exit: 0,
      },
      marker: R("session-start-context"),
    },
    {
      id: "stop-block-once",
      event: "stop",
      max: 1,
      hook: { stdout: json({ decision: "block", reason: R("stop-block-once") }), exit: 0 },
      marker: R("stop-block-once"),
      notes: "the hook answers only the first AfterAgent",
    },
    {
      id: "stop-exit2-once",
      event: "stop",
      max: 1,
      hook: { stderr: R("stop-exit2-once"), exit: 2 },
      marker: R("stop-exit2-once"),
      notes: "the hook answers only the first AfterAgent",
    },
    {
      id: "stop-continue-false",
      event: "stop",
      hook: { stdout: json({ continue: false, stopReason: R("stop-continue-false") }), exit: 0 },
      marker: R("stop-continue-false"),
    },
    {
      id: "session-start-github-sha",
      event: "session-start",
      hook: { exit: 0 },
      env: { GITHUB_SHA: "0123456789abcdef0123456789abcdef01234567" },
      notes: "GITHUB_SHA set (as on GitHub Actions): hooks get a short environment",
      reportEnv: true,
    },
    {
      id: "session-start-env",
      event: "session-start",
      hook: { exit: 0 },
      notes: "no GITHUB_SHA: hooks get the agent's whole environment",
      reportEnv: true,
    },
  ];
  return specs;
}

/** The text of every part (text, or a function response as JSON) of every request, in order. */
function requestTexts(requests: GeminiSession["requests"]): string[] {
  const out: string[] = [];
  for (const r of requests) {
    const contents = asObject(r.body).contents;
    for (const c of Array.isArray(contents) ? contents : []) {
      const parts = asObject(c).parts;
      for (const p of Array.isArray(parts) ? parts : []) {
        const part = asObject(p);
        if (typeof part.text === "string") out.push(part.text);
        if (part.functionResponse !== undefined) {
          out.push(JSON.stringify(asObject(part.functionResponse).response));
        }
      }
    }
  }
  return out;
}

function trimmed(text: string, max = 300): string {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

/** The warnings of `-o json`'s answer, if any. */
function warningsOf(stdout: string): string[] {
  try {
    const w = asObject(JSON.parse(stdout)).warnings;
    return Array.isArray(w) ? w.map(String) : [];
  } catch {
    return [];
  }
}

/** The hooked events of a case: its own, and for tool events AfterTool, to see whether the tool ran. */
function caseEvents(spec: ConformanceSpec): string[] {
  const own = GEMINI_EVENTS[spec.event];
  return spec.event === "pre-tool" ? [own, "AfterTool"] : [own];
}

/**
 * Puts one raw output to the binary in a fresh world and says what it did.
 *
 * @param spec The case.
 * @returns The conformance case.
 *
 * @example Usage
 * ```ts ignore
 * import { conformanceSpecs, runConformanceCase } from "./gemini_cli_cases.ts";
 * const spec = conformanceSpecs().find((c) => c.id === "pre-deny")!;
 * console.log(await runConformanceCase(spec));
 * ```
 */
export async function runConformanceCase(spec: ConformanceSpec): Promise<ConformanceCase> {
  await using world = await makeWorld(GEMINI_ID);
  await prepareProject(world);
  const nativeEvent = GEMINI_EVENTS[spec.event];
  const rule = caseRule(nativeEvent, spec.hook, { match: spec.match, max: spec.max });
  const timeoutMs = (spec.hook.timeoutSeconds ?? 10) * 1000;
  const s = await runGeminiSession(world, {
    script: SHORT_SCRIPT,
    hooks: recordingHooks(world, caseEvents(spec), timeoutMs),
    rules: [rule],
    timeoutMs: spec.timeoutMs ?? 90_000,
    ...(spec.env ? { env: spec.env } : {}),
  });
  return describeCase(spec, s, world);
}

/** Reads what a session did into a conformance case. */
function describeCase(spec: ConformanceSpec, s: GeminiSession, world: World): ConformanceCase {
  const isTool = spec.event === "pre-tool" || spec.event === "post-tool";
  const firstAfterTool = s.hookCalls.find((e) =>
    e.event === "AfterTool" && toolInput(asObject(e.stdin)).command !== HARMLESS
  );
  const reachedFinal = s.requests.some((r) => modelTurns(r.body) >= 2);
  const stops = s.hookCalls.filter((e) => e.event === "AfterAgent").length;
  const texts = requestTexts(s.requests);
  const reached = spec.marker === undefined ? null : requestsMention(s.requests, spec.marker);
  let toolRan: boolean | null = null;
  if (isTool) toolRan = firstAfterTool !== undefined;
  if (spec.event === "prompt") toolRan = s.requests.length > 0;
  const c: ConformanceCase = {
    id: spec.id,
    event: spec.event,
    nativeEvent: GEMINI_EVENTS[spec.event],
    hook: spec.hook,
    toolRan,
    reachedModel: reached,
    continued: spec.event === "stop" ? stops >= 2 : null,
    runEnded: s.run.timedOut || !reachedFinal,
  };
  let saw: string | undefined;
  if (spec.marker !== undefined) saw = texts.find((t) => t.includes(spec.marker!));
  if (saw === undefined && isTool) {
    const last = s.requests.at(-1);
    saw = last ? functionResponses(last.body)[0] : undefined;
  }
  // The shell tool's process group id changes with every run: keep it out of the recording.
  if (saw !== undefined) {
    c.modelSaw = trimmed(String(redact(saw, world)).replace(/PGID: \d+/g, "PGID: <pgid>"));
  }
  const facts: string[] = [];
  if (spec.notes) facts.push(spec.notes);
  facts.push(
    s.run.timedOut ? `killed after ${Math.round(s.run.ms / 1000)} s` : `exit code ${s.run.code}`,
  );
  facts.push(`${s.requests.length} model request(s)`);
  if (isTool) {
    facts.push(s.pushed ? "the force push reached origin" : "the force push did not reach origin");
  }
  if (spec.event === "pre-tool" && firstAfterTool && !s.pushed) {
    facts.push(
      `the command that ran: ${String(toolInput(asObject(firstAfterTool.stdin)).command)}`,
    );
  }
  if (spec.event === "stop") facts.push(`${stops} AfterAgent call(s)`);
  const warnings = warningsOf(s.run.stdout);
  if (warnings.length > 0) facts.push(`-o json warnings: ${json(warnings)}`);
  if (spec.reportEnv) {
    const env = s.hookCalls[0]?.env ?? {};
    const got = Object.keys(env).filter((k) => k.startsWith("GEMINI")).sort();
    facts.push(
      `GEMINI_API_KEY ${"GEMINI_API_KEY" in env ? "reached" : "did not reach"} the hook; ` +
        `the GEMINI_* variables it got: ${got.join(", ")}`,
    );
  }
  c.notes = String(redact(facts.join("; "), world));
  return c;
}
