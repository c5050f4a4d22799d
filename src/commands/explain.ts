/**
 * The `explain` command: how the agents differ, with the basis of every statement.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { jsonOutput } from "../cli/report.ts";
import { EveryhookError } from "../contract/errors.ts";
import { AGENTS } from "../agents/mod.ts";
import { parseArgs } from "../cli/args.ts";
import { commandSpec } from "../cli/commands.ts";
import { agentNamed, eventNamed } from "../cli/options.ts";
import { basisTag, differences, explainAgent, explainEvent } from "../readers/explain.ts";
import { type Fixture, loadConformance } from "../readers/recorded.ts";
import { printedText } from "../contract/printed.ts";
import { SHIPPED_FIXTURES } from "../readers/shipped.ts";
import type { AgentsPageInput } from "../cli/render_agents_html.ts";
import denoJson from "../../deno.json" with { type: "json" };

/**
 * Run `everyhook explain [agent] [event] [--json]`, or `everyhook explain --html`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns The exit code.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { command } from "./explain.ts";
 * import { memoryIo } from "../cli/io.ts";
 * const io = memoryIo();
 * await command(["codex", "pre-tool"], io);
 * assert(io.stdoutText().includes("PreToolUse"));
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  const parsed = parseArgs(commandSpec("explain"), args);
  const [agentName, eventName] = parsed.operands;
  const json = parsed.flag("json");
  const speaks = parsed.text("speaks");
  if (speaks !== undefined) {
    const agent = agentName === undefined
      ? undefined
      : agentNamed(agentName, { command: "explain" });
    const event = eventName === undefined
      ? undefined
      : eventNamed(eventName, { command: "explain" });
    const { explainSpeaks } = await import("./explain_speaks.ts");
    return await explainSpeaks(speaks, agent, event, json, io);
  }
  const conformance = await loadConformance();
  if (parsed.flag("html")) {
    if (agentName !== undefined) {
      throw new EveryhookError(
        "usage",
        `Cannot read the "explain" command line: --html prints the page of every agent; leave out "${agentName}"${
          eventName === undefined ? "" : ` and "${eventName}"`
        }`,
      );
    }
    const { agentsPage } = await import("../cli/render_agents_html.ts");
    io.out(agentsPage(await pageInput()));
    return 0;
  }
  if (agentName === undefined) {
    const rows = differences(AGENTS, conformance);
    if (json) {
      io.out(jsonOutput({ ok: true, agents: AGENTS.map((a) => a.id), rows }));
      return 0;
    }
    io.out(
      "How the agents differ. [binary]: a recorded run of the agent's real binary showed it; [docs]: its reference says so.\n",
    );
    const width = Math.max(...AGENTS.map((a) => a.id.length));
    for (const row of rows) {
      io.out(`\n${row.title}\n`);
      for (const agent of AGENTS) {
        const cell = row.cells[agent.id];
        if (cell) {
          io.out(`  ${agent.id.padEnd(width)}  ${basisTag(cell.basis).padEnd(8)}  ${cell.text}\n`);
        }
      }
    }
    const recorded = conformance.map((c) => `${c.agent} ${c.version} (${c.os}, ${c.date})`).join(
      ", ",
    );
    io.out(
      `\nRecorded: ${recorded || "nothing yet"}. ${
        AGENTS.filter((a) => !a.recorded).map((a) => a.name).join(", ")
      }: docs only, no binary was run.\n`,
    );
    return 0;
  }
  const agent = agentNamed(agentName, { command: "explain" });
  if (eventName === undefined) {
    const info = explainAgent(agent, conformance.find((c) => c.agent === agent.id));
    if (json) {
      io.out(jsonOutput({ ok: true, ...info }));
      return 0;
    }
    io.out(
      `${agent.name} (${agent.id})${agent.recorded ? "" : ": docs only, no binary was run here"}\n`,
    );
    io.out(`Reference: ${agent.docs}\n`);
    if (info.recording) {
      io.out(
        `Recorded: version ${info.recording.version}, ${info.recording.os}, ${info.recording.date}, ${info.recording.cases} cases\n`,
      );
    }
    io.out("\nFiles (user; project):\n");
    for (const os of new Set(info.paths.map((p) => p.os))) {
      const rows = info.paths.filter((p) => p.os === os);
      const moved = rows.find((p) => p.env !== null)?.env;
      io.out(
        `  ${os.padEnd(8)} ${rows.map((p) => p.path).join("; ")}${
          moved ? ` (${moved} moves the user file)` : ""
        }\n`,
      );
    }
    io.out("\nEvents:\n");
    for (const e of info.events) {
      io.out(`  ${e.event.padEnd(14)} ${e.native.padEnd(22)} ${e.info}\n`);
    }
    io.out("\nTools:\n");
    for (const t of info.tools.names) io.out(`  ${t.name.padEnd(22)} ${t.kind}\n`);
    for (const t of info.tools.patterns) io.out(`  /${t.pattern}/`.padEnd(25) + ` ${t.kind}\n`);
    io.out("\nHow it behaves:\n");
    for (const c of info.column) io.out(`  ${c.title}\n    ${basisTag(c.basis)} ${c.text}\n`);
    return 0;
  }
  const e = explainEvent(agent, eventNamed(eventName, { command: "explain", agent }));
  if (!e) {
    throw new EveryhookError("internal", `explain has no row for ${agent.id} ${eventName}`);
  }
  if (json) {
    io.out(jsonOutput({ ok: true, agent: agent.id, name: agent.name, ...e }));
    return 0;
  }
  io.out(
    `${agent.name}, ${e.event} (${e.native}): ${e.info}\n\nWhat everyhook prints for each answer of the hook:\n`,
  );
  for (const a of e.answers) {
    const label = a.answer === "none" ? "(no opinion)" : a.answer;
    io.out(
      `  ${label.padEnd(13)} ${printedText(a.native)}${a.exit !== 0 ? `  (exit ${a.exit})` : ""}\n`,
    );
    io.out(
      `  ${"".padEnd(13)} ${a.effect} ${basisTag(a.basis)}${
        a.notes.length > 0 ? `; ${a.notes.join("; ")}` : ""
      }\n`,
    );
  }
  return 0;
}

/**
 * What the agents pages are made of: every agent, the recorded conformance
 * files, the payloads recorded from a real binary (only those back an event as
 * `[binary]`), and the version.
 *
 * @returns The pages' input.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageInput } from "./explain.ts";
 * const input = await pageInput();
 * assert.ok(input.fixtures.every((f) => !f.startsWith("fixtures/cursor/")));
 * ```
 */
export async function pageInput(): Promise<AgentsPageInput> {
  const fixtures = SHIPPED_FIXTURES.filter((f) => (f.value as Fixture).source === "recorded")
    .map((f) => f.path);
  return {
    agents: AGENTS,
    conformance: await loadConformance(),
    fixtures,
    version: denoJson.version,
  };
}
