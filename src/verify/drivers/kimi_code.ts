/**
 * Kimi Code, headless: `kimi -p <prompt> --output-format stream-json` on
 * Node.js 22.19 or later, its model set by the `KIMI_MODEL_*` variables (an
 * OpenAI chat completions provider at the fake API, a fake key), telemetry off.
 * Its settings and hooks are in `~/.kimi-code/config.toml`; the variables make
 * the model, so that file needs nothing for a run and `prepare` leaves it as it
 * is. Prompt mode runs every tool without asking (it refuses `--yolo` and
 * `--auto` beside `-p`), so there is no switch for it.
 *
 * @module
 */

import { type AgentDriver, type AgentWorld, failingCommand } from "../driver.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";

/** The model name the fake API is asked for. */
export const KIMI_MODEL = "fake-model";

/**
 * The config file of a world, which holds the hooks.
 *
 * @param world The world.
 * @returns `<home>/.kimi-code/config.toml`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { kimiConfigPath } from "./kimi_code.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert.equal(kimiConfigPath(world), "/w/h/.kimi-code/config.toml");
 * ```
 */
export function kimiConfigPath(world: AgentWorld): string {
  return `${world.home}/.kimi-code/config.toml`;
}

/**
 * Kimi Code's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { KIMI_CODE_DRIVER } from "./kimi_code.ts";
 * assert.equal(KIMI_CODE_DRIVER.node?.major, 22);
 * assert.ok(KIMI_CODE_DRIVER.args(
 *   { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" },
 *   "http://127.0.0.1:1",
 *   { prompt: "hi", autoApprove: true, bypassTrust: false },
 * ).includes("-p"));
 * ```
 */
export const KIMI_CODE_DRIVER: AgentDriver<"openai-chat"> = {
  id: "kimi-code",
  name: "Kimi Code",
  api: "openai-chat",
  bins: ["kimi"],
  node: { major: 22 },
  homeFolders: [".kimi-code"],
  projectFolders: [],
  // The variables below make the model: the config file (the person's hooks) stays as it is.
  prepare: async (world) => {
    await Deno.mkdir(`${world.home}/.kimi-code`, { recursive: true });
  },
  env: (_world, apiUrl) => ({
    SHELL: "/bin/bash",
    KIMI_MODEL_NAME: KIMI_MODEL,
    KIMI_MODEL_API_KEY: "fake-key-not-real",
    KIMI_MODEL_PROVIDER_TYPE: "openai",
    KIMI_MODEL_BASE_URL: `${apiUrl}/v1`,
    KIMI_DISABLE_TELEMETRY: "1",
    NO_COLOR: "1",
  }),
  args: (_world, _apiUrl, o) => ["-p", o.prompt, "--output-format", "stream-json"],
  shell: (command) => toolStep("Bash", { command }),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  toolResults: (requests) => toolResults(mainTurns(requests)),
  plays: {
    fails: (marker) => ({
      turns: [toolStep("Bash", { command: failingCommand(marker) })],
      tool: "Bash",
      // A failed git push fired PostToolUseFailure (case postfail-context).
      basis: "fixtures/conformance/kimi-code.json (postfail-context)",
    }),
    // Kimi Code's file tools take `path` (fixtures/kimi-code/pre-tool.write.json, pre-tool.edit.json).
    write: (path, content) => ({
      turns: [toolStep("Write", { path, content })],
      tool: "Write",
      basis: "fixtures/kimi-code/pre-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [
        toolStep("Read", { path }),
        toolStep("Edit", { path, old_string: before, new_string: after }),
      ],
      tool: "Edit",
      basis: "fixtures/kimi-code/pre-tool.edit.json",
    }),
    subagent: { cannot: "no subagent of Kimi Code is recorded here" },
    mcp: { cannot: "no MCP call of Kimi Code is recorded here" },
  },
  notSent: [{
    step: "session",
    event: "session-end",
    why:
      "a headless (-p) run of Kimi Code fires no SessionEnd (case session-end-fires of fixtures/conformance/kimi-code.json)",
  }],
  shared: {
    blocked: /Tool execution failed\.<\/system>\s*Blocked .*force/s,
    refusedPrompt: { told: null },
    hung: /Tool execution failed\.<\/system>\s*.*(ran past its|timed out)/is,
    own: (w) => ({
      path: kimiConfigPath(w),
      text: '# my own config\n\n[[hooks]]\nevent = "SessionEnd"\ncommand = "true"\ntimeout = 5\n',
    }),
    lacks: {
      startContext: "Kimi Code passes no context from SessionStart to the model (case ss-message)",
      postTool:
        "Kimi Code's PostToolUse is fire-and-forget: a headless run often ends before the hook runs",
    },
    // The Stop of the turn a stop hook sent back does not fire again.
    stops: [false],
  },
};
