// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * Direct mode as a person gets it: `install` of a hook written with the SDK
 * writes lines that start the hook with deno and its shebang's permissions;
 * each line, run as the agent runs it, answers in the agent's JSON; `list`
 * says which mode each entry uses; `uninstall` takes them out. A hook that
 * only mentions the SDK in a comment or a string still goes through `run`.
 */

import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import { findOurs } from "../src/settings/settings_file.ts";
import { readSettingsFile } from "../src/install/config_file.ts";
import { loadFixtures } from "../src/readers/recorded.ts";

/** Every agent, by name: these worlds hold no agent, and --all means the agents found here. */
const EVERY = AGENTS.map((a) => a.id).join(",");

const CLI = new URL("../cli.ts", import.meta.url).pathname;
const HOOK = new URL("../examples/block-force-push.ts", import.meta.url).pathname;
const SDK = new URL("../hook.bundle.js", import.meta.url).pathname;
const posix = Deno.build.os !== "windows";
if (!posix) console.log("direct_install_test: skipped on Windows (the worlds use POSIX paths)");

async function denoDir(): Promise<string> {
  const out = await new Deno.Command(Deno.execPath(), { args: ["info", "--json"] }).output();
  return JSON.parse(new TextDecoder().decode(out.stdout)).denoDir;
}

interface Home extends AsyncDisposable {
  root: string;
  home: string;
  env: Record<string, string>;
}

async function throwawayHome(): Promise<Home> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-direct-" });
  await Deno.mkdir(`${root}/home`);
  await Deno.mkdir(`${root}/project`);
  return {
    root,
    home: `${root}/home`,
    env: { HOME: `${root}/home`, PATH: Deno.env.get("PATH") ?? "", DENO_DIR: await denoDir() },
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

async function everyhook(h: Home, args: string[]): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--no-prompt",
      "--allow-read",
      "--allow-write",
      "--allow-run",
      "--allow-env",
      CLI,
      ...args,
    ],
    cwd: `${h.root}/project`,
    env: h.env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  assert.ok(out.code <= 1, dec.decode(out.stderr));
  return { code: out.code, stdout: dec.decode(out.stdout) };
}

/** Run a line as an agent does: a command through sh, or a program with its arguments. */
async function asAgent(h: Home, argv: string[] | string, payload: unknown): Promise<string> {
  const [program, args] = typeof argv === "string"
    ? ["/bin/sh", ["-c", argv]]
    : [argv[0] as string, argv.slice(1)];
  const child = new Deno.Command(program, {
    args,
    cwd: h.home,
    env: h.env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  await w.write(new TextEncoder().encode(JSON.stringify(payload)));
  await w.close();
  const out = await child.output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return new TextDecoder().decode(out.stdout);
}

Deno.test({
  name:
    "install writes a hook made with the SDK in direct mode; each agent's line blocks its recorded force push; list and uninstall read it",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    const installed = await everyhook(h, ["install", HOOK, "--agent", EVERY, "--json"]);
    const report = JSON.parse(installed.stdout);
    assert.equal(report.mode, "direct");
    const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
    for (const [i, agent] of AGENTS.entries()) {
      const file = report.results[i].file;
      const root = (await readSettingsFile(file, agent.install)).value as Record<string, unknown>;
      const [found] = findOurs(root, agent.install);
      assert.ok(found, agent.id);
      assert.equal(found.line.mode, "direct");
      assert.equal(found.line.hook, HOOK);
      assert.deepEqual(found.line.self, [
        Deno.execPath(),
        "run",
        "--quiet",
        "--no-prompt",
        "--v8-flags=--no-lazy",
        "--allow-env=EVERYHOOK_PROTECTED_BRANCHES",
        "--allow-run=git",
      ]);
      const line = agent.install.execFields
        ? [
          found.value[agent.install.execFields.program] as string,
          ...(found.value[agent.install.execFields.args] as string[]),
        ]
        : found.value[agent.install.commandField] as string;
      const push = fixtures.find((f) =>
        f.agent === agent.id && f.event === "pre-tool" && f.variant.startsWith("shell-force-push")
      );
      assert.ok(push, `${agent.id} has a recorded force push`);
      const out = await asAgent(h, line, push.payload);
      assert.match(out, /protected branch \\"main\\"/, `${agent.id}: ${out}`);
    }
    const listed = JSON.parse((await everyhook(h, ["list", "--ours", "--json"])).stdout);
    assert.equal(listed.entries.length, AGENTS.length);
    assert.ok(listed.entries.every((e: { mode: string }) => e.mode === "direct"));
    const text = (await everyhook(h, ["list", "--ours"])).stdout;
    assert.match(text, /\[everyhook direct\]/);
    assert.doesNotMatch(text, /\[everyhook run\]/);
    await everyhook(h, ["uninstall", HOOK, "--all"]);
    const after = JSON.parse((await everyhook(h, ["list", "--ours", "--json"])).stdout);
    assert.equal(after.entries.length, 0);
  },
});

Deno.test({
  name:
    "install keeps a hook that only mentions the SDK, or takes no defineHook from it, going through run",
  ignore: !posix,
  fn: async () => {
    await using h = await throwawayHome();
    const cases = {
      "comment.ts": `// import { defineHook } from "${SDK}";\nconsole.log("");\n`,
      "string.ts": `const s = 'import { defineHook } from "${SDK}"';\nconsole.log(s);\n`,
      "helpers.ts": `import { deny } from "${SDK}";\nconsole.log(JSON.stringify(deny("x")));\n`,
      "direct.ts": `import { defineHook } from "${SDK}";\nexport default defineHook(() => {});\n`,
    };
    const modes: Record<string, string> = {};
    for (const [name, text] of Object.entries(cases)) {
      await Deno.writeTextFile(`${h.root}/${name}`, text);
      const r = await everyhook(h, ["install", `${h.root}/${name}`, "--agent", "codex", "--json"]);
      modes[name] = JSON.parse(r.stdout).mode;
    }
    assert.deepEqual(modes, {
      "comment.ts": "run",
      "string.ts": "run",
      "helpers.ts": "run",
      "direct.ts": "direct",
    });
    const text = (await everyhook(h, ["list", "--ours"])).stdout;
    assert.equal(text.match(/\[everyhook run\]/g)?.length, 3);
    assert.equal(text.match(/\[everyhook direct\]/g)?.length, 1);
  },
});
