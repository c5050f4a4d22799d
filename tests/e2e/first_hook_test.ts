/**
 * A new user's first hook, in the real agents: `everyhook new` writes it,
 * `install` puts it into Claude Code, Codex CLI and Gemini CLI, the person
 * trusts it as each agent asks, and `verify` sees it fire in each (exit 0);
 * once the hook no longer loads, verify shows each entry as "fired, broken"
 * with what the agent did with it (exit 1).
 */

import assert from "node:assert/strict";
import { stringify } from "smol-toml";
import { CODEX_ENTRY_TRUST } from "../../src/agents/codex_switches.ts";
import { walkEntries } from "../../src/hooks_files/entry_walk.ts";
import type { VerifyReport } from "../../src/verify/verify.ts";
import { agentBin, makeWorld, type World } from "./world.ts";
import { CLI } from "./everyhook_e2e.ts";

const AGENTS = ["claude-code", "codex", "gemini-cli"] as const;
const missing = AGENTS.filter((id) => agentBin(id) === undefined);

async function everyhook(world: World, args: string[]) {
  const dirs = AGENTS.flatMap((id) => agentBin(id)?.replace(/\/[^/]+$/, "") ?? []);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    cwd: world.project,
    env: world.env({ PATH: [...dirs, world.env().PATH].join(":") }),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

/** The person trusts the Codex entries (as /hooks records it) and the folder in Codex and Gemini CLI. */
async function trust(world: World): Promise<void> {
  const file = `${world.home}/.codex/hooks.json`;
  const state: Record<string, unknown> = {};
  const root = JSON.parse(await Deno.readTextFile(file));
  for (const w of walkEntries(root.hooks, "matcher-groups")) {
    const { key, value } = await CODEX_ENTRY_TRUST.record({
      file,
      scope: "user",
      native: w.native,
      group: Number(w.path[2]),
      handler: Number(w.path[4] ?? 0),
      matcher: w.matcher,
      value: w.value,
    });
    state[key[2]!] = value;
  }
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

async function verify(world: World): Promise<{ code: number; report: VerifyReport; err: string }> {
  const out = await everyhook(world, ["--json", "verify", "--agent", AGENTS.join(",")]);
  try {
    return { code: out.code, report: JSON.parse(out.stdout), err: out.stderr };
  } catch {
    throw new Error(`verify printed no JSON (exit ${out.code}):\n${out.stdout}\n${out.stderr}`);
  }
}

Deno.test({
  name:
    "a first hook from everyhook new fires in Claude Code, Codex CLI and Gemini CLI, and shows as broken once it does not load",
  ignore: missing.length > 0,
  async fn() {
    await using world = await makeWorld("first-hook");
    await Deno.mkdir(`${world.project}/.git`, { recursive: true });
    const made = await everyhook(world, ["new", "guard.ts"]);
    assert.equal(made.code, 0, made.stderr);
    const installed = await everyhook(world, ["install", "guard.ts", "--agent", AGENTS.join(",")]);
    assert.equal(installed.code, 0, installed.stderr);
    await trust(world);
    const fine = await verify(world);
    for (const id of AGENTS) {
      const v = fine.report.agents.find((a) => a.agent === id);
      const entry = v?.entries.find((e) => e.ours && e.contractEvent === "pre-tool");
      assert.equal(entry?.status, "fired", `${id}: ${JSON.stringify(v, null, 1)}`);
      assert.equal(entry?.broken, undefined, `${id}: ${JSON.stringify(entry)}`);
    }
    assert.equal(fine.code, 0, fine.err);

    // The person's edit breaks it: verify shows it fired, broken, and fails.
    const text = await Deno.readTextFile(`${world.project}/guard.ts`);
    await Deno.writeTextFile(`${world.project}/guard.ts`, text.replace("switch (", "switch ((("));
    const broken = await verify(world);
    for (const id of AGENTS) {
      const v = broken.report.agents.find((a) => a.agent === id);
      const entry = v?.entries.find((e) => e.ours && e.contractEvent === "pre-tool");
      assert.equal(entry?.status, "fired", `${id}: ${JSON.stringify(v, null, 1)}`);
      assert.match(entry?.broken ?? "", /SyntaxError|Expected/, `${id}: ${JSON.stringify(entry)}`);
      assert.match(entry?.reason ?? "", /its hook does not load: in direct mode/, id);
      assert.equal(v?.ok, false, id);
    }
    assert.equal(broken.code, 1, broken.err);
  },
});
