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
};
