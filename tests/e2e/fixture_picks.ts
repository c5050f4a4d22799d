/**
 * Which hook call of a session becomes which fixture, for every agent's
 * recorder: a pick names the fixture (contract event, variant), the native
 * event its call came under and a test on the call's payload; the fixtures
 * are then made from the picked payloads, redacted, with a note on how the
 * session ran.
 *
 * @module
 */

import type { Fixture } from "./harness_types.ts";
import { fixtureDate, fixtureOs, redact } from "./fixture_io.ts";
import type { HookLogEntry, World } from "./world.ts";

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

/**
 * The tool input of a payload, or an empty object.
 *
 * @param payload A hook call's payload.
 * @returns Its `tool_input`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolInput } from "./fixture_picks.ts";
 * assert.deepEqual(toolInput({ tool_input: { command: "ls" } }), { command: "ls" });
 * assert.deepEqual(toolInput({}), {});
 * ```
 */
export function toolInput(payload: Record<string, unknown>): Record<string, unknown> {
  const input = payload["tool_input"];
  return typeof input === "object" && input !== null ? input as Record<string, unknown> : {};
}

/**
 * A pick test: the call's shell command is `command`.
 *
 * @param command The command line.
 * @returns The test.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandIs } from "./fixture_picks.ts";
 * assert(commandIs("echo hello")({ tool_input: { command: "echo hello" } }));
 * ```
 */
export function commandIs(command: string): (p: Record<string, unknown>) => boolean {
  return (p) => toolInput(p)["command"] === command;
}

/**
 * A pick test: the call is of `tool` on a file whose path ends with `end`.
 *
 * @param tool The tool's name.
 * @param end How the file's path ends.
 * @returns The test.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileTool } from "./fixture_picks.ts";
 * assert(fileTool("Write", "/.env")({ tool_name: "Write", tool_input: { file_path: "/p/.env" } }));
 * ```
 */
export function fileTool(tool: string, end: string): (p: Record<string, unknown>) => boolean {
  return (p) => p["tool_name"] === tool && String(toolInput(p)["file_path"] ?? "").endsWith(end);
}

/**
 * The payload of a hook call, or an empty object.
 *
 * @param entry A call of the recording hook.
 * @returns Its payload's fields.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { payloadOf } from "./fixture_picks.ts";
 * const call = { event: "Stop", argv: [], cwd: "/", stdin: "x", env: {}, time: "", rule: null };
 * assert.deepEqual(payloadOf(call), {});
 * ```
 */
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
