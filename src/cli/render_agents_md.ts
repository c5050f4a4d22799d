/**
 * The agents page in Markdown (docs/agents.md, written by `deno task docs`):
 * who each agent is, what its statements rest on, its names for the
 * contract's events, and what each answer becomes before a tool, read from
 * the same tables as `explain` and the compatibility page
 * (render_agents_html.ts, which has every event).
 *
 * @module
 */

import type { Agent, Basis } from "../agents/types.ts";
import { ANSWER_PARTS } from "../agents/types.ts";
import { EVENTS } from "../contract/contract.ts";
import { explainEvent } from "../readers/explain.ts";
import type { AgentsPageInput } from "./render_agents_html.ts";

/** A cell's text made safe inside a Markdown table. */
function cellText(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

function mark(basis: Basis | { kind: "none" }): string {
  if (basis.kind === "docs") return `[[docs]](${basis.ref})`;
  if (basis.kind === "binary") return `[binary] \`${cellText(basis.case)}\``;
  return "[-]";
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  return [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");
}

/**
 * The agents page in Markdown.
 *
 * @param input The agents, the recordings and the recorded payloads, as for the HTML page.
 * @returns The page.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentsMarkdown } from "./render_agents_md.ts";
 * import { AGENTS } from "../agents/mod.ts";
 * const md = agentsMarkdown({ agents: AGENTS, conformance: [], fixtures: [], version: "0.0.0" });
 * assert.match(md, /^# The agents/);
 * assert.match(md, /\| Claude Code \|/);
 * ```
 */
export function agentsMarkdown(input: AgentsPageInput): string {
  const { agents, conformance, fixtures } = input;
  const who = agents.map((a) => {
    const c = conformance.find((f) => f.agent === a.id);
    const payloads = fixtures.filter((f) => f.startsWith(`fixtures/${a.id}/`)).length;
    const names = [a.id, ...a.aliases].map((n) => `\`${n}\``).join(", ");
    const recorded = c
      ? `${c.version}, ${c.os}, ${c.date}: ${payloads} payloads, ${c.cases.length} raw outputs`
      : "not run here: docs only";
    return [a.name, names, recorded, `[reference](${a.docs})`];
  });
  const short = (a: Agent) => a.name.replace(/^GitHub /, "");
  const events = EVENTS.map((event) => [
    `\`${event}\``,
    ...agents.map((a) => {
      const e = a.events[event];
      if (!e) return `none ${mark({ kind: "docs", ref: a.docs })}`;
      const payload = fixtures.find((f) => f.startsWith(`fixtures/${a.id}/${event}.`));
      const basis: Basis = payload
        ? { kind: "binary", case: payload.replace(/^fixtures\//, "") }
        : { kind: "docs", ref: a.docs };
      return `\`${e.native}\` ${mark(basis)}`;
    }),
  ]);
  const answers = ANSWER_PARTS.map((part) => [
    part === "none" ? "no opinion" : part,
    ...agents.map((a) => {
      const answer = explainEvent(a, "pre-tool")?.answers.find((x) => x.answer === part);
      return answer ? `${cellText(answer.effect)} ${mark(answer.basis)}` : "no such event";
    }),
  ]);
  return `# The agents

<!-- Written by \`deno task docs\` from the same tables as \`everyhook explain\`: do not edit by hand. -->

Every statement below rests on a recorded run of the agent's real binary (\`[binary]\`, with the
recorded case or payload) or on the agent's reference (\`[docs]\`, linked). The
[compatibility page](agents.html) (\`everyhook explain --html\`) has every event and every answer,
with the exact output everyhook prints and the notes; \`everyhook explain\` has the same in the
terminal. What was and was not verified is in [verified.md](verified.md).

${table(["agent", "names on the command line", "recorded here", "its reference"], who)}

## Their names for the contract's events

${table(["event", ...agents.map(short)], events)}

## What each answer becomes before a tool (\`pre-tool\`)

${table(["answer", ...agents.map(short)], answers)}
`;
}
