/**
 * The import of the SDK that works for the way this everyhook is installed:
 * the absolute path of the clone's own `src/hook/mod.ts` from a clone, and
 * `jsr:@everyhook/cli@<exact version>/hook` from JSR and from a compiled
 * binary (which has no SDK on disk: it names its own version). `install`
 * names it when a hook's SDK import cannot be had; `new` writes it. Not on
 * `run`'s path.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { JSR_PACKAGE, type SelfInvocation } from "../settings/self.ts";
import { fileUrl } from "../settings/guard_line.ts";

/** The SDK's import for one install, and what the person should know of it. */
export interface SdkImport {
  /** The specifier, as a hook writes it in its `import`. */
  specifier: string;
  /** How it was chosen, in one sentence. */
  why: string;
  /** The SDK's guard module (src/hook/guard.ts), which a guarded direct line imports. */
  guard?: string;
  /**
   * Where a hook's test takes the agents' modules and the recorded fixtures:
   * the package, or a clone's own modules (its mod.ts needs its deno.json).
   */
  library: { agents: string; fixtures: string };
}

/**
 * The SDK's import for this install.
 *
 * @param self How everyhook starts itself (`selfInvocation(...)`).
 * @param os The operating system (a clone's path uses forward slashes on Windows).
 * @returns The specifier, and why it is that one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sdkImport } from "./sdk_import.ts";
 * const clone = sdkImport({ form: "clone", argv: ["/usr/bin/deno", "run", "/opt/everyhook/run.ts"], warnings: [] }, "linux");
 * assert.equal(clone.specifier, "/opt/everyhook/src/hook/mod.ts");
 * const jsr = sdkImport({ form: "jsr", argv: ["/usr/bin/deno", "run", "--no-config", "jsr:@everyhook/cli@0.3.1/run"], warnings: [] }, "linux");
 * assert.equal(jsr.specifier, "jsr:@everyhook/cli@0.3.1/hook");
 * const bundled = sdkImport({ form: "jsr", argv: ["/usr/bin/deno", "run", "--no-config", "jsr:@everyhook/cli@0.3.2/run-bundle"], warnings: [] }, "linux");
 * assert.equal(bundled.specifier, "jsr:@everyhook/cli@0.3.2/hook");
 * const binary = sdkImport({ form: "binary", argv: ["/usr/local/bin/everyhook"], warnings: [] }, "linux");
 * assert.match(binary.specifier, /^jsr:@everyhook\/cli@\d+\.\d+\.\d+\/hook$/);
 * assert.match(binary.why, /compiled binary/);
 * ```
 */
export function sdkImport(self: SelfInvocation, os: string): SdkImport {
  const last = self.argv.at(-1) ?? "";
  if (self.form === "clone") {
    const root = last.replace(/[\\/](?:run\.ts|cli\.ts|run\.bundle\.js)$/, "");
    const slashed = os === "windows" ? root.replaceAll("\\", "/") : root;
    // Where the clone runs from its bundle, its SDK's bundle is beside it (deno task bundle
    // writes both); else the sources.
    const bundled = /[\\/]run\.bundle\.js$/.test(last);
    return {
      specifier: bundled ? `${slashed}/hook.bundle.js` : `${slashed}/src/hook/mod.ts`,
      why: `the SDK of the clone everyhook runs from (${root})`,
      guard: fileUrl(`${root}/src/hook/guard.ts`, os),
      library: {
        agents: `${slashed}/src/agents/mod.ts`,
        fixtures: `${slashed}/src/readers/recorded.ts`,
      },
    };
  }
  if (self.form === "jsr") {
    const version = /@(\d[^/]*)\/run(?:-bundle)?$/.exec(last)?.[1] ?? denoJson.version;
    return {
      specifier: `jsr:${JSR_PACKAGE}@${version}/hook`,
      why: `the SDK of the JSR version everyhook runs from (${version})`,
      guard: `jsr:${JSR_PACKAGE}@${version}/hook/guard`,
      library: both(`jsr:${JSR_PACKAGE}@${version}`),
    };
  }
  return {
    specifier: `jsr:${JSR_PACKAGE}@${denoJson.version}/hook`,
    guard: `jsr:${JSR_PACKAGE}@${denoJson.version}/hook/guard`,
    library: both(`jsr:${JSR_PACKAGE}@${denoJson.version}`),
    why:
      `this everyhook is a compiled binary with no SDK on disk: the SDK of its own version (${denoJson.version}) from JSR, which Deno fetches when the hook first runs`,
  };
}

function both(specifier: string): { agents: string; fixtures: string } {
  return { agents: specifier, fixtures: specifier };
}
