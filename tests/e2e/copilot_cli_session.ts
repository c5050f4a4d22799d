/**
 * One headless GitHub Copilot CLI session against the fake chat completions
 * API, through the product's driver (src/verify/drivers/copilot_cli.ts: the
 * environment that keeps it offline and inside a throwaway world, BYOK +
 * `COPILOT_OFFLINE`, `COPILOT_HOME`, the XDG folders) and the shared run
 * (hooked_run.ts): the hook files it reads
 * (`$COPILOT_HOME/hooks/*.json`, `"version": 1`), and a run that returns what
 * the agent printed, what it asked the model and which hooks ran.
 *
 * The Copilot binary is a Node single-executable that unpacks its JS package
 * (235 MB) on first start; `COPILOT_PKG_CACHE_HOME` points every run at one
 * shared copy under the agents cache, unpacked once by {@linkcode prepareCopilot}.
 *
 * @module
 */

import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import {
  type ChatScript,
  type ChatStep,
  mainTurns,
  toolResults,
  toolStep,
} from "../../src/verify/fake/openai_chat.ts";
import {
  COPILOT_CLI_DRIVER,
  copilotArgs,
  copilotHome as driverHome,
} from "../../src/verify/drivers/copilot_cli.ts";
import { gitProject, type HookedRun, hookedRun } from "./hooked_run.ts";
import { runAgent } from "./process.ts";
import { AGENTS_CACHE } from "./pins.ts";
import type { HookRule } from "./record_hook.ts";
import { agentBin, makeWorld, recordHookCommand, REPO_ROOT, type World } from "./world.ts";

/** everyhook's id for GitHub Copilot CLI. */
export const COPILOT = "copilot-cli";

/** The camelCase event keys (camelCase payloads that do not name the event), by contract event. */
export const CAMEL_EVENTS = {
  "session-start": "sessionStart",
  "session-end": "sessionEnd",
  "prompt": "userPromptSubmitted",
  "pre-tool": "preToolUse",
  "post-tool": "postToolUse",
  "post-tool-failure": "postToolUseFailure",
  "stop": "agentStop",
  "subagent-stop": "subagentStop",
} as const;

/** The PascalCase (Claude-compatible) event keys, which get snake_case payloads, by contract event. */
export const PASCAL_EVENTS = {
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
  "prompt": "UserPromptSubmit",
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "post-tool-failure": "PostToolUseFailure",
  "stop": "Stop",
  "subagent-stop": "SubagentStop",
} as const;

/** A settings file as Copilot CLI reads it from `$COPILOT_HOME/hooks/`. */
export interface CopilotHookFile {
  /** 1 (a file with another version is ignored; one without is read). */
  version?: number;
  hooks: Record<string, Array<Record<string, unknown>>>;
}

/** What one session runs. */
export interface SessionOptions {
  /** The world to run in (from {@linkcode copilotWorld}). */
  world: World;
  /** What the fake model does. */
  script: ChatScript;
  /** Hook files to write into `$COPILOT_HOME/hooks/`, by file name. */
  hookFiles?: Record<string, CopilotHookFile>;
  /** Hook files to write into the project's `.github/hooks/` (read only in a trusted folder). */
  projectHookFiles?: Record<string, CopilotHookFile>;
  /** What the recording hook answers ($HOOK_RULES). */
  rules?: HookRule[];
  /** The prompt (`-p`). */
  prompt?: string;
  /** Flags after `-p <prompt> --no-auto-update` (default `--allow-all-tools`). */
  args?: string[];
  /** More environment for the agent. */
  env?: Record<string, string>;
  /** Kill the agent after this long (default 90 s). */
  timeoutMs?: number;
}

/** What one session did: the shared run's parts, and the main conversation's. */
export interface Session extends HookedRun {
  /** The main conversation's model turns. */
  turns: LoggedRequest[];
  /** Every distinct tool result the model was shown. */
  toolResults: string[];
}

/** Where the binary's JS package is unpacked once, for every run. */
export const PKG_CACHE = `${REPO_ROOT}/${AGENTS_CACHE}/${COPILOT}/pkg-cache`;

/** The text sub-agent conversations are recognised by. */
export const SUBAGENT_MARKER = "SUBAGENT-PROMPT";

/** The model's call of the task tool that starts an `explore` sub-agent (marked). */
export const SUBAGENT_TASK: ChatStep = toolStep("task", {
  name: "helper",
  prompt: `${SUBAGENT_MARKER} say hi`,
  agent_type: "explore",
  description: "Helper task",
});

let prepared: Promise<void> | undefined;

/**
 * Unpacks the binary's JS package into {@linkcode PKG_CACHE} (once per process),
 * so that parallel sessions do not race to unpack it.
 *
 * @returns When done.
 * @throws Error when the binary is missing or fails to unpack.
 *
 * @example Usage
 * ```ts ignore
 * import { prepareCopilot } from "./copilot_cli_session.ts";
 * await prepareCopilot();
 * ```
 */
export function prepareCopilot(): Promise<void> {
  prepared ??= (async () => {
    const bin = agentBin(COPILOT);
    if (bin === undefined) throw new Error(`Cannot find the binary of "${COPILOT}"`);
    await using world = await makeWorld(COPILOT);
    const r = await runAgent({
      cmd: bin,
      args: ["--version"],
      env: world.env({ COPILOT_PKG_CACHE_HOME: PKG_CACHE, COPILOT_SEA_EXTRACT_ONLY: "1" }),
      cwd: world.project,
      timeoutMs: 60_000,
    });
    if (r.code !== 0) throw new Error(`Cannot unpack "${bin}": ${r.stderr.trim()}`);
  })();
  return prepared;
}

/**
 * A world for Copilot CLI: its project is a git repository (branch main) with
 * one empty commit and no remote (so that a force push fails harmlessly), and
 * `$COPILOT_HOME/hooks/` exists.
 *
 * @returns The world; dispose it when done.
 *
 * @example Usage
 * ```ts ignore
 * import { copilotWorld } from "./copilot_cli_session.ts";
 * await using world = await copilotWorld();
 * ```
 */
export async function copilotWorld(): Promise<World> {
  const world = await makeWorld(COPILOT);
  await Deno.mkdir(`${copilotHome(world)}/hooks`, { recursive: true });
  await gitProject(world);
  return world;
}

/**
 * The agent's home folder in a world (`COPILOT_HOME`).
 *
 * @param world The world.
 * @returns `<home>/.copilot`
 *
 * @example Usage
 * ```ts ignore
 * import { copilotHome } from "./copilot_cli_session.ts";
 * console.log(copilotHome(world));
 * ```
 */
export function copilotHome(world: World): string {
  return driverHome(world);
}

/**
 * A settings file that runs the recording hook for each of the given event keys.
 *
 * @param events The event keys, camelCase or PascalCase.
 * @param timeoutSec The timeout of each entry, in seconds.
 * @returns The file's content.
 *
 * @example Usage
 * ```ts ignore
 * import assert from "node:assert/strict";
 * import { recordingHooks } from "./copilot_cli_session.ts";
 * const file = recordingHooks(["preToolUse"], 15);
 * assert(file.version === 1);
 * ```
 */
export function recordingHooks(events: readonly string[], timeoutSec: number): CopilotHookFile {
  const hooks: CopilotHookFile["hooks"] = {};
  for (const e of events) hooks[e] = [recordingEntry(e, timeoutSec)];
  return { version: 1, hooks };
}

/**
 * One hooks-file entry that runs the recording hook with a label (the name
 * its log and rules know it by: the event key, or a name of its own).
 *
 * @param label The recording hook's first argument.
 * @param timeoutSec The entry's timeout, in seconds.
 * @returns The entry.
 *
 * @example Usage
 * ```ts ignore
 * import { recordingEntry } from "./copilot_cli_session.ts";
 * const file = { version: 1, hooks: { preToolUse: [recordingEntry("first", 15)] } };
 * ```
 */
export function recordingEntry(label: string, timeoutSec: number): Record<string, unknown> {
  return { type: "command", bash: recordHookCommand(label), timeoutSec };
}

/**
 * Runs `copilot -p <prompt> --no-auto-update --allow-all-tools` in the world's
 * project against a fresh fake API, with the given hook files and rules.
 *
 * @param o What to run.
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * import { copilotWorld, runCopilot } from "./copilot_cli_session.ts";
 * import { textStep } from "../../src/verify/fake/openai_chat.ts";
 * await using world = await copilotWorld();
 * const s = await runCopilot({ world, script: { steps: [textStep("hi")] } });
 * console.log(s.run.code, s.turns.length);
 * ```
 */
export async function runCopilot(o: SessionOptions): Promise<Session> {
  await prepareCopilot();
  const folders = [
    [`${copilotHome(o.world)}/hooks`, o.hookFiles],
    [`${o.world.project}/.github/hooks`, o.projectHookFiles],
  ] as const;
  for (const [folder, files] of folders) {
    for (const [name, file] of Object.entries(files ?? {})) {
      await Deno.mkdir(folder, { recursive: true });
      await Deno.writeTextFile(`${folder}/${name}`, JSON.stringify(file, null, 2) + "\n");
    }
  }
  const prompt = o.prompt ?? "Do the scripted steps";
  const r = await hookedRun({
    driver: COPILOT_CLI_DRIVER,
    world: o.world,
    script: o.script,
    prompt,
    rules: o.rules ?? [],
    args: () => copilotArgs(prompt, o.args),
    env: () => ({ COPILOT_PKG_CACHE_HOME: PKG_CACHE, ...(o.env ?? {}) }),
    timeoutMs: o.timeoutMs ?? 90_000,
  });
  const turns = mainTurns(r.requests, o.script.subagentMarker);
  return { ...r, turns, toolResults: toolResults(turns) };
}
