import assert from "node:assert/strict";
import { AGENT_ENTRIES, loadAgent } from "./registry.ts";
import { AGENTS } from "./mod.ts";

Deno.test("AGENT_ENTRIES lists the agents of mod.ts, in order, with their short names", () => {
  assert.deepEqual(
    AGENT_ENTRIES.map((e) => [e.id, [...e.aliases]]),
    AGENTS.map((a) => [a.id, [...a.aliases]]),
  );
});

Deno.test("each loader gives the very agent mod.ts holds", async () => {
  for (const [i, entry] of AGENT_ENTRIES.entries()) {
    assert.equal(await entry.load(), AGENTS[i], entry.id);
  }
});

Deno.test("loadAgent() finds an agent by id or short name, and nothing else", async () => {
  assert.equal((await loadAgent("gemini"))?.id, "gemini-cli");
  assert.equal((await loadAgent("copilot-cli"))?.id, "copilot-cli");
  assert.equal(await loadAgent("Claude"), undefined);
  assert.equal(await loadAgent(""), undefined);
});

Deno.test("each line's module name is the file its loader imports, and its prefixes are upper case", async () => {
  for (const entry of AGENT_ENTRIES) {
    const module = await import(`./${entry.module}.ts`) as Record<string, unknown>;
    assert.ok(
      Object.values(module).includes(await entry.load()),
      `${entry.id}: ${entry.module}.ts`,
    );
    assert.ok(entry.env.length > 0, `${entry.id} has no variable prefix`);
    for (const prefix of entry.env) assert.match(prefix, /^[A-Z][A-Z0-9_]*$/, entry.id);
  }
});
