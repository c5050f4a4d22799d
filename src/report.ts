/**
 * Rendering: the help (generated from the command table), `run` and `demo`
 * results as text, and the shared JSON helpers. Commands return data; this
 * module turns it into what a person reads. On `run`'s path: imports only types.
 *
 * @module
 */

import type { CommandSpec } from "./commands.ts";
import type { HookAnswer } from "./contract.ts";
import type { Effect } from "./agents/types.ts";
import type { RunResult } from "./run.ts";

/**
 * A value as the JSON a command prints: two-space indented, with a final newline.
 *
 * @param value Any JSON value.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { jsonText } from "./report.ts";
 * console.assert(jsonText({ ok: true }) === '{\n  "ok": true\n}\n');
 * ```
 */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** The document every command prints with `--json` when it fails with an error. */
export interface ErrorDocument {
  /** Always false. */
  ok: false;
  /** The message. */
  error: string;
}

/**
 * The error document.
 *
 * @param message The error's message.
 * @returns `{ ok: false, error }`.
 *
 * @example Usage
 * ```ts
 * import { errorDocument } from "./report.ts";
 * console.assert(errorDocument("x").ok === false);
 * ```
 */
export function errorDocument(message: string): ErrorDocument {
  return { ok: false, error: message };
}

/**
 * Wrap text at a width, indenting every line after the first.
 *
 * @param text One paragraph.
 * @param width The longest line, not counting the indent.
 * @param indent The indent of the lines after the first.
 * @returns The wrapped text.
 *
 * @example Usage
 * ```ts
 * import { wrap } from "./report.ts";
 * console.assert(wrap("a b c", 3, "  ") === "a b\n  c");
 * ```
 */
export function wrap(text: string, width: number, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(line);
  return lines.join(`\n${indent}`);
}

const WIDTH = 100;
const GROUPS: ReadonlyArray<[CommandSpec["group"], string]> = [
  ["run", "Run (the agents call this; install writes it into their files)"],
  ["change", "Change (they edit the agents' files after a backup, and take --dry-run)"],
  ["read", "Read"],
];

const COMMON = [
  "  -h, --help        this text, or a command's with <command> --help",
  "  -v, --version     the version",
];

/**
 * The help for the whole tool, generated from the command table.
 *
 * @param commands The command table.
 * @param version The version.
 * @param events The contract's events.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { generalHelp } from "./report.ts";
 * import { COMMANDS } from "./commands.ts";
 * console.assert(generalHelp(COMMANDS, "0.1.0", ["pre-tool"]).includes("run"));
 * ```
 */
export function generalHelp(
  commands: readonly CommandSpec[],
  version: string,
  events: readonly string[],
): string {
  const out = [
    `everyhook ${version}: write a hook once, run it in every coding agent.`,
    "",
    "Usage: everyhook <command> [options]",
  ];
  for (const [group, title] of GROUPS) {
    const rows = commands.filter((c) => c.group === group);
    if (rows.length === 0) continue;
    out.push("", `${title}:`);
    for (const c of rows) {
      out.push(`  ${c.name.padEnd(10)} ${wrap(c.usage, WIDTH - 13, " ".repeat(13))}`);
      out.push(`             ${wrap(c.summary, WIDTH - 13, " ".repeat(13))}`);
    }
  }
  out.push("", "Options on every command:", ...COMMON);
  out.push("", wrap(`Events: ${events.join(", ")}.`, WIDTH, ""));
  out.push("Exit codes: 0 ok; 1 findings, a refusal or a failed hook; 2 a usage error.");
  out.push("Environment: EVERYHOOK_DEBUG=1 makes run log what happened to stderr.");
  return `${out.join("\n")}\n`;
}

/**
 * The help for one command, generated from its row.
 *
 * @param spec The command's row.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { commandHelp } from "./report.ts";
 * import { findCommand } from "./commands.ts";
 * console.assert(commandHelp(findCommand("run")!).includes("--allow-run"));
 * ```
 */
export function commandHelp(spec: CommandSpec): string {
  const out = [
    `Usage: everyhook ${spec.name} ${wrap(spec.usage, WIDTH - 17 - spec.name.length, "  ")}`,
    "",
    wrap(spec.summary, WIDTH, ""),
  ];
  const options = [...spec.options, { flag: "-h, --help", text: "this text" }];
  out.push("", "Options:");
  const pad = Math.max(...options.map((o) => o.flag.length)) + 2;
  for (const o of options) {
    out.push(`  ${o.flag.padEnd(pad)}${wrap(o.text, WIDTH - pad - 2, " ".repeat(pad + 2))}`);
  }
  const flags = spec.permissions.map((p) => `--allow-${p}`).join(" ");
  out.push("", `Permissions under deno run: ${flags === "" ? "none" : flags}`);
  return `${out.join("\n")}\n`;
}

/**
 * An answer in a few words, such as `deny: Not on main` or `no opinion`.
 *
 * @param answer The answer.
 * @returns The words.
 *
 * @example Usage
 * ```ts
 * import { answerSummary } from "./report.ts";
 * console.assert(answerSummary({}) === "no opinion");
 * ```
 */
export function answerSummary(answer: HookAnswer): string {
  const parts: string[] = [];
  if (answer.decision) {
    parts.push(answer.reason ? `${answer.decision}: ${answer.reason}` : answer.decision);
  }
  if (answer.context !== undefined) parts.push(`context: ${answer.context}`);
  if (answer.message !== undefined) parts.push(`message: ${answer.message}`);
  if (answer.input !== undefined) parts.push(`input: ${JSON.stringify(answer.input)}`);
  return parts.length === 0 ? "no opinion" : parts.join("; ");
}

const EFFECT_WORDS: Readonly<Record<Effect, string>> = {
  blocked: "the action is blocked",
  asked: "the person is asked",
  approved: "the action is approved",
  rewritten: "the tool runs with the hook's input",
  feedback: "the model is told after the fact",
  "sent-back": "the agent goes back to work",
  context: "the context is added",
  message: "a message is shown to the person",
  ended: "the run ends",
  none: "nothing changes",
};

/**
 * What an agent does, in words.
 *
 * @param effects The effects, the main one first.
 * @returns The words.
 *
 * @example Usage
 * ```ts
 * import { effectWords } from "./report.ts";
 * console.assert(effectWords(["blocked"]) === "the action is blocked");
 * ```
 */
export function effectWords(effects: readonly Effect[]): string {
  return effects.map((e) => EFFECT_WORDS[e]).join(", ");
}

/**
 * A `run` result as a few lines for a person: what the hook said, what is
 * printed for the agent, and what the agent does.
 *
 * @param result The result.
 * @param indent The indent of every line.
 * @returns The text.
 *
 * @example Usage
 * ```ts ignore
 * import { runSummary } from "./report.ts";
 * console.log(runSummary(result, "  "));
 * ```
 */
export function runSummary(result: RunResult, indent: string): string {
  const hook = result.failure
    ? `failed (${result.failure.kind}): ${result.failure.detail}`
    : answerSummary(result.answer);
  const printed = result.native.stdout === "" ? "nothing" : result.native.stdout;
  const lines = [
    `the hook: ${hook}`,
    `printed:  ${printed} (exit ${result.native.exit})`,
    `so:       ${effectWords(result.effects)}`,
    ...result.notes.map((n) => `note:     ${n}`),
  ];
  return lines.map((l) => `${indent}${l}`).join("\n");
}

/** One case of the demo: an agent, a payload, and what `run` made of it. */
export interface DemoCase {
  /** The agent's id. */
  agent: string;
  /** The agent's name. */
  agentName: string;
  /** The fixture's variant, such as `shell-force-push`. */
  variant: string;
  /** Where the payload comes from: a recorded fixture, or the embedded default. */
  source: string;
  /** The shell command the payload asks for. */
  command: string;
  /** What `run` did. */
  result: RunResult;
}

/** What `demo` shows. */
export interface DemoReport {
  /** False when the hook failed for some case. */
  ok: boolean;
  /** The hook that was run. */
  hook: string;
  /** Every case, agent by agent. */
  cases: DemoCase[];
}

/**
 * The demo as text.
 *
 * @param report What the demo found.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import { renderDemo } from "./report.ts";
 * console.assert(renderDemo({ ok: true, hook: "h.ts", cases: [] }).startsWith("everyhook demo"));
 * ```
 */
export function renderDemo(report: DemoReport): string {
  const name = report.hook.split(/[\\/]/).pop() ?? report.hook;
  const out = [`everyhook demo: ${name} put through the adapter of every agent`, ""];
  let agent = "";
  for (const c of report.cases) {
    if (c.agent !== agent) {
      if (agent !== "") out.push("");
      agent = c.agent;
      out.push(`${c.agentName} (${c.agent})`);
    }
    out.push(`  $ ${c.command}    [${c.source}]`, runSummary(c.result, "    "));
  }
  out.push(
    "",
    "Every agent got its own JSON, and everyhook answered each in the form that agent understands.",
  );
  return `${out.join("\n")}\n`;
}

/**
 * The demo as the JSON document `demo --json` prints.
 *
 * @param report What the demo found.
 * @returns `{ ok, hook, results [ { agent, variant, source, command, answer, effect, effects, failure, native, hook, notes } ] }`.
 *
 * @example Usage
 * ```ts
 * import { demoDocument } from "./report.ts";
 * console.assert(demoDocument({ ok: true, hook: "h.ts", cases: [] }).results.length === 0);
 * ```
 */
export function demoDocument(report: DemoReport): {
  ok: boolean;
  hook: string;
  results: Array<Record<string, unknown>>;
} {
  return {
    ok: report.ok,
    hook: report.hook,
    results: report.cases.map((c) => ({
      agent: c.agent,
      variant: c.variant,
      source: c.source,
      command: c.command,
      answer: c.result.answer,
      effect: c.result.effect,
      effects: c.result.effects,
      failure: c.result.failure,
      native: { stdout: c.result.native.stdout, exit: c.result.native.exit },
      hook: { status: c.result.hook.status, exit: c.result.hook.exit, ms: c.result.hook.ms },
      notes: c.result.notes,
    })),
  };
}
