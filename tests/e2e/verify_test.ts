/**
 * `everyhook verify --quick` against the real agents installed under .cache/agents:
 * a world with block-force-push installed where every agent runs it (exit 0),
 * and worlds where a hook does not fire, one per reason per agent (exit 1,
 * the reason named). Each world is one `verify --all` run (agents two at a
 * time); an agent that is not installed here is left out of PATH, and verify
 * reports it as not installed.
 */

import assert from "node:assert/strict";
import { readSchema, validate } from "../json_schema.ts";
import { stringify } from "smol-toml";
import { CODEX_ENTRY_TRUST } from "../../src/agents/codex_switches.ts";
import { walkEntries } from "../../src/settings/entry_walk.ts";
import type { VerifyReport } from "../../src/verify/verify.ts";
import { findDriver } from "../../src/verify/drivers/mod.ts";
import { agentBin, agentNodeBin, makeWorld, type World } from "./world.ts";
import { BLOCK_FORCE_PUSH, CLI } from "./everyhook_e2e.ts";
import { PINS } from "./pins.ts";

// The pinned agents verify can run (those with a driver); the others are reported as not run.
const AGENTS = (Object.keys(PINS) as Array<keyof typeof PINS>).filter((id) => findDriver(id));
const INSTALLED = AGENTS.filter((id) => agentBin(id) !== undefined);
const MISSING = AGENTS.filter((id) => agentBin(id) === undefined);
if (MISSING.length > 0) {
  // deno-lint-ignore no-console -- a skip says why
  console.log(
    `verify_test: not installed here, left out: ${MISSING.join(", ")} (deno task agents)`,
  );
}

/** PATH with every installed agent's folder (and the pinned Node.js) before the world's. */
function pathWithAgents(world: World): string {
  const dirs = INSTALLED.map((id) => agentBin(id)!.replace(/\/[^/]+$/, ""));
  const node = agentNodeBin("qwen-code");
  return [...(node ? [node] : []), ...dirs, world.env().PATH].join(":");
}

async function everyhook(world: World, args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    cwd: world.project,
    env: world.env({ PATH: pathWithAgents(world) }),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

async function verify(
  world: World,
  extra: string[] = [],
): Promise<{ code: number; report: VerifyReport; err: string }> {
  // --quick: the one shell call these worlds need (verify_run_test.ts plays the whole run).
  const out = await everyhook(world, ["--json", "verify", "--all", "--quick", ...extra]);
  let report: VerifyReport;
  try {
    report = JSON.parse(out.stdout);
  } catch {
    throw new Error(`verify printed no JSON (exit ${out.code}):\n${out.stdout}\n${out.stderr}`);
  }
  const schema = await readSchema("verify");
  assert.deepEqual(validate(report, schema, schema), [], "verify --json against its schema");
  return { code: out.code, report, err: out.stderr };
}

async function gitInit(dir: string): Promise<void> {
  await Deno.mkdir(`${dir}/.git/refs/heads`, { recursive: true });
  await Deno.mkdir(`${dir}/.git/objects`, { recursive: true });
  await Deno.writeTextFile(`${dir}/.git/HEAD`, "ref: refs/heads/main\n");
  await Deno.writeTextFile(`${dir}/.git/config`, "[core]\n\trepositoryformatversion = 0\n");
}

/** What the person does after install: trust the Codex entries in /hooks, trust the folder in Gemini CLI. */
async function trustAsThePersonWould(world: World, codexFiles: string[]): Promise<void> {
  const state: Record<string, unknown> = {};
  for (const file of codexFiles) {
    const root = JSON.parse(await Deno.readTextFile(file));
    for (const w of walkEntries(root.hooks, "matcher-groups")) {
      const { key, value } = await CODEX_ENTRY_TRUST.record({
        file,
        scope: file.startsWith(world.project) ? "project" : "user",
        native: w.native,
        group: Number(w.path[2]),
        handler: Number(w.path[4] ?? 0),
        matcher: w.matcher,
        value: w.value,
      });
      state[key[2]!] = value;
    }
  }
  await Deno.mkdir(`${world.home}/.codex`, { recursive: true });
  await Deno.writeTextFile(
    `${world.home}/.codex/config.toml`,
    stringify({ projects: { [world.project]: { trust_level: "trusted" } }, hooks: { state } }),
  );
  await Deno.mkdir(`${world.home}/.gemini`, { recursive: true });
  await Deno.writeTextFile(
    `${world.home}/.gemini/trustedFolders.json`,
    JSON.stringify({ [world.project]: "TRUST_FOLDER" }),
  );
}

function verdict(report: VerifyReport, id: string) {
  const v = report.agents.find((a) => a.agent === id);
  assert.ok(v, `no verdict for ${id}`);
  return v;
}

Deno.test({
  name: "verify: block-force-push installed for every agent fires in each installed agent (exit 0)",
  ignore: INSTALLED.length === 0,
  async fn() {
    await using world = await makeWorld("verify");
    await gitInit(world.project);
    const installed = await everyhook(world, [
      "install",
      BLOCK_FORCE_PUSH,
      "--agent",
      INSTALLED.join(","),
    ]);
    assert.equal(installed.code, 0, installed.stderr);
    await trustAsThePersonWould(world, [`${world.home}/.codex/hooks.json`]);
    const before = await Deno.readTextFile(`${world.home}/.claude/settings.json`);
    const { code, report, err } = await verify(world);
    for (const id of INSTALLED) {
      const v = verdict(report, id);
      assert.equal(v.run.kind, "ran", `${id}: ${JSON.stringify(v.run)}`);
      const entry = v.entries.find((e) => e.ours && e.contractEvent === "pre-tool");
      assert.equal(entry?.status, "fired", `${id}: ${JSON.stringify(v, null, 1)}`);
      assert.ok(entry!.calls.length >= 1 && entry!.calls[0]!.ms !== null);
    }
    for (const id of MISSING) {
      assert.match(JSON.stringify(verdict(report, id).run), /not installed/);
    }
    assert.equal(code, 0, err);
    assert.match(
      err,
      /these hook entries will run once, for a session whose one tool call is `echo everyhook-verify`:/,
    );
    assert.doesNotMatch(err, /needs your yes/, "everyhook's own entries in the home run unasked");
    assert.equal(await Deno.readTextFile(`${world.home}/.claude/settings.json`), before);
  },
});

/** A settings file with one command entry, in the matcher-groups layout. */
function oneEntry(event: string, command = "true"): string {
  return JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: "command", command }] }] } });
}

async function put(path: string, text: string): Promise<void> {
  await Deno.mkdir(path.replace(/\/[^/]+$/, ""), { recursive: true });
  await Deno.writeTextFile(path, text);
}

/** The "does not fire" worlds: per agent, how its hook is held back, and the reason verify must name. */
const HELD_BACK: ReadonlyArray<{
  name: string;
  cases: Partial<
    Record<keyof typeof PINS, { write: (w: World) => Promise<void>; reason: RegExp }>
  >;
}> = [
  {
    name: "hooks switched off, an untrusted entry or folder",
    cases: {
      "claude-code": {
        write: (w) =>
          put(
            `${w.home}/.claude/settings.json`,
            JSON.stringify({ disableAllHooks: true, ...JSON.parse(oneEntry("PreToolUse")) }),
          ),
        reason: /disableAllHooks/,
      },
      "codex": {
        write: async (w) => {
          await put(`${w.home}/.codex/hooks.json`, oneEntry("PreToolUse"));
          await put(`${w.home}/.codex/config.toml`, "");
        },
        reason: /not reviewed/,
      },
      "gemini-cli": {
        write: (w) => put(`${w.project}/.gemini/settings.json`, oneEntry("BeforeTool")),
        reason: /not a trusted folder/,
      },
      "qwen-code": {
        write: (w) =>
          put(
            `${w.home}/.qwen/settings.json`,
            JSON.stringify({ disableAllHooks: true, ...JSON.parse(oneEntry("PreToolUse")) }),
          ),
        reason: /disableAllHooks/,
      },
      "copilot-cli": {
        write: (w) =>
          put(
            `${w.home}/.copilot/settings.json`,
            JSON.stringify({
              disableAllHooks: true,
              hooks: { preToolUse: [{ type: "command", bash: "true" }] },
            }),
          ),
        reason: /disableAllHooks/,
      },
    },
  },
  {
    name: "a misspelt event",
    cases: {
      "claude-code": {
        write: (w) => put(`${w.home}/.claude/settings.json`, oneEntry("PreToolUze")),
        reason: /PreToolUze/,
      },
      "factory-droid": {
        write: (w) => put(`${w.home}/.factory/settings.json`, oneEntry("PreToolUze")),
        reason: /PreToolUze/,
      },
    },
  },
];

for (const world of HELD_BACK) {
  const ids = (Object.keys(world.cases) as Array<keyof typeof PINS>).filter((id) =>
    INSTALLED.includes(id)
  );
  Deno.test({
    name: `verify: ${world.name}: exit 1, the reason named (${ids.join(", ")})`,
    ignore: ids.length === 0,
    async fn() {
      await using w = await makeWorld("verify-held");
      await gitInit(w.project);
      for (const id of ids) await world.cases[id]!.write(w);
      // Hand-written entries: verify runs them only with a yes.
      const { code, report, err } = await verify(w, ["--yes"]);
      for (const id of ids) {
        const v = verdict(report, id);
        const entry = v.entries[0];
        assert.equal(entry?.status, "not-fired", `${id}: ${JSON.stringify(v, null, 1)}`);
        assert.match(entry!.reason ?? "", world.cases[id]!.reason, id);
        assert.equal(v.ok, false);
      }
      assert.equal(code, 1, err);
    },
  });
}

Deno.test({
  name:
    "verify: a stranger's project hook in an untrusted folder runs in the real Claude Code only after --yes",
  ignore: !INSTALLED.includes("claude-code"),
  async fn() {
    await using w = await makeWorld("verify-stranger");
    await gitInit(w.project);
    const pwned = `${w.home}/pwned`;
    await put(`${w.project}/.claude/settings.json`, oneEntry("PreToolUse", `touch ${pwned}`));
    const args = ["verify", "--agent", "claude-code"];
    const asked = await everyhook(w, args);
    assert.equal(asked.code, 1, asked.stderr);
    assert.match(asked.stderr, /\.claude\/settings\.json \(project scope\); needs your yes/);
    assert.match(asked.stdout, /Claude Code: not run: 1 entry of its hooks needs your yes/);
    let made = true;
    await Deno.lstat(pwned).catch(() => made = false);
    assert.equal(made, false, "not run without a yes");
    const yes = await everyhook(w, [...args, "--yes"]);
    assert.ok((await Deno.lstat(pwned)).isFile, yes.stdout + yes.stderr);
  },
});
