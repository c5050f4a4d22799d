/**
 * The world a command sees: its input and outputs, environment, folder and
 * clock. Commands take one of these so that tests build throwaway worlds.
 * On `run`'s path: imports nothing.
 *
 * @module
 */

/**
 * A command's world.
 *
 * @example Usage
 * ```ts
 * import { memoryIo } from "./io.ts";
 * const io = memoryIo({ stdin: "{}" });
 * io.out("hi\n");
 * console.assert(io.stdoutText() === "hi\n");
 * ```
 */
export interface Io {
  /** Read all of stdin (up to `limit` bytes; more is an error of the caller's choosing). */
  readStdin(limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }>;
  /** True when stdin is a terminal (a person typing), not a pipe or a file. */
  stdinIsTerminal(): boolean;
  /** Write to stdout. */
  out(text: string): void;
  /** Write to stderr. */
  err(text: string): void;
  /** The environment. */
  env: Readonly<Record<string, string>>;
  /** The current folder. */
  cwd: string;
  /** The time now. */
  now(): Date;
}

/**
 * The real world: Deno's stdin, stdout, stderr, environment and folder. The
 * environment is read lazily, so a command that needs no `--allow-env` asks for none.
 *
 * @returns An Io over the process.
 *
 * @example Usage
 * ```ts ignore
 * import { denoIo } from "./io.ts";
 * denoIo().out("hello\n");
 * ```
 */
export function denoIo(): Io {
  const encoder = new TextEncoder();
  let env: Record<string, string> | undefined;
  return {
    async readStdin(limit: number) {
      // Deno.stdin.read rather than Deno.stdin.readable: the stream costs a few
      // milliseconds of CPU on every run, and run is on every tool call.
      return await readAllFrom((buf) => Deno.stdin.read(buf), limit);
    },
    stdinIsTerminal: () => Deno.stdin.isTerminal(),
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
      return Deno.cwd();
    },
    now: () => new Date(),
  };
}

async function readAllFrom(
  read: (buf: Uint8Array) => Promise<number | null>,
  limit: number,
): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const buf = new Uint8Array(64 * 1024);
  while (true) {
    const n = await read(buf);
    if (n === null) break;
    const room = limit - size;
    if (n > room) truncated = true;
    const kept = Math.min(n, Math.max(room, 0));
    if (kept > 0) {
      chunks.push(buf.slice(0, kept));
      size += kept;
    }
  }
  return { bytes: concat(chunks, size), truncated };
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
 * import { readAll } from "./io.ts";
 * const r = await readAll(new Blob(["abc"]).stream(), 2);
 * console.assert(r.truncated && r.bytes.length === 2);
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
 * import { memoryIo } from "./io.ts";
 * const io = memoryIo({ env: { HOME: "/h" } });
 * console.assert(io.env.HOME === "/h");
 * ```
 */
export function memoryIo(
  options: { stdin?: string | Uint8Array; env?: Record<string, string>; cwd?: string; now?: Date } =
    {},
): MemoryIo {
  let stdout = "";
  let stderr = "";
  const input = typeof options.stdin === "string"
    ? new TextEncoder().encode(options.stdin)
    : options.stdin ?? new Uint8Array();
  return {
    stdinIsTerminal: () => false,
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
