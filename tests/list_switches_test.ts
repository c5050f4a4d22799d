// list says, per agent, what stops an entry it shows from running: read from the same
// files the agent reads, in throwaway worlds.
import assert from "node:assert/strict";
import type { Problem } from "../src/readers/listing.ts";
import { command } from "../src/commands/list.ts";
import { memoryIo } from "../src/cli/io.ts";
import { codexTrustHash } from "../src/agents/codex_switches.ts";

async function world(files: Record<string, string>) {
  const root = await Deno.makeTempDir({ prefix: "everyhook-switch-" });
  await Deno.mkdir(`${root}/home`, { recursive: true });
  await Deno.mkdir(`${root}/project`, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    const full = `${root}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text.replaceAll("<root>", root));
  }
  return root;
}

async function problems(root: string, agent: string): Promise<string> {
  const io = memoryIo({
    env: { HOME: `${root}/home`, PATH: "", EVERYHOOK_SYSTEM_DIR: `${root}/system` },
    cwd: `${root}/project`,
  });
  await command(["--agent", agent, "--json"], io);
  const doc = JSON.parse(io.stdoutText());
  await Deno.remove(root, { recursive: true });
  assert.ok(doc.entries.length > 0, "no entry was listed");
  // What holds back every hook in the folder is told once, as a condition, with its change.
  const told = (doc.conditions as Array<{ text: string; change: string }>).map((c) => c.text);
  const problems = doc.entries.flatMap((e: { problems: Problem[] }) => e.problems)
    .map((p: Problem) => `${p.kind}: ${p.text}`);
  return [...problems, ...told].join("\n");
}

const GROUPS = (command: string) => ({
  hooks: { Stop: [{ hooks: [{ type: "command", command, timeout: 30 }] }] },
});
const CLAUDE_TRUSTED = JSON.stringify({
  projects: { "<root>/project": { hasTrustDialogAccepted: true } },
});

Deno.test("list: Claude Code's disableAllHooks, allowManagedHooksOnly and folder trust", async () => {
  const hooks = JSON.stringify(GROUPS("true"));
  let p = await problems(
    await world({ "home/.claude/settings.json": hooks, "home/.claude.json": CLAUDE_TRUSTED }),
    "claude-code",
  );
  assert.equal(p, "");
  p = await problems(
    await world({
      "home/.claude/settings.json": hooks,
      "project/.claude/settings.local.json": JSON.stringify({ disableAllHooks: true }),
      "home/.claude.json": CLAUDE_TRUSTED,
    }),
    "claude-code",
  );
  assert.match(
    p,
    /disableAllHooks is true in .*settings\.local\.json: .*set it to false/,
  );
  if (Deno.build.os === "linux") {
    p = await problems(
      await world({
        "home/.claude/settings.json": hooks,
        "system/etc/claude-code/managed-settings.json": JSON.stringify({
          allowManagedHooksOnly: true,
        }),
        "home/.claude.json": CLAUDE_TRUSTED,
      }),
      "claude-code",
    );
    assert.match(p, /allowManagedHooksOnly is true .*ask an administrator/);
  }
  p = await problems(await world({ "home/.claude/settings.json": hooks }), "claude-code");
  assert.match(p, /folder trust is not accepted/);
});

Deno.test("list: Codex CLI's [features] hooks = false, project trust and each entry's review", async () => {
  const command = "true";
  const hooksJson = JSON.stringify(GROUPS(command));
  const hash = await codexTrustHash({
    file: "",
    scope: "user",
    native: "Stop",
    group: 0,
    handler: 0,
    matcher: undefined,
    value: { type: "command", command, timeout: 30 },
  });
  // The hash Codex CLI 0.171.0's /hooks "Trust all" writes for this entry.
  assert.equal(
    hash,
    "sha256:" +
      (await sha256(
        '{"event_name":"stop","hooks":[{"async":false,"command":"true","timeout":30,"type":"command"}]}',
      )),
  );
  const trusted = (file: string, h = hash) =>
    `[projects."<root>/project"]\ntrust_level = "trusted"\n\n[hooks.state."${file}:stop:0:0"]\ntrusted_hash = "${h}"\n`;
  let p = await problems(
    await world({
      "home/.codex/hooks.json": hooksJson,
      "home/.codex/config.toml": trusted("<root>/home/.codex/hooks.json"),
    }),
    "codex",
  );
  assert.equal(p, "");
  p = await problems(
    await world({
      "home/.codex/hooks.json": hooksJson,
      "home/.codex/config.toml": `[features]\nhooks = false\n\n${
        trusted("<root>/home/.codex/hooks.json")
      }`,
    }),
    "codex",
  );
  assert.match(p, /\[features\] hooks = false in .*config\.toml/);
  p = await problems(await world({ "home/.codex/hooks.json": hooksJson }), "codex");
  assert.match(p, /not reviewed: Codex CLI skips this entry without a word/);
  p = await problems(
    await world({
      "home/.codex/hooks.json": hooksJson,
      "home/.codex/config.toml": trusted("<root>/home/.codex/hooks.json", "sha256:00"),
    }),
    "codex",
  );
  assert.match(p, /changed since it was trusted/);
  p = await problems(
    await world({
      "project/.codex/hooks.json": hooksJson,
      "home/.codex/config.toml":
        `[hooks.state."<root>/project/.codex/hooks.json:stop:0:0"]\ntrusted_hash = "${hash}"\n`,
    }),
    "codex",
  );
  assert.match(p, /the project is not trusted in .*codex exec --trust/);
  if (Deno.build.os !== "windows") {
    p = await problems(
      await world({
        "home/.codex/hooks.json": hooksJson,
        "home/.codex/config.toml": trusted("<root>/home/.codex/hooks.json"),
        "system/etc/codex/requirements.toml": "allow_managed_hooks_only = true\n",
      }),
      "codex",
    );
    assert.match(p, /allow_managed_hooks_only = true/);
  }
});

async function sha256(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...d].map((b) => b.toString(16).padStart(2, "0")).join("");
}

Deno.test("list: Gemini CLI's hooksConfig.enabled, hooksConfig.disabled and folder trust", async () => {
  const trust = JSON.stringify({ "<root>/project": "TRUST_FOLDER" });
  const settings = (extra: Record<string, unknown>) =>
    JSON.stringify({
      hooks: {
        AfterAgent: [{
          hooks: [
            { type: "command", name: "checker", command: "true", timeout: 3000 },
            { type: "command", name: "logger", command: "true", timeout: 3000 },
          ],
        }],
      },
      ...extra,
    });
  let p = await problems(
    await world({
      "home/.gemini/settings.json": settings({}),
      "home/.gemini/trustedFolders.json": trust,
    }),
    "gemini-cli",
  );
  assert.equal(p, "");
  p = await problems(
    await world({
      "home/.gemini/settings.json": settings({ hooksConfig: { disabled: ["logger"] } }),
      "home/.gemini/trustedFolders.json": trust,
    }),
    "gemini-cli",
  );
  assert.equal(p.split("\n").length, 1);
  assert.match(p, /named in hooksConfig\.disabled/);
  p = await problems(
    await world({
      "home/.gemini/settings.json": settings({}),
      "project/.gemini/settings.json": JSON.stringify({ hooksConfig: { enabled: false } }),
      "home/.gemini/trustedFolders.json": trust,
    }),
    "gemini-cli",
  );
  assert.match(p, /hooksConfig\.enabled is false/);
  p = await problems(await world({ "home/.gemini/settings.json": settings({}) }), "gemini-cli");
  assert.match(p, /not a trusted folder/);
  p = await problems(
    await world({
      "home/.gemini/settings.json": settings({}),
      "home/.gemini/trustedFolders.json": JSON.stringify({ "<root>": "TRUST_FOLDER" }),
    }),
    "gemini-cli",
  );
  assert.equal(p, "", "a trusted folder above the project trusts it");
});

Deno.test("list: Copilot CLI's disableAllHooks and folder trust (trustedFolders)", async () => {
  const entry = JSON.stringify({
    version: 1,
    hooks: { agentStop: [{ type: "command", bash: "true", timeoutSec: 10 }] },
  });
  let p = await problems(
    await world({
      "home/.copilot/hooks/a.json": entry,
      "home/.copilot/settings.json": JSON.stringify({ disableAllHooks: true }),
    }),
    "copilot",
  );
  assert.match(p, /disableAllHooks is true .*Copilot CLI runs no hook/);
  p = await problems(await world({ "project/.github/hooks/a.json": entry }), "copilot");
  assert.match(p, /not in trustedFolders/);
  for (const folder of ["<root>/project", "<root>"]) {
    p = await problems(
      await world({
        "project/.github/hooks/a.json": entry,
        "home/.copilot/config.json": "// This file is managed automatically.\n" +
          JSON.stringify({ trustedFolders: [folder] }),
      }),
      "copilot",
    );
    assert.equal(p, "", `trusted through ${folder}`);
  }
  p = await problems(await world({ "home/.copilot/hooks/a.json": entry }), "copilot");
  assert.equal(p, "", "user hooks need no folder trust");
});

Deno.test("Copilot CLI's folder-trust switch rests on recorded runs of the binary", async () => {
  const file = JSON.parse(
    await Deno.readTextFile(new URL("../fixtures/conformance/copilot-cli.json", import.meta.url)),
  ) as { cases: Array<{ id: string; toolRan: boolean | null; notes?: string }> };
  const ran = (id: string) => file.cases.find((c) => c.id === id);
  // Not trusted: the denying project hook never ran; in trustedFolders: it ran and denied.
  assert.equal(ran("project-untrusted")?.toolRan, true);
  assert.match(ran("project-untrusted")?.notes ?? "", /no hook ran/);
  assert.equal(ran("project-trusted-config")?.toolRan, false);
  assert.match(ran("project-trusted-config")?.notes ?? "", /trustedFolders/);
});
