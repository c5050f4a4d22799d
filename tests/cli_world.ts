/**
 * A throwaway home and project for whole-command tests that run everyhook's
 * command line in this process (`main` of cli.ts over a memory io): a root
 * folder holding `home/`, `project/` with the hooks a test names, and, when
 * asked, `bin/everyhook` on PATH (a project's lines name everyhook by name).
 * Each command runs a second after the one before, so backups get names of
 * their own. Imported by tests only.
 *
 * @module
 */

import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";

/** A command's exit code and everything it printed, stdout then stderr. */
export interface CommandText {
  code: number;
  out: string;
}

/** The same, with stdout read as JSON (the command was given `--json`). */
export interface CommandJson extends CommandText {
  json: Record<string, unknown>;
}

/** A throwaway home and project, removed when disposed. */
export interface CliWorld extends AsyncDisposable {
  root: string;
  home: string;
  project: string;
  /** Runs everyhook with `--json` added, in the project. */
  run(...args: string[]): Promise<CommandJson>;
  /** Runs everyhook with its text report, in the project. */
  text(...args: string[]): Promise<CommandText>;
}

/** How a world is made. */
export interface CliWorldSpec {
  /** The root folder's name starts with this. */
  prefix: string;
  /** Hook files made below the project, by their path there, with their text. */
  hooks: Readonly<Record<string, string>>;
  /** Whether a stand-in `everyhook` is on PATH, in `<root>/bin`. */
  everyhookOnPath?: boolean;
}

let clock = Date.UTC(2026, 10, 30, 12, 0, 0);

/**
 * Make a world.
 *
 * @param spec Its folder's prefix, its hooks, and whether everyhook is on PATH.
 * @returns The world; `await using` removes it.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cliWorld } from "./cli_world.ts";
 * await using w = await cliWorld({ prefix: "everyhook-kit-", hooks: { "hooks/a.sh": "exit 0\n" } });
 * const r = await w.run("list", "--agent", "claude-code");
 * assert.equal(r.json.everyhook, 1);
 * ```
 */
export async function cliWorld(spec: CliWorldSpec): Promise<CliWorld> {
  const root = await Deno.makeTempDir({ prefix: spec.prefix });
  const home = `${root}/home`;
  const project = `${root}/project`;
  const bin = `${root}/bin`;
  await Deno.mkdir(home, { recursive: true });
  await Deno.mkdir(project, { recursive: true });
  for (const [path, text] of Object.entries(spec.hooks)) {
    const file = `${project}/${path}`;
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, text);
  }
  let path = Deno.env.get("PATH") ?? "";
  if (spec.everyhookOnPath) {
    await Deno.mkdir(bin);
    await Deno.writeTextFile(`${bin}/everyhook`, "#!/bin/sh\n", { mode: 0o755 });
    path = `${bin}:${path}`;
  }
  const env = { HOME: home, PATH: path };
  const io = () => memoryIo({ env, cwd: project, now: new Date(clock += 1000) });
  return {
    root,
    home,
    project,
    async run(...args) {
      const m = io();
      const code = await main([...args, "--json"], m);
      return { code, json: JSON.parse(m.stdoutText()), out: m.stdoutText() + m.stderrText() };
    },
    async text(...args) {
      const m = io();
      const code = await main(args, m);
      return { code, out: m.stdoutText() + m.stderrText() };
    },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

/**
 * A file's text and permission bits, or null when it is not there.
 *
 * @param path The file.
 * @returns Its text and mode.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileState } from "./cli_world.ts";
 * assert.equal(await fileState("/no/such/file"), null);
 * ```
 */
export async function fileState(path: string): Promise<{ text: string; mode: number } | null> {
  try {
    return { text: await Deno.readTextFile(path), mode: (await Deno.stat(path)).mode! & 0o777 };
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}
