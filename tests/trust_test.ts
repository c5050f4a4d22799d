// everyhook trust writes, for one project, the trust each agent keeps, in the form list reads
// it back: after trust --yes, list finds no folder condition and no entry waiting for review.
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";

const posix = Deno.build.os !== "windows";
const AGENTS = "claude-code,codex,gemini-cli,copilot-cli";

async function world() {
  const root = await Deno.makeTempDir({ prefix: "everyhook-trust-" });
  const home = `${root}/home`;
  const project = `${root}/project`;
  await Deno.mkdir(`${project}/hooks`, { recursive: true });
  await Deno.mkdir(`${home}/.codex`, { recursive: true });
  await Deno.mkdir(`${root}/bin`);
  await Deno.writeTextFile(`${root}/bin/everyhook`, "#!/bin/sh\n", { mode: 0o755 });
  await Deno.writeTextFile(`${project}/hooks/guard.sh`, "exit 0\n");
  await Deno.writeTextFile(
    `${project}/everyhook.json`,
    JSON.stringify({ hooks: [{ file: "hooks/guard.sh", events: ["pre-tool", "stop"] }] }),
  );
  const env = { HOME: home, PATH: `${root}/bin:${Deno.env.get("PATH") ?? ""}` };
  const run = async (...args: string[]) => {
    const io = memoryIo({ env, cwd: project });
    const code = await main(args, io);
    return { code, out: io.stdoutText(), err: io.stderrText() };
  };
  return {
    root,
    home,
    project,
    run,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

Deno.test({
  name: "trust --yes writes each agent's own form of trust, and list then finds nothing held back",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const config = 'model = "x"\n\n[projects."/elsewhere"]\ntrust_level = "trusted"\n';
    await Deno.writeTextFile(`${w.home}/.codex/config.toml`, config);
    assert.equal((await w.run("sync")).code, 0);
    const before = await w.run("list", "--agent", AGENTS, "--json");
    const held = JSON.parse(before.out);
    assert.deepEqual(
      (held.conditions as Array<{ agent: string }>).map((c) => c.agent).sort(),
      AGENTS.split(",").sort(),
    );
    assert.ok(before.out.includes("not reviewed"), "Codex's entries wait for review");
    // Without --yes: what would be written, nothing written.
    const shown = await w.run("trust", "--agent", AGENTS);
    assert.equal(shown.code, 0, shown.out);
    assert.match(shown.out, /nothing is written/);
    assert.match(shown.out, /Only everyhook's own entries are trusted/);
    assert.equal(await Deno.readTextFile(`${w.home}/.codex/config.toml`), config);
    for (const f of [".claude.json", ".gemini/trustedFolders.json", ".copilot/config.json"]) {
      assert.equal(await Deno.stat(`${w.home}/${f}`).then(() => true, () => false), false, f);
    }
    const done = await w.run("trust", "--agent", AGENTS, "--yes", "--json");
    assert.equal(done.code, 0, done.out);
    const report = JSON.parse(done.out);
    assert.equal(report.everyhook, 1);
    assert.deepEqual(
      (report.results as Array<{ action: string }>).map((r) => r.action),
      ["written", "written", "written", "written"],
    );
    const toml = await Deno.readTextFile(`${w.home}/.codex/config.toml`);
    assert.ok(toml.startsWith(config), "the bytes that were there are kept");
    assert.match(toml, new RegExp(`\\[projects\\."${w.project}"\\]\ntrust_level = "trusted"`));
    assert.match(
      toml,
      /\[hooks\.state\.".*\/\.codex\/hooks\.json:pre_tool_use:0:0"\]\ntrusted_hash = "sha256:/,
    );
    const claude = JSON.parse(await Deno.readTextFile(`${w.home}/.claude.json`));
    assert.equal(claude.projects[w.project].hasTrustDialogAccepted, true);
    const gemini = JSON.parse(await Deno.readTextFile(`${w.home}/.gemini/trustedFolders.json`));
    assert.equal(gemini[w.project], "TRUST_FOLDER");
    const copilot = JSON.parse(await Deno.readTextFile(`${w.home}/.copilot/config.json`));
    assert.deepEqual(copilot.trustedFolders, [w.project]);
    // list reads back what trust wrote: nothing is held back, no entry waits for review.
    const after = await w.run("list", "--agent", AGENTS, "--strict", "--json");
    const doc = JSON.parse(after.out);
    assert.deepEqual(doc.conditions, []);
    assert.ok(!after.out.includes("not reviewed"), after.out.slice(0, 2000));
    assert.equal(after.code, 0, after.out.slice(0, 3000));
    // A second trust changes nothing.
    const again = await w.run("trust", "--agent", AGENTS, "--yes", "--json");
    assert.ok(
      (JSON.parse(again.out).results as Array<{ action: string }>).every((r) =>
        r.action === "already trusted"
      ),
    );
    assert.equal(await Deno.readTextFile(`${w.home}/.codex/config.toml`), toml);
  },
});

Deno.test({
  name:
    "trust leaves an agent alone whose project file holds entries everyhook did not write, unless --every-entry",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    assert.equal((await w.run("sync")).code, 0);
    const file = `${w.project}/.codex/hooks.json`;
    const hooks = JSON.parse(await Deno.readTextFile(file));
    hooks.hooks.SessionStart = [{ hooks: [{ type: "command", command: "curl example.invalid" }] }];
    await Deno.writeTextFile(file, JSON.stringify(hooks, null, 2) + "\n");
    const refused = await w.run("trust", "--agent", "codex", "--yes");
    assert.equal(refused.code, 1);
    assert.match(refused.out, /holds 1 entry everyhook did not write.*--every-entry/);
    assert.equal(
      await Deno.stat(`${w.home}/.codex/config.toml`).then(() => true, () => false),
      false,
    );
    const all = await w.run("trust", "--agent", "codex", "--yes", "--every-entry", "--json");
    assert.equal(all.code, 0, all.out);
    const toml = await Deno.readTextFile(`${w.home}/.codex/config.toml`);
    assert.match(toml, /:session_start:0:0"\]/, "the other entry is trusted too, as asked");
  },
});

Deno.test({
  name:
    "trust counts as everyhook's only a line exactly as everyhook writes it, in every project file the agent reads",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    assert.equal((await w.run("sync")).code, 0);
    // A line that reads as everyhook's but carries a second command is not everyhook's.
    const file = `${w.project}/.gemini/settings.json`;
    const settings = JSON.parse(await Deno.readTextFile(file));
    const handler = settings.hooks.BeforeTool[0].hooks[0];
    handler.command = `${handler.command}; curl example.invalid`;
    await Deno.writeTextFile(file, JSON.stringify(settings, null, 2) + "\n");
    const gemini = await w.run("trust", "--agent", "gemini-cli");
    assert.equal(gemini.code, 1, gemini.out);
    assert.match(gemini.out, /everyhook did not write .*curl example\.invalid/);
    // Copilot CLI reads the project's .claude/settings.json too: an entry of someone's there counts.
    const claude = `${w.project}/.claude/settings.json`;
    const own = JSON.parse(await Deno.readTextFile(claude));
    own.hooks.SessionStart = [{ hooks: [{ type: "command", command: "./setup.sh" }] }];
    await Deno.writeTextFile(claude, JSON.stringify(own, null, 2) + "\n");
    const copilot = await w.run("trust", "--agent", "copilot-cli");
    assert.equal(copilot.code, 1, copilot.out);
    assert.match(copilot.out, /settings\.json: SessionStart runs \.\/setup\.sh/);
    // Codex's file holds only everyhook's lines: it is trusted.
    const codex = await w.run("trust", "--agent", "codex");
    assert.equal(codex.code, 0, codex.out);
  },
});
