// deno-lint-ignore-file no-console -- a skipped test prints why
import assert from "node:assert/strict";
import { AGENTS, findAgent } from "../agents/mod.ts";
import { install, type InstallOptions } from "../install/install.ts";
import { asRefusal, fsErrorCode, fsErrorWords } from "./fs_errors.ts";
import { settingsFilePath } from "../settings/locations.ts";
import { uninstall } from "../install/uninstall.ts";
import { installOptions, type TestWorld, testWorld } from "../../tests/install_world.ts";

const unix = Deno.build.os !== "windows";
if (!unix) console.log("fs_errors_test: the FIFO and /dev/zero cases are skipped on Windows");

const codex = findAgent("codex")!;

const world = () => testWorld({ prefix: "everyhook-fs-", files: ["hook.ts"], os: Deno.build.os });
const options = (over: Partial<InstallOptions> = {}) =>
  installOptions("hook.ts", [...AGENTS], { events: ["pre-tool"], ...over });

/** The error Deno throws on a read-only file system: an Error with a code, no Deno.errors class. */
function erofs(): Error {
  return Object.assign(new Error("Read-only file system (os error 30): rename"), {
    code: "EROFS",
  });
}

Deno.test("fsErrorWords() names errors Deno gives only as a code, and those it gives as a class", () => {
  assert.equal(fsErrorWords(erofs()), "read-only file system (EROFS)");
  const denied = Object.assign(new Deno.errors.PermissionDenied("Permission denied"), {
    code: "EACCES",
  });
  assert.equal(fsErrorWords(denied), "permission denied (EACCES)");
  assert.equal(fsErrorCode(new TypeError("a bug")), undefined);
  assert.equal(fsErrorCode(new Deno.errors.NotCapable("no --allow-write")), undefined);
  const bug = new TypeError("a bug");
  assert.equal(asRefusal(bug, "write", "/f"), bug);
});

Deno.test("install() on a read-only file system refuses that agent in one line and does the others", async () => {
  const target = (w: TestWorld) =>
    settingsFilePath(codex, "user", { env: w.env, os: w.os, project: w.home });
  await using w = await world();
  const r = await install(options(), {
    ...w,
    beforeRename: (file) => file === target(w) ? Promise.reject(erofs()) : Promise.resolve(),
  });
  assert.equal(r.ok, false);
  for (const row of r.results) {
    if (row.agent === codex.id) {
      assert.equal(row.action, "refused");
      assert.equal(row.refused, `Cannot write "${target(w)}": read-only file system (EROFS)`);
    } else {
      assert.equal(row.action, "created", row.agent);
      await Deno.lstat(row.file);
    }
  }
  await assert.rejects(Deno.lstat(target(w)), Deno.errors.NotFound);
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(`${w.home}/.codex`)) names.push(e.name);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e; // the folder made for it went too
  }
  assert.deepEqual(names, [], "no temporary file, backup or folder made for it is left behind");
});

Deno.test("uninstall() on a read-only file system refuses that agent in one line", async () => {
  await using w = await world();
  await install(options({ agents: [codex] }), w);
  const r = await uninstall({ hook: "hook.ts", agents: [codex], scope: "user", dryRun: false }, {
    ...w,
    beforeRename: () => Promise.reject(erofs()),
  });
  assert.equal(r.ok, false);
  assert.match(r.results[0]!.refused!, /^Cannot write ".*hooks\.json": read-only file system/);
});

Deno.test({
  name: "install() refuses a FIFO or a link to /dev/zero at a settings path, and does the others",
  ignore: !unix,
  fn: async () => {
    for (const kind of ["FIFO", "character device"]) {
      await using w = await world();
      const file = settingsFilePath(codex, "user", { env: w.env, os: w.os, project: w.home });
      await Deno.mkdir(`${w.home}/.codex`);
      if (kind === "FIFO") {
        const made = await new Deno.Command("mkfifo", { args: [file] }).output();
        assert.equal(made.code, 0);
      } else {
        await Deno.symlink("/dev/zero", file);
      }
      const r = await install(options(), w);
      const row = r.results.find((x) => x.agent === codex.id)!;
      assert.equal(row.action, "refused");
      assert.equal(row.refused, `Cannot change "${file}": it is a ${kind}, not a file`);
      assert.ok(r.results.filter((x) => x !== row).every((x) => x.action === "created"));
    }
  },
});

Deno.test("install() waits for a file being rewritten in place, and never loses its bytes", async () => {
  await using w = await world();
  const file = settingsFilePath(codex, "user", { env: w.env, os: w.os, project: w.home });
  await Deno.mkdir(`${w.home}/.codex`);
  const theirs = '{\n  "description": "theirs"\n}\n';
  await Deno.writeTextFile(file, "{}\n");
  // The other program truncates the file now and writes it 30 ms later.
  await Deno.truncate(file, 0);
  const writing = new Promise<void>((done) =>
    setTimeout(() => Deno.writeTextFile(file, theirs).then(done), 30)
  );
  const r = await install(options({ agents: [codex] }), w);
  await writing;
  const text = await Deno.readTextFile(file);
  assert.equal(r.results[0]!.action, "updated");
  assert.match(text, /"description": "theirs"/, "the other program's bytes are kept");
  assert.match(text, /everyhook/);
});

Deno.test("install() refuses to write over a file touched after it was read, even with the same bytes", async () => {
  await using w = await world();
  const file = settingsFilePath(codex, "user", { env: w.env, os: w.os, project: w.home });
  await Deno.mkdir(`${w.home}/.codex`);
  await Deno.writeTextFile(file, "{}\n");
  await Deno.utime(file, 1_000_000, 1_000_000);
  const r = await install(options({ agents: [codex] }), {
    ...w,
    beforeRename: async (path) => {
      await Deno.writeTextFile(path, "{}\n");
    },
  });
  assert.equal(r.results[0]!.action, "refused");
  assert.match(r.results[0]!.refused!, /changed while everyhook was working on it/);
  assert.equal(await Deno.readTextFile(file), "{}\n");
});
