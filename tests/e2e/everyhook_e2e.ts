/**
 * What every agent's end-to-end test needs to put everyhook itself into a
 * real agent and to compare a fresh recording with the committed one: the
 * CLI and the example hooks, a check that the CLI is there, one way to call
 * it, two small contract hooks, the log the log-tool-calls example writes,
 * and the committed fixtures with their key shapes.
 *
 * @module
 */

import type { Fixture } from "./harness_types.ts";
import { findAgent } from "../../src/agents/mod.ts";
import { findOurs } from "../../src/settings/settings_file.ts";
import { parseJsonText } from "../../src/settings/json_text.ts";
import { FIXTURES_DIR } from "./fixture_io.ts";
import { REPO_ROOT } from "./world.ts";

/** The everyhook command line (cli.ts of this checkout). */
export const CLI: string = `${REPO_ROOT}/cli.ts`;
/** examples/block-force-push.ts. */
export const BLOCK_FORCE_PUSH: string = `${REPO_ROOT}/examples/block-force-push.ts`;
/** examples/log-tool-calls.ts (writes to $EVERYHOOK_LOG). */
export const LOG_TOOL_CALLS: string = `${REPO_ROOT}/examples/log-tool-calls.ts`;

/**
 * A contract hook for the end-to-end sessions: context `R-E2E-START` at
 * session-start, a deny with reason `R-E2E-STOP` at the first stop (not once
 * continued), a deny with reason `R-E2E-PROMPT` at prompt.
 */
export const ANSWER_HOOK = `#!/usr/bin/env -S deno run
const doc = JSON.parse(await new Response(Deno.stdin.readable).text());
if (doc.event === "session-start") console.log(JSON.stringify({ context: "R-E2E-START" }));
if (doc.event === "stop" && !doc.stop?.continued) {
  console.log(JSON.stringify({ decision: "deny", reason: "R-E2E-STOP" }));
}
if (doc.event === "prompt") console.log(JSON.stringify({ decision: "deny", reason: "R-E2E-PROMPT" }));
`;

/** A contract hook that hangs for two minutes (for --fail-closed). */
/**
 * A hook written with the SDK (install writes it in direct mode) that refuses
 * every shell command, and the same file broken after install: it no longer
 * parses, so Deno cannot load it.
 */
export const SDK_HOOK = `#!/usr/bin/env -S deno run
import { defineHook, deny, isShell } from "${REPO_ROOT}/src/hook/mod.ts";
export default defineHook((doc) =>
  doc.event === "pre-tool" && isShell(doc) ? deny("R-E2E-SDK refused") : undefined
);
`;

/** {@linkcode SDK_HOOK} with a syntax error. */
export const SDK_HOOK_BROKEN = SDK_HOOK.replace("export default", "const x = ;\nexport default");

export const HANG_HOOK = `#!/usr/bin/env -S deno run
await new Promise((resolve) => setTimeout(resolve, 120_000));
`;

/**
 * Why everyhook itself cannot be put into an agent yet, or undefined when
 * cli.ts offers install and run.
 *
 * @returns The reason to skip, or undefined.
 *
 * @example Usage
 * ```ts ignore
 * import { cliMissing } from "./everyhook_e2e.ts";
 * console.log((await cliMissing()) ?? "cli.ts is ready");
 * ```
 */
export async function cliMissing(): Promise<string | undefined> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, "--help"],
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return /\binstall\b/.test(text) && /\brun\b/.test(text)
    ? undefined
    : "cli.ts does not offer install and run yet (its --help names neither)";
}

/**
 * Runs `deno run -A cli.ts <args>` with exactly `env`, in `cwd`.
 *
 * @param args The everyhook arguments, such as `["install", hook, "--agent", "codex"]`.
 * @param env The whole environment (the world's HOME and the agent's variables).
 * @param cwd The folder to run in.
 * @returns What it printed (stdout then stderr).
 * @throws Error with that text when it exits non-zero.
 *
 * @example Usage
 * ```ts ignore
 * import { everyhookCli } from "./everyhook_e2e.ts";
 * await everyhookCli(["uninstall", hook, "--agent", "codex"], env, project);
 * ```
 */
export async function everyhookCli(
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    cwd,
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
    stdin: "null",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (out.code !== 0) throw new Error(`everyhook ${args.join(" ")} exited ${out.code}:\n${text}`);
  return text;
}

/**
 * How each of everyhook's entries in an agent's settings file starts its hook:
 * through everyhook's `run`, or `direct` (deno starts a hook written with the
 * SDK, which does everyhook's part itself).
 *
 * @param file The agent's settings file.
 * @param agentId The agent whose layout the file has.
 * @returns One row per entry of ours: the hook, the contract event and the mode.
 *
 * @example Usage
 * ```ts ignore
 * import { lineModes } from "./everyhook_e2e.ts";
 * console.log(await lineModes("/tmp/w/home/.codex/hooks.json", "codex"));
 * ```
 */
export async function lineModes(
  file: string,
  agentId: string,
): Promise<Array<{ hook: string; event: string; mode: string }>> {
  const agent = findAgent(agentId);
  if (!agent) throw new Error(`no agent "${agentId}"`);
  const root = parseJsonText(await Deno.readTextFile(file), file) as Record<string, unknown>;
  return findOurs(root, agent.install).map((f) => ({
    hook: f.line.hook,
    event: f.line.event,
    mode: f.line.mode,
  }));
}

/** The parts of a contract document the end-to-end tests look at. */
export interface LoggedDoc {
  event?: string;
  agent?: string;
  tool?: { kind?: string; command?: string; output?: string; failed?: boolean };
  stop?: { continued?: boolean };
}

/**
 * The documents log-tool-calls wrote, one per line; a missing log is none.
 *
 * @param path $EVERYHOOK_LOG.
 * @returns The documents, in order.
 *
 * @example Usage
 * ```ts ignore
 * import { readLoggedDocs } from "./everyhook_e2e.ts";
 * console.log((await readLoggedDocs("/tmp/w/log.jsonl")).map((d) => d.event));
 * ```
 */
export async function readLoggedDocs(path: string): Promise<LoggedDoc[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as LoggedDoc);
}

/**
 * The committed fixtures of an agent, by `<event>.<variant>`.
 *
 * @param agent The agent id (its folder under fixtures/).
 * @returns The fixtures.
 *
 * @example Usage
 * ```ts ignore
 * import { committedFixtures } from "./everyhook_e2e.ts";
 * console.log([...(await committedFixtures("codex")).keys()]);
 * ```
 */
export async function committedFixtures(agent: string): Promise<Map<string, Fixture>> {
  const out = new Map<string, Fixture>();
  for await (const e of Deno.readDir(`${FIXTURES_DIR}/${agent}`)) {
    if (!e.name.endsWith(".json")) continue;
    const text = await Deno.readTextFile(`${FIXTURES_DIR}/${agent}/${e.name}`);
    const f = JSON.parse(text) as Fixture;
    out.set(`${f.event}.${f.variant}`, f);
  }
  return out;
}

/**
 * The keys of a payload and of every object inside it, as sorted dotted paths
 * (arrays are not entered): what "the same shape" means between recordings.
 *
 * @param value A payload.
 * @param at The prefix (for the recursion).
 * @returns The paths.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { payloadShape } from "./everyhook_e2e.ts";
 * assert(payloadShape({ b: 1, a: { c: 2 } }).join() === "a,a.c,b");
 * ```
 */
export function payloadShape(value: unknown, at = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value)
    .flatMap(([k, v]) => [`${at}${k}`, ...payloadShape(v, `${at}${k}.`)])
    .sort();
}
