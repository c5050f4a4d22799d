/**
 * Hooks as `[[hooks]]` tables in a TOML config that belongs to the person
 * (Kimi Code's `~/.kimi-code/config.toml`: one table per entry, with `event`,
 * `matcher`, `command` and `timeout`). everyhook's entries sit in one block at
 * the end of the file, between two comment lines it writes; every byte before
 * the block, and after it, stays as it was. Install and uninstall work on the
 * block's entries as the JSON text of a flat-layout file
 * (`{"hooks": {"<Event>": [entry, ...]}}`) and put the block back, rewritten
 * whole, where it was (or at the end). `list` reads every `[[hooks]]` table of
 * the file through {@linkcode tomlHooksView}. Not on `run`'s path.
 *
 * @module
 */

import { parse, stringify } from "smol-toml";
import { EveryhookError } from "../contract/errors.ts";

/** The line that opens everyhook's block. */
export const BLOCK_START =
  "# everyhook: the [[hooks]] tables from here to the end line are everyhook's (everyhook install / uninstall change them)";

/** The line that closes it. */
export const BLOCK_END = "# everyhook: end";

/** The fields of an entry, in the order they are written. */
const FIELDS = ["event", "matcher", "command", "timeout"] as const;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Where the block is in a text: from the start of its first line to past its end line. */
function blockSpan(text: string): { start: number; end: number } | undefined {
  const start = text.indexOf(BLOCK_START);
  if (start < 0 || (start > 0 && text[start - 1] !== "\n")) return undefined;
  const close = text.indexOf(BLOCK_END, start);
  if (close < 0) return undefined;
  let end = close + BLOCK_END.length;
  if (text.startsWith("\r\n", end)) end += 2;
  else if (text[end] === "\n") end += 1;
  return { start, end };
}

/**
 * Parse a whole TOML text, as a refusal the person can act on when it is broken.
 *
 * @param text The text.
 * @param file The path, for messages.
 * @returns The parsed value.
 * @throws {EveryhookError} `config-syntax` when it is not TOML.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTomlText } from "./toml_hooks.ts";
 * assert.equal(parseTomlText("a = 1\n", "x.toml").a, 1);
 * assert.throws(() => parseTomlText("a = \n", "x.toml"), /not valid TOML/);
 * ```
 */
export function parseTomlText(text: string, file: string): Json {
  try {
    return parse(text) as Json;
  } catch (e) {
    const first = (e instanceof Error ? e.message : String(e)).split("\n")[0];
    throw new EveryhookError(
      "config-syntax",
      `Cannot read "${file}": it is not valid TOML (${first}); fix it and try again`,
    );
  }
}

/**
 * The `[[hooks]]` tables of a parsed config, grouped by event in the flat
 * layout everyhook reads: `{ hooks: { <event>: [ { type, command, matcher?, timeout? } ] } }`.
 * A table without a string `event` is left out.
 *
 * @param value The parsed config.
 * @returns The view; its `hooks` is empty when there are none.
 * @throws {EveryhookError} `config-shape` when `hooks` is there but not a list of tables.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { tomlHooksView } from "./toml_hooks.ts";
 * const view = tomlHooksView({ hooks: [{ event: "Stop", command: "x", timeout: 5 }] });
 * assert.deepEqual(view, { hooks: { Stop: [{ type: "command", command: "x", timeout: 5 }] } });
 * ```
 */
export function tomlHooksView(value: Json): { hooks: Record<string, Json[]> } {
  const hooks: Record<string, Json[]> = {};
  const list = value.hooks;
  if (list === undefined) return { hooks };
  if (!Array.isArray(list) || !list.every(isObject)) {
    throw new EveryhookError("config-shape", `its "hooks" is not a list of [[hooks]] tables`);
  }
  for (const table of list) {
    const { event, ...rest } = table;
    if (typeof event !== "string") continue;
    (hooks[event] ??= []).push({ type: "command", ...rest });
  }
  return { hooks };
}

/**
 * The JSON text of everyhook's entries in a TOML config (its block only), for
 * install and uninstall to edit; empty when there is no block.
 *
 * @param text The config's text.
 * @param file The path, for messages.
 * @returns The JSON text.
 * @throws {EveryhookError} `config-syntax` when the config is not TOML; `config-shape`
 *   when its `hooks` is not a list of tables.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { tomlHooksJson } from "./toml_hooks.ts";
 * assert.equal(tomlHooksJson('model = "m"\n', "c.toml"), "");
 * ```
 */
export function tomlHooksJson(text: string, file: string): string {
  const view = (part: string) => {
    try {
      return tomlHooksView(parseTomlText(part, file));
    } catch (e) {
      if (!(e instanceof EveryhookError) || e.code !== "config-shape") throw e;
      throw new EveryhookError("config-shape", `Cannot change "${file}": ${e.message}`);
    }
  };
  view(text);
  const span = blockSpan(text);
  if (span === undefined) return "";
  return JSON.stringify(view(text.slice(span.start, span.end)), null, 2) + "\n";
}

/**
 * The config's text with everyhook's block made from a JSON text of entries:
 * the old block replaced in place, or a new one added at the end, or the block
 * taken out when no entry is left. Nothing else in the text changes.
 *
 * @param before The config's text as it is (empty for a new file).
 * @param json The JSON text of the entries (flat layout), as install or uninstall left it.
 * @returns The new text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { tomlHooksJson, tomlWithHooks } from "./toml_hooks.ts";
 * const json = JSON.stringify({ hooks: { Stop: [{ type: "command", command: "x", timeout: 5 }] } });
 * const text = tomlWithHooks('model = "m"\n', json);
 * assert.ok(text.startsWith('model = "m"\n\n# everyhook'));
 * assert.match(tomlHooksJson(text, "c.toml"), /"command": "x"/);
 * assert.equal(tomlWithHooks(text, JSON.stringify({ hooks: {} })), 'model = "m"\n');
 * ```
 */
export function tomlWithHooks(before: string, json: string): string {
  const eol = before.includes("\r\n") ? "\r\n" : "\n";
  const value = json.trim() === "" ? {} : JSON.parse(json) as Json;
  const tables: Json[] = [];
  const hooks = isObject(value.hooks) ? value.hooks : {};
  for (const [event, list] of Object.entries(hooks)) {
    for (const entry of Array.isArray(list) ? list : []) {
      if (!isObject(entry)) continue;
      const table: Json = { event };
      for (const field of FIELDS) {
        if (field !== "event" && entry[field] !== undefined) table[field] = entry[field];
      }
      tables.push(table);
    }
  }
  const block = tables.length === 0
    ? ""
    : [BLOCK_START, ...tables.map((t) => stringify({ hooks: [t] }).trim()), BLOCK_END]
      .join("\n\n").replaceAll("\n", eol) + eol;
  const span = blockSpan(before);
  if (span !== undefined) {
    const head = before.slice(0, span.start);
    const tail = before.slice(span.end);
    if (block !== "") return head + block + tail;
    // The blank line install put before the block goes with it.
    const trimmed = head.endsWith(eol + eol) ? head.slice(0, -eol.length) : head;
    return trimmed + tail;
  }
  if (block === "") return before;
  if (before === "") return block;
  const sep = before.endsWith(eol) ? eol : eol + eol;
  return before + sep + block;
}

/**
 * A check for a config about to be written: it must be TOML whose `hooks` is a
 * list of tables.
 *
 * @param file The path, for messages.
 * @returns The check.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { verifyToml } from "./toml_hooks.ts";
 * verifyToml("c.toml")(new TextEncoder().encode("[[hooks]]\nevent = \"Stop\"\n"));
 * assert.throws(() => verifyToml("c.toml")(new TextEncoder().encode("hooks = 1\n")));
 * ```
 */
export function verifyToml(file: string): (bytes: Uint8Array) => void {
  return (bytes) => {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    try {
      tomlHooksView(parse(text) as Json);
    } catch (e) {
      const why = (e instanceof Error ? e.message : String(e)).split("\n")[0];
      throw new EveryhookError(
        "config-shape",
        `Cannot change "${file}": with everyhook's [[hooks]] tables added it would not be valid (${why}); an inline "hooks = [...]" cannot take them: write its entries as [[hooks]] tables and try again`,
      );
    }
  };
}
