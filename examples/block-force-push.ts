#!/usr/bin/env -S deno run --allow-env=EVERYHOOK_PROTECTED_BRANCHES --allow-run=git
/**
 * An everyhook hook: refuse a force push to a protected branch, in any agent.
 * Written with the SDK, so install writes it in direct mode: the agent starts
 * it with exactly the permissions of the line above, and no everyhook process
 * runs in between.
 *
 * At pre-tool, it looks at every `git push` in a shell command (compound commands, quotes and `git -C dir`
 * included). A push is forced by `--force`, `-f` (also inside a cluster such as
 * `-fu`), a `+refspec`, or `--all`/`--mirror` together with a force;
 * `--force-with-lease` is left alone. The protected branches are main and
 * master, or the comma-separated list in EVERYHOOK_PROTECTED_BRANCHES (`*`
 * matches any text). When a forced push names no branch, the current branch is
 * asked of git; when that cannot be told, the push is refused.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { forcedPushes } from "./block-force-push.ts";
 * const found = forcedPushes("git push -fu origin main", { protectedBranches: ["main"] });
 * assert(found[0]?.branch === "main");
 * ```
 *
 * @module
 */

import { defineHook, deny, type HookAnswer, isShell } from "../hook.bundle.js";

/** A force push to a protected branch, found in a command. */
export interface ForcedPush {
  /** The branch it would overwrite, or undefined when it could not be told. */
  branch: string | undefined;
  /** The `git push ...` words it was found in. */
  words: string[];
}

/** What forcedPushes needs besides the command. */
export interface ForcedPushOptions {
  /** Branch names or patterns with `*`. */
  protectedBranches: readonly string[];
  /** The branch checked out in a folder (`undefined` folder: the agent's), or undefined when unknown. */
  currentBranch?: (dir: string | undefined) => string | undefined;
}

/** The branches protected when EVERYHOOK_PROTECTED_BRANCHES is not set. */
export const DEFAULT_PROTECTED: readonly string[] = ["main", "master"];

/**
 * Split a shell command line into simple commands, each a list of words, with
 * quotes and backslashes resolved. Operators `&&`, `||`, `;`, `|`, `&` and new
 * lines separate commands; `$(...)` and backticks are read as words.
 *
 * @param line The command line.
 * @returns The simple commands.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitCommands } from "./block-force-push.ts";
 * const cmds = splitCommands(`cd a && git push "origin" main; echo ok`);
 * assert(cmds.length === 3 && cmds[1]?.[2] === "origin");
 * ```
 */
export function splitCommands(line: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      word += end === -1 ? line.slice(i + 1) : line.slice(i + 1, end);
      inWord = true;
      i = end === -1 ? line.length : end;
    } else if (c === '"') {
      inWord = true;
      for (i++; i < line.length && line[i] !== '"'; i++) {
        if (line[i] === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) i++;
        word += line[i];
      }
    } else if (c === "\\" && i + 1 < line.length) {
      if (line[i + 1] !== "\n") word += line[i + 1];
      inWord = true;
      i++;
    } else if (c === ";" || c === "&" || c === "|" || c === "\n" || c === "(" || c === ")") {
      endCommand();
    } else if (c === " " || c === "\t" || c === "\r") {
      endWord();
    } else {
      word += c;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

// Words that run the command after them.
const PREFIXES = new Set(["sudo", "command", "exec", "time", "nohup", "env", "nice", "builtin"]);
// git's options before the subcommand that take a value as the next word.
const GIT_VALUE_OPTIONS = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
]);
// push options that take a value as the next word.
const PUSH_VALUE_OPTIONS = new Set(["--repo", "-o", "--push-option", "--receive-pack", "--exec"]);

/**
 * Find every forced `git push` in a command line that would overwrite a
 * protected branch. A forced push whose branch cannot be told is returned with
 * `branch: undefined`.
 *
 * @param line The shell command.
 * @param options The protected branches and a way to learn the current branch.
 * @returns The forced pushes to protected (or unknown) branches.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { forcedPushes } from "./block-force-push.ts";
 * assert(forcedPushes("git push --force-with-lease origin main", { protectedBranches: ["main"] }).length === 0);
 * ```
 */
export function forcedPushes(line: string, options: ForcedPushOptions): ForcedPush[] {
  const found: ForcedPush[] = [];
  for (const command of splitCommands(line)) {
    let i = 0;
    while (
      i < command.length &&
      (/^[A-Za-z_][A-Za-z0-9_]*=/.test(command[i] as string) || PREFIXES.has(command[i] as string))
    ) i++;
    if (!/(^|\/)git(\.exe)?$/.test(command[i] ?? "")) continue;
    const gitAt = i++;
    let dir: string | undefined;
    while (i < command.length && (command[i] as string).startsWith("-")) {
      const opt = command[i] as string;
      if (opt === "-C") dir = command[i + 1];
      i += GIT_VALUE_OPTIONS.has(opt) ? 2 : 1;
    }
    if (command[i] !== "push") continue;
    const push = readPush(command.slice(i + 1));
    const branches = pushedBranches(push, () => options.currentBranch?.(dir));
    for (const { branch, forced } of branches) {
      if (!forced) continue;
      if (branch === undefined || isProtected(branch, options.protectedBranches)) {
        found.push({ branch, words: command.slice(gitAt) });
      }
    }
  }
  return found;
}

interface PushWords {
  force: boolean;
  all: boolean;
  positionals: string[];
}

function readPush(args: string[]): PushWords {
  const push: PushWords = { force: false, all: false, positionals: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--") {
      push.positionals.push(...args.slice(i + 1));
      break;
    }
    if (a === "--force") push.force = true;
    else if (a === "--no-force") push.force = false;
    else if (a === "--all" || a === "--mirror" || a === "--branches") push.all = true;
    else if (PUSH_VALUE_OPTIONS.has(a)) i++;
    else if (a.startsWith("--")) continue;
    else if (a.startsWith("-") && a.length > 1) {
      // A cluster of short options: -f, -fu, -uf. An -o takes the rest or the next word.
      for (let j = 1; j < a.length; j++) {
        const ch = a[j];
        if (ch === "f") push.force = true;
        if (ch === "o") {
          if (j === a.length - 1) i++;
          break;
        }
      }
    } else push.positionals.push(a);
  }
  return push;
}

function pushedBranches(
  push: PushWords,
  current: () => string | undefined,
): Array<{ branch: string | undefined; forced: boolean }> {
  const refspecs = push.positionals.slice(1);
  if (push.all) {
    return [{
      branch: "*",
      forced: push.force || refspecs.some((r) => r.startsWith("+")),
    }];
  }
  if (refspecs.length === 0) {
    return push.force ? [{ branch: current(), forced: true }] : [];
  }
  return refspecs.map((spec) => {
    const forced = push.force || spec.startsWith("+");
    const bare = spec.replace(/^\+/, "");
    const colon = bare.indexOf(":");
    let target = colon === -1 ? bare : bare.slice(colon + 1);
    if (colon !== -1 && target === "") return { branch: undefined, forced: false }; // "src:" is not a push to a branch
    if (target === "HEAD" || target === "@") target = current() ?? "";
    target = target.replace(/^refs\/heads\//, "");
    return { branch: target === "" ? undefined : target, forced };
  });
}

/**
 * True when a branch is protected: equal to a name, or matching a pattern with
 * `*`. The branch `*` (a push of every branch) is protected by any list.
 *
 * @param branch The branch.
 * @param patterns The protected names and patterns.
 * @returns Whether a force push to it must be refused.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isProtected } from "./block-force-push.ts";
 * assert(isProtected("release/1.2", ["release/*"]));
 * ```
 */
export function isProtected(branch: string, patterns: readonly string[]): boolean {
  if (branch === "*") return patterns.length > 0;
  return patterns.some((p) => {
    const re = new RegExp(
      `^${p.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`,
    );
    return re.test(branch);
  });
}

/**
 * Read the protected branches from EVERYHOOK_PROTECTED_BRANCHES, or the defaults.
 *
 * @param value The variable's value.
 * @returns The list.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { protectedBranches } from "./block-force-push.ts";
 * assert(protectedBranches("dev, prod").join() === "dev,prod");
 * ```
 */
export function protectedBranches(value: string | undefined): string[] {
  const list = (value ?? "").split(",").map((s) => s.trim()).filter((s) => s !== "");
  return list.length > 0 ? list : [...DEFAULT_PROTECTED];
}

/**
 * The answer for one document: a deny for a forced push to a protected branch,
 * else nothing.
 *
 * @param doc The contract's document.
 * @param options The protected branches and the current-branch lookup.
 * @returns The answer, or undefined for no opinion.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { answerFor } from "./block-force-push.ts";
 * const doc = { event: "pre-tool", tool: { kind: "shell", command: "git push -f origin master" } };
 * assert(answerFor(doc, { protectedBranches: ["master"] })?.decision === "deny");
 * ```
 */
export function answerFor(
  doc: { event?: unknown; tool?: { kind?: unknown; command?: unknown } },
  options: ForcedPushOptions,
): HookAnswer & { decision: "deny"; reason: string } | undefined {
  if (
    doc.event !== "pre-tool" || doc.tool?.kind !== "shell" || typeof doc.tool.command !== "string"
  ) return undefined;
  const found = forcedPushes(doc.tool.command, options)[0];
  if (!found) return undefined;
  const what = found.branch === undefined
    ? "a force push whose branch could not be told (it may be a protected one)"
    : found.branch === "*"
    ? "a force push of every branch, protected ones included"
    : `a force push to the protected branch "${found.branch}"`;
  return deny(`Blocked ${what}. Push without --force, or ask the person to do it.`, {
    message: `everyhook block-force-push refused: ${found.words.join(" ")}`,
  });
}

function gitCurrentBranch(
  base: string | undefined,
): (dir: string | undefined) => string | undefined {
  return (dir) => {
    const args = ["symbolic-ref", "--quiet", "--short", "HEAD"];
    try {
      const out = new Deno.Command("git", {
        args: dir ? ["-C", dir, ...args] : args,
        ...(base ? { cwd: base } : {}),
        stdin: "null",
        stdout: "piped",
        stderr: "null",
      }).outputSync();
      const name = new TextDecoder().decode(out.stdout).trim();
      return out.success && name !== "" ? name : undefined;
    } catch {
      return undefined;
    }
  };
}

/** The hook: a deny for a forced push to a protected branch, before the shell runs it. */
export default defineHook((doc) => {
  if (doc.event !== "pre-tool" || !isShell(doc)) return;
  return answerFor(doc, {
    protectedBranches: protectedBranches(Deno.env.get("EVERYHOOK_PROTECTED_BRANCHES")),
    currentBranch: gitCurrentBranch(doc.cwd),
  });
});
