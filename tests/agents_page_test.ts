// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * The compatibility page (`everyhook explain --html`, docs/agents.html): the
 * file in docs/ is what the command prints today, and in a real headless
 * Chromium the page shows every agent and every answer, a badge on every cell,
 * fits a phone's width (its tables scroll inside the page), and prints with
 * its notes open. The screenshot for the README is docs/agents.png, written
 * when EVERYHOOK_WRITE_DOCS=1 (scripts/docs.ts sets it).
 */
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";
import { AGENTS } from "../src/agents/mod.ts";
import { ANSWER_PARTS } from "../src/agents/types.ts";
import { EVENTS } from "../src/contract/contract.ts";
import { chromiumMissing, startChromium } from "./chromium.ts";
import { pageInput } from "../src/commands/explain.ts";
import { agentsMarkdown } from "../src/cli/render_agents_md.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const PAGE = `${ROOT}docs/agents.html`;

async function printed(): Promise<string> {
  const io = memoryIo();
  assert.equal(await main(["explain", "--html"], io), 0, io.stderrText());
  return io.stdoutText();
}

Deno.test("docs/agents.html is what everyhook explain --html prints (deno task docs writes it)", async () => {
  const file = await Deno.readTextFile(PAGE).catch(() => "(no file)");
  assert.ok(file === await printed(), "docs/agents.html is stale: run `deno task docs`");
});

Deno.test("docs/agents.md is what the agents' tables give (deno task docs writes it)", async () => {
  const file = await Deno.readTextFile(`${ROOT}docs/agents.md`).catch(() => "(no file)");
  assert.ok(
    file === agentsMarkdown(await pageInput()),
    "docs/agents.md is stale: run `deno task docs`",
  );
  for (const agent of AGENTS) assert.match(file, new RegExp(`\\| ${agent.name} \\|`));
  assert.doesNotMatch(file.split("## Their names")[1]!, /\bcursor\/[^|]*\[binary\]/i);
});

Deno.test("the page fetches nothing and runs no script", async () => {
  const html = await printed();
  assert.doesNotMatch(html, /<script|<link|<img|<iframe|@import|url\(/i);
  assert.doesNotMatch(html, /\ssrc=/i);
  assert.match(html, /<meta name="viewport" content="width=device-width/);
});

Deno.test("explain --html takes no agent, and not with --json", async () => {
  for (const args of [["explain", "codex", "--html"], ["explain", "--html", "--json"]]) {
    const io = memoryIo();
    assert.equal(await main(args, io), 2, args.join(" "));
    assert.equal(io.stdoutText().startsWith("<!doctype"), false);
  }
});

const missing = await chromiumMissing();
if (missing) console.log(`skipped: the page in headless Chromium: ${missing}`);

interface Seen {
  agents: string[];
  events: string[];
  answers: Record<string, string[]>;
  cells: number;
  unbadged: string[];
  badges: Record<string, number>;
  brokenCaseLinks: string[];
  invisibleBadges: number;
}

/** What the rendered page holds, read from its DOM in the browser. */
const READ = `(() => {
  const headers = (t) => [...t.querySelectorAll("thead th[data-agent]")].map((th) => th.dataset.agent);
  const events = document.querySelector("#events-table");
  const grids = [events, ...document.querySelectorAll("table.answers")];
  const cells = grids.flatMap((t) => [...t.querySelectorAll("tbody td")]);
  const unbadged = cells.filter((td) => {
    const b = td.querySelector("summary .badge");
    return !b || !/^\\[(binary|docs)\\]$/.test(b.textContent);
  }).map((td) => td.title);
  const badges = {};
  for (const td of cells) {
    const b = td.querySelector("summary .badge");
    if (b) badges[b.textContent] = (badges[b.textContent] ?? 0) + 1;
  }
  const brokenCaseLinks = [...document.querySelectorAll("a.badge.binary[href^='#']")]
    .filter((a) => !document.getElementById(a.getAttribute("href").slice(1)))
    .map((a) => a.getAttribute("href"));
  const invisibleBadges = [...events.querySelectorAll(".badge")]
    .filter((b) => { const r = b.getBoundingClientRect(); return r.width === 0 || r.height === 0; }).length;
  const answers = {};
  for (const t of document.querySelectorAll("table.answers")) {
    answers[t.dataset.event] = [...t.querySelectorAll("tbody th")].map((th) => th.textContent);
  }
  return {
    agents: headers(events),
    events: [...events.querySelectorAll("tbody th")].map((th) => th.textContent),
    answers, cells: cells.length, unbadged, badges, brokenCaseLinks, invisibleBadges,
  };
})()`;

Deno.test({
  name:
    "in headless Chromium the page shows every agent, event and answer, with a badge on every cell",
  ignore: missing !== undefined,
  fn: async () => {
    await using page = await startChromium(1280, 1000);
    await page.open(`file://${PAGE}`);
    const seen = await page.evaluate<Seen>(READ);
    assert.deepEqual(seen.agents, AGENTS.map((a) => a.id));
    assert.deepEqual(seen.events, [...EVENTS]);
    const answerRows = ANSWER_PARTS.map((p) => (p === "none" ? "no opinion" : p));
    for (const event of EVENTS) assert.deepEqual(seen.answers[event], answerRows, event);
    assert.equal(seen.cells, AGENTS.length * EVENTS.length * (1 + ANSWER_PARTS.length));
    assert.deepEqual(seen.unbadged, [], "cells without [binary] or [docs]");
    assert.ok((seen.badges["[binary]"] ?? 0) > 0 && (seen.badges["[docs]"] ?? 0) > 0);
    assert.deepEqual(seen.brokenCaseLinks, [], "a [binary] badge links to a case on the page");
    assert.equal(seen.invisibleBadges, 0, "every badge is drawn");
    // Cursor has no binary here: none of its cells may claim one.
    const cursor = await page.evaluate<number>(
      `[...document.querySelectorAll("table.grid")].flatMap((t) => {
        const i = [...t.querySelectorAll("thead th")].findIndex((th) => th.dataset.agent === "cursor");
        return [...t.querySelectorAll("tbody tr")].map((tr) => tr.children[i]);
      }).filter((td) => td && td.querySelector(".badge.binary")).length`,
    );
    assert.equal(cursor, 0, "a Cursor cell marked [binary]");
    const png = await page.screenshot(1600);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47], "a PNG");
    if (Deno.env.get("EVERYHOOK_WRITE_DOCS") === "1") {
      await Deno.writeFile(`${ROOT}docs/agents.png`, png);
    }
  },
});

Deno.test({
  name: "in headless Chromium the page fits a phone's width and prints with its notes open",
  ignore: missing !== undefined,
  fn: async () => {
    await using page = await startChromium(390, 844);
    await page.send("Emulation.setDeviceMetricsOverride", {
      width: 390,
      height: 844,
      deviceScaleFactor: 2,
      mobile: true,
    });
    await page.open(`file://${PAGE}`);
    const phone = await page.evaluate<{ page: number; view: number; scrolls: boolean }>(
      `({ page: document.documentElement.scrollWidth, view: window.innerWidth,
          scrolls: document.querySelector(".scroll").scrollWidth > document.querySelector(".scroll").clientWidth })`,
    );
    assert.ok(
      phone.page <= phone.view,
      `the page is ${phone.page} px wide on a ${phone.view} px screen`,
    );
    assert.ok(phone.scrolls, "the tables scroll sideways inside the page");
    const closed = `[...document.querySelectorAll("#events-table td details")]
      .filter((d) => d.querySelector("p").checkVisibility()).length`;
    assert.equal(await page.evaluate<number>(closed), 0, "on screen, the notes stay closed");
    await page.send("Emulation.setEmulatedMedia", { media: "print" });
    const open = await page.evaluate<number>(closed);
    assert.equal(open, AGENTS.length * EVENTS.length, "printed, every note of the events is shown");
    const pdf = await page.send("Page.printToPDF", {});
    assert.ok(String(pdf.data).length > 1000, "the page prints");
  },
});
