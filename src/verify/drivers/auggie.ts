/**
 * Augment's Auggie, headless: `auggie --print --output-format json <prompt>`
 * against the fake Augment backend (fake/augment.ts; Auggie speaks no other
 * API), reached through `AUGMENT_SESSION_AUTH` (a fake access token and the
 * fake's url as the tenant), so no login. The fake turns the backend's
 * `enable_hooks` flag on: without it Auggie runs no hook, so a green run says
 * the adapter is right, not that a real account runs hooks.
 *
 * @module
 */

import { type AgentDriver, failingCommand, ownSettingsText } from "../driver.ts";
import { type AugmentStep, augmentToolResults } from "../fake/augment.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/**
 * The name Auggie gives an MCP tool: `<tool>_<server>` (its hooks got
 * `probe_everyhook` with `is_mcp_tool: true`, fixtures/auggie/pre-tool.mcp.json).
 */
const AUGGIE_MCP_TOOL = `${MCP_TOOL}_${MCP_SERVER}`;

/** Auggie's shell tool, waiting for the command (the input the pinned Auggie's model gave it). */
function launch(command: string): AugmentStep {
  return {
    kind: "tool",
    name: "launch-process",
    input: { command, wait: true, max_wait_seconds: 30, cwd: "." },
  };
}

/**
 * The session Auggie is given: a fake token and the fake backend as its tenant.
 *
 * @param apiUrl The fake backend's url.
 * @returns The value of `AUGMENT_SESSION_AUTH`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { auggieSession } from "./auggie.ts";
 * assert.equal(JSON.parse(auggieSession("http://127.0.0.1:9")).tenantURL, "http://127.0.0.1:9/");
 * ```
 */
export function auggieSession(apiUrl: string): string {
  return JSON.stringify({
    accessToken: "fake-token-not-real",
    tenantURL: `${apiUrl}/`,
    scopes: ["read", "write"],
  });
}

/**
 * Auggie's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { AUGGIE_DRIVER } from "./auggie.ts";
 * assert(AUGGIE_DRIVER.shell("echo hi").kind === "tool");
 * ```
 */
export const AUGGIE_DRIVER: AgentDriver<"augment"> = {
  id: "auggie",
  name: "Auggie",
  api: "augment",
  bins: ["auggie"],
  // The package's engines: node >=20.
  node: { major: 20 },
  homeFolders: [".augment"],
  projectFolders: [".augment"],
  // Nothing but hooks goes into the settings: the backend is named in the environment.
  prepare: (world) => mergeSettingsFile(`${world.home}/.augment/settings.json`, {}),
  env: (_world, apiUrl) => ({
    AUGMENT_SESSION_AUTH: auggieSession(apiUrl),
    AUGMENT_DISABLE_AUTO_UPDATE: "1",
    SHELL: "/bin/bash",
    TERM: "dumb",
    NO_COLOR: "1",
  }),
  // In --print, the pinned Auggie ran tools without asking: there is no switch to give.
  args: (_world, _apiUrl, o) => ["--print", "--output-format", "json", o.prompt],
  shell: launch,
  say: (text) => ({ kind: "text", text }),
  script: (steps) => ({ steps: [...steps] }),
  toolResults: (requests) => {
    const seen: string[] = [];
    // Only /chat-stream bodies carry tool results.
    for (const r of requests) {
      for (const { content } of augmentToolResults(r.body)) {
        if (!seen.includes(content)) seen.push(content);
      }
    }
    return seen;
  },
  plays: {
    fails: (marker) => ({
      turns: [launch(failingCommand(marker))],
      tool: "launch-process",
      basis: "fixtures/auggie/pre-tool.shell-harmless.json",
    }),
    // save-file takes `file_content`; str-replace-editor takes its replacements as
    // `str_replace_entries`, each with the old text's line range (the schema the pinned Auggie
    // sends the backend: the flat old_str_1 form fails with "Missing required parameter").
    write: (path, content) => ({
      turns: [{ kind: "tool", name: "save-file", input: { path, "file_content": content } }],
      tool: "save-file",
      basis: "fixtures/auggie/pre-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [{
        kind: "tool",
        name: "str-replace-editor",
        input: {
          command: "str_replace",
          path,
          "str_replace_entries": [{
            "old_str": before,
            "new_str": after,
            "old_str_start_line_number": 1,
            "old_str_end_line_number": 1,
          }],
        },
      }],
      tool: "str-replace-editor",
      basis: "fixtures/auggie/pre-tool.edit.json",
    }),
    subagent: { cannot: "Auggie has no subagent event" },
    // The server is given inline with --mcp-config (Claude Code's mcpServers shape).
    mcp: {
      play: () => ({
        turns: [{ kind: "tool", name: AUGGIE_MCP_TOOL, input: { text: MCP_CALL_TEXT } }],
        tool: AUGGIE_MCP_TOOL,
        basis: "fixtures/auggie/pre-tool.mcp.json",
      }),
      args: (server) => ["--mcp-config", JSON.stringify({ mcpServers: { [MCP_SERVER]: server } })],
    },
  },
  shared: {
    blocked: /^Blocked .*force.*hook returned blocking error$/s,
    refusedPrompt: {
      skip:
        "Auggie sent the prompt on after a PromptSubmit block and an exit 2 (fixtures/conformance/auggie.json: prompt-block, prompt-exit2)",
    },
    hung: /hook returned blocking error/,
    own: (w) => ({
      path: `${w.home}/.augment/settings.json`,
      text: ownSettingsText({}),
    }),
    lacks: {
      startContext:
        "Auggie did not pass a SessionStart additionalContext to the model (fixtures/conformance/auggie.json: ss-context)",
      stopSentBack:
        "auggie --print ended the turn after a Stop block (fixtures/conformance/auggie.json: stop-block)",
    },
  },
};
