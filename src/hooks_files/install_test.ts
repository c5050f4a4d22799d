import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import type { Agent } from "../agents/types.ts";
import { EveryhookError } from "../contract/errors.ts";
import { findOurs } from "./hooks_file.ts";
import { install, type InstallOptions } from "./install.ts";
import type { InstallWorld } from "./config_file.ts";
import { parseJsonText } from "./json_text.ts";
import { restore } from "./restore.ts";
import { uninstall } from "./uninstall.ts";

const SELF = { argv: ["/opt/bin/everyhook"], warnings: ["a warning"] };
const claude = findAgent("claude-code")!;
const codex = findAgent("codex")!;
const gemini = findAgent("gemini-cli")!;
const copilot = findAgent("copilot-cli")!;
const cursor = findAgent("cursor")!;

interface TestWorld extends InstallWorld, AsyncDisposable {
  home: string;
  options(over: Partial<InstallOptions>): InstallOptions;
}

async function world(): Promise<TestWorld> {
  const home = await Deno.makeTempDir({ prefix: "everyhook-install-" });
  await Deno.writeTextFile(`${home}/hook.ts`, "");
  let t = Date.UTC(2026, 9, 17, 17, 30, 0);
  return {
    home,
    env: { HOME: home },
    cwd: home,
    os: Deno.build.os,
    now: () => new Date(t += 1000),
    options: (over) => ({
      hook: "hook.ts",
      agents: [claude],
      events: ["pre-tool"],
      scope: "user",
      timeout: 30,
      failClosed: false,
      dryRun: false,
      self: SELF,
      ...over,
    }),
    [Symbol.asyncDispose]: () => Deno.remove(home, { recursive: true }),
  };
}

async function readJson(path: string): Promise<Record<string, unknown>> {
  return parseJsonText(await Deno.readTextFile(path), path) as Record<string, unknown>;
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

async function write(path: string, text: string): Promise<void> {
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, text);
}

Deno.test("install() writes the agent's event names, timeout unit and run's timeout", async () => {
  await using w = await world();
  const r = await install(w.options({ agents: [claude, gemini] }), w);
  assert.deepEqual(r.warnings, ["a warning"]);
  const c = await readJson(`${w.home}/.claude/settings.json`);
  const found = findOurs(c, claude.install);
  assert.equal(found.length, 1);
  assert.equal(found[0]!.native, claude.events["pre-tool"]!.native);
  assert.equal(found[0]!.value.timeout, 30);
  assert.equal(found[0]!.line.timeout, 28);
  const g = findOurs(await readJson(`${w.home}/.gemini/settings.json`), gemini.install);
  assert.equal(g[0]!.native, "BeforeTool");
  assert.equal(g[0]!.value.timeout, 30000, "Gemini CLI takes milliseconds");
  assert.equal(g[0]!.line.timeout, 28);
  assert.equal(r.results[1]!.entries[0]!.timeout, 30000);
});

Deno.test("install() holds Codex's SessionEnd to 3 seconds and says so", async () => {
  await using w = await world();
  const r = await install(w.options({ agents: [codex], events: ["session-end", "stop"] }), w);
  const found = findOurs(await readJson(`${w.home}/.codex/hooks.json`), codex.install);
  const end = found.find((f) => f.native === "SessionEnd")!;
  assert.equal(end.value.timeout, 3);
  assert.equal(end.line.timeout, 1);
  assert.equal(found.find((f) => f.native === "Stop")!.value.timeout, 30);
  assert.ok(r.results[0]!.notes.some((n) => /3 seconds/.test(n)));
});

Deno.test("install() writes fail-closed switches and Cursor's loop_limit at stops", async () => {
  await using w = await world();
  await install(
    w.options({ agents: [claude, cursor], events: ["pre-tool", "stop"], failClosed: true }),
    w,
  );
  const c = findOurs(await readJson(`${w.home}/.claude/settings.json`), claude.install);
  assert.ok(c.every((f) => f.value.onFailure === "block" && f.line.failClosed));
  const u = findOurs(await readJson(`${w.home}/.cursor/hooks.json`), cursor.install);
  assert.ok(u.every((f) => f.value.failClosed === true));
  assert.equal(u.find((f) => f.native === cursor.events.stop!.native)!.value.loop_limit, 5);
  assert.equal(
    u.find((f) => f.native === cursor.events["pre-tool"]!.native)!.value.loop_limit,
    undefined,
  );
});

Deno.test("install() gives Copilot CLI the form with no shell: exec and args", async () => {
  await using w = await world();
  await install(w.options({ agents: [copilot] }), w);
  const file = await readJson(`${w.home}/.copilot/hooks/everyhook.json`);
  assert.equal(file.version, 1);
  const [entry] = findOurs(file, copilot.install);
  assert.equal(entry!.value.exec, "/opt/bin/everyhook");
  assert.deepEqual((entry!.value.args as string[]).slice(0, 3), ["run", "--agent", "copilot-cli"]);
  assert.equal(entry!.value.bash, undefined);
  assert.equal(entry!.value.timeoutSec, 30);
});

Deno.test("install() writes the matcher only where the event takes one", async () => {
  await using w = await world();
  const r = await install(w.options({ events: ["pre-tool", "stop"], matcher: "Bash" }), w);
  const settings = await readJson(`${w.home}/.claude/settings.json`);
  const hooks = settings.hooks as Record<string, Array<Record<string, unknown>>>;
  assert.equal(hooks.PreToolUse![0]!.matcher, "Bash");
  assert.equal(hooks.Stop![0]!.matcher, undefined);
  assert.deepEqual(r.results[0]!.notes, ["no matcher at stop: Claude Code takes none there"]);
});

Deno.test("install() skips an event the agent lacks, with a note, and creates no empty file", async () => {
  await using w = await world();
  const lacking: Agent = { ...codex, events: { "pre-tool": codex.events["pre-tool"]! } };
  const r = await install(w.options({ agents: [lacking], events: ["stop"] }), w);
  assert.equal(r.results[0]!.action, "unchanged");
  assert.match(r.results[0]!.notes[0]!, /^stop: Codex CLI has no such event/);
  assert.equal(await exists(`${w.home}/.codex/hooks.json`), false);
});

Deno.test("install() with a changed option replaces its entry in place", async () => {
  await using w = await world();
  const file = `${w.home}/.copilot/hooks/everyhook.json`;
  await write(
    file,
    '{"version": 1, "hooks": {"preToolUse": [{"bash": "echo first"}]}}\n',
  );
  await install(w.options({ agents: [copilot] }), w);
  const text = await Deno.readTextFile(file);
  assert.ok(!text.trimEnd().includes("\n"), "a file on one line stays on one line");
  await Deno.writeTextFile(file, text.replace(/\]\}\}\n$/, ', {"bash": "echo last"}]}}\n'));
  const r = await install(w.options({ agents: [copilot], timeout: 60 }), w);
  assert.equal(r.results[0]!.action, "updated");
  const list = ((await readJson(file)).hooks as Record<string, Array<Record<string, unknown>>>)
    .preToolUse!;
  assert.deepEqual(list.map((e) => e.bash ?? e.timeoutSec), ["echo first", 60, "echo last"]);
  const again = await install(w.options({ agents: [copilot], timeout: 60 }), w);
  assert.equal(again.results[0]!.action, "unchanged");
});

Deno.test("install() leaves an invalid or wrong-shaped file alone and still does the others", async () => {
  const cases = [
    '{"model": "opus",,}',
    "[]",
    '{"hooks": []}',
    '{"hooks": {"PreToolUse": {"hooks": []}}}',
  ];
  for (const bad of cases) {
    await using w = await world();
    await write(`${w.home}/.claude/settings.json`, bad);
    const r = await install(w.options({ agents: [claude, codex] }), w);
    assert.equal(r.ok, false);
    assert.equal(r.results[0]!.action, "refused");
    assert.match(r.results[0]!.refused!, /^Cannot (read|change) ".*settings\.json": /);
    assert.equal(await Deno.readTextFile(`${w.home}/.claude/settings.json`), bad);
    assert.equal(r.results[1]!.action, "created");
  }
  await using w = await world();
  await write(`${w.home}/.copilot/hooks/everyhook.json`, '{"version": 2, "hooks": {}}');
  const r = await install(w.options({ agents: [copilot] }), w);
  assert.match(r.results[0]!.refused!, /"version" is 2/);
});

Deno.test("install() in a dry run writes nothing, not even a folder or a backup", async () => {
  await using w = await world();
  await write(`${w.home}/.claude/settings.json`, "{}\n");
  const r = await install(
    w.options({ agents: [claude, codex, copilot], dryRun: true, events: "all" }),
    w,
  );
  assert.deepEqual(r.results.map((x) => x.action), ["updated", "created", "created"]);
  assert.ok(r.results[0]!.backup !== null);
  assert.equal(await Deno.readTextFile(`${w.home}/.claude/settings.json`), "{}\n");
  const names: string[] = [];
  for await (const e of Deno.readDir(w.home)) names.push(e.name);
  assert.deepEqual(names.sort(), [".claude", "hook.ts"]);
  for await (const e of Deno.readDir(`${w.home}/.claude`)) assert.equal(e.name, "settings.json");
});

Deno.test("install() does not clobber a file another process rewrote midway", async () => {
  await using w = await world();
  const file = `${w.home}/.claude/settings.json`;
  await write(file, "{}\n");
  const theirs = '{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}}\n';
  const r = await install(w.options({ agents: [claude, codex] }), {
    ...w,
    beforeRename: async (path) => {
      if (path === file) await Deno.writeTextFile(file, theirs);
    },
  });
  assert.equal(r.results[0]!.action, "refused");
  assert.match(r.results[0]!.refused!, /changed while everyhook was working on it/);
  assert.equal(await Deno.readTextFile(file), theirs);
  assert.equal(r.results[1]!.action, "created");
});

Deno.test("install() refuses a missing hook and a path shells would read differently", async () => {
  await using w = await world();
  await assert.rejects(
    install(w.options({ hook: "missing.ts" }), w),
    (e: unknown) => e instanceof EveryhookError && e.code === "not-found",
  );
  await Deno.writeTextFile(`${w.home}/$HOME.ts`, "");
  await assert.rejects(
    install(w.options({ hook: "$HOME.ts" }), w),
    (e: unknown) => e instanceof EveryhookError && e.code === "path-refused",
  );
  assert.equal(await exists(`${w.home}/.claude`), false);
});

Deno.test("uninstall() takes out only this hook's entries; other hooks and edits stay", async () => {
  await using w = await world();
  const file = `${w.home}/.claude/settings.json`;
  const mine =
    '{\n  "hooks": {\n    "PreToolUse": [\n      { "hooks": [{ "type": "command", "command": "echo mine" }] }\n    ]\n  }\n}\n';
  await write(file, mine);
  await Deno.writeTextFile(`${w.home}/other.ts`, "");
  await install(w.options({ events: ["pre-tool", "stop"] }), w);
  await install(w.options({ hook: "other.ts" }), w);
  const edited = (await Deno.readTextFile(file)).replace(
    '{\n  "hooks"',
    '{\n  "model": "opus",\n  "hooks"',
  );
  await Deno.writeTextFile(file, edited);
  const r = await uninstall({
    hook: `${w.home}/hook.ts`,
    agents: [claude],
    scope: "user",
    dryRun: false,
  }, w);
  assert.equal(r.removed, 2);
  assert.equal(r.results[0]!.restoredFrom, null, "the file changed otherwise: no backup matches");
  const after = await readJson(file);
  assert.equal(after.model, "opus");
  const left = findOurs(after, claude.install);
  assert.deepEqual(left.map((f) => f.line.hook), [`${w.home}/other.ts`]);
  // Byte for byte what installing only the other hook, then the same edit, gives.
  await using w2 = await world();
  await write(`${w2.home}/.claude/settings.json`, mine);
  await Deno.writeTextFile(`${w2.home}/other.ts`, "");
  await install(w2.options({ hook: `${w.home}/other.ts` }), w2);
  const expected = (await Deno.readTextFile(`${w2.home}/.claude/settings.json`)).replace(
    '{\n  "hooks"',
    '{\n  "model": "opus",\n  "hooks"',
  );
  assert.equal(await Deno.readTextFile(file), expected);
  assert.ok((await Deno.readTextFile(file)).includes('"echo mine"'));
});

Deno.test("uninstall() with --event takes out only those events", async () => {
  await using w = await world();
  await install(w.options({ agents: [codex], events: ["pre-tool", "stop"] }), w);
  const r = await uninstall(
    { hook: "hook.ts", agents: [codex], events: ["stop"], scope: "user", dryRun: false },
    w,
  );
  assert.equal(r.removed, 1);
  const left = findOurs(await readJson(`${w.home}/.codex/hooks.json`), codex.install);
  assert.deepEqual(left.map((f) => f.line.event), ["pre-tool"]);
});

Deno.test("uninstall() in a dry run writes nothing and reports what it would do", async () => {
  await using w = await world();
  await install(w.options({ agents: [codex] }), w);
  const before = await Deno.readTextFile(`${w.home}/.codex/hooks.json`);
  const r = await uninstall({
    hook: "hook.ts",
    agents: [codex, cursor],
    scope: "user",
    dryRun: true,
  }, w);
  assert.deepEqual(r.results.map((x) => x.action), ["deleted", "no-file"]);
  assert.equal(await Deno.readTextFile(`${w.home}/.codex/hooks.json`), before);
});

Deno.test("restore() puts the newest backup back after saving the file as it is", async () => {
  await using w = await world();
  const file = `${w.home}/.claude/settings.json`;
  await write(file, '{"v": 1}\n');
  await install(w.options({}), w);
  const installed = await Deno.readTextFile(file);
  const dry = await restore({ agents: [claude, codex], scope: "user", dryRun: true }, w);
  assert.equal(dry.results[0]!.wouldRestore, true);
  assert.equal(dry.results[1]!.reason, "no everyhook backup of this file");
  assert.equal(await Deno.readTextFile(file), installed);
  const r = await restore({ agents: [claude], scope: "user", dryRun: false }, w);
  assert.equal(r.results[0]!.restored, true);
  assert.equal(await Deno.readTextFile(file), '{"v": 1}\n');
  assert.equal(await Deno.readTextFile(r.results[0]!.savedCurrent!), installed);
  const undo = await restore({ agents: [claude], scope: "user", dryRun: false }, w);
  assert.equal(undo.results[0]!.from, r.results[0]!.savedCurrent);
  assert.equal(await Deno.readTextFile(file), installed, "a restore is undone by another");
});

Deno.test("install() at project scope writes the project's file, a line of no machine, and nothing in the home", async () => {
  await using w = await world();
  await Deno.mkdir(`${w.home}/proj/hooks`, { recursive: true });
  await Deno.writeTextFile(`${w.home}/proj/hooks/guard.ts`, "");
  const r = await install(
    w.options({
      agents: [copilot, claude],
      scope: "project",
      project: "proj",
      hook: "proj/hooks/guard.ts",
    }),
    w,
  );
  assert.equal(r.results[0]!.file, `${w.home}/proj/.github/hooks/everyhook.json`);
  assert.ok(await exists(r.results[0]!.file));
  assert.equal(await exists(`${w.home}/.copilot`), false);
  const line = findOurs(await readJson(r.results[0]!.file), copilot.install)[0]!.line;
  assert.deepEqual(line.self, ["everyhook"]);
  assert.equal(line.hook, "hooks/guard.ts");
  assert.equal(line.inProject, true);
  const text = await Deno.readTextFile(`${w.home}/proj/.claude/settings.json`);
  assert.ok(!text.includes(w.home), text);
  assert.match(
    text,
    /everyhook run --agent claude-code --event pre-tool --timeout 28 --in-project -- \\"hooks\/guard.ts\\"/,
  );
  assert.ok(r.warnings.some((x) => /not on PATH here/.test(x)), r.warnings.join("\n"));
  // A second install changes nothing; uninstall finds the entry by the hook's path.
  const again = await install(
    w.options({ agents: [claude], scope: "project", project: "proj", hook: "proj/hooks/guard.ts" }),
    w,
  );
  assert.equal(again.results[0]!.action, "unchanged");
});

Deno.test("install() refuses a hook outside the project at project scope, and writes nothing", async () => {
  await using w = await world();
  await Deno.mkdir(`${w.home}/proj`);
  await assert.rejects(
    () => install(w.options({ agents: [claude], scope: "project", project: "proj" }), w),
    /outside the project .*--scope user/,
  );
  assert.equal(await exists(`${w.home}/proj/.claude`), false);
});
Deno.test("uninstall() does not clobber a file another process rewrote midway", async () => {
  await using w = await world();
  const file = `${w.home}/.codex/hooks.json`;
  await install(w.options({ agents: [codex] }), w);
  const theirs = '{"hooks": {}, "description": "theirs"}\n';
  const r = await uninstall({ hook: "hook.ts", agents: [codex], scope: "user", dryRun: false }, {
    ...w,
    beforeRename: (path) => Deno.writeTextFile(path, theirs),
  });
  assert.equal(r.ok, false);
  assert.match(r.results[0]!.refused!, /changed while everyhook was working on it/);
  assert.equal(await Deno.readTextFile(file), theirs);
});

Deno.test("install() refuses a file it cannot write and still does the other agents", async () => {
  await using w = await world();
  await Deno.writeTextFile(`${w.home}/.codex`, "a file where a folder should be");
  const r = await install(w.options({ agents: [codex, cursor] }), w);
  assert.equal(r.ok, false);
  assert.equal(r.results[0]!.action, "refused");
  assert.match(
    r.results[0]!.refused!,
    /^Cannot read ".*hooks\.json": a part of the path is not a folder \(ENOTDIR\)$/,
  );
  assert.equal(r.results[1]!.action, "created");
});
