/**
 * How an agent of a family runs headless against a fake model API, as data
 * its own module carries (`Agent.headless`): a family builder of
 * src/verify/drivers/ turns it into the agent's verify driver, so that an
 * agent of a family that has one needs no file in src/verify. Only types and
 * plain data here: src/agents is below src/verify and names none of its code.
 *
 * An agent whose headless run is its own (its fake API, its files) has a
 * driver module in src/verify/drivers/ instead, named by its registry line's
 * `module`.
 *
 * @module
 */

import type { ContractEvent } from "../contract/contract.ts";

/**
 * What the shared end-to-end scenarios (tests/e2e/scenarios_test.ts) see of
 * an agent's headless run, in the pinned binary's words: they check each.
 */
export interface HeadlessShows {
  /** What the model is shown for a shell call a pre-tool hook refused. */
  blocked: RegExp;
  /**
   * What the model is shown for a shell call a hanging `--fail-closed` hook
   * refused, or why the shared scenarios do not run it for the agent.
   */
  hung: RegExp | { skip: string };
  /**
   * A refused prompt: what tells the person why in the agent's stdout and
   * stderr (null: the agent prints nothing of it), or why its headless run
   * cannot show it.
   */
  refusedPrompt: { told: RegExp | null } | { skip: string };
  /**
   * The command post-tool sees first, where the refused shell call still fires
   * it (an agent that runs the call everyhook rewrote, and then fires its
   * post-tool event for it).
   */
  postRefused?: RegExp;
  /** What the agent cannot do of the shared run, each with the reason its step skips. */
  lacks?: { startContext?: string; stopSentBack?: string; postTool?: string };
  /**
   * What each Stop the hooks saw says of `continued`, in order (default
   * `[false, true]`: the first stop, then the one after it was sent back).
   */
  stops?: readonly boolean[];
  /** True when the headless run exits 0 although a hook refused a tool call, and the scenarios check it. */
  exitsZero?: boolean;
}

/**
 * An agent of the plugin family (OpenCode's plugin API): what its headless
 * run, `<bin> run --model ... --format json <prompt>` with its config in
 * `<PREFIX>_CONFIG_CONTENT`, differs in.
 */
export interface PluginHeadless {
  /** The family, and the builder that makes the driver. */
  family: "plugin";
  /** The names its binary is looked for by, on PATH, in order. */
  bins: readonly string[];
  /** The lowest Node.js major version its package's binary runs on; absent for a native binary. */
  nodeMajor?: number;
  /** The prefix of its variables, such as `OPENCODE`. */
  prefix: string;
  /** Its folder below `$XDG_CONFIG_HOME` (and `~/.config`). */
  configFolder: string;
  /** Its folder below the project. */
  projectFolder: string;
  /** Its own variables for a headless run, besides the ones every plugin agent is given. */
  env: Readonly<Record<string, string>>;
}

/**
 * A value of a headless run's data, written with placeholders the family's
 * builder fills: `{apiUrl}` (the fake API's url), `{root}` and `{home}` (the
 * world's folders), `{prompt}`, `{command}`, `{path}`, `{content}`,
 * `{before}`, `{after}` (a model turn's own), `{mcpServer}`, `{mcpTool}`,
 * `{mcpText}` (verify's MCP server, its tool, the text its call sends) and
 * `{mcpSpec}` (how the server is started, an object, where the whole string is
 * the placeholder). Keys are filled as strings are.
 */
export type RunTemplate = unknown;

/** One tool call of the model: the tool's name and its input, with placeholders. */
export interface ToolTemplate {
  /** The tool's name, as the agent offers it to the model and sends it to its hooks. */
  name: string;
  /** Its input. */
  input: Readonly<Record<string, RunTemplate>>;
}

/**
 * A test on a hook call's payload, as data, for the family's recorder: a
 * top-level field equal to a value or of a JSON type, or the call of one of
 * the fixture session's scripted tool steps (the force push, the harmless
 * command, the file steps, the subagent), which the family tells apart by the
 * tool templates of the record.
 */
export type PayloadTest =
  | { field: string; equals: string | number | boolean | null }
  | { field: string; type: "string" | "number" | "boolean" | "object" }
  | { step: RecordedStep };

/** The tool steps of a chat agent's fixture session, in the order the model calls them. */
export type RecordedStep =
  | "force-push"
  | "harmless"
  | "write"
  | "read"
  | "edit"
  | "write-env"
  | "subagent";

/**
 * One fixture a chat agent's recorder picks beyond the family's own: the
 * fixture's event and variant, the native event its call came under, which of
 * those calls, in which session, and what the fixture's note says of it.
 */
export interface RecordingPick {
  /** The contract event of the fixture. */
  event: ContractEvent;
  /** The native event the call came under. */
  native: string;
  /** The fixture's variant. */
  variant: string;
  /** Picks among that event's calls (default: any). */
  when?: PayloadTest;
  /** Which of the matching calls (default the first). */
  nth?: number;
  /** The main agent's calls, or a subagent's (default main). */
  session?: "main" | "subagent";
  /** A fact about the binary the fixture shows, said before the how-line. */
  note?: string;
}

/**
 * How a chat agent's fixture session is recorded (tests/e2e/chat_family_harness.ts
 * reads it): the fixtures every agent of the family gives (a force push, a
 * harmless command, a write, a read, an edit and a `.env` write by its tools,
 * the subagent call, the posts, the session's start, the first stop and the
 * one after it was sent back, the subagent's stop) are the family's; what the
 * agent adds or says differently is here.
 */
export interface ChatRecording {
  /** The line each fixture's note ends with: how the session ran (`recorded: ...`). */
  how: string;
  /** The fixtures it gives beyond the family's. */
  picks: readonly RecordingPick[];
  /**
   * Facts about the binary said in a family fixture's note, by the fixture
   * (`<event>.<variant>`, such as `pre-tool.write-env`).
   */
  notes: Readonly<Record<string, string>>;
  /** Which Stops the recording hook sends back: a text the payload holds, and how many at most. */
  stopBack: { match?: string; max: number };
  /**
   * How the main agent's calls are told apart from a subagent's: a field a
   * subagent's calls carry (the native events kept whatever they carry), or
   * the session whose SessionStart lacks a field (a subagent runs in its own
   * session).
   */
  main:
    | { by: "call"; without: string; keep: readonly string[] }
    | { by: "session"; startWithout: string };
  /** How many of its sessions run at once. */
  jobs: number;
  /** The conformance cases its end-to-end test re-runs each time. */
  keyCases: readonly string[];
}

/**
 * An agent that speaks OpenAI chat completions to a model it is pointed at,
 * with its settings in `~/<folder>/settings.json` (Qwen Code, Factory Droid):
 * what its headless run differs in, as data.
 */
export interface ChatHeadless {
  /** The family, and the builder that makes the driver. */
  family: "chat";
  /** The names its binary is looked for by, on PATH, in order. */
  bins: readonly string[];
  /** The lowest Node.js major version its package's binary runs on; absent for a native binary. */
  nodeMajor?: number;
  /** Its folder under HOME and under the project, where `settings.json` is. */
  folder: string;
  /** What its user settings hold for a headless run, besides hooks (merged into the file, hooks kept). */
  settings: Readonly<Record<string, RunTemplate>>;
  /** The variables of a headless run. */
  env: Readonly<Record<string, string>>;
  /** The arguments of one headless prompt; an `autoApprove` group only when tools run without asking. */
  args: ReadonlyArray<string | { autoApprove: readonly string[] }>;
  /** The model's calls of its tools (`{command}`, `{path}`, `{content}`, `{before}`, `{after}`). */
  tools: { shell: ToolTemplate; read: ToolTemplate; write: ToolTemplate; edit: ToolTemplate };
  /** The recordings that show each call reaching its hooks (fixtures). */
  basis: { fails: string; write: string; edit: string };
  /**
   * Its subagent tool (`{prompt}` in its input), the recording that shows it,
   * and whether the fake API must look for the subagent's marker in every user
   * message (the agent's first one is its own); or why it has none.
   */
  subagent:
    | { tool: ToolTemplate; basis: string; markerInAnyUserMessage?: boolean }
    | { cannot: string };
  /**
   * How verify's MCP server is offered to it: the tool's name as the model
   * sees it, the settings that name the server (merged into the user
   * settings), the recording that shows it; or why no call is recorded here.
   */
  mcp:
    | { tool: string; settings: Readonly<Record<string, RunTemplate>>; basis: string }
    | { notRecorded: string };
  /** The events of verify's run it does not send, and what shows it. */
  notSent?: ReadonlyArray<{ step: string; event: ContractEvent; why: string }>;
  /** What the shared end-to-end scenarios see of its run. */
  shows: HeadlessShows;
  /** How its fixtures are recorded, beyond what the family records of every agent. */
  recording: ChatRecording;
}

/** How an agent runs headless, by family. */
export type HeadlessRun = PluginHeadless | ChatHeadless;
