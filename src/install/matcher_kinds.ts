/**
 * A tool matcher carried from one agent to another by tool kind: the source
 * agent's matcher read into the kinds of tool it picks (by the source's tool
 * table), and written for the target as the target's own tool names of those
 * kinds. Claude Code's `Bash` becomes each agent's shell tools,
 * `Edit|Write|MultiEdit` its edit and write tools, an `mcp__server__tool`
 * stays as it is where the target names MCP tools the same way. A matcher
 * that cannot be carried is refused with the reason. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ToolKind } from "../contract/contract.ts";
import { toolKind } from "../agents/_payload.ts";

/** What a source matcher picks. */
export type MatcherKinds =
  | { all: true }
  | { all: false; kinds: ToolKind[]; mcp: string[] }
  | { why: string };

const PLAIN = /^[A-Za-z0-9_\- ,|]*$/;

/**
 * The kinds of tool a source agent's matcher picks.
 *
 * @param source The agent whose matcher it is.
 * @param matcher The matcher, or null for none.
 * @returns Every tool, the kinds and MCP patterns it picks, or why it cannot be read by kind.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { matcherKinds } from "./matcher_kinds.ts";
 * import { claudeCode } from "../agents/claude_code.ts";
 * assert.deepEqual(matcherKinds(claudeCode, "Edit|Write"), { all: false, kinds: ["edit", "write"], mcp: [] });
 * assert.ok("why" in matcherKinds(claudeCode, "WebFetch"));
 * ```
 */
export function matcherKinds(source: Agent, matcher: string | null): MatcherKinds {
  if (matcher === null || matcher === "" || matcher === "*") return { all: true };
  const kinds: ToolKind[] = [];
  const mcp: string[] = [];
  const add = (k: ToolKind) => {
    if (!kinds.includes(k)) kinds.push(k);
  };
  if (PLAIN.test(matcher)) {
    for (const token of matcher.split(/[|,]/).map((t) => t.trim()).filter((t) => t !== "")) {
      const kind = toolKind(source.tools, token);
      if (kind === "mcp") mcp.push(token);
      else if (kind === "other") {
        return {
          why: `"${token}" is a ${source.name} tool of no kind everyhook carries to other agents`,
        };
      } else add(kind);
    }
    return { all: false, kinds, mcp };
  }
  let re: RegExp;
  try {
    re = new RegExp(matcher);
  } catch {
    return { why: `"${matcher}" is not a regular expression` };
  }
  if (/^\^?mcp__/.test(matcher) && !/[|]/.test(matcher)) {
    return { all: false, kinds, mcp: [matcher] };
  }
  for (const [name, kind] of Object.entries(source.tools.names)) if (re.test(name)) add(kind);
  if (kinds.length === 0) {
    return { why: `"${matcher}" matches none of the ${source.name} tools everyhook knows` };
  }
  return { all: false, kinds, mcp };
}

/**
 * The matcher to write for a target agent: its own tool names of the kinds picked.
 *
 * @param target The agent the entry is written for.
 * @param picked What the source matcher picks.
 * @returns The matcher (undefined for every tool) and what was left out, or why nothing is left.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { targetMatcher } from "./matcher_kinds.ts";
 * import { geminiCli } from "../agents/gemini_cli.ts";
 * const m = targetMatcher(geminiCli, { all: false, kinds: ["shell"], mcp: [] });
 * assert.deepEqual(m, { matcher: "^(run_shell_command)$", notes: [] });
 * ```
 */
export function targetMatcher(
  target: Agent,
  picked: Exclude<MatcherKinds, { why: string }>,
): { matcher: string | undefined; notes: string[] } | { why: string } {
  if (picked.all) return { matcher: undefined, notes: [] };
  const names: string[] = [];
  const notes: string[] = [];
  for (const kind of picked.kinds) {
    const own = Object.entries(target.tools.names).filter(([, k]) => k === kind).map(([n]) => n);
    if (own.length === 0) notes.push(`${target.name} has no ${kind} tool everyhook knows`);
    names.push(...own.map(escape));
  }
  if (picked.mcp.length > 0) {
    const same = target.tools.patterns.some((p) => p.kind === "mcp" && p.pattern === "^mcp__");
    if (same) names.push(...picked.mcp.map((m) => m.replace(/^\^/, "").replace(/\$$/, "")));
    else notes.push(`${target.name} does not name MCP tools mcp__<server>__<tool>`);
  }
  if (names.length === 0) return { why: notes.join("; ") || "no tool is left to match" };
  return { matcher: `^(${names.join("|")})$`, notes };
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
