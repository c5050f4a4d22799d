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

import { type AgentDriver, failingCommand, noMcp, ownSettingsText } from "../driver.ts";
import { type AugmentStep, augmentToolResults } from "../fake/augment.ts";
import { mergeSettingsFile } from "../settings_json.ts";

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
    write: { cannot: "verify's play of Auggie's save-file tool is not written yet" },
    edit: { cannot: "verify's play of Auggie's str-replace-editor tool is not written yet" },
    subagent: { cannot: "Auggie has no subagent event" },
    mcp: noMcp("verify's MCP step is not written yet for Auggie"),
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
