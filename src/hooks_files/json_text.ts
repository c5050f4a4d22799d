/**
 * Changes to a JSON or JSONC file made as text edits, so that every byte outside
 * the change stays as it was: the file's indentation, line endings, final
 * newline, byte-order mark, comments and trailing commas. Each edit is checked
 * by parsing the result again. Not on `run`'s path.
 *
 * @module
 */

import {
  applyEdits,
  createScanner,
  findNodeAtLocation,
  modify,
  parse,
  type ParseError,
  parseTree,
  visit,
} from "jsonc-parser";
import { EveryhookError } from "../contract/errors.ts";
import { preciseEdit } from "./json_edit.ts";

/** How a file is laid out, so that what is added looks like the rest. */
export interface TextFormat {
  /** The file starts with a UTF-8 byte-order mark. */
  bom: boolean;
  /** The line ending the file uses. */
  eol: "\n" | "\r\n";
  /** One level of indentation: a tab, or some spaces. */
  indent: string;
  /** The file ends with a line ending. */
  finalNewline: boolean;
}

/** A file's text (without its byte-order mark) and its layout. */
export interface JsonText {
  /** The text. */
  text: string;
  /** Its layout. */
  format: TextFormat;
}

/** A key or an index on the way to a value. */
export type JsonPath = ReadonlyArray<string | number>;

/** The layout of a file everyhook creates. */
export const DEFAULT_FORMAT: TextFormat = {
  bom: false,
  eol: "\n",
  indent: "  ",
  finalNewline: true,
};

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Decode a file's bytes as UTF-8 and find its layout.
 *
 * @param bytes The file's bytes.
 * @param file The file's path, for messages.
 * @returns The text without its byte-order mark, and the layout.
 * @throws {EveryhookError} `config-syntax` when the bytes are not UTF-8.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeJsonText } from "./json_text.ts";
 * const t = decodeJsonText(new TextEncoder().encode('{\r\n\t"a": 1\r\n}'), "x.json");
 * assert(t.format.eol === "\r\n" && t.format.indent === "\t" && !t.format.finalNewline);
 * ```
 */
export function decodeJsonText(bytes: Uint8Array, file: string): JsonText {
  const bom = bytes.length >= 3 && BOM.every((b, i) => bytes[i] === b);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(
      bom ? bytes.subarray(3) : bytes,
    );
  } catch {
    throw new EveryhookError("config-syntax", `Cannot read "${file}": it is not UTF-8 text`);
  }
  return { text, format: { ...detectFormat(text), bom } };
}

/**
 * Encode text as the file's bytes, with the byte-order mark when the layout has one.
 *
 * @param text The text.
 * @param format The layout.
 * @returns The bytes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_FORMAT, encodeJsonText } from "./json_text.ts";
 * assert(encodeJsonText("{}", { ...DEFAULT_FORMAT, bom: true }).length === 5);
 * ```
 */
export function encodeJsonText(text: string, format: TextFormat): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!format.bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set(BOM);
  out.set(body, 3);
  return out;
}

/**
 * Find a text's line ending, indentation and final newline.
 *
 * @param text The text.
 * @returns The layout (without a byte-order mark).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectFormat } from "./json_text.ts";
 * assert(detectFormat('{\n    "a": 1\n}\n').indent === "    ");
 * ```
 */
export function detectFormat(text: string): TextFormat {
  const firstBreak = text.indexOf("\n");
  const eol = firstBreak > 0 && text[firstBreak - 1] === "\r" ? "\r\n" : "\n";
  let indent: string | undefined;
  let smallest = Infinity;
  for (const line of text.split("\n").slice(1, 200)) {
    const lead = /^[ \t]*/.exec(line)![0];
    if (lead === "" || lead.length === line.replace(/\r$/, "").length) continue;
    if (lead.startsWith("\t")) {
      indent = "\t";
      break;
    }
    smallest = Math.min(smallest, lead.length);
  }
  if (indent === undefined) indent = Number.isFinite(smallest) ? " ".repeat(smallest) : "  ";
  return { bom: false, eol, indent, finalNewline: /\n$/.test(text) || text === "" };
}

/**
 * Parse JSON with comments and trailing commas.
 *
 * @param text The text (without a byte-order mark).
 * @param file The file's path, for messages.
 * @returns The value, or undefined for a text that is empty or only whitespace.
 * @throws {EveryhookError} `config-syntax` with the line and column of the first error.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseJsonText } from "./json_text.ts";
 * assert((parseJsonText('{"a": 1, // one\n}', "x.json") as { a: number }).a === 1);
 * ```
 */
export function parseJsonText(text: string, file: string): unknown {
  if (text.trim() === "") return undefined;
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true });
  const first = errors[0];
  if (first) {
    const before = text.slice(0, first.offset).split("\n");
    const where = `${before.length}:${before.at(-1)!.length + 1}`;
    throw new EveryhookError(
      "config-syntax",
      `Cannot read "${file}": it is not valid JSON at line ${where}`,
    );
  }
  return value;
}

/**
 * The first key written twice in the root object or in its `hooks` object, where
 * an edit would land in one copy while the agents read the other.
 *
 * @param text A JSON (with comments) text.
 * @returns The key's path, such as `hooks.PreToolUse`, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { duplicateHooksKey } from "./json_text.ts";
 * assert(duplicateHooksKey('{"hooks": {}, "hooks": {}}') === "hooks");
 * assert(duplicateHooksKey('{"env": {"A": 1, "A": 2}}') === undefined);
 * ```
 */
export function duplicateHooksKey(text: string): string | undefined {
  // One pass with no tree: a set of keys for the root object and for its `hooks`.
  const seen: Array<Set<string> | undefined> = [];
  let found: string | undefined;
  visit(text, {
    onObjectBegin: (_offset, _length, _line, _column, path) => {
      const p = seen.length <= 1 ? path() : undefined;
      const watched = p !== undefined && (p.length === 0 || (p.length === 1 && p[0] === "hooks"));
      seen.push(watched ? new Set() : undefined);
    },
    onObjectEnd: () => {
      seen.pop();
    },
    onObjectProperty: (name, _offset, _length, _line, _column, path) => {
      const keys = seen.at(-1);
      if (keys === undefined || found !== undefined) return;
      if (keys.has(name)) found = path().length === 0 ? name : `hooks.${name}`;
      keys.add(name);
    },
  }, { allowTrailingComma: true });
  return found;
}

/**
 * Set or remove one value by editing the text, then check the result by
 * parsing it again.
 *
 * @param text The text.
 * @param path Where the value is; an index of -1 with `insert` appends to an array.
 * @param value The new value; undefined removes it.
 * @param format The layout added text follows.
 * @param options `insert: true` inserts into an array at the index instead of replacing.
 * @returns The new text.
 * @throws {EveryhookError} `internal` when the edit did not give the value it should.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_FORMAT, editJson } from "./json_text.ts";
 * const out = editJson('{ "a": 1 } // keep\n', ["b"], true, DEFAULT_FORMAT);
 * assert(out.includes("// keep") && out.includes('"b": true'));
 * ```
 */
export function editJson(
  text: string,
  path: JsonPath,
  value: unknown,
  format: TextFormat,
  options: { insert?: boolean } = {},
): string {
  const precise = preciseEdit(text, path, value, format);
  if (precise !== undefined && says(precise, path, value)) return precise;
  const edits = modify(text, [...path], value, {
    formattingOptions: {
      insertSpaces: format.indent !== "\t",
      tabSize: format.indent === "\t" ? 1 : format.indent.length,
      eol: format.eol,
    },
    isArrayInsertion: options.insert === true,
  });
  let out = applyEdits(text, edits);
  if (value === undefined && !parses(out)) out = removeWithComma(text, path) ?? out;
  if (!parses(out)) {
    throw new EveryhookError(
      "internal",
      `Cannot edit at "${path.join(".")}": the result did not parse`,
    );
  }
  return out;
}

/**
 * Whether two texts say the same: the same tokens and comments in the same
 * order, whatever the whitespace between them and trailing commas.
 *
 * @param a One text.
 * @param b The other.
 * @returns True when they say the same.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameJsonText } from "./json_text.ts";
 * assert(sameJsonText('{"a":1,}', '{\n  "a": 1\n}\n'));
 * assert(!sameJsonText('{"a":1} // x', '{"a":1}'));
 * ```
 */
export function sameJsonText(a: string, b: string): boolean {
  const ta = tokens(a);
  const tb = tokens(b);
  return ta.length === tb.length && ta.every((t, i) => t === tb[i]);
}

/**
 * Whether a text holds a comment (`//` or `/* *\/`) outside its strings.
 *
 * @param text A JSON (with comments) text.
 * @returns True when it has one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasComment } from "./json_text.ts";
 * assert(hasComment('{} // note') && !hasComment('{"a": "//"}'));
 * ```
 */
export function hasComment(text: string): boolean {
  const scanner = createScanner(text, false);
  for (;;) {
    const kind: number = scanner.scan();
    if (kind === KIND.eof) return false;
    if (kind === KIND.lineComment || kind === KIND.blockComment) return true;
  }
}

// Whether a text parses and holds the value at the path (absent, for a removal).
function says(text: string, path: JsonPath, value: unknown): boolean {
  const errors: ParseError[] = [];
  let node: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || node === undefined) return false;
  const appended = path.at(-1) === -1;
  for (const key of appended ? path.slice(0, -1) : path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, key)) {
      return value === undefined;
    }
    node = (node as Record<string | number, unknown>)[key];
  }
  if (appended) {
    if (!Array.isArray(node) || node.length === 0) return false;
    node = node.at(-1);
  }
  return value !== undefined && JSON.stringify(node) === JSON.stringify(value);
}

function parses(text: string): boolean {
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: true });
  return errors.length === 0;
}

// jsonc-parser's modify leaves `{,}` when it removes the only member before a
// trailing comma: take the member out with the comma after it instead.
function removeWithComma(text: string, path: JsonPath): string | undefined {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const node = root && findNodeAtLocation(root, [...path]);
  if (!node) return undefined;
  const member = node.parent?.type === "property" ? node.parent : node;
  const after = /^\s*,/.exec(text.slice(member.offset + member.length));
  // The last member takes the comma before it, so no trailing comma is left for a strict reader.
  const before = after ? null : /,\s*$/.exec(text.slice(0, member.offset));
  const start = before ? before.index : member.offset;
  const end = member.offset + member.length + (after ? after[0].length : 0);
  return text.slice(0, start) + text.slice(end);
}

// SyntaxKind values of jsonc-parser (a const enum, so written out here).
const KIND = {
  closeBrace: 2,
  closeBracket: 4,
  comma: 5,
  stringLiteral: 10,
  lineComment: 12,
  blockComment: 13,
  lineBreak: 14,
  trivia: 15,
  eof: 17,
} as const;

function tokens(text: string): string[] {
  const scanner = createScanner(text, false);
  const out: Array<{ kind: number; value: string }> = [];
  for (;;) {
    const kind: number = scanner.scan();
    if (kind === KIND.eof) break;
    if (kind === KIND.lineBreak || kind === KIND.trivia) continue;
    const value = kind === KIND.stringLiteral
      ? JSON.stringify(scanner.getTokenValue())
      : text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    out.push({ kind, value });
  }
  // A comma before a closing bracket (comments between them aside) says nothing:
  // walk backwards once, remembering the next token that is not a comment.
  const kept: string[] = [];
  let next: { kind: number; value: string } | undefined;
  for (let i = out.length - 1; i >= 0; i--) {
    const t = out[i]!;
    const closes = next === undefined || next.kind === KIND.closeBrace ||
      next.kind === KIND.closeBracket;
    if (!(t.kind === KIND.comma && closes)) kept.push(t.value.trimEnd());
    if (t.value[0] !== "/") next = t;
  }
  return kept.reverse();
}
