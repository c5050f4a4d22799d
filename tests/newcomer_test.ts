import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { invocationCwd } from "../src/cli/io.ts";

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
