// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The scenarios every agent shares, written once and run for each agent that
 * can run here, through its driver (src/verify/drivers/): in a home that
 * holds a settings file of the person's own, everyhook installs log-tool-calls,
 * block-force-push and a contract hook that adds session-start context and
 * sends the agent back at its first stop; the model asks for a force push and
 * a harmless command, then answers twice. The force push is refused before it
 * runs and the reason reaches the model as the agent words it, the harmless
 * command runs, post-tool sees its output, the context reaches the model, the
 * stop sends the agent back once, and uninstall leaves every file of the
 * agent as it was, byte for byte. Beside that run, two more: a prompt hook
 * refuses the prompt, which then never reaches the model, and a pre-tool hook
 * installed with --fail-closed hangs past its timeout, which refuses the force
 * push. The three runs of an agent go at once. What differs per agent is data
 * its driver carries (`shared`, src/verify/driver.ts) and its record says
 * (src/agents/): no row here per agent; each agent's own test file checks
 * what only that agent does.
 *
 * @module
 */

import assert from "node:assert/strict";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import type { AgentRun, AnyDriver } from "../../src/verify/mod.ts";
import { playScript } from "../../src/verify/driver.ts";
import type { SharedRun } from "../../src/verify/driver.ts";
import { DRIVERS } from "../../src/verify/drivers/mod.ts";
import { findAgent } from "../../src/agents/mod.ts";
import { PKG_CACHE, prepareCopilot } from "./copilot_cli_session.ts";
import { requestsMention } from "./fixture_io.ts";
import {
  ANSWER_HOOK,
  BLOCK_FORCE_PUSH,
  cliMissing,
  everyhookCli,
  HANG_HOOK,
  LOG_TOOL_CALLS,
  type LoggedDoc,
  readLoggedDocs,
  SDK_HOOK,
  SDK_HOOK_BROKEN,
} from "./everyhook_e2e.ts";
import { runAgent } from "./process.ts";
import { agentBin, makeWorld, skipReason, type World } from "./world.ts";

/** The force push the model asks for; the project has no remote, so it fails harmlessly if it runs. */
const FORCE_PUSH = "git push --force origin main";

/** What git prints when the force push really ran. */
const FORCE_PUSH_RAN = /does not appear to be a git repository|failed to push|not a git repository/;

/**
 * What differs per agent in the shared scenarios: its driver's `shared`
 * record (src/verify/driver.ts), made by the family's builder from the
 * agent's own module or written in its driver module, and the agent's record.
 */
interface AgentData extends SharedRun {
  /**
   * The folder under HOME of the settings file install writes, where the agent
   * reads every `*.json` in it (its record's `listing.readsHooksFolder`):
   * nothing everyhook leaves there may end in .json.
   */
  wholeFolder?: string;
}

/** The shared scenarios' data of an agent, from its driver and its record. */
function agentData(driver: AnyDriver): AgentData {
  const agent = findAgent(driver.id);
  const user = agent?.install.files.user;
  const wholeFolder = agent?.listing?.readsHooksFolder && user
    ? user.parts.slice(0, -1).join("/")
    : undefined;
  return { ...driver.shared, ...(wholeFolder ? { wholeFolder } : {}) };
}

/** The prompt of every shared run. */
const PROMPT = "Please do the scripted steps.";

/** The prompt the prompt hook refuses. */
const SECRET_PROMPT = "R-E2E-SECRET-PROMPT";

/** What one agent's run left to check. */
interface Ran {
  driver: AnyDriver;
  data: AgentData;
  run: AgentRun;
  docs: LoggedDoc[];
  /** The agent's files before install, by path. */
  before: Map<string, string>;
  /** The agent's files once the hooks were installed, by path. */
  installed: Map<string, string>;
  /** The agent's files after uninstall, by path. */
  after: Map<string, string>;
  /** The run whose prompt a hook refused (undefined where the agent cannot show it). */
  refused: AgentRun | undefined;
  /** The run whose --fail-closed pre-tool hook hung. */
  hung: AgentRun | undefined;
  /** The run whose --fail-closed direct-mode hook no longer loads. */
  broken: AgentRun | undefined;
}

/** One shared scenario: what it shows, why it skips for an agent (if it does), and its check. */
interface Scenario {
  about: string;
  skip?(data: AgentData): string | undefined;
  check(r: Ran, why: string): void;
}

/** The agent's output, for assertion messages. */
function printed(run: AgentRun): string {
  const o = run.outcome;
  return `${o.kind}${"code" in o ? ` ${o.code}` : ""}\n` +
    ("stderr" in o
      ? `stderr:\n${o.stderr.slice(-1200)}\nstdout:\n${o.stdout.slice(-1200)}\n`
      : "") +
    `tool results: ${JSON.stringify(run.toolResults).slice(0, 1500)}`;
}

const SCENARIOS: readonly Scenario[] = [
  {
    about: "the force push is refused before it runs, and the reason reaches the model",
    check: ({ run, data }, why) => {
      const push = run.toolResults[0] ?? "";
      assert.doesNotMatch(push, FORCE_PUSH_RAN, why);
      assert.match(push, /protected branch \\?"main\\?"/, why);
      assert.match(push, data.blocked, why);
    },
  },
  {
    about: "the harmless command runs, and its output reaches the model",
    check: ({ run }, why) => {
      assert.ok(run.toolResults.slice(1).some((t) => /\bhello\b/.test(t)), why);
    },
  },
  {
    about: "pre-tool sees both commands",
    check: ({ driver, docs }, why) => {
      const text = `${JSON.stringify(docs).slice(0, 1500)}\n${why}`;
      const pre = docs.filter((d) => d.event === "pre-tool" && d.tool?.kind === "shell");
      assert.deepEqual(pre.map((d) => d.tool?.command), [FORCE_PUSH, "echo hello"], text);
      assert.ok(pre.every((d) => d.agent === driver.id), text);
    },
  },
  {
    about: "post-tool sees the harmless command's output",
    skip: (data) => data.lacks?.postTool,
    check: ({ docs, data }, why) => {
      const text = `${JSON.stringify(docs).slice(0, 1500)}\n${why}`;
      let post = docs.filter((d) => d.event === "post-tool" && d.tool?.kind === "shell");
      if (data.postRefused) {
        assert.match(post[0]?.tool?.command ?? "", data.postRefused, text);
        assert.equal(post[0]?.tool?.failed, true, text);
        post = post.slice(1);
      }
      assert.deepEqual(post.map((d) => d.tool?.command), ["echo hello"], text);
      assert.match(post[0]?.tool?.output ?? "", /hello/, text);
    },
  },
  {
    about: "session-start context reaches the model with the prompt",
    skip: (data) => data.lacks?.startContext,
    check: ({ run }, why) => {
      const first = run.requests.find((r) => requestsMention([r], PROMPT));
      assert.ok(first, `no request holds the prompt\n${why}`);
      assert.ok(requestsMention([first], "R-E2E-START"), why);
    },
  },
  {
    about:
      "the stop hook sends the agent back once, with its reason, and the second stop says continued",
    skip: (data) => data.lacks?.stopSentBack,
    check: ({ run, docs, data }, why) => {
      assert.ok(
        requestsMention(run.requests, "R-E2E-STOP"),
        `the reason did not reach the model\n${why}`,
      );
      const stops = docs.filter((d) => d.event === "stop");
      assert.deepEqual(
        stops.map((d) => d.stop?.continued),
        data.stops ?? [false, true],
        `${JSON.stringify(docs).slice(0, 1500)}\n${why}`,
      );
    },
  },
  {
    about: "uninstall leaves every file of the agent as it was",
    check: ({ before, installed, after }) => {
      assert.ok(before.size > 0, "the person's own file was not there");
      assert.notDeepEqual(installed, before, "install changed nothing");
      for (const [path, bytes] of before) assert.equal(after.get(path), bytes, path);
      for (const [path, bytes] of after) {
        if (before.has(path)) continue;
        assert.doesNotMatch(bytes, /block-force-push|log-tool-calls/, `${path} still names a hook`);
      }
    },
  },
  {
    about: "the agent exits 0, as its driver says its headless run does",
    skip: (data) => data.exitsZero ? undefined : "its driver does not say it exits 0",
    check: ({ run }, why) => {
      const o = run.outcome;
      assert.equal(o.kind === "exited" ? o.code : o.kind, 0, `the agent did not exit 0\n${why}`);
    },
  },
  {
    about: "uninstall leaves no new file in a hooks folder the agent reads whole",
    skip: (data) => data.wholeFolder ? undefined : "the agent reads no hooks folder whole",
    check: ({ after, before, data }) => {
      const left = [...after.keys()].filter((p) =>
        p.includes(`/${data.wholeFolder}/`) && !before.has(p)
      );
      assert.deepEqual(left, [], `left in ${data.wholeFolder}`);
    },
  },
  {
    about: "a refused prompt never reaches the model, and the person is told why",
    skip: (data) => "skip" in data.refusedPrompt ? data.refusedPrompt.skip : undefined,
    check: ({ refused, data }) => {
      assert.ok(refused && "told" in data.refusedPrompt);
      const why = printed(refused);
      assert.ok(!requestsMention(refused.requests, SECRET_PROMPT), `the prompt was sent\n${why}`);
      const sent = refused.requests.map((r) => `${r.method} ${r.path}`);
      assert.deepEqual(sent, [], `requests were sent\n${why}`);
      const told = data.refusedPrompt.told;
      const o = refused.outcome;
      if (told) assert.match("stdout" in o ? `${o.stdout}\n${o.stderr}` : "", told, why);
    },
  },
  {
    about: "--fail-closed refuses the force push when the hook hangs past its timeout",
    skip: (data) => "skip" in data.hung ? data.hung.skip : undefined,
    check: ({ hung, data }) => {
      assert.ok(hung && !("skip" in data.hung));
      const why = printed(hung);
      const push = hung.toolResults[0] ?? "";
      assert.doesNotMatch(push, FORCE_PUSH_RAN, `the push ran although the hook hung\n${why}`);
      assert.match(push, data.hung, why);
    },
  },
  {
    about:
      "--fail-closed in direct mode refuses the force push when the hook no longer loads, saying it is broken",
    skip: (data) => "skip" in data.hung ? data.hung.skip : undefined,
    check: ({ broken }) => {
      assert.ok(broken);
      const why = printed(broken);
      const push = broken.toolResults[0] ?? "";
      assert.doesNotMatch(push, FORCE_PUSH_RAN, `the push ran although the hook is broken\n${why}`);
      assert.match(push, /"?sdk\.ts\\?"? is broken \(it does not load\).*SyntaxError/s, why);
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
      else if (e.isFile && /\.(json|jsonc|toml|js|mjs)$/.test(e.name)) {
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

/** One run of the agent in a world of its own, with everyhook at hand. */
interface WorldRun {
  /** The world, gone once the run's checks are read. */
  world: World;
  /** Runs `everyhook <args> --agent <id> --scope user` with the agent's variables. */
  everyhook(apiUrl: string, args: string[]): Promise<string>;
}

/** Makes a world for the agent, and runs `play` in it; the world is removed after. */
async function inWorld<T>(driver: AnyDriver, play: (w: WorldRun) => Promise<T>): Promise<T> {
  await using world = await makeWorld(driver.id);
  await gitProject(world);
  // everyhook finds the agent's files by the same variables the agent runs with.
  const everyhook = (apiUrl: string, args: string[]) =>
    everyhookCli(
      [...args, "--agent", driver.id, "--scope", "user"],
      world.env(driver.env(world, apiUrl)),
      world.project,
    );
  return await play({ world, everyhook });
}

/** Runs the agent once in the world with this script and prompt; `before` installs. */
function runIn(
  driver: AnyDriver,
  world: World,
  o: {
    plays: Parameters<typeof playScript>[1];
    prompt: string;
    env?: Record<string, string>;
    before: (apiUrl: string) => Promise<void>;
  },
): Promise<AgentRun> {
  return runAgentOnce({
    driver,
    program: agentBin(driver.id)!,
    world,
    env: world.env(),
    script: playScript(driver, o.plays),
    prompt: o.prompt,
    bypassTrust: true,
    extraEnv: () => ({
      ...o.env,
      ...(driver.id === "copilot-cli" ? { COPILOT_PKG_CACHE_HOME: PKG_CACHE } : {}),
    }),
    timeoutMs: 120_000,
    before: o.before,
  });
}

/**
 * Installs the three hooks into a world, runs the agent once and uninstalls
 * them, beside two more runs in worlds of their own: the refused prompt and
 * the hanging --fail-closed hook. The three go at once.
 */
async function runShared(driver: AnyDriver, data: AgentData): Promise<Ran> {
  if (driver.id === "copilot-cli") await prepareCopilot();
  const shared = inWorld(driver, async ({ world, everyhook }) => {
    const log = `${world.root}/everyhook-log.jsonl`;
    const answer = `${world.root}/answer.ts`;
    await Deno.writeTextFile(answer, ANSWER_HOOK);
    let before = new Map<string, string>();
    let installed = new Map<string, string>();
    let url = "";
    const run = await runIn(driver, world, {
      plays: [{ shell: FORCE_PUSH }, { shell: "echo hello" }, { say: "FINAL-1" }, {
        say: "FINAL-2",
      }],
      prompt: PROMPT,
      env: { EVERYHOOK_LOG: log },
      before: async (apiUrl) => {
        url = apiUrl;
        const own = data.own(world, apiUrl);
        await Deno.mkdir(own.path.slice(0, own.path.lastIndexOf("/")), { recursive: true });
        await Deno.writeTextFile(own.path, own.text);
        before = await agentFiles(driver, world);
        // The logger goes first: an agent that stops at an event's first refusal still starts it.
        await everyhook(apiUrl, ["install", LOG_TOOL_CALLS, "--event", "pre-tool,post-tool,stop"]);
        await everyhook(apiUrl, ["install", BLOCK_FORCE_PUSH, "--event", "pre-tool,post-tool"]);
        await everyhook(apiUrl, ["install", answer, "--event", "session-start,stop"]);
        installed = await agentFiles(driver, world);
      },
    });
    for (const hook of [LOG_TOOL_CALLS, BLOCK_FORCE_PUSH, answer]) {
      await everyhook(url, ["uninstall", hook]);
    }
    const docs = await readLoggedDocs(log);
    return { run, docs, before, installed, after: await agentFiles(driver, world) };
  });
  const refused = "skip" in data.refusedPrompt
    ? Promise.resolve(undefined)
    : inWorld(driver, async ({ world, everyhook }) => {
      const answer = `${world.root}/answer.ts`;
      await Deno.writeTextFile(answer, ANSWER_HOOK);
      return await runIn(driver, world, {
        plays: [{ say: "FINAL-OK" }],
        prompt: SECRET_PROMPT,
        before: (apiUrl) =>
          everyhook(apiUrl, ["install", answer, "--event", "prompt"]).then(() => {}),
      });
    });
  const hung = "skip" in data.hung
    ? Promise.resolve(undefined)
    : inWorld(driver, async ({ world, everyhook }) => {
      const hang = `${world.root}/hang.ts`;
      await Deno.writeTextFile(hang, HANG_HOOK);
      return await runIn(driver, world, {
        plays: [{ shell: FORCE_PUSH }, { say: "FINAL-OK" }],
        prompt: PROMPT,
        before: (apiUrl) =>
          everyhook(apiUrl, [
            "install",
            hang,
            "--event",
            "pre-tool",
            "--fail-closed",
            "--timeout",
            "4",
          ]).then(() => {}),
      });
    });
  // A hook written with the SDK, installed in direct mode with --fail-closed, then broken.
  const broken = "skip" in data.hung
    ? Promise.resolve(undefined)
    : inWorld(driver, async ({ world, everyhook }) => {
      const hook = `${world.root}/sdk.ts`;
      await Deno.writeTextFile(hook, SDK_HOOK);
      return await runIn(driver, world, {
        plays: [{ shell: FORCE_PUSH }, { say: "FINAL-OK" }],
        prompt: PROMPT,
        before: async (apiUrl) => {
          const said = await everyhook(apiUrl, [
            "install",
            hook,
            "--event",
            "pre-tool",
            "--fail-closed",
          ]);
          if (!/direct/i.test(said)) throw new Error(`not written in direct mode:\n${said}`);
          await Deno.writeTextFile(hook, SDK_HOOK_BROKEN);
        },
      });
    });
  const [s, r, h, b] = await Promise.all([shared, refused, hung, broken]);
  return { driver, data, ...s, refused: r, hung: h, broken: b };
}

const cliSkip = await cliMissing();
for (const driver of DRIVERS) {
  const data = agentData(driver);
  const why = (await skipReason(driver.id)) ?? cliSkip;
  if (why) console.log(`${driver.id}: the shared scenarios skip: ${why}`);
  for (const s of SCENARIOS) {
    const skip = why === undefined ? s.skip?.(data) : undefined;
    if (skip) console.log(`${driver.id}: "${s.about}" skips: ${skip}`);
  }
  Deno.test({
    name: `everyhook in ${driver.id}, the shared scenarios`,
    ignore: why !== undefined,
    async fn(t) {
      const ran = await runShared(driver, data);
      const failure = printed(ran.run);
      for (const s of SCENARIOS) {
        await t.step({
          name: s.about,
          ignore: s.skip?.(data) !== undefined,
          fn: () => s.check(ran, failure),
        });
      }
    },
  });
}
