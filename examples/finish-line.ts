#!/usr/bin/env -S deno run --allow-read --allow-env=EVERYHOOK_CHECKLIST,EVERYHOOK_SCOPE,EVERYHOOK_SCOPE_MODE
/**
 * An everyhook hook that keeps an agent on a task until its checklist is done,
 * one file for four events in every agent that has them:
 *
 * - session-start: the open items of the checklist are added to the model's
 *   context, so the agent starts with the finish line in view;
 * - stop and subagent-stop: while items are open, the agent is sent back to
 *   work with them as the reason. It lets the agent stop when a hook already
 *   sent it back once (`stop.continued`: a loop guard), when the turn was
 *   aborted or failed (`stop.status`), and when its last message is a
 *   question to the person (see question.ts), so the person can answer;
 * - edits and writes: when EVERYHOOK_SCOPE declares the files the task may
 *   touch (patterns separated like PATH, `*` and `**` as in protect-env-files),
 *   a change outside them is a warning added after the edit, or, with
 *   EVERYHOOK_SCOPE_MODE=block, refused before it.
 *
 * The checklist is CHECKLIST.md in the agent's folder (EVERYHOOK_CHECKLIST
 * names another); an open item is a line `- [ ] ...`. No checklist: no opinion.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { openItems } from "./finish-line.ts";
 * assert(openItems("- [x] done\n- [ ] tests pass\n").join() === "tests pass");
 * ```
 *
 * @module
 */

import { defineHook } from "../hook.bundle.js";
import { normalize, patternToRegExp, protectEntries } from "./protect-env-files.ts";
import { isQuestion } from "./question.ts";

export { isQuestion } from "./question.ts";

/** What the hook knows besides the document. */
export interface FinishLineWorld {
  /** The checklist's text, or undefined when there is none. */
  checklist: string | undefined;
  /** The checklist's name, for the messages. */
  checklistName: string;
  /** The declared scope (patterns), empty when none is declared. */
  scope: readonly string[];
  /** Warn after an out-of-scope edit, or refuse it before. */
  scopeMode: "warn" | "block";
}

/** The answer this hook gives. */
export type FinishLineAnswer =
  | { decision: "deny"; reason: string; message?: string }
  | { context: string };

/**
 * The open items of a checklist: lines `- [ ] text` (or `* [ ] text`).
 *
 * @param text The checklist.
 * @returns The items' texts.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { openItems } from "./finish-line.ts";
 * assert(openItems("* [ ] a\n  - [ ] b").length === 2);
 * ```
 */
export function openItems(text: string): string[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const m = /^\s*[-*+] \[ \]\s+(.+?)\s*$/.exec(line);
    return m ? [m[1] as string] : [];
  });
}

function list(items: readonly string[]): string {
  const shown = items.slice(0, 5).join("; ");
  return items.length > 5 ? `${shown}; and ${items.length - 5} more` : shown;
}

/**
 * The answer for one document.
 *
 * @param doc The contract's document.
 * @param world The checklist and the declared scope.
 * @returns The answer, or undefined for no opinion.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { answerFor } from "./finish-line.ts";
 * const world = { checklist: "- [ ] tests pass", checklistName: "CHECKLIST.md", scope: [], scopeMode: "warn" as const };
 * const a = answerFor({ event: "stop", stop: { continued: false } }, world);
 * assert(a !== undefined && "decision" in a && a.decision === "deny");
 * ```
 */
export function answerFor(
  doc: {
    event?: unknown;
    cwd?: unknown;
    stop?: { continued?: unknown; lastMessage?: unknown; status?: unknown };
    tool?: { kind?: unknown; path?: unknown; paths?: unknown };
  },
  world: FinishLineWorld,
): FinishLineAnswer | undefined {
  const open = world.checklist === undefined ? [] : openItems(world.checklist);
  switch (doc.event) {
    case "session-start":
      return open.length === 0 ? undefined : {
        context: `The task's finish line (${world.checklistName}): ${open.length} open item${
          open.length === 1 ? "" : "s"
        }: ${list(open)}. Tick each in ${world.checklistName} when it is proven.`,
      };
    case "stop":
    case "subagent-stop": {
      if (open.length === 0 || doc.stop?.continued === true) return undefined;
      // A turn the person aborted, or one that failed, is not sent back.
      if (doc.stop?.status === "aborted" || doc.stop?.status === "error") return undefined;
      const last = typeof doc.stop?.lastMessage === "string" ? doc.stop.lastMessage : undefined;
      if (isQuestion(last)) return undefined;
      return {
        decision: "deny",
        reason: `Not done yet: ${
          list(open)
        } (open in ${world.checklistName}). Finish them and tick them, or say what blocks you.`,
      };
    }
    case "pre-tool":
    case "post-tool": {
      if (world.scope.length === 0) return undefined;
      if (doc.tool?.kind !== "edit" && doc.tool?.kind !== "write") return undefined;
      if ((doc.event === "pre-tool") !== (world.scopeMode === "block")) return undefined;
      const cwd = typeof doc.cwd === "string" ? doc.cwd : undefined;
      const paths = Array.isArray(doc.tool.paths)
        ? doc.tool.paths.filter((p): p is string => typeof p === "string")
        : typeof doc.tool.path === "string"
        ? [doc.tool.path]
        : [];
      const outside = paths.filter((p) => !inScope(p, world.scope, cwd));
      if (outside.length === 0) return undefined;
      const what = `${outside.join(", ")} ${
        outside.length === 1 ? "is" : "are"
      } outside the task's declared scope`;
      return world.scopeMode === "block"
        ? {
          decision: "deny",
          reason:
            `Blocked: ${what}. Change only files in the scope, or ask the person to widen it.`,
        }
        : { context: `Warning: ${what}. Keep to the scope, or say why this file had to change.` };
    }
  }
  return undefined;
}

/**
 * True when a path matches one of the scope's patterns (or lies under a folder it names).
 *
 * @param path The path as the agent sent it.
 * @param scope The patterns.
 * @param cwd The agent's folder.
 * @returns Whether the path is in scope.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { inScope } from "./finish-line.ts";
 * assert(inScope("src/a/b.ts", ["src/**"], "/p"));
 * assert(!inScope("README.md", ["src"], "/p"));
 * ```
 */
export function inScope(path: string, scope: readonly string[], cwd: string | undefined): boolean {
  const full = normalize(path, cwd);
  return scope.some((entry) => {
    const base = normalize(entry, cwd);
    if (!entry.includes("*") && !entry.includes("?")) {
      return full === base || full.startsWith(`${base}/`);
    }
    return patternToRegExp(base).test(full);
  });
}

/** The hook: reads the checklist in the agent's folder, then answers for the event. */
export default defineHook(async (doc) => {
  const name = Deno.env.get("EVERYHOOK_CHECKLIST") || "CHECKLIST.md";
  const cwd = doc.cwd ?? Deno.cwd();
  let checklist: string | undefined;
  try {
    checklist = await Deno.readTextFile(normalize(name, cwd));
  } catch {
    checklist = undefined;
  }
  return answerFor(doc, {
    checklist,
    checklistName: name,
    scope: protectEntries(Deno.env.get("EVERYHOOK_SCOPE"), Deno.build.os === "windows"),
    scopeMode: Deno.env.get("EVERYHOOK_SCOPE_MODE") === "block" ? "block" : "warn",
  });
});
