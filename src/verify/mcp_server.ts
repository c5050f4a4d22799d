/**
 * The MCP server of verify's `mcp` step: a POSIX shell script, written into
 * the temporary world, that an agent starts on stdio. It speaks just enough
 * of MCP's JSON-RPC (one message a line) to be listed and called: it answers
 * `initialize` with the version asked for, lists one tool, `probe`, and
 * answers every call of it with a fixed text, {@linkcode MCP_MARK}, that
 * tells verify the call ran. It reads nothing else and writes nothing.
 *
 * @module
 */

/** The server's name, as the agent's MCP settings name it. */
export const MCP_SERVER = "everyhook";
/** The one tool's name. */
export const MCP_TOOL = "probe";
/** What the model passes the tool (its `text`): the call's payload at the hooks holds it. */
export const MCP_CALL_TEXT = "everyhook-verify-mcp-call";
/** What a call of the tool answers. */
export const MCP_MARK = "everyhook-verify-mcp-42";

/** How an agent starts the server. */
export interface McpServerSpec {
  /** The program. */
  command: string;
  /** Its arguments. */
  args: string[];
}

/**
 * The server's script.
 *
 * @returns The text of a POSIX shell script.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpServerScript } from "./mcp_server.ts";
 * const script = mcpServerScript();
 * assert.ok(script.startsWith("#!/bin/sh") && script.includes('"name":"probe"'));
 * ```
 */
export function mcpServerScript(): string {
  const [word, number] = [MCP_MARK.replace(/42$/, "%s"), "42"];
  return [
    "#!/bin/sh",
    "# everyhook verify: a small MCP server on stdio with one tool, probe, that answers a fixed",
    "# text. Written into verify's temporary world and removed with it.",
    "while IFS= read -r line; do",
    `  id=$(printf '%s' "$line" | sed -n 's/.*"id"[[:space:]]*:[[:space:]]*\\([0-9][0-9]*\\).*/\\1/p')`,
    '  case "$line" in',
    `    *'"initialize"'*)`,
    `      v=$(printf '%s' "$line" | sed -n 's/.*"protocolVersion"[[:space:]]*:[[:space:]]*"\\([^"]*\\)".*/\\1/p')`,
    `      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"%s","capabilities":{"tools":{}},"serverInfo":{"name":"${MCP_SERVER}","version":"1.0.0"}}}\\n' "$id" "\${v:-2025-06-18}";;`,
    `    *'"tools/list"'*)`,
    `      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"${MCP_TOOL}","description":"Answers a fixed text.","inputSchema":{"type":"object","properties":{"text":{"type":"string"}}}}]}}\\n' "$id";;`,
    `    *'"tools/call"'*)`,
    `      printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"${word}"}]}}\\n' "$id" ${number};;`,
    "    *)",
    `      [ -n "$id" ] && printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"not here"}}\\n' "$id";;`,
    "  esac",
    "done",
    "",
  ].join("\n");
}
