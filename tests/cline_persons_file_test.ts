// A hook file of the person's own beside everyhook's, in Cline's hook folders: a `.mjs` of one
// event that everyhook did not write. Through the command line in a throwaway home and project:
// uninstall, list, list --check, import, restore and sync leave it byte for byte as it is and do
// not count it a failure when it is of an event they have nothing to change in; they still refuse
// when it is the file they would have to change, and a copy of everyhook's edited since is still
// refused (it may hold everyhook's entries).
import assert from "node:assert/strict";
import { type CliWorld as World, cliWorld, fileState as state } from "./cli_world.ts";
import { runnerHooksText } from "../src/settings/runner_file.ts";

const posix = Deno.build.os !== "windows";

/** The person's own hook file: Cline runs it for PreToolUse, beside everyhook's. */
const OWN = "#!/usr/bin/env node\n// mine\nconsole.log(JSON.stringify({ context: 'mine' }));\n";

const HOOKS = {
  "hooks/a.sh": "#!/bin/sh\ncat >/dev/null\n",
  "hooks/b.sh": "#!/bin/sh\ncat >/dev/null\n",
};

const world = () =>
  cliWorld({ prefix: "everyhook-cline-own-", hooks: HOOKS, everyhookOnPath: true });

/** Cline's hook folder of a scope. */
const folderOf = (w: World, scope: "user" | "project") =>
  scope === "user" ? `${w.home}/.cline/hooks` : `${w.project}/.clinerules/hooks`;

/** Writes the person's own PreToolUse.mjs into a hook folder (mode 0700, as a person might). */
async function writeOwn(dir: string, name = "PreToolUse.mjs"): Promise<string> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/${name}`, OWN, { mode: 0o700 });
  return `${dir}/${name}`;
}

type Row = Record<string, unknown> & { file: string; action?: string; notes?: string[] };
const rows = (json: Record<string, unknown>) => json.results as Row[];
const rowOf = (json: Record<string, unknown>, file: string): Row | undefined =>
  rows(json).find((r) => r.file === file);

/** The commands of a `HOOKS` value of everyhook's hook file. */
async function commandsIn(file: string): Promise<string[]> {
  const hooks = JSON.parse(runnerHooksText(await Deno.readTextFile(file), file)).hooks;
  return Object.values(hooks as Record<string, Array<{ command: string }>>).flat()
    .map((e) => e.command);
}

for (const scope of ["user", "project"] as const) {
  Deno.test({
    name:
      `uninstall takes everyhook's entries out of Cline and leaves the person's own PreToolUse.mjs as it is (${scope} scope)`,
    ignore: !posix,
    fn: async () => {
      await using w = await world();
      const dir = folderOf(w, scope);
      const own = await writeOwn(dir);
      const post = `${dir}/PostToolUse.mjs`;
      const installed = await w.run(
        "install",
        "hooks/a.sh",
        "--agent",
        "cline",
        "--event",
        "post-tool,stop",
        "--scope",
        scope,
      );
      assert.equal(installed.code, 0, installed.out);
      assert.match((await commandsIn(post)).join("\n"), /a\.sh/);

      // A dry run first, in text: the person's file is said to be left as it is; nothing is written.
      const dry = await w.text(
        "uninstall",
        "a.sh",
        "--agent",
        "cline",
        "--scope",
        scope,
        "--dry-run",
      );
      assert.equal(dry.code, 0, dry.out);
      assert.match(
        dry.out,
        /nothing of this hook .*PreToolUse\.mjs\n {2}note: a hook file everyhook did not write/,
      );
      assert.match(dry.out, /would delete the file .*PostToolUse\.mjs/);
      assert.ok(await state(post), "a dry run deletes nothing");

      const r = await w.run("uninstall", "a.sh", "--agent", "cline", "--scope", scope);
      assert.equal(r.code, 0, r.out);
      assert.equal(r.json.everyhook, 1);
      assert.equal(r.json.ok, true);
      assert.equal(r.json.removed, 2);
      assert.equal(rowOf(r.json, post)?.action, "deleted");
      assert.equal(rowOf(r.json, `${dir}/TaskComplete.mjs`)?.action, "deleted");
      // The person's file: not read as everyhook's, not a failure, a note that it was left.
      const left = rowOf(r.json, own);
      assert.equal(left?.action, "unchanged", JSON.stringify(left));
      assert.equal(left?.refused, null);
      assert.match(left!.notes!.join("\n"), /everyhook did not write.*left as it is/);
      assert.equal(await state(post), null);
      assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });
    },
  });
}

Deno.test({
  name:
    "uninstall still refuses a copy of everyhook's hook file that was edited, and install the person's own file it would have to change",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const dir = folderOf(w, "user");
    const own = await writeOwn(dir);
    const install = (hook: string, events: string) =>
      w.run("install", hook, "--agent", "cline", "--event", events);

    // install into the event of the person's file: refused, the file as it was, and the other
    // event still written.
    const into = await install("hooks/a.sh", "pre-tool,post-tool,stop");
    assert.equal(into.code, 1, into.out);
    assert.equal(rowOf(into.json, own)?.action, "refused");
    assert.match(String(rowOf(into.json, own)?.refused), /not a hook file everyhook wrote/);
    assert.equal(rowOf(into.json, `${dir}/PostToolUse.mjs`)?.action, "created");
    assert.equal(rowOf(into.json, `${dir}/TaskComplete.mjs`)?.action, "created");
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });
    // ...and not refused for an event that is not the person's file's.
    assert.equal((await install("hooks/b.sh", "post-tool")).code, 0);

    // everyhook's PostToolUse.mjs, its program edited by hand: uninstall cannot take a.sh out of
    // it, so it refuses that file (and fails), takes a.sh out of TaskComplete.mjs, and leaves the
    // edited file and the person's file as they are.
    const post = `${dir}/PostToolUse.mjs`;
    const edited = (await Deno.readTextFile(post)).replace(
      "let payload",
      "console.error('debug');\nlet payload",
    );
    await Deno.writeTextFile(post, edited);
    const r = await w.run("uninstall", "a.sh", "--agent", "cline");
    assert.equal(r.code, 1, r.out);
    assert.equal(r.json.ok, false);
    assert.equal(rowOf(r.json, post)?.action, "refused");
    assert.match(String(rowOf(r.json, post)?.refused), /it was edited since; left alone/);
    assert.equal(rowOf(r.json, `${dir}/TaskComplete.mjs`)?.action, "deleted");
    assert.equal(rowOf(r.json, own)?.action, "unchanged");
    assert.equal(await Deno.readTextFile(post), edited);
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });

    // Now a.sh is only in the edited file: the name fits no hook everyhook can read, and the
    // error names the file it could not read (not the person's).
    const none = await w.text("uninstall", "a.sh", "--agent", "cline");
    assert.equal(none.code, 1, none.out);
    assert.match(none.out, /no installed hook fits that name/);
    assert.match(none.out, /PostToolUse\.mjs could not be read as everyhook's/);
    assert.doesNotMatch(none.out, /PreToolUse\.mjs/);
    assert.equal(await Deno.readTextFile(post), edited);
  },
});

Deno.test({
  name:
    "list and list --check do not count the person's own Cline hook file a problem, and name an edited one of everyhook's",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const dir = folderOf(w, "user");
    const own = await writeOwn(dir);
    assert.equal(
      (await w.run("install", "hooks/a.sh", "--agent", "cline", "--event", "stop")).code,
      0,
    );
    const stop = `${dir}/TaskComplete.mjs`;
    for (const args of [[], ["--check"]]) {
      const r = await w.run("list", "--agent", "cline", ...args);
      assert.equal(r.code, 0, r.out);
      const files = r.json.files as Array<{ file: string; problems: unknown[] }>;
      assert.deepEqual(files.map((f) => f.file), [stop], JSON.stringify(files));
      const entries = r.json.entries as Array<{ file: string; ours: boolean }>;
      assert.deepEqual(entries.map((e) => [e.file, e.ours]), [[stop, true]]);
    }
    // A copy of everyhook's edited since is a problem, named as a hook file (not a plugin).
    const edited = (await Deno.readTextFile(stop)).replace("let payload", "//\nlet payload");
    await Deno.writeTextFile(stop, edited);
    const r = await w.text("list", "--agent", "cline");
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /TaskComplete\.mjs {2}\(unreadable\)/);
    assert.match(r.out, /not valid everyhook's hook file: /);
    assert.doesNotMatch(r.out, /PreToolUse\.mjs/);
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });
  },
});

/** Claude Code's user settings with one echo hook per event named. */
function claudeSettings(w: World, events: string[]): Promise<void> {
  const hooks = Object.fromEntries(
    events.map((e) => [e, [{ matcher: "", hooks: [{ type: "command", command: `echo ${e}` }] }]]),
  );
  return Deno.mkdir(`${w.home}/.claude`, { recursive: true }).then(() =>
    Deno.writeTextFile(`${w.home}/.claude/settings.json`, JSON.stringify({ hooks }))
  );
}

Deno.test({
  name:
    "import into Cline leaves the person's own hook file alone where the source has nothing for its event, refuses it where it has, and takes out an entry whose source is gone",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const dir = folderOf(w, "user");
    const own = await writeOwn(dir, "PostToolUse.mjs");
    const pre = `${dir}/PreToolUse.mjs`;
    const stop = `${dir}/TaskComplete.mjs`;
    const doImport = () => w.run("import", "--from", "claude", "--agent", "cline");

    await claudeSettings(w, ["PreToolUse", "Stop"]);
    const first = await doImport();
    assert.equal(first.code, 0, first.out);
    assert.deepEqual(rows(first.json).map((r) => [r.file, r.action]), [
      [pre, "created"],
      [stop, "created"],
    ]);
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });

    // The source's Stop hook is gone: its entry goes, and the file left with none is deleted.
    await claudeSettings(w, ["PreToolUse"]);
    const second = await doImport();
    assert.equal(second.code, 0, second.out);
    assert.deepEqual(rows(second.json).map((r) => [r.file, r.action, r.removed]), [
      [pre, "unchanged", 0],
      [stop, "deleted", 1],
    ]);
    assert.equal(await state(stop), null);
    assert.match((await w.text("import", "--from", "claude", "--agent", "cline")).out, /unchanged/);

    // The source gains a PostToolUse hook: the person's file is the one import would change.
    await claudeSettings(w, ["PreToolUse", "PostToolUse"]);
    const asked = await doImport();
    assert.equal(asked.code, 1, asked.out);
    assert.equal(rowOf(asked.json, own)?.action, "refused");
    assert.match(String(rowOf(asked.json, own)?.refused), /not a hook file everyhook wrote/);
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });

    // uninstall --from takes the imported entries out and leaves the person's file.
    const out = await w.run("uninstall", "--from", "claude", "--agent", "cline");
    assert.equal(out.code, 0, out.out);
    assert.equal(await state(pre), null);
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });
  },
});

Deno.test({
  name:
    "import into Cline's project files refuses a hook folder that a link leads out of the project",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const outside = `${w.root}/outside`;
    await Deno.mkdir(outside);
    await Deno.mkdir(`${w.project}/.clinerules`);
    await Deno.symlink("../../outside", `${w.project}/.clinerules/hooks`);
    await Deno.mkdir(`${w.project}/.claude`);
    await Deno.writeTextFile(
      `${w.project}/.claude/settings.json`,
      JSON.stringify({
        hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "echo x" }] }] },
      }),
    );
    const r = await w.run("import", "--from", "claude", "--agent", "cline", "--scope", "project");
    assert.equal(r.code, 1, r.out);
    assert.match(
      String(rowOf(r.json, `${w.project}/.clinerules/hooks/PreToolUse.mjs`)?.refused),
      /outside the project/,
    );
    assert.deepEqual(await Array.fromAsync(Deno.readDir(outside)), []);
  },
});

Deno.test({
  name: "restore puts no backup over the person's own Cline hook file unless --backup names it",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const dir = folderOf(w, "user");
    const pre = `${dir}/PreToolUse.mjs`;
    const install = (hook: string) =>
      w.run("install", hook, "--agent", "cline", "--event", "pre-tool");
    assert.equal((await install("hooks/a.sh")).code, 0);
    assert.equal((await install("hooks/b.sh")).code, 0);
    // The person puts a file of their own in place of everyhook's.
    await Deno.remove(pre);
    await writeOwn(dir);
    const r = await w.run("restore", "--agent", "cline");
    assert.equal(r.code, 0, r.out);
    const row = rowOf(r.json, pre) as Row & {
      restored: boolean;
      reason: string;
      backups: Array<{ id: string }>;
    };
    assert.equal(row.restored, false);
    assert.match(
      row.reason,
      /everyhook did not write.*left as it is.*restore --backup \d{8}-\d{6}/,
    );
    assert.deepEqual(await state(pre), { text: OWN, mode: 0o700 });

    // Named, the backup goes over it (after a backup of the person's file, so this is undone too).
    const chosen = await w.run("restore", "--agent", "cline", "--backup", row.backups[0]!.id);
    assert.equal(chosen.code, 0, chosen.out);
    assert.match((await commandsIn(pre)).join("\n"), /a\.sh/);
    // A plain restore now undoes that one: everyhook's file is there, its newest backup the person's.
    const undo = await w.run("restore", "--agent", "cline");
    assert.equal(undo.code, 0, undo.out);
    assert.deepEqual(await state(pre), { text: OWN, mode: 0o700 });
  },
});

Deno.test({
  name:
    "sync refuses a copy of everyhook's Cline hook file edited since, even of an event the manifest no longer asks for",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const dir = folderOf(w, "project");
    const manifest = (hooks: unknown[]) =>
      Deno.writeTextFile(`${w.project}/everyhook.json`, JSON.stringify({ hooks }));
    await manifest([{ file: "hooks/a.sh", events: ["pre-tool", "stop"], agents: ["cline"] }]);
    assert.equal((await w.run("sync")).code, 0);
    const stop = `${dir}/TaskComplete.mjs`;
    const edited = (await Deno.readTextFile(stop)).replace("let payload", "//\nlet payload");
    await Deno.writeTextFile(stop, edited);
    const own = await writeOwn(dir, "TaskStart.mjs");
    // The manifest drops the stop hook: the edited copy still holds it, so sync cannot do
    // what the manifest asks, and says so; the person's own file is no business of sync's.
    await manifest([{ file: "hooks/a.sh", events: ["pre-tool"], agents: ["cline"] }]);
    for (const args of [["--check"], []]) {
      const r = await w.run("sync", ...args);
      assert.equal(r.code, 1, r.out);
      assert.equal(rowOf(r.json, stop)?.action, "refused");
      assert.equal(rowOf(r.json, own), undefined);
    }
    assert.equal(await Deno.readTextFile(stop), edited);
    assert.deepEqual(await state(own), { text: OWN, mode: 0o700 });
  },
});
