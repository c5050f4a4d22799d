import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import { install } from "./install.ts";
import { listBackups } from "../settings/backups.ts";
import { uninstall } from "./uninstall.ts";
import { installOptions, type TestWorld, testWorld } from "../../tests/install_world.ts";

const claude = findAgent("claude-code")!;
const codex = findAgent("codex")!;

const world = () =>
  testWorld({ prefix: "everyhook-uninstall-", files: ["hook.ts"], os: Deno.build.os });
const options = (agent = claude) => installOptions("hook.ts", [agent]);

const uninstallAll = (w: TestWorld, agent = claude) =>
  uninstall({ hook: "hook.ts", agents: [agent], scope: "user", dryRun: false }, w);

Deno.test("uninstall() keeps a comment or a blank line added after install, and writes no backup back", async () => {
  for (
    const edit of [
      (t: string) => `// my note\n${t}`,
      (t: string) => t.replace('"model"', '/* why */ "model"'),
      (t: string) => t.replace("{\n", "{\n\n"),
    ]
  ) {
    await using w = await world();
    const file = `${w.home}/.claude/settings.json`;
    await Deno.mkdir(`${w.home}/.claude`);
    await Deno.writeTextFile(file, '{\n  "model": "opus"\n}\n');
    await install(options(), w);
    const edited = edit(await Deno.readTextFile(file));
    await Deno.writeTextFile(file, edited);
    const r = await uninstallAll(w);
    assert.equal(r.results[0]!.removed, 2);
    assert.equal(r.results[0]!.restoredFrom, null, "the file differs from the backup by more");
    assert.equal(await Deno.readTextFile(file), edit('{\n  "model": "opus"\n}\n'));
  }
});

Deno.test("uninstall() gives back the backup's bytes only when the file is exactly what install made", async () => {
  await using w = await world();
  const file = `${w.home}/.claude/settings.json`;
  await Deno.mkdir(`${w.home}/.claude`);
  const before = '{"model":"opus",\n\t"hooks": {}}';
  await Deno.writeTextFile(file, before);
  await install(options(), w);
  const r = await uninstallAll(w);
  assert.equal(r.results[0]!.restoredFrom, (await listBackups(file)).at(-1)?.path);
  assert.equal(await Deno.readTextFile(file), before);
});

Deno.test("uninstall() with no backup keeps a file left with a comment, and deletes one left empty", async () => {
  await using w = await world();
  const file = `${w.home}/.codex/hooks.json`;
  await install(options(codex), w);
  const made = await Deno.readTextFile(file);
  await Deno.writeTextFile(file, `// keep this file\n${made}`);
  const kept = await uninstallAll(w, codex);
  assert.equal(kept.results[0]!.action, "removed");
  const left = await Deno.readTextFile(file);
  assert.match(left, /^\/\/ keep this file\n/);
  assert.doesNotMatch(left, /everyhook/);

  await Deno.remove(file);
  for (const b of await listBackups(file)) await Deno.remove(b.path);
  await install(options(codex), w);
  await Deno.writeTextFile(file, (await Deno.readTextFile(file)).replace("{", "{\n\n  "));
  const gone = await uninstallAll(w, codex);
  assert.equal(gone.results[0]!.action, "deleted", "only whitespace and the skeleton were left");
  await assert.rejects(Deno.lstat(file), Deno.errors.NotFound);
});

Deno.test("uninstall() takes out two entries of ours in one group, and the group they leave empty", async () => {
  await using w = await world();
  const file = `${w.home}/.claude/settings.json`;
  await Deno.mkdir(`${w.home}/.claude`);
  await Deno.writeTextFile(file, '{\n  "model": "opus"\n}\n');
  await install({ ...options(), events: ["pre-tool"] }, w);
  // A person copied our handler within its group, and added one of their own after it.
  const installed = JSON.parse(await Deno.readTextFile(file));
  const ours = installed.hooks.PreToolUse[0].hooks[0];
  const mine = { type: "command", command: "echo mine" };
  installed.hooks.PreToolUse[0].hooks = [ours, ours];
  installed.hooks.PreToolUse.push({ hooks: [ours, mine] });
  await Deno.writeTextFile(file, JSON.stringify(installed, null, 2) + "\n");
  const r = await uninstallAll(w);
  assert.equal(r.results[0]!.removed, 3);
  const after = JSON.parse(await Deno.readTextFile(file));
  assert.deepEqual(after, { model: "opus", hooks: { PreToolUse: [{ hooks: [mine] }] } });
});
