/**
 * What install makes of a file, done again: the text it starts from, and
 * whether adding a file's entries of ours to a backup gives exactly the file's
 * bytes now. Only then may uninstall write that backup's bytes back: the file
 * holds nothing the backup lacks but our entries, not even a comment or a
 * space. Not on `run`'s path.
 *
 * @module
 */

import type { InstallInfo } from "../agents/types.ts";
import type { ContractEvent } from "../contract/contract.ts";
import { addEntry, type FoundEntry, type JsonObject } from "../settings/settings_file.ts";
import {
  decodeJsonText,
  editJson,
  encodeJsonText,
  type JsonText,
  parseJsonText,
} from "../settings/json_text.ts";
import { sameBytes } from "../settings/safe_write.ts";

/**
 * The text install adds its entries to: the file's own, or `{}` for a file
 * that is missing or blank (with `"version": 1` in a flat layout, as the
 * agents' references write a new file).
 *
 * @param value The file's parsed value (undefined for no file or a blank one).
 * @param json The file's text and layout.
 * @param info The agent's install data.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { startText } from "./replay.ts";
 * import { DEFAULT_FORMAT } from "../settings/json_text.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const json = { text: "", format: DEFAULT_FORMAT };
 * assert(startText(undefined, json, findAgent("codex")!.install) === "{}\n");
 * ```
 */
export function startText(value: unknown, json: JsonText, info: InstallInfo): string {
  if (value !== undefined) return json.text;
  const text = `{}${json.format.eol}`;
  return info.layout === "flat" ? editJson(text, ["version"], 1, json.format) : text;
}

/**
 * Whether install, given a file's old bytes and adding these entries of ours
 * (in the order the file holds them), gives exactly `current`.
 *
 * @param before The old bytes (a backup).
 * @param ours The entries of ours in the current file, in file order.
 * @param info The agent's install data.
 * @param current The file's bytes now.
 * @returns True when the file differs from the backup only by those entries.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { installMade } from "./replay.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const bytes = new TextEncoder().encode('{"a": 1}\n');
 * assert(!installMade(bytes, [], findAgent("codex")!.install, bytes));
 * ```
 */
export function installMade(
  before: Uint8Array,
  ours: readonly FoundEntry[],
  info: InstallInfo,
  current: Uint8Array,
): boolean {
  // Install only adds: a backup as long as the file cannot be the file less entries.
  if (ours.length === 0 || before.length >= current.length) return false;
  try {
    const json = decodeJsonText(before, "backup");
    const value = parseJsonText(json.text, "backup");
    let text = startText(value, json, info);
    let root = parseJsonText(text, "backup") as JsonObject;
    for (const found of ours) {
      const desired = {
        event: found.line.event as ContractEvent,
        native: found.native,
        value: found.unit,
      };
      text = addEntry(text, root, desired, json.format);
      root = parseJsonText(text, "backup") as JsonObject;
    }
    return sameBytes(encodeJsonText(text, json.format), current);
  } catch {
    return false;
  }
}
