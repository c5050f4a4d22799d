/**
 * Setting values in a TOML settings file (Codex CLI's config.toml) by editing
 * its text: a missing table is appended, a key in an existing `[table]` is
 * replaced or added in place, and every other byte is kept. A table written
 * in another form (inline, or dotted keys) is refused rather than guessed at,
 * and the result is parsed again to check it says the value. Not on `run`'s path.
 *
 * @module
 */

import { parse as parseToml } from "smol-toml";
import { EveryhookError } from "../contract/errors.ts";

/** One value to set: its key path, and the value (an object sets each of its fields). */
export interface KeyValue {
  /** The key path. */
  key: readonly string[];
  /** The value. */
  value: unknown;
}

/**
 * Whether a parsed file already says the value: for an object, each of its fields.
 *
 * @param root The parsed file.
 * @param w The key and value.
 * @returns True when it does.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { says } from "./toml_edit.ts";
 * assert.ok(says({ a: { b: 1, c: 2 } }, { key: ["a"], value: { b: 1 } }));
 * ```
 */
export function says(root: unknown, w: KeyValue): boolean {
  const now = valueAt(root, w.key);
  if (typeof w.value === "object" && w.value !== null) {
    return Object.entries(w.value).every(([k, v]) =>
      JSON.stringify(valueAt(now, [k])) === JSON.stringify(v)
    );
  }
  return JSON.stringify(now) === JSON.stringify(w.value);
}

/**
 * The value at a key path of a parsed file, or undefined.
 *
 * @param root The parsed file.
 * @param key The key path.
 * @returns The value.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { valueAt } from "./toml_edit.ts";
 * assert.equal(valueAt({ a: { b: 1 } }, ["a", "b"]), 1);
 * ```
 */
export function valueAt(root: unknown, key: readonly string[]): unknown {
  let v = root;
  for (const k of key) {
    v = typeof v === "object" && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)[k]
      : undefined;
  }
  return v;
}

/** A TOML key part as a table header writes it: bare when it can be, else quoted. */
function tomlKey(part: string): string {
  return /^[A-Za-z0-9_-]+$/.test(part) ? part : JSON.stringify(part);
}

/**
 * The TOML text with each value set, as tables appended or lines edited in
 * place; every other byte kept.
 *
 * @param text The file's text ("" for no file).
 * @param writes The values.
 * @param file The file's path, for messages.
 * @returns The new text.
 * @throws {EveryhookError} `config-shape` for a table written in another form, or an edit that did not take.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { tomlWith } from "./toml_edit.ts";
 * const out = tomlWith('a = 1\n', [{ key: ["projects", "/p", "trust_level"], value: "trusted" }], "c.toml");
 * assert.equal(out, 'a = 1\n\n[projects."/p"]\ntrust_level = "trusted"\n');
 * ```
 */
export function tomlWith(text: string, writes: readonly KeyValue[], file: string): string {
  let out = text;
  for (const w of writes) {
    const root = out.trim() === "" ? {} : parseToml(out);
    if (says(root, w)) continue;
    const table = w.key.slice(0, -1);
    const leaf = w.key.at(-1)!;
    const values = typeof w.value === "object" && w.value !== null
      ? Object.entries(w.value as Record<string, unknown>).map(([k, v]) =>
        [[...table, leaf], k, v] as const
      )
      : [[table, leaf, w.value] as const];
    for (const [at, name, value] of values) {
      const header = `[${at.map(tomlKey).join(".")}]`;
      const line = `${tomlKey(name)} = ${JSON.stringify(value)}`;
      const lines = out.split("\n");
      const start = lines.findIndex((l) => l.trim() === header);
      if (start < 0) {
        if (valueAt(root, at) !== undefined) {
          throw new EveryhookError(
            "config-shape",
            `Cannot trust in "${file}": ${
              at.join(".")
            } is written in a form other than a ${header} table; add ${line} to it by hand`,
          );
        }
        out = `${out}${out === "" || out.endsWith("\n") ? "" : "\n"}${
          out === "" ? "" : "\n"
        }${header}\n${line}\n`;
        continue;
      }
      let end = lines.findIndex((l, i) => i > start && /^\s*\[/.test(l));
      if (end < 0) end = lines.length;
      const own = lines.findIndex((l, i) =>
        i > start && i < end && new RegExp(`^\\s*${escape(tomlKey(name))}\\s*=`).test(l)
      );
      if (own >= 0) lines[own] = line;
      else lines.splice(start + 1, 0, line);
      out = lines.join("\n");
    }
    if (!says(parseToml(out), w)) {
      throw new EveryhookError(
        "config-shape",
        `Cannot trust in "${file}": after the edit ${w.key.join(".")} still does not say ${
          JSON.stringify(w.value)
        }; set it by hand`,
      );
    }
  }
  return out;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
