// deno-lint-ignore-file no-console -- a script: it reports to the person on the console
/**
 * Write the generated pages of docs/: docs/agents.html (what `everyhook explain
 * --html` prints), docs/agents.md (the same tables in Markdown), then, when Chromium is there, docs/agents.png, the
 * screenshot the README shows, through the page's own test run with
 * EVERYHOOK_WRITE_DOCS=1. A test (tests/agents_page_test.ts) fails when
 * either page is not what the tables give today.
 *
 * Usage: deno task docs
 *
 * @module
 */

import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";
import { pageInput } from "../src/commands/explain.ts";
import { agentsMarkdown } from "../src/cli/render_agents_md.ts";
import { chromiumMissing } from "../tests/chromium.ts";

const ROOT = new URL("..", import.meta.url).pathname;

const io = memoryIo();
const code = await main(["explain", "--html"], io);
if (code !== 0) throw new Error(`explain --html failed: ${io.stderrText()}`);
await Deno.writeTextFile(`${ROOT}docs/agents.html`, io.stdoutText());
console.log("wrote docs/agents.html");
await Deno.writeTextFile(`${ROOT}docs/agents.md`, agentsMarkdown(await pageInput()));
console.log("wrote docs/agents.md");

const missing = await chromiumMissing();
if (missing) {
  console.log(`docs/agents.png left as it is: ${missing}`);
} else {
  const test = await new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--filter", "with a badge on every cell", "tests/agents_page_test.ts"],
    cwd: ROOT,
    env: { EVERYHOOK_WRITE_DOCS: "1" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!test.success) Deno.exit(1);
  console.log("wrote docs/agents.png");
}
