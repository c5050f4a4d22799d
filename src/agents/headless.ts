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

/** How an agent runs headless, by family. */
export type HeadlessRun = PluginHeadless;
