// What holds back every hook of an agent in a folder is told once, naming the folder and the
// change that lifts it, and does not make list exit 1 unless --strict asks.
import assert from "node:assert/strict";
import { command } from "../src/commands/list.ts";
import { memoryIo } from "../src/cli/io.ts";

async function world(): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "everyhook-held-" });
  const entry = (timeout: number) => ({ hooks: [{ type: "command", command: "true", timeout }] });
  const files: Record<string, unknown> = {
    // Five entries in the project's Claude Code and Gemini CLI files, no trust given.
    "project/.claude/settings.json": {
      hooks: { Stop: [entry(5)], SessionStart: [entry(5)], UserPromptSubmit: [entry(5)] },
    },
    "project/.gemini/settings.json": {
      hooks: { AfterAgent: [entry(5000)], BeforeAgent: [entry(5000)] },
    },
    "home/.gemini/trustedFolders.json": {},
  };
  for (const [path, value] of Object.entries(files)) {
    const full = `${root}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, JSON.stringify(value));
  }
  return root;
}

async function list(root: string, args: string[]) {
  const io = memoryIo({ env: { HOME: `${root}/home`, PATH: "" }, cwd: `${root}/project` });
  const code = await command(["--agent", "claude-code,gemini-cli", ...args], io);
  return { code, out: io.stdoutText() };
}

Deno.test("list tells a folder's trust once per agent, with the folder and the change, and exits 0 unless --strict", async () => {
  const root = await world();
  try {
    const project = `${root}/project`;
    const json = await list(root, ["--json"]);
    assert.equal(json.code, 0, json.out);
    const doc = JSON.parse(json.out);
    const entries = doc.entries as Array<{ problems: Array<{ kind: string; text: string }> }>;
    assert.equal(entries.length, 5);
    assert.ok(entries.every((e) => e.problems.every((p) => typeof p.text === "string")), json.out);
    assert.ok(entries.every((e) => !e.problems.some((p) => /trust/.test(p.text))), json.out);
    const conditions = doc.conditions as Array<Record<string, unknown>>;
    assert.deepEqual(conditions.map((c) => [c.agent, c.folder, c.entries]), [
      ["claude-code", project, 3],
      ["gemini-cli", project, 2],
    ]);
    assert.match(
      String(conditions[0]!.change),
      new RegExp(
        `set projects\\.${
          JSON.stringify(project).replaceAll("/", "\\/")
        }\\.hasTrustDialogAccepted to true`,
      ),
    );
    assert.match(String(conditions[1]!.change), /trustedFolders\.json, add ".*": "TRUST_FOLDER"/);
    assert.equal(doc.counts.problems, 0);
    const text = await list(root, []);
    assert.equal(text.code, 0);
    const held = text.out.split("\n").filter((l) => /^ {2}(claude-code|gemini-cli) in /.test(l));
    assert.equal(held.length, 2, text.out);
    assert.ok(held.every((l) => l.includes(project)), text.out);
    assert.match(text.out, /2 folder conditions/);
    const strict = await list(root, ["--strict"]);
    assert.equal(strict.code, 1);
    assert.match(strict.out, /2 problems; 2 folder conditions/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("list flags a project entry that holds an absolute path outside the project, and no other", async () => {
  const root = await Deno.makeTempDir({ prefix: "everyhook-foreign-" });
  try {
    const project = `${root}/project`;
    await Deno.mkdir(`${project}/.codex`, { recursive: true });
    await Deno.mkdir(`${root}/home/.codex`, { recursive: true });
    const handler = (command: string) => ({ hooks: [{ type: "command", command, timeout: 5 }] });
    const hooks = (command: string, other: string) => ({
      hooks: { Stop: [handler(command)], SessionStart: [handler(other)] },
    });
    await Deno.writeTextFile(
      `${project}/.codex/hooks.json`,
      JSON.stringify(
        hooks(`/opt/team/hooks/stop.sh "${project}/x"`, `"${project}/hooks/start.sh"`),
      ),
    );
    // The same lines in the user's file are no teammate's business.
    await Deno.writeTextFile(
      `${root}/home/.codex/hooks.json`,
      JSON.stringify(hooks("/opt/team/hooks/stop.sh", "true")),
    );
    const io = memoryIo({ env: { HOME: `${root}/home`, PATH: "" }, cwd: project });
    await command(["--agent", "codex", "--json"], io);
    const doc = JSON.parse(io.stdoutText());
    type Entry = { scope: string; event: string; problems: Array<{ text: string }> };
    const foreign = (doc.entries as Entry[]).map((e) => [
      e.scope,
      e.event,
      e.problems.map((p) => p.text).filter((t) => /outside the project/.test(t)),
    ]);
    assert.deepEqual(foreign, [
      ["user", "Stop", []],
      ["user", "SessionStart", []],
      ["project", "Stop", [
        `it holds "/opt/team/hooks/stop.sh", a path of this machine outside the project: a teammate's clone does not have it (everyhook sync writes lines that name nothing outside the project)`,
      ]],
      ["project", "SessionStart", []],
    ]);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
