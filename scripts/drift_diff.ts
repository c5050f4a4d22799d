/**
 * What changed between two recordings of one agent (`deno task drift`): the
 * pinned release's fixtures and conformance file against the ones a newer
 * release gave, cell by cell. A fixture is a payload the agent sent under an
 * event; a conformance case is what the agent did with one raw hook answer.
 * The changes worth a maintainer's eye: an event that no longer fires (its
 * fixture is gone), a field gone or renamed in a payload, a native event
 * renamed, and a case whose outcome moved (the tool ran where it did not, the
 * reason no longer reached the model, the agent no longer went back to work,
 * the hook no longer ran). Values that change in every run (ids, paths, times)
 * are not compared: only the payloads' field paths are.
 *
 * @module
 */

import type { Fixture } from "../src/readers/recorded.ts";
import type { ConformanceCase, ConformanceFile } from "../src/contract/conformance.ts";

/** One agent's recordings: its fixtures and its conformance file (if it has one). */
export interface RecordedSet {
  /** The version that was recorded. */
  version: string;
  /** The fixtures. */
  fixtures: readonly Fixture[];
  /** The conformance file, or undefined. */
  conformance: ConformanceFile | undefined;
}

/** What kind of change a cell saw. */
export type ChangeKind = "gone" | "renamed" | "field-gone" | "field-new" | "answer" | "new";

/** One cell whose value changed. */
export interface Change {
  /**
   * Why this change may be the agent's own from run to run, not the release's
   * (an event it does not wait for): such a change is shown, not counted.
   */
  unsteady?: string;
  /** What changed. */
  kind: ChangeKind;
  /** The cell: a fixture (`fixture pre-tool.shell-force-push`) or a case (`case pre-deny-json`), and what of it. */
  cell: string;
  /** Its value under the pinned release. */
  was: string;
  /** Its value under the newer one. */
  now: string;
}

/** The outcomes of a case that are compared, with the words for them. */
const OUTCOMES: ReadonlyArray<[keyof ConformanceCase | "hookRan", string]> = [
  ["hookRan", "the hook ran"],
  ["toolRan", "the tool ran (or the prompt was sent)"],
  ["reachedModel", "the hook's text reached the model"],
  ["continued", "the agent went back to work"],
  ["runEnded", "the run ended early"],
];

/**
 * Every field path of a JSON value: `a`, `a.b`, `list[].c`.
 *
 * @param value The value.
 * @param prefix The path so far.
 * @returns The paths, sorted.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { fieldPaths } from "./drift_diff.ts";
 * assert.deepEqual(fieldPaths({ a: { b: 1 }, c: [{ d: 2 }] }), ["a", "a.b", "c", "c[].d"]);
 * ```
 */
export function fieldPaths(value: unknown, prefix = ""): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) {
      for (const item of v) walk(item, `${at}[]`);
    } else if (typeof v === "object" && v !== null) {
      for (const [k, inner] of Object.entries(v)) {
        const path = at === "" ? k : `${at}.${k}`;
        out.add(path);
        walk(inner, path);
      }
    }
  };
  walk(value, prefix);
  return [...out].sort();
}

function byKey<T>(items: readonly T[], key: (t: T) => string): Map<string, T> {
  return new Map(items.map((t) => [key(t), t]));
}

/** A case's outcome by name: the recorded fields, and whether the hook ran (read from its notes). */
function outcome(c: ConformanceCase, name: (typeof OUTCOMES)[number][0]): string {
  if (name === "hookRan") return String(!/the hook never ran/.test(c.notes ?? ""));
  return String(c[name] ?? "n/a");
}

function compareFixtures(pinned: RecordedSet, newest: RecordedSet): Change[] {
  const changes: Change[] = [];
  const key = (f: Fixture) => `${f.event}.${f.variant}`;
  const before = byKey(pinned.fixtures, key);
  const after = byKey(newest.fixtures, key);
  for (const [name, old] of before) {
    const cell = `fixture ${name}`;
    const fresh = after.get(name);
    if (fresh === undefined) {
      changes.push({
        kind: "gone",
        cell: `${cell} (${old.nativeEvent})`,
        was: "fired",
        now: "did not fire",
      });
      continue;
    }
    if (fresh.nativeEvent !== old.nativeEvent) {
      changes.push({
        kind: "renamed",
        cell: `${cell}: native event`,
        was: old.nativeEvent,
        now: fresh.nativeEvent,
      });
    }
    const had = fieldPaths(old.payload);
    const has = fieldPaths(fresh.payload);
    const gone = had.filter((p) => !has.includes(p));
    const added = has.filter((p) => !had.includes(p));
    // One field out and one in at the same depth: a rename, said as one.
    const depth = (p: string) => p.split(".").length;
    if (gone.length === 1 && added.length === 1 && depth(gone[0]!) === depth(added[0]!)) {
      changes.push({ kind: "renamed", cell: `${cell}: field`, was: gone[0]!, now: added[0]! });
      continue;
    }
    for (const p of gone) {
      changes.push({ kind: "field-gone", cell: `${cell}: field`, was: p, now: "absent" });
    }
    for (const p of added) {
      changes.push({ kind: "field-new", cell: `${cell}: field`, was: "absent", now: p });
    }
  }
  for (const [name, fresh] of after) {
    if (!before.has(name)) {
      changes.push({
        kind: "new",
        cell: `fixture ${name} (${fresh.nativeEvent})`,
        was: "not recorded",
        now: "fired",
      });
    }
  }
  return changes;
}

function compareCases(
  pinned: RecordedSet,
  newest: RecordedSet,
  unsteady: Unsteady | undefined,
): Change[] {
  const changes: Change[] = [];
  const before = byKey(pinned.conformance?.cases ?? [], (c) => c.id);
  const after = byKey(newest.conformance?.cases ?? [], (c) => c.id);
  for (const [id, old] of before) {
    const fresh = after.get(id);
    if (fresh === undefined) {
      changes.push({ kind: "gone", cell: `case ${id}`, was: "recorded", now: "not recorded" });
      continue;
    }
    const why = unsteady?.(old);
    for (const [name, words] of OUTCOMES) {
      const was = outcome(old, name);
      const now = outcome(fresh, name);
      if (was === now) continue;
      const change: Change = { kind: "answer", cell: `case ${id}: ${words}`, was, now };
      // Whether the hook ran (for a tool event, what toolRan records) is what is unsteady.
      const ran = name === "hookRan" || (name === "toolRan" && old.event === "post-tool");
      if (why !== undefined && ran) {
        change.unsteady = why;
      }
      changes.push(change);
    }
  }
  for (const id of after.keys()) {
    if (!before.has(id)) {
      changes.push({ kind: "new", cell: `case ${id}`, was: "not recorded", now: "recorded" });
    }
  }
  return changes;
}

/**
 * The cells whose value changed from the pinned release's recordings to a
 * newer release's, fixtures first, then conformance cases.
 *
 * @param pinned The recordings of the pinned release.
 * @param newest The recordings of the newer release.
 * @param unsteady Why a case's hook may run in one run and not the next
 *   (the agent's `unsteady` events), or undefined for a steady one.
 * @returns The changes; none when the two agree.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareRecordings } from "./drift_diff.ts";
 * const set = { version: "1.0.0", fixtures: [], conformance: undefined };
 * assert.deepEqual(compareRecordings(set, { ...set, version: "1.1.0" }), []);
 * ```
 */
export function compareRecordings(
  pinned: RecordedSet,
  newest: RecordedSet,
  unsteady?: Unsteady,
): Change[] {
  return [...compareFixtures(pinned, newest), ...compareCases(pinned, newest, unsteady)];
}

/** Why a case's hook may run in one run and not the next, or undefined. */
export type Unsteady = (c: ConformanceCase) => string | undefined;

/**
 * One change in one line, for the terminal.
 *
 * @param c The change.
 * @returns Such as `case pre-deny-json: the tool ran: false -> true`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { changeLine } from "./drift_diff.ts";
 * assert.equal(changeLine({ kind: "answer", cell: "case x: the tool ran", was: "false", now: "true" }),
 *   "case x: the tool ran: false -> true");
 * ```
 */
export function changeLine(c: Change): string {
  const line = `${c.cell}: ${c.was} -> ${c.now}`;
  return c.unsteady === undefined ? line : `${line} (unsteady, not counted: ${c.unsteady})`;
}
