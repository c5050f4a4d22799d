/**
 * One headless Claude Code session in a throwaway world, through the
 * product's driver (src/verify/drivers/claude_code.ts) and the shared run
 * (hooked_run.ts): the real `claude -p`
 * against the fake Messages API on 127.0.0.1 with stdin the null device
 * (`claude -p` appends stdin to the prompt), `--allowedTools` so that tools
 * run unless a hook blocks them, CLAUDE_CONFIG_DIR inside the world, and the
 * variables that silence every call but /v1/messages; the recording hook on
 * every event unless told otherwise; and what came of it.
 *
 * @module
 */

import {
  type AnthropicAnswer,
  type AnthropicScript,
  type AnthropicStep,
  pickStep,
} from "../../src/verify/fake/anthropic.ts";
import {
  CLAUDE_ALLOWED_TOOLS,
  CLAUDE_CODE_DRIVER,
  claudeArgs,
  claudeConfigDir as driverConfigDir,
} from "../../src/verify/drivers/claude_code.ts";
import { type HookedRun, hookedRun } from "./hooked_run.ts";
import { payloadOf } from "./fixture_picks.ts";
import type { HookRule } from "./record_hook.ts";
import { type HookLogEntry, recordHookCommand, type World } from "./world.ts";

/** everyhook's id for Claude Code. */
export const CLAUDE = "claude-code";

/** Claude Code's hook events we record, and the contract event of each. */
export const CLAUDE_EVENTS = {
  PreToolUse: "pre-tool",
  PostToolUse: "post-tool",
  PostToolUseFailure: "post-tool",
  UserPromptSubmit: "prompt",
  SessionStart: "session-start",
  SessionEnd: "session-end",
  Stop: "stop",
  SubagentStop: "subagent-stop",
} as const;

/** A Claude Code native event we record. */
export type ClaudeEvent = keyof typeof CLAUDE_EVENTS;

/** The command the fake model force-pushes with. */
export const FORCE_PUSH = "git push --force origin main";

/** The marker that tells the subagent's requests apart. */
export const SUB_MARKER = "SUBAGENT-MARKER";

/** The tools a run allows unless told otherwise (the driver's). */
export const ALLOWED_TOOLS = CLAUDE_ALLOWED_TOOLS;

/**
 * A Bash call as the fake model makes it.
 *
 * @param command The command line.
 * @returns The script step.
 *
 * @example Usage
 * ```ts
 * import { bash } from "./claude_code_session.ts";
 * console.log(bash("echo hello").kind); // tool
 * ```
 */
export function bash(command: string): AnthropicStep {
  return { kind: "tool", name: "Bash", input: { command, description: "Run a command" } };
}

/**
 * A text answer from the fake model.
 *
 * @param text What it says.
 * @returns The script step.
 *
 * @example Usage
 * ```ts
 * import { say } from "./claude_code_session.ts";
 * console.log(say("Done.").kind); // text
 * ```
 */
export function say(text: string): AnthropicStep {
  return { kind: "text", text };
}

/** One handler in Claude Code's settings.json. */
export interface ClaudeHookHandler {
  type: "command";
  command: string;
  timeout?: number;
  onFailure?: "continue" | "block";
}

/** The `hooks` object of Claude Code's settings.json. */
export type ClaudeHooks = Record<string, Array<{ matcher?: string; hooks: ClaudeHookHandler[] }>>;

/**
 * The recording hook on every event of {@linkcode CLAUDE_EVENTS}.
 *
 * @param o `preTimeout`: PreToolUse's timeout in seconds (default 10; others 30);
 *   `onFailure`: PreToolUse's failure mode (unset: Claude Code's default, fail-open).
 * @returns The `hooks` object for settings.json.
 *
 * @example Usage
 * ```ts
 * import { recordingHooks } from "./claude_code_session.ts";
 * console.log(Object.keys(recordingHooks()));
 * ```
 */
export function recordingHooks(
  o: { preTimeout?: number; onFailure?: "continue" | "block" } = {},
): ClaudeHooks {
  const hooks: ClaudeHooks = {};
  for (const event of Object.keys(CLAUDE_EVENTS)) {
    const handler: ClaudeHookHandler = {
      type: "command",
      command: recordHookCommand(event),
      timeout: event === "PreToolUse" ? o.preTimeout ?? 10 : 30,
    };
    if (event === "PreToolUse" && o.onFailure) handler.onFailure = o.onFailure;
    const tooly = event.startsWith("PreTool") || event.startsWith("PostTool");
    hooks[event] = [{ ...(tooly ? { matcher: "*" } : {}), hooks: [handler] }];
  }
  return hooks;
}

/** How to run Claude Code once. */
export interface ClaudeRunOptions {
  /** The world to run in (its home gets .claude/). */
  world: World;
  /** What the fake model says. */
  script: AnthropicScript;
  /** The prompt (default "Please do the scripted task."). */
  prompt?: string;
  /** The recording hook's answers. */
  rules?: HookRule[];
  /** The hooks for $CLAUDE_CONFIG_DIR/settings.json (default: recordingHooks()); null: leave settings alone. */
  hooks?: ClaudeHooks | null;
  /** The --allowedTools value (default ALLOWED_TOOLS); null: no --allowedTools. */
  allowedTools?: string | null;
  /** More variables for claude (and so for its hooks). */
  env?: Record<string, string>;
  /** Kill the run after this long (default 90 s). */
  timeoutMs?: number;
}

/** What one run did: the shared run's parts, and what claude printed and was answered. */
export interface ClaudeRun extends HookedRun {
  /** What each /v1/messages request was answered with. */
  answers: AnthropicAnswer[];
  /** The stream-json events claude printed. */
  events: Array<Record<string, unknown>>;
  /** The final `result` event, if any. */
  result: Record<string, unknown> | undefined;
}

/**
 * The folder Claude Code keeps its settings in, inside a world ($CLAUDE_CONFIG_DIR).
 *
 * @param world The world.
 * @returns `<home>/.claude`.
 *
 * @example Usage
 * ```ts ignore
 * const settings = `${claudeConfigDir(world)}/settings.json`;
 * ```
 */
export function claudeConfigDir(world: World): string {
  return driverConfigDir(world);
}

/** Parses claude's stream-json output, skipping lines that are not JSON objects. */
function parseEvents(stdout: string): Array<Record<string, unknown>> {
  const events: Array<Record<string, unknown>> = [];
  for (const line of stdout.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    try {
      events.push(JSON.parse(line));
    } catch { /* a partial line */ }
  }
  return events;
}

/**
 * Runs `claude -p` once in a world against a fresh fake API, with the recording
 * hook (or the hooks given), and collects everything it did.
 *
 * @param o See {@linkcode ClaudeRunOptions}.
 * @returns The process result, request log, hook log and stream-json events.
 *
 * @example Usage
 * ```ts ignore
 * await using world = await makeWorld("claude-code");
 * const run = await runClaude({ world, script: { main: [bash("echo hello"), say("Done.")] } });
 * console.log(run.hookCalls.map((e) => e.event));
 * ```
 */
export async function runClaude(o: ClaudeRunOptions): Promise<ClaudeRun> {
  const { world } = o;
  const config = claudeConfigDir(world);
  await Deno.mkdir(config, { recursive: true });
  const hooks = o.hooks === undefined ? recordingHooks() : o.hooks;
  if (hooks !== null) {
    await Deno.writeTextFile(`${config}/settings.json`, JSON.stringify({ hooks }, null, 2) + "\n");
  }
  await Deno.writeTextFile(`${world.project}/edit-me.txt`, "line one\nline two\n");
  const allowed = o.allowedTools === undefined ? ALLOWED_TOOLS : o.allowedTools;
  const prompt = o.prompt ?? "Please do the scripted task.";
  const run = await hookedRun({
    driver: CLAUDE_CODE_DRIVER,
    world,
    script: o.script,
    prompt,
    rules: o.rules ?? [],
    args: () => claudeArgs(prompt, allowed),
    env: () => o.env ?? {},
    timeoutMs: o.timeoutMs ?? 90_000,
  });
  const events = parseEvents(run.run.stdout);
  return {
    ...run,
    // The fake answers each request from the request alone: what it answered can be told again.
    answers: run.requests
      .filter((r) => r.method === "POST" && r.path.split("?")[0] === "/v1/messages")
      .map((r) => pickStep(o.script, r.body).answer),
    events,
    result: events.findLast((e) => e["type"] === "result"),
  };
}

/**
 * Whether a hook call was made from inside a subagent (its payload has an `agent_id`).
 *
 * @param entry A call of the recording hook.
 * @returns True for a subagent's call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inSubagent } from "./claude_code_session.ts";
 * assert(!inSubagent({ event: "Stop", argv: [], cwd: "/", stdin: {}, env: {}, time: "", rule: null }));
 * ```
 */
export function inSubagent(entry: HookLogEntry): boolean {
  return "agent_id" in payloadOf(entry);
}
