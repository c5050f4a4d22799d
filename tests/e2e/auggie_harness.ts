/**
 * Auggie's recorder: the fixtures (what the real binary sends a hook) from one
 * `auggie --print` session that plays each tool variant, and the conformance
 * file (what it does with each raw hook output) from one session per case,
 * against the fake Augment backend. `deno task record auggie` runs it.
 *
 * @module
 */

import type { AgentHarness, ConformanceCase } from "./harness_types.ts";
import type { AugmentStep } from "../../src/verify/fake/augment.ts";
import { AUGGIE_DRIVER } from "../../src/verify/drivers/auggie.ts";
import { redact, requestsMention } from "./fixture_io.ts";
import { type AgentE2e, agentHarness, type FixtureSet, sessionProblems } from "./agent_e2e.ts";
import { commandIs, type FixturePick, payloadOf, pickFixtures } from "./chat_agent_fixtures.ts";
import type { HookRule } from "./record_hook.ts";
import { FORCE_PUSH_RAN } from "./chat_agent_session.ts";
import {
  AUGGIE_EVENTS,
  AUGGIE_ID,
  type AuggieSession,
  auggieWorld,
  FORCE_PUSH,
  runAuggie,
} from "./auggie_session.ts";
import { recordHookCommand } from "./world.ts";

const shell = AUGGIE_DRIVER.shell;
const say = AUGGIE_DRIVER.say;

/** The final text every script ends with. */
export const FINAL = "FINAL-OK";

/** A tool call of the fake model. */
function tool(name: string, input: Record<string, unknown>): AugmentStep {
  return { kind: "tool", name, input };
}

/** The failing command of the fixture session. */
const FAILING = "printf 'fails-%s' 42; exit 3";

/** The fixture session's turns: every tool variant, then the final text. */
const FIXTURE_STEPS: readonly AugmentStep[] = [
  shell(FORCE_PUSH),
  shell("echo hello"),
  shell(FAILING),
  tool("save-file", { path: "new-file.txt", file_content: "new\n" }),
  tool("view", { type: "file", path: "edit-me.txt" }),
  tool("str-replace-editor", {
    command: "str_replace",
    path: "edit-me.txt",
    old_str_1: "line one",
    new_str_1: "line 1",
    old_str_start_line_number_1: 1,
    old_str_end_line_number_1: 1,
  }),
  tool("save-file", { path: ".env", file_content: "A=1\n" }),
  say(FINAL),
];

const toolIs = (name: string, path: string) => (p: Record<string, unknown>) => {
  const input = p["tool_input"] as Record<string, unknown> | undefined;
  return p["tool_name"] === name && input?.["path"] === path;
};

/** The fixtures, picked from the fixture session. */
export const AUGGIE_PICKS: readonly FixturePick[] = [
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "shell-force-push",
    when: commandIs(FORCE_PUSH),
    note: "the recording hook denied it",
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "write",
    when: toolIs("save-file", "new-file.txt"),
  },
  { event: "pre-tool", native: "PreToolUse", variant: "read", when: toolIs("view", "edit-me.txt") },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "edit",
    when: toolIs("str-replace-editor", "edit-me.txt"),
  },
  {
    event: "pre-tool",
    native: "PreToolUse",
    variant: "write-env",
    when: toolIs("save-file", ".env"),
  },
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "shell-harmless",
    when: commandIs("echo hello"),
  },
  { event: "post-tool", native: "PostToolUse", variant: "shell-failed", when: commandIs(FAILING) },
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "write",
    when: toolIs("save-file", "new-file.txt"),
  },
  { event: "prompt", native: "PromptSubmit", variant: "prompt" },
  { event: "session-start", native: "SessionStart", variant: "startup" },
  { event: "session-end", native: "SessionEnd", variant: "end" },
  { event: "stop", native: "Stop", variant: "first" },
];

/** What a case's model does: the force push (or a harmless echo), then the final text. */
type CaseScript = "push" | "echo";

/** One case: a raw hook output under one native event. */
interface AuggieCase {
  id: string;
  event: "pre-tool" | "post-tool" | "prompt" | "session-start" | "stop";
  native: string;
  hook: ConformanceCase["hook"];
  script?: CaseScript;
  marker?: string;
  max?: number;
  backendHooks?: boolean;
  about: string;
}

const hso = (fields: Record<string, unknown>): string =>
  JSON.stringify({ hookSpecificOutput: fields });
const pre = (fields: Record<string, unknown>): string =>
  hso({ hookEventName: "PreToolUse", ...fields });
const block = (reason: string): string => JSON.stringify({ decision: "block", reason });

/** Every case, in the order the conformance file lists them. */
export const AUGGIE_CASES: readonly AuggieCase[] = [
  {
    id: "pre-nothing",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0 },
    about: "nothing, exit 0",
  },
  {
    id: "pre-exit2-stderr",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-PRE-X2 force push is forbidden" },
    marker: "R-PRE-X2",
    about: "exit 2 with a reason on stderr",
  },
  {
    id: "pre-exit1-stderr",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 1, stderr: "R-PRE-X1 force push is forbidden" },
    marker: "R-PRE-X1",
    about: "exit 1 with a reason on stderr",
  },
  {
    id: "pre-exit2-empty",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 2 },
    about: "exit 2, no output",
  },
  {
    id: "pre-exit3-stderr",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 3, stderr: "R-PRE-X3 force push is forbidden" },
    marker: "R-PRE-X3",
    about: "exit 3 with a reason on stderr",
  },
  {
    id: "pre-bad-json",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "{not json R-PRE-BADJSON" },
    marker: "R-PRE-BADJSON",
    about: "broken JSON on stdout, exit 0",
  },
  {
    id: "pre-plain-text",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: "R-PRE-PLAIN just some words" },
    marker: "R-PRE-PLAIN",
    about: "plain text on stdout, exit 0",
  },
  {
    id: "pre-deny-json",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: pre({
        permissionDecision: "deny",
        permissionDecisionReason: "R-PRE-DENY no force push",
      }),
    },
    marker: "R-PRE-DENY",
    about: "permissionDecision deny with a reason",
  },
  {
    id: "pre-block-legacy",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: block("R-PRE-LEGACY no force push") },
    marker: "R-PRE-LEGACY",
    about: 'the legacy {"decision":"block"}',
  },
  {
    id: "pre-ask",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: pre({ permissionDecision: "ask", permissionDecisionReason: "R-PRE-ASK sure?" }),
    },
    marker: "R-PRE-ASK",
    about: "permissionDecision ask",
  },
  {
    id: "pre-allow",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: pre({ permissionDecision: "allow" }) },
    about: "permissionDecision allow",
  },
  {
    id: "pre-updated-input",
    event: "pre-tool",
    native: "PreToolUse",
    hook: {
      exit: 0,
      stdout: pre({
        permissionDecision: "allow",
        updatedInput: {
          command: "echo UPDATED-INPUT-RAN",
          wait: true,
          max_wait_seconds: 30,
          cwd: ".",
        },
      }),
    },
    about: "updatedInput with an allow",
  },
  {
    id: "pre-context",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: pre({ additionalContext: "R-PRE-CTX remember this" }) },
    marker: "R-PRE-CTX",
    about: "additionalContext before a tool",
  },
  {
    id: "pre-timeout",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-PRE-LATE too late", sleepSeconds: 3, timeoutSeconds: 1.5 },
    marker: "R-PRE-LATE",
    about: "exit 2 after 3 s, with a timeout of 1500 (milliseconds)",
  },
  {
    id: "backend-hooks-off",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 2, stderr: "R-PRE-OFF force push is forbidden" },
    marker: "R-PRE-OFF",
    backendHooks: false,
    about: "exit 2, with the backend's enable_hooks flag false",
  },
  {
    id: "post-block",
    event: "post-tool",
    native: "PostToolUse",
    script: "echo",
    hook: { exit: 0, stdout: block("R-POST-BLOCK look again") },
    marker: "R-POST-BLOCK",
    about: "decision block after a tool",
  },
  {
    id: "post-context",
    event: "post-tool",
    native: "PostToolUse",
    script: "echo",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "PostToolUse", additionalContext: "R-POST-CTX noted" }),
    },
    marker: "R-POST-CTX",
    about: "additionalContext after a tool",
  },
  {
    id: "prompt-block",
    event: "prompt",
    native: "PromptSubmit",
    script: "echo",
    hook: { exit: 0, stdout: block("R-UPS-BLOCK not this prompt") },
    marker: "R-UPS-BLOCK",
    about: "decision block at PromptSubmit",
  },
  {
    id: "prompt-exit2",
    event: "prompt",
    native: "PromptSubmit",
    script: "echo",
    hook: { exit: 2, stderr: "R-UPS-X2 not this prompt" },
    marker: "R-UPS-X2",
    about: "exit 2 at PromptSubmit",
  },
  {
    id: "ss-context",
    event: "session-start",
    native: "SessionStart",
    script: "echo",
    hook: {
      exit: 0,
      stdout: hso({ hookEventName: "SessionStart", additionalContext: "R-SS-CTX hello" }),
    },
    marker: "R-SS-CTX",
    about: "additionalContext at SessionStart",
  },
  {
    id: "stop-block",
    event: "stop",
    native: "Stop",
    script: "echo",
    max: 1,
    hook: { exit: 0, stdout: block("R-STOP-BACK check once more") },
    marker: "R-STOP-BACK",
    about: "decision block at Stop, once",
  },
];

/** The prompt of every case; its mark tells whether the prompt reached the model. */
const PROMPT_MARK = "PROMPT-TEXT-7Q";

function ruleOf(c: AuggieCase): HookRule {
  const rule: HookRule = { event: c.native, exit: c.hook.exit };
  if (c.event === "pre-tool") rule.match = "git push";
  if (c.max !== undefined) rule.max = c.max;
  if (c.hook.stdout !== undefined) rule.stdout = c.hook.stdout;
  if (c.hook.stderr !== undefined) rule.stderr = c.hook.stderr;
  if (c.hook.sleepSeconds !== undefined) rule.sleepSeconds = c.hook.sleepSeconds;
  return rule;
}

/** Runs one case in a fresh world and reads what Auggie did. */
async function runCase(c: AuggieCase): Promise<ConformanceCase> {
  await using world = await auggieWorld();
  const first = (c.script ?? "push") === "push" ? shell(FORCE_PUSH) : shell("echo hello");
  const s = await runAuggie({
    world,
    steps: [first, say(FINAL)],
    events: [...new Set(["PreToolUse", "PostToolUse", "Stop", c.native])],
    ...(c.hook.timeoutSeconds === undefined ? {} : { timeoutMs: c.hook.timeoutSeconds * 1000 }),
    rules: [ruleOf(c)],
    prompt: `${PROMPT_MARK} do the scripted steps`,
    ...(c.backendHooks === undefined ? {} : { backendHooks: c.backendHooks }),
  });
  const clean = (text: string) => String(redact(hideHookCommands(text), world));
  return judge(c, s, clean);
}

/** The recording hook's command lines (which Auggie may quote to the model) as `<cmd>`. */
function hideHookCommands(text: string): string {
  let out = text;
  for (const e of AUGGIE_EVENTS) out = out.replaceAll(recordHookCommand(e), "<cmd>");
  return out;
}

function judge(c: AuggieCase, s: AuggieSession, clean: (t: string) => string): ConformanceCase {
  const normal = 2;
  const rewritten = s.toolResults.some((t) => t.includes("UPDATED-INPUT-RAN"));
  let toolRan: boolean | null = null;
  if (c.event === "pre-tool") {
    toolRan = rewritten || s.toolResults.some((t) => FORCE_PUSH_RAN.test(t));
  }
  if (c.event === "post-tool") toolRan = s.hookCalls.some((h) => h.event === c.native);
  if (c.event === "prompt") toolRan = requestsMention(s.turns, PROMPT_MARK);
  const continued = c.event === "stop" ? s.turns.length > normal : null;
  const notes = [c.about, `exit ${s.run.code ?? "on a signal"}`];
  if (s.run.timedOut) notes.push("the run timed out");
  if (!s.hookCalls.some((h) => h.event === c.native)) notes.push("the hook never ran");
  if (rewritten) notes.push("the rewritten command ran instead of the force push");
  if (c.marker !== undefined && (s.run.stdout + s.run.stderr).includes(c.marker)) {
    notes.push("the agent printed it");
  }
  notes.push(`${s.turns.length} model turn(s)`);
  const result: ConformanceCase = {
    id: c.id,
    event: c.event,
    nativeEvent: c.native,
    hook: c.hook.timeoutSeconds === undefined ? { ...c.hook, timeoutSeconds: 30 } : c.hook,
    toolRan,
    reachedModel: c.marker === undefined ? null : requestsMention(s.requests, c.marker),
    continued,
    runEnded: s.run.code !== 0 || s.turns.length < normal,
    notes: notes.join("; "),
  };
  const toolEvent = c.event === "pre-tool" || c.event === "post-tool";
  const saw = toolEvent ? s.toolResults[0] : undefined;
  if (saw !== undefined) result.modelSaw = clean(saw).slice(0, 400);
  return result;
}

/**
 * The fixtures of one fresh fixture session, redacted, in the picks' order.
 *
 * @param version The binary's version.
 * @returns The fixtures, and the picks no hook call matched.
 */
async function auggieFixtureSet(version: string): Promise<FixtureSet> {
  await using world = await auggieWorld();
  await Deno.writeTextFile(`${world.project}/edit-me.txt`, "line one\nline two\n");
  const deny = pre({ permissionDecision: "deny", permissionDecisionReason: "R-FIX no force push" });
  const s = await runAuggie({
    world,
    steps: FIXTURE_STEPS,
    events: AUGGIE_EVENTS,
    rules: [{ event: "PreToolUse", match: "git push", stdout: deny }],
  });
  const how =
    "recorded: auggie --print --output-format json against the fake Augment backend (src/verify/fake/augment.ts, enable_hooks on), hooks in ~/.augment/settings.json";
  const { fixtures, missing } = pickFixtures(
    AUGGIE_ID,
    s.hookCalls,
    AUGGIE_PICKS,
    world,
    version,
    how,
  );
  const saw = s.hookCalls.map((c) => `${c.event}:${String(payloadOf(c)["tool_name"] ?? "")}`);
  return {
    fixtures,
    missing,
    problems: sessionProblems({ code: s.run.code, requests: s.requests }),
    why: `exit ${s.run.code}: ${s.run.stderr.slice(-800)}\nhook calls: ${saw.join(" ")}`,
  };
}

/**
 * Auggie's parts for the shared recorder and tests (agent_e2e.ts).
 *
 * @example Usage
 * ```ts ignore
 * import { AUGGIE_E2E } from "./auggie_harness.ts";
 * import { agentE2eTests } from "./agent_e2e.ts";
 * await agentE2eTests(AUGGIE_E2E);
 * ```
 */
export const AUGGIE_E2E: AgentE2e<AuggieCase> = {
  id: AUGGIE_ID,
  fixtureSet: auggieFixtureSet,
  fixtureCheck: {
    cover: "all",
    keys: "same",
    fields: ["tool_name", "hook_event_name"],
    nativeEvent: true,
  },
  fixtureTestSuffix: ", and their tool names",
  cases: AUGGIE_CASES,
  runCase,
  jobs: 2,
  keyCases: ["pre-deny-json", "pre-exit2-stderr", "pre-block-legacy", "backend-hooks-off"],
};

/** Auggie's harness, for `deno task record auggie`. */
export const harness: AgentHarness = agentHarness(AUGGIE_E2E);
