/**
 * The hook process's own input and output: stdin read whole with
 * `Deno.stdin.readSync` (the stream form costs a few milliseconds more on
 * every call, and the asynchronous `read` about 2% of a bare Deno start more;
 * the hook has nothing else to do until its input is in, and Deno blocks on
 * a stdin an agent left non-blocking), stdout and stderr written whole, and
 * the handler's console sent away from stdout, which carries nothing but the
 * answer. Needs no permission.
 *
 * @module
 */

/**
 * Read stdin to its end, keeping at most `limit` bytes.
 *
 * @param limit The most bytes kept; the rest is read and dropped.
 * @returns The bytes, and whether more came than was kept.
 *
 * @example Usage
 * ```ts ignore
 * import { readStdin } from "./stdio.ts";
 * const { bytes } = readStdin(1024 * 1024);
 * ```
 */
export function readStdin(limit: number): { bytes: Uint8Array; truncated: boolean } {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const buf = new Uint8Array(64 * 1024);
  while (true) {
    const n = Deno.stdin.readSync(buf);
    if (n === null) break;
    const kept = Math.max(0, Math.min(n, limit - size));
    if (kept < n) truncated = true;
    if (kept > 0) {
      chunks.push(buf.slice(0, kept));
      size += kept;
    }
  }
  const bytes = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    bytes.set(c, off);
    off += c.length;
  }
  return { bytes, truncated };
}

/**
 * Write text whole to stdout or stderr.
 *
 * @param to Which of the two.
 * @param text The text.
 *
 * @example Usage
 * ```ts
 * import { write } from "./stdio.ts";
 * write("stderr", "");
 * ```
 */
export function write(to: "stdout" | "stderr", text: string): void {
  if (text === "") return;
  const file = to === "stdout" ? Deno.stdout : Deno.stderr;
  const data = new TextEncoder().encode(text);
  let off = 0;
  while (off < data.length) off += file.writeSync(data.subarray(off));
}

const PRINTERS = [
  "log",
  "info",
  "debug",
  "warn",
  "error",
  "dir",
  "dirxml",
  "table",
  "trace",
] as const;

/**
 * Send everything the console prints to `sink` instead, one line per call,
 * so that nothing a handler logs reaches stdout.
 *
 * @param sink Where the lines go.
 * @returns A function that puts the console back.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { redirectConsole } from "./stdio.ts";
 * const lines: string[] = [];
 * const restore = redirectConsole((line) => lines.push(line));
 * console.log("a", { b: 1 });
 * restore();
 * assert(lines[0] === "a { b: 1 }\n");
 * ```
 */
export function redirectConsole(sink: (line: string) => void): () => void {
  const saved = new Map<string, unknown>();
  const target = console as unknown as Record<string, unknown>;
  const line = (args: unknown[]) =>
    args.map((a) => typeof a === "string" ? a : Deno.inspect(a)).join(" ") + "\n";
  for (const name of PRINTERS) {
    saved.set(name, target[name]);
    target[name] = (...args: unknown[]) => sink(line(args));
  }
  saved.set("assert", target.assert);
  target.assert = (condition: unknown, ...args: unknown[]) => {
    if (!condition) sink(line(["Assertion failed", ...args]));
  };
  return () => {
    for (const [name, fn] of saved) target[name] = fn;
  };
}

/** What a hook prints when its handler waits on a promise nothing can settle. */
export const STALLED_TEXT = "The handler never answered: it waits on a promise nothing settles";

/**
 * A promise that settles when the process has nothing left to do but has not
 * ended: a handler that waits on a promise nothing will settle. Without it,
 * such a hook would end with no answer at all, which reads as no opinion even
 * where the hook is set to fail closed.
 *
 * @returns The promise, and a function that stops watching.
 *
 * @example Usage
 * ```ts
 * import { whenStalled } from "./stdio.ts";
 * const watch = whenStalled();
 * watch.stop();
 * ```
 */
export function whenStalled(): { done: Promise<void>; stop(): void } {
  let settle = () => {};
  const done = new Promise<void>((resolve) => settle = resolve);
  const listener = () => {
    settle();
    // Work for the event loop, so that it goes on to print the failure.
    setTimeout(() => {}, 0);
  };
  globalThis.addEventListener("beforeunload", listener);
  return { done, stop: () => globalThis.removeEventListener("beforeunload", listener) };
}
