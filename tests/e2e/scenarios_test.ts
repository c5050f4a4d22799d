// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The scenarios every agent shares, written once and run for each agent that
 * can run here, through its driver (src/verify/drivers/): with
 * block-force-push and log-tool-calls installed by everyhook into the
 * throwaway home, the model asks for a force push and a harmless command; the
 * force push is refused before it runs and the reason reaches the model, the
 * harmless command runs, post-tool sees its output, and uninstall leaves
 * every file of the agent as it was. Each agent's own test file checks what
 * only that agent does.
 *
 * @module
 */

import assert from "node:assert/strict";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import type { AgentRun, AnyDriver } from "../../src/verify/mod.ts";
import { shellScript } from "../../src/verify/driver.ts";
import { DRIVERS } from "../../src/verify/drivers/mod.ts";
import { PKG_CACHE, prepareCopilot } from "./copilot_cli_session.ts";
import {
  BLOCK_FORCE_PUSH,
  cliMissing,
  everyhookCli,
  LOG_TOOL_CALLS,
  type LoggedDoc,
  readLoggedDocs,
} from "./everyhook_e2e.ts";
import { runAgent } from "./process.ts";
import { agentBin, makeWorld, skipReason, type World } from "./world.ts";

/** The force push the model asks for; the project has no remote, so it fails harmlessly if it runs. */
const FORCE_PUSH = "git push --force origin main";

/** What git prints when the force push really ran. */
const FORCE_PUSH_RAN = /does not appear to be a git repository|failed to push|not a git repository/;

/** What one agent's run left to check. */
interface Ran {
  driver: AnyDriver;
  run: AgentRun;
  docs: LoggedDoc[];
  /** The agent's files before install, by path. */
  before: Map<string, string>;
  /** The agent's files after uninstall, by path. */
  after: Map<string, string>;
}

/** One shared scenario: what it shows, and its check. */
interface Scenario {
  about: string;
  check(r: Ran, why: string): void;
}

const SCENARIOS: readonly Scenario[] = [
  {
    about: "the force push is refused before it runs, and the reason reaches the model",
    check: ({ run }, why) => {
      const push = run.toolResults[0] ?? "";
      assert.doesNotMatch(push, FORCE_PUSH_RAN, why);
      assert.match(push, /protected branch \\?"main\\?"/, why);
    },
  },
  {
    about: "the harmless command runs, and its output reaches the model",
    check: ({ run }, why) => {
      assert.ok(run.toolResults.slice(1).some((t) => /\bhello\b/.test(t)), why);
    },
  },
  {
    about: "pre-tool sees both commands, post-tool sees the harmless one's output",
    check: ({ driver, docs }, why) => {
      const text = `${JSON.stringify(docs).slice(0, 1500)}\n${why}`;
      const pre = docs.filter((d) => d.event === "pre-tool" && d.tool?.kind === "shell");
      assert.deepEqual(pre.map((d) => d.tool?.command), [FORCE_PUSH, "echo hello"], text);
      assert.ok(pre.every((d) => d.agent === driver.id), text);
      const post = docs.filter((d) => d.event === "post-tool" && d.tool?.kind === "shell");
      assert.deepEqual(post.map((d) => d.tool?.command), ["echo hello"], text);
      assert.match(post[0]?.tool?.output ?? "", /hello/, text);
    },
  },
  {
    about: "uninstall leaves every file of the agent as it was",
    check: ({ before, after }) => {
      for (const [path, bytes] of before) assert.equal(after.get(path), bytes, path);
      for (const [path, bytes] of after) {
        if (before.has(path)) continue;
        assert.doesNotMatch(bytes, /block-force-push|log-tool-calls/, `${path} still names a hook`);
      }
    },
  },
];

/** Every file under the agent's folders in the world (its backups left out), by path. */
async function agentFiles(driver: AnyDriver, world: World): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const walk = async (dir: string): Promise<void> => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(dir));
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === ".everyhook-backups") continue;
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (e.isFile && /\.(json|jsonc|toml)$/.test(e.name)) {
        out.set(path, await Deno.readTextFile(path));
      }
    }
  };
  for (const folder of driver.homeFolders) await walk(`${world.home}/${folder}`);
  for (const folder of driver.projectFolders) await walk(`${world.project}/${folder}`);
  return out;
}

/** A git project with one commit and no remote. */
async function gitProject(world: World): Promise<void> {
  const commit = ["-c", "user.email=e2e@example.invalid", "-c", "user.name=e2e", "commit", "-q"];
  for (const args of [["init", "-q", "-b", "main"], [...commit, "--allow-empty", "-m", "init"]]) {
    const r = await runAgent({
      cmd: "git",
      args,
      env: world.env(),
      cwd: world.project,
      timeoutMs: 20_000,
    });
    if (r.code !== 0) throw new Error(`Cannot run "git ${args.join(" ")}": ${r.stderr.trim()}`);
  }
}

/** Installs the two hooks into the world, runs the agent once, uninstalls them. */
async function runShared(driver: AnyDriver): Promise<Ran> {
  await using world = await makeWorld(driver.id);
  await gitProject(world);
  const log = `${world.root}/everyhook-log.jsonl`;
  // everyhook finds the agent's files by the same variables the agent runs with.
  const cliEnv = (apiUrl: string) => world.env(driver.env(world, apiUrl));
  const everyhook = (apiUrl: string, args: string[]) =>
    everyhookCli([...args, "--agent", driver.id, "--scope", "user"], cliEnv(apiUrl), world.project);
  if (driver.id === "copilot-cli") await prepareCopilot();
  let before = new Map<string, string>();
  let url = "";
  const run = await runAgentOnce({
    driver,
    program: agentBin(driver.id)!,
    world,
    env: world.env(),
    script: shellScript(driver, [FORCE_PUSH, "echo hello"], "Done."),
    prompt: "Please do the scripted steps.",
    bypassTrust: true,
    extraEnv: () => ({
      EVERYHOOK_LOG: log,
      ...(driver.id === "copilot-cli" ? { COPILOT_PKG_CACHE_HOME: PKG_CACHE } : {}),
    }),
    timeoutMs: 120_000,
    before: async (apiUrl) => {
      url = apiUrl;
      before = await agentFiles(driver, world);
      await everyhook(apiUrl, ["install", LOG_TOOL_CALLS, "--event", "pre-tool,post-tool"]);
      await everyhook(apiUrl, ["install", BLOCK_FORCE_PUSH, "--event", "pre-tool"]);
    },
  });
  for (const hook of [LOG_TOOL_CALLS, BLOCK_FORCE_PUSH]) {
    await everyhook(url, ["uninstall", hook]);
  }
  return {
    driver,
    run,
    docs: await readLoggedDocs(log),
    before,
    after: await agentFiles(driver, world),
  };
}

const cliSkip = await cliMissing();
for (const driver of DRIVERS) {
  const why = (await skipReason(driver.id)) ?? cliSkip;
  if (why) console.log(`${driver.id}: the shared scenarios skip: ${why}`);
  Deno.test({
    name: `everyhook in ${driver.id}, the shared scenarios`,
    ignore: why !== undefined,
    async fn(t) {
      const ran = await runShared(driver);
      const o = ran.run.outcome;
      const failure = `${o.kind}${"code" in o ? ` ${o.code}` : ""}\n` +
        ("stderr" in o
          ? `stderr:\n${o.stderr.slice(-1200)}\nstdout:\n${o.stdout.slice(-1200)}\n`
          : "") +
        `tool results: ${JSON.stringify(ran.run.toolResults).slice(0, 1500)}`;
      for (const s of SCENARIOS) await t.step(s.about, () => s.check(ran, failure));
    },
  });
}
