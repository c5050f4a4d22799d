/**
 * A small scanner of JavaScript and TypeScript source: the module's static
 * imports, read from its tokens, so that an import in a comment, a string, a
 * template or a regular expression is never taken for one. install reads a
 * hook with it to tell whether the hook is written with the SDK. It knows the
 * shapes of `import` and `export ... from`; it is no full parser. Not on
 * `run`'s path.
 *
 * @module
 */

/** One token: a word (identifier, keyword or number), a punctuator, a string's value, or a template. */
export type Token =
  | { kind: "word"; text: string }
  | { kind: "punct"; text: string }
  | { kind: "string"; text: string }
  | { kind: "template" }
  | { kind: "regex" };

/** One static import or re-export. */
export interface StaticImport {
  /** The module specifier, as written. */
  specifier: string;
  /** True for `import type` and `export type`: loaded by no one at run time. */
  typeOnly: boolean;
  /** The names imported (`defineHook`, or `x` of `defineHook as x` is not kept: the imported name is). */
  names: string[];
  /** The local name of a namespace import (`* as ns`), if any. */
  namespace?: string;
}

// After these words, a `/` starts a regular expression, not a division.
const BEFORE_EXPRESSION = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
]);

/**
 * Split source text into tokens, skipping white space and comments. A
 * template's text and its `${...}` parts are one token: what is inside them
 * is never read as code.
 *
 * @param source The module's text.
 * @returns The tokens.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { tokens } from "./import_scan.ts";
 * const t = tokens('import a from "b"; // import c from "d"');
 * assert(t.length === 5 && t[3]?.kind === "string");
 * ```
 */
export function tokens(source: string): Token[] {
  const out: Token[] = [];
  let i = source.startsWith("#!") ? source.indexOf("\n") : 0;
  if (i < 0) return out;
  const n = source.length;
  const regexAllowed = (): boolean => {
    const prev = out.at(-1);
    if (prev === undefined) return true;
    if (prev.kind === "word") return BEFORE_EXPRESSION.has(prev.text);
    if (prev.kind === "punct") return prev.text !== ")" && prev.text !== "]" && prev.text !== "}";
    return false;
  };
  while (i < n) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (/\s/.test(c)) {
      i++;
    } else if (c === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? n : end;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      let text = "";
      let j = i + 1;
      while (j < n && source[j] !== c && source[j] !== "\n") {
        if (source[j] === "\\") j++;
        text += source[j] ?? "";
        j++;
      }
      out.push({ kind: "string", text });
      i = j + 1;
    } else if (c === "`") {
      i = skipTemplate(source, i + 1);
      out.push({ kind: "template" });
    } else if (c === "/" && regexAllowed()) {
      i = skipRegex(source, i + 1);
      out.push({ kind: "regex" });
    } else if (/[A-Za-z0-9_$\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$\u0080-\uffff]/.test(source[j] as string)) j++;
      out.push({ kind: "word", text: source.slice(i, j) });
      i = j;
    } else {
      out.push({ kind: "punct", text: c });
      i++;
    }
  }
  return out;
}

/** Past the end of a template whose text starts at `i`; `${...}` parts may hold anything. */
function skipTemplate(source: string, i: number): number {
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === "\\") i += 2;
    else if (c === "`") return i + 1;
    else if (c === "$" && source[i + 1] === "{") i = skipCode(source, i + 2);
    else i++;
  }
  return n;
}

/** Past the `}` that closes code starting at `i` (inside `${`), skipping strings, templates and comments. */
function skipCode(source: string, i: number): number {
  const n = source.length;
  let depth = 1;
  while (i < n) {
    const c = source[i];
    if (c === "'" || c === '"') {
      i++;
      while (i < n && source[i] !== c && source[i] !== "\n") i += source[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "`") i = skipTemplate(source, i + 1);
    else if (c === "/" && source[i + 1] === "/") {
      const end = source.indexOf("\n", i);
      i = end < 0 ? n : end;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "{") {
      depth++;
      i++;
    } else if (c === "}") {
      if (--depth === 0) return i + 1;
      i++;
    } else i++;
  }
  return n;
}

/** Past the end of a regular expression whose body starts at `i` (and its flags). */
function skipRegex(source: string, i: number): number {
  const n = source.length;
  let inClass = false;
  while (i < n && source[i] !== "\n") {
    const c = source[i];
    if (c === "\\") i += 2;
    else if (c === "[") {
      inClass = true;
      i++;
    } else if (c === "]") {
      inClass = false;
      i++;
    } else if (c === "/" && !inClass) {
      i++;
      while (i < n && /[a-z]/.test(source[i] as string)) i++;
      return i;
    } else i++;
  }
  return i;
}

/**
 * A module's static imports and re-exports (`import ... from "x"`,
 * `import "x"`, `export ... from "x"`), at the top level only. Dynamic
 * `import("x")` and `import.meta` are not imports.
 *
 * @param source The module's text.
 * @returns The imports, in order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { staticImports } from "./import_scan.ts";
 * const found = staticImports('import { a, type B } from "m";\nconst s = "import x from \'y\'";');
 * assert(found.length === 1 && found[0]?.names.join() === "a");
 * ```
 */
export function staticImports(source: string): StaticImport[] {
  const t = tokens(source);
  const found: StaticImport[] = [];
  let depth = 0;
  const is = (k: number, text: string) => {
    const tok = t[k];
    return tok !== undefined && (tok.kind === "word" || tok.kind === "punct") &&
      tok.text === text;
  };
  for (let k = 0; k < t.length; k++) {
    if (is(k, "{") || is(k, "(") || is(k, "[")) depth++;
    else if (is(k, "}") || is(k, ")") || is(k, "]")) depth = Math.max(0, depth - 1);
    if (depth !== 0 || !(is(k, "import") || is(k, "export"))) continue;
    if (is(k - 1, ".")) continue; // obj.import
    const one = readDeclaration(t, k, is);
    if (one) found.push(one);
  }
  return found;
}

function readDeclaration(
  t: Token[],
  at: number,
  is: (k: number, text: string) => boolean,
): StaticImport | undefined {
  const importing = is(at, "import");
  let k = at + 1;
  const first = t[k];
  if (importing && first?.kind === "string") {
    return { specifier: first.text, typeOnly: false, names: [] };
  }
  if (importing && (is(k, "(") || is(k, "."))) return undefined;
  let typeOnly = false;
  if (is(k, "type") && !(is(k + 1, "from") && t[k + 2]?.kind === "string")) {
    typeOnly = true;
    k++;
  }
  if (!importing && !is(k, "*") && !is(k, "{")) return undefined; // export const, function, ...
  const names: string[] = [];
  let namespace: string | undefined;
  let braces = false;
  for (; k < t.length; k++) {
    const tok = t[k] as Token;
    if (is(k, "from") && t[k + 1]?.kind === "string") {
      const specifier = (t[k + 1] as { text: string }).text;
      return namespace === undefined
        ? { specifier, typeOnly, names }
        : { specifier, typeOnly, names, namespace };
    }
    if (is(k, ";")) return undefined;
    if (is(k, "{")) braces = true;
    else if (is(k, "}")) braces = false;
    else if (is(k, "*") && is(k + 1, "as") && t[k + 2]?.kind === "word") {
      namespace = (t[k + 2] as { text: string }).text;
      k += 2;
    } else if (braces && tok.kind === "word" && tok.text !== "as") {
      if (tok.text === "type" && t[k + 1]?.kind === "word" && !is(k + 1, "as")) {
        k++; // an inline `type X`: not loaded at run time
        continue;
      }
      if (!is(k - 1, "as")) names.push(tok.text);
    } else if (tok.kind !== "word" && tok.kind !== "punct") return undefined;
  }
  return undefined;
}

/**
 * Whether a word is used as `ns.name` in the code of a module (not in its
 * comments, strings or templates).
 *
 * @param source The module's text.
 * @param ns The namespace's local name.
 * @param name The member.
 * @returns True when `ns.name` appears.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { usesMember } from "./import_scan.ts";
 * assert(usesMember("x.run(1)", "x", "run"));
 * assert(!usesMember("// x.run(1)", "x", "run"));
 * ```
 */
export function usesMember(source: string, ns: string, name: string): boolean {
  const t = tokens(source);
  return t.some((tok, k) =>
    tok.kind === "word" && tok.text === ns && t[k + 1]?.kind === "punct" &&
    (t[k + 1] as { text: string }).text === "." && t[k + 2]?.kind === "word" &&
    (t[k + 2] as { text: string }).text === name
  );
}
