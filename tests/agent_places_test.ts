/**
 * The places of an agent, as docs/add_an_agent.md lists them, checked for
 * every agent of the registry: a new agent that lacks one fails here, and so
 * does a table that no longer says what the test checks.
 *
 * @module
 */

import assert from "node:assert/strict";
import { AGENT_ENTRIES, type AgentEntry } from "../src/agents/registry.ts";
import { DRIVERS, OWN_DRIVERS } from "../src/verify/drivers/mod.ts";
import { harnessPlace } from "./e2e/harnesses.ts";

const ROOT = new URL("..", import.meta.url);

/**
 * Which agents need a place: every one; one recorded from its binary; a
 * pinned one whose family has no shared recorder and end-to-end test (all but
 * the plugin and chat families: tests/e2e/harnesses.ts); a pinned one whose
 * record has no headless run of a family with a driver builder
 * (`Agent.headless`), so its driver is its own.
 */
type For = "every agent" | "recorded agent" | "own e2e agent" | "own headless agent";

/** One row of the table: a path with `<id>` and `<module>` in it, and which agents need it. */
interface Place {
  path: string;
  for: For;
}

/** The rows of the places table between the `places` markers of the recipe. */
function placesOf(markdown: string): Place[] {
  const start = markdown.indexOf("<!-- places -->");
  const end = markdown.indexOf("<!-- /places -->");
  if (start < 0 || end < start) return [];
  const rows: Place[] = [];
  for (const line of markdown.slice(start, end).split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const path = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
    const who = cells[2] as For | undefined;
    if (path && who) rows.push({ path, for: who });
  }
  return rows;
}

/** The places the test checks, in the recipe's order. */
const EXPECTED: readonly Place[] = [
  { path: "src/agents/registry.ts", for: "every agent" },
  { path: "src/agents/<module>.ts", for: "every agent" },
  { path: "fixtures/<id>/", for: "every agent" },
  { path: "fixtures/conformance/<id>.json", for: "recorded agent" },
  { path: "tests/e2e/<module>_harness.ts", for: "own e2e agent" },
  { path: "tests/e2e/<module>_test.ts", for: "own e2e agent" },
  { path: "src/verify/drivers/<module>.ts", for: "own headless agent" },
];

async function exists(path: string): Promise<boolean> {
  try {
    const info = await Deno.stat(new URL(path, ROOT));
    return path.endsWith("/") ? info.isDirectory : info.isFile;
  } catch {
    return false;
  }
}

async function needs(entry: AgentEntry, who: For): Promise<boolean> {
  if (who === "every agent") return true;
  if (who === "own e2e agent") {
    return entry.pin !== undefined && "own" in await harnessPlace(entry);
  }
  if (who === "own headless agent") {
    return entry.pin !== undefined && (await entry.load()).headless === undefined;
  }
  return (await entry.load()).recorded;
}

Deno.test("placesOf() reads the rows between the markers, and nothing else", () => {
  const md = [
    "| `not/this.ts` | every agent | before |",
    "<!-- places -->",
    "| place | for | what |",
    "| --- | --- | --- |",
    "| `src/agents/<module>.ts` | every agent | its module |",
    "<!-- /places -->",
    "| `nor/this.ts` | every agent | after |",
  ].join("\n");
  assert.deepEqual(placesOf(md), [{ path: "src/agents/<module>.ts", for: "every agent" }]);
  assert.deepEqual(placesOf("no table"), []);
});

Deno.test("the recipe lists the places the test checks", async () => {
  const recipe = await Deno.readTextFile(new URL("docs/add_an_agent.md", ROOT));
  assert.deepEqual(placesOf(recipe), EXPECTED);
});

Deno.test("every agent of the registry has each of its places", async () => {
  const missing: string[] = [];
  for (const entry of AGENT_ENTRIES) {
    for (const place of EXPECTED) {
      if (!await needs(entry, place.for)) continue;
      const path = place.path.replaceAll("<id>", entry.id).replaceAll("<module>", entry.module);
      if (!await exists(path)) missing.push(`${entry.id}: ${path}`);
    }
  }
  assert.deepEqual(missing, []);
  // An agent of a family with shared end-to-end files has none of its own (no harness, session or
  // test named after its module): the family's name them.
  const e2e = (await Array.fromAsync(Deno.readDir(new URL("tests/e2e/", ROOT)))).map((f) => f.name);
  for (const entry of AGENT_ENTRIES.filter((e) => e.pin !== undefined)) {
    const place = await harnessPlace(entry);
    if ("own" in place) continue;
    const own = e2e.filter((name) => name.startsWith(`${entry.module}_`));
    assert.deepEqual(own, [], `${entry.id}: these are the ${place.family} family's to do`);
  }
  // The one line in a shared file besides the registry's: an own driver's in OWN_DRIVERS. An agent
  // of a family with a driver builder has none, and its driver still comes to be.
  for (const entry of AGENT_ENTRIES.filter((e) => e.pin !== undefined)) {
    assert.ok(DRIVERS.some((d) => d.id === entry.id), `${entry.id}: no driver`);
    const own = (await entry.load()).headless === undefined;
    assert.equal(OWN_DRIVERS[entry.module] !== undefined, own, `${entry.id}: OWN_DRIVERS`);
  }
});
