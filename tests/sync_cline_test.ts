// everyhook sync for Cline, whose project hooks are one executable file per event
// (.clinerules/hooks/<Event>.mjs), through the command line in a throwaway home and project:
// the first sync writes them executable and naming nothing of this machine, a second changes no
// byte, a manifest change updates, adds and deletes files, a file that is not everyhook's (or was
// edited) is refused with what to do, and nothing in the project or the manifest makes sync
// write outside the project.
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";
import { type CliWorld, cliWorld, type CommandJson, type CommandText } from "./cli_world.ts";
import { runnerHooksText } from "../src/settings/runner_file.ts";

const posix = Deno.build.os !== "windows";

interface World extends CliWorld {
  /** The project's hook folder of Cline. */
  dir: string;
  sync(...args: string[]): Promise<CommandJson>;
  /** `sync` with the text report. */
  syncText(...args: string[]): Promise<CommandText>;
  manifest(hooks: unknown[]): Promise<void>;
}

async function world(): Promise<World> {
  const base = await cliWorld({
    prefix: "everyhook-sync-cline-",
    hooks: {
      "hooks/guard.sh": "#!/bin/sh\ncat >/dev/null\n",
      "hooks/log.sh": "#!/bin/sh\ncat >/dev/null\n",
    },
    everyhookOnPath: true,
  });
  const w: World = {
    ...base,
    dir: `${base.project}/.clinerules/hooks`,
    sync: (...args) => base.run("sync", ...args),
    syncText: (...args) => base.text("sync", ...args),
    manifest: (hooks) =>
      Deno.writeTextFile(
        `${base.project}/everyhook.json`,
        JSON.stringify({ hooks }, null, 2) + "\n",
      ),
  };
  await w.manifest(TEAM);
  return w;
}

/** The team's manifest: a guard before and after each tool, a log at the end of a task. */
const TEAM = [
  { file: "hooks/guard.sh", events: ["pre-tool", "post-tool"], agents: ["cline"], timeout: 20 },
  { file: "hooks/log.sh", events: ["stop", "prompt"], agents: ["cline", "codex"] },
];

/** Every file and link below a folder, the backups left out, with its bytes and mode. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const path = `${d}/${e.name}`;
      if (e.name === ".everyhook-backups") continue;
      if (e.isSymlink) out.set(path, `link to ${await Deno.readLink(path)}`);
      else if (e.isDirectory) await walk(path);
      else {
        const mode = ((await Deno.stat(path)).mode! & 0o777).toString(8);
        out.set(path, `${mode} ${await Deno.readTextFile(path)}`);
      }
    }
  };
  await walk(dir);
  return out;
}

/** The `HOOKS` value of one of everyhook's hook files. */
async function hooksOf(file: string): Promise<Record<string, Array<Record<string, unknown>>>> {
  return JSON.parse(runnerHooksText(await Deno.readTextFile(file), file)).hooks;
}

type Row = {
  agent: string;
  file: string;
  action: string;
  refused: string | null;
  notes: string[];
  added: number;
  updated: number;
  removed: number;
};
const clineRows = (json: Record<string, unknown>) =>
  (json.results as Row[]).filter((r) => r.agent === "cline");
const actions = (json: Record<string, unknown>) =>
  Object.fromEntries(
    clineRows(json).map((r) => [r.file.slice(r.file.lastIndexOf("/") + 1), r.action]),
  );
const kinds = (json: Record<string, unknown>) =>
  (json.differences as Array<{ agent: string | null; kind: string }>)
    .map((d) => `${d.agent ?? "-"} ${d.kind}`).sort();

const exists = (path: string) => Deno.lstat(path).then(() => true, () => false);

Deno.test({
  name:
    "sync writes Cline's hook files, one executable per event, naming nothing of this machine, and a second sync changes no byte",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    // A hook file of the person's own for an event everyhook writes too: Cline runs both.
    await Deno.mkdir(w.dir, { recursive: true });
    await Deno.writeTextFile(`${w.dir}/PreToolUse.sh`, "#!/bin/sh\nexit 0\n", { mode: 0o700 });
    const first = await w.sync();
    assert.equal(first.code, 0, first.out);
    assert.equal(first.json.everyhook, 1);
    assert.deepEqual(actions(first.json), {
      "PreToolUse.mjs": "created",
      "PostToolUse.mjs": "created",
      "TaskComplete.mjs": "created",
    });
    // Cline has no prompt event: said once, on the agent's first row.
    const notes = clineRows(first.json).flatMap((r) => r.notes);
    assert.deepEqual(notes.filter((n) => /no prompt/.test(n)).length, 1, notes.join("\n"));
    for (const name of ["PreToolUse", "PostToolUse", "TaskComplete"]) {
      const file = `${w.dir}/${name}.mjs`;
      assert.equal((await Deno.stat(file)).mode! & 0o777, 0o755, file);
      const text = await Deno.readTextFile(file);
      assert.ok(!text.includes(w.root), `${file} holds a path of this machine:\n${text}`);
      assert.deepEqual(Object.keys(await hooksOf(file)), [name]);
    }
    const pre = (await hooksOf(`${w.dir}/PreToolUse.mjs`)).PreToolUse!;
    assert.deepEqual(pre, [{
      type: "command",
      command:
        'everyhook run --agent cline --event pre-tool --timeout 18 --in-project -- "hooks/guard.sh"',
      timeout: 20,
    }]);
    assert.match(
      String((await hooksOf(`${w.dir}/TaskComplete.mjs`)).TaskComplete![0]!.command),
      /--agent cline --event stop .*"hooks\/log\.sh"/,
    );
    assert.equal(await Deno.readTextFile(`${w.dir}/PreToolUse.sh`), "#!/bin/sh\nexit 0\n");
    const synced = await snapshot(w.project);

    // A second sync changes nothing: the same bytes and modes, every row unchanged, --check green.
    const second = await w.sync();
    assert.equal(second.code, 0, second.out);
    assert.deepEqual(Object.values(actions(second.json)), ["unchanged", "unchanged", "unchanged"]);
    assert.deepEqual(await snapshot(w.project), synced);
    const check = await w.sync("--check");
    assert.equal(check.code, 0, check.out);
    assert.deepEqual(check.json.differences, []);
    // The text report names each file.
    const text = await w.syncText();
    assert.match(text.out, /cline +unchanged +\.clinerules\/hooks\/PreToolUse\.mjs/);
    assert.match(text.out, /cline: Cline runs a project's hook files with no trust step/);
  },
});

Deno.test({
  name: "sync --dry-run and --check write none of Cline's files, and say which would change",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const before = await snapshot(w.project);
    const dry = await w.syncText("--dry-run");
    assert.equal(dry.code, 0, dry.out);
    assert.match(
      dry.out,
      /cline +would be created \(1 added\) +\.clinerules\/hooks\/PreToolUse\.mjs/,
    );
    const check = await w.sync("--check");
    assert.equal(check.code, 1, check.out);
    assert.deepEqual(kinds(check.json).filter((k) => k.startsWith("cline")), [
      "cline add",
      "cline add",
      "cline add",
    ]);
    assert.deepEqual(await snapshot(w.project), before);
    assert.equal(await exists(w.dir), false);
  },
});

Deno.test({
  name:
    "a manifest change updates, adds and deletes Cline's hook files, and a manifest with none leaves only the person's",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    await Deno.mkdir(w.dir, { recursive: true });
    await Deno.writeTextFile(`${w.dir}/TaskComplete`, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    assert.equal((await w.sync()).code, 0);
    // The guard's timeout changes, it leaves post-tool and takes session-start.
    await w.manifest([
      {
        file: "hooks/guard.sh",
        events: ["pre-tool", "session-start"],
        agents: ["cline"],
        timeout: 40,
      },
      TEAM[1],
    ]);
    const check = await w.sync("--check");
    assert.equal(check.code, 1, check.out);
    assert.deepEqual(kinds(check.json), ["cline add", "cline remove", "cline update"]);
    const changed = await w.sync();
    assert.equal(changed.code, 0, changed.out);
    assert.deepEqual(actions(changed.json), {
      "PreToolUse.mjs": "updated",
      "PostToolUse.mjs": "deleted",
      "TaskStart.mjs": "created",
      "TaskComplete.mjs": "unchanged",
    });
    const deleted = clineRows(changed.json).find((r) => r.action === "deleted")!;
    assert.equal(deleted.removed, 1);
    assert.equal(await exists(`${w.dir}/PostToolUse.mjs`), false);
    assert.equal((await Deno.stat(`${w.dir}/TaskStart.mjs`)).mode! & 0o777, 0o755);
    const pre = (await hooksOf(`${w.dir}/PreToolUse.mjs`)).PreToolUse!;
    assert.equal(pre.length, 1);
    assert.equal(pre[0]!.timeout, 40);
    assert.match(String(pre[0]!.command), /--timeout 38 /);
    assert.equal((await w.sync("--check")).code, 0);

    // No hooks at all: every file of everyhook's goes, the person's own stays as it was.
    await w.manifest([]);
    const none = await w.sync();
    assert.equal(none.code, 0, none.out);
    assert.deepEqual(Object.values(actions(none.json)), ["deleted", "deleted", "deleted"]);
    const left: string[] = [];
    for await (const e of Deno.readDir(w.dir)) left.push(e.name);
    assert.deepEqual(left.sort(), [".everyhook-backups", "TaskComplete"]);
    assert.equal(await Deno.readTextFile(`${w.dir}/TaskComplete`), "#!/bin/sh\nexit 0\n");
    const again = await w.sync();
    assert.equal(again.code, 0, again.out);
    assert.deepEqual(clineRows(again.json), [], "no file of everyhook's is left to report");
    assert.equal((await w.sync("--check")).code, 0);
  },
});

Deno.test({
  name:
    "sync refuses a Cline hook file everyhook did not write or that was edited, and says what to do",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    assert.equal((await w.sync()).code, 0);
    const pre = `${w.dir}/PreToolUse.mjs`;
    const written = await Deno.readTextFile(pre);
    // An edit inside HOOKS that keeps its form: everyhook's entry, changed by hand, is written again.
    await Deno.writeTextFile(pre, written.replace('"timeout": 20', '"timeout": 99'));
    const check = await w.sync("--check");
    assert.equal(check.code, 1, check.out);
    assert.deepEqual(kinds(check.json), ["cline update"]);
    assert.equal((await w.sync()).code, 0);
    assert.equal(await Deno.readTextFile(pre), written);
    // An edit of the program around HOOKS: the file is no longer everyhook's to change.
    const edited = written.replace("let payload", "console.error('mine');\nlet payload");
    await Deno.writeTextFile(pre, edited);
    for (const args of [[], ["--check"]]) {
      const r = await w.sync(...args);
      assert.equal(r.code, 1, r.out);
      const row = clineRows(r.json).find((x) => x.file === pre)!;
      assert.equal(row.action, "refused");
      assert.match(row.refused!, /not a hook file everyhook wrote, or it was edited since/);
      assert.match(row.refused!, /move it away to let everyhook write its own/);
      assert.ok(kinds(r.json).includes("cline unreadable"), kinds(r.json).join(","));
      // The other files are still synced.
      assert.equal(actions(r.json)["TaskComplete.mjs"], "unchanged");
    }
    assert.equal(await Deno.readTextFile(pre), edited);
    // A file of that name the person wrote, in an event the manifest asks nothing of: left alone,
    // and no refusal (it is not everyhook's to sync).
    await Deno.remove(pre);
    const own = "#!/usr/bin/env node\nconsole.log('{}');\n";
    await Deno.writeTextFile(`${w.dir}/TaskStart.mjs`, own, { mode: 0o700 });
    const r = await w.sync();
    assert.equal(r.code, 0, r.out);
    assert.equal(actions(r.json)["TaskStart.mjs"], undefined);
    assert.equal(await Deno.readTextFile(`${w.dir}/TaskStart.mjs`), own);
    assert.equal((await Deno.stat(`${w.dir}/TaskStart.mjs`)).mode! & 0o777, 0o700);
    // ...but refused once the manifest asks for that event.
    await w.manifest([{ file: "hooks/guard.sh", events: ["session-start"], agents: ["cline"] }]);
    const asked = await w.sync();
    assert.equal(asked.code, 1, asked.out);
    assert.equal(actions(asked.json)["TaskStart.mjs"], "refused");
    assert.equal(await Deno.readTextFile(`${w.dir}/TaskStart.mjs`), own);
  },
});

Deno.test({
  name:
    "nothing in the project or the manifest makes sync write Cline's files outside the project or run anything",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const outside = `${w.root}/outside`;
    await Deno.mkdir(`${outside}/hooks`, { recursive: true });
    await Deno.writeTextFile(`${outside}/hooks/PreToolUse.mjs`, "mine\n");
    const outsideBefore = await snapshot(outside);
    const refusedAll = async (why: string, pattern: RegExp) => {
      const r = await w.sync();
      assert.equal(r.code, 1, `${why}: ${r.out}`);
      const rows = clineRows(r.json);
      // Only the files the manifest asks for are reported, each refused.
      assert.deepEqual(
        rows.map((x) => x.file.slice(x.file.lastIndexOf("/") + 1)).sort(),
        ["PostToolUse.mjs", "PreToolUse.mjs", "TaskComplete.mjs"],
        why,
      );
      for (const row of rows) {
        assert.equal(row.action, "refused", why);
        assert.match(row.refused!, pattern, why);
      }
      assert.deepEqual(await snapshot(outside), outsideBefore, `${why}: written outside`);
    };
    // The hooks folder a link out of the project.
    await Deno.mkdir(`${w.project}/.clinerules`);
    await Deno.symlink("../../outside/hooks", w.dir);
    await refusedAll(
      "a linked hooks folder",
      /outside the project.*is a link to "\.\.\/\.\.\/outside\/hooks"/,
    );
    // .clinerules itself a link out.
    await Deno.remove(w.dir);
    await Deno.remove(`${w.project}/.clinerules`);
    await Deno.symlink("../outside", `${w.project}/.clinerules`);
    await refusedAll("a linked .clinerules", /outside the project/);
    // .clinerules a file: no hook file can be below it, and it is left as it is.
    await Deno.remove(`${w.project}/.clinerules`);
    await Deno.writeTextFile(`${w.project}/.clinerules`, "Be brief.\n");
    await refusedAll("a .clinerules file", /not a folder/);
    assert.equal(await Deno.readTextFile(`${w.project}/.clinerules`), "Be brief.\n");
    // One hook file a link out, and the backups folder a link out.
    await Deno.remove(`${w.project}/.clinerules`);
    await Deno.mkdir(w.dir, { recursive: true });
    await Deno.symlink("../../../outside/hooks/PreToolUse.mjs", `${w.dir}/PreToolUse.mjs`);
    await Deno.symlink("../../../outside", `${w.dir}/.everyhook-backups`);
    const r = await w.sync();
    assert.equal(r.code, 1, r.out);
    for (const row of clineRows(r.json)) {
      assert.equal(row.action, "refused", row.file);
      assert.match(row.refused!, /outside the project/, row.file);
    }
    assert.deepEqual(await snapshot(outside), outsideBefore);
    assert.deepEqual([...(await snapshot(w.dir)).keys()], [`${w.dir}/PreToolUse.mjs`]);

    // A hook whose name a shell would run something from: refused before anything is written.
    await Deno.remove(`${w.project}/.clinerules`, { recursive: true });
    const name = "hooks/$(touch pwned).sh";
    await Deno.writeTextFile(`${w.project}/${name}`, "#!/bin/sh\n");
    await w.manifest([{ file: name, events: ["pre-tool"], agents: ["cline"] }]);
    const m = memoryIo({
      env: { HOME: `${w.root}/home`, PATH: Deno.env.get("PATH") ?? "" },
      cwd: w.project,
    });
    assert.notEqual(await main(["sync"], m), 0);
    assert.match(m.stderrText(), /shells read differently; move or rename it/);
    assert.equal(await exists(`${w.project}/.clinerules`), false);
    assert.equal(await exists(`${w.project}/pwned`), false);
  },
});

Deno.test({
  name: "sync --help names its flags, and its --json carries everyhook: 1",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const m = memoryIo({ env: {}, cwd: w.project });
    assert.equal(await main(["sync", "--help"], m), 0);
    for (const flag of ["--check", "--dry-run", "--json", "--project"]) {
      assert.ok(m.stdoutText().includes(flag), flag);
    }
    assert.equal((await w.sync("--dry-run")).json.everyhook, 1);
  },
});
