/**
 * The sweeper: what ends every process a hook started on Linux, those it
 * detached from its process group too, and the two ways a hook starts with
 * one. The programs it starts (`sh` with `grep`, through `setsid`) serve only
 * that. On `run`'s path: imports only process_tree.ts.
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
 * without a listener in `run` (process_tree.ts's `passStops` is for where
 * there is no sweeper). Where `run` ended before the hook's pid reached the pipe (the pid
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
 * @module
 */

import { inSession, setsidProgram } from "./process_tree.ts";

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
 * looked at. Exported for its tests.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { SWEEP_SCRIPT } from "./sweeper.ts";
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
 * import { HOOK_SHELL } from "./sweeper.ts";
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

/**
 * Names a hook's environment may not hold for {@linkcode HOOK_SHELL}: those
 * dash sets afresh when it starts, whatever the environment held, and the one
 * that carries the stdin.
 */
const SHELL_OWN = new Set(["IFS", "OPTIND", "PPID", STDIN_VAR]);

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
 * import { oneStartText } from "./sweeper.ts";
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
    if (SHELL_OWN.has(name) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return undefined;
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
 * @returns The started shell, which becomes the hook.
 *
 * @example Usage
 * ```ts ignore
 * import { startWithSweeper } from "./sweeper.ts";
 * const child = startWithSweeper("/bin/cat", [], bytes, { cwd, env }, Deno.build.os);
 * // ... read its output; close child.stdin to sweep ...
 * ```
 */
export function startWithSweeper(
  program: string,
  args: readonly string[],
  stdin: Uint8Array,
  options: { cwd: string; env: Readonly<Record<string, string>> },
  os: typeof Deno.build.os,
): Deno.ChildProcess | undefined {
  const text = oneStartText(stdin, options.env, options.cwd, os);
  const setsid = setsidProgram(os);
  if (text === undefined || setsid === undefined) return undefined;
  try {
    return new Deno.Command(setsid, {
      args: ["/bin/sh", "-c", HOOK_SHELL, SHELL_NAME, program, ...args],
      cwd: options.cwd,
      env: { ...options.env, [RUN_ID_VAR]: newMark(), [STDIN_VAR]: text },
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
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
 * import { shellFailure } from "./sweeper.ts";
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
 * import { endByEnvironment } from "./sweeper.ts";
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
 * import { startSweeper } from "./sweeper.ts";
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
