/**
 * Stopping a hook and every process it started: its process group and its
 * descendants on Unix (found with `ps`), `taskkill /T` on Windows; passing a
 * signal that ends everyhook on to the hook's group; and the numbers of the
 * signals an exit code reports. The programs it starts (`ps`, `taskkill`) serve
 * only to stop a hook that hook_process.ts started. On `run`'s path: imports nothing.
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
 * import { signalNumber } from "./process_tree.ts";
 * console.assert(signalNumber("SIGKILL") === 9 && signalNumber("SIGWHAT") === 0);
 * ```
 */
export function signalNumber(signal: string): number {
  return SIGNALS[signal] ?? 0;
}
