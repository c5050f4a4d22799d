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

import { JSR_PACKAGE, jsrVersion, RUN_FLAGS } from "./self.ts";
import { findOnPath } from "../run/path_search.ts";

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
 * assert.equal(portableSelf("jsr", "0.1.0").at(-1), "jsr:@everyhook/cli@0.1.0/run");
 * ```
 */
export function portableSelf(start: StartForm, version: string): string[] {
  if (start === "path") return ["everyhook"];
  return ["deno", "run", "--no-config", ...RUN_FLAGS, `jsr:${JSR_PACKAGE}@${version}/run`];
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
