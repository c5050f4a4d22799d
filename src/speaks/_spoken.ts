/**
 * Builders the spoken protocols share: the event table from the agent
 * module's events, the payload sent unchanged when the calling agent is the
 * spoken one, and reading a hook's stdout as one JSON object. On `run`'s path:
 * imports only the contract's strict JSON reader and types.
 *
 * @module
 */

import type { ContractEvent, HookDocument } from "../contract/contract.ts";
import type { Agent, Basis, Fact } from "../agents/types.ts";
import type { Said } from "./types.ts";

/**
 * The spoken agent's name for each contract event it has, from its module.
 *
 * @param agent The spoken agent's module.
 * @param basis What each name rests on (a recorded payload under that name).
 * @returns The table.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { spokenEvents } from "./_spoken.ts";
 * import { codex } from "../agents/codex.ts";
 * const t = spokenEvents(codex, () => ({ kind: "docs", ref: codex.docs }));
 * assert.equal(t["pre-tool"]?.native, "PreToolUse");
 * ```
 */
export function spokenEvents(
  agent: Agent,
  basis: (event: ContractEvent) => Basis,
): Partial<Record<ContractEvent, Fact & { native: string }>> {
  const out: Partial<Record<ContractEvent, Fact & { native: string }>> = {};
  for (
    const [event, info] of Object.entries(agent.events) as Array<
      [ContractEvent, { native: string }]
    >
  ) {
    out[event] = {
      native: info.native,
      text: `${agent.name} sends ${event} as ${info.native}`,
      basis: basis(event),
    };
  }
  return out;
}

/**
 * What is said when the calling agent is the spoken one: its payload as it
 * came, under the name it came with, and a rewritten input as the hook wrote it.
 *
 * @param doc The document.
 * @param env What the spoken agent sets that the calling environment lacks.
 * @param rules The rules of the environment.
 * @returns The payload as sent.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameAgentSaid } from "./_spoken.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "stop" as const, nativeEvent: "Stop", native: { a: 1 } };
 * const said = sameAgentSaid(doc, {}, []);
 * assert.ok(said.ok);
 * assert.deepEqual(said.payload, { a: 1 });
 * ```
 */
export function sameAgentSaid(
  doc: HookDocument,
  env: Record<string, string>,
  rules: Fact[],
): Said {
  return {
    ok: true,
    nativeEvent: doc.nativeEvent,
    payload: doc.native,
    env,
    rules: [
      {
        text: "the calling agent is the spoken one: its payload is passed on as it came",
        basis: { kind: "docs", ref: "everyhook: the payload itself" },
      },
      ...rules,
    ],
    inputBack: (input) => ({ input }),
  };
}

/**
 * A hook's stdout as one JSON object, when it is one (white space around it is
 * allowed); anything else is undefined.
 *
 * @param stdout What the hook printed.
 * @returns The object, or undefined.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readJsonObject } from "./_spoken.ts";
 * assert.deepEqual(readJsonObject(' {"a":1}\n'), { a: 1 });
 * assert.equal(readJsonObject("[1]"), undefined);
 * ```
 */
export function readJsonObject(stdout: string): Record<string, unknown> | undefined {
  const text = stdout.trim();
  if (!text.startsWith("{")) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? value as Record<string, unknown>
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How an agent runs a command hook whose command string goes through bash,
 * as Droid's, Gemini CLI's and Qwen Code's references say theirs does.
 *
 * @param basis What that rests on.
 * @returns The shell fact.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { bashShell } from "./_spoken.ts";
 * assert.deepEqual(bashShell({ kind: "docs", ref: "x" }).argv, ["bash", "-c"]);
 * ```
 */
export function bashShell(basis: Basis): Fact & { argv: readonly string[] } {
  return {
    argv: ["bash", "-c"],
    text: "a command hook's command string runs through the shell",
    basis,
  };
}
