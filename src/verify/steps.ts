/**
 * The steps of verify's run, one agent session for them all: the session
 * itself (its start and end), the prompt, a shell call that succeeds, one
 * that fails, a write of a new file and an edit of it, an MCP tool call, a
 * subagent that calls a shell command, and the stop, after which the model
 * answers once more for a hook that sends the agent back. A step an agent
 * cannot do says why (its driver's plays); `--quick` is the session, the
 * prompt, the one shell call and the stop.
 *
 * Each step says which contract events it reaches; reach.ts turns them into
 * the agent's native names. After the run each step is told done or not from
 * what the run left: a tool's output in what reached the model, the file in
 * the world's project.
 *
 * @module
 */

import type { AnyDriver, FakeApiKind, FakeApis, StepPlay } from "./driver.ts";
import type { LoggedRequest } from "./fake/server.ts";
import { MCP_MARK } from "./mcp_server.ts";
import type { StepReach } from "./reach.ts";

/** The names of the steps, in the order they are played. */
export const STEP_NAMES = [
  "session",
  "prompt",
  "shell",
  "fails",
  "write",
  "edit",
  "mcp",
  "subagent",
  "stop",
] as const;

/** One step's name. */
export type StepName = typeof STEP_NAMES[number];

/** The shell command of the shell step: it prints a word and changes nothing. */
export const SHELL_COMMAND = "echo everyhook-verify";
/** What the failing step prints before its non-zero exit: the command holds it only in two parts. */
export const FAILS_MARK = "everyhook-verify-fails-42";
/** What the subagent's shell command prints. */
export const SUBAGENT_MARK = "everyhook-verify-subagent-42";
/** The subagent's shell command as the model writes it (its output alone holds the mark whole). */
export const SUBAGENT_COMMAND = "printf 'everyhook-verify-subagent-%s' 42";
/** The file the write step creates and the edit step changes, in the world's project. */
export const PROBE_FILE = "everyhook-verify.txt";
/** The file a failing read looks for, in the world's project (it is never there). */
export const MISSING_FILE = "everyhook-verify-missing.txt";
/** The words the edit step changes. */
export const EDIT_TEXT = { before: "written by verify", after: "edited by verify" } as const;

/** What each step reaches, in contract terms. */
export const STEP_REACH: Readonly<Record<StepName, readonly StepReach[]>> = {
  session: [{ event: "session-start", kind: null }, { event: "session-end", kind: null }],
  prompt: [{ event: "prompt", kind: null }],
  shell: [{ event: "pre-tool", kind: "shell" }, { event: "post-tool", kind: "shell" }],
  "fails": [{ event: "pre-tool", kind: "shell" }, {
    event: "post-tool",
    kind: "shell",
    failed: true,
  }],
  write: [{ event: "pre-tool", kind: "write" }, { event: "post-tool", kind: "write" }],
  edit: [{ event: "pre-tool", kind: "edit" }, { event: "post-tool", kind: "edit" }],
  mcp: [{ event: "pre-tool", kind: "mcp" }, { event: "post-tool", kind: "mcp" }],
  subagent: [
    { event: "pre-tool", kind: "agent" },
    { event: "subagent-stop", kind: null },
    { event: "pre-tool", kind: "shell", thread: "subagent" },
  ],
  stop: [{ event: "stop", kind: null }],
};

/** What each step does, for people. */
export const STEP_TEXT: Readonly<Record<StepName, string>> = {
  session: "the session starts and ends",
  prompt: "verify's prompt is submitted",
  shell: `the model runs \`${SHELL_COMMAND}\``,
  "fails": "the model makes a tool call that fails",
  write: `the model writes ${PROBE_FILE}`,
  edit: `the model edits ${PROBE_FILE}`,
  mcp: "the model calls an MCP tool",
  subagent: "the model starts a subagent that runs a shell command",
  stop: "the model ends its turn, and answers once more if a hook sends it back",
};

/** A step in one agent's plan: played (with the tool it calls) or not, and why not. */
export type PlannedStep =
  | {
    name: StepName;
    kind: "played";
    tool: string | null;
    basis: string | null;
    /** A text the result holds once the call ran, besides the step's own mark. */
    mark?: string;
    /** How many tool calls of the main thread the model makes for it. */
    calls?: number;
  }
  | { name: StepName; kind: "cannot"; why: string };

/** One agent's run: the script and the steps. */
export interface RunPlan<K extends FakeApiKind = FakeApiKind> {
  /** The fake model's script. */
  script: FakeApis[K]["script"];
  /** The steps, in order. */
  steps: PlannedStep[];
  /** The prompt. */
  prompt: string;
}

/** The answer the model gives last, and once more when a stop hook sends it back. */
const FINAL = "Done.";
const AGAIN = "Checked again: done.";

/**
 * The plan of one agent's run: every step the driver can play, or (quick)
 * only the shell call of today's run.
 *
 * @param driver The agent's driver.
 * @param project The world's project folder (the file steps use absolute paths).
 * @param quick Only the session, the prompt, the shell call and the stop.
 * @returns The plan.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { planRun } from "./steps.ts";
 * import { GEMINI_CLI_DRIVER } from "./drivers/gemini_cli.ts";
 * const plan = planRun(GEMINI_CLI_DRIVER, "/w/p", true);
 * assert.deepEqual(plan.steps.map((s) => s.name), ["session", "prompt", "shell", "stop"]);
 * ```
 */
export function planRun(driver: AnyDriver, project: string, quick: boolean): RunPlan {
  // Every driver's step type is its own API's: built through one driver at a time.
  return plan(driver as never, project, quick);
}

function plan<K extends FakeApiKind>(
  driver: import("./driver.ts").AgentDriver<K>,
  project: string,
  quick: boolean,
): RunPlan<K> {
  type S = FakeApis[K]["step"];
  const steps: PlannedStep[] = [
    { name: "session", kind: "played", tool: null, basis: null },
    { name: "prompt", kind: "played", tool: null, basis: null },
  ];
  const main: S[] = [];
  const shell = driver.shell(SHELL_COMMAND);
  main.push(shell);
  steps.push({ name: "shell", kind: "played", tool: null, basis: null, calls: 1 });
  let sub:
    | { marker: string; turns: S[]; script: (m: readonly S[]) => FakeApis[K]["script"] }
    | null = null;
  const plays = driver.plays;
  if (!quick) {
    const add = (name: StepName, p: StepPlay<S> | { cannot: string }) => {
      if ("cannot" in p) steps.push({ name, kind: "cannot", why: p.cannot });
      else {
        main.push(...p.turns);
        steps.push({
          name,
          kind: "played",
          tool: p.tool,
          basis: p.basis,
          calls: p.turns.length,
          ...(p.mark === undefined ? {} : { mark: p.mark }),
        });
      }
    };
    if (!plays) {
      for (const name of ["fails", "write", "edit", "mcp", "subagent"] as const) {
        steps.push({
          name,
          kind: "cannot",
          why: `verify has no script of this step for ${driver.name} yet`,
        });
      }
    } else {
      const path = `${project}/${PROBE_FILE}`;
      add(
        "fails",
        "cannot" in plays.fails
          ? plays.fails
          : plays.fails(FAILS_MARK, `${project}/${MISSING_FILE}`),
      );
      add(
        "write",
        "cannot" in plays.write ? plays.write : plays.write(path, `${EDIT_TEXT.before}\n`),
      );
      add(
        "edit",
        "cannot" in plays.edit ? plays.edit : plays.edit(path, EDIT_TEXT.before, EDIT_TEXT.after),
      );
      add("mcp", "cannot" in plays.mcp ? plays.mcp : plays.mcp.play());
      if ("cannot" in plays.subagent) add("subagent", plays.subagent);
      else {
        const marker = "EVERYHOOK-VERIFY-SUBAGENT";
        const p = plays.subagent(`${marker}: run the shell command that prints ${SUBAGENT_MARK}`);
        add("subagent", p);
        const turns: S[] = [
          driver.shell(SUBAGENT_COMMAND),
          driver.say("Subagent done."),
        ];
        sub = { marker, turns, script: (m) => p.script(m, marker, turns) };
      }
    }
  }
  main.push(driver.say(FINAL), driver.say(AGAIN));
  steps.push({ name: "stop", kind: "played", tool: null, basis: null });
  const script = sub ? sub.script(main) : driver.script(main);
  const asked = steps.filter((s) =>
    s.kind === "played" && s.name !== "session" && s.name !== "prompt" && s.name !== "stop"
  )
    .map((s) => STEP_TEXT[s.name].replace(/^the model /, ""));
  return {
    script,
    steps,
    prompt: `Verify the hooks: ${asked.join(", ")}; then stop.`,
  };
}

/** What the run left, for telling which steps were done. */
export interface RunLeft {
  /** Each tool result that reached the model. */
  toolResults: readonly string[];
  /** Every request the fake API got (a subagent's among them). */
  requests: readonly LoggedRequest[];
  /** The probe file's text after the run, or null when there is none. */
  probeFile: string | null;
  /** The agent's exit code, or null. */
  exit: number | null;
}

/**
 * Whether each played step was done, or why it was not.
 *
 * @param steps The plan's steps.
 * @param left What the run left.
 * @returns Per step name: null when done, else why not.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepsDone } from "./steps.ts";
 * const done = stepsDone([{ name: "shell", kind: "played", tool: null, basis: null }], {
 *   toolResults: ["everyhook-verify\n"], requests: [], probeFile: null, exit: 0,
 * });
 * assert.equal(done.shell, null);
 * ```
 */
export function stepsDone(
  steps: readonly PlannedStep[],
  left: RunLeft,
): Partial<Record<StepName, string | null>> {
  const results = left.toolResults.join("\n");
  const asked = left.requests.length > 0;
  const everything = JSON.stringify(left.requests.map((r) => r.body));
  const marked = (name: StepName) => {
    const s = steps.find((x) => x.name === name);
    return s?.kind === "played" && s.mark !== undefined && results.includes(s.mark);
  };
  const test: Record<StepName, () => string | null> = {
    session: () => asked ? null : "the agent never asked the model anything",
    prompt: () => asked ? null : "the agent never asked the model anything",
    shell: () =>
      results.includes("everyhook-verify")
        ? null
        : "its output never reached the model (a hook refused it?)",
    "fails": () =>
      results.includes(FAILS_MARK) || marked("fails")
        ? null
        : "its output never reached the model (a hook refused it?)",
    write: () =>
      left.probeFile === null ? `${PROBE_FILE} was not written (a hook refused it?)` : null,
    edit: () =>
      left.probeFile?.includes(EDIT_TEXT.after)
        ? null
        : `${PROBE_FILE} was not edited (a hook refused it?)`,
    mcp: () =>
      results.includes(MCP_MARK)
        ? null
        : "the MCP tool's answer never reached the model (a hook refused it?)",
    subagent: () =>
      everything.includes(SUBAGENT_MARK)
        ? null
        : "the subagent's command never ran (a hook refused it?)",
    stop: () =>
      left.exit === null
        ? "the agent was stopped at verify's time limit"
        : asked
        ? null
        : "the agent never asked the model anything",
  };
  return Object.fromEntries(
    steps.filter((s) => s.kind === "played").map((s) => [s.name, test[s.name]()]),
  );
}

/**
 * Which played tool steps got an answer to their calls (a tool result per
 * call, whatever it says, reached the model): their pre-tool event was
 * reached even where the tool did not run (a hook or the agent refused it).
 *
 * @param steps The plan's steps.
 * @param toolResults Each tool result that reached the model, in order.
 * @returns The names of the steps answered.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { stepsAnswered } from "./steps.ts";
 * const steps = [
 *   { name: "shell" as const, kind: "played" as const, tool: null, basis: null, calls: 1 },
 *   { name: "fails" as const, kind: "played" as const, tool: "Bash", basis: null, calls: 1 },
 * ];
 * assert.deepEqual(stepsAnswered(steps, ["refused"]), ["shell"]);
 * ```
 */
export function stepsAnswered(
  steps: readonly PlannedStep[],
  toolResults: readonly string[],
): StepName[] {
  const out: StepName[] = [];
  let needed = 0;
  for (const s of steps) {
    if (s.kind !== "played" || s.calls === undefined) continue;
    needed += s.calls;
    if (toolResults.length >= needed) out.push(s.name);
  }
  return out;
}
