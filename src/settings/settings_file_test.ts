import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import { EveryhookError } from "../contract/errors.ts";
import {
  addEntry,
  buildEntry,
  checkShape,
  findOurs,
  isSameEntry,
  jsonEqual,
  removeEntry,
  replaceEntry,
} from "./settings_file.ts";
import { DEFAULT_FORMAT, parseJsonText } from "./json_text.ts";

const claude = findAgent("claude-code")!.install;
const copilot = findAgent("copilot-cli")!.install;
const cursor = findAgent("cursor")!.install;
const argv = (hook: string, event = "pre-tool") => [
  "/opt/bin/everyhook",
  "run",
  "--agent",
  "claude-code",
  "--event",
  event,
  "--timeout",
  "28",
  "--",
  hook,
];

Deno.test("buildEntry() writes a matcher group with one handler, or a flat entry", () => {
  const group = buildEntry(claude, {
    event: "pre-tool",
    native: "PreToolUse",
    argv: argv("/h/a.ts"),
    timeout: 30,
    matcher: "Bash",
    failClosed: true,
  });
  assert.deepEqual(group.value, {
    matcher: "Bash",
    hooks: [{
      type: "command",
      command:
        '/opt/bin/everyhook run --agent claude-code --event pre-tool --timeout 28 -- "/h/a.ts"',
      timeout: 30,
      onFailure: "block",
    }],
  });
  const flat = buildEntry(copilot, {
    event: "pre-tool",
    native: "preToolUse",
    argv: argv("/h/a.ts"),
    timeout: 30,
    failClosed: true,
  });
  assert.deepEqual(Object.keys(flat.value), ["type", "exec", "args", "timeoutSec"]);
  const stop = buildEntry(cursor, {
    event: "stop",
    native: "stop",
    argv: argv("/h/a.ts", "stop"),
    timeout: 30,
    failClosed: false,
  });
  assert.equal(stop.value.loop_limit, 5);
  assert.equal(stop.value.failClosed, undefined);
});

Deno.test("checkShape() refuses a root, hooks, event list or version of the wrong shape", () => {
  const refused = (value: unknown, info = claude) =>
    assert.throws(
      () => checkShape(value, info, "f.json", ["PreToolUse"]),
      (e: unknown) => e instanceof EveryhookError && e.code === "config-shape",
    );
  refused([]);
  refused("x");
  refused({ hooks: [] });
  refused({ hooks: { PreToolUse: {} } });
  refused({ version: 2 }, copilot);
  assert.deepEqual(checkShape({ hooks: { Stop: {} } }, claude, "f", ["PreToolUse"]), {
    hooks: { Stop: {} },
  });
  assert.deepEqual(checkShape({ version: 1 }, copilot, "f", []), { version: 1 });
});

Deno.test("findOurs() finds only lines that start everyhook's run, in any handler", () => {
  const root = {
    hooks: {
      PreToolUse: [
        "not an object",
        { hooks: "not a list" },
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: "echo mine" },
            { type: "command", command: argv("/h/a.ts").join(" ") },
          ],
        },
      ],
      Stop: { hooks: [] },
    },
  };
  const found = findOurs(root, claude);
  assert.equal(found.length, 1);
  assert.deepEqual(found[0]!.path, ["hooks", "PreToolUse", 2, "hooks", 1]);
  assert.equal(found[0]!.groupSize, 2);
  assert.equal(found[0]!.matcher, "Bash");
  const flat = findOurs({
    hooks: {
      preToolUse: [
        { exec: "/opt/bin/everyhook", args: argv("/h/a.ts").slice(1) },
        { bash: argv("/h/b.ts").join(" ") },
        { exec: "/bin/echo", args: ["hi"] },
      ],
    },
  }, copilot);
  assert.deepEqual(flat.map((f) => f.line.hook), ["/h/a.ts", "/h/b.ts"]);
});

Deno.test("replaceEntry() in a shared group replaces the handler, or moves it when the matcher changed", () => {
  const text = JSON.stringify(
    {
      hooks: {
        PreToolUse: [{
          matcher: "Bash",
          hooks: [{ command: "echo mine" }, { command: argv("/h/a.ts").join(" ") }],
        }],
      },
    },
    null,
    2,
  );
  const root = parseJsonText(text, "f") as Record<string, unknown>;
  const [found] = findOurs(root, claude);
  const make = (matcher: string, timeout: number) =>
    buildEntry(claude, {
      event: "pre-tool",
      native: "PreToolUse",
      argv: argv("/h/a.ts"),
      timeout,
      matcher,
      failClosed: false,
    });
  assert.ok(!isSameEntry(found!, make("Bash", 60), claude));
  const same = parseJsonText(
    replaceEntry(text, root, found!, make("Bash", 60), DEFAULT_FORMAT),
    "f",
  );
  assert.deepEqual(
    (same as { hooks: { PreToolUse: Array<{ hooks: Array<{ timeout?: number }> }> } })
      .hooks.PreToolUse[0]!.hooks.map((h) => h.timeout),
    [undefined, 60],
  );
  const moved = parseJsonText(
    replaceEntry(text, root, found!, make("Edit", 30), DEFAULT_FORMAT),
    "f",
  ) as {
    hooks: { PreToolUse: Array<{ matcher: string; hooks: unknown[] }> };
  };
  assert.deepEqual(moved.hooks.PreToolUse.map((g) => [g.matcher, g.hooks.length]), [["Bash", 1], [
    "Edit",
    1,
  ]]);
});

Deno.test("addEntry() and removeEntry() create and drop the event's list, and keep hooks", () => {
  const desired = buildEntry(claude, {
    event: "stop",
    native: "Stop",
    argv: argv("/h/a.ts", "stop"),
    timeout: 30,
    failClosed: false,
  });
  let text = addEntry("{}\n", {}, desired, DEFAULT_FORMAT);
  let root = parseJsonText(text, "f") as Record<string, unknown>;
  text = addEntry(text, root, desired, DEFAULT_FORMAT);
  root = parseJsonText(text, "f") as Record<string, unknown>;
  const found = findOurs(root, claude);
  assert.equal(found.length, 2);
  assert.ok(jsonEqual(found[0]!.unit, desired.value));
  text = removeEntry(text, root, found[1]!, DEFAULT_FORMAT);
  root = parseJsonText(text, "f") as Record<string, unknown>;
  text = removeEntry(text, root, findOurs(root, claude)[0]!, DEFAULT_FORMAT);
  assert.deepEqual(parseJsonText(text, "f"), { hooks: {} });
});

Deno.test("jsonEqual() ignores key order and nothing else", () => {
  assert.ok(jsonEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }));
  assert.ok(!jsonEqual({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!jsonEqual([1, 2], [2, 1]));
  assert.ok(!jsonEqual({ a: [] }, { a: {} }));
});
