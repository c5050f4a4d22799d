/**
 * Codex CLI, headless: `codex exec -C <project> <prompt>` with `CODEX_HOME`
 * in the world's home and, as `-c` settings on its command line (so that the
 * world's config.toml, its hook trust among it, stays as it is), a provider
 * at the fake Responses API, no approvals, no sandbox, and nothing that phones
 * home.
 *
 * @module
 */

import { type AgentDriver, type AgentWorld, failingCommand, noMcp } from "../driver.ts";
import type { ResponsesStep } from "../fake/openai_responses.ts";

/** The model Codex asks for by default (its tools include apply_patch). */
export const CODEX_MODEL = "gpt-5.5";

/**
 * `CODEX_HOME` in a world.
 *
 * @param world The world.
 * @returns `<home>/.codex`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexHome } from "./codex.ts";
 * assert(codexHome({ root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" }) === "/w/h/.codex");
 * ```
 */
export function codexHome(world: AgentWorld): string {
  return `${world.home}/.codex`;
}

/**
 * The settings of a headless run against the fake API, as `-c key=value`
 * arguments (values in TOML).
 *
 * @param apiUrl The fake API's url (`http://127.0.0.1:<port>`).
 * @param model The model to ask for.
 * @returns The arguments.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexSettings } from "./codex.ts";
 * assert(codexSettings("http://127.0.0.1:1", "gpt-5.5").includes('model_provider="fake"'));
 * ```
 */
export function codexSettings(apiUrl: string, model: string): string[] {
  const settings: ReadonlyArray<readonly [string, string]> = [
    ["model", JSON.stringify(model)],
    ["model_provider", '"fake"'],
    ["approval_policy", '"never"'],
    ["sandbox_mode", '"danger-full-access"'],
    ["check_for_update_on_startup", "false"],
    ["analytics.enabled", "false"],
    ["feedback.enabled", "false"],
    ["otel.exporter", '"none"'],
    ["features.plugins", "false"],
    ["model_providers.fake.name", '"fake"'],
    ["model_providers.fake.base_url", JSON.stringify(`${apiUrl}/v1`)],
    ["model_providers.fake.wire_api", '"responses"'],
    ["model_providers.fake.env_key", '"FAKE_OPENAI_KEY"'],
    ["model_providers.fake.request_max_retries", "0"],
    ["model_providers.fake.stream_max_retries", "0"],
    ["model_providers.fake.supports_websockets", "false"],
  ];
  return settings.flatMap(([key, value]) => ["-c", `${key}=${value}`]);
}

/**
 * The arguments of one headless prompt.
 *
 * @param world The world (its project is the working folder).
 * @param apiUrl The fake API's url.
 * @param o The prompt, the trust switch, the model, whether to run outside a git
 *   repository, and more arguments before the prompt.
 * @returns The arguments after `codex`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexArgs } from "./codex.ts";
 * const world = { root: "/w", home: "/w/h", project: "/w/p", tmp: "/w/t" };
 * const args = codexArgs(world, "http://127.0.0.1:1", { prompt: "hi", bypassTrust: true });
 * assert(args[0] === "exec" && args.at(-1) === "hi");
 * ```
 */
export function codexArgs(
  world: AgentWorld,
  apiUrl: string,
  o: {
    prompt: string;
    bypassTrust: boolean;
    model?: string;
    skipGitCheck?: boolean;
    extra?: readonly string[];
  },
): string[] {
  return [
    "exec",
    ...(o.bypassTrust ? ["--dangerously-bypass-hook-trust"] : []),
    ...(o.skipGitCheck ? ["--skip-git-repo-check"] : []),
    ...codexSettings(apiUrl, o.model ?? CODEX_MODEL),
    "-C",
    world.project,
    ...(o.extra ?? []),
    o.prompt,
  ];
}

/** The output items of a Responses request's input, as the model was shown them. */
function callOutputs(body: unknown): string[] {
  const input = typeof body === "object" && body !== null
    ? (body as Record<string, unknown>)["input"]
    : undefined;
  if (!Array.isArray(input)) return [];
  const out: string[] = [];
  for (const item of input) {
    if (typeof item !== "object" || item === null) continue;
    const { type, output } = item as Record<string, unknown>;
    if (typeof type !== "string" || !type.endsWith("_call_output")) continue;
    out.push(typeof output === "string" ? output : JSON.stringify(output));
  }
  return out;
}

/**
 * Codex CLI's driver.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CODEX_DRIVER } from "./codex.ts";
 * assert(CODEX_DRIVER.script([CODEX_DRIVER.say("done")]).final === "done");
 * ```
 */
export const CODEX_DRIVER: AgentDriver<"openai-responses"> = {
  id: "codex",
  name: "Codex CLI",
  api: "openai-responses",
  bins: ["codex"],
  node: { major: 16 },
  homeFolders: [".codex"],
  projectFolders: [".codex"],
  prepare: async (world) => {
    await Deno.mkdir(codexHome(world), { recursive: true });
  },
  env: (world) => ({
    CODEX_HOME: codexHome(world),
    FAKE_OPENAI_KEY: "sk-fake-not-a-real-key",
    NO_COLOR: "1",
  }),
  // Codex runs `exec` only in a git repository unless told otherwise.
  args: (world, apiUrl, o) => codexArgs(world, apiUrl, { ...o, skipGitCheck: true }),
  shell: (command): ResponsesStep => ({ kind: "shell", command }),
  say: (text): ResponsesStep => ({ kind: "message", text }),
  // The last message is the script's final answer, which every later request gets too.
  script: (steps) => {
    const last = steps.at(-1);
    return last?.kind === "message"
      ? { steps: steps.slice(0, -1), final: last.text }
      : { steps: [...steps], final: "Done." };
  },
  toolResults: (requests) => {
    const seen: string[] = [];
    for (const r of requests) {
      for (const text of callOutputs(r.body)) if (!seen.includes(text)) seen.push(text);
    }
    return seen;
  },
  plays: {
    fails: (marker) => ({
      turns: [{ kind: "shell", command: failingCommand(marker) }],
      tool: "Bash",
      basis: "fixtures/codex/pre-tool.shell-harmless.json",
    }),
    // apply_patch takes paths from the folder Codex runs in: the file is in the project's root.
    write: (path, content) => ({
      turns: [{
        kind: "patch",
        patch: `*** Begin Patch\n*** Add File: ${
          baseName(path)
        }\n+${content.trimEnd()}\n*** End Patch`,
      }],
      tool: "apply_patch",
      basis: "fixtures/codex/pre-tool.write.json, fixtures/codex/post-tool.write.json",
    }),
    edit: (path, before, after) => ({
      turns: [{
        kind: "patch",
        patch: `*** Begin Patch\n*** Update File: ${
          baseName(path)
        }\n@@\n-${before}\n+${after}\n*** End Patch`,
      }],
      tool: "apply_patch",
      basis: "fixtures/codex/pre-tool.edit.json",
    }),
    subagent: {
      cannot:
        "Codex's sub-agents were recorded only with a model whose tools include spawn_agent (fixtures/codex/subagent-stop.first.json), not with the model verify runs",
    },
    mcp: noMcp(
      "given verify's MCP server (-c mcp_servers), Codex CLI 0.171.0 offered the model only list_mcp_resources and its kin, not the server's tool (seen in verify's run)",
    ),
  },
  shared: {
    blocked: /blocked by PreToolUse hook: .*force/i,
    refusedPrompt: { told: /hook: UserPromptSubmit Blocked/ },
    hung: /blocked by PreToolUse hook/,
    own: (w) => ({
      path: `${w.home}/.codex/hooks.json`,
      text: JSON.stringify(
        {
          hooks: { SessionStart: [{ hooks: [{ type: "command", command: "true", timeout: 5 }] }] },
        },
        null,
        4,
      ) + "\n",
    }),
  },
};

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
