/**
 * Cline CLI, headless: `cline --json <prompt>` on Node.js 22, its model an
 * OpenAI-compatible provider at the fake API (a fake key), set in
 * `~/.cline/data/settings/providers.json`, which `prepare` writes the way
 * `cline auth -p openai -b <url>` did. A prompt runs in act mode with every
 * tool approved (`--auto-approve` is true by default). Its hooks are
 * executable files named after the events in `~/.cline/hooks/` and
 * `<project>/.clinerules/hooks/`. Each run leaves a hub daemon running
 * (`cline --cline-hub-daemon`, in a session of its own): the runner's sweep
 * (src/os/process_tree.ts), which ends every process with the run's mark in
 * its environment, ends it too.
 *
 * @module
 */

import { type AgentDriver, type AgentWorld, failingCommand, noMcp } from "../driver.ts";
import { mainTurns, textStep, toolResults, toolStep } from "../fake/openai_chat.ts";

/** The model name the fake API is asked for. */
export const CLINE_MODEL = "fake-model";

/**
 * The provider settings of a world.
 *
 * @param world The world.
 * @returns `<home>/.cline/data/settings/providers.json`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { clineProvidersPath } from "./cline.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * assert.equal(clineProvidersPath(world), "/w/h/.cline/data/settings/providers.json");
 * ```
 */
export function clineProvidersPath(world: AgentWorld): string {
  return `${world.home}/.cline/data/settings/providers.json`;
}

/**
 * The provider settings that point Cline at the fake API: the file `cline
 * auth` wrote in a recorded run, with the fake API's url (Cline took a copy
 * without `modes` and `updatedAt` for no settings, and used its own provider).
 *
 * @param apiUrl The fake API's url.
 * @returns The file's JSON value.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { clineProviders } from "./cline.ts";
 * assert.equal(clineProviders("http://127.0.0.1:9").lastUsedProvider, "openai-compatible");
 * ```
 */
export function clineProviders(apiUrl: string): Record<string, unknown> {
  return {
    version: 1,
    lastUsedProvider: "openai-compatible",
    modes: {},
    providers: {
      "openai-compatible": {
        settings: {
          provider: "openai-compatible",
          apiKey: "fake-key-not-real",
          model: CLINE_MODEL,
          baseUrl: `${apiUrl}/v1`,
        },
        updatedAt: "2026-12-01T00:00:00.000Z",
        tokenSource: "manual",
      },
    },
  };
}

/**
 * Cline's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CLINE_DRIVER } from "./cline.ts";
 * assert.equal(CLINE_DRIVER.node?.major, 22);
 * assert.deepEqual(CLINE_DRIVER.args(
 *   { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" },
 *   "http://127.0.0.1:1",
 *   { prompt: "hi", autoApprove: true, bypassTrust: false },
 * ), ["--json", "hi"]);
 * ```
 */
export const CLINE_DRIVER: AgentDriver<"openai-chat"> = {
  id: "cline",
  name: "Cline",
  api: "openai-chat",
  bins: ["cline"],
  node: { major: 22 },
  // Its hooks folders: the rest of ~/.cline (its data: sessions, logs, settings) changes with every run.
  homeFolders: [".cline/hooks"],
  projectFolders: [".clinerules/hooks"],
  prepare: async (world, apiUrl) => {
    const file = clineProvidersPath(world);
    await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(file, JSON.stringify(clineProviders(apiUrl), null, 2) + "\n");
  },
  env: () => ({ SHELL: "/bin/bash", TERM: "dumb", NO_COLOR: "1" }),
  args: (_world, _apiUrl, o) => [
    "--json",
    ...(o.autoApprove ? [] : ["--auto-approve", "false"]),
    o.prompt,
  ],
  // SEEN: run_commands takes a list of command lines.
  shell: (command) => toolStep("run_commands", { commands: [command] }),
  say: (text) => textStep(text),
  script: (steps) => ({ steps: [...steps] }),
  toolResults: (requests) => toolResults(mainTurns(requests)),
  plays: {
    fails: (marker) => ({
      turns: [toolStep("run_commands", { commands: [failingCommand(marker)] })],
      tool: "run_commands",
      basis: "fixtures/conformance/cline.json (post-context)",
    }),
    // SEEN: the editor tool takes the absolute path, and writes a missing file from new_text.
    write: (path, content) => ({
      turns: [toolStep("editor", { path, new_text: content })],
      tool: "editor",
      basis: "fixtures/cline/pre-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [toolStep("editor", { path, old_text: before, new_text: after })],
      tool: "editor",
      basis: "fixtures/cline/pre-tool.edit.json",
    }),
    subagent: { cannot: "no sub-agent of Cline is recorded here" },
    mcp: noMcp("no MCP call of Cline is recorded here"),
  },
  shared: {
    // Cline's tool result of the call everyhook rewrote: the command that printed the reason and failed.
    blocked: /printf .*Blocked .*force.*Command exited with code 1.*\[stderr\]\\nBlocked .*force/s,
    // A hook file of the person's own for the same event: Cline runs it beside everyhook's.
    own: (w) => ({
      path: `${w.home}/.cline/hooks/PreToolUse.js`,
      text: "// my own hook: no answer\nprocess.exit(0);\n",
    }),
    refusedPrompt: {
      skip:
        "Cline's UserPromptSubmit did not fire in a headless run (fixtures/conformance/cline.json: cline-prompt-fires), and everyhook offers no prompt event for it",
    },
    hung: /printf .*(ran past its|timed out).*Command exited with code 1/is,
    // The rewritten call ran, and failed: PostToolUse fires for it.
    postRefused: /^printf '%s\\n' 'Blocked .*force.*' >&2; exit 1$/s,
    lacks: {
      startContext:
        "Cline does not wait for TaskStart: no answer is read (fixtures/conformance/cline.json: cline-start-context)",
      stopSentBack:
        "TaskComplete fires after the task has ended: nothing sends Cline back (fixtures/conformance/cline.json: cline-stop-context)",
    },
    stops: [false],
  },
};
