/**
 * Qwen Code, headless: `qwen <prompt> --auth-type openai -m fake-model
 * --yolo -o json` on Node.js 22 or later, pointed at the fake chat
 * completions API through `OPENAI_BASE_URL` with a fake key, telemetry and
 * update checks off, its settings in `~/.qwen/settings.json`.
 *
 * @module
 */

import { type AgentDriver, type AgentWorld, failingCommand, ownSettingsText } from "../driver.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";
import { mergeSettingsFile } from "../settings_json.ts";

/** The name Qwen Code gives verify's MCP tool. */
const QWEN_MCP_TOOL = `mcp__${MCP_SERVER}__${MCP_TOOL}`;

/** The model name the fake API is asked for. */
export const QWEN_MODEL = "fake-model";

/**
 * The user settings file of a world.
 *
 * @param world The world.
 * @returns `<home>/.qwen/settings.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenSettingsPath } from "./qwen_code.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(qwenSettingsPath(world) === "/w/h/.qwen/settings.json");
 * ```
 */
export function qwenSettingsPath(world: AgentWorld): string {
  return `${world.home}/.qwen/settings.json`;
}

/**
 * What the user settings hold for a headless run, besides hooks.
 *
 * @returns The settings object.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { qwenBaseSettings } from "./qwen_code.ts";
 * assert(qwenBaseSettings()["$version"] === 4);
 * ```
 */
export function qwenBaseSettings(): Record<string, unknown> {
  return {
    // The settings format Qwen Code writes: without it, Qwen Code adds it to the file at start.
    "$version": 4,
    security: { auth: { selectedType: "openai" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false },
  };
}

/**
 * Qwen Code's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { QWEN_CODE_DRIVER } from "./qwen_code.ts";
 * assert(QWEN_CODE_DRIVER.node?.major === 22);
 * ```
 */
export const QWEN_CODE_DRIVER: AgentDriver<"openai-chat"> = {
  id: "qwen-code",
  name: "Qwen Code",
  api: "openai-chat",
  bins: ["qwen"],
  node: { major: 22 },
  homeFolders: [".qwen"],
  projectFolders: [".qwen"],
  prepare: (world) => mergeSettingsFile(qwenSettingsPath(world), qwenBaseSettings()),
  env: (world, apiUrl) => ({
    SHELL: "/bin/bash",
    OPENAI_API_KEY: "fake-key-not-real",
    OPENAI_BASE_URL: `${apiUrl}/v1`,
    OPENAI_MODEL: QWEN_MODEL,
    QWEN_CODE_SUPPRESS_YOLO_WARNING: "1",
    // Qwen Code starts itself again in a child process (for a larger heap) unless told not to:
    // that second start doubles the time of every run.
    QWEN_CODE_NO_RELAUNCH: "true",
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_CACHE_HOME: `${world.root}/cache`,
    NO_COLOR: "1",
  }),
  args: (_world, _apiUrl, o) => [
    o.prompt,
    "--auth-type",
    "openai",
    "-m",
    QWEN_MODEL,
    ...(o.autoApprove ? ["--yolo"] : []),
    "-o",
    "json",
  ],
  shell: (command) => toolStep("run_shell_command", { command, description: "Run it" }),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  toolResults: (requests) => toolResults(mainTurns(requests)),
  plays: {
    fails: (marker) => ({
      turns: [
        toolStep("run_shell_command", { command: failingCommand(marker), description: "Run it" }),
      ],
      tool: "run_shell_command",
      basis: "fixtures/qwen-code/post-tool.shell-failed.json",
    }),
    write: (path, content) => ({
      turns: [toolStep("write_file", { file_path: path, content })],
      tool: "write_file",
      basis: "fixtures/qwen-code/pre-tool.write.json, fixtures/qwen-code/post-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [
        toolStep("read_file", { file_path: path }),
        toolStep("edit", { file_path: path, old_string: before, new_string: after }),
      ],
      tool: "edit",
      basis: "fixtures/qwen-code/pre-tool.edit.json",
    }),
    subagent: (prompt) => ({
      turns: [toolStep("agent", {
        description: "Run a sub task",
        prompt,
        subagent_type: "general-purpose",
        run_in_background: false,
      })],
      tool: "agent",
      basis: "fixtures/qwen-code/pre-tool.agent.json, fixtures/qwen-code/subagent-stop.first.json",
      script: (main, marker, sub) => ({
        steps: [...main],
        subagentMarker: marker,
        subagentSteps: [...sub],
      }),
    }),
    // Qwen Code keeps MCP tools behind its tool_search tool unless told not to; then it offers the
    // model mcp__<server>__<tool> (its request to the fake API in verify's run of the pinned binary).
    mcp: {
      play: () => ({
        turns: [toolStep(QWEN_MCP_TOOL, { text: MCP_CALL_TEXT })],
        tool: QWEN_MCP_TOOL,
        basis: "tests/e2e/verify_run_test.ts (the pinned binary's run: PreToolUse fired for it)",
      }),
      setup: (world, server) =>
        mergeSettingsFile(qwenSettingsPath(world), {
          mcpServers: { [MCP_SERVER]: server },
          tools: { toolSearch: { enabled: false } },
        }),
    },
  },
  notSent: [{
    step: "session",
    event: "session-end",
    why:
      "a headless run of Qwen Code fires no SessionEnd (none in its recordings, fixtures/qwen-code/)",
  }],
  shared: {
    blocked: /^Blocked .*force/s,
    refusedPrompt: { told: null },
    hung: /ran past its|timed out/i,
    own: (w) => ({ path: qwenSettingsPath(w), text: ownSettingsText(qwenBaseSettings()) }),
  },
};
