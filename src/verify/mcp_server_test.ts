import assert from "node:assert/strict";
import { MCP_MARK, MCP_TOOL, mcpServerScript } from "./mcp_server.ts";

/** The server's answers to some lines, one parsed answer a line. */
async function talk(lines: unknown[]): Promise<Array<Record<string, unknown>>> {
  const child = new Deno.Command("/bin/sh", {
    args: ["-c", mcpServerScript()],
    stdin: "piped",
    stdout: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(lines.map((l) => JSON.stringify(l)).join("\n") + "\n"));
  await w.close();
  const out = new TextDecoder().decode((await child.output()).stdout);
  return out.trim().split("\n").map((l) => JSON.parse(l));
}

Deno.test("the MCP server answers initialize with the version asked, lists probe, and answers a call with the mark", async () => {
  const [init, list, call, other] = await talk([
    {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t" } },
    },
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { jsonrpc: "2.0", id: 1, method: "tools/list" },
    { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: MCP_TOOL, arguments: {} } },
    { jsonrpc: "2.0", id: 3, method: "resources/list" },
  ]);
  assert.deepEqual(init, {
    jsonrpc: "2.0",
    id: 0,
    result: {
      protocolVersion: "2025-03-26",
      capabilities: { tools: {} },
      serverInfo: { name: "everyhook", version: "1.0.0" },
    },
  });
  const tools = (list!.result as { tools: Array<{ name: string }> }).tools;
  assert.deepEqual(tools.map((t) => t.name), [MCP_TOOL]);
  assert.equal(call!.id, 2);
  assert.deepEqual((call!.result as { content: unknown }).content, [{
    type: "text",
    text: MCP_MARK,
  }]);
  assert.equal(other!.id, 3);
  assert.ok("error" in other!);
});
