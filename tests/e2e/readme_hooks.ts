/**
 * The code blocks the README presents as hook files: a fenced `ts` or
 * `python` block whose first line is a shebang. Each is named by the file name
 * its first comment gives (`// no-force-push.ts: ...`), or after its place.
 *
 * @module
 */

/** One hook file the README shows. */
export interface ReadmeHook {
  /** Its file name. */
  name: string;
  /** Its text. */
  text: string;
  /** The README's line its block starts on. */
  line: number;
}

const EXT: Readonly<Record<string, string>> = { ts: "ts", python: "py" };

/**
 * Every hook file in a README's text.
 *
 * @param readme The README's text.
 * @returns The hooks, in order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readmeHooks } from "./readme_hooks.ts";
 * const f = "\u0060".repeat(3);
 * const md = `a\n${f}ts\n#!/usr/bin/env -S deno run\n// g.ts: a hook\nx\n${f}\n${f}ts\nnot a hook\n${f}\n`;
 * assert.deepEqual(readmeHooks(md).map((h) => h.name), ["g.ts"]);
 * ```
 */
export function readmeHooks(readme: string): ReadmeHook[] {
  const out: ReadmeHook[] = [];
  const lines = readme.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|python)\s*$/.exec(lines[i] as string);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    if (end < 0) break;
    const body = lines.slice(i + 1, end);
    const start = i + 1;
    i = end;
    if (!(body[0] ?? "").startsWith("#!")) continue;
    const ext = EXT[open[1] as string] as string;
    const named = body.slice(1, 3).map((l) => /^(?:\/\/|#)\s*([\w.-]+\.(?:ts|py)):/.exec(l)?.[1])
      .find((n) => n !== undefined);
    out.push({
      name: named ?? `readme-${out.length + 1}.${ext}`,
      text: `${body.join("\n")}\n`,
      line: start,
    });
  }
  return out;
}
