import assert from "node:assert/strict";
import { pluginHooksText, pluginText } from "./plugin_file.ts";
import { EveryhookError } from "../contract/errors.ts";
import { translate } from "../run/translate.ts";
import { opencode } from "../agents/opencode.ts";
import type { ContractEvent, HookAnswer } from "../contract/contract.ts";

type Hook = (input: unknown, output?: unknown) => Promise<void>;
type Plugin = (ctx: { directory: string; worktree: string }) => Promise<Record<string, Hook>>;

/** A shell line that saves its stdin to `file` and prints `stdout`. */
function line(file: string, stdout: string): string {
  return `cat > '${file}'; printf '%s' '${stdout.replaceAll("'", "'\\''")}'`;
}

/** Writes the plugin for `hooks` into a temporary folder and loads it. */
async function loadPlugin(dir: string, hooks: Record<string, string[]>): Promise<Plugin> {
  const value = {
    version: 1,
    hooks: Object.fromEntries(
      Object.entries(hooks).map(([event, lines]) => [
        event,
        lines.map((command) => ({ type: "command", command, timeout: 10 })),
      ]),
    ),
  };
  const path = `${dir}/everyhook-${crypto.randomUUID()}.js`;
  await Deno.writeTextFile(path, pluginText(JSON.stringify(value)));
  const mod = await import(`file://${path}`) as Record<string, Plugin>;
  assert.deepEqual(Object.keys(mod), ["EveryhookPlugin"], "one export: the agent calls each");
  return mod.EveryhookPlugin!;
}

/** What run prints for OpenCode at an event, for an answer. */
function printed(event: ContractEvent, answer: HookAnswer): string {
  return translate(opencode, event, answer).stdout;
}

const CTX = { directory: "/p", worktree: "/p" };

Deno.test("the plugin refuses a tool by throwing the reason run printed for a deny", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = printed("pre-tool", { decision: "deny", reason: "R-NO force push" });
    const plugin = await loadPlugin(dir, { "tool.execute.before": [line(`${dir}/in.json`, out)] });
    const hooks = await plugin(CTX);
    const args = { command: "git push --force" };
    await assert.rejects(
      hooks["tool.execute.before"]!({ tool: "bash", sessionID: "s", callID: "c" }, { args }),
      (e: Error) => e.message === "R-NO force push",
    );
    const sent = JSON.parse(await Deno.readTextFile(`${dir}/in.json`));
    assert.deepEqual(sent, {
      event: "tool.execute.before",
      directory: "/p",
      worktree: "/p",
      input: { tool: "bash", sessionID: "s", callID: "c" },
      output: { args },
    });
    // What it sent reads into a contract document with the command.
    const doc = opencode.read(sent, { event: "pre-tool" });
    assert.equal(doc.tool?.command, "git push --force");
    assert.equal(doc.tool?.kind, "shell");
    assert.equal(doc.session, "s");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the plugin rewrites the tool's own arguments object in place", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = printed("pre-tool", { input: { command: "echo safe" } });
    const plugin = await loadPlugin(dir, { "tool.execute.before": [line(`${dir}/in.json`, out)] });
    const hooks = await plugin(CTX);
    const args: Record<string, unknown> = { command: "rm -rf /", description: "x" };
    await hooks["tool.execute.before"]!({ tool: "bash" }, { args });
    assert.deepEqual(args, { command: "echo safe" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the plugin adds a post-tool reason to the output, and runs each line in order", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const out = printed("post-tool", { decision: "deny", reason: "R-LOOK" });
    const plugin = await loadPlugin(dir, {
      "tool.execute.after": [line(`${dir}/a.json`, "not json"), line(`${dir}/b.json`, out)],
    });
    const hooks = await plugin(CTX);
    const output = { title: "t", output: "hello\n", metadata: { exit: 0 } };
    await hooks["tool.execute.after"]!({ tool: "bash", args: { command: "echo hello" } }, output);
    assert.equal(output.output, "hello\n\n\nR-LOOK");
    const sent = JSON.parse(await Deno.readTextFile(`${dir}/b.json`));
    const doc = opencode.read(sent, { event: "post-tool" });
    assert.equal(doc.tool?.output, "hello\n");
    assert.equal(doc.tool?.failed, false);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the plugin hooks only the events it has lines for, and passes events on", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const plugin = await loadPlugin(dir, { "session.idle": [line(`${dir}/idle.json`, "{}")] });
    const hooks = await plugin(CTX);
    assert.deepEqual(Object.keys(hooks).sort(), ["event"]);
    await hooks.event!({ event: { type: "session.updated", properties: {} } });
    await assert.rejects(Deno.stat(`${dir}/idle.json`), Deno.errors.NotFound);
    await hooks.event!({ event: { type: "session.idle", properties: { sessionID: "s1" } } });
    const sent = JSON.parse(await Deno.readTextFile(`${dir}/idle.json`));
    const doc = opencode.read(sent, { event: "stop" });
    assert.equal(doc.session, "s1");
    assert.deepEqual(doc.stop, { continued: false });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a line that prints nothing is no answer", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const plugin = await loadPlugin(dir, { "tool.execute.before": ["exit 3"] });
    const hooks = await plugin(CTX);
    const args = { command: "ls" };
    await hooks["tool.execute.before"]!({ tool: "bash" }, { args });
    assert.deepEqual(args, { command: "ls" });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a line past its timeout is no answer, even when a child of it still runs", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const value = {
      version: 1,
      hooks: {
        "tool.execute.before": [{
          type: "command",
          command: `(sleep 3; echo '{"block":"late"}') & wait`,
          timeout: 1,
        }],
      },
    };
    const path = `${dir}/everyhook-slow.js`;
    await Deno.writeTextFile(path, pluginText(JSON.stringify(value)));
    const plugin = (await import(`file://${path}`) as Record<string, Plugin>).EveryhookPlugin!;
    const hooks = await plugin(CTX);
    const started = Date.now();
    await hooks["tool.execute.before"]!({ tool: "bash" }, { args: { command: "ls" } });
    assert.ok(Date.now() - started < 2500, "it did not wait for the line's child");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("only a plugin exactly as everyhook wrote it is read back", () => {
  const json = '{"version": 1, "hooks": {"session.idle": []}}';
  const text = pluginText(json);
  assert.deepEqual(JSON.parse(pluginHooksText(text, "p.js")), JSON.parse(json));
  assert.equal(
    pluginHooksText(pluginText(pluginHooksText(text, "p.js")), "p.js"),
    pluginHooksText(text, "p.js"),
  );
  const refused = (t: string) =>
    assert.throws(
      () => pluginHooksText(t, "p.js"),
      (e: unknown) =>
        e instanceof EveryhookError && e.code === "config-shape" && /edited since/.test(e.message),
    );
  refused("export const Mine = async () => ({});\n");
  refused(text.replace("carries out", "does"));
  refused(text.replace('"version": 1', '"version":1'));
  refused(text + "\n");
  assert.equal(pluginHooksText("", "p.js"), "");
});
