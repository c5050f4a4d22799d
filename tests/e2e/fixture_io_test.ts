import assert from "node:assert/strict";
import { fixtureOs, redact, requestsMention, writeFixture } from "./fixture_io.ts";
import type { Fixture } from "./harness_types.ts";
import { makeWorld } from "./world.ts";

Deno.test("redact() replaces the world's paths in values and keys, longest first", async () => {
  await using w = await makeWorld("test");
  const out = redact({
    cwd: w.project,
    transcript: `${w.home}/.claude/x.jsonl`,
    tmp: `${w.tmp}/a`,
    root: w.root,
    slug: `x/${w.project.replace(/[^A-Za-z0-9]/g, "-")}/y`,
    [`${w.project}/k`]: [1, null, `${w.project}/src`],
  }, w);
  assert.deepEqual(out, {
    cwd: "<project>",
    transcript: "<home>/.claude/x.jsonl",
    tmp: "<tmp>/a",
    root: "<tmp>",
    slug: "x/<project-slug>/y",
    "<project>/k": [1, null, "<project>/src"],
  });
});

Deno.test("redact() leaves its placeholders whole for a user named like one of them", async () => {
  await using w = await makeWorld("test");
  const saved = Deno.env.get("USER");
  Deno.env.set("USER", "home");
  try {
    assert.equal(redact(`${w.home}/x by home`, w), "<home>/x by <user>");
  } finally {
    if (saved === undefined) Deno.env.delete("USER");
    else Deno.env.set("USER", saved);
  }
});

Deno.test("redact() replaces the host name only as a whole word", async () => {
  await using w = await makeWorld("test");
  const host = Deno.hostname();
  assert.equal(redact(`on ${host}.`, w), "on <host>.");
  assert.equal(redact(`x${host}y`, w), `x${host}y`);
});

Deno.test("writeFixture() writes <agent>/<event>.<variant>.json as 2-space JSON", async () => {
  await using w = await makeWorld("test");
  const f: Fixture = {
    agent: "claude-code",
    version: "1.0.0",
    source: "recorded",
    os: fixtureOs(),
    date: "2026-01-01",
    event: "pre-tool",
    nativeEvent: "PreToolUse",
    variant: "edit",
    payload: { a: 1 },
  };
  const a = await writeFixture(w.tmp, f);
  const b = await writeFixture(`${w.tmp}/claude-code`, f);
  assert.equal(a, `${w.tmp}/claude-code/pre-tool.edit.json`);
  assert.equal(b, a);
  assert.equal(await Deno.readTextFile(a), JSON.stringify(f, null, 2) + "\n");
});

Deno.test("requestsMention() finds a text in any string of any body", () => {
  const log = [{ body: null }, { body: { messages: [{ content: [{ text: 'said "R-1"\n' }] }] } }];
  assert.equal(requestsMention(log, '"R-1"\n'), true);
  assert.equal(requestsMention(log, "R-2"), false);
});
