/**
 * Whether a TypeScript or JavaScript hook loads, checked before install
 * writes a line for it: Deno builds the hook's module graph (`deno cache`)
 * the way the written line will load it, with the same deno, the same
 * configuration (found beside the hook, or the one the line names, or none)
 * and the same import permission, and runs none of the hook's code. A hook
 * that does not load is a guard that guards nothing: install refuses it,
 * naming the fix. The check writes no lockfile (`--no-lock`). The program is
 * started through hook_process.ts, the one module that starts programs. Not
 * on `run`'s path.
 *
 * @module
 */

import { dirname } from "node:path";
import { EveryhookError } from "../contract/errors.ts";
import { type HookOutcome, type ProgramSpec, runProgram } from "../run/hook_process.ts";
import { readBroken } from "../run/hook_broken.ts";
import { reasonText } from "../run/hook_failure.ts";
import { isSdkSpecifier } from "./sdk_hook.ts";
import { staticImports } from "./import_scan.ts";
import type { SdkImport } from "./sdk_import.ts";

/** The extensions of the hooks Deno starts, whose graph is checked. */
const DENO_MODULES = /\.(?:ts|mts|js|mjs|cjs)$/i;

/** How the written line loads the hook. */
export interface LoadHow {
  /** The deno that starts it (an absolute path). */
  deno: string;
  /** The permission flags it is started with (its shebang's). */
  permissions: readonly string[];
  /**
   * Which configuration Deno reads: the one it finds beside the hook (a line
   * that names the hook as its main module), none, or the file the line names.
   */
  config: { kind: "found" } | { kind: "none" } | { kind: "file"; path: string };
}

/** What the check found. */
export type LoadResult =
  | { ok: true }
  | { ok: false; why: string; printed: string };

/** Starts the check's program: `runProgram` of hook_process.ts; tests pass a fake. */
export type ProgramRunner = (spec: ProgramSpec) => Promise<HookOutcome>;

/** How long the check may take: long enough to fetch a package or two the first time. */
const CHECK_TIMEOUT_MS = 120_000;

/**
 * Whether install checks a hook's graph: a module Deno runs.
 *
 * @param path The hook's path.
 * @returns True for .ts, .mts, .js, .mjs and .cjs.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isDenoModule } from "./load_check.ts";
 * assert.ok(isDenoModule("/h/guard.ts"));
 * assert.ok(!isDenoModule("/h/guard.py"));
 * ```
 */
export function isDenoModule(path: string): boolean {
  return DENO_MODULES.test(path);
}

/**
 * The words of the check: `deno cache` with the line's configuration and its
 * import permission.
 *
 * @param hook The hook's absolute path.
 * @param how How the line loads it.
 * @returns The arguments after deno.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCheckArgs } from "./load_check.ts";
 * const args = loadCheckArgs("/h/a.ts", {
 *   deno: "/bin/deno", permissions: ["--allow-env", "--allow-import=example.com"], config: { kind: "none" },
 * });
 * assert.deepEqual(args, ["cache", "--quiet", "--no-lock", "--no-config", "--allow-import=example.com", "/h/a.ts"]);
 * ```
 */
export function loadCheckArgs(hook: string, how: LoadHow): string[] {
  const config = how.config.kind === "none"
    ? ["--no-config"]
    : how.config.kind === "file"
    ? ["--config", how.config.path]
    : [];
  const imports = how.permissions.flatMap((flag) =>
    /^--allow-import(=|$)/.test(flag)
      ? [flag]
      : flag === "-A" || flag === "--allow-all" || /^-I(=|$)/.test(flag)
      ? [flag.startsWith("-I=") ? `--allow-import=${flag.slice(3)}` : "--allow-import"]
      : []
  );
  return ["cache", "--quiet", "--no-lock", ...config, ...imports, hook];
}

/**
 * Check that a hook's module graph loads.
 *
 * @param hook The hook's absolute path.
 * @param how How the written line loads it.
 * @param env The environment the check runs in (DENO_DIR, JSR_URL, proxies).
 * @param run Starts the program (default `runProgram`).
 * @returns Ok, or the first line of why it does not load and all Deno printed.
 *
 * @example Usage
 * ```ts ignore
 * import { checkLoads } from "./load_check.ts";
 * const r = await checkLoads("/h/a.ts", { deno: Deno.execPath(), permissions: [], config: { kind: "found" } }, {});
 * ```
 */
export async function checkLoads(
  hook: string,
  how: LoadHow,
  env: Readonly<Record<string, string>>,
  run: ProgramRunner = runProgram,
): Promise<LoadResult> {
  const outcome = await run({
    program: how.deno,
    args: loadCheckArgs(hook, how),
    env: { ...env, NO_COLOR: "1" },
    cwd: dirname(hook),
    timeoutMs: CHECK_TIMEOUT_MS,
  });
  if (outcome.kind === "start-failed") {
    return { ok: false, why: outcome.message, printed: "" };
  }
  if (outcome.kind === "timeout") {
    return {
      ok: false,
      why: `Deno had not loaded it after ${CHECK_TIMEOUT_MS / 1000} s`,
      printed: reasonText(outcome.stderr),
    };
  }
  if (outcome.kind === "exited" && outcome.code === 0) return { ok: true };
  const printed = reasonText(outcome.stderr.replace(/^Stack backtrace:[\s\S]*$/m, ""));
  const why = readBroken(printed) ??
    (printed.split("\n").find((l) => l.startsWith("error: "))?.slice(7) ??
      printed.split("\n")[0]) ??
    "Deno could not load it";
  return { ok: false, why: why === "" ? "Deno could not load it" : why, printed };
}

/**
 * What to do about a hook that does not load, in one sentence: where what
 * failed is its import of the SDK, the import this install can have.
 *
 * @param source The hook's text.
 * @param why The first line of why it does not load.
 * @param sdk The SDK's import for this install.
 * @returns The fix.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadFix } from "./load_check.ts";
 * const sdk = { specifier: "/opt/everyhook/src/hook/mod.ts", why: "the clone's SDK" };
 * const source = 'import { defineHook } from "jsr:@everyhook/cli/hook";';
 * const why = "JSR package manifest for '@everyhook/cli' failed to load.";
 * assert.match(loadFix(source, why, sdk), /import it from "\/opt\/everyhook\/src\/hook\/mod.ts"/);
 * assert.match(loadFix(source, "SyntaxError: Expression expected", sdk), /^fix what Deno says/);
 * ```
 */
export function loadFix(
  source: string,
  why: string,
  sdk: Pick<SdkImport, "specifier" | "why">,
): string {
  const other = staticImports(source).find((i) =>
    isSdkSpecifier(i.specifier) && i.specifier !== sdk.specifier &&
    (why.includes("@everyhook/cli") || why.includes(i.specifier.replace(/^\.{1,2}\//, "")))
  );
  if (other) {
    return `it imports the SDK from "${other.specifier}", which cannot be had here: import it from "${sdk.specifier}" (${sdk.why})`;
  }
  return "fix what Deno says, then put it to `everyhook bench` and install it again";
}

/** What {@linkcode refuseUnloadable} checks, and how. */
export interface UnloadableCheck {
  /** The hook's absolute path. */
  hook: string;
  /** The hook as the person named it. */
  given: string;
  /** Its text. */
  source: string;
  /** How the written line loads it; undefined when there is no deno to load it with. */
  how: LoadHow | undefined;
  /** Loads it. */
  check: (hook: string, how: LoadHow) => Promise<LoadResult>;
  /** The SDK's import for this install, named when the hook's own cannot be had. */
  sdk?: SdkImport;
  /** Write it anyway, with a warning. */
  force: boolean;
}

/**
 * Refuse a hook that does not load the way its line will load it (with
 * `force`, warn instead), before anything is written.
 *
 * @param c The hook, how its line loads it, and the check.
 * @param warnings Where a warning goes.
 * @throws {EveryhookError} `hook-broken` for a hook that does not load, with
 *   what Deno printed and the fix.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { refuseUnloadable } from "./load_check.ts";
 * const how = { deno: "/bin/deno", permissions: [], config: { kind: "found" as const } };
 * const check = () => Promise.resolve({ ok: false as const, why: "SyntaxError: x", printed: "" });
 * const warnings: string[] = [];
 * await assert.rejects(
 *   refuseUnloadable({ hook: "/h/a.ts", given: "a.ts", source: "", how, check, force: false }, warnings),
 *   /Cannot install "a.ts": it does not load, so it would guard nothing: SyntaxError: x/,
 * );
 * await refuseUnloadable({ hook: "/h/a.ts", given: "a.ts", source: "", how, check, force: true }, warnings);
 * assert.match(warnings[0] ?? "", /written anyway, as --force asks/);
 * ```
 */
export async function refuseUnloadable(c: UnloadableCheck, warnings: string[]): Promise<void> {
  if (c.how === undefined) {
    warnings.push(
      `Not checked that the hook loads: no "deno" is on PATH to load it with (and none to run it)`,
    );
    return;
  }
  const result = await c.check(c.hook, c.how);
  if (result.ok) return;
  const fix = c.sdk
    ? loadFix(c.source, result.why, c.sdk)
    : "fix what Deno says, then put it to `everyhook bench` and install it again";
  if (c.force) {
    warnings.push(
      `The hook does not load (${result.why}), so it guards nothing until it does; written anyway, as --force asks. To fix: ${fix}`,
    );
    return;
  }
  throw new EveryhookError(
    "hook-broken",
    `Cannot install "${c.given}": it does not load, so it would guard nothing: ${result.why}\n${
      result.printed === "" ? "" : `Deno printed:\n${result.printed}\n`
    }To fix: ${fix}. (--force writes it anyway.)`,
  );
}
