/**
 * The one walk over the entries of a settings file's `hooks` table, in either
 * layout: install and uninstall find their own entries with it, and `list`
 * reads every entry with it. Not on `run`'s path.
 *
 * @module
 */

import type { EntryLayout } from "../agents/types.ts";
import type { JsonPath } from "./json_text.ts";

/** One handler (or flat entry) of a `hooks` table, and where it sits. */
export interface WalkedEntry {
  /** The key under `hooks` it sits in. */
  native: string;
  /** Where the handler (or flat entry) is. */
  path: JsonPath;
  /**
   * Where its matcher group is, in `matcher-groups` layouts. Absent for a flat
   * entry, and for an item of a `matcher-groups` list that has no `hooks` list
   * (walked as an entry of its own).
   */
  groupPath?: JsonPath;
  /** How many handlers its group holds (1 without a group). */
  groupSize: number;
  /** The group's matcher, or the entry's own without a group. */
  matcher: unknown;
  /** The handler or flat entry. */
  value: Record<string, unknown>;
  /** Its group, or the entry itself. */
  unit: Record<string, unknown>;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Every entry of a `hooks` table, in file order. In the `flat` layout each item
 * of an event's list is an entry; in `matcher-groups` each handler of an item's
 * `hooks` list is, and an item without a `hooks` list is an entry itself. Items
 * and handlers that are not objects are passed over.
 *
 * @param hooks The value of the file's `hooks` key.
 * @param layout The layout the file is read in.
 * @param onNotList Called with each key whose value is not a list, in file order.
 * @returns The entries.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { walkEntries } from "./entry_walk.ts";
 * const hooks = { Stop: [{ hooks: [{ command: "a" }, { command: "b" }] }], Bad: {} };
 * const bad: string[] = [];
 * const found = walkEntries(hooks, "matcher-groups", (key) => bad.push(key));
 * assert(found.length === 2 && found[1]!.path.join(".") === "hooks.Stop.0.hooks.1");
 * assert(bad[0] === "Bad");
 * ```
 */
export function walkEntries(
  hooks: Record<string, unknown>,
  layout: EntryLayout,
  onNotList: (native: string) => void = () => {},
): WalkedEntry[] {
  const found: WalkedEntry[] = [];
  for (const [native, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) {
      onNotList(native);
      continue;
    }
    list.forEach((item, i) => {
      if (!isObject(item)) return;
      const handlers = item.hooks;
      if (layout === "flat" || !Array.isArray(handlers)) {
        found.push({
          native,
          path: ["hooks", native, i],
          groupSize: 1,
          matcher: item.matcher,
          value: item,
          unit: item,
        });
        return;
      }
      handlers.forEach((handler, j) => {
        if (!isObject(handler)) return;
        found.push({
          native,
          path: ["hooks", native, i, "hooks", j],
          groupPath: ["hooks", native, i],
          groupSize: handlers.length,
          matcher: item.matcher,
          value: handler,
          unit: item,
        });
      });
    });
  }
  return found;
}
