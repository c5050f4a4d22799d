/**
 * How everyhook starts itself, as the agents will start it: the program and its
 * arguments up to the command name, worked out from the facts of this process
 * (`runtime.ts`, the one module that reads them), so tests inject every form.
 *
 * @module
 */

import {
  BUNDLE_FLAGS,
  flagFor,
  NO_LAZY,
  RUN_PERMISSIONS,
  type RuntimeFacts,
} from "../os/runtime.ts";
export type { RuntimeFacts } from "../os/runtime.ts";

/**
 * How everyhook starts itself, as the agents will start it. Under `deno run`
 * the line names run.ts, the entry that runs `run` alone (it reaches only
 * run's modules, where cli.ts reaches every command's), beside cli.ts or as the
 * package's `./run` export; lines that name cli.ts, written before, still run.
 * A clone names run.bundle.js instead when it is beside run.ts, and JSR its
 * `./run-bundle` export: the same program bundled into one module (`deno task
 * bundle`), which Deno loads sooner, with the same permissions.
 *
 * - `binary`: a compiled binary; the program is its own path.
 * - `clone`: `deno run` of run.bundle.js, or of run.ts where there is no
 *   bundle, in a clone or copy on disk. A line naming the bundle, here and
 *   from JSR, takes `BUNDLE_FLAGS` (runtime.ts), one naming run.ts `NO_LAZY`.
 * - `jsr`: `deno run` of the package's `./run-bundle` (run.bundle.js) from
 *   JSR, at one version, with
 *   `--no-config`: a remote main module would otherwise take the deno.json and
 *   lockfile of the folder the agent runs it in (the user's project), so a broken
 *   or unrelated config there would stop the hook, and Deno would write that
 *   project's lockfile. A clone's run.ts takes its own deno.json, beside it.
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
  /**
   * The deno that starts a hook in direct mode: this one under `deno run`;
   * absent in a compiled binary, which has none of its own.
   */
  deno?: string;
}

/** The Deno flags `run` needs under `deno run` (read, run and env, nothing more), from the command table. */
export const RUN_FLAGS: readonly string[] = RUN_PERMISSIONS.map(flagFor);

/**
 * The words that start run.bundle.js (`entry`: a path, or the package's
 * `./run-bundle` on JSR) under `deno run`: its own flags
 * (`BUNDLE_FLAGS`), then run's permissions. The one shape of a clone's
 * bundled line, the JSR line and a project's JSR line.
 *
 * @param program The deno to name.
 * @param entry The bundle.
 * @returns The words, program first.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundleArgv } from "./self.ts";
 * assert.equal(
 *   bundleArgv("deno", "/e/run.bundle.js").join(" "),
 *   "deno run --v8-flags=--no-sparkplug --no-config --allow-read --allow-run --allow-env /e/run.bundle.js",
 * );
 * ```
 */
export function bundleArgv(program: string, entry: string): string[] {
  return [program, "run", ...BUNDLE_FLAGS, ...RUN_FLAGS, entry];
}

/** The JSR package everyhook is published as. */
export const JSR_PACKAGE = "@everyhook/cli";

const CACHE_MARKS: ReadonlyArray<{ mark: RegExp; name: string }> = [
  { mark: /[\\/]_npx[\\/]/, name: "npx's cache" },
  { mark: /[\\/]\.npm[\\/]/, name: "npm's cache" },
  { mark: /[\\/]npm-cache[\\/]/, name: "npm's cache" },
  { mark: /[\\/]_cacache[\\/]/, name: "npm's cache" },
  { mark: /[\\/]pnpm[\\/]dlx[\\/]/, name: "pnpm's dlx cache" },
];

/** The JSR registry when `JSR_URL` is not set. */
export const DEFAULT_JSR_URL = "https://jsr.io/";

/** Where the code of this everyhook is, and the registry in use. */
export interface SelfOptions {
  /**
   * Where cli.ts is, used when the main module is not cli.ts itself (`deno run
   * jsr:@everyhook/cli`, a test or a script that imports the library); default
   * the cli.ts beside src/, found from this module's own address.
   */
  cliUrl?: string;
  /** The JSR registry in use (the `JSR_URL` environment variable); default https://jsr.io/. */
  jsrUrl?: string;
  /**
   * Whether a file is there, asked of run.bundle.js beside run.ts in a clone;
   * default a look at the disk where reading it is allowed already (never a
   * permission prompt), else no.
   */
  isFile?: (path: string) => boolean;
}

/** The bundled `run` entry (`deno task bundle`), beside run.ts. */
export const RUN_BUNDLE = "run.bundle.js";

/** The package's export of {@linkcode RUN_BUNDLE}, which the JSR form names. */
export const RUN_EXPORT = "run-bundle";

/**
 * Work out how to start everyhook from the facts of this process.
 *
 * @param facts How this process runs (inject both answers in tests).
 * @param options Where cli.ts is, the JSR registry in use, and how to tell a
 *   file is there.
 * @returns The words that start everyhook, and warnings.
 * @throws {RangeError} When everyhook runs from an address that is neither a
 *   file nor this package on the registry in use.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { selfInvocation } from "./self.ts";
 * const s = selfInvocation({
 *   standalone: false,
 *   execPath: "/usr/local/bin/deno",
 *   mainModule: "file:///opt/everyhook/cli.ts",
 *   os: "linux",
 * }, { isFile: () => false });
 * assert(s.argv.join(" ") === "/usr/local/bin/deno run --v8-flags=--no-lazy --allow-read --allow-run --allow-env /opt/everyhook/run.ts");
 * const b = selfInvocation({
 *   standalone: false,
 *   execPath: "/usr/local/bin/deno",
 *   mainModule: "file:///opt/everyhook/cli.ts",
 *   os: "linux",
 * }, { isFile: (path) => path === "/opt/everyhook/run.bundle.js" });
 * assert(b.argv.join(" ") === "/usr/local/bin/deno run --v8-flags=--no-sparkplug --no-config --allow-read --allow-run --allow-env /opt/everyhook/run.bundle.js");
 * ```
 */
export function selfInvocation(facts: RuntimeFacts, options: SelfOptions = {}): SelfInvocation {
  const cliUrl = options.cliUrl ?? new URL("../../cli.ts", import.meta.url).href;
  const registry = options.jsrUrl ?? DEFAULT_JSR_URL;
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
        `The deno this line names lives in ${name}, which may be deleted: "${facts.execPath}". Install Deno for good (\`npm install --global deno@${Deno.version.deno}\`, this Deno's version, works with nothing but npm's registry; or see https://docs.deno.com/runtime/getting_started/installation/), then install again with that deno`,
      );
      break;
    }
  }
  const isCli = facts.mainModule.startsWith("file:") && /[\\/]cli\.ts$/.test(facts.mainModule);
  const version = jsrVersion(facts.mainModule, registry) ??
    (isCli ? undefined : jsrVersion(cliUrl, registry));
  if (version !== undefined) {
    return {
      form: "jsr",
      argv: bundleArgv(program, `jsr:${JSR_PACKAGE}@${version}/${RUN_EXPORT}`),
      warnings,
      deno: program,
    };
  }
  const main = isCli ? facts.mainModule : cliUrl;
  if (!main.startsWith("file:")) {
    throw new RangeError(
      `Cannot tell how to start everyhook from "${main}": it is not a file, nor ${JSR_PACKAGE} on the JSR registry in use (${registry}; set JSR_URL for another)`,
    );
  }
  const bundle = fileUrlToPath(new URL(RUN_BUNDLE, main).href, facts.os);
  const argv = (options.isFile ?? isFileNow)(bundle) ? bundleArgv(program, bundle) : [
    program,
    "run",
    NO_LAZY,
    ...RUN_FLAGS,
    fileUrlToPath(new URL("run.ts", main).href, facts.os),
  ];
  return {
    form: "clone",
    argv,
    warnings,
    deno: program,
  };
}

function isFileNow(path: string): boolean {
  try {
    if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") return false;
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * The version in a JSR specifier or registry address of everyhook, if it is one.
 *
 * @param url A module address such as `https://jsr.io/@everyhook/cli/0.1.0/cli.ts`
 *   or `jsr:@everyhook/cli@0.1.0/cli`.
 * @param registry The JSR registry in use, such as `http://127.0.0.1:4873/`
 *   (`JSR_URL`); default https://jsr.io/.
 * @returns The exact version, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsrVersion } from "./self.ts";
 * assert(jsrVersion("https://jsr.io/@everyhook/cli/0.2.1/cli.ts") === "0.2.1");
 * assert(jsrVersion("http://127.0.0.1:4873/@everyhook/cli/0.2.1/cli.ts", "http://127.0.0.1:4873") === "0.2.1");
 * ```
 */
export function jsrVersion(url: string, registry: string = DEFAULT_JSR_URL): string | undefined {
  const exact = "(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.-]+)?)";
  const base = registry.endsWith("/") ? registry : `${registry}/`;
  const at = url.startsWith(base) ? url.slice(base.length) : undefined;
  const m = (at === undefined ? null : new RegExp(`^${JSR_PACKAGE}/${exact}/`).exec(at)) ??
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
