/**
 * What verify must be told yes to before it runs an agent: the agent runs
 * every hook entry it reads, and some of those the person did not write. An
 * entry runs without asking only when everyhook wrote it in the person's own
 * (user-scope) file, or in a project the agent trusts; any other entry (one
 * not everyhook's, wherever it is, or everyhook's in a project the agent does
 * not trust or has no trust for, or in a system file) runs only after a yes
 * on a terminal or `--yes`. A cloned project's hooks are a stranger's
 * commands: an interactive agent would hold them back until its folder is
 * trusted, while a headless run does not. A project file the agent reads
 * that holds no hook entry still needs a yes when the agent does not trust
 * the project: its other settings apply to the run too.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ListedEntry, ListWorld } from "../readers/listing.ts";
import { listHooks } from "../readers/list.ts";
import { projectTrusted } from "../readers/list_switches.ts";

/**
 * One entry verify's run of an agent will run, or a project file of settings
 * with no entry (its other settings still apply to the run), and why it needs
 * a yes, if it does.
 */
export interface PlannedEntry {
  /** A hook entry, or a project file whose settings apply though it holds no entry. */
  kind: "entry" | "settings";
  /** The agent's name. */
  agentName: string;
  /** The native event. */
  event: string;
  /** The command. */
  command: string | null;
  /** The file it comes from. */
  file: string;
  /** The file's scope. */
  scope: ListedEntry["scope"];
  /** Whether everyhook wrote it. */
  ours: boolean;
  /** Why it runs only after a yes, or null when it runs as it is. */
  ask: string | null;
}

/**
 * Why an entry needs a yes before verify runs it, or null when it does not.
 *
 * @param entry The entry, as list reads it.
 * @param trusted Whether the agent trusts the project (undefined: it keeps no such trust).
 * @returns The reason, or null.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { askReason } from "./consent.ts";
 * assert.equal(askReason({ ours: true, scope: "user" }, false), null);
 * assert.match(askReason({ ours: false, scope: "user" }, true)!, /not written by everyhook/);
 * assert.match(askReason({ ours: true, scope: "project" }, false)!, /does not trust/);
 * ```
 */
export function askReason(
  entry: Pick<ListedEntry, "ours" | "scope">,
  trusted: boolean | undefined,
): string | null {
  const where = entry.scope === "user"
    ? null
    : entry.scope === "system"
    ? "in a system file"
    : trusted === true
    ? null
    : trusted === false
    ? "in a project the agent does not trust"
    : "in a project, and the agent keeps no folder trust";
  if (entry.ours) return where;
  return where === null ? "not written by everyhook" : `not written by everyhook, ${where}`;
}

/**
 * Every entry verify's run of each agent will run, with why it needs a yes.
 *
 * @param agents The agents that will run.
 * @param user The user's environment, system and project.
 * @returns The entries, agent by agent in file order.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { plannedEntries } from "./consent.ts";
 * import { findAgent } from "../agents/mod.ts";
 * const none = await plannedEntries([findAgent("codex")!], { env: { HOME: "/nowhere" }, os: "linux", project: "/nowhere/p" });
 * assert.deepEqual(none, []);
 * ```
 */
export async function plannedEntries(
  agents: readonly Agent[],
  user: ListWorld,
): Promise<PlannedEntry[]> {
  const out: PlannedEntry[] = [];
  for (const agent of agents) {
    const listing = await listHooks([agent], user);
    const trusted = await projectTrusted(agent, user);
    const entries = listing.entries.filter((x) => x.agent === agent.id);
    for (const e of entries) {
      out.push({
        kind: "entry",
        agentName: agent.name,
        event: e.event,
        command: e.command,
        file: e.file,
        scope: e.scope,
        ours: e.ours,
        ask: askReason(e, trusted),
      });
    }
    // An agent with no entry is not run: its settings need no yes.
    for (const f of entries.length === 0 ? [] : listing.files) {
      const untrusted = askReason({ ours: true, scope: "project" }, trusted);
      if (f.agent !== agent.id || f.scope !== "project" || f.status === "missing") continue;
      if (untrusted === null || entries.some((e) => e.file === f.file)) continue;
      out.push({
        kind: "settings",
        agentName: agent.name,
        event: "",
        command: null,
        file: f.file,
        scope: "project",
        ours: false,
        ask: `its settings apply to the run, ${untrusted}`,
      });
    }
  }
  return out;
}

/**
 * Why an agent is not run: the entries of its that need a yes and did not get one.
 *
 * @param held The entries that need a yes.
 * @returns The reason, for the report.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { notConfirmed } from "./consent.ts";
 * const held = [{ kind: "entry" as const, agentName: "Claude Code", event: "Stop", command: "x", file: "/p/.claude/settings.json", scope: "project" as const, ours: false, ask: "not written by everyhook" }];
 * assert.match(notConfirmed(held), /1 entry .*--yes/);
 * ```
 */
export function notConfirmed(held: readonly PlannedEntry[]): string {
  const files = [...new Set(held.map((e) => e.file))].join(", ");
  const n = held.length === 1 ? "1 entry" : `${held.length} entries`;
  const need = held.length === 1
    ? "needs your yes before it runs"
    : "need your yes before they run";
  return `${n} of its hooks ${need} (${files}) and got none; ` +
    `run verify on a terminal and answer y, or give --yes`;
}
