// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * A project's hooks synced on one machine run, with no edit, in a clone on
 * another: the first layout (its own home, project path and everyhook: this
 * checkout's cli.ts) writes everyhook.json's hook into the agent's project
 * files with `everyhook sync` and commits them; a second layout (another
 * home, another clone path, a copy of everyhook found by name on PATH, Deno
 * found by name) clones the repository, finds `sync --check` green, runs
 * `everyhook trust --yes`, and the real agent, started headless against a
 * fake model API without any trust bypass, runs the hook: a force push is
 * refused with the hook's reason, and the hook's log names the clone's
 * project folder as the agent gave it. A hand edit then turns `sync --check`
 * red. It runs every agent with a driver. These runs are the recording behind
 * each agent's project-folder rule (the `projectFolder` of src/agents/: the
 * variable the hook got, or the working folder) and, for the agents that hold
 * an untrusted project's hooks back (Codex CLI, Gemini CLI, Copilot CLI: a
 * run before trust shows it), behind the forms `trust` writes.
 *
 * @module
 */

import assert from "node:assert/strict";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import { playScript } from "../../src/verify/driver.ts";
import type { AnyDriver } from "../../src/verify/mod.ts";
import { DRIVERS } from "../../src/verify/drivers/mod.ts";
import { findAgent } from "../../src/agents/mod.ts";
import { eventFile } from "../../src/settings/locations.ts";
import { PKG_CACHE, prepareCopilot } from "./copilot_cli_session.ts";
import { cliMissing, everyhookCli } from "./everyhook_e2e.ts";
import { runAgent } from "./process.ts";
import { agentBin, makeWorld, REPO_ROOT, skipReason, type World } from "./world.ts";

/** The agents this test runs: every agent with a driver. */
const AGENTS = DRIVERS.map((d) => d.id);

/** The force push the model asks for; the clone has no remote it could reach. */
const FORCE_PUSH = "git push --force origin main";

/**
 * The team's hook, a contract hook with no import: it logs what it was given
 * beside itself and refuses a force push.
 */
const TEAM_HOOK = `#!/usr/bin/env -S deno run --allow-write --allow-env
const doc = JSON.parse(await new Response(Deno.stdin.readable).text());
const folders = Object.entries(Deno.env.toObject()).filter(([k]) => k.endsWith("_PROJECT_DIR"));
const seen = { agent: doc.agent, event: doc.event, cwd: Deno.cwd(), ...Object.fromEntries(folders) };
await Deno.writeTextFile(new URL("./ran.log", import.meta.url), JSON.stringify(seen) + "\\n", { append: true });
if (doc.event === "pre-tool" && /push --force/.test(doc.tool?.command ?? "")) {
  console.log(JSON.stringify({ decision: "deny", reason: "R-TEAM-CLONE: no force push on this team" }));
}
`;

/** Agents whose headless run needs no trust of the project, so a run before trust shows nothing. */
const UNTRUSTED_SKIPS: Readonly<Record<string, string>> = {
  "claude-code": "claude -p runs project hooks in a folder whose trust was never accepted",
  "qwen-code": "everyhook knows no folder trust of Qwen Code's to write",
  "factory-droid": "everyhook knows no folder trust of Factory Droid's to write",
  "opencode": "a plugin agent keeps no folder trust",
  "kilo": "a plugin agent keeps no folder trust",
  "auggie":
    "auggie --print ran the project's hook in a folder it was never told to trust (this test's run)",
  "cline": "Cline runs a project's hook files with no trust step",
};

/** The project file sync writes for each agent's pre-tool entry, relative to the project. */
function projectFile(id: string): string {
  const agent = findAgent(id)!;
  return eventFile(agent.install.files.project.parts.join("/"), agent.events["pre-tool"]!.native);
}

const skips = new Map<string, string | undefined>();
for (const id of AGENTS) {
  const noProject = findAgent(id)!.install.noProject;
  skips.set(
    id,
    noProject
      ? `it reads no project file: ${noProject}`
      : (await cliMissing()) ?? await skipReason(id),
  );
}

async function git(world: World, cwd: string, args: string[]): Promise<void> {
  const r = await runAgent({
    cmd: "git",
    args: ["-c", "user.email=e2e@example.invalid", "-c", "user.name=e2e", ...args],
    env: world.env(),
    cwd,
    timeoutMs: 30_000,
  });
  if (r.code !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr.trim()}`);
}

/** Every file of a folder (git's own left out), with its text. */
async function filesOf(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (d: string) => {
    for await (const e of Deno.readDir(d)) {
      if (e.name === ".git") continue;
      const path = `${d}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.isFile) out.set(path, await Deno.readTextFile(path));
    }
  };
  await walk(dir);
  return out;
}

/** A copy of everyhook at a path of the second layout, and an `everyhook` on its PATH that runs it. */
async function everyhookCopy(world: World): Promise<{ bin: string; cli: string }> {
  const dir = `${world.root}/opt/everyhook`;
  await Deno.mkdir(dir, { recursive: true });
  for (const f of ["deno.json", "deno.lock", "cli.ts", "run.ts", "mod.ts"]) {
    await Deno.copyFile(`${REPO_ROOT}/${f}`, `${dir}/${f}`);
  }
  const r = await runAgent({
    cmd: "cp",
    args: ["-R", `${REPO_ROOT}/src`, `${dir}/src`],
    env: world.env(),
    cwd: world.root,
    timeoutMs: 30_000,
  });
  if (r.code !== 0) throw new Error(`cp: ${r.stderr}`);
  const bin = `${world.root}/bin`;
  await Deno.mkdir(bin);
  // What `deno install --global --name everyhook` writes, in short: deno by name, everyhook's flags.
  await Deno.writeTextFile(
    `${bin}/everyhook`,
    `#!/bin/sh\nexec deno run --allow-read --allow-write --allow-run --allow-env "${dir}/cli.ts" "$@"\n`,
    { mode: 0o755 },
  );
  return { bin, cli: `${dir}/cli.ts` };
}

/** One agent's run of the whole story: sync on the first layout, clone, check, trust, run, edit. */
async function teamClone(id: string): Promise<void> {
  const driver = DRIVERS.find((d) => d.id === id) as AnyDriver;
  // The first layout: a home, a project, this checkout's everyhook.
  await using first = await makeWorld(id);
  await Deno.mkdir(`${first.project}/hooks`);
  await Deno.writeTextFile(`${first.project}/hooks/team-guard.ts`, TEAM_HOOK);
  await Deno.writeTextFile(`${first.project}/.gitignore`, "hooks/ran.log\n");
  await Deno.writeTextFile(
    `${first.project}/everyhook.json`,
    JSON.stringify(
      { hooks: [{ file: "hooks/team-guard.ts", events: ["pre-tool"], agents: [id] }] },
      null,
      2,
    ) + "\n",
  );
  const firstEnv = first.env(driver.env(first, "http://127.0.0.1:9"));
  await everyhookCli(["sync"], firstEnv, first.project);
  await git(first, first.project, ["init", "-q", "-b", "main"]);
  await git(first, first.project, ["add", "-A"]);
  await git(first, first.project, ["commit", "-q", "-m", "team hooks"]);

  // The second layout: another home, another clone path, another everyhook, found by name.
  await using second = await makeWorld(id);
  await Deno.remove(second.project);
  const clone = `${second.root}/work/clone-of-team`;
  await Deno.mkdir(`${second.root}/work`);
  await git(second, second.root, ["clone", "-q", first.project, clone]);
  const copy = await everyhookCopy(second);
  const world = { ...second, project: clone };
  for (const [path, text] of await filesOf(clone)) {
    assert.ok(!text.includes(first.root), `${path} holds a path of the first layout:\n${text}`);
  }
  if (findAgent(id)!.install.container === "runner") {
    // The agent starts its hook file itself: the clone's copy is executable, as sync wrote it.
    const mode = (await Deno.stat(`${clone}/${projectFile(id)}`)).mode! & 0o777;
    assert.equal(mode, 0o755, `${projectFile(id)} is ${mode.toString(8)} in the clone`);
  }
  const envOf = (apiUrl: string) => ({
    ...second.env(driver.env(world, apiUrl)),
    PATH: `${copy.bin}:${second.env().PATH}`,
  });
  const everyhook = async (apiUrl: string, args: string[]) => {
    const r = await runAgent({
      cmd: `${copy.bin}/everyhook`,
      args,
      env: envOf(apiUrl),
      cwd: clone,
      timeoutMs: 60_000,
    });
    return { code: r.code, text: r.stdout + r.stderr };
  };
  const check = await everyhook("http://127.0.0.1:9", ["sync", "--check"]);
  assert.equal(check.code, 0, `sync --check in the clone:\n${check.text}`);

  const runIn = (trust: boolean) =>
    runAgentOnce({
      driver,
      program: agentBin(id)!,
      world,
      env: envOf("http://127.0.0.1:9"),
      script: playScript(driver, [{ shell: FORCE_PUSH }, { say: "Done." }]),
      prompt: "Please do the scripted steps.",
      // No trust bypass: the trust everyhook trust writes is what lets the agent run the hook.
      bypassTrust: false,
      extraEnv: (apiUrl) => ({
        PATH: envOf(apiUrl).PATH!,
        ...(id === "copilot-cli" ? { COPILOT_PKG_CACHE_HOME: PKG_CACHE } : {}),
      }),
      timeoutMs: 150_000,
      before: async (apiUrl) => {
        const synced = await everyhook(apiUrl, ["sync"]);
        assert.equal(synced.code, 0, synced.text);
        assert.match(synced.text, /unchanged/, "a teammate's sync changes nothing");
        if (!trust) return;
        const trusted = await everyhook(apiUrl, ["trust", "--agent", id, "--yes"]);
        assert.equal(trusted.code, 0, trusted.text);
      },
    });
  if (UNTRUSTED_SKIPS[id] === undefined) {
    // Before trust, the agent holds the project's hook back: the force push is not refused by it.
    const untrusted = await runIn(false);
    assert.doesNotMatch(untrusted.toolResults[0] ?? "", /R-TEAM-CLONE/);
    const ran = await Deno.stat(`${clone}/hooks/ran.log`).then(() => true, () => false);
    assert.equal(ran, false, "the hook ran before the project was trusted");
  } else console.log(`${id}: no untrusted run: ${UNTRUSTED_SKIPS[id]}`);
  const run = await runIn(true);
  const o = run.outcome;
  const why = `${o.kind}${"code" in o ? ` ${o.code}` : ""}\n${
    "stderr" in o ? `stderr:\n${o.stderr.slice(-1500)}\nstdout:\n${o.stdout.slice(-1500)}` : ""
  }\ntool results: ${JSON.stringify(run.toolResults).slice(0, 1500)}`;
  assert.match(run.toolResults[0] ?? "", /R-TEAM-CLONE/, why);
  const log = (await Deno.readTextFile(`${clone}/hooks/ran.log`)).trim().split("\n")
    .map((l) => JSON.parse(l) as Record<string, string | null>);
  const pre = log.find((l) => l.event === "pre-tool");
  assert.ok(pre, `the hook did not log a pre-tool call: ${JSON.stringify(log)}`);
  assert.equal(pre.agent, id);
  // What the agent gave the hook to reach the project: the recording behind its projectFolder.
  console.log(`${id}: the hook ran with ${JSON.stringify(pre)}`);
  // The first variable the agent's module names is the folder; with none, the working folder is.
  const named = findAgent(id)!.projectFolder?.env[0];
  if (named !== undefined) assert.equal(pre[named], clone, `${named}: ${JSON.stringify(pre)}`);
  else assert.equal(pre.cwd, clone);

  // A hand edit of the project's file turns sync --check red.
  const file = `${clone}/${projectFile(id)}`;
  const text = await Deno.readTextFile(file);
  const edited = text.replace("--timeout 28", "--timeout 99").replace('"28"', '"99"');
  assert.notEqual(edited, text, `no timeout to edit in ${file}`);
  await Deno.writeTextFile(file, edited);
  const red = await everyhook("http://127.0.0.1:9", ["sync", "--check"]);
  assert.equal(red.code, 1, red.text);
  assert.match(red.text, /differs: .*edited by hand/);
}

/** How many agents run at once: each mostly waits on its own start and its fake model API. */
const AT_ONCE = 3;

Deno.test({
  name: "a project synced on one layout runs its hooks in a clone on another, with no edit",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    if (skips.get("copilot-cli") === undefined) await prepareCopilot();
    const queue = [...AGENTS];
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const agent = id;
        await t.step({
          name: agent,
          ignore: skips.get(agent) !== undefined,
          sanitizeResources: false,
          sanitizeOps: false,
          sanitizeExit: false,
          fn: () => teamClone(agent),
        });
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, worker));
  },
});

for (const [id, why] of skips) if (why !== undefined) console.log(`${id}: skipped: ${why}`);
