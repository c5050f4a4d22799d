import assert from "node:assert/strict";
import { sdkImport } from "../hook_script/sdk_import.ts";
import { EveryhookError } from "../contract/errors.ts";
import {
  checkWord,
  directArgv,
  linePath,
  parseArgv,
  parseLine,
  runArgv,
  samePath,
  shellLine,
  splitLine,
} from "./command_line.ts";
import { selfInvocation } from "./self.ts";

const LINE = { agent: "claude-code", event: "pre-tool", timeout: 28, failClosed: false };

const SELVES = {
  binary: selfInvocation({
    standalone: true,
    execPath: "/opt/bin/everyhook",
    mainModule: "deno-compile://cli.ts",
    os: "linux",
  }),
  clone: selfInvocation({
    standalone: false,
    execPath: "/usr/local/bin/deno",
    mainModule: "file:///home/me/every%20hook/cli.ts",
    os: "linux",
  }),
  jsr: selfInvocation({
    standalone: false,
    execPath: "/usr/local/bin/deno",
    mainModule: "https://jsr.io/@everyhook/cli/0.1.0/cli.ts",
    os: "linux",
  }),
  windowsClone: selfInvocation({
    standalone: false,
    execPath: "C:\\Users\\me\\.deno\\bin\\deno.exe",
    mainModule: "file:///C:/Users/me/everyhook/cli.ts",
    os: "windows",
  }),
  windowsBinary: selfInvocation({
    standalone: true,
    execPath: "C:\\Program Files\\everyhook\\everyhook.exe",
    mainModule: "deno-compile://cli.ts",
    os: "windows",
  }),
};

Deno.test("shellLine() writes the program bare, paths double-quoted, flags bare", () => {
  const argv = runArgv(SELVES.clone.argv, { ...LINE, hook: "/home/me/hooks/block.ts" });
  assert.equal(
    shellLine(argv),
    '/usr/local/bin/deno run --v8-flags=--no-lazy --allow-read --allow-run --allow-env "/home/me/every hook/run.ts" run --agent claude-code --event pre-tool --timeout 28 -- "/home/me/hooks/block.ts"',
  );
  const jsr = shellLine(runArgv(SELVES.jsr.argv, { ...LINE, hook: "/h/a.ts", failClosed: true }));
  assert.match(
    jsr,
    / "jsr:@everyhook\/cli@0\.1\.0\/run-bundle" run .* --fail-closed -- "\/h\/a\.ts"$/,
  );
  const win = shellLine(runArgv(SELVES.windowsBinary.argv, { ...LINE, hook: "C:/h/a.ts" }));
  assert.ok(win.startsWith('"C:/Program Files/everyhook/everyhook.exe" run '));
});

Deno.test("lines written before run.ts, which name cli.ts, still read back as everyhook's", () => {
  const old = [
    '/usr/local/bin/deno run --allow-read --allow-run --allow-env "/home/me/every hook/cli.ts" run --agent claude-code --event pre-tool --timeout 28 -- "/h/a.ts"',
    '/usr/local/bin/deno run --no-config --allow-read --allow-run --allow-env "jsr:@everyhook/cli@0.1.0/cli" run --agent codex --event stop --timeout 28 -- "/h/a.ts"',
    '/usr/local/bin/deno run --allow-read --allow-run --allow-env "/home/me/every hook/run.ts" run --agent claude-code --event pre-tool --timeout 28 -- "/h/a.ts"',
    '/usr/local/bin/deno run --no-config --allow-read --allow-run --allow-env "jsr:@everyhook/cli@0.1.0/run" run --agent codex --event stop --timeout 28 -- "/h/a.ts"',
  ];
  assert.deepEqual(old.map((line) => parseLine(line)?.form), ["clone", "jsr", "clone", "jsr"]);
  assert.equal(parseLine(old[0]!)?.hook, "/h/a.ts");
});

Deno.test("a clone's line that names run.bundle.js reads back as everyhook's, its SDK beside it", () => {
  const line =
    '/usr/local/bin/deno run --allow-read --allow-run --allow-env "/home/me/every hook/run.bundle.js" run --agent claude-code --event pre-tool --timeout 28 -- "/h/a.ts"';
  const parsed = parseLine(line);
  assert.equal(parsed?.form, "clone");
  assert.equal(parsed?.hook, "/h/a.ts");
  assert.equal(parsed?.self.at(-1), "/home/me/every hook/run.bundle.js");
  const sdk = sdkImport({ form: "clone", argv: parsed!.self, warnings: [] }, "linux");
  // The bundled SDK, written beside run.bundle.js by the same task.
  assert.equal(sdk.specifier, "/home/me/every hook/hook.bundle.js");
  // From run.ts (a clone without its bundles), the SDK's sources.
  const fromSources = sdkImport({
    form: "clone",
    argv: [...parsed!.self.slice(0, -1), "/home/me/every hook/run.ts"],
    warnings: [],
  }, "linux");
  assert.equal(fromSources.specifier, "/home/me/every hook/src/hook/mod.ts");
  // A file of another name is not everyhook's.
  assert.equal(parseLine(line.replace("run.bundle.js", "run.other.js"))?.form, "other");
});

Deno.test("every form reads back to what was written, from text and from words", () => {
  for (const [name, self] of Object.entries(SELVES)) {
    const hook = name.startsWith("windows") ? "C:/Users/me/My Hooks/a.ts" : "/tmp/my hooks/a.ts";
    for (const failClosed of [false, true]) {
      const argv = runArgv(self.argv, { ...LINE, hook, failClosed });
      for (const parsed of [parseLine(shellLine(argv)), parseArgv(argv)]) {
        assert.ok(parsed, `${name} reads back`);
        assert.equal(parsed.form, name.replace("windowsB", "b").replace("windowsC", "c"));
        assert.deepEqual(parsed.self, self.argv);
        assert.equal(parsed.hook, hook);
        assert.equal(parsed.agent, "claude-code");
        assert.equal(parsed.event, "pre-tool");
        assert.equal(parsed.timeout, 28);
        assert.equal(parsed.failClosed, failClosed);
      }
    }
  }
});

Deno.test("a direct line reads back to what was written, and says its mode", () => {
  for (const failClosed of [false, true]) {
    const hook = "/tmp/my hooks/a.ts";
    const argv = directArgv("/usr/local/bin/deno", ["--allow-run=git", "--allow-read=/a b"], {
      ...LINE,
      hook,
      failClosed,
    });
    assert.deepEqual(argv.slice(0, 5), [
      "/usr/local/bin/deno",
      "run",
      "--quiet",
      "--no-prompt",
      "--v8-flags=--no-lazy",
    ]);
    for (const parsed of [parseLine(shellLine(argv)), parseArgv(argv)]) {
      assert.ok(parsed);
      assert.equal(parsed.mode, "direct");
      assert.equal(parsed.form, "other");
      assert.equal(parsed.hook, hook);
      assert.deepEqual(
        [parsed.agent, parsed.event, parsed.timeout, parsed.failClosed],
        ["claude-code", "pre-tool", 28, failClosed],
      );
      assert.deepEqual(parsed.self, argv.slice(0, 7));
    }
  }
  const run = parseArgv(runArgv(SELVES.clone.argv, { ...LINE, hook: "/h/a.ts" }));
  assert.equal(run?.mode, "run");
});

Deno.test("parseLine() leaves a deno line that is not direct mode's alone", () => {
  assert.equal(parseLine("deno run /h/a.ts --everyhook-agent codex"), undefined);
  assert.equal(
    parseLine("deno run /h/a.ts --everyhook-agent codex --everyhook-event stop --verbose"),
    undefined,
  );
  assert.equal(parseLine("deno run /h/a.ts --agent codex --event stop"), undefined);
  assert.equal(parseLine("deno eval x --everyhook-agent codex --everyhook-event stop"), undefined);
  assert.equal(
    parseLine("deno run /h/a.ts --everyhook-agent=codex --everyhook-event=stop")?.event,
    "stop",
  );
});

Deno.test("parseLine() reads the Node version's line and leaves other commands alone", () => {
  const node = parseLine(
    'node "C:/e/bin/everyhook.mjs" run --agent codex --event stop -- "C:/e/examples/x.mjs"',
  );
  assert.equal(node?.form, "other");
  assert.equal(node?.hook, "C:/e/examples/x.mjs");
  assert.equal(parseLine("node /path/record-hook.js PreToolUse"), undefined);
  assert.equal(parseLine('"/bin/run" run --agent a'), undefined);
  assert.equal(parseLine('deno run "unclosed'), undefined);
  assert.equal(parseLine("/bin/everyhook run --agent a --event e --timeout x -- /h"), undefined);
});

Deno.test("checkWord() refuses the characters shells read differently in double quotes", () => {
  for (const bad of ['/a"b', "/a$b", "/a`b", "/a%b%", "/a\nb", "/a\rb", "C:\\a"]) {
    assert.throws(() => checkWord(bad, "the hook"), (e: unknown) => {
      return e instanceof EveryhookError && e.code === "path-refused";
    });
    assert.throws(() => runArgv(["/bin/everyhook"], { ...LINE, hook: bad }), EveryhookError);
  }
  checkWord("/home/me/it's (mine) & yours!/a.ts", "the hook");
});

Deno.test("splitLine() keeps quoted spaces and empty words", () => {
  assert.deepEqual(splitLine(`a  "b c" 'd e' "" f"g h"`), ["a", "b c", "d e", "", "fg h"]);
});

Deno.test("linePath() writes forward slashes on Windows only", () => {
  assert.equal(linePath("C:\\Users\\me\\a.ts", "windows"), "C:/Users/me/a.ts");
  assert.equal(linePath("/home/me/a.ts", "linux"), "/home/me/a.ts");
});

Deno.test("samePath() compares Windows paths without case or slash direction", () => {
  assert.ok(samePath("C:/Users/Me/a.ts", "c:\\users\\me\\a.ts"));
  assert.ok(samePath("/h/x/../a.ts", "/h/a.ts"));
  assert.ok(!samePath("/h/A.ts", "/h/a.ts"));
  assert.ok(!samePath("C:/a.ts", "D:/a.ts"));
});
