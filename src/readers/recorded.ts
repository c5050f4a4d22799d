/**
 * The recordings that ship with everyhook: fixtures/<agent>/*.json (what the
 * agents sent a hook) and fixtures/conformance/<agent>.json (what each binary
 * did with raw outputs), and the example hooks. They are reached through
 * shipped.ts's imports, not read from files, so they are there with no
 * permission in every form everyhook comes in; a folder of one's own is read
 * from files.
 *
 * @module
 */

import type { ConformanceFile } from "../contract/conformance.ts";
import { EveryhookError } from "../contract/errors.ts";
import {
  SHIPPED_CONFORMANCE,
  SHIPPED_EXAMPLE_IMPORTS,
  SHIPPED_EXAMPLES,
  SHIPPED_FIXTURES,
} from "./shipped.ts";

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

/** An example hook that ships with everyhook, written to a temporary folder to run. */
export interface ExampleOnDisk extends AsyncDisposable {
  /** The hook's path in the temporary folder. */
  path: string;
  /** Removes the temporary folder. */
  remove(): Promise<void>;
}

/** How a command line names a hook that ships with everyhook: `example:block-force-push`. */
export const EXAMPLE_PREFIX = "example:";

/**
 * The names of the example hooks that ship with everyhook.
 *
 * @returns Their file names, such as `block-force-push.ts`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { exampleNames } from "./recorded.ts";
 * assert(exampleNames().includes("block-force-push.ts"));
 * ```
 */
export function exampleNames(): string[] {
  return SHIPPED_EXAMPLES.map((e) => e.path.slice("examples/".length));
}

/**
 * Write the example hooks that ship with everyhook (all of them, as one may
 * import another, and the SDK they import) into a new temporary folder, and
 * give the path of one. They
 * come from the module graph, so this works the same from a clone, from JSR and
 * from a compiled binary; it needs the write permission, and running the hook
 * needs read.
 *
 * @param name The example's file name, such as `block-force-push.ts` (`.ts` may be left out).
 * @returns The hook's path; remove (or `await using`) it when done.
 * @throws {EveryhookError} `not-found` when no example has that name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { exampleOnDisk } from "./recorded.ts";
 * await using hook = await exampleOnDisk("block-force-push");
 * assert(hook.path.endsWith("block-force-push.ts"));
 * ```
 */
export async function exampleOnDisk(name: string): Promise<ExampleOnDisk> {
  const file = name.endsWith(".ts") ? name : `${name}.ts`;
  if (!exampleNames().includes(file)) {
    throw new EveryhookError(
      "not-found",
      `Cannot find the example "${name}": the examples are ${exampleNames().join(", ")}`,
    );
  }
  const dir = await Deno.makeTempDir({ prefix: "everyhook-example-" });
  // At their paths in the package, so that the examples' imports of the SDK resolve.
  for (const e of [...SHIPPED_EXAMPLES, ...SHIPPED_EXAMPLE_IMPORTS]) {
    const path = `${dir}/${e.path}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, e.text);
  }
  let removed: Promise<void> | undefined;
  const remove = () => removed ??= Deno.remove(dir, { recursive: true }).catch(() => {});
  return { path: `${dir}/examples/${file}`, remove, [Symbol.asyncDispose]: remove };
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
 * @param dir A fixtures folder to read (default: the ones that ship, read with no permission).
 * @returns One file per recorded agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadConformance } from "./recorded.ts";
 * const files = await loadConformance();
 * assert(files.some((f) => f.agent === "codex"));
 * ```
 */
export async function loadConformance(
  dir?: string,
): Promise<ConformanceFile[]> {
  if (dir === undefined) return SHIPPED_CONFORMANCE.map((f) => f.value as ConformanceFile);
  return (await readJsonFiles(`${dir}/conformance`)).map((f) => f.value as ConformanceFile);
}

/**
 * The conformance files that ship, at once (they are in the module graph).
 *
 * @returns One file per recorded agent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadConformanceNow } from "./recorded.ts";
 * assert.ok(loadConformanceNow().some((f) => f.agent === "claude-code"));
 * ```
 */
export function loadConformanceNow(): ConformanceFile[] {
  return SHIPPED_CONFORMANCE.map((f) => f.value as ConformanceFile);
}

/**
 * Load the fixtures of some agents (all by default).
 *
 * @param agents Agent ids.
 * @param dir A fixtures folder to read (default: the ones that ship, read with no permission).
 * @returns The fixtures, by agent then file name.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadFixtures } from "./recorded.ts";
 * const fixtures = await loadFixtures(["codex"]);
 * assert(fixtures.length > 0 && fixtures.every((f) => f.agent === "codex"));
 * ```
 */
export async function loadFixtures(
  agents: readonly string[],
  dir?: string,
): Promise<Fixture[]> {
  if (dir === undefined) {
    return agents.flatMap((agent) =>
      SHIPPED_FIXTURES.filter((f) => f.path.startsWith(`fixtures/${agent}/`))
        .map((f) => ({ ...(f.value as Fixture), file: f.path }))
    );
  }
  const out: Fixture[] = [];
  for (const agent of agents) {
    for (const { file, value } of await readJsonFiles(`${dir}/${agent}`)) {
      out.push({ ...(value as Fixture), file });
    }
  }
  return out;
}
