// explain --speaks: what carries over from a Claude Code hook to each agent, from the cells; an agent's
// recorded calls in Claude Code's words (and why some cannot be said); how the hook's output is read.
import assert from "node:assert/strict";
import { main } from "../../cli.ts";
import { memoryIo } from "../../src/cli/io.ts";
import { AGENTS } from "../../src/agents/mod.ts";

async function explain(args: string[]) {
  const io = memoryIo();
  const code = await main(["explain", ...args], io);
  return { code, out: io.stdoutText(), err: io.stderrText() };
}

Deno.test("explain --speaks claude-code: each behaviour in each other agent, from its cells", async () => {
  const { code, out } = await explain(["--speaks", "claude-code", "--json"]);
  assert.equal(code, 0);
  const doc = JSON.parse(out);
  assert.equal(doc.everyhook, 1);
  const others = AGENTS.filter((a) => a.id !== "claude-code").map((a) => a.id);
  for (const row of doc.rows) assert.deepEqual(Object.keys(row.cells).sort(), [...others].sort());
  const deny = doc.rows.find((r: { behaviour: string }) => r.behaviour.startsWith("pre-tool deny"));
  for (const id of others) assert.equal(deny.cells[id].carries, true, id);
  const rewrite = doc.rows.find((r: { behaviour: string }) =>
    r.behaviour.startsWith("pre-tool input")
  );
  assert.equal(rewrite.cells["qwen-code"].carries, false);
  assert.equal(rewrite.cells["qwen-code"].basis.kind, "binary");
  const start = doc.rows.find((r: { behaviour: string }) =>
    r.behaviour.startsWith("session-start")
  );
  assert.equal(start.cells.opencode.carries, false);
});

Deno.test("explain cursor --speaks claude-code names the calls Claude Code has no words for", async () => {
  const { code, out } = await explain(["cursor", "pre-tool", "--speaks", "claude"]);
  assert.equal(code, 0);
  assert.match(out, /mcp +not called: Claude Code names an MCP tool mcp__<server>__<tool>/);
  assert.match(out, /shell-force-push +PreToolUse Bash/);
  assert.match(out, /pre-tool +\[binary\] +exit 2 refuses the tool call/);
  const bad = await explain(["--speaks", "opencode"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /speaks the hook protocol of claude-code/);
});
