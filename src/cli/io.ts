/**
 * The world a command sees: its input and outputs, environment, folder and
 * clock. Commands take one of these so that tests build throwaway worlds.
 * On `run`'s path: imports only the error class.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";

/**
 * A command's world.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryIo } from "./io.ts";
 * const io = memoryIo({ stdin: "{}" });
 * io.out("hi\n");
 * assert(io.stdoutText() === "hi\n");
 * ```
 */
export interface Io {
  /**
   * Read stdin to its end, but no more than `limit` bytes (reading stops there,
   * and `truncated` says there was more) and for no longer than `timeoutMs`
   * (then `timedOut` says so, with what had come).
   */
  readStdin(
    limit: number,
    timeoutMs?: number,
  ): Promise<{ bytes: Uint8Array; truncated: boolean; timedOut?: boolean }>;
  /** True when stdin is a terminal (a person typing), not a pipe or a file. */
  stdinIsTerminal(): boolean;
  /**
   * Ask the person a question on stderr and read one line of answer from
   * stdin (a terminal): the line, or null when stdin ended first.
   */
  ask?(question: string): Promise<string | null>;
  /** Write to stdout. */
  out(text: string): void;
  /** Write to stderr. */
  err(text: string): void;
  /** The environment. */
  env: Readonly<Record<string, string>>;
  /** The current folder. */
  cwd: string;
  /** True when stdout is a terminal (a person reading), not a pipe or a file. */
  isTerminal?: () => boolean;
  /** True when stderr is a terminal: where progress lines may go. */
  errIsTerminal?: () => boolean;
  /** The time now. */
  now(): Date;
}

/**
 * The folder a person ran everyhook from. `deno task everyhook` starts the
 * program in the folder of the package's deno.json and puts the folder the
 * person was in into `INIT_CWD`. That folder is taken only when all three hold:
 * `INIT_CWD` is an absolute path, the process's folder is the package's own
 * folder (`root`, the folder of cli.ts), and `INIT_CWD` differs from it. In any
 * other case (a binary, `deno run` from anywhere, a JSR address) the process's
 * folder is the answer, so an `INIT_CWD` left over from another tool is ignored.
 *
 * @param processCwd The process's folder.
 * @param initCwd `INIT_CWD`, when it is set.
 * @param root The package's folder, when everyhook runs from local files.
 * @returns The folder relative paths are read against.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { invocationCwd } from "./io.ts";
 * assert(invocationCwd("/clone", "/home/me/project", "/clone") === "/home/me/project");
 * assert(invocationCwd("/elsewhere", "/home/me/project", "/clone") === "/elsewhere");
 * ```
 */
export function invocationCwd(
  processCwd: string,
  initCwd: string | undefined,
  root: string | undefined,
): string {
  if (initCwd === undefined || root === undefined) return processCwd;
  const absolute = initCwd.startsWith("/") || /^[A-Za-z]:[\\/]|^\\\\/.test(initCwd);
  if (!absolute) return processCwd;
  const trim = (p: string) => p.replace(/[\\/]+$/, "") || p;
  return trim(processCwd) === trim(root) ? initCwd : processCwd;
}

/**
 * The package's folder for {@linkcode denoIo}, from the address of one of its
 * top-level modules: that module's folder when it is a local file (a clone),
 * nothing when it is not (a JSR address).
 *
 * @param moduleUrl The module's `import.meta.url`.
 * @returns The options for `denoIo`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageRootOf } from "./io.ts";
 * assert(packageRootOf("file:///opt/everyhook/cli.ts").root === "/opt/everyhook");
 * assert(packageRootOf("https://jsr.io/@everyhook/cli/0.1.0/cli.ts").root === undefined);
 * ```
 */
export function packageRootOf(moduleUrl: string): DenoIoOptions {
  const here = new URL(".", moduleUrl);
  if (here.protocol !== "file:") return {};
  const path = decodeURIComponent(here.pathname);
  const root = /^\/[A-Za-z]:\//.test(path) ? path.slice(1).replaceAll("/", "\\") : path;
  return { root: root.replace(/[\\/]$/, "") };
}

/** What the process's Io needs to know about where everyhook runs from. */
export interface DenoIoOptions {
  /**
   * The package's folder when everyhook runs from local files (a clone), so
   * that `deno task everyhook` reads paths against the person's folder (see
   * `invocationCwd`).
   */
  root?: string;
}

/**
 * The real world: Deno's stdin, stdout, stderr, environment and folder. The
 * environment is read lazily, so a command that needs no `--allow-env` asks for none.
 *
 * @param options The package's folder, when running from a clone.
 * @returns An Io over the process.
 *
 * @example Usage
 * ```ts ignore
 * import { denoIo } from "./io.ts";
 * denoIo().out("hello\n");
 * ```
 */
export function denoIo(options: DenoIoOptions = {}): Io {
  const encoder = new TextEncoder();
  let env: Record<string, string> | undefined;
  return {
    async readStdin(limit: number, timeoutMs?: number) {
      // Deno.stdin.read rather than Deno.stdin.readable: the stream costs a few
      // milliseconds of CPU on every run, and run is on every tool call.
      return await readAllFrom((buf) => Deno.stdin.read(buf), limit, timeoutMs);
    },
    stdinIsTerminal: () => Deno.stdin.isTerminal(),
    async ask(question: string) {
      writeAllSync(Deno.stderr, encoder.encode(question));
      return await readLine((buf) => Deno.stdin.read(buf));
    },
    out(text: string) {
      writeAllSync(Deno.stdout, encoder.encode(text));
    },
    err(text: string) {
      writeAllSync(Deno.stderr, encoder.encode(text));
    },
    get env() {
      env ??= Deno.env.toObject();
      return env;
    },
    get cwd() {
      const here = processCwd();
      if (options.root === undefined) return here;
      const allowed = Deno.permissions.querySync({ name: "env", variable: "INIT_CWD" });
      const init = allowed.state === "granted" ? Deno.env.get("INIT_CWD") : undefined;
      return invocationCwd(here, init, options.root);
    },
    isTerminal: () => Deno.stdout.isTerminal(),
    errIsTerminal: () => Deno.stderr.isTerminal(),
    now: () => new Date(),
  };
}

/**
 * The process's folder, or a one-line refusal when its name cannot be read
 * (Deno holds a folder's name as UTF-8, and a name in another encoding is not).
 */
function processCwd(): string {
  try {
    return Deno.cwd();
  } catch (e) {
    if (!(e instanceof Deno.errors.InvalidData)) throw e;
    throw new EveryhookError(
      "file-system",
      "Cannot read the name of the current folder: it is not valid UTF-8, and everyhook holds paths as UTF-8; cd to a folder whose name is valid UTF-8 and run the command again",
      { cause: e },
    );
  }
}

/**
 * The command's folder, or undefined when its name cannot be read (it is not
 * valid UTF-8): for `run`, which must answer the agent wherever it is started.
 *
 * @param io The world.
 * @returns The folder, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryIo, readableCwd } from "./io.ts";
 * assert.equal(readableCwd(memoryIo({ cwd: "/p" })), "/p");
 * ```
 */
export function readableCwd(io: Io): string | undefined {
  try {
    return io.cwd;
  } catch (e) {
    if (e instanceof EveryhookError && e.code === "file-system") return undefined;
    throw e;
  }
}

/**
 * Read with `read` until the end, until more than `limit` bytes came (then it
 * stops reading: the rest is never read), or until `timeoutMs` passed (then the
 * read under way is left pending; the process is about to answer and exit).
 */
async function readAllFrom(
  read: (buf: Uint8Array) => Promise<number | null>,
  limit: number,
  timeoutMs?: number,
): Promise<{ bytes: Uint8Array; truncated: boolean; timedOut?: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const buf = new Uint8Array(64 * 1024);
  const timer = timeoutMs === undefined ? undefined : waitFor(timeoutMs);
  try {
    while (!truncated) {
      const n = await (timer ? Promise.race([read(buf), timer.done]) : read(buf));
      if (n === "timeout") return { bytes: concat(chunks, size), truncated, timedOut: true };
      if (n === null) break;
      const room = limit - size;
      if (n > room) truncated = true;
      const kept = Math.min(n, Math.max(room, 0));
      if (kept > 0) {
        chunks.push(buf.slice(0, kept));
        size += kept;
      }
    }
  } finally {
    timer?.clear();
  }
  return { bytes: concat(chunks, size), truncated };
}

/** Read up to a new line (or the end, or 4 KiB): the line without it, or null when nothing came. */
async function readLine(read: (buf: Uint8Array) => Promise<number | null>): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const buf = new Uint8Array(1);
  while (size < 4096) {
    const n = await read(buf);
    if (n === null || n === 0) break;
    if (buf[0] === 0x0a) return new TextDecoder().decode(concat(chunks, size));
    chunks.push(buf.slice(0, 1));
    size++;
  }
  return size === 0 ? null : new TextDecoder().decode(concat(chunks, size));
}

/**
 * A timer with Atomics.waitAsync rather than setTimeout: the first setTimeout
 * of a process costs several milliseconds of CPU in Deno 2.9. A cleared timer
 * never settles.
 */
function waitFor(ms: number): { done: Promise<"timeout">; clear(): void } {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const wait = Atomics.waitAsync(cell, 0, 0, Math.max(0, ms));
  const settled = wait.async ? wait.value : Promise.resolve(wait.value);
  return {
    done: settled.then((v) => v === "timed-out" ? "timeout" : new Promise<never>(() => {})),
    clear: () => void Atomics.notify(cell, 0),
  };
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    bytes.set(c, off);
    off += c.length;
  }
  return bytes;
}

function writeAllSync(w: { writeSync(p: Uint8Array): number }, data: Uint8Array): void {
  let off = 0;
  while (off < data.length) off += w.writeSync(data.subarray(off));
}

/**
 * Read a stream to its end, keeping at most `limit` bytes.
 *
 * @param stream The stream.
 * @param limit The most bytes kept; the rest is read and dropped.
 * @returns The bytes, and whether more came than was kept.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readAll } from "./io.ts";
 * const r = await readAll(new Blob(["abc"]).stream(), 2);
 * assert(r.truncated && r.bytes.length === 2);
 * ```
 */
export async function readAll(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream) {
    if (size >= limit) {
      truncated = true;
      continue;
    }
    const room = limit - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      truncated = true;
    } else {
      chunks.push(chunk);
      size += chunk.length;
    }
  }
  return { bytes: concat(chunks, size), truncated };
}

/** An Io in memory, for tests, with what was written. */
export interface MemoryIo extends Io {
  /** Everything written to stdout. */
  stdoutText(): string;
  /** Everything written to stderr. */
  stderrText(): string;
}

/**
 * An Io in memory.
 *
 * @param options stdin, environment, folder and a fixed time.
 * @returns The Io, with readers of what was written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { memoryIo } from "./io.ts";
 * const io = memoryIo({ env: { HOME: "/h" } });
 * assert(io.env.HOME === "/h");
 * ```
 */
export function memoryIo(
  options: {
    stdin?: string | Uint8Array;
    env?: Record<string, string>;
    cwd?: string;
    now?: Date;
    terminal?: boolean;
    errTerminal?: boolean;
    /** What the person types when asked: stdin is then a terminal. */
    answer?: string;
  } = {},
): MemoryIo {
  let stdout = "";
  let stderr = "";
  const input = typeof options.stdin === "string"
    ? new TextEncoder().encode(options.stdin)
    : options.stdin ?? new Uint8Array();
  return {
    stdinIsTerminal: () => options.answer !== undefined,
    ask(question: string) {
      stderr += question;
      return Promise.resolve(options.answer ?? null);
    },
    isTerminal: () => options.terminal ?? false,
    errIsTerminal: () => options.errTerminal ?? false,
    readStdin(limit: number) {
      return Promise.resolve({
        bytes: input.subarray(0, limit),
        truncated: input.length > limit,
      });
    },
    out(text: string) {
      stdout += text;
    },
    err(text: string) {
      stderr += text;
    },
    env: options.env ?? {},
    cwd: options.cwd ?? "/",
    now: () => options.now ?? new Date("2026-11-30T12:00:00Z"),
    stdoutText: () => stdout,
    stderrText: () => stderr,
  };
}
