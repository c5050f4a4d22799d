/**
 * What everyhook knows about running one agent headless against a fake model
 * API on 127.0.0.1, as data: an {@linkcode AgentDriver} per agent that can be
 * run (src/verify/drivers/: made by a family's builder from the agent's
 * record, or a module of its own). A driver says which fake API the agent speaks,
 * the names of its binary, the Node.js it needs, what a throwaway home must
 * hold for a run with no login and no network, the command line of one
 * headless prompt, the model's call of the agent's shell tool, and how to read
 * from the fake API's request log what reached the model. `verify` and the
 * end-to-end tests run every agent through these records.
 *
 * @module
 */

import type { ContractEvent } from "../contract/contract.ts";
import type { HeadlessShows } from "../agents/headless.ts";
import type { McpServerSpec } from "./mcp_server.ts";
import type { AnthropicScript, AnthropicStep } from "./fake/anthropic.ts";
import type { AugmentScript, AugmentStep } from "./fake/augment.ts";
import type { GeminiStep } from "./fake/gemini.ts";
import type { ChatScript, ChatStep } from "./fake/openai_chat.ts";
import type { ResponsesScript, ResponsesStep } from "./fake/openai_responses.ts";
import type { LoggedRequest } from "./fake/server.ts";

/** Each fake model API: the model turn a script is made of, and the script. */
export interface FakeApis {
  /** Anthropic Messages (`POST /v1/messages`), streamed. */
  "anthropic-messages": { step: AnthropicStep; script: AnthropicScript };
  /** OpenAI Responses (`POST /v1/responses`), streamed. */
  "openai-responses": { step: ResponsesStep; script: ResponsesScript };
  /** OpenAI chat completions (`POST /v1/chat/completions`), streamed. */
  "openai-chat": { step: ChatStep; script: ChatScript };
  /** Gemini (`:streamGenerateContent`). */
  "gemini": { step: GeminiStep; script: readonly GeminiStep[] };
  /** Augment's own backend (`POST /chat-stream`, NDJSON), the only one Auggie speaks. */
  "augment": { step: AugmentStep; script: AugmentScript };
}

/** The name of a fake model API. */
export type FakeApiKind = keyof FakeApis;

/** The fake API kinds, in a stable order. */
export const FAKE_API_KINDS: readonly FakeApiKind[] = [
  "anthropic-messages",
  "openai-responses",
  "openai-chat",
  "gemini",
  "augment",
];

/**
 * The throwaway folders one run happens in; nothing outside them is written.
 * The end-to-end tests' worlds have this shape.
 */
export interface AgentWorld {
  /** The folder holding the others. */
  root: string;
  /** The agent's HOME. */
  home: string;
  /** The folder the agent is started in. */
  project: string;
  /** Its TMPDIR. */
  tmp: string;
}

/** How one headless prompt is run. */
export interface PromptOptions {
  /** The prompt. */
  prompt: string;
  /** Let the agent run every tool without asking (default of the tests: true). */
  autoApprove: boolean;
  /**
   * Skip the agent's own trust check of hooks or folders where it has a switch
   * for it (Codex's `--dangerously-bypass-hook-trust`, Gemini CLI's
   * `--skip-trust`); false runs with the trust the world's files give.
   */
  bypassTrust: boolean;
}

/** The Node.js an agent's package runs on, where it runs on Node at all. */
export interface NodeNeed {
  /** The lowest major version (from the package's `engines`). */
  major: number;
}

/** How to run one agent headless against its fake model API. */
export interface AgentDriver<K extends FakeApiKind = FakeApiKind> {
  /** everyhook's agent id, as in src/agents/. */
  id: string;
  /** The agent's name for people. */
  name: string;
  /** The fake model API it is pointed at. */
  api: K;
  /** The names its binary is looked for by, on PATH, in order. */
  bins: readonly string[];
  /** The Node.js its package runs on; undefined for a native binary. */
  node: NodeNeed | undefined;
  /** The folders under HOME it reads its settings and hooks from. */
  homeFolders: readonly string[];
  /** The folders under the project it reads its settings and hooks from. */
  projectFolders: readonly string[];
  /**
   * Makes the world's home ready for a run with no login against `apiUrl`:
   * writes the settings a headless run needs into the agent's files, keeping
   * what they hold already (hooks among it) except the keys it must set.
   */
  prepare(world: AgentWorld, apiUrl: string): Promise<void>;
  /** The variables the agent needs besides a plain environment (HOME, PATH, ...). */
  env(world: AgentWorld, apiUrl: string): Record<string, string>;
  /** The arguments after the binary for one headless prompt. */
  args(world: AgentWorld, apiUrl: string, o: PromptOptions): string[];
  /** The model's call of the agent's shell tool. */
  shell(command: string): FakeApis[K]["step"];
  /** The model's plain answer. */
  say(text: string): FakeApis[K]["step"];
  /** A script of the main conversation from its steps (what the model says past them is the API's). */
  script(steps: ReadonlyArray<FakeApis[K]["step"]>): FakeApis[K]["script"];
  /**
   * What reached the model from the tools, read from the fake API's request
   * log: each tool result once, in order (a hook's block reason among them).
   */
  toolResults(requests: readonly LoggedRequest[]): string[];
  /** The model's turns of verify's whole run beyond the shell call (steps.ts), where written. */
  plays?: DriverPlays<K>;
  /**
   * The events a step of verify's run reaches in other agents that this one
   * does not send there, and what shows it (a headless run that never fires it).
   */
  notSent?: ReadonlyArray<{ step: string; event: ContractEvent; why: string }>;
  /** What the shared end-to-end scenarios see of a run, and the person's own settings file they start from. */
  shared: SharedRun;
}

/**
 * What the shared end-to-end scenarios (tests/e2e/scenarios_test.ts) expect
 * of an agent's headless run, and the settings file of the person's own that
 * they write before everyhook installs (four-space indents: not everyhook's).
 */
export interface SharedRun extends HeadlessShows {
  /** The person's own settings file in the world, there before install. */
  own(world: AgentWorld, apiUrl: string): { path: string; text: string };
}

/**
 * A hook of the person's own, for an agent's Claude-style `settings.json`
 * (a driver's {@linkcode SharedRun.own}).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { OWN_SETTINGS_HOOKS } from "./driver.ts";
 * assert.deepEqual(Object.keys(OWN_SETTINGS_HOOKS), ["SessionEnd"]);
 * ```
 */
export const OWN_SETTINGS_HOOKS = {
  SessionEnd: [{ hooks: [{ type: "command", command: "true" }] }],
} as const;

/**
 * A settings file of the person's own: the settings a headless run needs and
 * {@linkcode OWN_SETTINGS_HOOKS}, with four-space indents.
 *
 * @param settings What the run needs in the file besides hooks.
 * @returns The file's text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { ownSettingsText } from "./driver.ts";
 * assert.match(ownSettingsText({ model: "m" }), /^\{\n {4}"model": "m",\n {4}"hooks"/);
 * ```
 */
export function ownSettingsText(settings: Record<string, unknown>): string {
  return JSON.stringify({ ...settings, hooks: OWN_SETTINGS_HOOKS }, null, 4) + "\n";
}

/** One step of verify's whole run, as one agent's model plays it. */
export interface StepPlay<S> {
  /** The model's turns. */
  turns: readonly S[];
  /** The tool name the agent gives its hooks for the step's call. */
  tool: string;
  /** The recording that shows the agent sending that call to its hooks (a fixture). */
  basis: string;
  /** A text the call's result holds once it ran, where the step's own mark is not in it. */
  mark?: string;
}

/** A step the agent cannot do, and why (with what shows it). */
export interface StepCannot {
  /** Why. */
  cannot: string;
}

/** How an agent is told of verify's MCP server, and the model's call of its tool. */
export interface McpPlay<S> {
  /** The call. */
  play(): StepPlay<S>;
  /** Arguments added after the driver's. */
  args?(server: McpServerSpec): string[];
  /** Variables laid over the driver's. */
  env?(world: AgentWorld, apiUrl: string, server: McpServerSpec): Record<string, string>;
  /** Writes the server into the agent's settings in the world (after the driver's prepare). */
  setup?(world: AgentWorld, server: McpServerSpec): Promise<void>;
}

/** A subagent step: the main thread's call that starts it, and the script with its own turns. */
export interface SubagentPlay<K extends FakeApiKind> extends StepPlay<FakeApis[K]["step"]> {
  /**
   * The whole script: the main thread's turns, and the subagent's (told apart
   * by `marker` in its prompt).
   */
  script(
    main: ReadonlyArray<FakeApis[K]["step"]>,
    marker: string,
    sub: ReadonlyArray<FakeApis[K]["step"]>,
  ): FakeApis[K]["script"];
}

/**
 * How one agent's model plays the steps of verify's whole run besides the
 * successful shell call (driver.shell): each is a play, or why the agent
 * cannot play it. Paths are absolute, in the world's project.
 */
export interface DriverPlays<K extends FakeApiKind> {
  /**
   * A tool call that fails: a shell command that exits non-zero and prints the
   * marker, where the agent takes that for a failure, or a read of `missing`,
   * a file in the project that is not there.
   */
  fails: ((marker: string, missing: string) => StepPlay<FakeApis[K]["step"]>) | StepCannot;
  /** A write of a new file. */
  write: ((path: string, content: string) => StepPlay<FakeApis[K]["step"]>) | StepCannot;
  /** An edit of that file (a read of it first where the agent wants one). */
  edit:
    | ((path: string, before: string, after: string) => StepPlay<FakeApis[K]["step"]>)
    | StepCannot;
  /** A subagent whose prompt holds the marker. */
  subagent: ((prompt: string) => SubagentPlay<K>) | StepCannot;
  /** A call of the tool of verify's MCP server (mcp_server.ts), and how the agent is told of the server. */
  mcp: McpPlay<FakeApis[K]["step"]> | StepCannot;
}

/** A driver of any fake API. */
export type AnyDriver = { [K in FakeApiKind]: AgentDriver<K> }[FakeApiKind];

/**
 * The script of a run that calls the shell tool with each command in turn and
 * then answers `final`.
 *
 * @param driver The agent's driver.
 * @param commands The shell commands the model asks for.
 * @param final The model's last answer.
 * @returns The script for the driver's fake API.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { shellScript } from "./driver.ts";
 * import { CLAUDE_CODE_DRIVER } from "./drivers/claude_code.ts";
 * const script = shellScript(CLAUDE_CODE_DRIVER, ["echo hello"], "Done.");
 * assert(script.main.length === 2);
 * ```
 */
export function shellScript<K extends FakeApiKind>(
  driver: AgentDriver<K>,
  commands: readonly string[],
  final: string,
): FakeApis[K]["script"] {
  return driver.script([...commands.map((c) => driver.shell(c)), driver.say(final)]);
}

/** One turn of a scripted model: a call of the agent's shell tool, or an answer. */
export type Play = { shell: string } | { say: string };

/**
 * The script of a run whose model plays the given turns in order.
 *
 * @param driver The agent's driver.
 * @param plays The model's turns.
 * @returns The script for the driver's fake API.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { playScript } from "./driver.ts";
 * import { GEMINI_CLI_DRIVER } from "./drivers/gemini_cli.ts";
 * const script = playScript(GEMINI_CLI_DRIVER, [{ shell: "echo hi" }, { say: "One." }, { say: "Two." }]);
 * assert(script.length === 3);
 * ```
 */
export function playScript<K extends FakeApiKind>(
  driver: AgentDriver<K>,
  plays: readonly Play[],
): FakeApis[K]["script"] {
  return driver.script(plays.map((p) => "shell" in p ? driver.shell(p.shell) : driver.say(p.say)));
}

/**
 * The failing step most agents play: a shell command that prints the marker
 * (its number a printf argument, so that only its output holds it whole;
 * Gemini CLI refuses arithmetic expansion as command substitution) and exits 3.
 *
 * @param marker What the command prints, ending in `-42`.
 * @returns The command line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { failingCommand } from "./driver.ts";
 * assert.equal(failingCommand("x-fails-42"), "printf 'x-fails-%s' 42; exit 3");
 * ```
 */
export function failingCommand(marker: string): string {
  return `printf '${marker.replace(/42$/, "%s")}' 42; exit 3`;
}

/**
 * The MCP step of an agent whose MCP tools verify has not seen at its hooks:
 * why, in the agent's words.
 *
 * @param why What the agent did with verify's MCP server, or what is missing.
 * @returns The step, as one the agent cannot play.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { noMcp } from "./driver.ts";
 * assert.match(noMcp("it offered no tool").cannot, /MCP tool calls are not recorded here: it offered no tool/);
 * ```
 */
export function noMcp(why: string): StepCannot {
  return { cannot: `its MCP tool calls are not recorded here: ${why}` };
}
