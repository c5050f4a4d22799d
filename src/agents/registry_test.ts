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
