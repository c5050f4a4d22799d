/**
 * What `JSON.parse` cannot tell: a key written twice in one object. It keeps
 * the last copy without a word, so `{"decision":"deny","decision":"allow"}`
 * reads as allow while another reader takes deny. A hook's answer with such a
 * key says two things, and is not an answer. On `run`'s path: no `node:` and
 * no `npm:` module.
 *
 * @module
 */

type Frame =
  | { kind: "object"; path: string; keys: Set<string>; key: string | undefined; wantKey: boolean }
  | { kind: "array"; path: string; index: number };

/**
 * The first key written twice in one object, anywhere in a JSON text. Keys
 * are compared as they read, escapes undone (`"a"` and `"\u0061"` are one key).
 *
 * @param text A text that `JSON.parse` accepts.
 * @returns The key's path, such as `decision` or `input.command`, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { duplicateKey } from "./strict_json.ts";
 * assert(duplicateKey('{"decision":"deny","reason":"x","decision":"allow"}') === "decision");
 * assert(duplicateKey('{"input":{"a":1,"\\u0061":2}}') === "input.a");
 * assert(duplicateKey('[{"a":1},{"a":2}]') === undefined);
 * ```
 */
export function duplicateKey(text: string): string | undefined {
  const stack: Frame[] = [];
  const childPath = (): string => {
    const top = stack.at(-1);
    if (top === undefined) return "";
    if (top.kind === "array") return `${top.path}[${top.index}]`;
    return top.path === "" ? top.key ?? "" : `${top.path}.${top.key ?? ""}`;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.kind === "object" && top.wantKey) {
        const key = JSON.parse(text.slice(i, end)) as string;
        if (top.keys.has(key)) return top.path === "" ? key : `${top.path}.${key}`;
        top.keys.add(key);
        top.key = key;
        top.wantKey = false;
      }
      i = end;
      continue;
    }
    if (c === "{") {
      stack.push({
        kind: "object",
        path: childPath(),
        keys: new Set(),
        key: undefined,
        wantKey: true,
      });
    } else if (c === "[") {
      stack.push({ kind: "array", path: childPath(), index: 0 });
    } else if (c === "}" || c === "]") {
      stack.pop();
    } else if (c === ",") {
      const top = stack.at(-1);
      if (top?.kind === "object") top.wantKey = true;
      else if (top?.kind === "array") top.index++;
    }
    i++;
  }
  return undefined;
}

// The index just after the closing quote of the string that opens at `start`.
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  return text.length;
}
