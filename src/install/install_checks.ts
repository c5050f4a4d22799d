/**
 * What install checks before it writes anything: that the matcher is one the
 * agent can read, and that the timeout is a whole number of seconds above
 * zero. A value that fails is refused with the reason, for every agent, before
 * any file is touched. Not on `run`'s path.
 *
 * @module
 */

import type { Agent, MatcherSyntax } from "../agents/types.ts";
import { EveryhookError } from "../contract/errors.ts";
import { MAX_TIMEOUT_SECONDS, MIN_TIMEOUT_SECONDS } from "../contract/contract.ts";

export type { MatcherSyntax } from "../agents/types.ts";

const CHECKS: Readonly<Record<MatcherSyntax, (matcher: string) => string | null>> = {
  regex: (matcher) => {
    if (matcher === "*" || matcher === "") return null;
    try {
      new RegExp(matcher);
      return null;
    } catch (e) {
      const why = (e as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /, "");
      return `it is not a regular expression (${why})`;
    }
  },
};

/**
 * Check a matcher against the syntax of each agent it would be written for.
 *
 * @param matcher The matcher, as given.
 * @param agents The agents install writes for.
 * @throws {EveryhookError} `usage` naming the agents that cannot read it and why.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkMatcher } from "./install_checks.ts";
 * import { findAgent } from "../agents/mod.ts";
 * checkMatcher("Bash|Write", [findAgent("codex")!]);
 * let refused = false;
 * try { checkMatcher("(", [findAgent("codex")!]); } catch { refused = true; }
 * assert(refused);
 * ```
 */
export function checkMatcher(matcher: string, agents: readonly Agent[]): void {
  const problems = new Map<string, string[]>();
  for (const agent of agents) {
    const why = CHECKS[agent.install.matcherSyntax](matcher);
    if (why === null) continue;
    problems.set(why, [...(problems.get(why) ?? []), agent.name]);
  }
  if (problems.size === 0) return;
  const reasons = [...problems].map(([why, names]) => `${names.join(", ")}: ${why}`);
  throw new EveryhookError(
    "usage",
    `Cannot install with --matcher "${matcher}": ${reasons.join("; ")}; ` +
      `give a tool name such as "Bash", names joined with "|", or "*" for every tool`,
  );
}

/**
 * Check a timeout: a whole number of seconds, at least 1 and at most an hour
 * (the contract's ceiling, which the command line's --timeout has too).
 *
 * @param seconds The timeout.
 * @throws {EveryhookError} `usage` with what is wrong.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkTimeout } from "./install_checks.ts";
 * checkTimeout(10);
 * let refused = false;
 * try { checkTimeout(0); } catch { refused = true; }
 * assert(refused);
 * ```
 */
export function checkTimeout(seconds: number): void {
  const why = !Number.isInteger(seconds)
    ? "it is not a whole number of seconds"
    : seconds < MIN_TIMEOUT_SECONDS
    ? `a hook needs at least ${MIN_TIMEOUT_SECONDS} second`
    : seconds > MAX_TIMEOUT_SECONDS
    ? `it is more than an hour (${MAX_TIMEOUT_SECONDS} seconds)`
    : null;
  if (why !== null) {
    throw new EveryhookError("usage", `Cannot install with --timeout ${seconds}: ${why}`);
  }
}

/**
 * Why an agent has no file in a scope, where it has none: an agent with no
 * project file (Kimi Code) is skipped in the project scope, with what to do
 * instead.
 *
 * @param agent The agent.
 * @param scope The scope.
 * @returns The note, or undefined when the agent has a file there.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { scopeNote } from "./install_checks.ts";
 * import { findAgent } from "../agents/mod.ts";
 * assert.equal(scopeNote(findAgent("kimi")!, "user"), undefined);
 * assert.match(scopeNote(findAgent("kimi")!, "project") ?? "", /skipped.*--scope user/);
 * ```
 */
export function scopeNote(agent: Agent, scope: "user" | "project"): string | undefined {
  const why = agent.install.noProject;
  return scope === "project" && why !== undefined
    ? `${why}: skipped; install it for the user (--scope user)`
    : undefined;
}
