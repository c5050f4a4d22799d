/**
 * Whether a hook is written with the SDK, so that install may write it in
 * direct mode (the agent starts the hook, which does everyhook's part itself):
 * a module Deno runs whose static imports take `defineHook` from
 * `@everyhook/cli/hook`. It is read from the module's tokens, so a comment or
 * a string that looks like such an import does not count; any doubt leaves the
 * hook going through `run`, which works for every hook. Not on `run`'s path.
 *
 * @module
 */

import { staticImports, usesMember } from "./import_scan.ts";

/** The extensions of modules Deno runs that can import the SDK. */
const MODULE_EXTENSIONS = [".ts", ".mts", ".js", ".mjs"];

/**
 * True for a specifier that names the SDK: `jsr:@everyhook/cli[@version]/hook`,
 * `@everyhook/cli/hook` (through an import map), the module on jsr.io, or a
 * path to a clone's `hook.bundle.js` (the bundled SDK, as the examples import it)
 * or its `src/hook/mod.ts`.
 *
 * @param specifier A module specifier, as written.
 * @returns Whether it is the SDK.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSdkSpecifier } from "./sdk_hook.ts";
 * assert(isSdkSpecifier("jsr:@everyhook/cli@^0.1/hook"));
 * assert(isSdkSpecifier("../src/hook/mod.ts"));
 * assert(!isSdkSpecifier("jsr:@everyhook/cli"));
 * ```
 */
export function isSdkSpecifier(specifier: string): boolean {
  return /^(jsr:\/?)?@everyhook\/cli(@[^/]+)?\/hook$/.test(specifier) ||
    /^https:\/\/jsr\.io\/@everyhook\/cli\/[^/]+\/(?:src\/hook\/mod\.ts|hook\.bundle\.js)$/.test(
      specifier,
    ) ||
    (/^(\.{1,2}\/|\/|file:|[A-Za-z]:[\\/])/.test(specifier) &&
      /(^|[\\/])(?:src[\\/]hook[\\/]mod\.ts|hook\.bundle\.js)$/.test(specifier));
}

/**
 * Whether a module's source imports `defineHook` from the SDK (by name, or
 * through a namespace it then calls `defineHook` on).
 *
 * @param source The module's text.
 * @returns True when it is written with the SDK.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { writtenWithSdk } from "./sdk_hook.ts";
 * assert(writtenWithSdk('import { defineHook } from "jsr:@everyhook/cli/hook";'));
 * assert(!writtenWithSdk('// import { defineHook } from "jsr:@everyhook/cli/hook";'));
 * ```
 */
export function writtenWithSdk(source: string): boolean {
  return staticImports(source).some((i) =>
    !i.typeOnly && isSdkSpecifier(i.specifier) &&
    (i.names.includes("defineHook") ||
      (i.namespace !== undefined && usesMember(source, i.namespace, "defineHook")))
  );
}

/**
 * Whether install writes a hook in direct mode: a module Deno runs, written with the SDK.
 *
 * @param path The hook's path.
 * @param source Its text.
 * @returns True for direct mode.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runsDirect } from "./sdk_hook.ts";
 * assert(!runsDirect("hook.sh", 'import { defineHook } from "@everyhook/cli/hook"'));
 * ```
 */
export function runsDirect(path: string, source: string): boolean {
  const lower = path.toLowerCase();
  return MODULE_EXTENSIONS.some((e) => lower.endsWith(e)) && writtenWithSdk(source);
}
