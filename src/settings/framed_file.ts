/**
 * A file everyhook generates as fixed text around one JSON value (the
 * OpenCode and Kilo Code plugin, plugin_file.ts; Cline's per-event hook file,
 * runner_file.ts): writing it, knowing it, and reading its value back, which
 * refuses a file that is not everyhook's or was edited since.
 *
 * @module
 */

import type { EveryhookError } from "../contract/errors.ts";

/** The text of one kind of generated file, around its JSON value. */
export interface FramedFile {
  /** The whole file around a JSON text (written again two-space). @throws {SyntaxError} When it is not JSON. */
  text(jsonText: string): string;
  /** Whether a file's text starts and ends as everyhook writes this kind. */
  holds(text: string): boolean;
  /**
   * The JSON text of a file everyhook wrote ("" for an empty file).
   *
   * @throws {EveryhookError} `refuse()` when it is not everyhook's or was edited since.
   */
  json(text: string, refuse: () => EveryhookError): string;
}

/**
 * The frame made of a head and a tail.
 *
 * @param head The text before the value.
 * @param tail The text after it.
 * @returns The frame.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { EveryhookError } from "../contract/errors.ts";
 * import { framedFile } from "./framed_file.ts";
 * const f = framedFile("const HOOKS = ", ";\n");
 * const refuse = () => new EveryhookError("config-shape", "edited");
 * assert.equal(f.text('{"a":1}'), 'const HOOKS = {\n  "a": 1\n};\n');
 * assert.equal(JSON.parse(f.json(f.text('{"a":1}'), refuse)).a, 1);
 * assert.throws(() => f.json('const HOOKS = {"a":1};\n', refuse));
 * assert.equal(f.json("", refuse), "");
 * ```
 */
export function framedFile(head: string, tail: string): FramedFile {
  const written = (value: unknown) => JSON.stringify(value, null, 2);
  const holds = (text: string) => text.startsWith(head) && text.endsWith(tail);
  return {
    text: (jsonText) => head + written(JSON.parse(jsonText)) + tail,
    holds,
    json(text, refuse) {
      if (text.trim() === "") return "";
      if (!holds(text)) throw refuse();
      const json = text.slice(head.length, text.length - tail.length);
      let same: boolean;
      try {
        same = written(JSON.parse(json)) === json;
      } catch {
        same = false;
      }
      if (!same) throw refuse();
      return json;
    },
  };
}
