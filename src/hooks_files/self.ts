/**
 * How everyhook starts itself, as the agents will start it: the program and its
 * arguments up to the command name, worked out from the facts of this process
 * (`runtime.ts`, the one module that reads them), so tests inject every form.
 *
 * @module
 */

import { flagFor, RUN_PERMISSIONS, type RuntimeFacts } from "../run/runtime.ts";
export type { RuntimeFacts } from "../run/runtime.ts";

/**
 * How everyhook starts itself, as the agents will start it.
 *
 * - `binary`: a compiled binary; the program is its own path.
 * - `clone`: `deno run` of cli.ts in a clone or copy on disk.
 * - `jsr`: `deno run` of the package from JSR, at one version.
 */
export type SelfForm = "binary" | "clone" | "jsr";

/** The words that start everyhook, before its command. */
export interface SelfInvocation {
  /** Which of the three ways this is. */
  form: SelfForm;
  /** The program and its arguments up to the command name (`run`). */
  argv: string[];
  /** What the person should know about this line (a program in a cache that may go away). */
  warnings: string[];
}

/** The Deno flags `run` needs under `deno run` (read, run and env, nothing more), from the command table. */
export const RUN_FLAGS: readonly string[] = RUN_PERMISSIONS.map(flagFor);

/** The JSR package everyhook is published as. */
export const JSR_PACKAGE = "@everyhook/cli";

const CACHE_MARKS: ReadonlyArray<{ mark: RegExp; name: string }> = [
  { mark: /[\\/]_npx[\\/]/, name: "npx's cache" },
  { mark: /[\\/]\.npm[\\/]/, name: "npm's cache" },
  { mark: /[\\/]npm-cache[\\/]/, name: "npm's cache" },
  { mark: /[\\/]_cacache[\\/]/, name: "npm's cache" },
  { mark: /[\\/]pnpm[\\/]dlx[\\/]/, name: "pnpm's dlx cache" },
];

/**
 * Work out how to start everyhook from the facts of this process.
 *
 * @param facts How this process runs (inject both answers in tests).
 * @param cliUrl Where cli.ts is, used when the main module is not cli.ts itself
 *   (a test or a script that imports the library); defaults to the cli.ts beside src/.
 * @returns The words that start everyhook, and warnings.
 *
 * @example Usage
 * ```ts
 * import { selfInvocation } from "./self.ts";
 * const s = selfInvocation({
 *   standalone: false,
 *   execPath: "/usr/local/bin/deno",
 *   mainModule: "file:///opt/everyhook/cli.ts",
 *   os: "linux",
 * });
 * console.assert(s.argv.join(" ") === "/usr/local/bin/deno run --allow-read --allow-run --allow-env /opt/everyhook/cli.ts");
 * ```
 */
export function selfInvocation(
  facts: RuntimeFacts,
  cliUrl: string = new URL("../../cli.ts", import.meta.url).href,
): SelfInvocation {
  const program = facts.os === "windows" ? facts.execPath.replaceAll("\\", "/") : facts.execPath;
  const warnings: string[] = [];
  if (facts.os === "windows" && /\s/.test(program)) {
    warnings.push(
      `The program's path has a space, so the line quotes it, and PowerShell (which Codex CLI and Gemini CLI start hooks with) cannot run a quoted program: "${program}". Put it in a folder without spaces and install again`,
    );
  }
  if (facts.standalone) return { form: "binary", argv: [program], warnings };
  for (const { mark, name } of CACHE_MARKS) {
    if (mark.test(facts.execPath)) {
      warnings.push(
        `The deno this line names lives in ${name}, which may be deleted: "${facts.execPath}". Install Deno for good and install again`,
      );
      break;
    }
  }
  const isCli = facts.mainModule.startsWith("file:") && /[\\/]cli\.ts$/.test(facts.mainModule);
  const version = jsrVersion(facts.mainModule) ?? (isCli ? undefined : jsrVersion(cliUrl));
  if (version !== undefined) {
    return {
      form: "jsr",
      argv: [program, "run", ...RUN_FLAGS, `jsr:${JSR_PACKAGE}@${version}/cli`],
      warnings,
    };
  }
  const main = isCli ? facts.mainModule : cliUrl;
  if (!main.startsWith("file:")) {
    throw new RangeError(`Cannot tell how to start everyhook from "${facts.mainModule}"`);
  }
  return {
    form: "clone",
    argv: [program, "run", ...RUN_FLAGS, fileUrlToPath(main, facts.os)],
    warnings,
  };
}

/**
 * The version in a JSR specifier or jsr.io address of everyhook, if it is one.
 *
 * @param url A module address such as `https://jsr.io/@everyhook/cli/0.1.0/cli.ts`
 *   or `jsr:@everyhook/cli@0.1.0/cli`.
 * @returns The exact version, or undefined.
 *
 * @example Usage
 * ```ts
 * import { jsrVersion } from "./self.ts";
 * console.assert(jsrVersion("https://jsr.io/@everyhook/cli/0.2.1/cli.ts") === "0.2.1");
 * ```
 */
export function jsrVersion(url: string): string | undefined {
  const exact = "(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)";
  const m = new RegExp(`^https://jsr\\.io/${JSR_PACKAGE}/${exact}/`).exec(url) ??
    new RegExp(`^jsr:/?${JSR_PACKAGE}@${exact}(?:/|$)`).exec(url);
  return m?.[1];
}

function fileUrlToPath(url: string, os: RuntimeFacts["os"]): string {
  const u = new URL(url);
  const path = decodeURIComponent(u.pathname);
  if (os === "windows") {
    if (u.hostname) return `//${u.hostname}${path}`;
    return /^\/[A-Za-z]:/.test(path) ? path.slice(1) : path;
  }
  return path;
}
