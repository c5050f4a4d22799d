/**
 * Throwaway worlds for the end-to-end tests: a temporary root holding a home,
 * a project and a tmp folder, a scrubbed environment that points into them,
 * where the pinned agent binaries are, and how to wire the recording hook.
 *
 * @module
 */

import { AGENTS_CACHE, nodeFolder, type Pin, PINS } from "./pins.ts";

/** The repository root (ends without a slash). */
export const REPO_ROOT: string = new URL("../..", import.meta.url).pathname.replace(/\/$/, "");

/** The recording hook script (absolute path). */
export const RECORD_HOOK: string = new URL("./record_hook.ts", import.meta.url).pathname;

/** A temporary place for one agent run. */
export interface World {
  /** The temporary root; home, project and tmp are inside it. */
  root: string;
  /** The throwaway HOME. */
  home: string;
  /** The folder the agent is started in. */
  project: string;
  /** The throwaway TMPDIR. */
  tmp: string;
  /**
   * A scrubbed environment: PATH (node's and deno's folders and the system ones),
   * HOME, TMPDIR, LANG=C.UTF-8, TERM=dumb, DENO_DIR (the real cache, so that deno
   * needs no network), DENO_NO_UPDATE_CHECK=1, plus `extra`.
   */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Removes root, unless EVERYHOOK_KEEP_WORLDS=1 (then it prints where it is). */
  [Symbol.asyncDispose](): Promise<void>;
}

/** One line of the recording hook's log ($HOOK_LOG). */
export interface HookLogEntry {
  /** The native event: the hook's first argument, else the payload's hook_event_name. */
  event: string;
  /** The hook's arguments. */
  argv: string[];
  /** The folder the agent started the hook in. */
  cwd: string;
  /** What came on stdin: parsed JSON when it was JSON, else the text. */
  stdin: unknown;
  /** The variables worth knowing (EVERYHOOK*, HOOK*, the agent's own), secrets redacted. */
  env: Record<string, string>;
  /** When the hook started, ISO 8601. */
  time: string;
  /** The index of the rule that answered, or null. */
  rule: number | null;
}

let denoDirCache: string | undefined;

/** The deno cache folder the test process uses, so that hooks run with another HOME still find it. */
async function denoDir(): Promise<string> {
  if (denoDirCache !== undefined) return denoDirCache;
  const fromEnv = Deno.env.get("DENO_DIR");
  if (fromEnv) return (denoDirCache = fromEnv);
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json"],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
    }).output();
    const info: unknown = JSON.parse(new TextDecoder().decode(out.stdout));
    if (typeof info === "object" && info !== null && "denoDir" in info) {
      const dir = (info as { denoDir: unknown }).denoDir;
      if (typeof dir === "string") return (denoDirCache = dir);
    }
  } catch { /* fall back below */ }
  return (denoDirCache = `${Deno.env.get("HOME") ?? "/root"}/.cache/deno`);
}

/** The folder holding `name` on the test process's PATH, if any. */
function whichDir(name: string): string | undefined {
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    if (!dir) continue;
    try {
      if (Deno.statSync(`${dir}/${name}`).isFile) return dir;
    } catch { /* not here */ }
  }
  return undefined;
}

/**
 * The folder the agents' binaries are found in: `.cache/agents`, or the one
 * `EVERYHOOK_AGENTS_DIR` names (`deno task drift` records the newest releases
 * from `.cache/drift`; the pinned Node.js stays where it is).
 *
 * @returns An absolute path.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentsDir } from "./world.ts";
 * assert.ok(agentsDir().startsWith("/"));
 * ```
 */
export function agentsDir(): string {
  const moved = Deno.env.get("EVERYHOOK_AGENTS_DIR");
  return moved ? moved.replace(/\/+$/, "") : `${REPO_ROOT}/${AGENTS_CACHE}`;
}

/**
 * The folder of the pinned Node.js an agent runs with (its `node` pin), or
 * undefined when the agent has none.
 *
 * @param id The agent id (a key of PINS).
 * @returns `<repo>/.cache/agents/node-<version>/node_modules/.bin`, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentNodeBin } from "./world.ts";
 * assert(agentNodeBin("claude-code") === undefined);
 * ```
 */
export function agentNodeBin(id: string): string | undefined {
  const node: Pin | undefined = PINS[id as keyof typeof PINS]?.node;
  return node === undefined
    ? undefined
    : `${REPO_ROOT}/${AGENTS_CACHE}/${nodeFolder(node)}/node_modules/.bin`;
}

/**
 * The PATH a world gives its agent: the agent's pinned Node.js first where it
 * has one, then node's and deno's folders, then the system ones.
 */
function worldPath(agent?: string): string {
  const pinned = agent === undefined ? undefined : agentNodeBin(agent);
  const dirs = [
    pinned,
    whichDir("node"),
    Deno.execPath().replace(/\/[^/]+$/, ""),
    "/usr/local/bin",
  ];
  dirs.push("/usr/bin", "/bin", "/usr/sbin", "/sbin");
  return [...new Set(dirs.filter((d): d is string => d !== undefined && d !== ""))].join(":");
}

/**
 * Makes a fresh world for one agent run: `<tmp>/everyhook-e2e-<agent>-XXXX/{home,project,tmp}`.
 *
 * @param agent The agent id, used in the folder name.
 * @returns The world; dispose it (`await using`) to remove it.
 *
 * @example Usage
 * ```ts
 * import { makeWorld } from "./world.ts";
 * await using w = await makeWorld("claude-code");
 * console.log(w.project, w.env({ FOO: "1" }).HOME === w.home);
 * ```
 */
export async function makeWorld(agent: string): Promise<World> {
  const root = await Deno.makeTempDir({ prefix: `everyhook-e2e-${agent}-` });
  const home = `${root}/home`;
  const project = `${root}/project`;
  const tmp = `${root}/tmp`;
  for (const dir of [home, project, tmp]) await Deno.mkdir(dir, { recursive: true });
  const base: Record<string, string> = {
    PATH: worldPath(agent),
    HOME: home,
    TMPDIR: tmp,
    LANG: "C.UTF-8",
    TERM: "dumb",
    DENO_DIR: await denoDir(),
    DENO_NO_UPDATE_CHECK: "1",
  };
  return {
    root,
    home,
    project,
    tmp,
    env(extra?: Record<string, string>): Record<string, string> {
      return { ...base, ...(extra ?? {}) };
    },
    async [Symbol.asyncDispose](): Promise<void> {
      if (Deno.env.get("EVERYHOOK_KEEP_WORLDS") === "1") {
        // deno-lint-ignore no-console -- the one place that says where a kept world is
        console.log(`kept world: ${root}`);
        return;
      }
      // An agent that just exited (or was killed) can still be writing inside: try again a moment.
      for (let attempt = 0; attempt < 5; attempt++) {
        try {
          await Deno.remove(root, { recursive: true });
          return;
        } catch (e) {
          if (e instanceof Deno.errors.NotFound) return;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
  };
}

/**
 * Where the pinned binary of an agent is installed, or undefined when it is not.
 *
 * @param id The agent id (a key of PINS).
 * @returns The absolute path of the binary, or undefined.
 *
 * @example Usage
 * ```ts
 * import { agentBin } from "./world.ts";
 * console.log(agentBin("claude-code") ?? "not installed");
 * ```
 */
export function agentBin(id: string): string | undefined {
  const pin = PINS[id as keyof typeof PINS];
  if (!pin) return undefined;
  const path = `${agentsDir()}/${id}/node_modules/.bin/${pin.bin}`;
  try {
    return Deno.statSync(path).isFile ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The agent's version as `<bin> --version` prints it (the first x.y.z in it).
 *
 * @param id The agent id.
 * @returns The version, such as "2.1.332".
 * @throws Error when the binary is missing or prints no version.
 *
 * @example Usage
 * ```ts ignore
 * import { agentVersion } from "./world.ts";
 * console.log(await agentVersion("claude-code"));
 * ```
 */
export async function agentVersion(id: string): Promise<string> {
  const bin = agentBin(id);
  if (bin === undefined) throw new Error(`Cannot find the binary of "${id}"`);
  const home = await Deno.makeTempDir({ prefix: "everyhook-version-" });
  const out = await new Deno.Command(bin, {
    args: ["--version"],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    clearEnv: true,
    env: {
      PATH: worldPath(id),
      HOME: home,
      TMPDIR: home,
      NO_COLOR: "1",
      DISABLE_AUTOUPDATER: "1",
      // Copilot CLI unpacks itself (235 MB) on start: into the one shared cache, not a new home each time.
      COPILOT_PKG_CACHE_HOME: `${REPO_ROOT}/${AGENTS_CACHE}/copilot-cli/pkg-cache`,
    },
  }).output().finally(() => Deno.remove(home, { recursive: true }).catch(() => {}));
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  const m = /\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?/.exec(text);
  if (!m) throw new Error(`Cannot read the version of "${id}" from "${text.trim()}"`);
  return m[0];
}

/**
 * Why the end-to-end tests of an agent cannot run here, or undefined when they can.
 * Only a missing or unstartable binary is a reason.
 *
 * @param id The agent id.
 * @returns The reason, or undefined.
 *
 * @example Usage
 * ```ts
 * import { skipReason } from "./world.ts";
 * const why = await skipReason("claude-code");
 * if (why) console.log(`skipping: ${why}`);
 * ```
 */
export async function skipReason(id: string): Promise<string | undefined> {
  const pin = PINS[id as keyof typeof PINS];
  if (!pin) return `"${id}" is not a pinned agent`;
  const bin = agentBin(id);
  if (bin === undefined) {
    return `${pin.package}@${pin.version} is not installed under ${agentsDir()}/${id} (run: deno task agents ${id})`;
  }
  const nodeBin = agentNodeBin(id);
  if (pin.node !== undefined && nodeBin !== undefined) {
    try {
      await Deno.stat(`${nodeBin}/${pin.node.bin}`);
    } catch {
      return `${pin.node.package}@${pin.node.version}, which ${id} runs on, is not installed under ${AGENTS_CACHE}/${
        nodeFolder(pin.node)
      } (run: deno task agents ${id})`;
    }
  }
  try {
    const version = await agentVersion(id);
    // Elsewhere than .cache/agents (deno task drift), another release is what is wanted.
    if (version !== pin.version && Deno.env.get("EVERYHOOK_AGENTS_DIR") === undefined) {
      return `${bin} is version ${version}, the pin is ${pin.version} (run: deno task agents ${id})`;
    }
  } catch (e) {
    return `${bin} does not start: ${e instanceof Error ? e.message : String(e)}`;
  }
  return undefined;
}

/**
 * The argv that runs the recording hook for a native event.
 *
 * @param nativeEvent The agent's own event name, passed as the hook's first argument.
 * @returns `[<abs deno>, "run", "-A", <abs record_hook.ts>, nativeEvent]`.
 *
 * @example Usage
 * ```ts
 * import { recordHookArgv } from "./world.ts";
 * const [cmd, ...args] = recordHookArgv("PreToolUse");
 * console.log(cmd, args.at(-1));
 * ```
 */
export function recordHookArgv(nativeEvent: string): string[] {
  return [Deno.execPath(), "run", "-A", "--no-config", RECORD_HOOK, nativeEvent];
}

/**
 * The shell command line that runs the recording hook for a native event (each word quoted).
 *
 * @param nativeEvent The agent's own event name.
 * @returns A command line for `sh -c`.
 *
 * @example Usage
 * ```ts
 * import { recordHookCommand } from "./world.ts";
 * console.log(recordHookCommand("Stop"));
 * ```
 */
export function recordHookCommand(nativeEvent: string): string {
  return recordHookArgv(nativeEvent).map(shellQuote).join(" ");
}

/**
 * Quotes one word for a POSIX shell, leaving plain words as they are.
 *
 * @param word The word.
 * @returns The word, single-quoted when it holds anything but safe characters.
 *
 * @example Usage
 * ```ts
 * import { shellQuote } from "./world.ts";
 * console.log(shellQuote("it's")); // 'it'\''s'
 * ```
 */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * Reads the recording hook's log ($HOOK_LOG): one entry per hook call, in order.
 * A missing log reads as no calls.
 *
 * @param path The log file.
 * @returns The entries.
 *
 * @example Usage
 * ```ts ignore
 * import { readHookLog } from "./world.ts";
 * const calls = await readHookLog("/tmp/x/hooks.jsonl");
 * console.log(calls.map((c) => c.event));
 * ```
 */
export async function readHookLog(path: string): Promise<HookLogEntry[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return [];
    throw e;
  }
  return text.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as HookLogEntry);
}
