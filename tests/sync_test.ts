// everyhook sync and sync --check, through the command line in a throwaway home and project:
// the lines name nothing of the machine, a second sync changes nothing, the person's own
// entries stay byte for byte, --check goes red on each kind of drift, a bad manifest writes
// nothing and says the line and the field.
import assert from "node:assert/strict";
import { main } from "../cli.ts";
import { memoryIo } from "../src/cli/io.ts";

const posix = Deno.build.os !== "windows";

interface World extends AsyncDisposable {
  root: string;
  home: string;
  project: string;
  env: Record<string, string>;
  sync(...args: string[]): Promise<{ code: number; out: string; json: Record<string, unknown> }>;
  read(path: string): Promise<string>;
  write(path: string, text: string): Promise<void>;
}

const OWN_CLAUDE =
  '{\n    "model": "opus",\n    "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}\n}\n';

const MANIFEST = `{
  // the team's hooks
  "hooks": [
    {
      "file": "hooks/guard.ts",
      "events": ["pre-tool", "stop"],
      "agents": ["claude-code", "codex", "gemini-cli", "copilot-cli"],
      "matcher": "Bash",
      "timeout": 20
    },
    { "file": "hooks/log.sh", "events": ["post-tool"], "agents": "all" }
  ]
}
`;

async function world(): Promise<World> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-sync-" });
  const home = `${root}/home`;
  const project = `${root}/project`;
  const bin = `${root}/bin`;
  for (const d of [home, `${project}/hooks`, `${project}/.claude`, bin]) {
    await Deno.mkdir(d, { recursive: true });
  }
  await Deno.writeTextFile(`${project}/hooks/guard.ts`, "#!/usr/bin/env -S deno run\n");
  await Deno.writeTextFile(`${project}/hooks/log.sh`, "exit 0\n");
  await Deno.writeTextFile(`${project}/.claude/settings.json`, OWN_CLAUDE);
  await Deno.writeTextFile(`${project}/everyhook.json`, MANIFEST);
  await Deno.writeTextFile(`${bin}/everyhook`, "#!/bin/sh\n", { mode: 0o755 });
  const env = { HOME: home, PATH: `${bin}:${Deno.env.get("PATH") ?? ""}` };
  return {
    root,
    home,
    project,
    env,
    async sync(...args) {
      const io = memoryIo({ env, cwd: project });
      const code = await main(["sync", ...args, "--json"], io);
      const out = io.stdoutText();
      return { code, out, json: JSON.parse(out) };
    },
    read: (path) => Deno.readTextFile(`${project}/${path}`),
    write: (path, text) => Deno.writeTextFile(`${project}/${path}`, text),
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

/** Every file below the project, but the backups, with its text. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      if (e.name === ".everyhook-backups") continue;
      if (e.isDirectory) await walk(`${d}/${e.name}`);
      else out.set(`${d}/${e.name}`, await Deno.readTextFile(`${d}/${e.name}`));
    }
  };
  await walk(dir);
  return out;
}

type Difference = { kind: string; agent: string | null; text: string };

function kinds(json: Record<string, unknown>): string[] {
  return (json.differences as Difference[]).map((d) => `${d.agent ?? "-"} ${d.kind}`).sort();
}

Deno.test({
  name: "sync writes every agent's project file from the manifest, naming nothing of this machine",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const first = await w.sync();
    assert.equal(first.code, 0, first.out);
    assert.equal(first.json.everyhook, 1);
    const files = await snapshot(w.project);
    for (const [path, text] of files) {
      if (path.includes("/hooks/") && !path.includes(".github")) continue;
      assert.ok(!text.includes(w.root), `${path} holds a path of this machine:\n${text}`);
    }
    const claude = JSON.parse(await w.read(".claude/settings.json"));
    assert.equal(claude.model, "opus");
    assert.equal(claude.hooks.Stop[0].hooks[0].command, "true", "the person's own entry is first");
    assert.equal(
      claude.hooks.PreToolUse[0].hooks[0].command,
      'everyhook run --agent claude-code --event pre-tool --timeout 18 --in-project -- "hooks/guard.ts"',
    );
    assert.equal(claude.hooks.PreToolUse[0].matcher, "Bash");
    const codex = JSON.parse(await w.read(".codex/hooks.json"));
    assert.equal(codex.hooks.PostToolUse[0].hooks[0].command.includes('"hooks/log.sh"'), true);
    // Every agent everyhook knows got the post-tool hook ("agents": "all").
    const rows = first.json.results as Array<{ agent: string; entries: unknown[] }>;
    assert.ok(rows.length >= 9, rows.map((r) => r.agent).join(","));
    assert.ok(rows.every((r) => r.entries.length > 0), JSON.stringify(rows).slice(0, 400));
    // A second sync changes nothing, and --check is green.
    const second = await w.sync();
    assert.equal(second.code, 0);
    assert.deepEqual(await snapshot(w.project), files);
    assert.ok(
      (second.json.results as Array<{ action: string }>).every((r) => r.action === "unchanged"),
    );
    const check = await w.sync("--check");
    assert.equal(check.code, 0, check.out);
    assert.deepEqual(check.json.differences, []);
    // A manifest with no hooks takes out exactly everyhook's entries: the person's file is back, byte for byte.
    await w.write("everyhook.json", '{ "hooks": [] }\n');
    assert.equal((await w.sync()).code, 0);
    assert.equal(await w.read(".claude/settings.json"), OWN_CLAUDE);
    assert.doesNotMatch(await w.read(".codex/hooks.json"), /everyhook/);
  },
});

Deno.test({
  name: "sync --check writes nothing and exits 1 on each kind of drift",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    assert.equal((await w.sync()).code, 0);
    const synced = await snapshot(w.project);
    const red = async (why: string, expected: string[], undo: () => Promise<void>) => {
      const r = await w.sync("--check");
      assert.equal(r.code, 1, `${why}: ${r.out}`);
      for (const k of expected) assert.ok(kinds(r.json).includes(k), `${why}: ${kinds(r.json)}`);
      await undo();
      const back = await w.sync("--check");
      assert.equal(back.code, 0, `${why}, undone: ${back.out}`);
    };
    const claudeFile = ".claude/settings.json";
    const original = await w.read(claudeFile);
    // A project file edited by hand: a timeout changed.
    await w.write(claudeFile, original.replace('"timeout":20', '"timeout":99'));
    assert.notEqual(await w.read(claudeFile), original);
    await red(
      "an entry edited by hand",
      ["claude-code update"],
      () => w.write(claudeFile, original),
    );
    // An entry taken out by hand.
    const codexFile = ".codex/hooks.json";
    const codex = await w.read(codexFile);
    const parsed = JSON.parse(codex);
    delete parsed.hooks.Stop;
    await w.write(codexFile, JSON.stringify(parsed, null, 2) + "\n");
    await red("an entry taken out", ["codex add"], () => w.write(codexFile, codex));
    // An entry of everyhook's that the manifest does not name.
    const extra = JSON.parse(codex);
    extra.hooks.SessionStart = [{
      hooks: [{
        type: "command",
        command:
          'everyhook run --agent codex --event session-start --timeout 5 --in-project -- "hooks/old.ts"',
      }],
    }];
    await w.write(codexFile, JSON.stringify(extra, null, 2) + "\n");
    await red(
      "an entry the manifest does not name",
      ["codex remove"],
      () => w.write(codexFile, codex),
    );
    // A manifest entry not synced yet.
    await Deno.writeTextFile(`${w.project}/hooks/new.sh`, "exit 0\n");
    const manifest = await w.read("everyhook.json");
    await w.write(
      "everyhook.json",
      manifest.replace(
        '"hooks": [',
        '"hooks": [\n    { "file": "hooks/new.sh", "events": ["prompt"], "agents": ["gemini-cli"] },',
      ),
    );
    await red("a manifest entry not synced", ["gemini-cli add"], async () => {
      await w.write("everyhook.json", manifest);
      await Deno.remove(`${w.project}/hooks/new.sh`);
    });
    // A hook file that is gone.
    const guard = await w.read("hooks/guard.ts");
    await Deno.remove(`${w.project}/hooks/guard.ts`);
    await red("a hook file gone", ["- hook-gone"], () => w.write("hooks/guard.ts", guard));
    // A hook that cannot start here: its interpreter is not on PATH.
    const env = { ...w.env };
    const io = memoryIo({ env: { ...env, PATH: `${w.root}/bin` }, cwd: w.project });
    assert.equal(await main(["sync", "--check", "--json"], io), 1);
    const noBash = JSON.parse(io.stdoutText());
    assert.ok(kinds(noBash).includes("- hook-cannot-start"), kinds(noBash).join(","));
    // The manifest pins another everyhook.
    await w.write("everyhook.json", manifest.replace("{", '{\n  "everyhook": "9.9.9",'));
    await red("another version pinned", ["- version"], () => w.write("everyhook.json", manifest));
    // --check wrote nothing at any point.
    assert.deepEqual(await snapshot(w.project), synced);
  },
});

Deno.test({
  name: "sync refuses a bad manifest with its line and field, and writes nothing",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const before = await snapshot(w.project);
    const cases: Array<[string, RegExp]> = [
      [
        '{\n  "hooks": [\n    { "file": "/etc/guard.ts" }\n  ]\n}\n',
        /line 3: hooks\[0\]\.file must be a path inside the project/,
      ],
      [
        '{\n  "hooks": [{ "file": "hooks/guard.ts",\n    "events": ["pre-tool", "bogus"] }]\n}\n',
        /line 3: hooks\[0\]\.events\[1\] is not a contract event/,
      ],
      [
        '{ "hooks": [{ "file": "hooks/guard.ts", "agents": ["claud"] }] }',
        /line 1: hooks\[0\]\.agents\[0\] is not an agent id/,
      ],
      [
        '{ "hooks": [{ "file": "hooks/guard.ts", "timeout": 0 }] }',
        /hooks\[0\]\.timeout must be whole seconds/,
      ],
      [
        '{ "hooks": [{ "file": "hooks/guard.ts", "failclosed": true }] }',
        /hooks\[0\]\.failclosed is not a field of a hook/,
      ],
      [
        '{ "hooks": [{ "file": "../up.ts" }] }',
        /hooks\[0\]\.file must be a path inside the project/,
      ],
      [
        '{ "hooks": [{ "file": "hooks/guard.ts" }, { "file": "hooks/guard.ts" }] }',
        /hooks\[1\]\.file names "hooks\/guard.ts" a second time/,
      ],
      ['{ "start": "npx", "hooks": [] }', /start must be one of "path", "jsr"/],
      ['{ "hooks": [\n  { "file": "hooks/guard.ts" ,, }\n] }', /not valid JSON at line 2/],
    ];
    for (const [text, message] of cases) {
      await w.write("everyhook.json", text);
      const io = memoryIo({ env: w.env, cwd: w.project });
      const code = await main(["sync"], io);
      assert.notEqual(code, 0, text);
      assert.match(io.stderrText(), message, text);
    }
    await w.write("everyhook.json", MANIFEST);
    const after = await snapshot(w.project);
    assert.deepEqual(after, before, "nothing was written");
    await Deno.remove(`${w.project}/everyhook.json`);
    const io = memoryIo({ env: w.env, cwd: w.project });
    assert.notEqual(await main(["sync"], io), 0);
    assert.match(io.stderrText(), /there is no everyhook\.json in .*docs\/team-hooks\.md/);
  },
});

Deno.test({
  name: "sync --dry-run and a text report: what would change, nothing written",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const before = await snapshot(w.project);
    const io = memoryIo({ env: w.env, cwd: w.project });
    assert.equal(await main(["sync", "--dry-run"], io), 0);
    assert.match(io.stdoutText(), /dry run: nothing is written/);
    assert.match(
      io.stdoutText(),
      /claude-code +would be updated \(4 added\) +\.claude\/settings\.json/,
    );
    assert.deepEqual(await snapshot(w.project), before);
  },
});

Deno.test({
  name: "a manifest hook that speaks another agent's protocol is written with run --speaks",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    await w.write(
      "everyhook.json",
      JSON.stringify({
        hooks: [{
          file: "hooks/log.sh",
          events: ["pre-tool"],
          agents: ["codex"],
          speaks: "claude-code",
        }],
      }),
    );
    const r = await w.sync();
    assert.equal(r.code, 0, r.out);
    const codex = JSON.parse(await w.read(".codex/hooks.json"));
    assert.equal(
      codex.hooks.PreToolUse[0].hooks[0].command,
      'everyhook run --agent codex --event pre-tool --timeout 28 --speaks claude-code --in-project -- "hooks/log.sh"',
    );
    assert.equal((await w.sync("--check")).code, 0);
  },
});

Deno.test({
  name:
    "sync leaves a project file it cannot read alone, says why, and still does the other agents",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    await Deno.mkdir(`${w.project}/.gemini`);
    await w.write(".gemini/settings.json", '{ "hooks": { ,, } }\n');
    const r = await w.sync();
    assert.equal(r.code, 1, r.out);
    const rows = r.json.results as Array<{ agent: string; action: string; refused: string | null }>;
    const gemini = rows.find((x) => x.agent === "gemini-cli")!;
    assert.equal(gemini.action, "refused");
    assert.match(gemini.refused!, /not valid JSON at line 1/);
    assert.equal(await w.read(".gemini/settings.json"), '{ "hooks": { ,, } }\n');
    assert.equal(rows.find((x) => x.agent === "codex")!.action, "created");
    assert.ok(kinds(r.json).includes("gemini-cli unreadable"), kinds(r.json).join(","));
  },
});

Deno.test({
  name:
    "sync refuses a project file that a link leads out of the project, and writes nothing outside",
  ignore: !posix,
  fn: async () => {
    await using w = await world();
    const outside = `${w.root}/outside.json`;
    await Deno.writeTextFile(outside, '{ "mine": true }\n');
    await Deno.mkdir(`${w.project}/.codex`);
    await Deno.symlink("../../outside.json", `${w.project}/.codex/hooks.json`);
    const r = await w.sync();
    assert.equal(r.code, 1, r.out);
    const codex = (r.json.results as Array<{ agent: string; action: string; refused: string }>)
      .find((x) => x.agent === "codex")!;
    assert.equal(codex.action, "refused");
    assert.match(codex.refused, /outside the project|is a link to/);
    assert.equal(await Deno.readTextFile(outside), '{ "mine": true }\n');
  },
});
