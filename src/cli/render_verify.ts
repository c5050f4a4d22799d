/**
 * verify's text: what will run before the agents start, and the report after.
 *
 * @module
 */

import type { Paint } from "./colour.ts";
import type { AgentVerdict, VerifyReport } from "../verify/verify.ts";
import type { EntryReport } from "../verify/report.ts";
import { printedText } from "../contract/printed.ts";
import type { PlannedEntry } from "../verify/consent.ts";

const MARK: Readonly<Record<EntryReport["status"], (p: Paint) => string>> = {
  "fired": (p) => p.good("fired"),
  "not-fired": (p) => p.bad("NOT FIRED"),
  "not-reached": (p) => p.dim("not reached"),
  "not-observed": (p) => p.dim("not observed"),
};

function cut(text: string, n = 160): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

function entryLines(e: EntryReport, paint: Paint, short: (p: string) => string): string[] {
  const matcher = e.matcher ? ` matcher ${e.matcher}` : "";
  const out = [
    `  ${
      e.broken === undefined
        ? MARK[e.status](paint)
        : paint.bad(`fired, broken: ${cut(e.broken, 120)}`)
    }  ${e.event}${matcher}  ${e.ours ? paint.good("[everyhook] ") : ""}${short(e.file)}`,
    `      ${cut(e.command ?? "(no command)")}`,
  ];
  for (const c of e.calls) {
    const ms = c.ms === null ? "?" : `${c.ms} ms`;
    const exit = c.exit === null ? "stopped by the agent" : `exit ${c.exit}`;
    const answer = c.answer.kind === "nothing"
      ? "answered nothing"
      : `answered ${cut(printedText(c.answer), 120)}`;
    const seen = c.reachedModel !== null
      ? `; reached the model: ${JSON.stringify(cut(c.reachedModel, 80))}`
      : c.answer.kind === "nothing" && c.stderr === ""
      ? ""
      : "; none of it reached the model";
    const step = c.step === null ? "" : ` (${c.step})`;
    out.push(`      ${c.payloadEvent ?? "call"}${step}: ${ms}, ${exit}, ${answer}${seen}`);
    if (c.stderr !== "") out.push(`      stderr: ${cut(c.stderr, 120)}`);
  }
  if (e.reason) out.push(`      ${paint.warn("why:")} ${short(e.reason)}`);
  return out;
}

function agentLines(v: AgentVerdict, paint: Paint, short: (p: string) => string): string[] {
  if (v.run.kind === "not-run") {
    return [`${paint.bold(v.name)}: not run: ${v.run.reason}`];
  }
  const r = v.run;
  const exit = r.exit === null ? "stopped at verify's time limit" : `exit ${r.exit}`;
  const out = [
    `${paint.bold(v.name)}: ${v.ok ? paint.good("ok") : paint.bad("not ok")} (${short(r.binary)}, ${
      (r.ms / 1000).toFixed(1)
    } s, ${exit}; the harmless command ${r.commandRan ? "ran" : "did not run"})`,
  ];
  if (r.tail) out.push(`  the agent's last lines: ${cut(r.tail, 300)}`);
  if (r.asReviewed) {
    out.push(
      paint.warn("  --as-reviewed: Codex CLI's hook review was off for this run (the copy only)"),
    );
  }
  if (v.steps.length > 0) out.push("  steps:");
  for (const s of v.steps) {
    const state = s.status === "done"
      ? paint.good("done")
      : s.status === "cannot"
      ? paint.dim("cannot")
      : paint.warn("not done");
    const tool = s.tool ? ` ${s.tool}` : "";
    const events = s.events.length === 0 ? "" : `; reached ${s.events.join(", ")}`;
    const fired = s.status === "done"
      ? `; ${
        s.fired.length === 0
          ? "no hook fired"
          : `fired: ${s.fired.map((i) => `#${i + 1}`).join(" ")}`
      }`
      : "";
    out.push(`    ${state}  ${s.name}${tool}${events}${fired}${s.why ? ` (${s.why})` : ""}`);
  }
  const done = v.steps.filter((s) => s.status === "done");
  if (done.length > 0) {
    const events = [...new Set(done.flatMap((s) => s.events))];
    const kinds = [...new Set(done.flatMap((s) => s.kind === null ? [] : [s.kind]))];
    out.push(
      `  reached: ${events.join(", ")}; tool kinds: ${
        kinds.length === 0 ? "none" : kinds.join(", ")
      }`,
    );
  }
  v.entries.forEach((e, i) => {
    const lines = entryLines(e, paint, short);
    lines[0] = lines[0]!.replace(/^ {2}/, `  #${i + 1} `);
    out.push(...lines);
  });
  for (const h of v.holes) {
    out.push(
      `  ${paint.bad("HOLE")} #${h.entry + 1}: ${h.text}`,
      `      ${paint.warn("fix:")} ${h.fix}`,
    );
  }
  for (const a of v.adjustments) out.push(paint.dim(`  adjusted in the copy: ${short(a)}`));
  return out;
}

/**
 * The report as text.
 *
 * @param report The report.
 * @param paint The colours.
 * @param home The user's home, shown as `~`.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderVerify } from "./render_verify.ts";
 * import { paintFor } from "./colour.ts";
 * import { memoryIo } from "./io.ts";
 * const text = renderVerify({ everyhook: 1, ok: true, project: "/p", loopbackOnly: false, agents: [
 *   { agent: "cursor", name: "Cursor", run: { kind: "not-run", reason: "no driver" }, ok: true, entries: [], steps: [], holes: [], adjustments: [] },
 * ] }, paintFor(memoryIo()), "/h");
 * assert(text.includes("Cursor: not run: no driver"));
 * ```
 */
export function renderVerify(report: VerifyReport, paint: Paint, home: string | undefined): string {
  // The home folder as ~, wherever a path names it.
  const short = (p: string) => (home ? p.replaceAll(`${home}/`, "~/") : p);
  const lines: string[] = [];
  for (const v of report.agents) lines.push(...agentLines(v, paint, short), "");
  const entries = report.agents.flatMap((v) => v.entries);
  const count = (s: EntryReport["status"]) =>
    entries.filter((e) => e.status === s && (s !== "fired" || e.broken === undefined)).length;
  const broken = entries.filter((e) => e.broken !== undefined).length;
  const ran = report.agents.filter((v) => v.run.kind === "ran").length;
  const holes = report.agents.reduce((n, v) => n + v.holes.length, 0);
  lines.push(
    `${ran} agent${ran === 1 ? "" : "s"} run${
      report.loopbackOnly
        ? " in a network namespace with loopback only"
        : " (no network namespace here: the fake model API listened on 127.0.0.1)"
    }; ${count("fired")} fired, ${broken > 0 ? `${broken} fired but broken, ` : ""}${
      count("not-fired")
    } not fired, ${count("not-reached")} not reached, ${holes} hole${holes === 1 ? "" : "s"}`,
  );
  return `${lines.join("\n")}\n`;
}

/**
 * What verify says before it starts: every hook entry that will run once
 * against a harmless command, with the file it comes from and its scope, and
 * which of them need the person's yes.
 *
 * @param planned The entries (consent.ts).
 * @param session How often and for what session they run, for people (after "will run").
 * @param home The user's home, shown as `~`.
 * @returns The text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderPlan } from "./render_verify.ts";
 * const text = renderPlan([{ kind: "entry", agentName: "Codex CLI", event: "PreToolUse", command: "guard", file: "/h/.codex/hooks.json", scope: "user", ours: false, ask: "not written by everyhook" }], "once, for a session whose one tool call is `echo hi`", "/h");
 * assert.match(text, /Codex CLI PreToolUse: guard\n +from ~\/\.codex\/hooks\.json \(user scope\); needs your yes: not written by everyhook/);
 * ```
 */
export function renderPlan(
  planned: readonly PlannedEntry[],
  session: string,
  home: string | undefined,
): string {
  const short = (p: string) => (home ? p.replaceAll(`${home}/`, "~/") : p);
  const lines = [
    `everyhook verify runs each agent below once, headless, against a fake model API on 127.0.0.1, in a temporary copy of its settings; these hook entries will run ${session}:`,
  ];
  for (const e of planned) {
    lines.push(
      e.kind === "settings"
        ? `  ${e.agentName}: the settings of a project file with no hook entry`
        : `  ${e.agentName} ${e.event}: ${cut(e.command ?? "(no command)", 120)}`,
    );
    const ask = e.ask === null ? "" : `; needs your yes: ${e.ask}`;
    lines.push(`      from ${short(e.file)} (${e.scope} scope)${ask}`);
  }
  return `${lines.join("\n")}\n`;
}
