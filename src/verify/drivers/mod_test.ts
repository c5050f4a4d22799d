import assert from "node:assert/strict";
import { AGENT_ENTRIES } from "../../agents/registry.ts";
import { shellScript } from "../driver.ts";
import { AGENTS } from "../../agents/mod.ts";
import { DRIVERS, familyDriver, findDriver, OWN_DRIVERS } from "./mod.ts";

const WORLD = { root: "/w", home: "/w/home", project: "/w/project", tmp: "/w/tmp" };
const API = "http://127.0.0.1:4321";
const RUN = { prompt: "PROMPT-X", autoApprove: true, bypassTrust: false };

Deno.test("every driver is of a known agent, once, with a binary name and folders", () => {
  const ids = DRIVERS.map((d) => d.id);
  assert.deepEqual([...new Set(ids)], ids);
  for (const d of DRIVERS) {
    assert.ok(AGENT_ENTRIES.some((e) => e.id === d.id), `${d.id} is no agent of src/agents`);
    assert.ok(d.bins.length > 0 && d.homeFolders.length > 0, d.id);
    assert.equal(findDriver(d.id), d);
  }
});

Deno.test("the drivers are the registry's pinned agents, in its order, each from its family's builder or its own module", async () => {
  const pinned = AGENT_ENTRIES.filter((e) => e.pin !== undefined);
  assert.deepEqual(DRIVERS.map((d) => d.id), pinned.map((e) => e.id));
  for (const entry of pinned) {
    const driver = findDriver(entry.id);
    const family = AGENTS.find((a) => a.id === entry.id)?.headless?.family;
    const own = OWN_DRIVERS[entry.module];
    // Exactly one of the two: a family's data in the agent's record, or a module of its own.
    assert.ok(
      (family === undefined) !== (own === undefined),
      `${entry.id}: family ${family}, own ${own?.id}`,
    );
    if (own) {
      assert.equal(driver, own, entry.id);
      const module = await import(`./${entry.module}.ts`) as Record<string, unknown>;
      assert.ok(Object.values(module).includes(driver), `${entry.id}: not in ${entry.module}.ts`);
    }
    assert.ok(driver?.bins.includes(entry.pin!.bin), `${entry.id}: runs no ${entry.pin!.bin}`);
  }
});

Deno.test("OWN_DRIVERS names each driver module of the folder once, by its agent's registry module", async () => {
  const files = (await Array.fromAsync(Deno.readDir(new URL(".", import.meta.url))))
    .map((e) => e.name)
    .filter((n) => n.endsWith(".ts") && !n.startsWith("_") && !n.endsWith("_test.ts"))
    .filter((n) => n !== "mod.ts")
    .map((n) => n.slice(0, -3));
  assert.deepEqual(Object.keys(OWN_DRIVERS).sort(), files.sort());
  for (const [module, driver] of Object.entries(OWN_DRIVERS)) {
    assert.equal(AGENT_ENTRIES.find((e) => e.module === module)?.id, driver.id, module);
  }
});

Deno.test("a family's builder makes the driver from the agent's record alone", () => {
  for (const agent of AGENTS) {
    const run = agent.headless;
    if (!run) continue;
    const built = familyDriver(agent.id, agent.name, run);
    assert.equal(built.id, agent.id);
    assert.deepEqual(built.bins, run.bins);
    assert.deepEqual(built.args(WORLD, API, RUN), findDriver(agent.id)?.args(WORLD, API, RUN));
  }
});

Deno.test("a driver's run points the agent at the fake API only, inside the world", () => {
  for (const d of DRIVERS) {
    const env = d.env(WORLD, API);
    const args = d.args(WORLD, API, { prompt: "PROMPT-X", autoApprove: true, bypassTrust: false });
    assert.ok(args.includes("PROMPT-X"), `${d.id}: the prompt is missing from ${args.join(" ")}`);
    const all = [...Object.values(env), ...args].join("\n");
    // Factory Droid and Cline take their model's url from a settings file (prepare() writes it).
    if (d.id !== "factory-droid" && d.id !== "cline") {
      assert.ok(all.includes(API), `${d.id}: the fake API's url is in neither env nor args`);
    }
    for (const url of all.match(/https?:\/\/[^\s"]+/g) ?? []) {
      assert.ok(url.startsWith(API), `${d.id} names another url: ${url}`);
    }
    for (const [k, v] of Object.entries(env)) {
      if (v.startsWith("/")) {
        assert.ok(v.startsWith(WORLD.root) || v === "/bin/bash", `${d.id} ${k}`);
      }
    }
  }
});

Deno.test("a driver's script plays the shell commands in turn and then the final answer", () => {
  for (const d of DRIVERS) {
    const script = shellScript(d, ["echo one", "echo two"], "FINAL-X");
    const text = JSON.stringify(script);
    assert.ok(text.indexOf("echo one") < text.indexOf("echo two"), d.id);
    assert.ok(text.includes("FINAL-X"), d.id);
  }
});

Deno.test("a driver's toolResults() reads what its fake API was sent back", () => {
  const bodies: Record<string, unknown> = {
    "anthropic-messages": {
      messages: [{ role: "user", content: [{ type: "tool_result", content: "R-1" }] }],
    },
    "openai-responses": {
      input: [{ type: "function_call_output", "call_id": "c", output: "R-1" }],
    },
    "openai-chat": {
      tools: [{}],
      messages: [{ role: "user", content: "go" }, { role: "tool", content: "R-1" }],
    },
    "gemini": {
      contents: [{ role: "user", parts: [{ functionResponse: { response: { output: "R-1" } } }] }],
    },
    "augment": { nodes: [{ type: 1, "tool_result_node": { content: "R-1", "is_error": true } }] },
  };
  for (const d of DRIVERS) {
    const request = { method: "POST", path: "/", body: bodies[d.api] };
    const results = d.toolResults([request, request]);
    assert.equal(results.length, 1, `${d.id}: ${JSON.stringify(results)}`);
    assert.match(results[0] ?? "", /R-1/, d.id);
  }
});

Deno.test("prepare() makes the home ready and keeps the hooks already there", async () => {
  for (const d of DRIVERS) {
    const root = await Deno.makeTempDir({ prefix: "everyhook-driver-" });
    try {
      const world = { root, home: `${root}/home`, project: `${root}/project`, tmp: `${root}/tmp` };
      const settings = `${world.home}/${d.homeFolders[0]}/settings.json`;
      await Deno.mkdir(`${world.home}/${d.homeFolders[0]}`, { recursive: true });
      await Deno.writeTextFile(settings, '{"hooks": {"Stop": [{"hooks": []}]}}\n');
      await d.prepare(world, API);
      const after = JSON.parse(await Deno.readTextFile(settings));
      assert.deepEqual(after.hooks, { Stop: [{ hooks: [] }] }, d.id);
      if (d.id === "factory-droid") assert.ok(JSON.stringify(after).includes(API));
    } finally {
      await Deno.remove(root, { recursive: true });
    }
  }
});
