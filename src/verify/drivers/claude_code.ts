/**
 * Claude Code, headless: `claude -p <prompt> --output-format stream-json
 * --verbose --include-hook-events --allowedTools Bash,Write,Edit,Read` with
 * stdin the null device (`claude -p` adds what stdin holds to the prompt),
 * `CLAUDE_CONFIG_DIR` in the world's home, a fake key, the fake Messages API
 * as `ANTHROPIC_BASE_URL`, and the variables that keep it from calling
 * anything else.
 *
 * @module
 */

import { type AgentDriver, type AgentWorld, failingCommand, ownSettingsText } from "../driver.ts";
import { type AnthropicStep, toolResultTexts } from "../fake/anthropic.ts";
import { MCP_CALL_TEXT, MCP_SERVER, MCP_TOOL } from "../mcp_server.ts";

/** The variables that keep Claude Code from calling anything but its base URL. */
export const CLAUDE_SILENCE: Readonly<Record<string, string>> = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  DISABLE_TELEMETRY: "1",
  DISABLE_AUTOUPDATER: "1",
  DISABLE_ERROR_REPORTING: "1",
  DO_NOT_TRACK: "1",
  CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL: "1",
};

/** The tools a run lets Claude Code use without asking. */
export const CLAUDE_ALLOWED_TOOLS = "Bash,Write,Edit,Read";

/**
 * The folder Claude Code keeps its settings in, inside a world ($CLAUDE_CONFIG_DIR).
 *
 * @param world The world.
 * @returns `<home>/.claude`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { claudeConfigDir } from "./claude_code.ts";
 * assert(claudeConfigDir({ root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" }) === "/w/h/.claude");
 * ```
 */
export function claudeConfigDir(world: AgentWorld): string {
  return `${world.home}/.claude`;
}

/**
 * The arguments of one headless prompt.
 *
 * @param prompt The prompt.
 * @param allowedTools The `--allowedTools` value, or null for none.
 * @returns The arguments after `claude`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { claudeArgs } from "./claude_code.ts";
 * assert(claudeArgs("hi", null).at(-1) === "--include-hook-events");
 * ```
 */
export function claudeArgs(prompt: string, allowedTools: string | null): string[] {
  return [
    "-p",
    prompt,
    "--output-format",
    "stream-json",
    "--verbose",
    "--include-hook-events",
    ...(allowedTools === null ? [] : ["--allowedTools", allowedTools]),
  ];
}

/** The name Claude Code gives verify's MCP tool. */
const CLAUDE_MCP_TOOL = `mcp__${MCP_SERVER}__${MCP_TOOL}`;

function bash(command: string): AnthropicStep {
  return { kind: "tool", name: "Bash", input: { command, description: "Run a command" } };
}

/**
 * Claude Code's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLAUDE_CODE_DRIVER } from "./claude_code.ts";
 * assert(CLAUDE_CODE_DRIVER.shell("echo hi").kind === "tool");
 * ```
 */
export const CLAUDE_CODE_DRIVER: AgentDriver<"anthropic-messages"> = {
  id: "claude-code",
  name: "Claude Code",
  api: "anthropic-messages",
  bins: ["claude"],
  // The package's `claude` is a native executable.
  node: undefined,
  homeFolders: [".claude"],
  projectFolders: [".claude"],
  prepare: async (world) => {
    await Deno.mkdir(claudeConfigDir(world), { recursive: true });
  },
  env: (world, apiUrl) => ({
    SHELL: "/bin/bash",
    CLAUDE_CONFIG_DIR: claudeConfigDir(world),
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "sk-ant-fake-000000",
    ...CLAUDE_SILENCE,
  }),
  // The Agent tool and verify's MCP tool too: verify's run starts a subagent and calls it.
  args: (_world, _apiUrl, o) =>
    claudeArgs(o.prompt, o.autoApprove ? `${CLAUDE_ALLOWED_TOOLS},Agent,${CLAUDE_MCP_TOOL}` : null),
  shell: bash,
  say: (text): AnthropicStep => ({ kind: "text", text }),
  script: (steps) => ({ main: [...steps] }),
  toolResults: (requests) => toolResultTexts(requests),
  plays: {
    fails: (marker) => ({
      turns: [bash(failingCommand(marker))],
      tool: "Bash",
      basis: "fixtures/claude-code/post-tool.shell-failed.json",
    }),
    write: (path, content) => ({
      turns: [{ kind: "tool", name: "Write", input: { file_path: path, content } }],
      tool: "Write",
      basis: "fixtures/claude-code/pre-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [
        { kind: "tool", name: "Read", input: { file_path: path } },
        {
          kind: "tool",
          name: "Edit",
          input: { file_path: path, old_string: before, new_string: after },
        },
      ],
      tool: "Edit",
      basis: "fixtures/claude-code/pre-tool.edit.json",
    }),
    subagent: (prompt) => ({
      turns: [{
        kind: "tool",
        name: "Agent",
        input: {
          description: "Run a sub task",
          prompt,
          subagent_type: "general-purpose",
          run_in_background: false,
        },
      }],
      tool: "Agent",
      basis:
        "fixtures/claude-code/pre-tool.agent.json, fixtures/claude-code/subagent-stop.first.json",
      script: (main, marker, sub) => ({ main: [...main], sub: [...sub], subMarker: marker }),
    }),
    // Claude Code names an MCP tool mcp__<server>__<tool> at its hooks (its hooks reference).
    mcp: {
      play: () => ({
        turns: [{ kind: "tool", name: CLAUDE_MCP_TOOL, input: { text: MCP_CALL_TEXT } }],
        tool: CLAUDE_MCP_TOOL,
        basis: "[docs] https://code.claude.com/docs/en/hooks (MCP tools: mcp__<server>__<tool>)",
      }),
      args: (server) => [
        "--mcp-config",
        JSON.stringify({ mcpServers: { [MCP_SERVER]: { type: "stdio", ...server } } }),
      ],
    },
  },
  shared: {
    blocked: /^PreToolUse:Bash hook error: .*Blocked .*force/s,
    // The refusal is the result of `claude -p`, in its stream-json output.
    refusedPrompt: { told: /"result":\s*"[^"]*R-E2E-PROMPT/ },
    hung: /^PreToolUse:Bash hook error/,
    own: (w) => ({
      path: `${w.home}/.claude/settings.json`,
      text: ownSettingsText({ model: "claude-fake" }),
    }),
  },
};
