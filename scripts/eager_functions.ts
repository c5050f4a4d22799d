/**
 * Have V8 compile a bundle's functions when the module loads, so that Deno's
 * code cache holds them, without `--v8-flags=--no-lazy`.
 *
 * V8 compiles a function the first time it is called, unless the function
 * is written inside parentheses, `(function f() {...})`: that it compiles
 * with the script. Deno keeps in its code cache what was compiled when the
 * module loaded, so a function compiled lazily is compiled again at every
 * start. `--no-lazy` compiles every function of every script whole, Deno's
 * own streams and process code among them, which `run` loads when it first
 * starts a program: in `run` that costs more in memory faults than it saves
 * (docs/speed.md). This transform gives the bundle's own functions what
 * `--no-lazy` gave them, and leaves Deno's code lazy.
 *
 * It reads the text `deno bundle` writes, unminified: each top-level
 * function declaration starts a line (`function name(`, `async function`,
 * `function*`) and ends at the first line that is `}` alone; a module wrapped
 * for lazy evaluation is `var init_x = __esm({` followed by `  "path"() {`
 * and ends at the first line that is `  }` alone. Each declaration becomes
 * `var name = (function name(...) {...});`, moved to the top of the code
 * (so that, as with a declaration, it is there before any statement runs);
 * each wrapped module's method becomes a parenthesized function property.
 * A block it cannot close the way it expects is an error, not a guess.
 *
 * @module
 */

/** The comment above the moved declarations. */
export const MOVED_NOTE =
  "// The bundle's top-level functions, each in parentheses so that V8 compiles it with the module (scripts/eager_functions.ts):";

const DECLARATION = /^(async )?function(\*?) ([\w$]+)\(/;
const WRAPPED = /^var init_[\w$]+ = __esm\(\{$/;
const WRAPPED_BODY = /^ {2}("[^"\\]+")\(\) \{$/;

/**
 * The bundle's text with its top-level functions and wrapped modules written
 * so that V8 compiles them when the module loads.
 *
 * @param text A module as `deno bundle` writes it, unminified.
 * @param codeStart Where the moved declarations go: before the first line
 *   that starts with it (default: the first line that is not a comment or
 *   empty, after a shebang).
 * @returns The text transformed.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { eagerFunctions, MOVED_NOTE } from "./eager_functions.ts";
 * const out = eagerFunctions("// a bundle\nconst x = f(1);\nfunction f(a) {\n  return a;\n}\n");
 * assert.equal(
 *   out,
 *   `// a bundle\n${MOVED_NOTE}\nvar f = (function f(a) {\n  return a;\n});\nconst x = f(1);\n`,
 * );
 * ```
 */
export function eagerFunctions(text: string, codeStart?: string): string {
  const lines = text.split("\n");
  const kept: string[] = [];
  const moved: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const declared = DECLARATION.exec(line);
    if (declared) {
      const end = closing(lines, i, "}");
      moved.push(`var ${declared[3]} = (${line}`, ...lines.slice(i + 1, end), "});");
      i = end;
      continue;
    }
    const body = WRAPPED.test(kept.at(-1) ?? "") ? WRAPPED_BODY.exec(line) : null;
    if (body) {
      const end = closing(lines, i, "  }");
      kept.push(`  ${body[1]}: (function() {`, ...lines.slice(i + 1, end), "  })");
      i = end;
      continue;
    }
    kept.push(line);
  }
  const at = kept.findIndex((line, n) =>
    codeStart !== undefined
      ? line.startsWith(codeStart)
      : line.trim() !== "" && !line.startsWith("//") && !(n === 0 && line.startsWith("#!"))
  );
  if (at < 0) throw new Error(`the bundle has no line where its code starts`);
  if (moved.length === 0) return kept.join("\n");
  return [...kept.slice(0, at), MOVED_NOTE, ...moved, ...kept.slice(at)].join("\n");
}

/**
 * The line that closes the block opened at `start`: the first after it that
 * is `end` alone, followed by an empty line, the end of the text, or a line
 * that starts at the block's own indentation. Anything else means the text
 * is not laid out as this module reads it.
 */
function closing(lines: readonly string[], start: number, end: string): number {
  const indent = end.length - 1;
  for (let j = start + 1; j < lines.length; j++) {
    if (lines[j] !== end) continue;
    const next = lines[j + 1];
    const nextIndent = next === undefined ? 0 : next.length - next.trimStart().length;
    if (next === undefined || next === "" || nextIndent <= indent) return j;
    break;
  }
  throw new Error(
    `cannot tell where the block at line ${start + 1} ends (${
      JSON.stringify(lines[start])
    }): the bundle is not laid out as scripts/eager_functions.ts reads it`,
  );
}
