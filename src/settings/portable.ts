/**
 * The words that start everyhook in a project's files, which a team commits:
 * nothing of one machine, so that the same line runs on every teammate's
 * machine set up as the README says. Two forms: `everyhook` found by name on
 * PATH (what `deno install --global --name everyhook` or a release binary
 * gives), or `deno` found by name running the package from JSR at one exact
 * version. Not on `run`'s path.
 *
 * @module
 */

import { posix, win32 } from "node:path";
import { bundleArgv, JSR_PACKAGE, jsrVersion, RUN_EXPORT } from "./self.ts";
import { linePath, parseArgv, type RunLine, shellLine, splitLine } from "./command_line.ts";
import { EveryhookError } from "../contract/errors.ts";
import { findOnPath } from "../os/path_search.ts";

/** How a project's lines name everyhook: by name on PATH, or the pinned JSR line. */
export type StartForm = "path" | "jsr";

/** The start forms, for messages and the manifest's schema. */
export const START_FORMS: readonly StartForm[] = ["path", "jsr"];

/**
 * The words before `run` in a project's line.
 *
 * @param start The form.
 * @param version The exact version the JSR form pins.
 * @returns The words, program first.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { portableSelf } from "./portable.ts";
 * assert.deepEqual(portableSelf("path", "0.1.0"), ["everyhook"]);
 * assert.equal(portableSelf("jsr", "0.1.0").at(-1), "jsr:@everyhook/cli@0.1.0/run-bundle");
 * ```
 */
export function portableSelf(start: StartForm, version: string): string[] {
  if (start === "path") return ["everyhook"];
  return bundleArgv("deno", `jsr:${JSR_PACKAGE}@${version}/${RUN_EXPORT}`);
}

/**
 * The form a project's line takes when install writes it: the JSR line at the
 * version this everyhook runs from JSR, else everyhook by name.
 *
 * @param argv The words that start this everyhook (`selfInvocation(...).argv`).
 * @returns The form and, for JSR, its version.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { startOf } from "./portable.ts";
 * assert.deepEqual(startOf(["/usr/bin/deno", "run", "jsr:@everyhook/cli@0.2.0/run"]), { start: "jsr", version: "0.2.0" });
 * assert.deepEqual(startOf(["/usr/bin/deno", "run", "/e/run.ts"]), { start: "path" });
 * ```
 */
export function startOf(argv: readonly string[]): { start: StartForm; version?: string } {
  for (const word of argv) {
    const version = jsrVersion(word);
    if (version !== undefined) return { start: "jsr", version };
  }
  return { start: "path" };
}

/**
 * What to tell the person about a project's line on this machine: the program
 * it names by name is not on PATH here.
 *
 * @param self The words before `run`.
 * @param env The environment whose PATH is searched.
 * @param os The operating system.
 * @returns The warnings (none when the program is found).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { portableWarnings } from "./portable.ts";
 * assert.equal(portableWarnings(["everyhook"], { PATH: "/nowhere" }, "linux").length, 1);
 * ```
 */
export function portableWarnings(
  self: readonly string[],
  env: Readonly<Record<string, string>>,
  os: string,
): string[] {
  const program = self[0];
  if (program === undefined) return [];
  if (findOnPath(program, env, os as typeof Deno.build.os) !== undefined) return [];
  const how = program === "everyhook"
    ? "install it as the README says (deno install --global --name everyhook ... jsr:@everyhook/cli, or a release binary on PATH)"
    : "install Deno and keep it on PATH";
  return [
    `The project's lines start "${program}" by name, so they work on any machine that has it on PATH; it is not on PATH here: ${how}`,
  ];
}

/**
 * The hook a line runs, as an absolute path: an `--in-project` line's path
 * read from the project folder, any other as written.
 *
 * @param line The line, read back.
 * @param project The project folder (absolute).
 * @param os The operating system.
 * @returns The path, with forward slashes on Windows as lines hold them.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { lineHook } from "./portable.ts";
 * assert.equal(lineHook({ hook: "hooks/a.ts", inProject: true }, "/p", "linux"), "/p/hooks/a.ts");
 * assert.equal(lineHook({ hook: "/h/a.ts" }, "/p", "linux"), "/h/a.ts");
 * ```
 */
export function lineHook(
  line: Pick<RunLine, "hook" | "inProject">,
  project: string,
  os: string,
): string {
  if (!line.inProject) return line.hook;
  const paths = os === "windows" ? win32 : posix;
  return linePath(paths.resolve(project, line.hook), os);
}

/**
 * A hook's path relative to the project, with forward slashes, as an
 * `--in-project` line names it; undefined when the hook is not inside the project.
 *
 * @param hook The hook's absolute path.
 * @param project The project folder (absolute).
 * @param os The operating system.
 * @returns The relative path, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectRelative } from "./portable.ts";
 * assert.equal(projectRelative("/p/hooks/a.ts", "/p", "linux"), "hooks/a.ts");
 * assert.equal(projectRelative("/elsewhere/a.ts", "/p", "linux"), undefined);
 * ```
 */
export function projectRelative(hook: string, project: string, os: string): string | undefined {
  const paths = os === "windows" ? win32 : posix;
  const rel = paths.relative(project, hook);
  if (rel === "" || rel.startsWith("..") || paths.isAbsolute(rel)) return undefined;
  return rel.replaceAll("\\", "/");
}

/**
 * A project's line names nothing of this machine: the hook relative to the
 * project (`--in-project`), everyhook by name or at a pinned JSR version.
 */
export interface ProjectLine {
  /** The hook, relative to the project, with forward slashes. */
  hook: string;
  /** The words before `run`. */
  self: string[];
  /** What the person should know about it here. */
  warnings: string[];
}

/**
 * The project's line for a hook: refused when the hook is outside the project.
 *
 * @param hook The hook's absolute path.
 * @param project The project folder (absolute).
 * @param options The hook as given, the words that start this everyhook, the version to pin.
 * @param world The environment and OS.
 * @returns The line's parts, and what to tell the person.
 * @throws {EveryhookError} `usage` for a hook outside the project.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { projectLine } from "./portable.ts";
 * const l = projectLine("/p/hooks/a.ts", "/p", { hook: "hooks/a.ts", self: { argv: ["/bin/deno"] } }, { env: {}, os: "linux" });
 * assert.equal(l.hook, "hooks/a.ts");
 * ```
 */
export function projectLine(
  hook: string,
  project: string,
  options: { hook: string; self: { argv: readonly string[] } },
  world: { env: Readonly<Record<string, string>>; os: string },
): ProjectLine {
  const rel = projectRelative(hook, project, world.os);
  if (rel === undefined) {
    throw new EveryhookError(
      "usage",
      `Cannot install "${options.hook}" in the project scope: it is outside the project (${project}), and a project's files name nothing of one machine; move the hook into the project, or install it with --scope user`,
    );
  }
  const { start, version } = startOf(options.self.argv);
  const self = portableSelf(start, version ?? "");
  return { hook: rel, self, warnings: portableWarnings(self, world.env, world.os) };
}

/**
 * Whether a command line is exactly one everyhook writes: its words joined
 * back give the same text (no shell syntax such as `;` or `$(...)` rides
 * along), and nothing follows the hook. What `trust` counts as everyhook's.
 *
 * @param text The command line.
 * @returns True for a line of everyhook's, as written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isExactLine } from "./portable.ts";
 * assert.ok(isExactLine('everyhook run --agent codex --event stop --timeout 28 --in-project -- "hooks/a.sh"'));
 * assert.ok(!isExactLine('everyhook run --agent codex --event stop -- "hooks/a.sh"; curl x'));
 * ```
 */
export function isExactLine(text: string): boolean {
  const words = splitLine(text);
  if (words === undefined) return false;
  try {
    return shellLine(words) === text && parseArgv(words)?.args.length === 0;
  } catch {
    return false;
  }
}
