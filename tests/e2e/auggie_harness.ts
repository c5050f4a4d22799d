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
import { mcpServerScript } from "../../src/verify/mcp_server.ts";
import { redact } from "./fixture_io.ts";
import { type AgentE2e, agentHarness, type FixtureSet, sessionProblems } from "./agent_e2e.ts";
import { commandIs, type FixturePick, payloadOf, pickFixtures } from "./chat_agent_fixtures.ts";
import {
  caseRule,
  CHAT_CASES,
  type ChatCase,
  FINAL,
  judgeCase,
  PROMPT_MARK,
} from "./chat_agent_cases.ts";
import { AUGGIE_EVENTS, AUGGIE_ID, auggieWorld, FORCE_PUSH, runAuggie } from "./auggie_session.ts";
import { recordHookCommand } from "./world.ts";

const shell = AUGGIE_DRIVER.shell;
const say = AUGGIE_DRIVER.say;

/** A tool call of the fake model. */
function tool(name: string, input: Record<string, unknown>): AugmentStep {
  return { kind: "tool", name, input };
}

/** The failing command of the fixture session. */
const FAILING = "printf 'fails-%s' 42; exit 3";

/** Verify's MCP play of Auggie: the call of its probe tool, and the server given by --mcp-config. */
const MCP = (() => {
  const mcp = AUGGIE_DRIVER.plays?.mcp;
  if (mcp === undefined || "cannot" in mcp || mcp.args === undefined) {
    throw new Error("Auggie's driver has no MCP play");
  }
  return { play: mcp.play(), args: mcp.args };
})();

/**
 * The fixture session's turns: every tool variant (the edit in the form the
 * pinned Auggie's tool schema asks for, `str_replace_entries`), a call of
 * verify's MCP tool, then the final text.
 */
const FIXTURE_STEPS: readonly AugmentStep[] = [
  shell(FORCE_PUSH),
  shell("echo hello"),
  shell(FAILING),
  tool("save-file", { path: "new-file.txt", file_content: "new\n" }),
  tool("view", { type: "file", path: "edit-me.txt" }),
  tool("str-replace-editor", {
    command: "str_replace",
    path: "edit-me.txt",
    str_replace_entries: [{
      old_str: "line one",
      new_str: "line 1",
      old_str_start_line_number: 1,
      old_str_end_line_number: 1,
    }],
  }),
  tool("save-file", { path: ".env", file_content: "A=1\n" }),
  ...MCP.play.turns,
  say(FINAL),
];

const isMcp = (p: Record<string, unknown>) => p["tool_name"] === MCP.play.tool;

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
    event: "pre-tool",
    native: "PreToolUse",
    variant: "mcp",
    when: isMcp,
    note: "verify's MCP server given by --mcp-config: Auggie names its tool <tool>_<server>",
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
  {
    event: "post-tool",
    native: "PostToolUse",
    variant: "edit",
    when: toolIs("str-replace-editor", "edit-me.txt"),
  },
  { event: "post-tool", native: "PostToolUse", variant: "mcp", when: isMcp },
  { event: "prompt", native: "PromptSubmit", variant: "prompt" },
  { event: "session-start", native: "SessionStart", variant: "startup" },
  { event: "session-end", native: "SessionEnd", variant: "end" },
  { event: "stop", native: "Stop", variant: "first" },
];

/**
 * One case: one of the chat agents' cases (chat_agent_cases.ts) under
 * Auggie's native event name, or one of Auggie's own.
 */
interface AuggieCase extends ChatCase {
  /** The backend's enable_hooks flag (default true). */
  backendHooks?: boolean;
}

const pre = (fields: Record<string, unknown>): string =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", ...fields } });

/** The chat agents' native event names that Auggie names otherwise. */
const AUGGIE_NATIVE: Readonly<Record<string, string>> = { UserPromptSubmit: "PromptSubmit" };

/**
 * The shared cases Auggie is put to, by id: those whose events it has and
 * whose answers its hooks could read (no sub-agent, no failure event, one
 * settings file, no approval switch in --print). Where a case's hook output
 * names the shell tool's input, Auggie's own is given (`launch-process`
 * takes more than a command).
 */
const SHARED: ReadonlyArray<string | { id: string; hook: ChatCase["hook"]; about: string }> = [
  "pre-nothing",
  "pre-exit2-stderr",
  "pre-exit1-stderr",
  "pre-exit2-empty",
  "pre-exit3-stderr",
  "pre-bad-json",
  "pre-plain-text",
  "pre-deny-json",
  "pre-block-legacy",
  "pre-ask",
  {
    id: "pre-updated-input",
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
    about: "updatedInput with permissionDecision allow (launch-process's whole input)",
  },
  "pre-context",
  "pre-timeout",
  "post-block",
  "post-context",
  "ups-block",
  "ups-exit2-stderr",
  "ss-context",
  "stop-block",
];

/** Every case, in the order the conformance file lists them. */
export const AUGGIE_CASES: readonly AuggieCase[] = [
  ...SHARED.map((pick): AuggieCase => {
    const id = typeof pick === "string" ? pick : pick.id;
    const shared = CHAT_CASES.find((c) => c.id === id);
    if (shared === undefined) throw new Error(`no chat agent case "${id}"`);
    return {
      ...shared,
      native: AUGGIE_NATIVE[shared.native] ?? shared.native,
      ...(typeof pick === "string" ? {} : { hook: pick.hook, about: pick.about }),
    };
  }),
  {
    id: "pre-allow",
    event: "pre-tool",
    native: "PreToolUse",
    hook: { exit: 0, stdout: pre({ permissionDecision: "allow" }) },
    about: "permissionDecision allow",
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
];

/** The model's turns of a case, and how many main turns a run nothing stops makes. */
function stepsOf(c: AuggieCase): { steps: AugmentStep[]; normal: number } {
  switch (c.script ?? "push") {
    case "echo":
      return { steps: [shell("echo hello"), say(FINAL)], normal: 2 };
    case "text":
      return { steps: [say(FINAL)], normal: 1 };
    default:
      return { steps: [shell(FORCE_PUSH), say(FINAL)], normal: 2 };
  }
}

/** Runs one case in a fresh world and reads what Auggie did. */
async function runCase(c: AuggieCase): Promise<ConformanceCase> {
  await using world = await auggieWorld();
  const { steps, normal } = stepsOf(c);
  const s = await runAuggie({
    world,
    steps,
    events: [...new Set(["PreToolUse", "PostToolUse", "Stop", c.native])],
    // Auggie's timeouts are in milliseconds.
    ...(c.hook.timeoutSeconds === undefined ? {} : { timeoutMs: c.hook.timeoutSeconds * 1000 }),
    rules: [caseRule(c)],
    prompt: `${PROMPT_MARK} do the scripted steps`,
    ...(c.backendHooks === undefined ? {} : { backendHooks: c.backendHooks }),
  });
  return judgeCase(c, s, normal, (text) => String(redact(hideHookCommands(text), world)));
}

/** The recording hook's command lines (which Auggie may quote to the model) as `<cmd>`. */
function hideHookCommands(text: string): string {
  let out = text;
  for (const e of AUGGIE_EVENTS) out = out.replaceAll(recordHookCommand(e), "<cmd>");
  return out;
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
  const server = `${world.root}/mcp-server.sh`;
  await Deno.writeTextFile(server, mcpServerScript());
  const deny = pre({ permissionDecision: "deny", permissionDecisionReason: "R-FIX no force push" });
  const s = await runAuggie({
    world,
    steps: FIXTURE_STEPS,
    events: AUGGIE_EVENTS,
    rules: [{ event: "PreToolUse", match: "git push", stdout: deny }],
    moreArgs: MCP.args({ command: "/bin/sh", args: [server] }),
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
