/**
 * How the lines install writes start the hook: directly (a module written
 * with the SDK, started by deno with its shebang's permissions) or through
 * everyhook's `run`; and, before anything is written, the check that a
 * TypeScript or JavaScript hook loads the way that line will load it. Not on
 * `run`'s path.
 *
 * @module
 */

import { linePath } from "../settings/command_line.ts";
import { runsDirect } from "../hook_script/sdk_hook.ts";
import { shebangPermissions } from "../run/hook_plan.ts";
import { findOnPath } from "../os/path_search.ts";
import {
  isDenoModule,
  type LoadHow,
  type LoadResult,
  refuseUnloadable,
} from "../hook_script/load_check.ts";
import type { SdkImport } from "../hook_script/sdk_import.ts";
import { guardConfigFlag, guardWord } from "../settings/guard_line.ts";

/**
 * How the lines start the hook, and with what: a direct line written with
 * --fail-closed is guarded (see guard_line.ts), so that a hook that does not
 * load still denies.
 */
export type Starter =
  | { mode: "run" }
  | {
    mode: "direct";
    deno: string;
    permissions: string[];
    guard?: { config: string; word: string };
  };

/** What the starter and the check need of install's options. */
export interface StarterOptions {
  /** The hook as the person named it. */
  hook: string;
  /** The deno this everyhook runs under, if any. */
  self: { deno?: string };
  /** Loads a hook's graph; no check without it. */
  checkLoad?: (hook: string, how: LoadHow) => Promise<LoadResult>;
  /** The SDK's import for this install. */
  sdk?: SdkImport;
  /** Write a hook that does not load anyway. */
  force?: boolean;
  /** The lines fail closed: a direct line is guarded. */
  failClosed?: boolean;
  /** Another agent's hook protocol the hook speaks (`--speaks`): always through `run`. */
  speaks?: string;
}

/** Where install runs: the environment whose PATH finds deno, and the OS. */
export interface StarterWorld {
  /** The environment. */
  env: Readonly<Record<string, string>>;
  /** The operating system. */
  os: string;
}

/**
 * Direct mode for a hook written with the SDK, when there is a deno to start
 * it with; else through `run`.
 *
 * @param hook The hook's absolute path.
 * @param source The hook's text, as install read it once (undefined: it could not be read).
 * @param options The deno this everyhook runs under.
 * @param world The environment and OS.
 * @param warnings Where a warning goes.
 * @returns How the lines start it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { starterOf } from "./install_starter.ts";
 * const s = starterOf("/no/such/hook.ts", undefined, { hook: "hook.ts", self: {} }, { env: {}, os: "linux" }, []);
 * assert.deepEqual(s, { mode: "run" });
 * const sh = starterOf("/h/a.sh", "#!/bin/sh\n", { hook: "a.sh", self: {} }, { env: {}, os: "linux" }, []);
 * assert.deepEqual(sh, { mode: "run" });
 * ```
 */
export function starterOf(
  hook: string,
  source: string | undefined,
  options: StarterOptions,
  world: StarterWorld,
  warnings: string[],
): Starter {
  if (options.speaks !== undefined) return { mode: "run" }; // another agent's protocol: through run
  if (source === undefined || !runsDirect(hook, source)) return { mode: "run" };
  const os = world.os as typeof Deno.build.os;
  const deno = options.self.deno ?? findOnPath("deno", world.env, os);
  if (deno === undefined) {
    warnings.push(
      `The hook is written with the SDK, but no "deno" is on PATH to start it directly: it goes through everyhook's run`,
    );
    return { mode: "run" };
  }
  const permissions = shebangPermissions(source.split(/\r?\n/, 1)[0] ?? "");
  const direct = { mode: "direct" as const, deno: linePath(deno, world.os), permissions };
  if (!options.failClosed) return direct;
  if (options.sdk?.guard === undefined) {
    warnings.push(
      `The line fails closed, but this everyhook cannot name the SDK's guard: a hook that does not load will exit 1, and the agent does with that what it does with any hook that exits 1`,
    );
    return direct;
  }
  const guard = {
    config: guardConfigFlag(hook, world.os),
    word: guardWord(hook, options.sdk.guard, world.os),
  };
  return { ...direct, guard };
}

/** How the line install writes loads the hook. */
function loadHowFor(
  starter: Starter,
  source: string,
  options: StarterOptions,
  world: StarterWorld,
): LoadHow | undefined {
  if (starter.mode === "direct") {
    const flag = starter.guard?.config;
    const config: LoadHow["config"] = flag === undefined
      ? { kind: "found" }
      : flag === "--no-config"
      ? { kind: "none" }
      : { kind: "file", path: flag.slice("--config=".length) };
    return { deno: starter.deno, permissions: starter.permissions, config };
  }
  const deno = options.self.deno ??
    findOnPath("deno", world.env, world.os as typeof Deno.build.os);
  const permissions = shebangPermissions(source.split(/\r?\n/, 1)[0] ?? "");
  return deno === undefined ? undefined : { deno, permissions, config: { kind: "found" } };
}

/**
 * Refuse a TypeScript or JavaScript hook that does not load the way its line
 * will load it (with `force`, warn instead); other hooks are not checked.
 *
 * @param hook The hook's absolute path.
 * @param source The hook's text, as install read it once (undefined: it could not be read).
 * @param starter How its lines start it.
 * @param options The check, the SDK's import and `force`.
 * @param world The environment and OS.
 * @param warnings Where a warning goes.
 * @throws {EveryhookError} `hook-broken` for a hook that does not load.
 *
 * @example Usage
 * ```ts
 * import { checkStarterLoads } from "./install_starter.ts";
 * await checkStarterLoads("/h/a.sh", "#!/bin/sh\n", { mode: "run" }, { hook: "a.sh", self: {} }, { env: {}, os: "linux" }, []);
 * ```
 */
export async function checkStarterLoads(
  hook: string,
  source: string | undefined,
  starter: Starter,
  options: StarterOptions,
  world: StarterWorld,
  warnings: string[],
): Promise<void> {
  if (options.checkLoad === undefined || !isDenoModule(hook)) return;
  const text = source ?? "";
  await refuseUnloadable({
    hook,
    given: options.hook,
    source: text,
    how: loadHowFor(starter, text, options, world),
    check: options.checkLoad,
    force: options.force ?? false,
    ...(options.sdk ? { sdk: options.sdk } : {}),
  }, warnings);
}
