import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { invocationCwd, type MemoryIo, memoryIo } from "../src/cli/io.ts";
import { main } from "../cli.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url)).replace(/[\\/]$/, "");

Deno.test("invocationCwd() takes INIT_CWD only in the package's own folder", () => {
  assert.equal(invocationCwd("/clone", "/home/me/p", "/clone"), "/home/me/p");
  assert.equal(invocationCwd("/clone/", "/home/me/p", "/clone"), "/home/me/p");
  assert.equal(invocationCwd("/other", "/home/me/p", "/clone"), "/other");
  assert.equal(invocationCwd("/clone", "relative", "/clone"), "/clone");
  assert.equal(invocationCwd("/clone", undefined, "/clone"), "/clone");
  assert.equal(invocationCwd("/clone", "/home/me/p", undefined), "/clone");
  assert.equal(invocationCwd("C:\\clone", "D:\\p", "C:\\clone"), "D:\\p");
});

/** The test's environment without INIT_CWD (npx sets it, and Deno keeps one that is set). */
function withoutInitCwd(): Record<string, string> {
  const env = Deno.env.toObject();
  delete env.INIT_CWD;
  env.DENO_DIR ??= join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");
  return env;
}

Deno.test("deno task everyhook reads a relative hook and --scope project in the person's folder", async () => {
  const home = await Deno.makeTempDir();
  const project = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(project, "mine.ts"), "console.log('{}');\n");
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "--quiet",
        "--config",
        join(ROOT, "deno.json"),
        "everyhook",
        "install",
        "mine.ts",
        "--agent",
        "claude-code",
        "--scope",
        "project",
        "--dry-run",
        "--json",
      ],
      cwd: project,
      clearEnv: true,
      env: { ...withoutInitCwd(), HOME: home, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout);
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr) + text);
    const report = JSON.parse(text);
    assert.equal(report.hook, join(await Deno.realPath(project), "mine.ts"));
    assert.ok(report.results[0].file.startsWith(await Deno.realPath(project)), text);
  } finally {
    await Deno.remove(home, { recursive: true });
    await Deno.remove(project, { recursive: true });
  }
});

const granted = () => "granted" as const;

/** A throwaway home and project folder with a hook in the project. */
async function world(): Promise<
  { home: string; project: string; hook: string } & AsyncDisposable
> {
  const root = await Deno.realPath(await Deno.makeTempDir({ prefix: "everyhook-newcomer-" }));
  const home = join(root, "home");
  const project = join(root, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(project);
  const hook = join(project, "no-rm-rf.ts");
  await Deno.writeTextFile(hook, "console.log('{}');\n");
  return {
    home,
    project,
    hook,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

async function everyhook(
  w: { home: string; project: string },
  args: string[],
  cwd = w.project,
): Promise<MemoryIo & { code: number }> {
  const io = memoryIo({ env: { HOME: w.home }, cwd });
  const code = await main(args, io, { query: granted });
  return Object.assign(io, { code });
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    if (e.isDirectory) out.push(...(await filesUnder(join(dir, e.name))));
    else out.push(join(dir, e.name));
  }
  return out.sort();
}

Deno.test("install refuses a matcher an agent cannot read, before writing any file", async () => {
  await using w = await world();
  const r = await everyhook(w, ["install", "no-rm-rf.ts", "--all", "--matcher", "("]);
  assert.equal(r.code, 2, r.stdoutText());
  assert.match(r.stderrText(), /--matcher "\(": .*not a regular expression/);
  assert.deepEqual(await filesUnder(w.home), []);
  const ok = await everyhook(w, ["install", "no-rm-rf.ts", "--all", "--matcher", "Bash|Write"]);
  assert.equal(ok.code, 0, ok.stderrText());
});

Deno.test("install refuses a timeout of 0 with the reason, before writing any file", async () => {
  await using w = await world();
  const r = await everyhook(w, ["install", "no-rm-rf.ts", "--all", "--timeout", "0"]);
  assert.equal(r.code, 2);
  assert.match(r.stderrText(), /at least 1 second/);
  assert.doesNotMatch(r.stderrText(), /whole number/);
  assert.deepEqual(await filesUnder(w.home), []);
});
