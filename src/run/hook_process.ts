/**
 * The hook runner: the only code in everyhook that starts a program. It picks
 * the interpreter by the hook's extension, gives the hook its document on stdin,
 * and stops it, and everything it started, when it runs too long or prints too
 * much. Platform differences live in {@linkcode planHook} and `killTree` below.
 * On `run`'s path: imports nothing but `self.ts`.
 *
 * @module
 */

import { runtimeFacts } from "./runtime.ts";

/** The most a hook may print (stdout and stderr together) before it is stopped: 10 MiB. */
export const OUTPUT_CAP = 10 * 1024 * 1024;

/** What to run, and how. */
export interface HookSpec {
  /** The hook and its arguments, as given after `--`. */
  argv: readonly string[];
  /** What the hook reads on stdin. */
  stdin: Uint8Array;
  /** The hook's whole environment (nothing else is passed). */
  env: Readonly<Record<string, string>>;
  /** The folder the hook runs in. */
  cwd: string;
  /** The folder a relative hook path is read from (everyhook's own folder); default `cwd`. */
  base?: string;
  /** How long the hook may run, in milliseconds. */
  timeoutMs: number;
  /** The most the hook may print, in bytes; default {@linkcode OUTPUT_CAP}. */
  outputCap?: number;
}

/** What happened to a hook. */
export type HookOutcome =
  | {
    kind: "exited";
    /** The exit code (128 + the signal's number when a signal ended it). */
    code: number;
    stdout: string;
    stderr: string;
    ms: number;
  }
  | { kind: "timeout"; timeoutMs: number; stdout: string; stderr: string; ms: number }
  | { kind: "start-failed"; message: string; ms: number }
  | { kind: "output-too-large"; cap: number; stdout: string; stderr: string; ms: number };

/** The facts about the machine that decide how a hook is started. */
export interface HostFacts {
  /** The operating system. */
  os: typeof Deno.build.os;
  /** True in a compiled binary, where there is no deno to run a TypeScript hook with. */
  standalone: boolean;
  /** The running executable (deno, under `deno run`). */
  execPath: string;
}

/** How a hook is started: the program and its arguments, or why it cannot be. */
export type HookPlan =
  | {
    ok: true; /** The program, an absolute path. */
    program: string; /** Its arguments. */
    args: string[];
  }
  | { ok: false; message: string };

const DENO_EXTENSIONS = new Set([".ts", ".mts", ".js", ".mjs", ".cjs"]);
const KNOWN_EXTENSIONS = new Set([...DENO_EXTENSIONS, ".sh", ".ps1", ".cmd", ".bat"]);

/**
 * Run a hook: start it, write `stdin`, read what it prints, and stop it (and
 * every process it started) at the timeout or the output cap. It never throws
 * for anything the hook does; a hook that exits without reading its stdin is normal.
 *
 * @param spec What to run, and how.
 * @param facts The machine's facts (tests inject them).
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * import { runHook } from "./hook_process.ts";
 * const r = await runHook({ argv: ["./hook.sh"], stdin: new Uint8Array(), env: {}, cwd: "/tmp", timeoutMs: 5000 });
 * if (r.kind === "exited") console.log(r.code, r.stdout);
 * ```
 */
export async function runHook(
  spec: HookSpec,
  facts: HostFacts = hostFacts(),
): Promise<HookOutcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  const plan = planHook(spec.argv, spec.base ?? spec.cwd, spec.env, facts);
  if (!plan.ok) return { kind: "start-failed", message: plan.message, ms: ms() };
  // On Unix the hook leads a process group of its own, so that a stop reaches
  // every process it started.
  const grouped = facts.os !== "windows";
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(plan.program, {
      args: plan.args,
      cwd: spec.cwd,
      env: { ...spec.env },
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      detached: grouped,
    }).spawn();
  } catch (error) {
    return { kind: "start-failed", message: startMessage(plan.program, error), ms: ms() };
  }
  const cap = spec.outputCap ?? OUTPUT_CAP;
  const out = new Capture();
  const err = new Capture();
  let overCap: () => void = () => {};
  const capHit = new Promise<"cap">((resolve) => overCap = () => resolve("cap"));
  let closed = false;
  const reading = Promise.all([
    out.read(child.stdout, () => out.size + err.size > cap && overCap()),
    err.read(child.stderr, () => out.size + err.size > cap && overCap()),
  ]);
  void reading.then(() => closed = true);
  void writeQuietly(child.stdin, spec.stdin);
  let exitCode: number | undefined;
  const status = child.status.then((s) => {
    exitCode = s.signal ? 128 + signalNumber(s.signal) : s.code;
    return s;
  });
  const timer = new Deadline(spec.timeoutMs);
  const unwatch = grouped ? passStops(child.pid) : () => {};
  try {
    const first = await Promise.race([
      status.then(() => "exit" as const),
      timer.done,
      capHit,
    ]);
    if (first === "exit") {
      // The hook has ended; a process it left behind may still hold its output
      // open. Wait a little for the output to close, never past the deadline.
      // Usually it is closed already.
      await Promise.resolve();
      if (!closed) {
        const grace = new Deadline(Math.min(1000, timer.left()));
        await Promise.race([reading, grace.done]);
        grace.clear();
        if (!closed) await stop(child, grouped, facts.os, [out, err], true);
      }
    } else {
      await stop(child, grouped, facts.os, [out, err]);
    }
    const code = exitCode;
    if (first === "timeout") {
      return { kind: "timeout", timeoutMs: spec.timeoutMs, ...out.both(err), ms: ms() };
    }
    if (first === "cap") return { kind: "output-too-large", cap, ...out.both(err), ms: ms() };
    return { kind: "exited", code: code ?? 1, ...out.both(err), ms: ms() };
  } finally {
    timer.clear();
    unwatch();
  }
}

const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/**
 * While the hook runs in a process group of its own, a signal that ends
 * everyhook (the agent giving up, a Ctrl-C) would not reach it. Until the
 * returned function is called, such a signal stops the hook's group first and
 * then ends everyhook as it was meant to.
 */
function passStops(pid: number): () => void {
  const handlers = STOP_SIGNALS.map((signal) => {
    const handler = () => {
      unwatch();
      tryKill(-pid);
      Deno.kill(Deno.pid, signal);
    };
    return { signal, handler };
  });
  const unwatch = () => {
    for (const { signal, handler } of handlers) {
      try {
        Deno.removeSignalListener(signal, handler);
      } catch {
        // not listening
      }
    }
  };
  for (const { signal, handler } of handlers) Deno.addSignalListener(signal, handler);
  return unwatch;
}

/**
 * The machine's facts, from {@linkcode runtimeFacts}.
 *
 * @returns The facts a hook is started by.
 *
 * @example Usage
 * ```ts
 * import { hostFacts } from "./hook_process.ts";
 * console.assert(typeof hostFacts().standalone === "boolean");
 * ```
 */
export function hostFacts(): HostFacts {
  const f = runtimeFacts();
  return { os: f.os, standalone: f.standalone, execPath: f.execPath };
}

/**
 * Decide how to start a hook: the interpreter by its extension (.ts .mts .js
 * .mjs .cjs with Deno and exactly the permissions of its own shebang line; .sh
 * with bash; .ps1 with pwsh or powershell; .cmd and .bat with cmd.exe on
 * Windows), anything else as it is.
 *
 * @param argv The hook and its arguments.
 * @param base The folder a relative hook path is read from.
 * @param env The environment whose PATH finds programs.
 * @param facts The machine's facts.
 * @returns The program and its arguments, or why the hook cannot start.
 *
 * @example Usage
 * ```ts
 * import { planHook } from "./hook_process.ts";
 * const plan = planHook(["/no/such/hook.sh"], "/", {}, { os: "linux", standalone: false, execPath: "/usr/bin/deno" });
 * console.assert(!plan.ok);
 * ```
 */
export function planHook(
  argv: readonly string[],
  base: string,
  env: Readonly<Record<string, string>>,
  facts: HostFacts,
): HookPlan {
  const [hook, ...args] = argv;
  if (hook === undefined || hook === "") return { ok: false, message: "No hook was given" };
  const windows = facts.os === "windows";
  const ext = extensionOf(hook);
  const pathLike = hasSeparator(hook, windows) || KNOWN_EXTENSIONS.has(ext);
  if (!pathLike) {
    const found = findOnPath(hook, env, facts.os);
    return found
      ? { ok: true, program: found, args }
      : { ok: false, message: `Cannot start the hook: "${hook}" is not on PATH` };
  }
  const file = resolvePath(base, hook, windows);
  if (!isFile(file)) {
    return { ok: false, message: `Cannot start the hook: "${file}" does not exist` };
  }
  const interpreter = (program: string | undefined, name: string, pre: string[]): HookPlan =>
    program
      ? { ok: true, program, args: [...pre, file, ...args] }
      : { ok: false, message: `Cannot start the hook "${file}": ${name} is not on PATH` };
  if (DENO_EXTENSIONS.has(ext)) {
    const deno = facts.standalone ? findOnPath("deno", env, facts.os) : facts.execPath;
    if (!deno) {
      return {
        ok: false,
        message:
          `Cannot start the hook "${file}": this everyhook is a compiled binary and no "deno" is on PATH to run it with`,
      };
    }
    return interpreter(deno, "deno", [
      "run",
      "--no-prompt",
      ...shebangPermissions(firstLine(file)),
    ]);
  }
  if (ext === ".sh") return interpreter(findOnPath("bash", env, facts.os), "bash", []);
  if (ext === ".ps1") {
    const ps = findOnPath("pwsh", env, facts.os) ?? findOnPath("powershell", env, facts.os);
    return interpreter(ps, "pwsh or powershell", ["-NoProfile", "-File"]);
  }
  if (windows && (ext === ".cmd" || ext === ".bat")) {
    const cmd = findOnPath("cmd", env, facts.os) ?? env.ComSpec ?? env.COMSPEC;
    return interpreter(cmd, "cmd.exe", ["/d", "/s", "/c"]);
  }
  return { ok: true, program: file, args };
}

/**
 * The permission flags of a hook's `#!/usr/bin/env -S deno run ...` line: every
 * `--allow-*`, `--deny-*`, `-A` and short permission flag after `deno run`, and
 * nothing else. No shebang, or one that does not run deno: no permissions.
 *
 * @param line The hook's first line.
 * @returns The flags to pass to `deno run`.
 *
 * @example Usage
 * ```ts
 * import { shebangPermissions } from "./hook_process.ts";
 * const flags = shebangPermissions("#!/usr/bin/env -S deno run --allow-read=. --quiet --allow-env");
 * console.assert(flags.join(" ") === "--allow-read=. --allow-env");
 * ```
 */
export function shebangPermissions(line: string): string[] {
  if (!line.startsWith("#!")) return [];
  const words = line.slice(2).trim().split(/\s+/);
  const at = words.findIndex((w, i) => /(^|[\\/])deno(\.exe)?$/.test(w) && words[i + 1] === "run");
  if (at < 0) return [];
  const flags: string[] = [];
  for (const word of words.slice(at + 2)) {
    if (!word.startsWith("-")) break;
    if (/^--(allow|deny)-[a-z-]+(=.*)?$/.test(word) || /^-[ARWNESI]+(=.*)?$/.test(word)) {
      flags.push(word);
    }
  }
  return flags;
}

/**
 * Find a program on the environment's PATH (with PATHEXT on Windows).
 *
 * @param name A program name such as `bash`.
 * @param env The environment whose PATH is searched.
 * @param os The operating system.
 * @returns The program's full path, or undefined.
 *
 * @example Usage
 * ```ts ignore
 * import { findOnPath } from "./hook_process.ts";
 * console.log(findOnPath("bash", Deno.env.toObject(), Deno.build.os));
 * ```
 */
export function findOnPath(
  name: string,
  env: Readonly<Record<string, string>>,
  os: typeof Deno.build.os,
): string | undefined {
  const windows = os === "windows";
  const key = windows ? Object.keys(env).find((k) => k.toUpperCase() === "PATH") : "PATH";
  const dirs = (key ? env[key] ?? "" : "").split(windows ? ";" : ":").filter((d) => d !== "");
  const exts = windows && extensionOf(name) === ""
    ? (env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter((e) => e !== "")
    : [""];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = joinPath(dir, name + ext, windows);
      if (isFile(candidate)) return candidate;
    }
  }
  return undefined;
}

function extensionOf(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? "";
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

function hasSeparator(path: string, windows: boolean): boolean {
  return path.includes("/") || (windows && path.includes("\\"));
}

function isAbsolute(path: string, windows: boolean): boolean {
  return windows ? /^([a-zA-Z]:[\\/]|[\\/]{2})/.test(path) : path.startsWith("/");
}

function joinPath(dir: string, name: string, windows: boolean): string {
  const sep = windows ? "\\" : "/";
  return /[\\/]$/.test(dir) ? dir + name : dir + sep + name;
}

function resolvePath(base: string, path: string, windows: boolean): string {
  if (isAbsolute(path, windows)) return path;
  const rel = path.replace(/^\.[\\/]/, "");
  return joinPath(base, rel, windows);
}

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

function firstLine(file: string): string {
  try {
    using f = Deno.openSync(file);
    const buf = new Uint8Array(4096);
    const n = f.readSync(buf) ?? 0;
    return new TextDecoder().decode(buf.subarray(0, n)).split(/\r?\n/)[0] ?? "";
  } catch {
    return "";
  }
}

function startMessage(program: string, error: unknown): string {
  const why = error instanceof Deno.errors.NotFound
    ? "it does not exist"
    : error instanceof Deno.errors.PermissionDenied
    ? "it is not executable"
    : error instanceof Error
    ? error.message
    : String(error);
  return `Cannot start the hook "${program}": ${why}`;
}

async function writeQuietly(stdin: WritableStream<Uint8Array>, bytes: Uint8Array): Promise<void> {
  // A hook need not read its stdin: a broken pipe here is normal, not an error.
  const writer = stdin.getWriter();
  try {
    if (bytes.length > 0) await writer.write(bytes);
    await writer.close();
  } catch {
    try {
      await writer.abort();
    } catch {
      // already closed
    }
  }
}

class Capture {
  size = 0;
  #chunks: Uint8Array[] = [];
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  async read(stream: ReadableStream<Uint8Array>, onChunk: () => void): Promise<void> {
    this.#reader = stream.getReader();
    try {
      while (true) {
        const { done, value } = await this.#reader.read();
        if (done) return;
        this.#chunks.push(value);
        this.size += value.length;
        onChunk();
      }
    } catch {
      // cancelled after a stop
    }
  }

  async cancel(): Promise<void> {
    try {
      await this.#reader?.cancel();
    } catch {
      // already closed
    }
  }

  text(): string {
    const all = new Uint8Array(this.size);
    let off = 0;
    for (const c of this.#chunks) {
      all.set(c, off);
      off += c.length;
    }
    return new TextDecoder().decode(all);
  }

  both(err: Capture): { stdout: string; stderr: string } {
    return { stdout: this.text(), stderr: err.text() };
  }
}

/**
 * A timer that can be cleared. It waits with Atomics.waitAsync rather than
 * setTimeout: in Deno 2.9 the first setTimeout of a process costs several
 * milliseconds of CPU, and run starts one process per tool call.
 */
class Deadline {
  done: Promise<"timeout">;
  #cell = new Int32Array(new SharedArrayBuffer(4));
  #end: number;

  constructor(ms: number) {
    this.#end = performance.now() + ms;
    const wait = Atomics.waitAsync(this.#cell, 0, 0, Math.max(0, ms));
    const settled = wait.async ? wait.value : Promise.resolve(wait.value);
    // A cleared deadline never settles.
    this.done = settled.then((v) => v === "timed-out" ? "timeout" : new Promise<never>(() => {}));
  }

  left(): number {
    return Math.max(0, this.#end - performance.now());
  }

  clear(): void {
    Atomics.notify(this.#cell, 0);
  }
}

async function stop(
  child: Deno.ChildProcess,
  grouped: boolean,
  os: typeof Deno.build.os,
  captures: Capture[],
  exited = false,
): Promise<void> {
  // Once the hook itself has exited, its pid may already belong to another
  // process: only its process group is stopped then.
  if (!exited) await killTree(child.pid, grouped, os);
  else if (grouped) tryKill(-child.pid);
  await Promise.all(captures.map((c) => c.cancel()));
  const bound = new Deadline(2000);
  await Promise.race([child.status, bound.done]);
  bound.clear();
}

/** Stop a process and every process it started. */
async function killTree(pid: number, grouped: boolean, os: typeof Deno.build.os): Promise<void> {
  if (os === "windows") {
    try {
      await new Deno.Command("taskkill", {
        args: ["/T", "/F", "/PID", String(pid)],
        stdout: "null",
        stderr: "null",
      })
        .output();
    } catch {
      // fall through to the direct kill
    }
    tryKill(pid);
    return;
  }
  const descendants = await psDescendants(pid);
  if (grouped) tryKill(-pid);
  tryKill(pid);
  for (const p of descendants) tryKill(p);
}

function tryKill(pid: number): void {
  try {
    Deno.kill(pid, "SIGKILL");
  } catch {
    // gone already
  }
}

function descendantsOf(root: number, parents: Map<number, number>): number[] {
  const found: number[] = [];
  const wanted = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (wanted.has(ppid) && !wanted.has(pid)) {
        wanted.add(pid);
        found.push(pid);
        grew = true;
      }
    }
  }
  return found;
}

async function psDescendants(root: number): Promise<number[]> {
  try {
    const out = await new Deno.Command("ps", {
      args: ["-A", "-o", "pid=", "-o", "ppid="],
      stderr: "null",
    })
      .output();
    const parents = new Map<number, number>();
    for (const line of new TextDecoder().decode(out.stdout).split("\n")) {
      const [pid, ppid] = line.trim().split(/\s+/).map(Number);
      if (pid !== undefined && ppid !== undefined && !isNaN(pid)) parents.set(pid, ppid);
    }
    return descendantsOf(root, parents);
  } catch {
    return [];
  }
}

const SIGNALS: Readonly<Record<string, number>> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGABRT: 6,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
};

function signalNumber(signal: string): number {
  return SIGNALS[signal] ?? 0;
}
