import assert from "node:assert/strict";
import { stringify } from "smol-toml";
import { findAgent } from "../agents/mod.ts";
import { codexTrustHash } from "../agents/codex_switches.ts";
import { listHooks } from "../readers/list.ts";
import { buildWorld } from "./world.ts";
import { readCalls } from "./probe.ts";
import { runHook } from "../run/hook_process.ts";

async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      const p = `${d}/${e.name}`;
      if (e.isDirectory) await walk(p);
      else {
        const info = await Deno.stat(p);
        out.set(p, `${info.mtime?.getTime()} ${await Deno.readTextFile(p)}`);
      }
    }
  };
  await walk(dir);
  return out;
}

async function codexUser(dir: string) {
  const home = `${dir}/home`;
  const project = `${dir}/work/app`;
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  await Deno.mkdir(`${project}/.codex`, { recursive: true });
  const group = (command: string) => ({ hooks: [{ type: "command", command, timeout: 30 }] });
  const hooks = {
    hooks: { Stop: [group("echo trusted"), group("echo stale"), group("echo new")] },
  };
  await Deno.writeTextFile(`${home}/.codex/hooks.json`, JSON.stringify(hooks));
  await Deno.writeTextFile(
    `${project}/.codex/hooks.json`,
    JSON.stringify({ hooks: { UserPromptSubmit: [group("echo project")] } }),
  );
  const file = `${home}/.codex/hooks.json`;
  const entry = (i: number, command: string, f = file, native = "Stop") => ({
    file: f,
    scope: "user" as const,
    native,
    group: i,
    handler: 0,
    matcher: undefined,
    value: { type: "command", command, timeout: 30 },
  });
  const config = {
    projects: { [project]: { trust_level: "trusted" } },
    hooks: {
      state: {
        [`${file}:stop:0:0`]: { trusted_hash: await codexTrustHash(entry(0, "echo trusted")) },
        [`${file}:stop:1:0`]: { trusted_hash: await codexTrustHash(entry(1, "echo old")) },
        [`${project}/.codex/hooks.json:user_prompt_submit:0:0`]: {
          trusted_hash: await codexTrustHash(
            entry(0, "echo project", `${project}/.codex/hooks.json`, "UserPromptSubmit"),
          ),
        },
      },
    },
  };
  await Deno.writeTextFile(`${home}/.codex/config.toml`, stringify(config));
  return { home, project };
}

Deno.test("buildWorld copies a Codex setup, leaves the user's files as they were, and keeps each entry's trust", async () => {
  const dir = await Deno.makeTempDir();
  const root = await Deno.makeTempDir();
  try {
    const { home, project } = await codexUser(dir);
    const before = await snapshot(dir);
    const codex = findAgent("codex")!;
    const user = { env: { HOME: home }, os: "linux", project };
    const world = await buildWorld(codex, user, root);
    assert.deepEqual(await snapshot(dir), before, "the user's files and mtimes are unchanged");
    // The wrapped copy names the probe outside its project, which list flags: trust is what is compared.
    const problems = (l: Awaited<ReturnType<typeof listHooks>>) =>
      l.entries.map((e) => {
        const kept = e.problems.filter((p) => !/outside the project/.test(p.text));
        return [e.event, kept.length === 0 ? "runs" : kept[0]!.text.slice(0, 20)];
      });
    const mine = await listHooks([codex], user);
    assert.deepEqual(problems(world.listing), problems(mine));
    // After the commands are wrapped: the trusted entries are still trusted, the others still not.
    const wrapped = await listHooks([codex], {
      env: { HOME: world.home },
      os: "linux",
      project: world.project,
    });
    assert.deepEqual(problems(wrapped), problems(mine));
    assert.deepEqual(problems(mine).map((p) => p[1] === "runs"), [true, false, false, true]);
    assert.ok(wrapped.entries.every((e) => e.command?.includes("probe.sh")));
    assert.equal(world.watched.length, 4);
    assert.equal(world.watched[0]!.file, `${home}/.codex/hooks.json`);
    assert.equal(world.watched[3]!.file, `${project}/.codex/hooks.json`);
    assert.ok(world.adjustments.some((a) => a.includes("projects.<project>")));
    assert.ok(await Deno.stat(`${world.project}/.git/HEAD`));
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("buildWorld trusts the world's project where the user's Gemini CLI folder trust covers the project", async () => {
  const dir = await Deno.makeTempDir();
  const root = await Deno.makeTempDir();
  try {
    const home = `${dir}/home`;
    const project = `${dir}/work/app`;
    await Deno.mkdir(`${home}/.gemini`, { recursive: true });
    await Deno.mkdir(`${project}/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${home}/.gemini/trustedFolders.json`,
      JSON.stringify({ [`${dir}/work`]: "TRUST_FOLDER" }),
    );
    await Deno.writeTextFile(
      `${project}/.gemini/settings.json`,
      JSON.stringify({
        hooks: { BeforeTool: [{ hooks: [{ type: "command", command: "echo x" }] }] },
      }),
    );
    const gemini = findAgent("gemini-cli")!;
    const world = await buildWorld(gemini, { env: { HOME: home }, os: "linux", project }, root);
    const trusted = JSON.parse(
      await Deno.readTextFile(`${world.home}/.gemini/trustedFolders.json`),
    );
    assert.equal(trusted[world.project], "TRUST_FOLDER");
    assert.deepEqual(world.listing.entries.map((e) => e.problems), [[]]);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("the probe passes the entry's output and exit code on and keeps the call", async () => {
  const dir = await Deno.makeTempDir();
  const root = await Deno.makeTempDir();
  try {
    const project = `${dir}/p`;
    await Deno.mkdir(`${project}/.claude`, { recursive: true });
    await Deno.writeTextFile(
      `${project}/.claude/settings.json`,
      JSON.stringify({
        hooks: {
          Stop: [{
            hooks: [{
              type: "command",
              command: "cat >/dev/null; echo 'it''s out'; echo err >&2; exit 3",
            }],
          }],
        },
      }),
    );
    const world = await buildWorld(findAgent("claude-code")!, {
      env: { HOME: `${dir}/h` },
      os: "linux",
      project,
    }, root);
    const copy = JSON.parse(await Deno.readTextFile(`${world.project}/.claude/settings.json`));
    const line = copy.hooks.Stop[0].hooks[0].command as string;
    const out = await runHook({
      argv: ["/bin/sh", "-c", line],
      stdin: new TextEncoder().encode('{"hook_event_name":"Stop"}'),
      timeoutMs: 10_000,
      env: { PATH: "/usr/bin:/bin" },
      cwd: world.project,
    });
    assert.equal(out.kind, "exited");
    if (out.kind !== "exited") return;
    assert.equal(out.code, 3);
    assert.equal(out.stdout, "its out\n");
    assert.equal(out.stderr, "err\n");
    const [call] = await readCalls(world.calls);
    assert.equal(call?.id, world.watched[0]!.id);
    assert.equal(call?.payloadEvent, "Stop");
    assert.equal(call?.exit, 3);
    assert.equal(call?.stdout, "its out\n");
    assert.ok(call?.ms !== null && call!.ms >= 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("buildWorld copies a project's agent folders whole (the scripts hooks name), a user's files alone", async () => {
  const dir = await Deno.makeTempDir();
  const root = await Deno.makeTempDir();
  try {
    const home = `${dir}/home`;
    const project = `${dir}/p`;
    await Deno.mkdir(`${project}/.github/hooks/scripts`, { recursive: true });
    await Deno.mkdir(`${home}/.copilot/session-state`, { recursive: true });
    await Deno.writeTextFile(`${home}/.copilot/session-state/s.jsonl`, "{}\n");
    await Deno.writeTextFile(
      `${project}/.github/hooks/h.json`,
      JSON.stringify({ version: 1, hooks: { preToolUse: [{ type: "command", bash: "./x.sh" }] } }),
    );
    await Deno.writeTextFile(`${project}/.github/hooks/scripts/x.sh`, "exit 0\n");
    const world = await buildWorld(findAgent("copilot-cli")!, {
      env: { HOME: home },
      os: "linux",
      project,
    }, root);
    assert.ok(await Deno.stat(`${world.project}/.github/hooks/scripts/x.sh`));
    await assert.rejects(Deno.stat(`${world.home}/.copilot/session-state`), Deno.errors.NotFound);
    const copy = JSON.parse(await Deno.readTextFile(`${world.project}/.github/hooks/h.json`));
    assert.match(copy.hooks.preToolUse[0].bash, /probe\.sh' e\d+-1 bash '\.\/x\.sh'$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("buildWorld run in the home folder copies the agent's files alone, not its sessions", async () => {
  const home = await Deno.makeTempDir();
  const root = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${home}/.claude/projects/p`, { recursive: true });
    await Deno.writeTextFile(`${home}/.claude/projects/p/session.jsonl`, "{}\n");
    await Deno.writeTextFile(`${home}/.claude/settings.json`, oneStop());
    const world = await buildWorld(findAgent("claude-code")!, {
      env: { HOME: home },
      os: "linux",
      project: home,
    }, root);
    assert.ok(await Deno.stat(`${world.project}/.claude/settings.json`));
    assert.ok(world.copies.every((c) => !c.from.includes("/projects/")));
  } finally {
    await Deno.remove(home, { recursive: true });
    await Deno.remove(root, { recursive: true });
  }
});

function oneStop(): string {
  return JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] } });
}

Deno.test("readConfig and writeConfig read and write the HOOKS value of everyhook's plugin", async () => {
  const { readConfig, writeConfig } = await import("./world_entries.ts");
  const { pluginText, pluginHooksText } = await import("../hooks_files/plugin_file.ts");
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/everyhook.js`;
    const hooks = { "tool.execute.before": [{ type: "command", command: "echo one" }] };
    await Deno.writeTextFile(file, pluginText(JSON.stringify({ version: 1, hooks })));
    const parsed = await readConfig(file);
    assert.equal(parsed?.format, "plugin");
    assert.deepEqual(parsed?.root.hooks, hooks);
    (parsed!.root.hooks as typeof hooks)["tool.execute.before"][0]!.command = "echo two";
    await writeConfig(file, parsed!);
    const back = JSON.parse(pluginHooksText(await Deno.readTextFile(file), file));
    assert.equal(back.hooks["tool.execute.before"][0].command, "echo two");
    await Deno.writeTextFile(file, "export const Mine = async () => ({});\n");
    assert.equal(await readConfig(file), undefined, "a plugin everyhook did not write is not read");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
