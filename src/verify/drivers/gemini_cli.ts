/**
 * Gemini CLI, headless: `gemini -p <prompt> -m gemini-2.5-flash --yolo -o
 * json` (`--yolo`, or a headless run has no shell tool; `--skip-trust` when
 * the trust check is bypassed, which also makes it ignore project hooks),
 * API-key auth against the fake Gemini API (`GOOGLE_GEMINI_BASE_URL`),
 * `GEMINI_CLI_HOME` the world's home, telemetry and update checks off.
 *
 * @module
 */

import { type AgentDriver, type AgentWorld, failingCommand } from "../driver.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";
import { functionResponsesOf, type GeminiStep } from "../fake/gemini.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/** The model Gemini CLI is asked for. */
export const GEMINI_MODEL = "gemini-2.5-flash";

/**
 * The settings a headless run needs: no telemetry, no update check, API-key
 * auth. Whether hooks are on (`hooksConfig`) is left to the world's file.
 *
 * @returns The settings object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiRunSettings } from "./gemini_cli.ts";
 * assert("security" in geminiRunSettings() && !("hooksConfig" in geminiRunSettings()));
 * ```
 */
export function geminiRunSettings(): Record<string, unknown> {
  return {
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false, logPrompts: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    security: { auth: { selectedType: "gemini-api-key" } },
  };
}

/**
 * The user settings file of a world (`GEMINI_CLI_HOME` is the world's home).
 *
 * @param world The world.
 * @returns `<home>/.gemini/settings.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { geminiSettingsPath } from "./gemini_cli.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(geminiSettingsPath(world) === "/w/h/.gemini/settings.json");
 * ```
 */
export function geminiSettingsPath(world: AgentWorld): string {
  return `${world.home}/.gemini/settings.json`;
}

/** The name Gemini CLI gives verify's MCP tool. */
const GEMINI_MCP_TOOL = `mcp_${MCP_SERVER}_${MCP_TOOL}`;

/**
 * Gemini CLI's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { GEMINI_CLI_DRIVER } from "./gemini_cli.ts";
 * assert(GEMINI_CLI_DRIVER.shell("echo hi").kind === "call");
 * ```
 */
export const GEMINI_CLI_DRIVER: AgentDriver<"gemini"> = {
  id: "gemini-cli",
  name: "Gemini CLI",
  api: "gemini",
  bins: ["gemini"],
  node: { major: 20 },
  homeFolders: [".gemini"],
  projectFolders: [".gemini"],
  prepare: (world) => mergeSettingsFile(geminiSettingsPath(world), geminiRunSettings()),
  env: (world, apiUrl) => ({
    GEMINI_CLI_HOME: world.home,
    GEMINI_API_KEY: "fake-key-e2e",
    GOOGLE_GEMINI_BASE_URL: apiUrl,
    GEMINI_TELEMETRY_ENABLED: "false",
    NO_BROWSER: "true",
    SHELL: "/bin/bash",
  }),
  args: (_world, _apiUrl, o) => [
    "-p",
    o.prompt,
    "-m",
    GEMINI_MODEL,
    ...(o.bypassTrust ? ["--skip-trust"] : []),
    ...(o.autoApprove ? ["--yolo"] : []),
    "-o",
    "json",
  ],
  shell: (command): GeminiStep => ({
    kind: "call",
    name: "run_shell_command",
    args: { command, description: "Run a command" },
  }),
  say: (text): GeminiStep => ({ kind: "text", text }),
  script: (steps) => [...steps],
  toolResults: (requests) => functionResponsesOf(requests),
  plays: {
    fails: (marker) => ({
      turns: [{
        kind: "call",
        name: "run_shell_command",
        args: { command: failingCommand(marker), description: "Run a command" },
      }],
      tool: "run_shell_command",
      basis: "fixtures/gemini-cli/pre-tool.shell-harmless.json",
    }),
    write: (path, content) => ({
      turns: [{ kind: "call", name: "write_file", args: { file_path: path, content } }],
      tool: "write_file",
      basis: "fixtures/gemini-cli/pre-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [{
        kind: "call",
        name: "replace",
        args: {
          file_path: path,
          old_string: before,
          new_string: after,
          instruction: "change the words",
        },
      }],
      tool: "replace",
      basis: "fixtures/gemini-cli/pre-tool.edit.json",
    }),
    subagent: {
      cannot: "Gemini CLI has no subagent event, and no subagent of it is recorded here",
    },
    // Gemini CLI offers the model an MCP tool as mcp_<server>_<tool> (its request to the fake
    // API in verify's run of the pinned binary), and its hooks name it so.
    mcp: {
      play: () => ({
        turns: [{ kind: "call", name: GEMINI_MCP_TOOL, args: { text: MCP_CALL_TEXT } }],
        tool: GEMINI_MCP_TOOL,
        basis: "tests/e2e/verify_run_test.ts (the pinned binary's run: BeforeTool fired for it)",
      }),
      setup: (world, server) =>
        mergeSettingsFile(geminiSettingsPath(world), {
          mcpServers: { [MCP_SERVER]: { ...server, trust: true } },
        }),
    },
  },
  shared: {
    blocked: /Tool execution blocked: .*force/i,
    refusedPrompt: { told: /Agent execution blocked: R-E2E-PROMPT/ },
    hung: /Tool execution blocked/,
    own: (w) => ({
      path: `${w.home}/.gemini/settings.json`,
      text: JSON.stringify(
        {
          ...geminiRunSettings(),
          ui: { theme: "Default" },
          hooks: {
            SessionStart: [{
              matcher: "*",
              hooks: [{ name: "mine", type: "command", command: "true", timeout: 5000 }],
            }],
          },
        },
        null,
        4,
      ) + "\n",
    }),
  },
};
