// deno-lint-ignore-file no-console -- a skipped test prints why
import assert from "node:assert/strict";
import { notAHookFile, readBounded, readHeadSync } from "./read_bounded.ts";

const unix = Deno.build.os !== "windows";
if (!unix) console.log("read_bounded_test: FIFO and /dev/zero tests are skipped on Windows");

async function world(): Promise<{ dir: string } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-read-" });
  return { dir, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

async function mkfifo(path: string): Promise<void> {
  const out = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
}

Deno.test({
  name: "readBounded() refuses a FIFO and a link to /dev/zero without reading them",
  ignore: !unix,
  fn: async () => {
    await using w = await world();
    await mkfifo(`${w.dir}/fifo.json`);
    await Deno.symlink("/dev/zero", `${w.dir}/zero.json`);
    assert.deepEqual(await readBounded(`${w.dir}/fifo.json`, { cap: 1024 }), {
      kind: "refused",
      reason: "is a FIFO, not a file",
    });
    assert.deepEqual(await readBounded(`${w.dir}/zero.json`, { cap: 1024 }), {
      kind: "refused",
      reason: "is a character device, not a file",
    });
    assert.equal(readHeadSync(`${w.dir}/fifo.json`, 10), undefined);
    assert.equal(readHeadSync(`${w.dir}/zero.json`, 10), undefined);
  },
});

Deno.test("readBounded() reads up to its cap and refuses a larger file", async () => {
  await using w = await world();
  await Deno.writeTextFile(`${w.dir}/ten.json`, "0123456789");
  const ten = await readBounded(`${w.dir}/ten.json`, { cap: 10 });
  assert.equal(ten.kind === "file" && new TextDecoder().decode(ten.bytes), "0123456789");
  assert.deepEqual(await readBounded(`${w.dir}/ten.json`, { cap: 9 }), {
    kind: "refused",
    reason: "is 10 bytes, over the 9 bytes everyhook reads",
  });
  assert.deepEqual(await readBounded(`${w.dir}/none.json`, { cap: 9 }), { kind: "missing" });
  assert.deepEqual(await readBounded(w.dir, { cap: 9 }), {
    kind: "refused",
    reason: "is a folder, not a file",
  });
});

Deno.test("readBounded() gives a file emptied moments ago time to be written again", async () => {
  await using w = await world();
  const file = `${w.dir}/s.json`;
  await Deno.writeTextFile(file, '{"theirs": true}\n');
  // Another program rewrites it in place: truncated now, written 30 ms later.
  await Deno.truncate(file, 0);
  const writing = new Promise<void>((done) =>
    setTimeout(() => Deno.writeTextFile(file, '{"theirs": 2}\n').then(done), 30)
  );
  const read = await readBounded(file, { cap: 1024, settleMs: 400 });
  await writing;
  assert.equal(read.kind, "file");
  assert.equal(read.kind === "file" && new TextDecoder().decode(read.bytes), '{"theirs": 2}\n');
  // Without the wait, the empty file is what is read.
  await Deno.truncate(file, 0);
  const quick = await readBounded(file, { cap: 1024 });
  assert.equal(quick.kind === "file" && quick.bytes.length, 0);
});

Deno.test("notAHookFile() tells a folder from a missing file", async () => {
  await using w = await world();
  await Deno.writeTextFile(`${w.dir}/h.ts`, "");
  assert.equal(notAHookFile(`${w.dir}/h.ts`), undefined);
  assert.equal(notAHookFile(w.dir), "is a folder, not a hook file");
  assert.equal(notAHookFile(`${w.dir}/none.ts`), "does not exist");
});
