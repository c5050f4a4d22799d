/**
 * The hook runner: starts the hook (the only code in everyhook that starts a
 * hook), gives it its document on stdin, reads what it prints, and stops it,
 * and everything it started, when it runs too long or prints too much. How it
 * is started is decided in hook_plan.ts; how it is stopped, in process_tree.ts
 * and sweeper.ts. `verify` starts an agent through the same runner
 * ({@linkcode runProgram}). On `run`'s path: imports only those three modules
 * (and what they import).
 *
 * @module
 */

import type { HookAnswer } from "../contract/contract.ts";
import { type HostFacts, hostFacts, planHook } from "./hook_plan.ts";
import {
  inSession,
  killTree,
  passStops,
  setsidFailure,
  signalNumber,
  tryKill,
} from "../os/process_tree.ts";
import { shellFailure, startSweeper, startWithSweeper, type Sweeper } from "../os/sweeper.ts";

/**
 * The most of a hook's stdout that is kept: 10 MiB. What comes after is read
 * and dropped, so the hook is not blocked on a full pipe; a hook that exits 0
 * having printed more has not given an answer.
 */
export const OUTPUT_CAP = 10 * 1024 * 1024;

/**
 * The most of a hook's stderr that is kept: 1 MiB, counted apart from stdout.
 * What comes after is read and dropped; a hook that says no with its exit code
 * still says no, with its reason cut.
 */
export const STDERR_CAP = 1024 * 1024;

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
  /** The most of the hook's stdout kept, in bytes; default {@linkcode OUTPUT_CAP}. */
  outputCap?: number;
  /** The most of the hook's stderr kept, in bytes; default {@linkcode STDERR_CAP}. */
  stderrCap?: number;
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
    /**
     * The answer `stdout` holds, already read and checked: given by a runner
     * in this process (direct mode's handler), so that it is not read twice.
     */
    answer?: HookAnswer;
  }
  | { kind: "timeout"; timeoutMs: number; stdout: string; stderr: string; ms: number }
  | { kind: "start-failed"; message: string; ms: number }
  | { kind: "output-too-large"; cap: number; stdout: string; stderr: string; ms: number };

/**
 * Run a hook: start it, write `stdin`, read what it prints (keeping at most the
 * caps of each stream), and stop it at the timeout; when it is done, in any
 * way, every process it started is ended (on Linux also those it detached,
 * through the mark in their environment: see process_tree.ts). It never throws
 * for anything the hook does; a hook that exits without reading its stdin is
 * normal. A hook that exits 0 with more than the stdout cap is
 * `output-too-large`.
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
export function runHook(
  spec: HookSpec,
  facts: HostFacts = hostFacts(),
): Promise<HookOutcome> {
  const started = performance.now();
  const plan = planHook(spec.argv, spec.base ?? spec.cwd, spec.env, facts);
  if (!plan.ok) {
    const ms = Math.round(performance.now() - started);
    return Promise.resolve({ kind: "start-failed", message: plan.message, ms });
  }
  return runPlanned(plan.program, plan.args, spec, facts, started, "hook");
}

/** A program to start as it is: no interpreter is chosen by its extension. */
export interface ProgramSpec extends Omit<HookSpec, "argv" | "stdin" | "base"> {
  /** The program, an absolute path. */
  program: string;
  /** Its arguments. */
  args: readonly string[];
  /** What it reads on stdin; without it stdin is the null device. */
  stdin?: Uint8Array;
  /**
   * Whether processes it left behind in sessions of their own are ended when it
   * is done (default true); its process group is ended either way.
   */
  sweep?: boolean;
  /** Given each piece of its stderr as it comes (it is kept as well). */
  onStderr?: (chunk: Uint8Array) => void;
}

/**
 * Run a program the way {@linkcode runHook} runs a hook (its whole
 * environment given, output kept up to the caps, stopped with everything it
 * started at the timeout), but started as it is. `verify` starts an agent with
 * it.
 *
 * @param spec What to run, and how.
 * @param facts The machine's facts (tests inject them).
 * @returns What happened.
 *
 * @example Usage
 * ```ts ignore
 * import { runProgram } from "./hook_process.ts";
 * const r = await runProgram({ program: "/bin/echo", args: ["hi"], env: {}, cwd: "/", timeoutMs: 5000 });
 * if (r.kind === "exited") console.log(r.stdout);
 * ```
 */
export function runProgram(
  spec: ProgramSpec,
  facts: HostFacts = hostFacts(),
): Promise<HookOutcome> {
  return runPlanned(spec.program, spec.args, spec, facts, performance.now(), "program");
}

async function runPlanned(
  program: string,
  args: readonly string[],
  spec: Omit<ProgramSpec, "program" | "args">,
  facts: HostFacts,
  started: number,
  noun: "hook" | "program",
): Promise<HookOutcome> {
  const ms = () => Math.round(performance.now() - started);
  const start = await startProgram(program, args, spec, facts);
  if (!start.ok) {
    return { kind: "start-failed", message: startMessage(noun, program, start.reason), ms: ms() };
  }
  const { child, grouped, unstarted } = start;
  const cap = spec.outputCap ?? OUTPUT_CAP;
  const out = new Capture(cap);
  const err = new Capture(spec.stderrCap ?? STDERR_CAP);
  const outRead = out.read(child.stdout);
  const errRead = err.read(child.stderr, spec.onStderr);
  // Started together with its sweeper, the hook shares its stderr with the sweeper until the
  // sweep is over: its output has closed when stdout has.
  const reading = start.together ? outRead : Promise.all([outRead, errRead]);
  let closed = false;
  void reading.then(() => closed = true);
  const sweeper: Sweeper = start.together
    ? {
      mark: undefined,
      watch: () => true,
      sweep: once(async () => {
        await closeQuietly(child.stdin);
        await errRead;
      }),
    }
    : start.sweeper;
  if (spec.stdin !== undefined && !start.together) void writeQuietly(child.stdin, spec.stdin);
  let exitCode: number | undefined;
  const status = child.status.then((s) => {
    exitCode = s.signal ? 128 + signalNumber(s.signal) : s.code;
    return s;
  });
  const timer = new Deadline(spec.timeoutMs);
  // Where a sweeper watches the hook, it ends the hook's group when run ends,
  // by a signal too; elsewhere run passes a signal that ends it on to the group.
  const unwatch = grouped && !sweeper.watch(child.pid) ? passStops(child.pid) : () => {};
  try {
    const first = await Promise.race([status.then(() => "exit" as const), timer.done]);
    // The hook has ended; a process it left behind may still hold its output
    // open. Wait a little for the output to close, never past the deadline.
    // Usually it is closed already.
    if (first === "exit") await Promise.resolve();
    if (first === "exit" && !closed) await bounded(reading, Math.min(1000, timer.left()));
    const held = first === "exit" && !closed;
    // A sweeper in the hook's group sweeps before run stops the group, which would end it.
    if (start.together) await bounded(sweeper.sweep(), 2000);
    // Once the hook's exit has been read its pid may be another process's: only its group then.
    if (first === "timeout") {
      await stop(child, grouped, facts.os, [out, err], exitCode !== undefined);
    }
    if (held) await stop(child, grouped, facts.os, [out, err], true);
    const code = exitCode ?? 1;
    if (first === "timeout") {
      return { kind: "timeout", timeoutMs: spec.timeoutMs, ...out.both(err), ms: ms() };
    }
    if (code === 0 && out.cut) return { kind: "output-too-large", cap, ...out.both(err), ms: ms() };
    const texts = out.both(err);
    const reason = unstarted(code, texts.stderr);
    if (reason !== undefined) {
      return { kind: "start-failed", message: startMessage(noun, program, reason), ms: ms() };
    }
    return { kind: "exited", code, ...texts, ms: ms() };
  } finally {
    timer.clear();
    await bounded(sweeper.sweep(), 2000);
    unwatch();
  }
}

/** A started program: together with its sweeper (sweeper.ts's HOOK_SHELL), or apart from it. */
type Started =
  | {
    ok: true;
    child: Deno.ChildProcess;
    /** True on Unix: the program leads a process group of its own. */
    grouped: boolean;
    /**
     * Why what started it could not then start the program, from its exit
     * code and stderr; undefined when the program started.
     */
    unstarted: (code: number, stderr: string) => string | undefined;
  } & ({ together: true } | { together: false; sweeper: Sweeper })
  | { ok: false; reason: string };

/**
 * Start the program with its sweeper: as one program where that gives the
 * hook exactly what it gets started alone, else the sweeper first and then
 * the program. On Unix the program leads a process group of its own, so that
 * a stop reaches every process it started.
 */
async function startProgram(
  program: string,
  args: readonly string[],
  spec: Omit<ProgramSpec, "program" | "args">,
  facts: HostFacts,
): Promise<Started> {
  const grouped = facts.os !== "windows";
  const sweeps = spec.sweep !== false;
  if (grouped && sweeps && spec.stdin !== undefined && facts.oneStart !== false) {
    const options = { cwd: spec.cwd, env: spec.env };
    const child = startWithSweeper(program, args, spec.stdin, options, facts.os);
    if (child !== undefined) {
      return { ok: true, child, grouped, together: true, unstarted: shellFailure };
    }
  }
  const sweeper = sweeps ? startSweeper(facts.os) : NO_SWEEPER;
  const env = { ...spec.env };
  if (sweeper.mark) env[sweeper.mark.name] = sweeper.mark.value;
  const options = {
    cwd: spec.cwd,
    env,
    clearEnv: true,
    stdin: spec.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
  } as const;
  const { command, via } = grouped
    ? inSession(program, args, options, facts.os)
    : { command: new Deno.Command(program, { ...options, args: [...args] }), via: undefined };
  try {
    const child = command.spawn();
    const unstarted = via === undefined ? () => undefined : setsidFailure;
    return { ok: true, child, grouped, together: false, sweeper, unstarted };
  } catch (error) {
    await sweeper.sweep();
    return { ok: false, reason: spawnError(error) };
  }
}

/** The first call's promise, given again at every later call. */
function once(f: () => Promise<void>): () => Promise<void> {
  let p: Promise<void> | undefined;
  return () => p ??= f();
}

/** Wait for `p`, at most `ms` milliseconds. */
async function bounded(p: Promise<unknown>, ms: number): Promise<void> {
  const bound = new Deadline(ms);
  await Promise.race([p, bound.done]);
  bound.clear();
}

/** The sweeper of a run that leaves detached processes alone. */
const NO_SWEEPER: Sweeper = { mark: undefined, watch: () => false, sweep: () => Promise.resolve() };

/** The system's reasons for not starting a program (strerror's words), as said here. */
const NOT_STARTED: Readonly<Record<string, string>> = {
  "No such file or directory": "it does not exist",
  "Permission denied": "it is not executable",
};

/** The system's reason in a spawn's error: NotFound and PermissionDenied by their words. */
function spawnError(error: unknown): string {
  if (error instanceof Deno.errors.NotFound) return "No such file or directory";
  if (error instanceof Deno.errors.PermissionDenied) return "Permission denied";
  return error instanceof Error ? error.message : String(error);
}

/** The message of a program that did not start, for the system's `reason`. */
function startMessage(noun: string, program: string, reason: string): string {
  const said = Object.hasOwn(NOT_STARTED, reason) ? NOT_STARTED[reason] : reason;
  return `Cannot start the ${noun} "${program}": ${said}`;
}

async function closeQuietly(stdin: WritableStream<Uint8Array>): Promise<void> {
  try {
    await stdin.close();
  } catch {
    // the reader ended already
  }
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

/** One output stream: keeps its first `cap` bytes, reads and drops the rest. */
class Capture {
  size = 0;
  cut = false;
  #cap: number;
  #chunks: Uint8Array[] = [];
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  constructor(cap: number) {
    this.#cap = cap;
  }

  async read(stream: ReadableStream<Uint8Array>, tee?: (chunk: Uint8Array) => void): Promise<void> {
    this.#reader = stream.getReader();
    try {
      while (true) {
        const { done, value } = await this.#reader.read();
        if (done) return;
        tee?.(value);
        const room = this.#cap - this.size;
        if (value.length > room) this.cut = true;
        if (room <= 0) continue;
        const kept = value.length > room ? value.slice(0, room) : value;
        this.#chunks.push(kept);
        this.size += kept.length;
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
  await bounded(child.status, 500);
}
