/**
 * Fixtures from one session of a chat agent (Qwen Code, Factory Droid): the
 * recording hook under every event, a script that plays each tool variant and a
 * sub-agent, and the main agent's first stop sent back once; then each fixture
 * is picked from the hook log by its native event and a test on its payload.
 *
 * @module
 */

import type { Fixture } from "./harness_types.ts";
import type { ChatStep } from "../../src/verify/fake/openai_chat.ts";
import { textStep } from "../../src/verify/fake/openai_chat.ts";
import { fixtureDate, fixtureOs, redact } from "./fixture_io.ts";
import type { HookRule } from "./record_hook.ts";
import {
  type ChatAgent,
  type ChatSession,
  FORCE_PUSH,
  recordingHooks,
  runChatAgent,
} from "./chat_agent_session.ts";
import { SUB_MARKER } from "./chat_agent_cases.ts";
import type { HookLogEntry, World } from "./world.ts";

/** The reason the fixture session's stop hook sends the agent back with. */
export const STOP_REASON = "R-STOP-BACK check the work once more";

/** The prompt of the fixture session. */
export const FIXTURE_PROMPT = "Please do the scripted steps.";

/** Which hook call becomes which fixture. */
export interface FixturePick {
  /** The contract event. */
  event: string;
  /** The native event the call came under. */
  native: string;
  /** The fixture's variant. */
  variant: string;
  /** Picks among that event's calls (default: any). */
  when?: (payload: Record<string, unknown>) => boolean;
  /** Which of the matching calls (default the first). */
  nth?: number;
  /** What is worth knowing about it. */
  note?: string;
}

/** The tool input of a payload, or an empty object. */
export function toolInput(payload: Record<string, unknown>): Record<string, unknown> {
  const input = payload["tool_input"];
  return typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
}

/** A pick test: the call's shell command is `command`. */
export function commandIs(command: string): (p: Record<string, unknown>) => boolean {
  return (p) => toolInput(p)["command"] === command;
}

/** A pick test: the call is of `tool` on a file whose path ends with `end`. */
export function fileTool(tool: string, end: string): (p: Record<string, unknown>) => boolean {
  return (p) => p["tool_name"] === tool && String(toolInput(p)["file_path"] ?? "").endsWith(end);
}

/**
 * The fixture session's script: a force push, a harmless command, a write, a
 * read and an edit (of `edit-me.txt`), a write to `.env`, a sub-agent, a final
 * text, and one more text for after the stop hook sends the agent back.
 *
 * @param agent The agent (its shell and sub-agent calls).
 * @param files The agent's file tool calls for the project, in that order.
 * @returns The steps.
 *
 * @example Usage
 * ```ts ignore
 * const steps = fixtureSteps(QWEN, [write, read, edit, writeEnv]);
 * ```
 */
export function fixtureSteps(agent: ChatAgent, files: readonly ChatStep[]): ChatStep[] {
  return [
    agent.shell(FORCE_PUSH),
    agent.shell("echo hello"),
    ...files,
    agent.subagent(SUB_MARKER),
    textStep("FINAL-1"),
    textStep("FINAL-2"),
  ];
}

/**
 * Runs the fixture session in a world: the recording hook under `events`, and
 * the stop rules given.
 *
 * @param agent The agent.
 * @param world The world (from chatWorld); `edit-me.txt` is written into its project.
 * @param steps The model's main steps.
 * @param events The native events to record.
 * @param rules The recording hook's rules (a stop sent back once).
 * @returns The session.
 *
 * @example Usage
 * ```ts ignore
 * const s = await fixtureSession(QWEN, world, steps, ["PreToolUse"], []);
 * ```
 */
export async function fixtureSession(
  agent: ChatAgent,
  world: World,
  steps: ChatStep[],
  events: readonly string[],
  rules: HookRule[],
): Promise<ChatSession> {
  await Deno.writeTextFile(`${world.project}/edit-me.txt`, "line one\nline two\n");
  return await runChatAgent(agent, {
    world,
    script: {
      steps,
      subagentMarker: SUB_MARKER,
      markerInAnyUserMessage: agent.markerInAnyUserMessage,
      subagentSteps: [textStep("SUB-FIRST"), textStep("SUB-SECOND")],
    },
    hooks: recordingHooks(agent, events, 30),
    rules,
    prompt: FIXTURE_PROMPT,
    timeoutMs: 120_000,
  });
}

/** The payload of a hook call, or an empty object. */
export function payloadOf(entry: HookLogEntry): Record<string, unknown> {
  return typeof entry.stdin === "object" && entry.stdin !== null
    ? entry.stdin as Record<string, unknown>
    : {};
}

/**
 * The fixtures of a session's hook calls, one per pick, and the picks nothing matched.
 *
 * @param agentId The agent id.
 * @param calls The recording hook's calls.
 * @param picks The picks.
 * @param world The world the session ran in (for redaction).
 * @param version The agent's version.
 * @param how How the session ran (goes into each note).
 * @returns The fixtures and the missing picks.
 *
 * @example Usage
 * ```ts ignore
 * const { fixtures, missing } = pickFixtures("qwen-code", s.hookCalls, PICKS, world, "0.24.4", "…");
 * ```
 */
export function pickFixtures(
  agentId: string,
  calls: readonly HookLogEntry[],
  picks: readonly FixturePick[],
  world: World,
  version: string,
  how: string,
): { fixtures: Fixture[]; missing: string[] } {
  const fixtures: Fixture[] = [];
  const missing: string[] = [];
  for (const pick of picks) {
    const found = calls.filter((c) =>
      c.event === pick.native && (pick.when?.(payloadOf(c)) ?? true)
    )[pick.nth ?? 0];
    if (found === undefined) {
      missing.push(`${pick.event}.${pick.variant} (${pick.native})`);
      continue;
    }
    fixtures.push({
      agent: agentId,
      version,
      source: "recorded",
      os: fixtureOs(),
      date: fixtureDate(),
      event: pick.event,
      nativeEvent: pick.native,
      variant: pick.variant,
      note: pick.note === undefined ? how : `${pick.note}; ${how}`,
      payload: redact(payloadOf(found), world) as Record<string, unknown>,
    });
  }
  return { fixtures, missing };
}
