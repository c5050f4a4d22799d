// deno-lint-ignore-file no-console -- tests print why they check nothing
/**
 * Every committed fixture says where it comes from and leaks nothing of the
 * machine it was recorded on.
 *
 * @module
 */

import assert from "node:assert/strict";

const FIXTURES = new URL("../fixtures/", import.meta.url).pathname;

async function* jsonFiles(dir: string): AsyncGenerator<string> {
  let entries: Deno.DirEntry[];
  try {
    entries = await Array.fromAsync(Deno.readDir(dir));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = `${dir}${e.name}`;
    if (e.isDirectory) yield* jsonFiles(`${path}/`);
    else if (e.name.endsWith(".json")) yield path;
  }
}

/** The text patterns no fixture may hold, each with what it would leak. */
function leakPatterns(): Array<[RegExp, string]> {
  const word = (w: string): RegExp =>
    new RegExp(`(^|[^A-Za-z0-9_])${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z0-9_])`);
  // An absolute path starts the text or follows a character that cannot be part of a path
  // (so "<home>/.gemini/tmp/project" is not a /tmp path).
  const absolute = (rest: string): RegExp => new RegExp(`(^|[^A-Za-z0-9_.<>/-])/${rest}`);
  const patterns: Array<[RegExp, string]> = [
    [absolute("root(/|\\b)"), "the root user's home"],
    [absolute("home/[A-Za-z0-9_.-]+"), "a user's home"],
    [absolute("Users/[A-Za-z0-9_.-]+"), "a user's home"],
    [absolute("tmp/[A-Za-z0-9_.-]+"), "a temporary path"],
    [absolute("work(/|\\b)"), "the work checkout"],
  ];
  const user = Deno.env.get("USER") ?? Deno.env.get("LOGNAME");
  if (user && user.length > 1 && user !== "root") {
    patterns.push([word(user), `the user name "${user}"`]);
  }
  let host: string | undefined;
  try {
    host = Deno.hostname();
  } catch { /* no --allow-sys */ }
  if (host && host.length > 1 && host !== "localhost") {
    patterns.push([word(host), `the host name "${host}"`]);
  }
  return patterns;
}

Deno.test("fixtures/**/*.json say agent, version, os, date and source", async () => {
  let count = 0;
  for await (const path of jsonFiles(FIXTURES)) {
    count++;
    const value: unknown = JSON.parse(await Deno.readTextFile(path));
    assert.ok(typeof value === "object" && value !== null, `${path}: not an object`);
    const f = value as Record<string, unknown>;
    for (const key of ["agent", "version", "os", "date", "source"]) {
      assert.equal(typeof f[key], "string", `${path}: "${key}" is missing or not a string`);
    }
    assert.match(String(f["date"]), /^\d{4}-\d{2}-\d{2}$/, `${path}: date`);
    assert.ok(["recorded", "documented"].includes(String(f["source"])), `${path}: source`);
    const agent = String(f["agent"]);
    const rel = path.slice(FIXTURES.length);
    assert.ok(
      rel.startsWith(`${agent}/`) || rel === `conformance/${agent}.json`,
      `${rel}: its agent is "${agent}"`,
    );
  }
  if (count === 0) console.log("no fixtures yet: nothing to check");
});

Deno.test("fixtures/**/*.json hold no user name, host name or machine path", async () => {
  const patterns = leakPatterns();
  for await (const path of jsonFiles(FIXTURES)) {
    const text = await Deno.readTextFile(path);
    for (const [pattern, what] of patterns) {
      const m = pattern.exec(text);
      assert.equal(m, null, `${path.slice(FIXTURES.length)} holds ${what}: "${m?.[0]}"`);
    }
  }
});
