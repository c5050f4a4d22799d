/**
 * One headless Codex CLI session in a throwaway world, through the product's
 * driver (src/verify/drivers/codex.ts: `-c` settings that talk only to the
 * fake Responses API on 127.0.0.1 and phone nowhere else) and the shared run
 * (hooked_run.ts): hooks in
 * `$CODEX_HOME/hooks.json`, a git project with a local bare `origin`, then
 * `codex exec` and what came of it (the hook log, the requests, the output).
 *
 * Codex skips untrusted hooks without a word, so a run either passes
 * `--dangerously-bypass-hook-trust` (the default) or trusts each hook the way
 * Codex's own /hooks review does (codex_hook_trust.ts); the callers check that
 * the hooks ran.
 *
 * @module
 */

import type { HookRule } from "./record_hook.ts";
import { type ResponsesScript, stepOf } from "../../src/verify/fake/openai_responses.ts";
import { CODEX_DRIVER, codexArgs, codexHome } from "../../src/verify/drivers/codex.ts";
import { gitProject, type HookedRun, hookedRun, hookFiles } from "./hooked_run.ts";
import { trustToml } from "./codex_hook_trust.ts";
import { makeWorld, recordHookCommand, type World } from "./world.ts";

/** everyhook's id for Codex CLI. */
export const CODEX = "codex";

/** Codex's own name for each contract event. */
export const CODEX_EVENTS = {
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "prompt": "UserPromptSubmit",
  "session-start": "SessionStart",
  "session-end": "SessionEnd",
  "stop": "Stop",
  "subagent-stop": "SubagentStop",
} as const;

/** A contract event Codex has. */
export type CodexEvent = keyof typeof CODEX_EVENTS;

/** The shell command every force-push case plays. */
export const FORCE_PUSH = "git push --force origin main";

/** One command hook of hooks.json. */
export interface CodexHookHandler {
  type: "command";
  command: string;
  timeout?: number;
  statusMessage?: string;
}

/** hooks.json: matcher groups per native event. */
export interface CodexSettingsFile {
  hooks: Record<string, Array<{ matcher?: string; hooks: CodexHookHandler[] }>>;
}

/** What one session does. */
export interface CodexSessionOptions {
  /** What the fake model does. */
  script: ResponsesScript;
  /** hooks.json to write in CODEX_HOME; omit to leave the file alone (such as after an install). */
  hooks?: CodexSettingsFile;
  /** The recording hook's rules. */
  rules?: HookRule[];
  /** The model Codex asks for (gpt-5.5 offers apply_patch; fake-model offers sub-agents). */
  model?: string;
  /** The prompt. */
  prompt?: string;
  /** More `codex exec` arguments, before the prompt. */
  args?: string[];
  /** Kill codex after this long. */
  timeoutMs?: number;
  /** Runs after the world is ready and before codex starts (such as an install). */
  before?: (s: CodexWorld) => Promise<void>;
  /** How the hooks are trusted: the bypass flag (default), hashes in config.toml, or not at all. */
  trust?: "bypass" | "config" | "none";
}

/** A world made ready for Codex. */
export interface CodexWorld {
  /** The throwaway world. */
  world: World;
  /** $CODEX_HOME (inside the world's home). */
  codexHome: string;
  /** The local bare repository the project's `origin` points at. */
  remote: string;
  /** The recording hook's log. */
  hookLog: string;
  /** The environment codex runs with (`before` may add to it). */
  env: Record<string, string>;
}

/** What a session left to look at (the world still exists while the callback runs). */
export interface CodexSession extends CodexWorld, HookedRun {
  /** The `/v1/responses` requests, each with the script step it asked for. */
  turns: Array<{ step: number; body: unknown }>;
  /** The `hook: <Event> <Status>` lines codex printed on stderr. */
  hookStatus: string[];
  /** True when the force push reached `origin` (its main branch exists). */
  pushed(): Promise<boolean>;
}

/**
 * hooks.json that runs the recording hook for each native event.
 *
 * @param events Codex's event names.
 * @param timeouts Seconds per event (default 30).
 * @returns The file's content.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordingHooks } from "./codex_session.ts";
 * assert(recordingHooks(["Stop"]).hooks.Stop?.length === 1);
 * ```
 */
export function recordingHooks(
  events: readonly string[],
  timeouts: Readonly<Record<string, number>> = {},
): CodexSettingsFile {
  const hooks: CodexSettingsFile["hooks"] = {};
  for (const event of events) {
    hooks[event] = [{
      hooks: [{
        type: "command",
        command: recordHookCommand(event),
        timeout: timeouts[event] ?? 30,
      }],
    }];
  }
  return { hooks };
}

/**
 * Ends, by process id, whatever this world's codex left running (such as an
 * app-server daemon under CODEX_HOME). Reads the process list with `ps`
 * (Deno grants /proc only with --allow-all).
 */
async function endLeftovers(root: string): Promise<void> {
  let list = "";
  try {
    const out = await new Deno.Command("ps", {
      args: ["-eo", "pid=,args="],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
    }).output();
    list = new TextDecoder().decode(out.stdout);
  } catch {
    return; // no ps here: nothing to look at
  }
  for (const line of list.split("\n")) {
    const m = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (m === null || !m[2]!.includes(root)) continue;
    const pid = Number(m[1]);
    if (pid === Deno.pid) continue;
    try {
      Deno.kill(pid, "SIGKILL");
    } catch { /* gone already */ }
  }
}

/**
 * Runs one `codex exec` session in a fresh world and hands what came of it to
 * `inspect`; the world and the fake API are gone once it returns.
 *
 * @param o The session: script, hooks, rules, model, prompt.
 * @param inspect Reads the session (redact paths here: the world still exists).
 * @returns What `inspect` returned.
 * @throws Error when the codex binary is not installed.
 *
 * @example Usage
 * ```ts ignore
 * import { withCodexSession, recordingHooks } from "./codex_session.ts";
 * const n = await withCodexSession(
 *   { script: { steps: [], final: "done" }, hooks: recordingHooks(["Stop"]) },
 *   (s) => Promise.resolve(s.hookCalls.length),
 * );
 * ```
 */
export async function withCodexSession<T>(
  o: CodexSessionOptions,
  inspect: (s: CodexSession) => Promise<T>,
): Promise<T> {
  await using world = await makeWorld(CODEX);
  const home = codexHome(world);
  const remote = `${world.root}/remote.git`;
  const { log } = hookFiles(world);
  await Deno.mkdir(home, { recursive: true });
  if (o.hooks !== undefined) {
    await Deno.writeTextFile(`${home}/hooks.json`, JSON.stringify(o.hooks, null, 2) + "\n");
  }
  await gitProject(world, {
    files: { "existing.txt": "line one\n" },
    remote: { path: remote, branch: "main" },
  });
  // The driver's variables (CODEX_HOME, the fake key) and the recording hook's, for everyhook too.
  const env = world.env({
    ...CODEX_DRIVER.env(world, ""),
    HOOK_LOG: log,
    HOOK_RULES: hookFiles(world).rules,
  });
  const ready: CodexWorld = { world, codexHome: home, remote, hookLog: log, env };
  const prompt = o.prompt ?? "Do the task.";
  let run: HookedRun;
  try {
    run = await hookedRun({
      driver: CODEX_DRIVER,
      world,
      baseEnv: env,
      script: o.script,
      prompt,
      rules: o.rules ?? [],
      // The provider and the rest are `-c` settings on the command line; config.toml is the world's.
      args: (apiUrl) =>
        codexArgs(world, apiUrl, {
          prompt,
          bypassTrust: (o.trust ?? "bypass") === "bypass",
          model: o.model ?? "gpt-5.5",
          extra: o.args ?? [],
        }),
      env: () => ready.env,
      timeoutMs: o.timeoutMs ?? 60_000,
      before: async () => {
        if (o.before) await o.before(ready);
        if (o.trust === "config") {
          const hooksPath = `${home}/hooks.json`;
          const file = JSON.parse(await Deno.readTextFile(hooksPath)) as CodexSettingsFile;
          await Deno.writeTextFile(`${home}/config.toml`, await trustToml(hooksPath, file), {
            append: true,
          });
        }
      },
    });
  } finally {
    await endLeftovers(world.root);
  }
  const turns = run.requests
    .filter((r) => r.method === "POST" && r.path.split("?")[0]!.endsWith("/responses"))
    .map((r) => ({ step: stepOf(r.body), body: r.body }));
  try {
    return await inspect(session(ready, run, turns));
  } finally {
    await removeWorld(world.root);
  }
}

/**
 * Removes a world before its own disposal does, trying again for a moment: a
 * codex process that was just killed can still be writing under CODEX_HOME.
 * Leaves it where EVERYHOOK_KEEP_WORLDS=1 (the disposal then says where).
 */
async function removeWorld(root: string): Promise<void> {
  if (Deno.env.get("EVERYHOOK_KEEP_WORLDS") === "1") return;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await Deno.remove(root, { recursive: true });
      return;
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** The session as `inspect` sees it. */
function session(ready: CodexWorld, run: HookedRun, turns: CodexSession["turns"]): CodexSession {
  const { world, remote } = ready;
  return {
    ...ready,
    ...run,
    turns,
    hookStatus: run.run.stderr.split("\n").filter((l) => /^hook: \S+ \S+/.test(l)),
    pushed: async () => {
      const out = await new Deno.Command("git", {
        args: ["--git-dir", remote, "rev-parse", "--verify", "-q", "refs/heads/main"],
        env: world.env(),
        clearEnv: true,
        stdout: "null",
        stderr: "null",
      }).output();
      return out.success;
    },
  };
}
