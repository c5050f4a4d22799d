/**
 * What a real agent does with a broken hook (one that does not load) in the
 * mode install writes it: through `everyhook run`, everyhook answers for it;
 * in direct mode, the agent starts Deno itself, Deno exits 1, and the agent
 * does what its recorded run with a hook that exits 1 before a tool showed
 * (the `exit1` case of its conformance file), unless the line was written
 * with `--fail-closed`, whose guard turns a load failure into a deny. `bench`
 * and `verify` print it next to a broken hook. Not on `run`'s path.
 *
 * @module
 */

import type { Agent } from "../agents/types.ts";
import type { ConformanceFile } from "../contract/conformance.ts";
import { rawOutputKind } from "../contract/conformance.ts";
import type { LineMode } from "../hooks_files/command_line.ts";

/**
 * One line: what the agent does with a broken hook in the mode install writes.
 *
 * @param agent The agent.
 * @param mode How install writes the hook: `direct` (written with the SDK) or through `run`.
 * @param failClosed Whether the entry fails closed.
 * @param conformance The agent's conformance file, if it has one.
 * @returns The line, with what it rests on in brackets.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { brokenFate } from "./broken_fate.ts";
 * import { findAgent } from "../agents/mod.ts";
 * import { loadConformance } from "./recorded.ts";
 * const claude = findAgent("claude-code")!;
 * const file = (await loadConformance()).find((f) => f.agent === "claude-code");
 * assert.match(brokenFate(claude, "direct", false, file), /Claude Code runs the tool anyway \[binary pre-exit1-stderr\]/);
 * assert.match(brokenFate(claude, "run", false, file), /everyhook denies/);
 * ```
 */
export function brokenFate(
  agent: Agent,
  mode: LineMode,
  failClosed: boolean,
  conformance: ConformanceFile | undefined,
): string {
  if (mode === "run") {
    return `through \`everyhook run\` (as install writes this hook), everyhook denies before a tool and on a prompt, saying the hook is broken`;
  }
  if (failClosed) {
    return `in direct mode with --fail-closed, the line's guard denies before a tool and on a prompt, saying the hook is broken`;
  }
  const recorded = conformance?.cases.find((c) =>
    c.event === "pre-tool" && rawOutputKind(c) === "exit1"
  );
  const head =
    `in direct mode (as install writes this hook), Deno exits 1 before the hook runs, and ${agent.name}`;
  if (!recorded || recorded.toolRan === null) {
    return `${head} does with it whatever it does with a hook that exits 1: no run of its binary recorded that here [docs]; install it with --fail-closed to have it denied`;
  }
  return recorded.toolRan
    ? `${head} runs the tool anyway [binary ${recorded.id}]: the hook guards nothing; install it with --fail-closed to have it denied`
    : `${head} refuses the tool [binary ${recorded.id}]`;
}
