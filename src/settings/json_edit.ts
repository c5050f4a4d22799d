/**
 * Edits that touch only the bytes they must: a member added after the last
 * one on a line of its own (a comment after the previous member stays on its
 * line), a value replaced in place, a member taken out with its own lines. The
 * new text is indented like the line it joins. Where a file's layout is not
 * one member to a line, the caller falls back to jsonc-parser's formatter.
 * Not on `run`'s path.
 *
 * @module
 */

import { applyEdits, findNodeAtLocation, modify, type Node, parseTree } from "jsonc-parser";

/** One change to a text: replace `length` characters at `offset` with `content`. */
interface Change {
  offset: number;
  length: number;
  content: string;
}

/** How added text is laid out. */
export interface EditLayout {
  /** One level of indentation. */
  indent: string;
  /** The line ending. */
  eol: string;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

function lineIndent(text: string, offset: number): string {
  return /^[ \t]*/.exec(text.slice(lineStart(text, offset)))![0];
}

// Whether a member starts its line; with `comments`, block comments may come before it.
function ownLine(text: string, node: Node, comments = false): boolean {
  let before = text.slice(lineStart(text, node.offset), node.offset);
  if (comments) before = before.replace(/\/\*.*?\*\//g, "");
  return before.trim() === "";
}

/**
 * What follows a member on its line: a comma (its offset, or -1), then
 * spaces and comments up to the line's end (its offset, or -1 when something
 * else comes first on the same line).
 */
function after(text: string, end: number): { comma: number; lineEnd: number } {
  let i = end;
  let comma = -1;
  const spaces = () => {
    while (text[i] === " " || text[i] === "\t") i++;
  };
  spaces();
  if (text[i] === ",") comma = i++;
  for (;;) {
    spaces();
    if (text.startsWith("//", i)) {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? text.length : eol;
    } else if (text.startsWith("/*", i)) {
      const close = text.indexOf("*/", i + 2);
      if (close < 0 || text.slice(i, close).includes("\n")) return { comma, lineEnd: -1 };
      i = close + 2;
    } else break;
  }
  if (text[i] === "\r" && text[i + 1] === "\n") return { comma, lineEnd: i };
  if (text[i] === "\n") return { comma, lineEnd: i };
  return { comma, lineEnd: -1 };
}

function pretty(value: unknown, base: string, layout: EditLayout): string {
  return JSON.stringify(value, null, layout.indent).replaceAll("\n", layout.eol + base);
}

function member(key: string | number, body: string, space = true): string {
  return typeof key === "string" ? `${JSON.stringify(key)}:${space ? " " : ""}${body}` : body;
}

// Whether a one-line text puts a space after its colons and commas.
function spaced(text: string): boolean {
  return /[:,] /.test(text.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
}

function apply(text: string, changes: Change[]): string {
  let out = text;
  for (const c of [...changes].sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, c.offset) + c.content + out.slice(c.offset + c.length);
  }
  return out;
}

/**
 * Set, add or remove one value by a text edit that leaves every other byte,
 * when the file's layout allows it (one member to a line).
 *
 * @param text The text.
 * @param path Where the value is; a last index of -1 appends to an array.
 * @param value The new value; undefined removes it.
 * @param layout The indentation and line ending of added text.
 * @returns The new text, or undefined when the layout is not one this edit handles.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { preciseEdit } from "./json_edit.ts";
 * const out = preciseEdit('{\n  "a": 1 // one\n}\n', ["b"], 2, { indent: "  ", eol: "\n" });
 * assert(out === '{\n  "a": 1, // one\n  "b": 2\n}\n');
 * ```
 */
export function preciseEdit(
  text: string,
  path: ReadonlyArray<string | number>,
  value: unknown,
  layout: EditLayout,
): string | undefined {
  if (path.length === 0) return undefined;
  const root = parseTree(text, [], { allowTrailingComma: true });
  if (!root) return undefined;
  const key = path.at(-1)!;
  const container = findNodeAtLocation(root, path.slice(0, -1) as Array<string | number>);
  if (!container || (container.type !== "object" && container.type !== "array")) return undefined;
  const members = container.children ?? [];
  const valueNode = key === -1 ? undefined : findNodeAtLocation(root, [...path]);
  const found = valueNode && (container.type === "object" ? valueNode.parent : valueNode);
  if (value === undefined) return found ? remove(text, container, found, path) : text;
  if (found && valueNode) {
    const old = text.slice(valueNode.offset, valueNode.offset + valueNode.length);
    const content = old.includes("\n")
      ? pretty(value, lineIndent(text, valueNode.offset), layout)
      : JSON.stringify(value);
    return apply(text, [{ offset: valueNode.offset, length: valueNode.length, content }]);
  }
  if (key === -1 && container.type !== "array") return undefined;
  if (typeof key === "number" && key !== -1) return undefined;
  const last = members.at(-1);
  const oneLine = !text.includes("\n");
  if (last === undefined) {
    const inner = text.slice(container.offset + 1, container.offset + container.length - 1);
    if (inner.trim() !== "") return undefined;
    if (oneLine && text.trim().length > container.length) {
      const content = member(key, JSON.stringify(value), spaced(text));
      return apply(text, [{ offset: container.offset + 1, length: inner.length, content }]);
    }
    const base = lineIndent(text, container.offset);
    const ind = base + layout.indent;
    const content = layout.eol + ind + member(key, pretty(value, ind, layout)) + layout.eol + base;
    return apply(text, [{ offset: container.offset + 1, length: inner.length, content }]);
  }
  const next = after(text, last.offset + last.length);
  const end = container.offset + container.length;
  if (!text.slice(container.offset, end).includes("\n")) {
    // A container on one line stays on one line.
    const sep = spaced(text) ? ", " : ",";
    const content = sep + member(key, JSON.stringify(value), spaced(text));
    return apply(text, [{ offset: last.offset + last.length, length: 0, content }]);
  }
  if (!ownLine(text, last, true) || next.lineEnd < 0) return undefined;
  const ind = lineIndent(text, last.offset);
  const added = layout.eol + ind + member(key, pretty(value, ind, layout)) +
    (next.comma >= 0 ? "," : "");
  const changes: Change[] = [{ offset: next.lineEnd, length: 0, content: added }];
  if (next.comma < 0) changes.push({ offset: last.offset + last.length, length: 0, content: "," });
  return apply(text, changes);
}

function remove(
  text: string,
  container: Node,
  found: Node,
  path: ReadonlyArray<string | number>,
): string | undefined {
  const members = container.children ?? [];
  const i = members.indexOf(found);
  const next = after(text, found.offset + found.length);
  if (!text.slice(container.offset, container.offset + container.length).includes("\n")) {
    // On one line: jsonc-parser's own removal, without its formatter, takes the member and a comma.
    return applyEdits(text, modify(text, [...path], undefined, {}));
  }
  if (!ownLine(text, found) || next.lineEnd < 0) return undefined;
  const eolLength = text[next.lineEnd] === "\r" ? 2 : 1;
  const lines: Change = {
    offset: lineStart(text, found.offset),
    length: next.lineEnd + eolLength - lineStart(text, found.offset),
    content: "",
  };
  if (i < members.length - 1 || next.comma >= 0) return apply(text, [lines]);
  if (i === 0) {
    // The only member: a container left with nothing but whitespace becomes `{}` or `[]`.
    const start = container.offset + 1;
    const end = container.offset + container.length - 1;
    const rest = text.slice(start, lines.offset) + text.slice(lines.offset + lines.length, end);
    if (rest.trim() !== "") return apply(text, [lines]);
    return apply(text, [{ offset: start, length: end - start, content: "" }]);
  }
  const prev = members[i - 1]!;
  const comma = after(text, prev.offset + prev.length).comma;
  if (comma < 0) return undefined;
  return apply(text, [lines, { offset: comma, length: 1, content: "" }]);
}
