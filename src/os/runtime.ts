/**
 * What differs when everyhook runs as a compiled binary, and the names of the
 * Deno permissions: the one module that reads `Deno.build.standalone`,
 * `Deno.build.target`, `Deno.execPath()` and `Deno.mainModule`. Everything else takes these facts as
 * a value, so tests inject both answers. Imports nothing.
 *
 * @module
 */

/**
 * A Deno permission a command needs. `net` is the network on 127.0.0.1 alone
 * (verify's fake model API), never any other host.
 */
export type PermissionName = "read" | "write" | "run" | "env" | "net";

/** The Deno permissions `everyhook run` needs under `deno run`: read, run and env, nothing more. */
export const RUN_PERMISSIONS: readonly PermissionName[] = ["read", "run", "env"];

/**
 * The V8 flag of a `run` line that names run.ts, of a direct line, and of the
 * deno `run` starts a TypeScript hook with. V8 compiles a function the first
 * time it is called, and Deno's code cache keeps only what was compiled when
 * the module loaded, so each call paid again for compiling every function it
 * ran; `--no-lazy` has V8 compile each module whole, once, into the cache
 * (docs/speed.md has what it saves). A line that names run.bundle.js goes
 * without it ({@linkcode BUNDLE_FLAGS}).
 */
export const NO_LAZY = "--v8-flags=--no-lazy";

/**
 * The flags before the permissions of a `run` line that names run.bundle.js,
 * in a clone or from JSR. No `--no-lazy`: the bundle and its chunks are
 * written so that V8 compiles their functions with the module
 * (scripts/eager_functions.ts), and the flag would also have V8 compile whole
 * the streams and process code Deno loads when `run` first starts a program,
 * which costs `run` more than it saves. `--no-sparkplug`: V8's baseline
 * compiler, which compiles again the functions a call has run a few times,
 * does not pay in a process that lives a tenth of a second (docs/speed.md has
 * both measured). `--no-config`: the bundle imports only its chunks, and needs
 * no deno.json, neither the clone's nor, from JSR, that of the project the
 * agent runs it in.
 */
export const BUNDLE_FLAGS: readonly string[] = ["--v8-flags=--no-sparkplug", "--no-config"];

/**
 * The `deno run` flag that grants a permission.
 *
 * @param name The permission.
 * @returns The flag, such as `--allow-run`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { flagFor } from "./runtime.ts";
 * assert(flagFor("env") === "--allow-env");
 * assert(flagFor("net") === "--allow-net=127.0.0.1");
 * ```
 */
export function flagFor(name: PermissionName): string {
  return name === "net" ? `--allow-net=${LOOPBACK}` : `--allow-${name}`;
}

/**
 * The one host everyhook opens a socket on (verify's fake model API).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { LOOPBACK } from "./runtime.ts";
 * assert(LOOPBACK === "127.0.0.1");
 * ```
 */
export const LOOPBACK = "127.0.0.1";

/** The facts about how this process runs. */
export interface RuntimeFacts {
  /** True in a binary made by `deno compile`. */
  standalone: boolean;
  /** The running executable: deno, or the compiled binary itself. */
  execPath: string;
  /** The main module's URL (file:, https:, jsr:, or deno-compile:). */
  mainModule: string;
  /** The operating system. */
  os: typeof Deno.build.os;
}

/**
 * Read the facts of this process. Needs no permission.
 *
 * @returns The facts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runtimeFacts } from "./runtime.ts";
 * assert(typeof runtimeFacts().standalone === "boolean");
 * ```
 */
export function runtimeFacts(): RuntimeFacts {
  return {
    standalone: Deno.build.standalone,
    execPath: Deno.execPath(),
    mainModule: Deno.mainModule,
    os: Deno.build.os,
  };
}

/**
 * The target this process was built for: Deno's own under `deno run`, the
 * binary's after `deno compile --target`. Needs no permission.
 *
 * @returns A target such as `x86_64-unknown-linux-gnu`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildTarget } from "./runtime.ts";
 * assert(buildTarget().includes("-"));
 * ```
 */
export function buildTarget(): string {
  return Deno.build.target;
}
