// restore for Cline, whose hooks are one executable file per event: install into a throwaway home
// (user scope) and project (project scope), change the files, list the backups, restore, and
// find each file's bytes and mode as they were, a file restore deletes brought back executable.
import assert from "node:assert/strict";
import { cliWorld, fileState as state } from "./cli_world.ts";

const posix = Deno.build.os !== "windows";

const world = () =>
  cliWorld({
    prefix: "everyhook-restore-cline-",
    hooks: {
      "hooks/a.sh": "#!/bin/sh\ncat >/dev/null\n",
      "hooks/b.sh": "#!/bin/sh\ncat >/dev/null\n",
    },
  });

interface Row {
  file: string;
  restored: boolean;
  reason: string | null;
  brings?: string;
  from: string | null;
  backups: Array<{ id: string; first: boolean; absent?: boolean }>;
}

const rows = (json: Record<string, unknown>) => json.results as Row[];
const rowOf = (json: Record<string, unknown>, file: string) => {
  const row = rows(json).find((r) => r.file === file);
  assert.ok(row, `no row for ${file}: ${JSON.stringify(json.results)}`);
  return row;
};

for (const scope of ["user", "project"] as const) {
  Deno.test({
    name: `restore puts Cline's hook files back with their bytes and modes (${scope} scope)`,
    ignore: !posix,
    fn: async () => {
      await using w = await world();
      const dir = scope === "user" ? `${w.home}/.cline/hooks` : `${w.project}/.clinerules/hooks`;
      const pre = `${dir}/PreToolUse.mjs`;
      const stop = `${dir}/TaskComplete.mjs`;
      const install = (hook: string, events: string) =>
        w.run("install", hook, "--agent", "cline", "--event", events, "--scope", scope);
      const first = await install("hooks/a.sh", "pre-tool,stop");
      assert.equal(first.code, 0, first.out);
      const installed = { pre: await state(pre), stop: await state(stop) };
      assert.equal(installed.pre?.mode, 0o755);
      assert.equal(installed.stop?.mode, 0o755);
      // A change: a second hook into the PreToolUse file.
      assert.equal((await install("hooks/b.sh", "pre-tool")).code, 0);
      const changed = await state(pre);
      assert.match(changed!.text, /hooks\/b\.sh/);
      assert.equal(changed!.mode, 0o755);

      // --list: each of Cline's files with its backups, newest first; nothing is put back.
      const list = await w.run("restore", "--agent", "cline", "--scope", scope, "--list");
      assert.equal(list.code, 0, list.out);
      assert.equal(list.json.everyhook, 1);
      assert.equal(list.json.list, true);
      const listed = rowOf(list.json, pre).backups;
      assert.equal(listed.length, 2, JSON.stringify(listed));
      assert.equal(listed[0]!.absent, undefined, "the newest backup is the file before b.sh");
      assert.deepEqual([listed[1]!.absent, listed[1]!.first], [true, true]);
      assert.deepEqual(rowOf(list.json, stop).backups.map((b) => b.absent), [true]);
      // The events with no file of everyhook's are listed too, with no backup.
      assert.deepEqual(rowOf(list.json, `${dir}/TaskStart.mjs`).backups, []);
      assert.deepEqual(await state(pre), changed);

      // restore: PreToolUse.mjs is again what the first install wrote, still executable;
      // TaskComplete.mjs's newest backup records that it was not there, so it goes.
      const back = await w.run("restore", "--agent", "cline", "--scope", scope);
      assert.equal(back.code, 0, back.out);
      assert.equal(rowOf(back.json, pre).restored, true);
      assert.deepEqual(await state(pre), installed.pre);
      assert.equal(rowOf(back.json, stop).restored, true);
      assert.match(rowOf(back.json, stop).brings!, /was not there: restore deletes it/);
      assert.equal(await state(stop), null);
      assert.equal(
        rowOf(back.json, `${dir}/TaskStart.mjs`).reason,
        "no everyhook backup of this file",
      );

      // A second restore undoes the first: the deleted file comes back executable, with the
      // entries it held named, and PreToolUse.mjs holds b.sh again.
      const undo = await w.run("restore", "--agent", "cline", "--scope", scope);
      assert.equal(undo.code, 0, undo.out);
      assert.match(
        rowOf(undo.json, stop).brings!,
        /not there now .* with 1 entry of everyhook's \(.*hooks\/a\.sh\)/,
      );
      assert.deepEqual(await state(stop), installed.stop);
      assert.deepEqual(await state(pre), changed);

      // --backup puts one chosen backup back: the one --list showed first for PreToolUse.mjs.
      const chosen = await w.run(
        "restore",
        "--agent",
        "cline",
        "--scope",
        scope,
        "--backup",
        listed[0]!.id,
      );
      assert.equal(chosen.code, 0, chosen.out);
      assert.deepEqual(await state(pre), installed.pre);
      assert.deepEqual(await state(stop), installed.stop, "a file with no such backup is left");
    },
  });
}

Deno.test({
  name: "restore refuses Cline's project hook folder when a link leads it out of the project",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const outside = `${w.root}/outside`;
    await Deno.mkdir(`${outside}/.everyhook-backups`, { recursive: true });
    await Deno.writeTextFile(`${outside}/PreToolUse.mjs`, "mine\n");
    await Deno.writeTextFile(
      `${outside}/.everyhook-backups/PreToolUse.mjs.20261130-115959.bak`,
      "planted\n",
    );
    await Deno.mkdir(`${w.project}/.clinerules`);
    await Deno.symlink("../../outside", `${w.project}/.clinerules/hooks`);
    const r = await w.run("restore", "--agent", "cline", "--scope", "project");
    assert.equal(r.code, 1, r.out);
    const row = rowOf(r.json, `${w.project}/.clinerules/hooks/PreToolUse.mjs`);
    assert.equal(row.restored, false);
    assert.match(row.reason!, /outside the project/);
    assert.equal(await Deno.readTextFile(`${outside}/PreToolUse.mjs`), "mine\n");
  },
});
