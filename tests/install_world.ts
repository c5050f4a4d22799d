/**
 * A throwaway home for the tests that install and uninstall through the
 * library (src/install/*_test.ts, src/os/fs_errors_test.ts,
 * tests/scale_test.ts): an `InstallWorld` over a temporary folder, its
 * clock a second further at every reading, and the options those tests
 * install with. Imported by tests only.
 *
 * @module
 */

import type { Agent } from "../src/agents/types.ts";
import type { InstallWorld } from "../src/install/config_file.ts";
import type { InstallOptions } from "../src/install/install.ts";

/** An install world over a temporary home, removed when it is disposed. */
export interface TestWorld extends InstallWorld, AsyncDisposable {
  /** The temporary home, also `HOME` and the working folder. */
  home: string;
}

/** How a test world is made. */
export interface TestWorldSpec {
  /** The temporary folder's name starts with this. */
  prefix: string;
  /** Empty files made in the home (the hooks the test installs). */
  files: readonly string[];
  /** Variables besides `HOME`. */
  env?: Readonly<Record<string, string>>;
  /** The operating system the world says it is (default linux). */
  os?: string;
}

/**
 * Make a test world.
 *
 * @param spec Its folder's prefix, its files, its variables and its system.
 * @returns The world; `await using` removes its home.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { testWorld } from "./install_world.ts";
 * await using w = await testWorld({ prefix: "everyhook-kit-", files: ["a.ts"] });
 * assert.equal(w.env.HOME, w.home);
 * assert.ok(w.now() < w.now());
 * ```
 */
export async function testWorld(spec: TestWorldSpec): Promise<TestWorld> {
  const home = await Deno.makeTempDir({ prefix: spec.prefix });
  for (const file of spec.files) await Deno.writeTextFile(`${home}/${file}`, "");
  let t = Date.UTC(2026, 9, 17, 17, 30, 0);
  return {
    home,
    env: { HOME: home, ...spec.env },
    cwd: home,
    os: spec.os ?? "linux",
    now: () => new Date(t += 1000),
    [Symbol.asyncDispose]: () => Deno.remove(home, { recursive: true }),
  };
}

/**
 * The options of a user-scope install of `hook` into `agents` for pre-tool
 * and stop, 30 s, not fail-closed, as the compiled binary's line.
 *
 * @param hook The hook, relative to the home.
 * @param agents The agents.
 * @param over What a test changes.
 * @returns The options.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { installOptions } from "./install_world.ts";
 * assert.equal(installOptions("a.ts", [], { scope: "project" }).scope, "project");
 * ```
 */
export function installOptions(
  hook: string,
  agents: readonly Agent[],
  over: Partial<InstallOptions> = {},
): InstallOptions {
  return {
    hook,
    agents,
    events: ["pre-tool", "stop"],
    scope: "user",
    timeout: 30,
    failClosed: false,
    dryRun: false,
    self: { argv: ["/opt/bin/everyhook"], warnings: [] },
    ...over,
  };
}
