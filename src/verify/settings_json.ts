/**
 * The settings files a driver writes in a throwaway world: a JSON object is
 * merged into the file that is there (the hooks and whatever else it holds are
 * kept; the keys the run needs are set), or written when there is none. Only
 * ever called on files inside a world.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `base` with `patch` laid over it: objects are merged key by key, any other
 * value of `patch` replaces the one in `base`.
 *
 * @param base What the file holds.
 * @param patch What the run needs.
 * @returns The merged object (the inputs are left as they are).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeSettings } from "./settings_json.ts";
 * const merged = mergeSettings({ hooks: { Stop: [] }, a: { b: 1 } }, { a: { c: 2 } });
 * assert(JSON.stringify(merged) === '{"hooks":{"Stop":[]},"a":{"b":1,"c":2}}');
 * ```
 */
export function mergeSettings(
  base: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const have = out[key];
    out[key] = isObject(have) && isObject(value) ? mergeSettings(have, value) : value;
  }
  return out;
}

/**
 * Merges `patch` into the JSON object in `path` (an absent file counts as
 * `{}`), creating its folder, and writes it back with two-space indents; a
 * file that holds every key of `patch` already is left byte for byte.
 *
 * @param path The settings file, inside a throwaway world.
 * @param patch The keys to set.
 * @returns When written.
 * @throws EveryhookError `config-syntax` when the file holds no JSON object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeSettingsFile } from "./settings_json.ts";
 * const dir = await Deno.makeTempDir();
 * await mergeSettingsFile(`${dir}/a/settings.json`, { telemetry: { enabled: false } });
 * assert((await Deno.readTextFile(`${dir}/a/settings.json`)).includes('"enabled": false'));
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function mergeSettingsFile(
  path: string,
  patch: Readonly<Record<string, unknown>>,
): Promise<void> {
  let base: unknown = {};
  try {
    const text = await Deno.readTextFile(path);
    try {
      base = JSON.parse(text);
    } catch (cause) {
      throw new EveryhookError("config-syntax", `Cannot read "${path}": it is not JSON`, {
        cause,
      });
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  if (!isObject(base)) {
    throw new EveryhookError("config-syntax", `Cannot read "${path}": it holds no JSON object`);
  }
  const merged = mergeSettings(base, patch);
  if (JSON.stringify(merged) === JSON.stringify(base)) return;
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(merged, null, 2) + "\n");
}
