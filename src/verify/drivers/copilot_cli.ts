/**
 * GitHub Copilot CLI, headless: `copilot -p <prompt> --no-auto-update
 * --allow-all-tools` with its own model provider (`COPILOT_PROVIDER_*`, the
 * fake chat completions API) and `COPILOT_OFFLINE`, so that no GitHub login is
 * asked for and nothing else is called, and every folder it writes
 * (`COPILOT_HOME`, the XDG folders) inside the world. The binary unpacks its
 * package on first start into `COPILOT_PKG_CACHE_HOME` (under the world's
 * root unless the caller's environment names a shared one).
 *
 * @module
 */

import type { AgentDriver, AgentWorld } from "../driver.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";

/** The model Copilot CLI asks the fake API for. */
export const COPILOT_MODEL = "gpt-4.1";

/**
 * The agent's home folder in a world (`COPILOT_HOME`).
 *
 * @param world The world.
 * @returns `<home>/.copilot`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { copilotHome } from "./copilot_cli.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert(copilotHome(world) === "/w/h/.copilot");
 * ```
 */
export function copilotHome(world: AgentWorld): string {
  return `${world.home}/.copilot`;
}

/**
 * The arguments of one headless prompt.
 *
 * @param prompt The prompt.
 * @param flags What follows `--no-auto-update` (the default `--allow-all-tools` lets every tool run).
 * @returns The arguments after `copilot`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { copilotArgs } from "./copilot_cli.ts";
 * assert(copilotArgs("hi").at(-1) === "--allow-all-tools");
 * ```
 */
export function copilotArgs(
  prompt: string,
  flags: readonly string[] = ["--allow-all-tools"],
): string[] {
  return ["-p", prompt, "--no-auto-update", ...flags];
}

/** The name Copilot CLI gives verify's MCP tool. */
const COPILOT_MCP_TOOL = `${MCP_SERVER}-${MCP_TOOL}`;

/**
 * Copilot CLI's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { COPILOT_CLI_DRIVER } from "./copilot_cli.ts";
 * assert(COPILOT_CLI_DRIVER.shell("echo hi").kind === "tool");
 * ```
 */
export const COPILOT_CLI_DRIVER: AgentDriver<"openai-chat"> = {
  id: "copilot-cli",
  name: "Copilot CLI",
  api: "openai-chat",
  bins: ["copilot"],
  // The package's loader starts a native executable of its platform package.
  node: undefined,
  homeFolders: [".copilot"],
  projectFolders: [".github/hooks"],
  prepare: async (world) => {
    await Deno.mkdir(`${copilotHome(world)}/hooks`, { recursive: true });
  },
  env: (world, apiUrl) => ({
    COPILOT_HOME: copilotHome(world),
    XDG_CACHE_HOME: `${world.root}/cache`,
    XDG_CONFIG_HOME: `${world.root}/config`,
    XDG_DATA_HOME: `${world.root}/data`,
    XDG_STATE_HOME: `${world.root}/state`,
    COPILOT_PKG_CACHE_HOME: `${world.root}/pkg-cache`,
    COPILOT_OFFLINE: "true",
    COPILOT_AUTO_UPDATE: "false",
    NO_PROXY: "*",
    COPILOT_PROVIDER_BASE_URL: `${apiUrl}/v1`,
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_API_KEY: "fake-key-not-real",
    COPILOT_MODEL,
    NO_COLOR: "1",
  }),
  args: (_world, _apiUrl, o) => copilotArgs(o.prompt, o.autoApprove ? undefined : []),
  shell: (command) => toolStep("bash", { command, description: "Run a command" }),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  toolResults: (requests) => toolResults(mainTurns(requests)),
  plays: {
    // A shell command that exits non-zero fires postToolUse here (seen in verify's run of
    // 1.0.102); a view of a file that is not there fires postToolUseFailure.
    fails: (_marker, missing) => ({
      turns: [toolStep("view", { path: missing })],
      tool: "view",
      basis: "fixtures/copilot-cli/post-tool.failed.json",
      mark: "does not exist",
    }),
    write: (path, content) => ({
      turns: [toolStep("create", { path, file_text: content })],
      tool: "create",
      basis: "fixtures/copilot-cli/pre-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [toolStep("edit", { path, old_str: before, new_str: after })],
      tool: "edit",
      basis: "fixtures/copilot-cli/pre-tool.edit.json",
    }),
    subagent: (prompt) => ({
      turns: [toolStep("task", {
        name: "helper",
        prompt,
        agent_type: "general-purpose",
        description: "Helper task",
      })],
      tool: "task",
      basis: "fixtures/copilot-cli/subagent-stop.first.json",
      script: (main, marker, sub) => ({
        steps: [...main],
        subagentMarker: marker,
        subagentSteps: [...sub],
      }),
    }),
    // Copilot CLI offers the model an MCP tool as <server>-<tool> (its request to the fake API
    // in verify's run of the pinned binary).
    mcp: {
      play: () => ({
        turns: [toolStep(COPILOT_MCP_TOOL, { text: MCP_CALL_TEXT })],
        tool: COPILOT_MCP_TOOL,
        basis: "tests/e2e/verify_run_test.ts (the pinned binary's run: preToolUse fired for it)",
      }),
      args: (server) => [
        "--additional-mcp-config",
        JSON.stringify({
          mcpServers: { [MCP_SERVER]: { type: "local", ...server, tools: ["*"] } },
        }),
      ],
    },
  },
  shared: {
    blocked: /^Denied by preToolUse hook: .*force/i,
    refusedPrompt: { told: /R-E2E-PROMPT/ },
    hung: /^Denied by preToolUse hook: .*(ran past its|timed out)/is,
    exitsZero: true,
    own: (w) => ({
      path: `${w.home}/.copilot/hooks/mine.json`,
      text: JSON.stringify(
        {
          version: 1,
          hooks: { sessionEnd: [{ type: "command", bash: "true", timeoutSec: 5 }] },
        },
        null,
        4,
      ) + "\n",
    }),
  },
};
