/**
 * Stopping a hook and every process it started: its process group and its
 * descendants on Unix (found with `ps`), `taskkill /T` on Windows; passing a
 * signal that ends everyhook on to the hook's group; and the numbers of the
 * signals an exit code reports; and starting a process in a session of its
 * own ({@linkcode inSession}: through `setsid` on Linux). The programs it
 * starts (`ps`, `taskkill`, `sh` with `grep`, `setsid`) serve only to start
 * and stop a hook, or a program, that hook_process.ts starts. On `run`'s
 * path: imports nothing.
 *
 * A process group and a walk of parent ids miss a daemon: a process the hook
 * detached with `setsid` and whose parent then exited belongs to neither. So
 * on Linux every hook is given a mark in its environment,
 * `EVERYHOOK_RUN_ID=<random>`, which every process it starts inherits, and a
 * sweeper ends every process whose `/proc/<pid>/environ` holds that mark. This
 * works unprivileged: a user may read the environment of their own processes,
 * and only those can a hook start (a set-uid program it starts is not
 * readable, and not killable either). Deno lets only `--allow-all` read
 * `/proc`, so the sweeper is a small `sh` script (with `grep`), started before
 * the hook in a session of its own. It waits on a pipe whose other end only
 * `run` holds: `run` writes the hook's pid on it once the hook has started,
 * and closes it when the hook is done, and the kernel closes it when `run`
 * ends in any way, SIGKILL included, so the sweep happens even then (Deno
 * cannot reach `prctl(PR_SET_PDEATHSIG)` without FFI, which everyhook does not
 * use). The sweep ends the hook's process group as well as every marked
 * process, so a signal that ends `run` ends the hook and what it started
 * without a listener in `run` ({@linkcode passStops} is for where there is no
 * sweeper). Where `run` ended before the hook's pid reached the pipe (the pid
 * is written asynchronously, and a loaded machine may run the hook first),
 * the sweeper finds the hook itself: the marked process that leads its own
 * group, whose group it ends as well. What it does not catch: a process that
 * rewrites or clears its environment before the sweep (`env -i`, or a program
 * that overwrites its environ memory), and a process that runs as another
 * user.
 *
 * Where the hook gets exactly what it gets started alone (its stdin a line of
 * text, its environment one dash passes on as it is: {@linkcode oneStartText}),
 * the hook and its sweeper are one program start ({@linkcode HOOK_SHELL},
 * {@linkcode startWithSweeper}): a shell forks the sweeper and then becomes
 * the hook. That saves an exec of `setsid` and of `sh`, and in `run` a pipe
 * and the stream Deno makes of it (docs/speed.md has the figures).
 *
 * Over 600 lines: the two ways a hook starts with its sweeper share the sweep's
 * rounds, and each is one shell script beside the code that starts it and
 * reads how it ended.
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

/** Where the sweep finds `grep`: fixed folders, never a PATH a hook or a project sets. */
const SWEEP_PATH = "/usr/local/bin:/usr/bin:/bin";

/** The environment variable that marks every process a hook starts, on Linux. */
export const RUN_ID_VAR = "EVERYHOOK_RUN_ID";

/**
 * The sweep's rounds, as lines of `sh`: up to five, each ending every process
 * whose environment holds `$mark`, among those given out after the hook's pid
 * `$pg` (every process when `$pg` is empty), but `$me`.
 */
const SWEEP_ROUNDS: readonly string[] = [
  // Whether pid $1 was given out after the hook's ($pg), up to the last one ($last).
  "after() {",
  '  [ -z "$pg" ] && return 0',
  '  if [ "$last" -ge "$pg" ]; then [ "$1" -gt "$pg" ] && [ "$1" -le "$last" ]',
  '  else [ "$1" -gt "$pg" ] || [ "$1" -le "$last" ]; fi',
  "}",
  "n=0",
  "while [ $n -lt 5 ]; do",
  "  read -r _ _ _ _ last </proc/loadavg || last=0",
  "  set --",
  // Few pids given out since the hook's, as after most hooks: each is looked at by its number
  // (a thread's id among them leads to its process); else every process /proc lists.
  '  if [ -n "$pg" ] && [ "$last" -ge "$pg" ] && [ $((last - pg)) -le 256 ]; then',
  "    p=$((pg + 1))",
  '    while [ "$p" -le "$last" ]; do',
  '      [ "$p" != "$me" ] && [ -O "/proc/$p" ] && set -- "$@" "/proc/$p/environ"',
  "      p=$((p + 1))",
  "    done",
  "  else",
  "    for d in /proc/[0-9]*; do",
  '      p=${d#/proc/}; [ "$p" != "$me" ] && after "$p" && [ -O "$d" ] && set -- "$@" "$d/environ"',
  "    done",
  "  fi",
  "  [ $# -gt 0 ] || break",
  '  found=$(grep -lzxsF "$mark" "$@")',
  '  [ -n "$found" ] || break',
  "  for f in $found; do",
  "    p=${f#/proc/}; p=${p%/environ}",
  // Told no pid (run ended between starting the hook and telling it), the hook is the marked
  // process that leads its own group: that group is ended too, with what cleared its mark.
  '    if [ -z "$pg" ] && { read -r s <"/proc/$p/stat"; } 2>/dev/null; then',
  '      s=${s##*) }; set -- $s; [ "$3" = "$p" ] && kill -9 -"$p" 2>/dev/null',
  "    fi",
  '    kill -9 "$p" 2>/dev/null',
  "  done",
  "  n=$((n + 1))",
  "done",
];

/**
 * The sweeper's script (`sh -c`). It reads the hook's pid (a line on its
 * stdin) and waits for its stdin to close; then it ends the hook's process
 * group (the hook leads one), and, up to five rounds (a process may start
 * another while the first is ended), every process whose environment holds
 * the mark given as `$1`. Its own environment holds no mark, and `grep` has it
 * only in its arguments. (grep's exit status is not used: it is 2 whenever a
 * file could not be read.)
 *
 * Only the environments of processes that can be the hook's are read: this
 * user's, started after the hook, whose pids run from the hook's up to the
 * last pid the kernel gave out (the last field of `/proc/loadavg`), across
 * the wrap at `pid_max`. When at most 256 pids were given out since the
 * hook's, as after most hooks, each is looked at by its number, so the cost
 * does not grow with the processes the machine runs; else every process
 * `/proc` lists is. When there is none, no `grep` is started at all. Without
 * the hook's pid (run ended before it could write it), every process is
 * looked at. Exported for scripts/perf.ts, which measures what it costs.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SWEEP_SCRIPT } from "./process_tree.ts";
 * assert(SWEEP_SCRIPT.includes("/proc/loadavg"));
 * ```
 */
export const SWEEP_SCRIPT: string = [
  "trap '' HUP INT TERM PIPE",
  "read -r pg || :",
  "read -r _ || :",
  'case $pg in "" | *[!0-9]*) pg= ;; *) kill -9 -"$pg" 2>/dev/null ;; esac',
  "mark=$1 me=",
  ...SWEEP_ROUNDS,
].join("\n");

/** The variable that hands the hook's stdin to {@linkcode HOOK_SHELL}; the hook does not get it. */
export const STDIN_VAR = "EVERYHOOK_STDIN";

/** The name {@linkcode HOOK_SHELL} goes by (`$0`), which begins each message it writes. */
const SHELL_NAME = "everyhook-hook";

/**
 * The shell that starts a hook and its sweeper as one program (`sh -c`, in a
 * session of its own through `setsid`; the hook and its arguments are `"$@"`):
 * one program start where {@linkcode startSweeper} and the hook make two. It
 * forks the sweeper, then becomes the hook with `exec`, so the hook keeps the
 * shell's pid and leads the session and its process group, as when started
 * alone. The hook's stdin is a here-document of `$EVERYHOOK_STDIN`, which the
 * shell unsets: that text and the new line a here-document ends with.
 *
 * The sweeper is a background part of the shell, in the hook's group, with
 * HUP, INT, TERM and PIPE ignored (a background part is started with INT and
 * QUIT ignored; the hook, started in the foreground, is not). It waits for the
 * shell's stdin, a pipe only `run` holds the other end of, to close: when `run`
 * is done with the hook, and when `run` ends in any way. Then it ends the
 * hook, every marked process but itself (as {@linkcode SWEEP_SCRIPT} does),
 * and last the hook's group, itself in it. Until then it holds the hook's
 * stderr open, so that `run` can tell when the sweep is over. The group keeps
 * the hook's pid in use while the sweeper lives, so that pid names no other
 * process when the sweep ends it. What this sweeper does not survive and
 * {@linkcode startSweeper}'s does: a SIGKILL to the hook's whole group.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOOK_SHELL } from "./process_tree.ts";
 * assert(HOOK_SHELL.includes('exec "$@" <<EOF'));
 * ```
 */
export const HOOK_SHELL: string = [
  `d=$${STDIN_VAR}; unset ${STDIN_VAR}`,
  "exec 3<&0 4>&2",
  "{",
  "trap '' HUP INT TERM PIPE",
  // grep from fixed folders, as the sweeper started apart finds it: never the hook's PATH.
  `PATH=${SWEEP_PATH}`,
  "read -r me _ </proc/self/stat",
  `pg=$$ mark="${RUN_ID_VAR}=$${RUN_ID_VAR}"`,
  "read -r _ || :",
  'kill -9 "$pg" 2>/dev/null',
  ...SWEEP_ROUNDS,
  'kill -9 -"$pg" 2>/dev/null',
  "} <&3 >/dev/null 2>&1 &",
  "exec 3<&- 4>&-",
  'exec "$@" <<EOF',
  "$d",
  "EOF",
].join("\n");

/** The most of a hook's stdin {@linkcode HOOK_SHELL} is given, in bytes: far below the kernel's 128 KiB for one variable. */
const ONE_START_MAX = 64 * 1024;

/** Variables dash sets afresh when it starts, whatever the environment held. */
const DASH_SETS = new Set(["IFS", "OPTIND", "PPID", STDIN_VAR]);

let dashAt: boolean | undefined;

/**
 * The text {@linkcode HOOK_SHELL} is to be given for a hook's stdin and
 * environment, or undefined when the hook would not get exactly what it gets
 * started alone (then it is started alone). It needs Linux, with `/bin/sh`
 * being dash; a stdin of at most 64 KiB of UTF-8 text without NUL that ends
 * with a new line (what a here-document gives); and an environment dash
 * passes on as it is: every name a shell variable's, none that dash sets
 * afresh (IFS, OPTIND, PPID), and PWD naming the folder the hook runs in
 * (dash writes it otherwise).
 *
 * @param stdin What the hook is to read on stdin.
 * @param env The hook's whole environment.
 * @param cwd The folder the hook runs in.
 * @param os The operating system.
 * @returns The text, without its last new line; undefined where it cannot be used.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { oneStartText } from "./process_tree.ts";
 * const stdin = new TextEncoder().encode('{"a":1}\n');
 * assert.equal(oneStartText(stdin, { PWD: "/tmp" }, "/tmp", "windows"), undefined);
 * assert.equal(oneStartText(stdin, { "A-B": "1", PWD: "/tmp" }, "/tmp", "linux"), undefined);
 * ```
 */
export function oneStartText(
  stdin: Uint8Array,
  env: Readonly<Record<string, string>>,
  cwd: string,
  os: typeof Deno.build.os,
): string | undefined {
  if (os !== "linux" || stdin.length > ONE_START_MAX || stdin.at(-1) !== 0x0a) return undefined;
  if (env.PWD !== cwd || stdin.includes(0)) return undefined;
  for (const name of Object.keys(env)) {
    if (DASH_SETS.has(name) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return undefined;
  }
  if (dashAt === undefined) {
    try {
      dashAt = /\/dash$/.test(Deno.realPathSync("/bin/sh"));
    } catch {
      dashAt = false;
    }
  }
  if (!dashAt) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(stdin.subarray(0, -1));
  } catch {
    return undefined;
  }
}

/**
 * Start a hook and its sweeper as one program, with {@linkcode HOOK_SHELL}:
 * stdin piped (`run` closes it to sweep), stdout and stderr piped. Undefined
 * where {@linkcode oneStartText} says no, where there is no `setsid`, and when
 * the start fails (the caller then starts them apart, and reports what fails).
 *
 * @param program The hook's program, an absolute path.
 * @param args Its arguments.
 * @param stdin What the hook reads on stdin.
 * @param options The folder it runs in, and its whole environment.
 * @param os The operating system.
 * @returns The started shell, which becomes the hook, and the mark in its environment.
 *
 * @example Usage
 * ```ts ignore
 * import { startWithSweeper } from "./process_tree.ts";
 * const started = startWithSweeper("/bin/cat", [], bytes, { cwd, env }, Deno.build.os);
 * // ... read its output; close started.child.stdin to sweep ...
 * ```
 */
export function startWithSweeper(
  program: string,
  args: readonly string[],
  stdin: Uint8Array,
  options: { cwd: string; env: Readonly<Record<string, string>> },
  os: typeof Deno.build.os,
): { child: Deno.ChildProcess; mark: { name: string; value: string } } | undefined {
  const text = oneStartText(stdin, options.env, options.cwd, os);
  const setsid = setsidProgram(os);
  if (text === undefined || setsid === undefined) return undefined;
  const mark = { name: RUN_ID_VAR, value: newMark() };
  try {
    const child = new Deno.Command(setsid, {
      args: ["/bin/sh", "-c", HOOK_SHELL, SHELL_NAME, program, ...args],
      cwd: options.cwd,
      env: { ...options.env, [mark.name]: mark.value, [STDIN_VAR]: text },
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    return { child, mark };
  } catch {
    return undefined;
  }
}

/**
 * Why {@linkcode HOOK_SHELL} could not become the hook, from its exit code
 * (126 or 127) and the line dash wrote on stderr (`everyhook-hook: <line>:
 * exec: <program>: <reason>`).
 *
 * @param code The exit code.
 * @param stderr What was written on stderr.
 * @returns The reason in the system's words, such as "No such file or directory"; undefined when the hook started.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellFailure } from "./process_tree.ts";
 * assert.equal(shellFailure(127, "everyhook-hook: 16: exec: /a/b: not found\n"), "No such file or directory");
 * assert.equal(shellFailure(126, "everyhook-hook: 16: exec: /a/b: Permission denied\n"), "Permission denied");
 * assert.equal(shellFailure(127, "my hook: not found\n"), undefined);
 * ```
 */
export function shellFailure(code: number, stderr: string): string | undefined {
  if (code !== 126 && code !== 127) return undefined;
  const line = stderr.replace(/\r?\n$/, "");
  const found = new RegExp(`^${SHELL_NAME}: \\d+: exec: .*: ([^:\n]+)$`).exec(line);
  if (found === null || line.includes("\n")) return undefined;
  return found[1] === "not found" ? "No such file or directory" : found[1];
}

const hex = (byte: number) => byte.toString(16).padStart(2, "0");

/** A new mark's value: 128 random bits in hex (getRandomValues costs less at a process's start than randomUUID). */
function newMark(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), hex).join("");
}

/**
 * End every process of this user whose environment holds `entry` (a whole
 * `NAME=value`), in up to five rounds, as the sweep does for the mark (Linux
 * only; elsewhere, and when `sh` cannot start, nothing). For what an agent run
 * leaves in a session of its own with an environment it built afresh, where
 * the mark is gone but the run's throwaway `HOME` is still there: Cline's hub
 * daemon is one.
 *
 * @param entry The environment entry, such as `HOME=/tmp/world/home`.
 * @param os The operating system.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { endByEnvironment } from "./process_tree.ts";
 * // No process holds this entry: nothing is ended, and it resolves.
 * assert.equal(await endByEnvironment("HOME=/nonexistent/everyhook-example"), undefined);
 * ```
 */
export async function endByEnvironment(
  entry: string,
  os: typeof Deno.build.os = Deno.build.os,
): Promise<void> {
  if (os !== "linux") return;
  try {
    // No pid on stdin: every process of this user is looked at.
    await sweepCommand(entry, "null").output();
  } catch {
    // no sh: nothing to end with
  }
}

/**
 * The sweep script as a program: `sh` with no environment of its own, ending
 * the processes whose environment holds `entry`. With stdin piped it waits
 * for the hook's pid and for stdin to close (a sweeper); with stdin null it
 * looks at every process of this user at once. In a session of its own, so
 * that a signal to run's group does not end it before it has swept.
 */
function sweepCommand(entry: string, stdin: "piped" | "null"): Deno.Command {
  return inSession("/bin/sh", ["-c", SWEEP_SCRIPT, "everyhook-sweep", entry], {
    env: { PATH: SWEEP_PATH },
    clearEnv: true,
    stdin,
    stdout: "null",
    stderr: "null",
  }, "linux").command;
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

/** A started sweeper: {@linkcode Sweeper.sweep} ends the marked processes, and the sweeper. */
export interface Sweeper {
  /** The mark to put in the hook's environment, `name=value`; empty when there is no sweeper. */
  readonly mark: { name: string; value: string } | undefined;
  /**
   * Give the sweeper the started hook's pid, whose process group it ends at
   * the sweep, and when `run` ends in any way.
   *
   * @returns False when there is no sweeper: stopping the hook's group is then the caller's.
   */
  watch(pid: number): boolean;
  /** Close the sweeper's stdin: it ends every marked process and exits. Resolves when it has. */
  sweep(): Promise<void>;
}

/**
 * Start a sweeper for one hook (Linux only; elsewhere, and when `sh` cannot
 * start, a sweeper that does nothing).
 *
 * @param os The operating system.
 * @returns The sweeper; give the hook its mark.
 *
 * @example Usage
 * ```ts ignore
 * import { startSweeper } from "./process_tree.ts";
 * const sweeper = startSweeper(Deno.build.os);
 * // ... start the hook with sweeper.mark in its environment, wait for it ...
 * await sweeper.sweep();
 * ```
 */
export function startSweeper(os: typeof Deno.build.os): Sweeper {
  const none: Sweeper = { mark: undefined, watch: () => false, sweep: () => Promise.resolve() };
  if (os !== "linux") return none;
  const value = newMark();
  let child: Deno.ChildProcess;
  try {
    child = sweepCommand(`${RUN_ID_VAR}=${value}`, "piped").spawn();
  } catch {
    return none;
  }
  const writer = child.stdin.getWriter();
  let swept: Promise<void> | undefined;
  let told: Promise<void> | undefined;
  return {
    mark: { name: RUN_ID_VAR, value },
    watch(pid: number) {
      told ??= writer.write(new TextEncoder().encode(`${pid}\n`)).catch(() => {});
      return true;
    },
    sweep() {
      swept ??= (async () => {
        await told;
        try {
          await writer.close();
        } catch {
          // the sweeper ended already
        }
        await child.status;
      })();
      return swept;
    },
  };
}
