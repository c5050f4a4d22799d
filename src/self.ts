/**
 * What differs when everyhook runs as a compiled binary: the one module that
 * reads `Deno.build.standalone`, `Deno.execPath()` and `Deno.mainModule`.
 * Everything else takes these facts as a value, so tests inject both answers.
 * On `run`'s path: imports nothing.
 *
 * @module
 */

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
 * import { runtimeFacts } from "./self.ts";
 * console.assert(typeof runtimeFacts().standalone === "boolean");
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
