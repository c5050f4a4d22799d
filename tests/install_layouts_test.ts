// deno-lint-ignore-file no-console -- a skipped case prints why
/**
 * install then uninstall gives every agent's file back byte for byte, over many
 * layouts: no file, `{}`, tabs, CRLF, one line, a byte-order mark, escapes,
 * comments, trailing commas, hooks of its own, a symbolic link, a read-only mode.
 */

import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import type { Agent } from "../src/agents/types.ts";
import { findOurs } from "../src/settings/settings_file.ts";
import { install } from "../src/install/install.ts";
import type { InstallWorld } from "../src/install/config_file.ts";
import { parseJsonText } from "../src/settings/json_text.ts";
import { settingsFilePath } from "../src/settings/locations.ts";
import { uninstall } from "../src/install/uninstall.ts";

const SELF = {
  argv: ["/usr/local/bin/deno", "--allow-read", "--allow-run", "--allow-env", "/opt/e/cli.ts"],
  warnings: [],
};
const windows = Deno.build.os === "windows";
if (windows) {
  console.log("install_layouts_test: the read-only and link layouts are skipped on Windows");
}

/** One starting layout of a file: its bytes (null: no file), and how it is put there. */
interface Layout {
  name: string;
  bytes: (agent: Agent) => Uint8Array | null;
  link?: boolean;
  mode?: number;
}

const text = (s: string) => () => new TextEncoder().encode(s);

function ownHooks(agent: Agent): string {
  const native = agent.events["pre-tool"]?.native ?? "PreToolUse";
  const stop = agent.events.stop?.native ?? "Stop";
  if (agent.install.layout === "flat") {
    return `{\n  "version": 1,\n  "hooks": {\n    "${native}": [\n      { "type": "command", "command": "echo mine", "timeoutSec": 5 }\n    ],\n    "${stop}": [{ "command": "echo stop" }]\n  }\n}\n`;
  }
  return `{\n  "hooks": {\n    "${native}": [\n      {\n        "matcher": "Bash",\n        "hooks": [{ "type": "command", "command": "echo mine" }]\n      }\n    ],\n    "${stop}": [{ "hooks": [{ "type": "command", "command": "echo stop", "timeout": 5 }] }]\n  }\n}\n`;
}

const LAYOUTS: Layout[] = [
  { name: "no file", bytes: () => null },
  { name: "an empty file", bytes: text("") },
  { name: "{}", bytes: text("{}\n") },
  { name: "{} with no final newline", bytes: text("{}") },
  { name: "tabs", bytes: text('{\n\t"model": "opus",\n\t"env": {\n\t\t"A": "1"\n\t}\n}\n') },
  { name: "four spaces and CRLF", bytes: text('{\r\n    "model": "opus"\r\n}\r\n') },
  { name: "CRLF with no final newline", bytes: text('{\r\n  "a": [\r\n    1\r\n  ]\r\n}') },
  { name: "one line", bytes: text('{"model":"opus","permissions":{"allow":["Bash(ls:*)"]}}') },
  {
    name: "a byte-order mark",
    bytes: () =>
      new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{\n  "a": 1\n}\n')]),
  },
  {
    name: "escapes",
    bytes: text(
      '{\n  "path": "C:\\\\Users\\\\me",\n  "u": "\\u00e9 \\ud83d\\ude00 é",\n  "q": "say \\"hi\\"\\n"\n}\n',
    ),
  },
  { name: "comments", bytes: text('// top\n{\n  /* block */\n  "a": 1 // tail\n}\n// end\n') },
  { name: "trailing commas", bytes: text('{\n  "a": [1, 2,],\n  "b": {"c": 1,},\n}\n') },
  { name: "an empty hooks key", bytes: text('{ "hooks": {} }\n') },
  { name: "hooks of its own", bytes: (agent) => new TextEncoder().encode(ownHooks(agent)) },
  {
    // A user's empty lists: install fills them, uninstall must give them back as they were.
    name: "empty event lists of its own",
    bytes: (agent) => {
      const pre = agent.events["pre-tool"]?.native ?? "PreToolUse";
      const stop = agent.events.stop?.native ?? "Stop";
      const body = agent.install.layout === "flat"
        ? `{\n  "version": 1,\n  "hooks": {\n    "${pre}": [ /* none yet */ ],\n  },\n}\n`
        : `{\n  "hooks": {\n    "${pre}": [],\n    "${stop}": [{ "matcher": "", "hooks": [] }]\n  }\n}\n`;
      return new TextEncoder().encode(body);
    },
  },
  { name: "a symbolic link", bytes: text('{\n\t"linked": true\n}\n'), link: true },
  { name: "a read-only mode", bytes: text('{\n  "ro": true\n}\n'), mode: 0o444 },
];

async function place(file: string, layout: Layout, agent: Agent, home: string): Promise<string> {
  const bytes = layout.bytes(agent);
  const dir = file.slice(0, file.lastIndexOf("/"));
  await Deno.mkdir(dir, { recursive: true });
  if (bytes === null) return file;
  if (layout.link) {
    await Deno.mkdir(`${home}/dotfiles`, { recursive: true });
    const target = `${home}/dotfiles/${agent.id}.json`;
    await Deno.writeFile(target, bytes);
    await Deno.symlink(target, file);
    return target;
  }
  await Deno.writeFile(file, bytes);
  if (layout.mode !== undefined) await Deno.chmod(file, layout.mode);
  return file;
}

/** Whether every character of `old` is in `text`, in order: install only added. */
function keeps(text: string, old: string): boolean {
  let i = 0;
  for (let j = 0; j < text.length && i < old.length; j++) if (text[j] === old[i]) i++;
  return i === old.length;
}

function clock(): () => Date {
  let t = Date.UTC(2026, 9, 17, 17, 30, 0);
  return () => new Date(t += 1000);
}

// The agents whose hooks are a JSON file: everyhook's plugin (OpenCode, Kilo Code) is written
// whole, and src/install/install_plugin_test.ts tests it.
for (const agent of AGENTS.filter((a) => a.install.container === undefined)) {
  for (const layout of LAYOUTS) {
    const skip = windows && (layout.link === true || layout.mode !== undefined);
    for (const variant of ["pre-tool", "every event, matcher, fail-closed"] as const) {
      Deno.test({
        name:
          `install() then uninstall() gives ${agent.id}'s file back byte for byte: ${layout.name}, ${variant}`,
        ignore: skip,
        fn: async () => {
          const home = await Deno.makeTempDir({ prefix: "everyhook-layouts-" });
          try {
            await Deno.writeTextFile(`${home}/hook.ts`, "");
            const world: InstallWorld = {
              env: { HOME: home, USERPROFILE: home },
              cwd: home,
              os: Deno.build.os,
              now: clock(),
            };
            const file = settingsFilePath(agent, "user", {
              env: world.env,
              os: world.os,
              project: home,
            });
            const real = await place(file, layout, agent, home);
            const before = layout.bytes(agent);
            const all = variant !== "pre-tool";
            const installNow = () =>
              install({
                hook: "hook.ts",
                agents: [agent],
                events: all ? "all" : ["pre-tool"],
                scope: "user",
                timeout: 30,
                failClosed: all,
                dryRun: false,
                self: SELF,
                ...(all ? { matcher: "Bash" } : {}),
              }, world);
            const report = await installNow();
            const row = report.results[0]!;
            assert.equal(row.refused, null);
            assert.equal(row.action, before === null ? "created" : "updated");
            const installed = await Deno.readTextFile(real);
            if (before !== null) {
              const old = new TextDecoder().decode(before);
              assert.ok(
                keeps(installed, old),
                `every byte of the file is still there:\n${installed}`,
              );
            }
            const root = parseJsonText(installed.replace(/^\ufeff/, ""), file) as Record<
              string,
              unknown
            >;
            assert.equal(findOurs(root, agent.install).length, row.entries.length);
            if (before !== null && before.length > 0) {
              assert.deepEqual(
                await Deno.readFile(row.backup!),
                before,
                "the backup holds the old bytes",
              );
            }
            const second = await installNow();
            assert.equal(
              second.results[0]!.action,
              "unchanged",
              "a second install changes nothing",
            );
            assert.equal(await Deno.readTextFile(real), installed);

            const un = await uninstall({
              hook: "hook.ts",
              agents: [agent],
              scope: "user",
              dryRun: false,
            }, world);
            const urow = un.results[0]!;
            assert.equal(urow.refused, null);
            assert.equal(urow.removed, row.entries.length);
            if (before === null) {
              assert.equal(urow.action, "deleted");
              await assert.rejects(Deno.lstat(file), Deno.errors.NotFound);
            } else {
              assert.deepEqual(await Deno.readFile(real), before, "byte for byte");
            }
            if (layout.link) assert.ok((await Deno.lstat(file)).isSymlink, "the link stays a link");
            if (layout.mode !== undefined) {
              assert.equal((await Deno.stat(real)).mode! & 0o777, layout.mode);
            }
          } finally {
            await Deno.remove(home, { recursive: true });
          }
        },
      });
    }
  }
}

Deno.test("install() refuses a file that names hooks twice, and leaves it alone", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-layouts-" });
  try {
    await Deno.writeTextFile(`${home}/hook.ts`, "");
    const world: InstallWorld = { env: { HOME: home }, cwd: home, os: Deno.build.os, now: clock() };
    const agent = AGENTS[0] as Agent;
    const file = settingsFilePath(agent, "user", { env: world.env, os: world.os, project: home });
    for (
      const text of ['{"hooks": {}, "hooks": {"Stop": []}}', '{"hooks": {"Stop": [], "Stop": []}}']
    ) {
      await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
      await Deno.writeTextFile(file, text);
      const report = await install({
        hook: "hook.ts",
        agents: [agent],
        events: ["stop"],
        scope: "user",
        timeout: 30,
        failClosed: false,
        dryRun: false,
        self: SELF,
      }, world);
      assert.equal(report.ok, false);
      assert.match(report.results[0]?.refused ?? "", /twice/);
      assert.equal(await Deno.readTextFile(file), text);
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
