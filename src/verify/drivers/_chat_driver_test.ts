import assert from "node:assert/strict";
import { fillTemplate } from "./_chat_driver.ts";
import { findDriver } from "./mod.ts";
import { MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";

const WORLD = { root: "/w", home: "/w/home", project: "/w/project", tmp: "/w/tmp" };
const API = "http://127.0.0.1:4321";

Deno.test("fillTemplate() fills strings and keys, puts a whole placeholder's value as it is, and leaves unknown ones", () => {
  assert.deepEqual(
    fillTemplate(["{a}-{b}", "{n}", { "{a}": "{missing}" }, 3, true, null], {
      a: "A",
      n: { x: 1 },
    }),
    ["A-{b}", { x: 1 }, { A: "{missing}" }, 3, true, null],
  );
});

Deno.test("a chat agent's switches for running tools without asking go only into an auto-approving run", () => {
  for (
    const [id, switches] of [["qwen-code", ["--yolo"]], ["factory-droid", [
      "--auto",
      "high",
    ]]] as const
  ) {
    const d = findDriver(id)!;
    const on = d.args(WORLD, API, { prompt: "P", autoApprove: true, bypassTrust: false });
    const off = d.args(WORLD, API, { prompt: "P", autoApprove: false, bypassTrust: false });
    assert.deepEqual(on.filter((w) => !off.includes(w)), [...switches], id);
    assert.ok(off.includes("P"), id);
  }
});

Deno.test("Qwen Code's MCP setup names verify's server in its user settings, keeping what is there", async () => {
  const root = await Deno.makeTempDir({ prefix: "everyhook-chat-driver-" });
  try {
    const world = { root, home: `${root}/home`, project: `${root}/project`, tmp: `${root}/tmp` };
    const d = findDriver("qwen-code")!;
    await d.prepare(world, API);
    const mcp = d.plays?.mcp;
    assert.ok(mcp && "play" in mcp && mcp.setup);
    const server = { command: "deno", args: ["run", "server.ts"] };
    await mcp.setup(world, server);
    const settings = JSON.parse(await Deno.readTextFile(`${world.home}/.qwen/settings.json`));
    assert.deepEqual(settings.mcpServers, { [MCP_SERVER]: server });
    assert.equal(settings.$version, 4);
    assert.equal(mcp.play().tool, `mcp__${MCP_SERVER}__${MCP_TOOL}`);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
