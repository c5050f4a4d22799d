// What `deno task drift` checks and how it says an install failed: its agents are the registry's
// pinned ones (a new agent's line is enough), and npm's refusal of a release whose platform
// package the registry does not have is said in one line.

import assert from "node:assert/strict";
import { driftAgents, npmProblem } from "../scripts/drift.ts";
import { AGENT_ENTRIES } from "../src/agents/registry.ts";

Deno.test("drift checks every agent the registry pins, in its order, and names the others as unknown", () => {
  const pinned = AGENT_ENTRIES.filter((e) => e.pin !== undefined).map((e) => e.id);
  assert.ok(pinned.length >= 10);
  assert.deepEqual(driftAgents([]), { ids: pinned, unknown: [] });
  // Cursor has no binary here: no pin, nothing to re-record.
  assert.ok(AGENT_ENTRIES.some((e) => e.id === "cursor" && e.pin === undefined));
  assert.deepEqual(driftAgents(["kilo", "cursor", "nope"]), {
    ids: ["kilo"],
    unknown: ["cursor", "nope"],
  });
});

Deno.test("drift says which platform packages the registry lacks when npm cannot install a release", () => {
  // The shape of what npm 10 printed here for @kilocode/cli@7.8.1 (its postinstall's npm calls).
  const out = [
    "npm error npm error code ETARGET",
    "npm error npm error notarget No matching version found for @kilocode/cli-linux-x64@7.8.1.",
    "npm error npm error A complete log of this run can be found in: /root/.npm/_logs/a.log",
    "npm error npm error notarget No matching version found for @kilocode/cli-linux-x64-musl@7.8.1.",
    "npm error npm error notarget No matching version found for @kilocode/cli-linux-x64@7.8.1.",
    'npm error Failed to setup kilo binary: Try manually installing "@kilocode/cli-linux-x64"',
    "",
  ].join("\n");
  assert.equal(
    npmProblem(out),
    "the npm registry has no @kilocode/cli-linux-x64@7.8.1, @kilocode/cli-linux-x64-musl@7.8.1",
  );
  assert.equal(
    npmProblem("npm error code E404\nnpm error A complete log of this run can be found in: x\n"),
    "npm error code E404",
  );
  assert.equal(npmProblem(""), "npm printed nothing");
});
