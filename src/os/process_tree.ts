/**
 * Stopping a hook and every process it started: its process group and its
 * descendants on Unix (found with `ps`), `taskkill /T` on Windows; passing a
 * signal that ends everyhook on to the hook's group; and the numbers of the
 * signals an exit code reports; and starting a process in a session of its
 * own ({@linkcode inSession}: through `setsid` on Linux). The programs it
 * starts (`ps`, `taskkill`, `setsid`) serve only to start and stop a hook, or
 * a program, that hook_process.ts starts; what a hook detached from its group
 * is ended by sweeper.ts. On `run`'s path: imports nothing.
 *
 * @module
 */

const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/**
 * While the hook runs in a process group of its own, a signal that ends
 * everyhook (the agent giving up, a Ctrl-C) would not reach it. Until the
 * returned function is called, such a signal stops the hook's group first and
 * then ends everyhook as it was meant to.
 *
 * @param pid The hook's pid, which leads its process group.
 * @returns The function that stops passing the signals on.
 *
 * @example Usage
 * ```ts ignore
 * import { passStops } from "./process_tree.ts";
 * const unwatch = passStops(child.pid);
 * await child.status;
 * unwatch();
 * ```
 */
export function passStops(pid: number): () => void {
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
 * Stop a process and every process it started.
 *
 * @param pid The process.
 * @param grouped True when it leads a process group of its own (Unix).
 * @param os The operating system.
 *
 * @example Usage
 * ```ts ignore
 * import { killTree } from "./process_tree.ts";
 * await killTree(child.pid, true, Deno.build.os);
 * ```
 */
export async function killTree(
  pid: number,
  grouped: boolean,
  os: typeof Deno.build.os,
): Promise<void> {
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

/**
 * Send SIGKILL, and say nothing when the process is gone already.
 *
 * @param pid The process, or minus a process group's leader for the whole group.
 *
 * @example Usage
 * ```ts ignore
 * import { tryKill } from "./process_tree.ts";
 * tryKill(-child.pid);
 * ```
 */
export function tryKill(pid: number): void {
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

/**
 * A signal's number, as an exit code of 128 + the number reports it; 0 for one not known.
 *
 * @param signal The signal's name, such as `SIGTERM`.
 * @returns Its number.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { signalNumber } from "./process_tree.ts";
 * assert(signalNumber("SIGKILL") === 9 && signalNumber("SIGWHAT") === 0);
 * ```
 */
export function signalNumber(signal: string): number {
  return SIGNALS[signal] ?? 0;
}

/**
 * Where `setsid` is looked for: fixed paths, never PATH, so that nothing a
 * project or a hook puts on PATH is started in its place.
 */
const SETSID_PATHS = ["/usr/bin/setsid", "/bin/setsid"] as const;
let setsidAt: string | null | undefined;

/**
 * The `setsid` program of this machine (Linux only), looked up once a process.
 *
 * @param os The operating system.
 * @returns Its absolute path; undefined elsewhere, or where there is none.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { setsidProgram } from "./process_tree.ts";
 * assert.equal(setsidProgram("windows"), undefined);
 * const at = setsidProgram("linux");
 * assert(at === undefined || at.endsWith("/setsid"));
 * ```
 */
export function setsidProgram(os: typeof Deno.build.os): string | undefined {
  if (os !== "linux") return undefined;
  setsidAt ??= SETSID_PATHS.find(isProgramFile) ?? null;
  return setsidAt ?? undefined;
}

function isProgramFile(path: string): boolean {
  try {
    const info = Deno.statSync(path);
    return info.isFile && ((info.mode ?? 0) & 0o111) !== 0;
  } catch {
    return false;
  }
}

/**
 * A command that starts `program` in a session, and so a process group, of
 * its own, with the same pid. On Linux it is started through `setsid` where
 * there is one: Deno starts a process with `posix_spawn`, but its own
 * `detached` makes it `fork` the whole Deno process first (a small Deno
 * program that starts one detached process measured 1.31x a bare start, one
 * that starts it plainly 1.22x; docs/speed.md). Elsewhere Deno's `detached`
 * does it. Both start the program with `execvp`, which hands a file that is
 * neither a `#!` script nor a binary to `/bin/sh`.
 * When `setsid` cannot start the program, it exits 126 or 127 and says why on
 * stderr: {@linkcode setsidFailure} reads that.
 *
 * @param program The program, an absolute path.
 * @param args Its arguments.
 * @param options The rest of the command's options.
 * @param os The operating system.
 * @returns The command, and the `setsid` it goes through (undefined when Deno detaches it).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inSession } from "./process_tree.ts";
 * const { via } = inSession("/bin/sh", ["-c", "exit 0"], {}, "windows");
 * assert.equal(via, undefined);
 * ```
 */
export function inSession(
  program: string,
  args: readonly string[],
  options: Omit<Deno.CommandOptions, "args" | "detached">,
  os: typeof Deno.build.os,
): { command: Deno.Command; via: string | undefined } {
  const setsid = setsidProgram(os);
  if (setsid !== undefined) {
    const command = new Deno.Command(setsid, { ...options, args: [program, ...args] });
    return { command, via: setsid };
  }
  const command = new Deno.Command(program, { ...options, args: [...args], detached: true });
  return { command, via: undefined };
}

/**
 * Why `setsid` could not start a program, from its exit code (126 or 127) and
 * the line it wrote on stderr (util-linux: `setsid: failed to execute <program>:
 * <reason>`; BusyBox: `setsid: can't execute '<program>': <reason>`).
 *
 * @param code The exit code.
 * @param stderr What was written on stderr.
 * @returns The reason, such as "No such file or directory"; undefined when setsid started it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { setsidFailure } from "./process_tree.ts";
 * assert.equal(
 *   setsidFailure(126, "setsid: failed to execute /a/b: c: Permission denied\n"),
 *   "Permission denied",
 * );
 * assert.equal(setsidFailure(127, "hook: not found\n"), undefined);
 * assert.equal(setsidFailure(1, "setsid: failed to execute /x: Permission denied\n"), undefined);
 * ```
 */
export function setsidFailure(code: number, stderr: string): string | undefined {
  if (code !== 126 && code !== 127) return undefined;
  const line = stderr.replace(/\r?\n$/, "");
  if (line.includes("\n") || !/^setsid: (failed to execute|can't execute) /.test(line)) {
    return undefined;
  }
  return line.slice(line.lastIndexOf(": ") + 2);
}
