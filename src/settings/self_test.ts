import assert from "node:assert/strict";
import { jsrVersion, type RuntimeFacts, selfInvocation } from "./self.ts";

const deno = (over: Partial<RuntimeFacts>): RuntimeFacts => ({
  standalone: false,
  execPath: "/usr/local/bin/deno",
  mainModule: "file:///opt/everyhook/cli.ts",
  os: "linux",
  ...over,
});

Deno.test("selfInvocation() gives a compiled binary its own path and nothing else", () => {
  const s = selfInvocation(deno({ standalone: true, execPath: "/usr/local/bin/everyhook" }));
  assert.equal(s.form, "binary");
  assert.deepEqual(s.argv, ["/usr/local/bin/everyhook"]);
  const w = selfInvocation(
    deno({ standalone: true, execPath: "C:\\Tools\\everyhook.exe", os: "windows" }),
  );
  assert.deepEqual(w.argv, ["C:/Tools/everyhook.exe"]);
});

Deno.test("selfInvocation() from a clone writes deno, run's three flags and run.ts beside cli.ts", () => {
  const s = selfInvocation(deno({}), { isFile: () => false });
  assert.equal(s.form, "clone");
  assert.deepEqual(s.argv, [
    "/usr/local/bin/deno",
    "run",
    "--v8-flags=--no-lazy",
    "--allow-read",
    "--allow-run",
    "--allow-env",
    "/opt/everyhook/run.ts",
  ]);
  assert.deepEqual(s.warnings, []);
});

Deno.test("selfInvocation() from a clone names run.bundle.js when it is beside run.ts, with the same permissions", () => {
  const asked: string[] = [];
  const s = selfInvocation(deno({}), {
    isFile: (path) => {
      asked.push(path);
      return true;
    },
  });
  assert.deepEqual(asked, ["/opt/everyhook/run.bundle.js"]);
  // The bundle's functions are compiled with the module (scripts/eager_functions.ts), and it
  // needs no deno.json: no --no-lazy, no baseline compiler, and --no-config.
  assert.deepEqual(s.argv, [
    "/usr/local/bin/deno",
    "run",
    "--v8-flags=--no-sparkplug",
    "--no-config",
    "--allow-read",
    "--allow-run",
    "--allow-env",
    "/opt/everyhook/run.bundle.js",
  ]);
  const w = selfInvocation(
    deno({ mainModule: "file:///C:/every%20hook/cli.ts", os: "windows" }),
    { isFile: (path) => path === "C:/every hook/run.bundle.js" },
  );
  assert.equal(w.argv.at(-1), "C:/every hook/run.bundle.js");
  // This checkout has its bundle, and the default look finds it.
  const here = selfInvocation(deno({ mainModule: "file:///elsewhere/x_test.ts" }));
  assert.equal(here.argv.at(-1), new URL("../../run.bundle.js", import.meta.url).pathname);
});

Deno.test("selfInvocation() decodes a Windows file address into a drive path", () => {
  const s = selfInvocation(
    deno({
      execPath: "C:\\Program Files\\deno\\deno.exe",
      mainModule: "file:///C:/Users/me/every%20hook/cli.ts",
      os: "windows",
    }),
    { isFile: () => false },
  );
  assert.deepEqual(s.argv.at(0), "C:/Program Files/deno/deno.exe");
  assert.match(s.warnings[0]!, /PowerShell/);
  assert.deepEqual(s.argv.at(-1), "C:/Users/me/every hook/run.ts");
});

Deno.test("selfInvocation() uses run.ts beside src/ when the main module is something else", () => {
  const s = selfInvocation(
    deno({ mainModule: "file:///work/tests/x_test.ts" }),
    { cliUrl: "file:///work/cli.ts", isFile: () => false },
  );
  assert.equal(s.argv.at(-1), "/work/run.ts");
});

Deno.test("selfInvocation() from JSR writes the versioned specifier", () => {
  for (
    const mainModule of [
      "https://jsr.io/@everyhook/cli/0.3.1/cli.ts",
      "jsr:@everyhook/cli@0.3.1/cli",
      "jsr:@everyhook/cli@0.3.1",
    ]
  ) {
    const s = selfInvocation(deno({ mainModule }));
    assert.equal(s.form, "jsr");
    assert.deepEqual(s.argv, [
      "/usr/local/bin/deno",
      "run",
      "--v8-flags=--no-sparkplug",
      "--no-config",
      "--allow-read",
      "--allow-run",
      "--allow-env",
      "jsr:@everyhook/cli@0.3.1/run-bundle",
    ]);
  }
  const viaLibrary = selfInvocation(
    deno({ mainModule: "https://example.com/script.ts" }),
    { cliUrl: "https://jsr.io/@everyhook/cli/1.0.0-rc.1/cli.ts" },
  );
  assert.equal(viaLibrary.argv.at(-1), "jsr:@everyhook/cli@1.0.0-rc.1/run-bundle");
});

Deno.test("selfInvocation() from the JSR registry in use (JSR_URL) writes the versioned specifier", () => {
  const jsrUrl = "http://127.0.0.1:4873/";
  // `deno run jsr:@everyhook/cli/cli`: the main module has no version; cli.ts's own address has.
  for (const mainModule of ["jsr:@everyhook/cli/cli", "jsr:@everyhook/cli"]) {
    const s = selfInvocation(deno({ mainModule }), {
      cliUrl: "http://127.0.0.1:4873/@everyhook/cli/0.1.0/cli.ts",
      jsrUrl,
    });
    assert.equal(s.form, "jsr");
    assert.equal(s.argv.at(-1), "jsr:@everyhook/cli@0.1.0/run-bundle");
    assert.deepEqual(s.argv.slice(1, 7), [
      "run",
      "--v8-flags=--no-sparkplug",
      "--no-config",
      "--allow-read",
      "--allow-run",
      "--allow-env",
    ]);
  }
  const noSlash = selfInvocation(deno({ mainModule: "jsr:@everyhook/cli" }), {
    cliUrl: "http://127.0.0.1:4873/@everyhook/cli/2.0.0/cli.ts",
    jsrUrl: "http://127.0.0.1:4873",
  });
  assert.equal(noSlash.argv.at(-1), "jsr:@everyhook/cli@2.0.0/run-bundle");
  // The same address with another registry in use is not this package on JSR.
  assert.throws(
    () =>
      selfInvocation(deno({ mainModule: "jsr:@everyhook/cli/cli" }), {
        cliUrl: "http://127.0.0.1:4873/@everyhook/cli/0.1.0/cli.ts",
      }),
    /Cannot tell how to start everyhook from "http:\/\/127\.0\.0\.1:4873\/@everyhook\/cli\/0\.1\.0\/cli\.ts".*set JSR_URL/,
  );
});

Deno.test("selfInvocation() warns when deno lives in npm's or npx's cache", () => {
  const npx = selfInvocation(deno({
    execPath: "/home/me/.npm/_npx/1a2b/node_modules/deno/deno",
  }));
  assert.equal(npx.warnings.length, 1);
  assert.match(npx.warnings[0]!, /npx's cache/);
  const win = selfInvocation(deno({
    execPath: "C:\\Users\\me\\AppData\\Local\\npm-cache\\_npx\\9\\deno.exe",
    mainModule: "file:///C:/e/cli.ts",
    os: "windows",
  }));
  assert.equal(win.warnings.length, 1);
});

Deno.test("jsrVersion() reads only exact versions of this package", () => {
  assert.equal(jsrVersion("https://jsr.io/@everyhook/cli/0.1.0/src/self.ts"), "0.1.0");
  assert.equal(jsrVersion("https://jsr.io/@other/cli/0.1.0/cli.ts"), undefined);
  assert.equal(jsrVersion("jsr:@everyhook/cli@^0.1.0"), undefined);
  assert.equal(jsrVersion("file:///x/cli.ts"), undefined);
  assert.equal(jsrVersion("http://127.0.0.1:9/@everyhook/cli/0.1.0/cli.ts"), undefined);
  assert.equal(
    jsrVersion("http://127.0.0.1:9/@everyhook/cli/0.1.0/cli.ts", "http://127.0.0.1:9/"),
    "0.1.0",
  );
  assert.equal(
    jsrVersion("http://127.0.0.1:9/x/@everyhook/cli/0.1.0/cli.ts", "http://127.0.0.1:9/"),
    undefined,
  );
});
