// deno-lint-ignore-file no-console -- a skipped test prints why
import assert from "node:assert/strict";
import { EveryhookError } from "../contract/errors.ts";
import { readSnapshot, safeWrite } from "./safe_write.ts";
import { backupPath, listBackups } from "./backups.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);
const NOW = new Date("2026-10-17T17:30:00Z");
const posixOnly = Deno.build.os === "windows";
if (posixOnly) {
  console.log("safe_write_test: the mode test is skipped: Windows has no permission bits");
}

async function world(): Promise<{ dir: string } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-safe-write-" });
  return { dir, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

async function names(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) out.push(e.name);
  return out.sort();
}

Deno.test("safeWrite() backs up, writes through a temporary file and leaves no temporary file", async () => {
  await using w = await world();
  const file = `${w.dir}/s.json`;
  await Deno.writeTextFile(file, "{}\n");
  const snapshot = await readSnapshot(file);
  const r = await safeWrite({ snapshot, content: enc('{"a":1}\n'), now: NOW });
  assert.equal(r.backup, `${w.dir}/.everyhook-backups/s.json.20261017-173000.bak`);
  assert.equal(await Deno.readTextFile(file), '{"a":1}\n');
  assert.equal(await Deno.readTextFile(r.backup!), "{}\n");
  assert.deepEqual(await names(w.dir), [".everyhook-backups", "s.json"]);
});

Deno.test("safeWrite() gives a second backup in the same second its own name", async () => {
  await using w = await world();
  const file = `${w.dir}/s.json`;
  await Deno.writeTextFile(file, "1");
  await safeWrite({ snapshot: await readSnapshot(file), content: enc("2"), now: NOW });
  const r = await safeWrite({ snapshot: await readSnapshot(file), content: enc("3"), now: NOW });
  assert.equal(r.backup, `${w.dir}/.everyhook-backups/s.json.20261017-173000-1.bak`);
  assert.deepEqual((await listBackups(file)).map((b) => b.id), [
    "20261017-173000-1",
    "20261017-173000",
  ]);
  assert.equal(await Deno.readTextFile(r.backup!), "2");
});

Deno.test(
  "safeWrite() keeps the file's mode, read-only included",
  { ignore: posixOnly },
  async () => {
    await using w = await world();
    const file = `${w.dir}/s.json`;
    await Deno.writeTextFile(file, "{}");
    await Deno.chmod(file, 0o444);
    await safeWrite({ snapshot: await readSnapshot(file), content: enc("[]"), now: NOW });
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o444);
    assert.equal(await Deno.readTextFile(file), "[]");
  },
);

// Root, read from the owner of a new file (Deno.uid() would need --allow-sys).
const probe = await Deno.makeTempFile({ prefix: "everyhook-uid-" });
const root = Deno.build.os !== "windows" && (await Deno.stat(probe)).uid === 0;
await Deno.remove(probe);
if (!root) console.log("safe_write_test: the owner test needs root (as under sudo): skipped");

Deno.test({
  name: "safeWrite() run as root keeps the file's owner and group, on the file and its backup",
  ignore: !root,
  fn: async () => {
    await using w = await world();
    const file = `${w.dir}/s.json`;
    await Deno.writeTextFile(file, "{}");
    await Deno.chown(file, 1234, 1235);
    const r = await safeWrite({ snapshot: await readSnapshot(file), content: enc("[]"), now: NOW });
    assert.deepEqual(r.notes, []);
    for (const path of [file, r.backup!]) {
      const info = await Deno.stat(path);
      assert.deepEqual([info.uid, info.gid], [1234, 1235], path);
    }
    assert.equal(await Deno.readTextFile(file), "[]");
  },
});

Deno.test("safeWrite() writes through a symbolic link and leaves the link a link", async () => {
  await using w = await world();
  await Deno.mkdir(`${w.dir}/dotfiles`);
  const target = `${w.dir}/dotfiles/settings.json`;
  const link = `${w.dir}/settings.json`;
  await Deno.writeTextFile(target, "{}");
  await Deno.symlink("dotfiles/settings.json", link);
  const snapshot = await readSnapshot(link);
  assert.equal(snapshot.target, target);
  const r = await safeWrite({ snapshot, content: enc('{"x":1}'), now: NOW });
  assert.ok((await Deno.lstat(link)).isSymlink);
  assert.equal(await Deno.readTextFile(target), '{"x":1}');
  assert.ok(
    r.backup?.endsWith("/.everyhook-backups/settings.json.20261017-173000.bak"),
    r.backup ?? "",
  );
  assert.ok((await Deno.lstat(r.backup!)).isFile);
});

Deno.test("safeWrite() refuses when another process changed the file before the rename", async () => {
  await using w = await world();
  const file = `${w.dir}/s.json`;
  await Deno.writeTextFile(file, "{}");
  const snapshot = await readSnapshot(file);
  await assert.rejects(
    safeWrite({
      snapshot,
      content: enc('{"mine":1}'),
      now: NOW,
      beforeRename: () => Deno.writeTextFile(file, '{"theirs":1}'),
    }),
    (e: unknown) => e instanceof EveryhookError && e.code === "config-changed",
  );
  assert.equal(await Deno.readTextFile(file), '{"theirs":1}');
  assert.deepEqual(
    (await names(w.dir)).filter((n) => n.endsWith(".tmp")),
    [],
    "no temporary file left",
  );
  await Deno.writeTextFile(file, "{}!");
  await assert.rejects(
    safeWrite({ snapshot, content: enc("[]"), now: NOW }),
    (e: unknown) => e instanceof EveryhookError && e.code === "config-changed",
  );
});

Deno.test("safeWrite() in a dry run writes nothing, not even a backup", async () => {
  await using w = await world();
  const file = `${w.dir}/s.json`;
  await Deno.writeTextFile(file, "{}");
  const r = await safeWrite({
    snapshot: await readSnapshot(file),
    content: enc("[]"),
    now: NOW,
    dryRun: true,
  });
  assert.equal(r.wrote, false);
  assert.ok(r.backup?.endsWith(".20261017-173000.bak"));
  assert.deepEqual(await names(w.dir), ["s.json"]);
  const missing = await readSnapshot(`${w.dir}/new/x.json`);
  await safeWrite({ snapshot: missing, content: enc("{}"), now: NOW, dryRun: true });
  assert.deepEqual(await names(w.dir), ["s.json"]);
});

Deno.test("safeWrite() refuses bytes its verify function rejects, before any backup", async () => {
  await using w = await world();
  const file = `${w.dir}/s.json`;
  await Deno.writeTextFile(file, "{}");
  await assert.rejects(
    safeWrite({
      snapshot: await readSnapshot(file),
      content: enc("{"),
      now: NOW,
      verify: (b) => JSON.parse(dec(b)),
    }),
    SyntaxError,
  );
  assert.deepEqual(await names(w.dir), ["s.json"]);
});

Deno.test("safeWrite() creates missing folders and deletes a file after a backup", async () => {
  await using w = await world();
  const file = `${w.dir}/a/b/hooks.json`;
  await safeWrite({ snapshot: await readSnapshot(file), content: enc("{}"), now: NOW });
  assert.equal(await Deno.readTextFile(file), "{}");
  const r = await safeWrite({ snapshot: await readSnapshot(file), content: null, now: NOW });
  assert.equal(await Deno.readTextFile(r.backup!), "{}");
  await assert.rejects(Deno.stat(file), Deno.errors.NotFound);
});

Deno.test("backupPath() counts up past taken names", () => {
  const dir = "/.everyhook-backups/f";
  const taken = new Set([`${dir}.20261017-173000.bak`, `${dir}.20261017-173000-1.bak`]);
  assert.equal(backupPath("/f", NOW, (n) => taken.has(n)), `${dir}.20261017-173000-2.bak`);
});
