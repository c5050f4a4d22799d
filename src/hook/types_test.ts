import assert from "node:assert/strict";
import { AGENTS } from "../agents/mod.ts";
import { loadFixtures } from "../readers/recorded.ts";
import { isContractEvent } from "../contract/contract.ts";

// The per-event document types promise a tool call at pre-tool and post-tool and a stop at the
// stops: every agent's reader gives them for every payload the real agents sent.
Deno.test("every recorded payload reads into a document of its event's type", async () => {
  const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
  let checked = 0;
  for (const f of fixtures) {
    const agent = AGENTS.find((a) => a.id === f.agent);
    if (!agent || !isContractEvent(f.event)) continue;
    const doc = agent.read(f.payload, { event: f.event });
    const what = `${f.agent} ${f.event} ${f.variant}`;
    assert.equal(doc.event, f.event, what);
    if (f.event === "pre-tool" || f.event === "post-tool") {
      assert.equal(typeof doc.tool?.name, "string", what);
      assert.equal(typeof doc.tool?.kind, "string", what);
    }
    if (f.event === "stop" || f.event === "subagent-stop") {
      assert.equal(typeof doc.stop?.continued, "boolean", what);
    }
    checked++;
  }
  assert.ok(checked > 80, `${checked} payloads`);
});
