/**
 * `demo`'s result as text and as the `--json` document.
 *
 * @module
 */

import type { RunResult } from "../run/run.ts";
import { runSummary } from "./report.ts";
import { printed } from "../contract/printed.ts";

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
 * import assert from "node:assert/strict";
 * import { renderDemo } from "./render_demo.ts";
 * assert(renderDemo({ ok: true, hook: "h.ts", cases: [] }).startsWith("everyhook demo"));
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
 * import assert from "node:assert/strict";
 * import { demoDocument } from "./render_demo.ts";
 * assert(demoDocument({ ok: true, hook: "h.ts", cases: [] }).results.length === 0);
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
      native: {
        stdout: c.result.native.stdout,
        exit: c.result.native.exit,
        printed: printed(c.result.native.stdout),
      },
      hook: { status: c.result.hook.status, exit: c.result.hook.exit, ms: c.result.hook.ms },
      notes: c.result.notes,
    })),
  };
}
