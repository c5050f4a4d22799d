// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * `import --from claude-code` in a throwaway home: Claude Code's hooks become
 * `--speaks` lines in every other agent (matchers by tool kind, timeouts in
 * each unit), the Claude file is not touched, a second import updates in
 * place, `list` says where each came from, `uninstall --from` takes them out
 * byte for byte, and a written line, run as the agent runs it, blocks a
 * recorded force push with the Claude hook's reason.
 */

import assert from "node:assert/strict";
import { main } from "../../cli.ts";
import { memoryIo } from "../../src/cli/io.ts";
import { AGENTS } from "../../src/agents/mod.ts";
import { readSettingsFile } from "../../src/install/config_file.ts";
import { findOurs } from "../../src/settings/settings_file.ts";
import { importedCommand } from "../../src/settings/import_line.ts";
import {
  eventFile,
  eventFileNatives,
  type LocationContext,
  settingsFilePath as filePath,
} from "../../src/settings/locations.ts";
import type { Agent } from "../../src/agents/types.ts";

/**
 * An agent's settings file; for one with a file per event (Cline), the file of
 * its pre-tool event, where the guard of these tests goes.
 */
function settingsFilePath(a: Agent, scope: "user" | "project", context: LocationContext): string {
  const path = filePath(a, scope, context);
  const native = a.events["pre-tool"]?.native;
  return a.install.container === "runner" && native ? eventFile(path, native) : path;
}
import { loadFixtures } from "../../src/readers/recorded.ts";

const posix = Deno.build.os !== "windows";
if (!posix) console.log("skipped: import writes POSIX shell lines");

const GUARD = `#!/bin/bash
# Written for Claude Code: exit 2 refuses a forced push.
input=$(cat)
case "$input" in *'"tool_name":"Bash"'*'push --force'*) echo "no force push here ($CLAUDE_PROJECT_DIR)" >&2; exit 2;; esac
exit 0
`;

function claudeSettings(home: string): string {
  return `${
    JSON.stringify(
      {
        model: "opus",
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: `${home}/guard.sh`, timeout: 10 }],
            },
            {
              matcher: "Edit|Write|MultiEdit",
              hooks: [{ type: "command", command: "echo 'edit seen' >&2" }],
            },
            { matcher: "WebFetch", hooks: [{ type: "command", command: "true" }] },
          ],
          Stop: [{ hooks: [{ type: "command", command: "exit 0", timeout: 5 }] }],
          Notification: [{ hooks: [{ type: "command", command: "notify-send hi" }] }],
        },
      },
      null,
      2,
    )
  }\n`;
}

async function everyhook(args: string[], env: Record<string, string>) {
  // The project is a folder of its own: Copilot CLI reads the project's .claude/settings.json itself.
  await Deno.mkdir(`${env.HOME}/project`, { recursive: true });
  const io = memoryIo({ env, cwd: `${env.HOME}/project` });
  const code = await main(args, io);
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

const targets = AGENTS.filter((a) => a.id !== "claude-code");

Deno.test({
  name:
    "import --from claude-code writes each Claude Code hook into every other agent, and takes them out again",
  ignore: !posix,
  async fn() {
    const home = await Deno.makeTempDir({ prefix: "everyhook-import-" });
    try {
      const env = { HOME: home, PATH: Deno.env.get("PATH") ?? "" };
      await Deno.mkdir(`${home}/.claude`);
      const claudeFile = `${home}/.claude/settings.json`;
      const settings = claudeSettings(home);
      await Deno.writeTextFile(claudeFile, settings);
      await Deno.writeTextFile(`${home}/guard.sh`, GUARD, { mode: 0o755 });

      const dry = await everyhook([
        "import",
        "--from",
        "claude-code",
        "--all",
        "--dry-run",
        "--json",
      ], env);
      assert.equal(dry.code, 0, dry.stderr);
      const dryReport = JSON.parse(dry.stdout);
      assert.equal(dryReport.everyhook, 1);
      assert.equal(dryReport.sources.length, 4);
      assert.ok(dryReport.notImported.some((n: { native: string }) => n.native === "Notification"));
      for (const a of targets) {
        assert.equal(
          await exists(
            settingsFilePath(a, "user", { env, os: "linux", project: `${home}/project` }),
          ),
          false,
        );
      }

      const first = await everyhook(["import", "--from", "claude", "--all", "--json"], env);
      assert.equal(first.code, 0, first.stdout);
      const report = JSON.parse(first.stdout);
      assert.equal(
        await Deno.readTextFile(claudeFile),
        settings,
        "the Claude Code file is only read",
      );
      for (const a of targets) {
        const row = report.results.find((r: { agent: string }) => r.agent === a.id);
        assert.equal(row.action, "created", a.id);
        const context = { env, os: "linux", project: `${home}/project` };
        // An agent with a file per event (Cline) has its entries in each event's file.
        const files = a.install.container === "runner"
          ? (eventFileNatives(a) ?? []).map((n) => eventFile(filePath(a, "user", context), n))
          : [settingsFilePath(a, "user", context)];
        const ours = [];
        for (const file of files) {
          const read = await readSettingsFile(file, a.install);
          if (read.value !== undefined) {
            ours.push(...findOurs(read.value as Record<string, unknown>, a.install));
          }
        }
        const commands = ours.map((f) => importedCommand(f.line));
        assert.ok(commands.includes(`${home}/guard.sh`), a.id);
        assert.ok(!commands.includes("true"), `${a.id}: the WebFetch entry is refused`);
        assert.ok(
          row.skipped.some((s: { why: string }) => /WebFetch/.test(s.why)),
          `${a.id}: ${JSON.stringify(row.skipped)}`,
        );
        for (const f of ours) assert.equal(f.line.speaks, "claude-code");
        const guard = ours.find((f) => importedCommand(f.line) === `${home}/guard.sh`)!;
        const shellNames = Object.entries(a.tools.names).filter(([, k]) => k === "shell").map((
          [n],
        ) => n);
        if (a.events["pre-tool"]!.matcher) {
          // Bash became this agent's own shell tools.
          for (const name of shellNames) {
            assert.match(String(guard.matcher), new RegExp(`\\b${name}\\b`), a.id);
          }
          assert.ok(new RegExp(String(guard.matcher)).test(shellNames[0]!), a.id);
        } else {
          assert.deepEqual(guard.line.onlyTools, ["shell"], a.id);
        }
        const stop = ours.find((f) => f.line.event === "stop");
        if (a.events.stop) assert.ok(stop, a.id);
        // The timeout in the agent's unit: 10 s from the Claude entry.
        const timeout = Number(guard.value[a.install.timeoutField]);
        assert.equal(timeout, a.install.timeoutUnit === "ms" ? 10000 : 10, a.id);
      }

      // A second import changes nothing; a changed source entry is updated in place.
      const again = await everyhook(["import", "--from", "claude-code", "--all", "--json"], env);
      assert.ok(
        JSON.parse(again.stdout).results.every((r: { action: string }) => r.action === "unchanged"),
      );
      const codexFile = settingsFilePath(AGENTS.find((a) => a.id === "codex")!, "user", {
        env,
        os: "linux",
        project: `${home}/project`,
      });
      await Deno.writeTextFile(
        claudeFile,
        settings.replace('"timeout": 5', '"timeout": 7').replace(
          /,\s*\{\s*"matcher": "WebFetch"[^\]]*\]\s*\}/,
          "",
        ),
      );
      const changed = JSON.parse(
        (await everyhook(["import", "--from", "claude-code", "--agent", "codex", "--json"], env))
          .stdout,
      );
      assert.equal(changed.results[0].action, "updated");
      const codex = JSON.parse(await Deno.readTextFile(codexFile));
      assert.equal(codex.hooks.Stop.length, 1);
      assert.equal(codex.hooks.Stop[0].hooks[0].timeout, 7);

      // list says where each imported entry came from.
      const listed = await everyhook(["list", "--agent", "codex,claude-code", "--json"], env);
      const entries = JSON.parse(listed.stdout).entries;
      const imported = entries.filter((e: { speaks: unknown }) => e.speaks !== null);
      assert.ok(imported.length >= 3);
      for (const e of imported) {
        assert.equal(e.speaks.agent, "claude-code");
        assert.equal(e.speaks.from.file, claudeFile);
        assert.equal(e.hook, null);
        assert.ok(
          !e.problems.some((p: { text: string }) => /not there any more/.test(p.text)),
          e.problems.map((p: { text: string }) => p.text).join("; "),
        );
      }
      const text = await everyhook(["list", "--agent", "codex,claude-code"], env);
      assert.match(
        text.stdout,
        /speaks claude-code: .*guard\.sh, from PreToolUse Bash in ~\/\.claude\/settings\.json/,
      );

      // uninstall --from takes every imported entry out: the files were created by import, so they go.
      const out = await everyhook(["uninstall", "--from", "claude-code", "--all", "--json"], env);
      assert.equal(out.code, 0, out.stdout);
      for (const a of targets) {
        assert.equal(
          await exists(
            settingsFilePath(a, "user", { env, os: "linux", project: `${home}/project` }),
          ),
          false,
          a.id,
        );
      }
      assert.equal(
        await Deno.readTextFile(claudeFile),
        settings.replace('"timeout": 5', '"timeout": 7').replace(
          /,\s*\{\s*"matcher": "WebFetch"[^\]]*\]\s*\}/,
          "",
        ),
      );
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});

Deno.test({
  name:
    "an imported line, run as the agent runs it, blocks each agent's recorded force push with the Claude hook's reason",
  ignore: !posix,
  async fn() {
    const home = await Deno.makeTempDir({ prefix: "everyhook-import-run-" });
    try {
      const env = { HOME: home, PATH: Deno.env.get("PATH") ?? "" };
      await Deno.mkdir(`${home}/.claude`);
      await Deno.writeTextFile(`${home}/.claude/settings.json`, claudeSettings(home));
      await Deno.writeTextFile(`${home}/guard.sh`, GUARD, { mode: 0o755 });
      const agents = ["codex", "gemini-cli", "qwen-code", "factory-droid", "cursor"];
      const done = await everyhook([
        "import",
        "--from",
        "claude-code",
        "--agent",
        agents.join(","),
        "--json",
      ], env);
      assert.equal(done.code, 0, done.stdout);
      const fixtures = await loadFixtures(agents);
      for (const id of agents) {
        const agent = AGENTS.find((a) => a.id === id)!;
        const read = await readSettingsFile(
          settingsFilePath(agent, "user", { env, os: "linux", project: `${home}/project` }),
          agent.install,
        );
        const guard = findOurs(read.value as Record<string, unknown>, agent.install)
          .find((f) => importedCommand(f.line) === `${home}/guard.sh`)!;
        const line = String(guard.value[agent.install.commandField]);
        const fixture = fixtures.find((f) =>
          f.file === `fixtures/${id}/pre-tool.shell-force-push.json`
        )!;
        const child = new Deno.Command("sh", {
          args: ["-c", line],
          env,
          clearEnv: true,
          stdin: "piped",
          stdout: "piped",
          stderr: "piped",
        }).spawn();
        const w = child.stdin.getWriter();
        await w.write(new TextEncoder().encode(JSON.stringify(fixture.payload)));
        await w.close();
        const out = await child.output();
        const said = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
        assert.match(said, /no force push here \(<project>\)/, `${id}: ${said}`);
      }
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
