/**
 * Doc examples that can fail. `deno test --doc` runs the code blocks of the
 * JSDoc comments, and `console.assert` only logs when its condition is false,
 * so an example that checks with it passes whatever it computes. Every example
 * asserts with `node:assert/strict`, which throws; this test fails on a
 * `console.assert` in a doc comment of a module or in a code block of a
 * Markdown file of the repository.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join, relative } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname;
const SKIP = new Set([".cache", ".git", "fixtures", "node_modules", "dist", "schema"]);
// Spelled in two parts so that this file does not hold what it looks for.
const WEAK = "console." + "assert(";

/** One `console.assert` found in documentation. */
interface Weak {
  line: number;
  text: string;
}

/**
 * The `console.assert` calls in the doc comments (`/** ... *\/`) of a module's
 * text, or in the fenced code blocks of a Markdown text.
 */
function weakAssertions(text: string, markdown: boolean): Weak[] {
  const found: Weak[] = [];
  let inside = false;
  text.split("\n").forEach((line, i) => {
    if (markdown) {
      if (/^\s*```/.test(line)) inside = !inside;
      else if (inside && line.includes(WEAK)) found.push({ line: i + 1, text: line.trim() });
      return;
    }
    if (!inside && line.includes("/**")) inside = true;
    if (inside && line.includes(WEAK)) found.push({ line: i + 1, text: line.trim() });
    if (inside && line.includes("*/")) inside = false;
  });
  return found;
}

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* sources(path);
    else if (entry.isFile && /\.(ts|md)$/.test(entry.name)) yield path;
  }
}

Deno.test("the check finds a console.assert in a doc comment and in a Markdown code block", () => {
  const module = ["/**", " * ```ts", ` * ${WEAK}1 === 2);`, " * ```", " */", `${WEAK}true);`];
  assert.deepEqual(weakAssertions(module.join("\n"), false).map((w) => w.line), [3]);
  const md = ["Some text with " + WEAK + "x).", "```ts", `${WEAK}1 === 2);`, "```"];
  assert.deepEqual(weakAssertions(md.join("\n"), true).map((w) => w.line), [3]);
  const good = ["/**", " * ```ts", ' * import assert from "node:assert/strict";', " * assert(1);"];
  assert.deepEqual(weakAssertions(good.join("\n"), false), []);
});

Deno.test("no doc example asserts with console.assert, which cannot fail", async () => {
  const found: string[] = [];
  let scanned = 0;
  for await (const path of sources(ROOT)) {
    scanned++;
    const text = await Deno.readTextFile(path);
    for (const weak of weakAssertions(text, path.endsWith(".md"))) {
      found.push(`${relative(ROOT, path)}:${weak.line}: ${weak.text}`);
    }
  }
  assert(scanned > 100, `only ${scanned} files were read from ${ROOT}`);
  assert.deepEqual(
    found,
    [],
    'use `import assert from "node:assert/strict";` and `assert(...)` in these examples',
  );
});

Deno.test("the doc examples of mod.ts, cli.ts, src/ and examples/ type-check and pass (deno task test:doc, run here so that deno task test and ok run them once)", async () => {
  const tasks = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json"))).tasks as Record<
    string,
    string
  >;
  // The test:doc task, run as it is written there, so the two cannot drift apart.
  const words = (tasks["test:doc"] ?? "").split(/\s+/);
  assert.deepEqual(words.slice(0, 3), ["deno", "test", "--doc"], "deno.json has a test:doc task");
  const out = await new Deno.Command(Deno.execPath(), {
    args: words.slice(1),
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  const tail = text.split("\n").filter((l) => /ERROR|FAILED|failed|error:/.test(l)).slice(0, 20);
  assert.equal(out.code, 0, `the doc examples failed:\n${tail.join("\n")}`);
  assert.match(text, /ok \| \d+ passed \| 0 failed/);
});
