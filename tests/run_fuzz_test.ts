/**
 * A fuzzer of the adapter, in-process: for every agent, 10,000 generated
 * payloads (seeded from the shipped fixtures, then given wrong types in any
 * field, fields taken out, huge strings, deep nesting, invalid UTF-8, duplicate
 * keys, a byte-order mark, cut or trailing bytes) go through `runAdapter` with
 * a hook that answers in-process with a generated outcome (any JSON or none, any
 * exit code and stderr, a timeout, a failed start, too much output), with and
 * without `--fail-closed`. Whatever comes in: no exception, no call that takes
 * long, and what is printed for the agent is nothing or exactly one JSON
 * object on one line, with an exit code the agents know (0, 1 or 2).
 *
 * The generator is seeded (mulberry32): set EVERYHOOK_FUZZ_SEED to replay a
 * run; a failure names its seed, agent and case number.
 */
import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import type { Agent } from "../src/agents/types.ts";
import type { ContractEvent } from "../src/contract/contract.ts";
import { EVENTS } from "../src/contract/contract.ts";
import type { HookOutcome } from "../src/run/hook_process.ts";
import { runAdapter } from "../src/run/run.ts";

/** Payloads per agent. */
const CASES = 10_000;
const SEED = Number(Deno.env.get("EVERYHOOK_FUZZ_SEED") ?? 20261201);
const FIXTURES = new URL("../fixtures/", import.meta.url);

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  #next: () => number;
  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }
  float(): number {
    return this.#next();
  }
  int(n: number): number {
    return Math.floor(this.#next() * n);
  }
  chance(p: number): boolean {
    return this.#next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  string(): string {
    const pieces = [
      "",
      " ",
      "git push --force",
      "rm -rf /",
      "\u0000",
      "\ud800",
      "\udfff",
      "\u202e",
      "\x1b[31mred\x1b[0m",
      "é",
      "😀",
      "\n",
      '"',
      "\\",
      "__proto__",
      "constructor",
      "/dev/zero",
      "/dev/stdin",
      "/proc/self/fd/0",
      "/",
      "..",
      "%s",
      "${HOME}",
    ];
    let s = "";
    for (let i = this.int(5); i > 0; i--) s += this.pick(pieces);
    return s;
  }

  value(depth = 0): unknown {
    const kinds = depth > 3 ? 6 : 8;
    switch (this.int(kinds)) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
        return this.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 42]);
      case 3:
      case 4:
        return this.string();
      case 5:
        return this.chance(0.5) ? [] : {};
      case 6: {
        const out: unknown[] = [];
        for (let i = this.int(4); i > 0; i--) out.push(this.value(depth + 1));
        return out;
      }
      default: {
        const out: Record<string, unknown> = {};
        for (let i = this.int(4); i > 0; i--) out[this.string()] = this.value(depth + 1);
        return out;
      }
    }
  }
}

interface Seed {
  event: ContractEvent;
  payload: Record<string, unknown>;
}

async function seedsOf(agent: Agent): Promise<Seed[]> {
  const seeds: Seed[] = [];
  for await (const e of Deno.readDir(new URL(`${agent.id}/`, FIXTURES))) {
    if (!e.name.endsWith(".json")) continue;
    const f = JSON.parse(await Deno.readTextFile(new URL(`${agent.id}/${e.name}`, FIXTURES)));
    if (agent.events[f.event as ContractEvent] && typeof f.payload === "object") {
      seeds.push({ event: f.event, payload: f.payload });
    }
  }
  for (const event of EVENTS) {
    if (agent.events[event]) seeds.push({ event, payload: {} });
  }
  return seeds;
}

/** Every place in a value where something can be put: [holder, key]. */
function places(value: unknown, out: Array<[Record<string, unknown>, string]> = []) {
  if (typeof value !== "object" || value === null) return out;
  for (const [k, v] of Object.entries(value)) {
    out.push([value as Record<string, unknown>, k]);
    places(v, out);
  }
  return out;
}

function nested(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** A payload as bytes: a seed with mutations, at the level of values, text or bytes. */
function payload(g: Gen, seed: Seed): Uint8Array {
  const value = structuredClone(seed.payload) as Record<string, unknown>;
  for (let i = 1 + g.int(4); i > 0; i--) {
    const spots = places(value);
    const [holder, key] = spots.length > 0 && g.chance(0.8) ? g.pick(spots) : [value, g.string()];
    const what = g.int(10);
    if (what < 2) delete holder[key];
    else if (what === 2 && g.chance(0.1)) holder[key] = "x".repeat(100_000 + g.int(200_000));
    else holder[key] = g.value();
  }
  let text = JSON.stringify(value);
  const how = g.int(12);
  if (how === 0) {
    // A duplicate key, first with a wrong value: JSON.parse keeps the last.
    const key = g.pick([...Object.keys(seed.payload), "hook_event_name", "cwd"]);
    text = `{${JSON.stringify(key)}:${JSON.stringify(g.value())},${text.slice(1)}`;
  } else if (how === 1) {
    const key = g.pick([...Object.keys(seed.payload), "tool_input"]);
    text = `${text.slice(0, -1)}${text.length > 2 ? "," : ""}${JSON.stringify(key)}:${
      JSON.stringify(g.value())
    }}`;
  } else if (how === 2) {
    const depth = g.pick([100, 1000, 5000, 20_000, 200_000]);
    text = `${text.slice(0, -1)}${text.length > 2 ? "," : ""}"deep":${nested(depth)}}`;
  } else if (how === 3) {
    text = "\uFEFF" + text;
  } else if (how === 4) {
    text = text.slice(0, g.int(text.length + 1));
  } else if (how === 5) {
    text += g.pick(["", "x", "{}", "\n\n", "\u0000"]);
  } else if (how === 6) {
    text = g.pick(["", "null", "[]", "1", '"s"', "{", "}", "true", nested(100_000)]);
  }
  const bytes = new TextEncoder().encode(text);
  if (how === 7 || how === 8) {
    // Invalid UTF-8 at a few places (inside strings or not).
    const bad = [[0xff], [0xfe], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90]];
    const out = Array.from(bytes);
    for (let i = 1 + g.int(3); i > 0; i--) out.splice(g.int(out.length + 1), 0, ...g.pick(bad));
    return new Uint8Array(out);
  }
  return bytes;
}

/** What the in-process hook does. */
function outcome(g: Gen): HookOutcome {
  const answerFields = ["decision", "reason", "message", "context", "input", "extra"];
  const decisions = ["deny", "ask", "allow", "block", "DENY", "", "approve"];
  let stdout: string;
  switch (g.int(8)) {
    case 0:
      stdout = "";
      break;
    case 1:
      stdout = JSON.stringify(g.value());
      break;
    case 2:
      stdout = g.string();
      break;
    case 3:
      stdout = g.chance(0.5)
        ? "x".repeat(g.chance(0.1) ? 300_000 : g.int(1000))
        : `{"decision":"deny","input":{"a":${nested(g.pick([300, 5000, 100_000]))}}}`;
      break;
    default: {
      const a: Record<string, unknown> = {};
      for (const f of answerFields) {
        if (!g.chance(0.5)) continue;
        a[f] = f === "decision" && g.chance(0.7) ? g.pick(decisions) : g.value();
      }
      stdout = JSON.stringify(a) + g.pick(["", "\n", "\n{}", " ", "\n\n"]);
    }
  }
  const stderr = g.chance(0.5) ? "" : g.chance(0.01) ? "e".repeat(50_000) : g.string();
  const ms = g.int(100);
  switch (g.int(20)) {
    case 0:
      return { kind: "timeout", timeoutMs: 1000, stdout, stderr, ms };
    case 1:
      return { kind: "start-failed", message: g.string(), ms };
    case 2:
      return { kind: "output-too-large", cap: 10 * 1024 * 1024, stdout, stderr, ms };
    default: {
      const code = g.chance(0.6) ? 0 : g.pick([1, 2, 3, 126, 127, 128 + 9, 255]);
      return { kind: "exited", code, stdout, stderr, ms };
    }
  }
}

for (const agent of AGENTS) {
  Deno.test(`fuzz: ${CASES} generated payloads and hook answers through ${agent.name}`, async () => {
    const seeds = await seedsOf(agent);
    const g = new Gen(SEED ^ [...agent.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7));
    const events = EVENTS.filter((e) => agent.events[e]);
    let answered = 0;
    let slowest = 0;
    for (let i = 0; i < CASES; i++) {
      const seed = g.pick(seeds);
      const event = g.chance(0.9) ? seed.event : g.pick(events);
      const bytes = payload(g, seed);
      const hookOutcome = outcome(g);
      const failClosed = g.chance(0.5);
      const where = `seed ${SEED}, ${agent.id} case ${i} (${event})`;
      const started = performance.now();
      let result;
      try {
        result = await runAdapter(agent, event, { bytes, truncated: false }, ["hook"], {
          env: {},
          cwd: "/nonexistent-everyhook-fuzz",
          failClosed,
          runner: () => Promise.resolve(hookOutcome),
        });
      } catch (error) {
        assert.fail(`${where}: runAdapter threw ${error instanceof Error ? error.stack : error}`);
      }
      slowest = Math.max(slowest, performance.now() - started);
      const { stdout, stderr, exit } = result.native;
      assert.ok([0, 1, 2].includes(exit), `${where}: exit ${exit}`);
      assert.equal(typeof stderr, "string", where);
      if (stdout !== "") {
        assert.ok(!stdout.includes("\n"), `${where}: more than one line: ${stdout.slice(0, 200)}`);
        let parsed: unknown;
        try {
          parsed = JSON.parse(stdout);
        } catch {
          assert.fail(`${where}: printed what is not JSON: ${stdout.slice(0, 200)}`);
        }
        assert.ok(
          typeof parsed === "object" && parsed !== null && !Array.isArray(parsed),
          `${where}: printed JSON that is not an object: ${stdout.slice(0, 200)}`,
        );
        answered++;
      }
      assert.doesNotThrow(() => JSON.stringify(result), `${where}: the --json result`);
    }
    assert.ok(slowest < 2000, `the slowest case took ${Math.round(slowest)} ms`);
    assert.ok(answered > CASES / 10, `only ${answered} of ${CASES} printed an answer`);
  });
}
