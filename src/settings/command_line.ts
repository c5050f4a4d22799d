/**
 * The lines install writes into an agent's file, and reading them back. A
 * `run` line starts everyhook the way this process was started (see
 * `selfInvocation` in self.ts), then `run --agent <a> --event <e> --timeout
 * <s> [--fail-closed] -- <hook>`. A direct line starts a hook written with the
 * SDK with deno itself: `deno run --quiet --no-prompt --v8-flags=--no-lazy
 * <the hook's shebang permissions> <hook> --everyhook-agent <a> --everyhook-event <e>
 * --everyhook-timeout <s> [--everyhook-fail-closed]`. Paths are absolute and
 * double-quoted; on Windows they use forward slashes, which Git Bash,
 * PowerShell and cmd.exe all take. A path holding a character those shells
 * read differently inside double quotes is refused. Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";
import { EveryhookError } from "../contract/errors.ts";
import { DIRECT_FLAGS, directWords, readDirectArgs } from "../hook/direct_args.ts";
import type { SelfForm } from "./self.ts";
import { NO_LAZY } from "../os/runtime.ts";
import { guardedHook } from "./guard_line.ts";
import { speaksWords } from "./speaks_line.ts";

/** What one `run` line says. */
export interface RunLine {
  /** The agent's id. */
  agent: string;
  /** The contract event. */
  event: string;
  /** The seconds `run` gives the hook. */
  timeout: number;
  /** Whether a failing hook denies. */
  failClosed: boolean;
  /** The hook's absolute path, or with `inProject` its path relative to the project. */
  hook: string;
  /** The hook is named relative to the project folder (`--in-project`, what sync writes). */
  inProject?: boolean;
  /** The agent whose hook protocol the hook is written for (`--speaks`), if any. */
  speaks?: string;
  /** The only kinds of tool call a spoken hook is given (`--only-tools`). */
  onlyTools?: readonly string[];
}

/**
 * How a line starts the hook: through everyhook's `run`, or directly (a hook
 * written with the SDK, started by deno, doing everyhook's part itself).
 */
export type LineMode = "run" | "direct";

/** A line read back: what it says, and how it starts everyhook. */
export interface ParsedLine extends RunLine {
  /** How it starts the hook. */
  mode: LineMode;
  /** The words before `run` (a direct line: the words before the hook). */
  self: string[];
  /**
   * Which way it starts everyhook (`other` for a form this version does not
   * write, and for a direct line, which starts no everyhook).
   */
  form: SelfForm | "other";
  /** Arguments given to the hook after its path. */
  args: string[];
}

// Characters that Git Bash, PowerShell or cmd.exe treat specially inside double quotes,
// plus control characters and the backslash (an escape in sh's double quotes).
// deno-lint-ignore no-control-regex -- control characters are exactly what is refused
const REFUSED = /["$`%\\\u0000-\u001f\u007f]/;
const BARE = /^[A-Za-z0-9_.:=,@+-]+$/;
const BARE_PROGRAM = /^[A-Za-z0-9_./:+-]+$/;

/**
 * Refuse a word that cannot be written safely into a line.
 *
 * @param word The path or word.
 * @param what What it is, for the message (`the hook`, `deno`).
 * @throws {EveryhookError} `path-refused` when it holds `"`, `$`, a backtick, `%`,
 *   a backslash or a control character such as a newline.
 *
 * @example Usage
 * ```ts
 * import { checkWord } from "./command_line.ts";
 * checkWord("/home/me/hooks/block.ts", "the hook");
 * ```
 */
export function checkWord(word: string, what: string): void {
  const bad = REFUSED.exec(word);
  if (bad) {
    const shown = bad[0] < " " || bad[0] === "\u007f"
      ? `U+${bad[0].charCodeAt(0).toString(16).padStart(4, "0")}`
      : bad[0];
    throw new EveryhookError(
      "path-refused",
      `Cannot write ${what} "${
        JSON.stringify(word).slice(1, -1)
      }" into a hook line: it holds "${shown}", which shells read differently; move or rename it`,
    );
  }
}

/**
 * A path as the line holds it: forward slashes on Windows, unchanged elsewhere.
 *
 * @param path An absolute path.
 * @param os The operating system the agent runs on.
 * @returns The path for the line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { linePath } from "./command_line.ts";
 * assert(linePath("C:\\hooks\\a.ts", "windows") === "C:/hooks/a.ts");
 * ```
 */
export function linePath(path: string, os: string): string {
  return os === "windows" ? path.replaceAll("\\", "/") : path;
}

/**
 * The words of a `run` line: everyhook's own words, then `run` and its options.
 *
 * @param self The words that start everyhook (`selfInvocation(...).argv`).
 * @param line What the line says.
 * @returns The words, program first.
 * @throws {EveryhookError} `path-refused` for a word that cannot be written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runArgv } from "./command_line.ts";
 * const argv = runArgv(["/bin/everyhook"], {
 *   agent: "codex", event: "stop", timeout: 28, failClosed: false, hook: "/h/a.ts",
 * });
 * assert(argv.join(" ") === "/bin/everyhook run --agent codex --event stop --timeout 28 -- /h/a.ts");
 * ```
 */
export function runArgv(self: readonly string[], line: RunLine): string[] {
  const argv = [
    ...self,
    "run",
    "--agent",
    line.agent,
    "--event",
    line.event,
    "--timeout",
    String(line.timeout),
    ...(line.failClosed ? ["--fail-closed"] : []),
    ...speaksWords(line.speaks, line.onlyTools),
    ...(line.inProject ? ["--in-project"] : []),
    "--",
    line.hook,
  ];
  argv.forEach((word, i) => checkWord(word, i === 0 ? "the program" : "a path"));
  return argv;
}

/**
 * The words of a direct line: deno, `run`, the flags that keep it quiet and
 * never prompting, the hook's own permissions, the hook, and direct mode's flags.
 *
 * @param deno The deno program's absolute path.
 * @param permissions The permission flags of the hook's shebang.
 * @param line What the line says.
 * @param guard For a guarded line (see guard_line.ts): its configuration flag
 *   and the guard module's word, which stand in for the hook.
 * @returns The words, program first.
 * @throws {EveryhookError} `path-refused` for a word that cannot be written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { directArgv } from "./command_line.ts";
 * const argv = directArgv("/bin/deno", ["--allow-run=git"], {
 *   agent: "codex", event: "pre-tool", timeout: 28, failClosed: false, hook: "/h/a.ts",
 * });
 * assert(argv.join(" ") === "/bin/deno run --quiet --no-prompt --v8-flags=--no-lazy --allow-run=git /h/a.ts --everyhook-agent codex --everyhook-event pre-tool --everyhook-timeout 28");
 * ```
 */
export function directArgv(
  deno: string,
  permissions: readonly string[],
  line: RunLine,
  guard?: { config: string; word: string },
): string[] {
  const argv = [
    deno,
    ...DIRECT_DENO_FLAGS,
    ...permissions,
    ...(guard ? [guard.config, guard.word] : [line.hook]),
    ...directWords(line),
  ];
  argv.forEach((word, i) => checkWord(word, i === 0 ? "the program" : "a path"));
  return argv;
}

/** What a direct line puts between deno and the hook's permissions (NO_LAZY: see runtime.ts). */
const DIRECT_DENO_FLAGS: readonly string[] = ["run", "--quiet", "--no-prompt", NO_LAZY];

/**
 * Join words into one line a shell runs: the program bare when it can be, every
 * word with a slash (paths, a JSR specifier) in double quotes.
 *
 * @param argv The words, program first.
 * @returns The line.
 * @throws {EveryhookError} `path-refused` for a word that cannot be written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellLine } from "./command_line.ts";
 * assert(shellLine(["/usr/bin/deno", "/a b/cli.ts", "run"]) === '/usr/bin/deno "/a b/cli.ts" run');
 * ```
 */
export function shellLine(argv: readonly string[]): string {
  return argv.map((word, i) => {
    checkWord(word, i === 0 ? "the program" : "a path");
    const bare = i === 0 ? BARE_PROGRAM : BARE;
    return word !== "" && bare.test(word) ? word : `"${word}"`;
  }).join(" ");
}

/**
 * Split a line into words the way the shells read the lines install writes:
 * spaces between words, double or single quotes around one.
 *
 * @param text The line.
 * @returns The words, or undefined when a quote is not closed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitLine } from "./command_line.ts";
 * assert(splitLine('a "b c" d')?.length === 3);
 * ```
 */
export function splitLine(text: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const ch of text) {
    if (quote !== undefined) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= "";
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? "") + ch;
    }
  }
  if (quote !== undefined) return undefined;
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Read a `run` line back from its words.
 *
 * @param argv The words, program first (a split line, or an entry's program and arguments).
 * @returns What the line says, or undefined when it is not a line everyhook writes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseArgv } from "./command_line.ts";
 * const p = parseArgv(["deno", "run", "--allow-read", "/e/cli.ts", "run", "--agent", "codex",
 *   "--event", "pre-tool", "--timeout", "28", "--", "/h/a.ts"]);
 * assert(p?.form === "clone" && p.hook === "/h/a.ts");
 * ```
 */
export function parseArgv(argv: readonly string[]): ParsedLine | undefined {
  for (let i = 1; i < argv.length; i++) {
    if (argv[i] !== "run") continue;
    const rest = parseRunOptions(argv.slice(i + 1));
    if (rest === undefined) continue;
    const self = argv.slice(0, i);
    return { ...rest, mode: "run", self, form: formOf(self) };
  }
  return parseDirect(argv);
}

/** A direct line: `<deno> run <flags> <hook> --everyhook-...`, nothing else after the hook. */
function parseDirect(argv: readonly string[]): ParsedLine | undefined {
  const flag = DIRECT_FLAGS.agent;
  if (argv[1] !== "run" || !argv.some((w) => w === flag || w.startsWith(`${flag}=`))) {
    return undefined;
  }
  let at = 2;
  while (at < argv.length && (argv[at] as string).startsWith("-")) at++;
  const word = argv[at];
  if (word === undefined) return undefined;
  const hook = guardedHook(word) ?? word;
  const rest = argv.slice(at + 1);
  const reading = readDirectArgs(rest);
  if (reading.kind !== "direct") return undefined;
  if (!onlyDirectFlags(rest)) return undefined; // words of the hook's own: not a line of ours
  const { agent, event, timeout, failClosed } = reading.args;
  return {
    agent,
    event,
    timeout,
    failClosed,
    hook,
    args: [],
    mode: "direct",
    self: argv.slice(0, at),
    form: "other",
  };
}

/**
 * Read a `run` line back from its text.
 *
 * @param text The command line, as an agent's file holds it.
 * @returns What the line says, or undefined when it is not a line everyhook writes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLine } from "./command_line.ts";
 * const p = parseLine('"C:/bin/everyhook.exe" run --agent codex --event stop --timeout 1 -- "C:/h/a.ts"');
 * assert(p?.form === "binary" && p.event === "stop");
 * ```
 */
export function parseLine(text: string): ParsedLine | undefined {
  const words = splitLine(text);
  return words === undefined ? undefined : parseArgv(words);
}

function onlyDirectFlags(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === DIRECT_FLAGS.failClosed) continue;
    const name = word.split("=")[0];
    if (
      name !== DIRECT_FLAGS.agent && name !== DIRECT_FLAGS.event && name !== DIRECT_FLAGS.timeout
    ) {
      return false;
    }
    if (!word.includes("=")) i++;
  }
  return true;
}

function parseRunOptions(
  words: string[],
): Omit<ParsedLine, "self" | "form" | "mode"> | undefined {
  let agent: string | undefined;
  let event: string | undefined;
  let timeout = 25;
  let failClosed = false;
  let inProject = false;
  let speaks: string | undefined;
  let onlyTools: string[] | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === "--") {
      const hook = words[i + 1];
      if (agent === undefined || event === undefined || hook === undefined) return undefined;
      const spoken = speaks === undefined ? {} : { speaks, ...(onlyTools ? { onlyTools } : {}) };
      const args = words.slice(i + 2);
      return {
        agent,
        event,
        timeout,
        failClosed,
        hook,
        args,
        ...spoken,
        ...(inProject ? { inProject } : {}),
      };
    }
    if (word === "--in-project") {
      inProject = true;
      continue;
    }
    const eq = word.indexOf("=");
    const name = eq > 0 ? word.slice(0, eq) : word;
    const inline = eq > 0 ? word.slice(eq + 1) : undefined;
    if (name === "--fail-closed" || name === "--json") {
      if (name === "--fail-closed") failClosed = inline !== "false";
      continue;
    }
    if (!["--agent", "--event", "--timeout", "--speaks", "--only-tools"].includes(name)) {
      return undefined;
    }
    const value = inline ?? words[++i];
    if (value === undefined) return undefined;
    if (name === "--speaks") speaks = value;
    else if (name === "--only-tools") onlyTools = value.split(",");
    else if (name === "--agent") agent = value;
    else if (name === "--event") event = value;
    else {
      timeout = Number(value);
      if (!Number.isFinite(timeout)) return undefined;
    }
  }
  return undefined;
}

function formOf(self: string[]): SelfForm | "other" {
  if (self.length === 1) return "binary";
  if (self.some((w) => w.startsWith("jsr:@everyhook/cli"))) return "jsr";
  if (self.some((w) => /(^|[\\/])(cli\.ts|run\.ts|run\.bundle\.js)$/.test(w))) return "clone";
  return "other";
}

const WINDOWS_PATH = /^(?:[A-Za-z]:[\\/]|\\\\|\/\/[^/])/;

/**
 * Whether two absolute paths name the same file, in the path style they are
 * written in (Windows paths compare without regard to case or slash direction).
 *
 * @param a One path.
 * @param b The other.
 * @returns True when they are the same.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { samePath } from "./command_line.ts";
 * assert(samePath("C:/Hooks/a.ts", "c:\\hooks\\a.ts"));
 * assert(!samePath("/h/A.ts", "/h/a.ts"));
 * ```
 */
export function samePath(a: string, b: string): boolean {
  if (WINDOWS_PATH.test(a) || WINDOWS_PATH.test(b)) {
    return win32.normalize(a).toLowerCase() === win32.normalize(b).toLowerCase();
  }
  return posix.normalize(a) === posix.normalize(b);
}
