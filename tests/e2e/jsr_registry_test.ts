import assert from "node:assert/strict";
import { compareVersions, type JsrRegistry, startJsrRegistry } from "./jsr_registry.ts";
import { gunzip, parseTar } from "./jsr_tar.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs this Deno with JSR_URL on the registry, a fresh DENO_DIR, and stdin closed. */
async function deno(registry: JsrRegistry, cwd: string, args: string[]): Promise<Run> {
  const denoDir = await Deno.makeTempDir({ prefix: "jsr_deno_dir_" });
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args,
      cwd,
      env: {
        JSR_URL: registry.url,
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: "1",
        NO_COLOR: "1",
        NO_PROXY: "127.0.0.1,localhost",
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder();
    return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
  } finally {
    await Deno.remove(denoDir, { recursive: true });
  }
}

/** Writes the throwaway package @scratch/demo at `version` into a new temp dir. */
async function makeDemo(version: string, word: string): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "jsr_demo_" });
  const files: Record<string, string> = {
    "deno.json": JSON.stringify({
      name: "@scratch/demo",
      version,
      license: "MIT",
      exports: { ".": "./mod.ts", "./cli": "./cli.ts" },
    }),
    "data.json": JSON.stringify({ word }),
    "shout.ts": "/** Upper-cases a word. */\n" +
      "export function shout(word: string): string {\n  return word.toUpperCase();\n}\n",
    "mod.ts": 'import data from "./data.json" with { type: "json" };\n' +
      'import { shout } from "./shout.ts";\n\n' +
      "/** The greeting. */\n" +
      "export const greeting: string = `${shout(data.word)} ${data.word}`;\n\n" +
      "if (import.meta.main) console.log(`mod: ${greeting}`);\n",
    "cli.ts": 'import { greeting } from "./mod.ts";\n\n' +
      'console.log(`cli: ${greeting} ${Deno.args.join(",")}`);\n',
  };
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${dir}/${name}`, text);
  }
  return dir;
}

async function publish(registry: JsrRegistry, dir: string): Promise<Run> {
  const args = ["publish", "--token", "test", "--allow-dirty", "--no-provenance"];
  return await deno(registry, dir, args);
}

Deno.test("deno publish uploads to the registry and deno run loads each version and export", async () => {
  await using registry = await startJsrRegistry();
  const work = await Deno.makeTempDir({ prefix: "jsr_run_" });
  const v1 = await makeDemo("1.0.0", "first");
  const v2 = await makeDemo("1.1.0", "second");
  try {
    assert.match(registry.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    assert.equal(registry.apiUrl, `${registry.url}api/`);

    const first = await publish(registry, v1);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /Successfully published @scratch\/demo@1\.0\.0/);
    assert.deepEqual(registry.requests, [
      "GET /api/scopes/scratch/packages/demo/versions/1.0.0",
      "GET /api/scopes/scratch/packages/demo",
      "POST /api/scopes/scratch/packages/demo/versions/1.0.0?config=%2Fdeno.json",
    ]);
    const second = await publish(registry, v2);
    assert.equal(second.code, 0, second.stderr);

    assert.deepEqual(registry.published.map((p) => [p.name, p.version, p.authorization]), [
      ["@scratch/demo", "1.0.0", "Bearer test"],
      ["@scratch/demo", "1.1.0", "Bearer test"],
    ]);
    assert.deepEqual(registry.published[0]?.files, [
      "/cli.ts",
      "/data.json",
      "/deno.json",
      "/mod.ts",
      "/shout.ts",
    ]);
    assert.deepEqual(registry.published[0]?.exports, { ".": "./mod.ts", "./cli": "./cli.ts" });

    const meta = await (await fetch(`${registry.url}@scratch/demo/meta.json`)).json();
    assert.equal(meta.latest, "1.1.0");
    assert.deepEqual(Object.keys(meta.versions).sort(), ["1.0.0", "1.1.0"]);
    const versionMeta = await (await fetch(`${registry.url}@scratch/demo/1.0.0_meta.json`)).json();
    assert.deepEqual(versionMeta.exports, { ".": "./mod.ts", "./cli": "./cli.ts" });
    const served = await (await fetch(`${registry.url}@scratch/demo/1.0.0/data.json`)).text();
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(served));
    const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
    assert.deepEqual(versionMeta.manifest["/data.json"], {
      size: served.length,
      checksum: `sha256-${hex}`,
    });
    assert.deepEqual(JSON.parse(served), { word: "first" });

    const latest = await deno(registry, work, ["run", "jsr:@scratch/demo"]);
    assert.equal(latest.code, 0, latest.stderr);
    assert.equal(latest.stdout, "mod: SECOND second\n");
    const old = await deno(registry, work, ["run", "jsr:@scratch/demo@1.0.0/cli", "a", "b"]);
    assert.equal(old.code, 0, old.stderr);
    assert.equal(old.stdout, "cli: FIRST first a,b\n");
    const ranged = await deno(registry, work, ["run", "jsr:@scratch/demo@^1.0/cli"]);
    assert.equal(ranged.stdout, "cli: SECOND second \n", ranged.stderr);
    for (const file of ["1.0.0_meta.json", "1.0.0/cli.ts", "1.0.0/shout.ts", "1.0.0/data.json"]) {
      assert.ok(registry.requests.includes(`GET /@scratch/demo/${file}`), file);
    }

    const posts = () => registry.requests.filter((r) => r.startsWith("POST")).length;
    const before = posts();
    const again = await publish(registry, v1);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stderr, /already published/);
    assert.equal(posts(), before);
    assert.equal(registry.published.length, 2);
  } finally {
    for (const dir of [work, v1, v2]) await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an unknown package, version or path is a 404, and deno run of it fails", async () => {
  await using registry = await startJsrRegistry();
  const work = await Deno.makeTempDir({ prefix: "jsr_run_" });
  try {
    for (
      const path of [
        "@scratch/missing/meta.json",
        "@scratch/missing/1.0.0_meta.json",
        "@scratch/missing/1.0.0/mod.ts",
        "@scratch/missing/1.0.0/../../../etc/passwd",
        "@scratch/missing/1.0.0/a%2F..%2F..%2Fmeta.json",
        "@scratch/missing",
        "@Scratch/missing/meta.json",
        "api/scopes/scratch/packages/missing/versions/1.0.0",
        "elsewhere",
      ]
    ) {
      const res = await fetch(registry.url + path);
      await res.body?.cancel();
      assert.equal(res.status, 404, path);
    }
    const run = await deno(registry, work, ["run", "jsr:@scratch/missing"]);
    assert.notEqual(run.code, 0);
    assert.match(run.stderr, /JSR package not found: @scratch\/missing/);
    assert.equal(registry.requests.at(-1), "GET /@scratch/missing/meta.json");
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("the publish API refuses uploads without a token, with a bad tarball or a wrong name", async () => {
  await using registry = await startJsrRegistry();
  const api = `${registry.apiUrl}scopes/scratch/packages/demo/versions/1.0.0?config=/deno.json`;
  const post = async (body: Uint8Array, token: string | null) => {
    const headers: Record<string, string> = { "content-encoding": "gzip" };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const res = await fetch(api, { method: "POST", headers, body: body as BodyInit });
    return { status: res.status, json: await res.json() };
  };
  const config = (name: string) => ({
    path: "deno.json",
    text: JSON.stringify({ name, version: "1.0.0", exports: "./mod.ts" }),
  });
  const good = await gzip(tar([config("@scratch/demo"), { path: "mod.ts", text: "export {};" }]));

  assert.equal((await post(good, null)).status, 401);
  const garbage = await post(new TextEncoder().encode("not a tarball, not even close"), "t");
  assert.deepEqual([garbage.status, garbage.json.code], [400, "invalidTarball"]);
  const wrongName = await post(await gzip(tar([config("@other/demo")])), "t");
  assert.deepEqual([wrongName.status, wrongName.json.code], [400, "configFileNameMismatch"]);
  const noModule = await post(await gzip(tar([config("@scratch/demo")])), "t");
  assert.deepEqual([noModule.status, noModule.json.code], [400, "configFileExportsInvalid"]);

  const ok = await post(good, "t");
  assert.deepEqual([ok.status, ok.json.status, ok.json.error], [202, "success", null]);
  const status = await (await fetch(`${registry.apiUrl}publish_status/${ok.json.id}`)).json();
  assert.deepEqual(status, ok.json);
  const duplicate = await post(good, "t");
  assert.deepEqual([duplicate.status, duplicate.json.code], [409, "duplicateVersionPublish"]);
  assert.equal(duplicate.json.task.status, "success");
  const version = await fetch(api.slice(0, api.indexOf("?")));
  assert.deepEqual(await version.json(), {
    scope: "scratch",
    package: "demo",
    version: "1.0.0",
    yanked: false,
  });
  assert.deepEqual(registry.published.map((p) => p.files), [["/deno.json", "/mod.ts"]]);
  const meta = await (await fetch(`${registry.url}@scratch/demo/1.0.0_meta.json`)).json();
  assert.deepEqual(meta.exports, { ".": "./mod.ts" });
});

Deno.test("a registry started on the same dir serves what an earlier one stored", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jsr_store_" });
  try {
    const body = await gzip(tar([
      { path: "deno.json", text: '{ "name": "@scratch/kept", "exports": { ".": "./a.ts" } }' },
      { path: "a.ts", text: "export const a = 1;" },
    ]));
    {
      await using first = await startJsrRegistry({ dir });
      const res = await fetch(`${first.apiUrl}scopes/scratch/packages/kept/versions/2.0.0`, {
        method: "POST",
        headers: { authorization: "Bearer t" },
        body: body as BodyInit,
      });
      assert.equal(res.status, 202, await res.text());
    }
    await using second = await startJsrRegistry({ dir });
    const res = await fetch(`${second.url}@scratch/kept/2.0.0/a.ts`);
    assert.equal(await res.text(), "export const a = 1;");
    assert.equal(res.headers.get("content-type"), "application/typescript");
    assert.deepEqual(second.published, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno run checks each file against the checksum in <version>_meta.json", async () => {
  await using registry = await startJsrRegistry();
  const work = await Deno.makeTempDir({ prefix: "jsr_run_" });
  try {
    const body = await gzip(tar([
      { path: "deno.json", text: '{ "name": "@scratch/sum", "exports": "./mod.ts" }' },
      { path: "mod.ts", text: 'console.log("as published");' },
    ]));
    const res = await fetch(`${registry.apiUrl}scopes/scratch/packages/sum/versions/0.1.0`, {
      method: "POST",
      headers: { authorization: "Bearer t", "content-encoding": "gzip" },
      body: body as BodyInit,
    });
    assert.equal(res.status, 202, await res.text());
    const ok = await deno(registry, work, ["run", "jsr:@scratch/sum"]);
    assert.equal(ok.stdout, "as published\n", ok.stderr);
    await Deno.writeTextFile(
      `${registry.dir}/@scratch/sum/0.1.0/mod.ts`,
      'console.log("changed");',
    );
    const tampered = await deno(registry, work, ["run", "jsr:@scratch/sum"]);
    assert.notEqual(tampered.code, 0);
    assert.equal(tampered.stdout, "");
    assert.match(tampered.stderr, /Integrity check failed/);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});

Deno.test("compareVersions() orders by semver precedence", () => {
  const sorted = ["1.10.0", "1.2.0", "1.2.0-rc.10", "1.2.0-rc.2", "1.2.0-alpha", "0.9.9"]
    .sort(compareVersions);
  assert.deepEqual(sorted, [
    "0.9.9",
    "1.2.0-alpha",
    "1.2.0-rc.2",
    "1.2.0-rc.10",
    "1.2.0",
    "1.10.0",
  ]);
  assert.throws(() => compareVersions("1.0", "1.0.0"), /not a version: 1\.0/);
});

Deno.test("parseTar() reads GNU long names, PAX paths and ustar prefixes, and checks headers", async () => {
  const long = `./deep/${"d".repeat(60)}/${"e".repeat(60)}/file.ts`;
  const archive = tar([
    { path: long, text: "long" },
    { path: "./short.ts", text: "short" },
  ]);
  const files = parseTar(await gunzip(await gzip(archive)));
  assert.deepEqual(files.map((f) => [f.path, new TextDecoder().decode(f.data)]), [
    [long.slice(1), "long"],
    ["/short.ts", "short"],
  ]);

  const paxPath = `pax/${"p".repeat(120)}.ts`;
  const pax = `${paxPath.length + 10} path=${paxPath}\n`;
  assert.equal(pax.length, paxPath.length + 10);
  const prefixed = header("file.ts", 3, "0", "ustar\u000000");
  prefixed.set(new TextEncoder().encode("some/prefix"), 345);
  const others = concat([
    header("PaxHeader", pax.length, "x", "ustar\u000000"),
    pad(new TextEncoder().encode(pax)),
    header("truncated", 1, "0", "ustar\u000000"),
    pad(new Uint8Array([0x21])),
    withChecksum(prefixed),
    pad(new TextEncoder().encode("abc")),
    header("dir/", 0, "5", "ustar\u000000"),
    new Uint8Array(1024),
  ]);
  assert.deepEqual(parseTar(others).map((f) => f.path), [`/${paxPath}`, "/some/prefix/file.ts"]);

  const corrupt = archive.slice();
  corrupt[1030] = (corrupt[1030] ?? 0) ^ 1;
  assert.throws(() => parseTar(corrupt), /bad header checksum at byte 1024/);
  assert.throws(() => parseTar(tar([{ path: "../up.ts", text: "" }])), /refusing the path/);
  assert.throws(() => parseTar(archive.slice(0, 1537)), /past the end/);
  assert.throws(() => parseTar(archive.slice(0, 1100)), /ends inside the header at byte 1024/);
});

/** A GNU-style tar, as Deno writes it: names over 100 bytes go in a `././@LongLink` entry. */
function tar(entries: { path: string; text: string }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { path, text } of entries) {
    const name = new TextEncoder().encode(path);
    if (name.length > 100) {
      parts.push(header("././@LongLink", name.length + 1, "L", "ustar  \0"));
      parts.push(pad(concat([name, new Uint8Array(1)])));
    }
    const data = new TextEncoder().encode(text);
    parts.push(header(path.slice(0, 100), data.length, "0", "ustar  \0"), pad(data));
  }
  parts.push(new Uint8Array(1024));
  return concat(parts);
}

function header(name: string, size: number, type: string, magic: string): Uint8Array {
  const block = new Uint8Array(512);
  const put = (at: number, text: string) => block.set(new TextEncoder().encode(text), at);
  put(0, name);
  put(100, "0000644\0");
  put(124, size.toString(8).padStart(11, "0") + "\0");
  put(156, type);
  put(257, magic);
  return withChecksum(block);
}

function withChecksum(block: Uint8Array): Uint8Array {
  block.fill(0x20, 148, 156);
  const sum = block.reduce((a, b) => a + b, 0);
  block.set(new TextEncoder().encode(sum.toString(8).padStart(6, "0") + "\0 "), 148);
  return block;
}

function pad(data: Uint8Array): Uint8Array {
  return concat([data, new Uint8Array((512 - data.length % 512) % 512)]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function gzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
