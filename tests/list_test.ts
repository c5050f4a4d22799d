// list in throwaway worlds: every file each agent reads, and the problems it knows.
import assert from "node:assert/strict";
import type { Problem } from "../src/readers/listing.ts";
import { command } from "../src/commands/list.ts";
import { memoryIo } from "../src/cli/io.ts";
import { pluginText } from "../src/hooks_files/plugin_file.ts";

async function world(files: Record<string, string>) {
  const root = await Deno.makeTempDir({ prefix: "everyhook-list-" });
  for (const [path, text] of Object.entries(files)) {
    const full = `${root}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
  await Deno.mkdir(`${root}/home`, { recursive: true });
  await Deno.mkdir(`${root}/project`, { recursive: true });
  return root;
}

async function list(root: string, args: string[] = []) {
  const io = memoryIo({
    env: {
      HOME: `${root}/home`,
      PATH: Deno.env.get("PATH") ?? "",
      EVERYHOOK_SYSTEM_DIR: `${root}/system`,
    },
    cwd: `${root}/project`,
  });
  const code = await command([...args, "--json"], io);
  return { code, doc: JSON.parse(io.stdoutText()) };
}

const problemsOf = (
  doc: { files: Array<{ problems: Problem[] }>; entries: Array<{ problems: Problem[] }> },
) =>
  [...doc.files.flatMap((f) => f.problems), ...doc.entries.flatMap((e) => e.problems)]
    .map((p) => `${p.kind}: ${p.text}`).join("\n");

Deno.test("list reports Gemini CLI's slips: an object for an array, a case slip, milliseconds, a missing program", async () => {
  const root = await world({
    "home/.gemini/settings.json": JSON.stringify({
      hooks: {
        BeforeTool: { hooks: [] },
        beforetool: [{
          hooks: [{ type: "command", command: "no-such-program-xyz --x", timeout: 30 }],
        }],
        AfterTool: [{ matcher: "(", hooks: [{ type: "http", url: "http://127.0.0.1" }] }],
      },
    }),
  });
  const { code, doc } = await list(root, ["--agent", "gemini"]);
  assert.equal(code, 1);
  const p = problemsOf(doc);
  assert.match(
    p,
    /syntax: the entries of "BeforeTool" are not an array: Gemini CLI prints "Invalid configuration"/,
  );
  assert.match(p, /unknown-event: "beforetool" .*did you mean "BeforeTool"\?/);
  assert.match(p, /timeout: timeout 30 is 30 milliseconds/);
  assert.match(p, /missing-file: the program "no-such-program-xyz" is not on PATH/);
  assert.match(p, /matcher: the matcher "\(" is not a regular expression/);
  assert.match(p, /hook-type: Gemini CLI runs only command hooks, not "http"/);
  assert.equal(doc.entries[0].timeout.seconds, 0.03);
  await Deno.remove(root, { recursive: true });
});

Deno.test("list reads a Qwen Code timeout of 1000 or more as milliseconds, and a Droid one of 1000 as seconds", async () => {
  const entry = (timeout: number) => [{ hooks: [{ type: "command", command: "true", timeout }] }];
  const root = await world({
    "home/.qwen/settings.json": JSON.stringify({
      hooks: { Stop: entry(10000), SessionEnd: entry(30) },
    }),
    "home/.factory/settings.json": JSON.stringify({ hooks: { Stop: entry(1000) } }),
  });
  const { code, doc } = await list(root, ["--agent", "qwen,droid"]);
  assert.equal(code, 1);
  const qwen = doc.entries.filter((e: { agent: string }) => e.agent === "qwen-code");
  const stop = qwen.find((e: { event: string }) => e.event === "Stop");
  assert.deepEqual(stop.timeout, { value: 10000, unit: "ms", seconds: 10 });
  assert.match(
    problemsOf({ files: [], entries: [stop] }),
    /timeout: timeout 10000 is read as milliseconds \(10 s\): Qwen Code reads 1000/,
  );
  const end = qwen.find((e: { event: string }) => e.event === "SessionEnd");
  assert.deepEqual(end.problems, []);
  const droid = doc.entries.find((e: { agent: string }) => e.agent === "factory-droid");
  assert.match(
    problemsOf({ files: [], entries: [droid] }),
    /timeout: timeout 1000 is in seconds here/,
  );
  await Deno.remove(root, { recursive: true });
});

Deno.test("list reads Copilot CLI's whole hooks folder and says a version 2 file is ignored", async () => {
  const entry = { type: "command", bash: "true", timeoutSec: 10 };
  const root = await world({
    "home/.copilot/hooks/a.json": JSON.stringify({ version: 1, hooks: { preToolUse: [entry] } }),
    "home/.copilot/hooks/b.json": JSON.stringify({ version: 2, hooks: { preToolUse: [entry] } }),
    "home/.copilot/hooks/c.json": JSON.stringify({ hooks: { sessionStart: [entry] } }),
  });
  const { code, doc } = await list(root, ["--agent", "copilot"]);
  assert.equal(code, 1);
  assert.equal(doc.entries.length, 3);
  assert.deepEqual(
    doc.files.filter((f: { problems: Problem[] }) => f.problems.length > 0).map((
      f: { file: string },
    ) => f.file.split("/").pop()),
    ["b.json"],
  );
  assert.match(
    problemsOf(doc),
    /version: "version" is 2, not 1: Copilot CLI ignores the whole file/,
  );
  await Deno.remove(root, { recursive: true });
});

Deno.test("list reads Codex's config.toml, skips its trust state, and reports hooks in both formats", async () => {
  const group = { hooks: [{ type: "command", command: "true", timeout: 5 }] };
  const root = await world({
    "home/.codex/hooks.json": JSON.stringify({ hooks: { PreToolUse: [group] } }),
    "home/.codex/config.toml":
      `model = "x"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\ncommand = "true"\n\n[hooks.state."abc"]\ntrusted_hash = "sha256:0"\n`,
  });
  const { code, doc } = await list(root, ["--agent", "codex"]);
  assert.equal(code, 1);
  assert.deepEqual(doc.entries.map((e: { event: string }) => e.event).sort(), [
    "PreToolUse",
    "Stop",
  ]);
  assert.match(problemsOf(doc), /both-formats: hooks in both hooks\.json and config\.toml/);
  await Deno.remove(root, { recursive: true });
});

Deno.test("list says a project's Claude Code hook runs in Copilot CLI too, once", async () => {
  const root = await world({
    "project/.claude/settings.json": JSON.stringify({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] },
    }),
  });
  const { doc } = await list(root, ["--agent", "claude-code,copilot-cli"]);
  assert.equal(doc.entries.length, 1);
  assert.equal(doc.entries[0].agent, "claude-code");
  assert.deepEqual(doc.entries[0].alsoRunBy, ["copilot-cli"]);
  assert.match(problemsOf(doc), /read-by-another: GitHub Copilot CLI reads this file too/);
  await Deno.remove(root, { recursive: true });
});

Deno.test("list marks everyhook's own entries and a hook that is gone; --ours and --hook narrow", async () => {
  const root = await world({ "hooks/guard.ts": "" });
  const line = (hook: string) =>
    `"${Deno.execPath()}" run --agent cursor --event pre-tool --timeout 28 -- "${root}/hooks/${hook}"`;
  await Deno.mkdir(`${root}/home/.cursor`, { recursive: true });
  await Deno.writeTextFile(
    `${root}/home/.cursor/hooks.json`,
    JSON.stringify({
      version: 1,
      hooks: {
        preToolUse: [{ command: line("guard.ts"), timeout: 30 }, { command: line("gone.ts") }, {
          command: "true",
        }],
      },
    }),
  );
  const all = await list(root, ["--agent", "cursor"]);
  assert.deepEqual(all.doc.entries.map((e: { ours: boolean }) => e.ours), [true, true, false]);
  assert.match(problemsOf(all.doc), /missing-file: the hook ".*gone\.ts" is not there any more/);
  const ours = await list(root, ["--agent", "cursor", "--ours", "--hook", "guard.ts"]);
  assert.equal(ours.code, 0);
  assert.equal(ours.doc.entries.length, 1);
  assert.equal(ours.doc.entries[0].hook, `${root}/hooks/guard.ts`);
  await Deno.remove(root, { recursive: true });
});

Deno.test("list reads administrators' files under EVERYHOOK_SYSTEM_DIR and reports a file that is not JSON", async () => {
  const root = await world({
    "system/etc/cursor/hooks.json": JSON.stringify({
      version: 1,
      hooks: { stop: [{ command: "true", loop_limit: 3 }] },
    }),
    "home/.claude/settings.json": "{ not json",
  });
  const { code, doc } = await list(root, ["--agent", "cursor,claude-code"]);
  assert.equal(code, 1);
  if (Deno.build.os === "linux") {
    assert.ok(
      doc.entries.some((e: { scope: string; agent: string }) =>
        e.scope === "system" && e.agent === "cursor"
      ),
    );
  }
  assert.ok(doc.files.some((f: { status: string }) => f.status === "unreadable"));
  await Deno.remove(root, { recursive: true });
});

Deno.test("list prints a clean report and exits 0 where there is no problem", async () => {
  const root = await world({});
  const io = memoryIo({ env: { HOME: `${root}/home`, PATH: "" }, cwd: `${root}/project` });
  assert.equal(await command([], io), 0);
  assert.match(io.stdoutText(), /0 hooks in 0 files, 0 by everyhook; 0 problems/);
  await Deno.remove(root, { recursive: true });
});

Deno.test("list reads the lines of everyhook's plugin for OpenCode and Kilo Code, and flags an edited one", async () => {
  const line =
    '/bin/everyhook run --agent opencode --event pre-tool --timeout 28 -- "/h/no-push.ts"';
  const hooks = { "tool.execute.before": [{ type: "command", command: line, timeout: 30 }] };
  const text = pluginText(JSON.stringify({ version: 1, hooks }));
  const root = await world({
    "home/.config/opencode/plugin/everyhook.js": text,
    "project/.kilo/plugin/everyhook.js": text.replace("carries out", "does"),
  });
  const { doc } = await list(root, ["--agent", "opencode,kilo"]);
  const entry = doc.entries.find((e: { agent: string }) => e.agent === "opencode");
  assert.equal(entry.event, "tool.execute.before");
  assert.match(entry.command, /no-push\.ts/);
  const kilo = doc.files.find((f: { agent: string; scope: string }) =>
    f.agent === "kilo" && f.scope === "project"
  );
  assert.equal(kilo.status, "unreadable");
  assert.match(
    problemsOf({ files: [kilo], entries: [] }),
    /syntax: .*not a plugin everyhook wrote, or it was edited since/,
  );
  await Deno.remove(root, { recursive: true });
});
