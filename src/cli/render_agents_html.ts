/**
 * The compatibility page, `everyhook explain --html` (docs/agents.html): the
 * agents by the contract's events and by the hook's answers, as tables a person
 * scans, read from the same tables as `explain` (the agents' cells, through
 * explainEvent and differences). Every cell carries its basis, `[binary]` with
 * the recorded case (listed at the end of the page, from fixtures/conformance/)
 * or `[docs]` with the agent's reference; notes open under the cell
 * (details/summary) and show on hover (title). One file: its style is inline,
 * it fetches nothing and runs no script; narrow screens scroll the tables
 * sideways, and print opens every note.
 *
 * @module
 */

import type { Agent, Basis } from "../agents/types.ts";
import { ANSWER_PARTS } from "../agents/types.ts";
import { effectToneOfWords } from "../agents/effect_words.ts";
import type { ConformanceFile } from "../contract/conformance.ts";
import { outcomeText } from "../contract/conformance.ts";
import { type ContractEvent, EVENTS } from "../contract/contract.ts";
import { printedText } from "../contract/printed.ts";
import { differences, type ExplainCell, explainEvent } from "../readers/explain.ts";

/** What the page is made of. */
export interface AgentsPageInput {
  /** The agents, in column order. */
  agents: readonly Agent[];
  /** The recorded conformance files. */
  conformance: readonly ConformanceFile[];
  /** The paths of the payloads recorded from a real binary, such as `fixtures/codex/pre-tool.shell-force-push.json`. */
  fixtures: readonly string[];
  /** everyhook's version, for the page's foot. */
  version: string;
}

/** A text made safe for HTML, in an element or in an attribute. */
function esc(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function caseAnchor(agent: string, id: string): string {
  return `case-${slug(agent)}-${slug(id)}`;
}

/** A basis as its badge, and the line that says where it comes from. */
function badge(
  agent: Agent,
  basis: ExplainCell["basis"],
  conformance: ConformanceFile | undefined,
): { badge: string; where: string } {
  if (basis.kind === "docs") {
    return {
      badge: `<a class="badge docs" href="${esc(basis.ref)}" title="${
        esc(`${agent.name}'s reference: ${basis.ref}`)
      }">[docs]</a>`,
      where: `From ${agent.name}'s reference: <a href="${esc(basis.ref)}">${esc(basis.ref)}</a>`,
    };
  }
  if (basis.kind === "binary") {
    const recorded = conformance?.cases.find((c) => c.id === basis.case);
    const title = conformance
      ? `recorded with ${agent.name} ${conformance.version}: ${basis.case}`
      : `recorded with ${agent.name}: ${basis.case}`;
    const href = recorded ? ` href="#${caseAnchor(agent.id, basis.case)}"` : "";
    return {
      badge: `<a class="badge binary"${href} title="${esc(title)}">[binary]</a>`,
      where: `A recorded run of the binary: <code>${esc(basis.case)}</code>`,
    };
  }
  return {
    badge: `<span class="badge none" title="nothing recorded or documented">[-]</span>`,
    where: "Nothing recorded or documented",
  };
}

/** One cell: what it says, its badge, and what opens under it. */
function cell(
  summary: string,
  mark: { badge: string; where: string },
  more: readonly string[],
  title: string,
  css: string,
): string {
  const body = [...more, `<p class="where">${mark.where}</p>`].join("");
  return `<td class="${css}" title="${
    esc(title)
  }"><details><summary>${summary} ${mark.badge}</summary>${body}</details></td>`;
}

function head(agents: readonly Agent[], corner: string): string {
  const cols = agents.map((a) =>
    `<th scope="col" data-agent="${esc(a.id)}">${esc(a.name)}${
      a.recorded ? "" : ' <span class="docs-only">docs only</span>'
    }</th>`
  ).join("");
  return `<thead><tr><th scope="col">${esc(corner)}</th>${cols}</tr></thead>`;
}

/** The event's basis: a recorded payload of it, else a recorded cell of it, else the docs. */
function eventBasis(agent: Agent, event: ContractEvent, fixtures: readonly string[]): Basis {
  const payload = fixtures.find((f) => f.startsWith(`fixtures/${agent.id}/${event}.`));
  if (payload) return { kind: "binary", case: payload };
  const cells = Object.values(agent.events[event]?.cells ?? {});
  const recorded = cells.find((c) => c.basis.kind === "binary");
  return recorded?.basis ?? { kind: "docs", ref: agent.docs };
}

function eventsTable(input: AgentsPageInput): string {
  const { agents, conformance, fixtures } = input;
  const rows = EVENTS.map((event) => {
    const cells = agents.map((agent) => {
      const c = conformance.find((f) => f.agent === agent.id);
      const e = agent.events[event];
      if (!e) {
        const mark = badge(agent, { kind: "docs", ref: agent.docs }, c);
        return cell(
          `<span class="absent">none</span>`,
          mark,
          [`<p>${esc(agent.name)} has no event everyhook reads as ${esc(event)}.</p>`],
          `${agent.name}: no ${event} event`,
          "absent",
        );
      }
      const mark = badge(agent, eventBasis(agent, event, fixtures), c);
      return cell(
        `<code>${esc(e.native)}</code>`,
        mark,
        [`<p>${esc(e.info)}</p>`],
        `${agent.name}, ${e.native}: ${e.info}`,
        "event",
      );
    }).join("");
    return `<tr><th scope="row"><a href="#answers-${event}">${event}</a></th>${cells}</tr>`;
  }).join("\n");
  return `<table id="events-table" class="grid">${
    head(agents, "event")
  }<tbody>\n${rows}\n</tbody></table>`;
}

function answersTable(input: AgentsPageInput, event: ContractEvent): string {
  const { agents, conformance } = input;
  const rows = ANSWER_PARTS.map((part) => {
    const cells = agents.map((agent) => {
      const c = conformance.find((f) => f.agent === agent.id);
      const e = explainEvent(agent, event);
      const a = e?.answers.find((x) => x.answer === part);
      if (!e || !a) {
        return cell(
          `<span class="absent">no such event</span>`,
          badge(agent, { kind: "docs", ref: agent.docs }, c),
          [],
          `${agent.name}: no ${event} event`,
          "absent",
        );
      }
      const printed = printedText(a.native);
      const exit = a.exit === 0 ? "" : ` (exit ${a.exit})`;
      const more = [
        `<pre>${esc(printed)}${esc(exit)}</pre>`,
        ...a.notes.map((n) => `<p class="note">${esc(n)}</p>`),
      ];
      const title = [`${agent.name}, ${e.native}: ${a.effect}`, ...a.notes].join(". ");
      const css = `answer ${a.effect === "dropped" ? "dropped" : effectToneOfWords(a.effect)}`;
      return cell(esc(a.effect), badge(agent, a.basis, c), more, title, css);
    }).join("");
    const label = part === "none" ? "no opinion" : part;
    return `<tr><th scope="row">${label}</th>${cells}</tr>`;
  }).join("\n");
  return `<table id="answers-${event}-table" class="grid answers" data-event="${event}">${
    head(agents, `${event}: the answer`)
  }<tbody>\n${rows}\n</tbody></table>`;
}

function differencesTable(input: AgentsPageInput): string {
  const { agents, conformance } = input;
  const rows = differences(agents, conformance).map((row) => {
    const cells = agents.map((agent) => {
      const x = row.cells[agent.id]!;
      const c = conformance.find((f) => f.agent === agent.id);
      const short = x.text.length > 90 ? `${x.text.slice(0, 88)}…` : x.text;
      const more = short === x.text ? [] : [`<p>${esc(x.text)}</p>`];
      return cell(esc(short), badge(agent, x.basis, c), more, x.text, "fact");
    }).join("");
    return `<tr id="row-${esc(row.id)}"><th scope="row">${esc(row.title)}</th>${cells}</tr>`;
  }).join("\n");
  return `<table id="differences-table" class="grid">${
    head(agents, "question")
  }<tbody>\n${rows}\n</tbody></table>`;
}

function casesSection(input: AgentsPageInput): string {
  return input.conformance.map((file) => {
    const agent = input.agents.find((a) => a.id === file.agent);
    const rows = file.cases.map((c) =>
      `<tr id="${caseAnchor(file.agent, c.id)}"><th scope="row"><code>${esc(c.id)}</code></th><td>${
        esc(c.nativeEvent)
      }</td><td>${esc(outcomeText(c))}</td></tr>`
    ).join("\n");
    return `<details class="cases"><summary>${esc(agent?.name ?? file.agent)} ${
      esc(file.version)
    } (${esc(file.os)}, ${esc(file.date)}): ${file.cases.length} cases</summary>
<table class="case-list"><thead><tr><th scope="col">case</th><th scope="col">event</th><th scope="col">what the binary did</th></tr></thead><tbody>
${rows}
</tbody></table></details>`;
  }).join("\n");
}

const STYLE = `
:root{color-scheme:light;--line:#c9ccd1;--head:#f1f3f5;--row:#fafbfc}
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:1rem;color:#1b1f24;background:#fff}
h1{font-size:1.4rem;margin:.2rem 0 .5rem}h2{font-size:1.15rem;margin:1.6rem 0 .4rem}h3{font-size:1rem;margin:1.1rem 0 .3rem}
p{margin:.3rem 0;max-width:48rem}
nav a{margin-right:.8rem}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;border:1px solid var(--line);max-width:100%}
table.grid{border-collapse:separate;border-spacing:0;font-size:.8rem;min-width:100%}
.grid th,.grid td{border-right:1px solid var(--line);border-bottom:1px solid var(--line);padding:.3rem .4rem;vertical-align:top;text-align:left}
.grid td{min-width:7.5rem;max-width:15rem}
.grid thead th{background:var(--head);position:sticky;top:0;z-index:1}
.grid tbody th{background:var(--row);position:sticky;left:0;min-width:6.5rem;max-width:11rem;font-weight:600}
.grid thead th:first-child{left:0;z-index:2}
summary{cursor:pointer;list-style-position:inside}
details p,details pre{margin:.3rem 0 0}
pre{white-space:pre-wrap;word-break:break-word;font:.72rem/1.35 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;padding:.3rem;border-radius:3px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.95em}
.badge{display:inline-block;font:600 .68rem/1.3 ui-monospace,SFMono-Regular,Menlo,monospace;padding:0 .2rem;border-radius:3px;text-decoration:none;white-space:nowrap}
.badge.binary{background:#d8f0de;color:#0f5323}.badge.docs{background:#dfe8fa;color:#173d7a}.badge.none{background:#eceef0;color:#4a4f55}
td.blocked{background:#fdeeee}td.asked{background:#fff6e0}td.approved{background:#eaf6ec}td.dropped,td.absent{background:#f4f4f5;color:#555}
.docs-only{display:block;font-weight:400;font-size:.7rem;color:#555}
.note{color:#3d4249}.where{color:#555;font-size:.72rem}
.legend .badge{margin:0 .15rem}
.cases{margin:.3rem 0}.case-list{border-collapse:collapse;font-size:.78rem;margin:.3rem 0}
.case-list th,.case-list td{border:1px solid var(--line);padding:.2rem .4rem;text-align:left;vertical-align:top}
footer{margin-top:2rem;color:#555;font-size:.8rem}
@media (max-width:640px){body{padding:.5rem;font-size:14px}.grid td{min-width:8rem}.grid tbody th{min-width:5.5rem}}
@media print{
  body{padding:0;font-size:9pt}.scroll{overflow:visible;border:0}
  .grid thead th,.grid tbody th{position:static}
  .grid td{max-width:none;min-width:0}
  details>*{display:block}
  details::details-content{content-visibility:visible;display:contents}
  summary{list-style:none}
  a{color:inherit;text-decoration:none}
  tr{break-inside:avoid}h2,h3{break-after:avoid}
  nav{display:none}
}
`;

/**
 * The compatibility page.
 *
 * @param input The agents, the recordings and the version.
 * @returns One HTML document, with nothing to fetch and no script.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentsPage } from "./render_agents_html.ts";
 * import { AGENTS } from "../agents/mod.ts";
 * const html = agentsPage({ agents: AGENTS, conformance: [], fixtures: [], version: "0.0.0" });
 * assert.match(html, /^<!doctype html>/);
 * assert.doesNotMatch(html, /<script|<link |src="http/);
 * ```
 */
export function agentsPage(input: AgentsPageInput): string {
  const recorded = input.conformance.map((c) => {
    const a = input.agents.find((x) => x.id === c.agent);
    return `${a?.name ?? c.agent} ${c.version}`;
  }).join(", ");
  const docsOnly = input.agents.filter((a) => !a.recorded).map((a) => a.name).join(", ");
  const sections = EVENTS.map((event) =>
    `<h3 id="answers-${event}">${event}</h3>\n<div class="scroll">${
      answersTable(input, event)
    }</div>`
  ).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>everyhook: what each coding agent does with a hook</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>What each coding agent does with a hook</h1>
<p>One hook, written once for everyhook's contract, runs in every agent below. These tables say what each event is called in each agent and what each answer of the hook becomes there. They are made from the same tables as <code>everyhook explain</code>.</p>
<p class="legend">Every cell says what it rests on: <span class="badge binary">[binary]</span> a recorded run of the agent's real binary (the case is listed at the end of the page), <span class="badge docs">[docs]</span> the agent's reference (the badge links to it). Open a cell for the exact output everyhook prints and the notes; hover over it for the same in short.</p>
<p>Recorded here: ${esc(recorded || "nothing yet")}. ${
    docsOnly ? `${esc(docsOnly)}: docs only, no binary was run.` : ""
  }</p>
<nav><a href="#events">Events</a><a href="#answers">Answers</a><a href="#differences">Differences</a><a href="#cases">Recorded cases</a></nav>
</header>
<main>
<section id="events">
<h2>Agents × events</h2>
<p>The agent's own name for each of the contract's events; <em>none</em> where the agent has no such event (install skips it there).</p>
<div class="scroll">${eventsTable(input)}</div>
</section>
<section id="answers">
<h2>Agents × answers</h2>
<p>What the agent does with each answer of the hook, event by event: <em>deny</em>, <em>ask</em>, <em>allow</em>, added <em>context</em>, a <em>message</em> to the person, a rewritten <em>input</em>, or no opinion.</p>
${sections}
</section>
<section id="differences">
<h2>How the agents differ</h2>
<p>The rows of <code>everyhook explain</code>.</p>
<div class="scroll">${differencesTable(input)}</div>
</section>
<section id="cases">
<h2>Recorded cases</h2>
<p>What each binary did with each raw output of a hook, from <code>fixtures/conformance/</code>.</p>
${casesSection(input)}
</section>
</main>
<footer>everyhook ${
    esc(input.version)
  }: <code>everyhook explain --html</code> prints this page.</footer>
</body>
</html>
`;
}
