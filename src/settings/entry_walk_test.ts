import assert from "node:assert/strict";
import { walkEntries } from "./entry_walk.ts";

const hooks = {
  PreToolUse: [
    { matcher: "Bash", hooks: [{ command: "a" }, "not an object", { command: "b" }] },
    { matcher: "Write", command: "loose" },
    42,
  ],
  Stop: "not a list",
};

Deno.test("walkEntries() in matcher groups walks each handler, and an item without hooks as one entry", () => {
  const notLists: string[] = [];
  const found = walkEntries(hooks, "matcher-groups", (key) => notLists.push(key));
  assert.deepEqual(found.map((e) => [e.path, e.groupPath, e.groupSize, e.matcher, e.value]), [
    [["hooks", "PreToolUse", 0, "hooks", 0], ["hooks", "PreToolUse", 0], 3, "Bash", {
      command: "a",
    }],
    [["hooks", "PreToolUse", 0, "hooks", 2], ["hooks", "PreToolUse", 0], 3, "Bash", {
      command: "b",
    }],
    [["hooks", "PreToolUse", 1], undefined, 1, "Write", { matcher: "Write", command: "loose" }],
  ]);
  assert.equal(found[0]?.unit, hooks.PreToolUse[0]);
  assert.deepEqual(notLists, ["Stop"]);
});

Deno.test("walkEntries() in the flat layout takes each object item as an entry, whatever it holds", () => {
  const found = walkEntries(hooks, "flat");
  assert.deepEqual(found.map((e) => e.path), [["hooks", "PreToolUse", 0], [
    "hooks",
    "PreToolUse",
    1,
  ]]);
  assert.ok(
    found.every((e) => e.groupPath === undefined && e.groupSize === 1 && e.unit === e.value),
  );
});
