import assert from "node:assert/strict";
import { parse } from "smol-toml";
import {
  BLOCK_END,
  BLOCK_START,
  tomlHooksJson,
  tomlHooksView,
  tomlWithHooks,
  verifyToml,
} from "./toml_hooks.ts";

const PERSON = [
  "# the person's own config",
  'default_model = "k2"',
  "",
  "[[hooks]]",
  'event = "Stop"',
  'command = "notify-send done"',
  "",
  "[providers.mine]",
  'type = "openai"',
  "",
].join("\n");

const entries = (hooks: Record<string, unknown[]>) => JSON.stringify({ version: 1, hooks });
const stop = { type: "command", command: "everyhook run --agent kimi-code", timeout: 30 };
const pre = { type: "command", command: "everyhook run x", matcher: "Bash|Write", timeout: 10 };

Deno.test("tomlWithHooks adds one block at the end, and taking it out gives the file back byte for byte", () => {
  const text = tomlWithHooks(PERSON, entries({ PreToolUse: [pre], Stop: [stop] }));
  assert.ok(text.startsWith(PERSON), "the person's text is left as it was");
  const parsed = parse(text) as { hooks: Array<Record<string, unknown>>; default_model: string };
  assert.equal(parsed.default_model, "k2");
  assert.deepEqual(parsed.hooks.map((h) => h.event), ["Stop", "PreToolUse", "Stop"]);
  assert.deepEqual({ ...parsed.hooks[1] }, {
    event: "PreToolUse",
    matcher: "Bash|Write",
    command: "everyhook run x",
    timeout: 10,
  });
  assert.equal(tomlWithHooks(text, entries({})), PERSON);
});

Deno.test("tomlHooksJson reads only everyhook's block; tomlHooksView reads every [[hooks]] table", () => {
  assert.equal(tomlHooksJson(PERSON, "c.toml"), "", "no block: no entries of ours");
  const text = tomlWithHooks(PERSON, entries({ Stop: [stop] }));
  assert.deepEqual(JSON.parse(tomlHooksJson(text, "c.toml")), { hooks: { Stop: [stop] } });
  const all = tomlHooksView(parse(text) as Record<string, unknown>);
  assert.equal(all.hooks.Stop?.length, 2);
  assert.equal(all.hooks.Stop?.[0]?.command, "notify-send done");
});

Deno.test("tomlWithHooks rewrites the block in place and keeps what follows it and the line endings", () => {
  const crlf = PERSON.replaceAll("\n", "\r\n");
  const once = tomlWithHooks(crlf, entries({ Stop: [stop] })) + "[later]\r\nx = 1\r\n";
  const again = tomlWithHooks(once, entries({ Stop: [{ ...stop, timeout: 60 }] }));
  assert.ok(again.endsWith(`${BLOCK_END}\r\n[later]\r\nx = 1\r\n`));
  assert.ok(!/[^\r]\n/.test(again), "no bare LF in a CRLF file");
  assert.equal(again.split(BLOCK_START).length, 2, "one block");
  assert.match(again, /timeout = 60/);
  assert.equal(tomlWithHooks(again, entries({})), `${crlf}[later]\r\nx = 1\r\n`);
});

Deno.test("a config everyhook cannot add to is refused, and a broken one is not read", () => {
  assert.throws(() => tomlHooksJson("hooks = 1\n", "c.toml"), /not a list of \[\[hooks\]\] tables/);
  assert.throws(() => tomlHooksJson("[hooks]\nx = 1\n", "c.toml"), /not a list/);
  assert.throws(() => tomlHooksJson('a = "open\n', "c.toml"), /not valid TOML/);
  // An inline `hooks = []` and a [[hooks]] table after it cannot both be: the write is refused.
  const text = tomlWithHooks("hooks = []\n", entries({ Stop: [stop] }));
  assert.throws(
    () => verifyToml("c.toml")(new TextEncoder().encode(text)),
    /inline "hooks = \[\.\.\.\]"/,
  );
  assert.throws(
    () => tomlHooksJson("hooks = 1\n", "c.toml"),
    /^EveryhookError: Cannot change "c\.toml"/,
  );
});
