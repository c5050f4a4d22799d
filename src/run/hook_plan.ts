/**
 * How a hook is started: the interpreter its extension (or a `.sh` hook's `#!` line) calls for, the
 * permissions of a TypeScript hook's own shebang line, and the facts about
 * the machine that decide both. It only decides; `runHook` in
 * hook_process.ts starts the program. On `run`'s path: imports nothing but
 * runtime.ts and path_search.ts.
 *
 * @module
 */

import { notAHookFile } from "../os/read_bounded.ts";
import { NO_LAZY, runtimeFacts } from "../os/runtime.ts";
import { extensionOf, findOnPath, hasSeparator, isFile, resolvePath } from "../os/path_search.ts";

/** The facts about the machine that decide how a hook is started. */
export interface HostFacts {
  /** The operating system. */
  os: typeof Deno.build.os;
  /** True in a compiled binary, where there is no deno to run a TypeScript hook with. */
  standalone: boolean;
  /** The running executable (deno, under `deno run`). */
  execPath: string;
  /**
   * False to start a hook apart from its sweeper even where they can be one
   * program (tests compare the two ways); default true.
   */
  oneStart?: boolean;
}

/** How a hook is started: the program and its arguments, or why it cannot be. */
export type HookPlan =
  | {
    ok: true; /** The program, an absolute path. */
    program: string; /** Its arguments. */
    args: string[];
  }
  | { ok: false; message: string };

const DENO_EXTENSIONS = new Set([".ts", ".mts", ".js", ".mjs", ".cjs"]);
const KNOWN_EXTENSIONS = new Set([...DENO_EXTENSIONS, ".sh", ".ps1", ".cmd", ".bat"]);

/**
 * The machine's facts, from {@linkcode runtimeFacts}.
 *
 * @returns The facts a hook is started by.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hostFacts } from "./hook_plan.ts";
 * assert(typeof hostFacts().standalone === "boolean");
 * ```
 */
export function hostFacts(): HostFacts {
  const f = runtimeFacts();
  return { os: f.os, standalone: f.standalone, execPath: f.execPath };
}

/**
 * Decide how to start a hook: the interpreter by its extension (.ts .mts .js
 * .mjs .cjs with Deno and exactly the permissions of its own shebang line; .sh
 * with the interpreter its `#!` line names, or bash when it has none (always
 * bash on Windows); .ps1 with pwsh or powershell; .cmd and .bat with cmd.exe on
 * Windows), anything else as it is.
 *
 * @param argv The hook and its arguments.
 * @param base The folder a relative hook path is read from.
 * @param env The environment whose PATH finds programs.
 * @param facts The machine's facts.
 * @returns The program and its arguments, or why the hook cannot start.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { planHook } from "./hook_plan.ts";
 * const plan = planHook(["/no/such/hook.sh"], "/", {}, { os: "linux", standalone: false, execPath: "/usr/bin/deno" });
 * assert(!plan.ok);
 * ```
 */
export function planHook(
  argv: readonly string[],
  base: string,
  env: Readonly<Record<string, string>>,
  facts: HostFacts,
): HookPlan {
  const [hook, ...args] = argv;
  if (hook === undefined || hook === "") return { ok: false, message: "No hook was given" };
  const windows = facts.os === "windows";
  const ext = extensionOf(hook);
  const pathLike = hasSeparator(hook, windows) || KNOWN_EXTENSIONS.has(ext);
  if (!pathLike) {
    const found = findOnPath(hook, env, facts.os);
    return found
      ? { ok: true, program: found, args }
      : { ok: false, message: `Cannot start the hook: "${hook}" is not on PATH` };
  }
  const file = resolvePath(base, hook, windows);
  if (!isFile(file)) {
    const why = notAHookFile(file) ?? "does not exist";
    return { ok: false, message: `Cannot start the hook: "${file}" ${why}` };
  }
  const interpreter = (program: string | undefined, name: string, pre: string[]): HookPlan =>
    program
      ? { ok: true, program, args: [...pre, file, ...args] }
      : { ok: false, message: `Cannot start the hook "${file}": ${name} is not on PATH` };
  if (DENO_EXTENSIONS.has(ext)) {
    const deno = facts.standalone ? findOnPath("deno", env, facts.os) : facts.execPath;
    if (!deno) {
      return {
        ok: false,
        message:
          `Cannot start the hook "${file}": this everyhook is a compiled binary and no "deno" is on PATH to run it with`,
      };
    }
    return interpreter(deno, "deno", [
      "run",
      "--no-prompt",
      NO_LAZY,
      ...shebangPermissions(firstLine(file)),
    ]);
  }
  if (ext === ".sh") {
    const named = windows ? undefined : shebangInterpreter(firstLine(file));
    if (named === undefined) return interpreter(findOnPath("bash", env, facts.os), "bash", []);
    if (!named.program.startsWith("/") || !isFile(named.program)) {
      return {
        ok: false,
        message:
          `Cannot start the hook "${file}": the interpreter its first line names, "${named.program}", is not a file (write its absolute path)`,
      };
    }
    return { ok: true, program: named.program, args: [...named.args, file, ...args] };
  }
  if (ext === ".ps1") {
    const ps = findOnPath("pwsh", env, facts.os) ?? findOnPath("powershell", env, facts.os);
    return interpreter(ps, "pwsh or powershell", ["-NoProfile", "-File"]);
  }
  if (windows && (ext === ".cmd" || ext === ".bat")) {
    const cmd = findOnPath("cmd", env, facts.os) ?? env.ComSpec ?? env.COMSPEC;
    return interpreter(cmd, "cmd.exe", ["/d", "/s", "/c"]);
  }
  return { ok: true, program: file, args };
}

/**
 * The interpreter a `#!` line names, read as Linux reads it: the path up to the
 * first space or tab, and everything after it, trimmed, as one argument.
 * Undefined for a line that is not a `#!` line or names nothing.
 *
 * @param line The hook's first line.
 * @returns The interpreter and its argument (none, or one).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shebangInterpreter } from "./hook_plan.ts";
 * assert.deepEqual(shebangInterpreter("#!/bin/sh"), { program: "/bin/sh", args: [] });
 * assert.deepEqual(shebangInterpreter("#! /usr/bin/env bash -e"), {
 *   program: "/usr/bin/env",
 *   args: ["bash -e"],
 * });
 * assert.equal(shebangInterpreter("echo hi"), undefined);
 * ```
 */
export function shebangInterpreter(
  line: string,
): { program: string; args: string[] } | undefined {
  if (!line.startsWith("#!")) return undefined;
  const rest = line.slice(2).replace(/^[ \t]+/, "").replace(/[ \t\r]+$/, "");
  const m = /^([^ \t]+)(?:[ \t]+(.*))?$/.exec(rest);
  if (!m) return undefined;
  const arg = (m[2] ?? "").trim();
  return { program: m[1] as string, args: arg === "" ? [] : [arg] };
}

/**
 * The permission flags of a hook's `#!/usr/bin/env -S deno run ...` line: every
 * `--allow-*`, `--deny-*`, `-A` and short permission flag after `deno run`, and
 * nothing else. No shebang, or one that does not run deno: no permissions.
 *
 * @param line The hook's first line.
 * @returns The flags to pass to `deno run`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shebangPermissions } from "./hook_plan.ts";
 * const flags = shebangPermissions("#!/usr/bin/env -S deno run --allow-read=. --quiet --allow-env");
 * assert(flags.join(" ") === "--allow-read=. --allow-env");
 * ```
 */
export function shebangPermissions(line: string): string[] {
  if (!line.startsWith("#!")) return [];
  const words = line.slice(2).trim().split(/\s+/);
  const at = words.findIndex((w, i) => /(^|[\\/])deno(\.exe)?$/.test(w) && words[i + 1] === "run");
  if (at < 0) return [];
  const flags: string[] = [];
  for (const word of words.slice(at + 2)) {
    if (!word.startsWith("-")) break;
    if (/^--(allow|deny)-[a-z-]+(=.*)?$/.test(word) || /^-[ARWNESI]+(=.*)?$/.test(word)) {
      flags.push(word);
    }
  }
  return flags;
}

function firstLine(file: string): string {
  try {
    using f = Deno.openSync(file);
    const buf = new Uint8Array(4096);
    const n = f.readSync(buf) ?? 0;
    return new TextDecoder().decode(buf.subarray(0, n)).split(/\r?\n/)[0] ?? "";
  } catch {
    return "";
  }
}
