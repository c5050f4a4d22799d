/**
 * The recordings that ship with everyhook: fixtures/<agent>/*.json (what the
 * agents sent a hook) and fixtures/conformance/<agent>.json (what each binary
 * did with raw outputs). Read from the package's own folder.
 *
 * @module
 */

import type { ConformanceFile } from "../contract/conformance.ts";

/** One recorded (or documented) payload. */
export interface Fixture {
  /** everyhook's agent id. */
  agent: string;
  /** The agent's version. */
  version: string;
  /** `recorded` from the real binary, or `documented` from its reference. */
  source: "recorded" | "documented";
  /** The system. */
  os: string;
  /** The day. */
  date: string;
  /** The contract event. */
  event: string;
  /** The agent's event name. */
  nativeEvent: string;
  /** The variant, such as shell-force-push. */
  variant: string;
  /** Where it comes from. */
  note?: string;
  /** What the agent sent. */
  payload: Record<string, unknown>;
  /** The file it was read from. */
  file?: string;
}

/**
 * The folder of the shipped fixtures, or undefined when everyhook does not run
 * from files (a remote module).
 *
 * @returns The folder's path.
 *
 * @example Usage
 * ```ts
 * import { fixturesDir } from "./recorded.ts";
 * console.assert(fixturesDir() === undefined || fixturesDir()!.endsWith("fixtures"));
 * ```
 */
export function fixturesDir(): string | undefined {
  return packagePath("../../fixtures");
}

/**
 * The path of a file that ships with everyhook, relative to this folder, or undefined
 * when everyhook does not run from files (a remote module).
 *
 * @param relative The path relative to this module, such as `../examples/a.ts`.
 * @returns The file's path on this system.
 *
 * @example Usage
 * ```ts
 * import { packagePath } from "./recorded.ts";
 * console.assert(packagePath("../../cli.ts") === undefined || packagePath("../../cli.ts")!.endsWith("cli.ts"));
 * ```
 */
export function packagePath(relative: string): string | undefined {
  const url = new URL(relative, import.meta.url);
  if (url.protocol !== "file:") return undefined;
  const path = decodeURIComponent(url.pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

async function readJsonFiles(dir: string): Promise<Array<{ file: string; value: unknown }>> {
  const out: Array<{ file: string; value: unknown }> = [];
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return out;
    throw e;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isFile || !entry.name.endsWith(".json")) continue;
    const file = `${dir}/${entry.name}`;
    out.push({ file, value: JSON.parse(await Deno.readTextFile(file)) });
  }
  return out;
}

/**
 * Load the conformance files.
 *
 * @param dir The fixtures folder (default: the shipped one).
 * @returns One file per recorded agent.
 *
 * @example Usage
 * ```ts ignore
 * import { loadConformance } from "./recorded.ts";
 * const files = await loadConformance();
 * ```
 */
export async function loadConformance(
  dir: string | undefined = fixturesDir(),
): Promise<ConformanceFile[]> {
  if (dir === undefined) return [];
  return (await readJsonFiles(`${dir}/conformance`)).map((f) => f.value as ConformanceFile);
}

/**
 * Load the fixtures of some agents (all by default).
 *
 * @param agents Agent ids.
 * @param dir The fixtures folder (default: the shipped one).
 * @returns The fixtures, by agent then file name.
 *
 * @example Usage
 * ```ts ignore
 * import { loadFixtures } from "./recorded.ts";
 * const fixtures = await loadFixtures(["codex"]);
 * ```
 */
export async function loadFixtures(
  agents: readonly string[],
  dir: string | undefined = fixturesDir(),
): Promise<Fixture[]> {
  if (dir === undefined) return [];
  const out: Fixture[] = [];
  for (const agent of agents) {
    for (const { file, value } of await readJsonFiles(`${dir}/${agent}`)) {
      out.push({ ...(value as Fixture), file });
    }
  }
  return out;
}
