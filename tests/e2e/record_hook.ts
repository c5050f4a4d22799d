/**
 * The recording hook the end-to-end tests install into real agents:
 *
 *     <deno> run -A tests/e2e/record_hook.ts <NativeEvent>
 *
 * It appends one JSON line `{event, argv, cwd, stdin, env, time, rule}` to
 * $HOOK_LOG, then answers from the first matching rule of the JSON file
 * $HOOK_RULES (see {@linkcode HookRule}); with no matching rule it prints
 * nothing and exits 0. A rule's `max` is counted in `$HOOK_LOG.state`.
 *
 * @module
 */

import { AGENT_ENTRIES } from "../../src/agents/registry.ts";

/** One answer the recording hook can give. */
export interface HookRule {
  /** Only for this native event. */
  event?: string;
  /** Only when the raw stdin contains this text. */
  match?: string;
  /** At most this many times (counted over the whole run). */
  max?: number;
  /** Printed on stdout. */
  stdout?: string;
  /** Printed on stderr. */
  stderr?: string;
  /** The exit code (default 0). */
  exit?: number;
  /** Sleep this long before answering (to test timeouts). */
  sleepSeconds?: number;
}

/**
 * The variable prefixes worth recording: EVERYHOOK*, HOOK*, AI_AGENT* and the
 * agents' own, from their lines in the registry.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { KEPT_ENV } from "./record_hook.ts";
 * assert(KEPT_ENV.test("CLAUDE_PROJECT_DIR") && KEPT_ENV.test("KILO_X") && !KEPT_ENV.test("PATH"));
 * ```
 */
export const KEPT_ENV = new RegExp(
  `^(${["EVERYHOOK", "HOOK", "AI_AGENT", ...AGENT_ENTRIES.flatMap((e) => e.env)].join("|")})`,
);
const SECRET_ENV = /KEY|TOKEN|SECRET|PASSWORD/i;

/**
 * Picks the rule that answers, given the rules, how often each has fired, the event and stdin.
 *
 * @param rules The rules, in order.
 * @param counts How often each rule (by index) has answered before.
 * @param event The native event.
 * @param stdin The raw stdin.
 * @returns The index of the first matching rule, or -1.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pickRule } from "./record_hook.ts";
 * assert(pickRule([{ event: "Stop", max: 1 }], {}, "Stop", "{}") === 0);
 * ```
 */
export function pickRule(
  rules: readonly HookRule[],
  counts: Readonly<Record<string, number>>,
  event: string,
  stdin: string,
): number {
  return rules.findIndex((r, i) =>
    (r.event === undefined || r.event === event) &&
    (r.match === undefined || stdin.includes(r.match)) &&
    (r.max === undefined || (counts[String(i)] ?? 0) < r.max)
  );
}

async function readJson(path: string | undefined, fallback: unknown): Promise<unknown> {
  if (!path) return fallback;
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch {
    return fallback;
  }
}

async function writeAll(
  to: { write(p: Uint8Array): Promise<number> },
  text: string,
): Promise<void> {
  let bytes = new TextEncoder().encode(text);
  while (bytes.length > 0) bytes = bytes.subarray(await to.write(bytes));
}

async function main(): Promise<number> {
  const raw = await new Response(Deno.stdin.readable).text();
  let stdin: unknown = raw;
  try {
    stdin = JSON.parse(raw);
  } catch { /* keep the text */ }
  const argv = [...Deno.args];
  const fromPayload = typeof stdin === "object" && stdin !== null
    ? (stdin as Record<string, unknown>)["hook_event_name"]
    : undefined;
  const event = argv[0] ?? (typeof fromPayload === "string" ? fromPayload : "?");
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(Deno.env.toObject()).sort()) {
    if (KEPT_ENV.test(k)) env[k] = SECRET_ENV.test(k) ? "<redacted>" : v;
  }
  const log = Deno.env.get("HOOK_LOG");
  const rulesValue = await readJson(Deno.env.get("HOOK_RULES"), []);
  const rules = Array.isArray(rulesValue) ? rulesValue as HookRule[] : [];
  const statePath = log ? `${log}.state` : undefined;
  const counts = await readJson(statePath, {}) as Record<string, number>;
  const index = pickRule(rules, counts, event, raw);
  if (index >= 0 && statePath) {
    counts[String(index)] = (counts[String(index)] ?? 0) + 1;
    await Deno.writeTextFile(statePath, JSON.stringify(counts));
  }
  const entry = {
    event,
    argv,
    cwd: Deno.cwd(),
    stdin,
    env,
    time: new Date().toISOString(),
    rule: index >= 0 ? index : null,
  };
  if (log) await Deno.writeTextFile(log, JSON.stringify(entry) + "\n", { append: true });
  const rule = rules[index];
  if (rule === undefined) return 0;
  if (rule.sleepSeconds) await new Promise((r) => setTimeout(r, rule.sleepSeconds! * 1000));
  if (rule.stdout !== undefined) await writeAll(Deno.stdout, rule.stdout);
  if (rule.stderr !== undefined) await writeAll(Deno.stderr, rule.stderr);
  return rule.exit ?? 0;
}

if (import.meta.main) Deno.exit(await main());
