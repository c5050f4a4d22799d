/**
 * `bench` as text: the results grouped by agent, in columns as wide as the
 * longest event and fixture name, then a summary (documents, answers by kind,
 * crashes and other failures, the slowest run). Not on `run`'s path.
 *
 * @module
 */

import type { BenchResult } from "../readers/bench.ts";
import { answerSummary } from "./report.ts";
import { effectWords } from "../agents/effect_words.ts";
import type { Paint } from "./colour.ts";
import type { HookAnswer } from "../contract/contract.ts";
import { isBroken } from "../run/hook_broken.ts";

const PLAIN: Paint = {
  bad: (t) => t,
  warn: (t) => t,
  good: (t) => t,
  dim: (t) => t,
  bold: (t) => t,
  decision: (t) => t,
};

/** What bench's results add up to. */
export interface BenchSummary {
  /** How many documents were put to the hook. */
  documents: number;
  /**
   * Answers by kind: deny, ask, allow, input, context, message, no opinion, and
   * broken (a hook that does not load answers nothing of its own) or failed.
   */
  answers: Record<string, number>;
  /** How many runs crashed, broken ones included. */
  crashes: number;
  /** Why the hook is broken (could not start or does not load), each reason once. */
  broken: string[];
  /** How many runs failed another way (start, timeout, invalid output, exit at a stop). */
  failures: number;
  /** The slowest run, or null when there was none. */
  slowest: { agent: string; event: string; variant: string; ms: number } | null;
}

/**
 * Add up bench's results.
 *
 * @param results The results.
 * @returns The summary.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { benchSummary } from "./render_bench.ts";
 * assert(benchSummary([]).documents === 0);
 * ```
 */
export function benchSummary(results: readonly BenchResult[]): BenchSummary {
  const answers: Record<string, number> = {};
  let crashes = 0;
  let failures = 0;
  const broken = new Set<string>();
  let slowest: BenchSummary["slowest"] = null;
  for (const r of results) {
    const failure = r.result.failure;
    const kind = isBroken(failure)
      ? "broken"
      : failure && failure.kind !== "crash" && r.result.answer.decision === undefined
      ? "failed"
      : answerKind(r.result.answer);
    answers[kind] = (answers[kind] ?? 0) + 1;
    if (failure && isBroken(failure)) {
      crashes++;
      broken.add(failure.detail.replace(/ \(at a stop only exit 2 sends the agent back\)$/, ""));
    } else if (failure?.kind === "crash") crashes++;
    else if (failure && failure.kind !== "input") failures++;
    if (slowest === null || r.result.hook.ms > slowest.ms) {
      slowest = { agent: r.agent, event: r.event, variant: r.variant, ms: r.result.hook.ms };
    }
  }
  return { documents: results.length, answers, crashes, broken: [...broken], failures, slowest };
}

/** What an answer is, for the summary: its decision, else what it carries. */
function answerKind(answer: HookAnswer): string {
  if (answer.decision !== undefined) return answer.decision;
  if (answer.input !== undefined) return "input";
  if (answer.context !== undefined) return "context";
  if (answer.message !== undefined) return "message";
  return "no opinion";
}

/**
 * Render bench results as text, grouped by agent, with a summary at the end.
 *
 * @param hook The hook as named.
 * @param results The results.
 * @param paint Colours (none by default).
 * @param warnings Warnings about the hook, printed under the title.
 * @param fates What each agent does with the hook when it is broken, printed
 *   after the summary (only when a run found it broken).
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderBench } from "./render_bench.ts";
 * assert(renderBench("h.ts", []).startsWith("everyhook bench h.ts"));
 * ```
 */
export function renderBench(
  hook: string,
  results: readonly BenchResult[],
  paint: Paint = PLAIN,
  warnings: readonly string[] = [],
  fates: readonly string[] = [],
): string {
  const lines = [
    paint.bold(`everyhook bench ${hook}`),
    ...warnings.map((w) => `${paint.warn("Warning:")} ${w}`),
  ];
  const eventWidth = Math.max(0, ...results.map((r) => r.event.length));
  const variantWidth = Math.max(0, ...results.map((r) => r.variant.length));
  let last = "";
  for (const r of results) {
    const head = `${r.agent} ${r.version}  ${
      r.source === "documented" ? "documented, not recorded" : `recorded ${r.date}, ${r.os}`
    }`;
    if (head !== last) {
      lines.push("", paint.bold(head));
      last = head;
    }
    const failure = r.result.failure;
    const said = failure
      ? paint.bad(`${failure.kind} (${failure.detail})`)
      : paint.decision(answerSummary(r.result.answer));
    lines.push(`  ${r.event.padEnd(eventWidth)}  ${r.variant.padEnd(variantWidth)}  ${said}`);
    const spoken = r.result.spoken;
    if (spoken) lines.push(...spokenLines(r, spoken).map((l) => paint.dim(l)));
    lines.push(
      paint.dim(
        `      so: ${effectWords(r.result.effects)}${
          r.result.notes.length > 0 ? ` (${r.result.notes.join("; ")})` : ""
        }`,
      ),
    );
    lines.push(
      paint.dim(
        `      ${r.result.native.stdout === "" ? "(nothing printed)" : r.result.native.stdout}${
          r.result.native.exit !== 0 ? ` exit ${r.result.native.exit}` : ""
        }`,
      ),
    );
  }
  const summary = benchSummary(results);
  lines.push("", summaryLine(summary, paint));
  if (summary.broken.length > 0) {
    for (const why of summary.broken) {
      lines.push(
        `${paint.bad("The hook is broken:")} ${
          why.replace(/\.$/, "")
        }. It never ran, so it guards nothing.`,
      );
    }
    lines.push(...fates.map((f) => `  ${f}`));
  }
  return lines.join("\n") + "\n";
}

/** What a `--speaks` hook was given and printed: the payload, or why it was not called. */
function spokenLines(
  r: BenchResult,
  spoken: NonNullable<BenchResult["result"]["spoken"]>,
): string[] {
  if (!spoken.called) return [`      not called: ${spoken.why ?? ""}`];
  const p = spoken.payload ?? {};
  const tool = typeof p.tool_name === "string"
    ? ` ${p.tool_name} ${cut(JSON.stringify(p.tool_input))}`
    : "";
  const h = r.result.hook;
  const out = [
    h.stdout.trim() === "" ? "" : ` stdout ${cut(h.stdout.trim())}`,
    h.stderr.trim() === "" ? "" : ` stderr ${cut(h.stderr.trim())}`,
  ].join("");
  return [
    `      ${spoken.agent} hook got: ${spoken.nativeEvent ?? ""}${tool}`,
    `      it printed: exit ${h.exit ?? "-"}${out}`,
  ];
}

function cut(text: string): string {
  const one = text.replace(/\s+/g, " ");
  return one.length > 90 ? `${one.slice(0, 87)}...` : one;
}

function summaryLine(s: BenchSummary, paint: Paint): string {
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
  const order = [
    "deny",
    "ask",
    "allow",
    "input",
    "context",
    "message",
    "no opinion",
    "broken",
    "failed",
  ];
  const kinds = Object.entries(s.answers).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([k, n]) => paint.decision(`${k} ${n}`)).join(", ");
  const parts = [`${plural(s.documents, "document")}: ${kinds || "no answers"}`];
  const crashes = plural(s.crashes, "crash").replace(/crashs$/, "crashes");
  parts.push(s.crashes > 0 ? paint.bad(crashes) : crashes);
  if (s.failures > 0) parts.push(paint.bad(plural(s.failures, "other failure")));
  if (s.slowest) {
    parts.push(
      `slowest ${s.slowest.ms} ms (${s.slowest.agent} ${s.slowest.event} ${s.slowest.variant})`,
    );
  }
  return parts.join("; ");
}
