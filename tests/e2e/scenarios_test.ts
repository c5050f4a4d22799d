// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The scenarios every agent shares, written once and run for each agent that
 * can run here, through its driver (src/verify/drivers/): in a home that
 * holds a hooks file of the person's own, everyhook installs log-tool-calls,
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
 * (the table below); each agent's own test file checks what only that agent
 * does.
 *
 * Over 600 lines: the scenarios and the table of every agent's data, one row
 * an agent, read together.
 *
 * @module
 */

import assert from "node:assert/strict";
import { runAgentOnce } from "../../src/verify/agent_run.ts";
import type { AgentRun, AnyDriver } from "../../src/verify/mod.ts";
import { playScript } from "../../src/verify/driver.ts";
import { geminiRunSettings } from "../../src/verify/drivers/gemini_cli.ts";
import { DRIVERS } from "../../src/verify/drivers/mod.ts";
import { PKG_CACHE, prepareCopilot } from "./copilot_cli_session.ts";
import { qwenBaseSettings } from "../../src/verify/drivers/qwen_code.ts";
import { droidBaseSettings } from "../../src/verify/drivers/factory_droid.ts";
import { kimiConfigPath } from "../../src/verify/drivers/kimi_code.ts";
import { pluginConfigHome } from "../../src/verify/drivers/_plugin_driver.ts";
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

/** A hook of the person's own, in the hooks file of an agent with a Claude-style settings.json. */
const OWN_SETTINGS_HOOKS = { SessionEnd: [{ hooks: [{ type: "command", command: "true" }] }] };

/** What differs per agent in the shared scenarios. */
interface AgentData {
  /** What the model is shown for the force push block-force-push refused. */
  blocked: RegExp;
  /** The person's own hooks file, there before install (four-space indents: not everyhook's). */
  own(world: World, apiUrl: string): { path: string; text: string };
  /**
   * A refused prompt: what tells the person why, in the agent's stdout and
   * stderr (null: the agent prints nothing of it), or why the agent's headless
   * run cannot show it.
   */
  refusedPrompt: { told: RegExp | null } | { skip: string };
  /**
   * What the model is shown for the force push a hanging --fail-closed hook
   * refused, or why this table does not run it for the agent.
   */
  hung: RegExp | { skip: string };
  /**
   * The command post-tool sees first, where the refused force push still fires
   * it (Cline runs the call everyhook rewrote, and then fires PostToolUse for it).
   */
  postRefused?: RegExp;
  /** What only this agent's shared run shows besides. */
  more?: (r: Ran, why: string) => void;
  /** What the agent cannot do of the shared run, each with the reason its steps skip. */
  lacks?: { startContext?: string; stopSentBack?: string; postTool?: string };
  /**
   * What each Stop the hooks saw says of `continued`, in order (default
   * `[false, true]`: the first stop, then the one after it was sent back).
   */
  stops?: readonly boolean[];
}

/** Where the plugin agents' refused prompt and --fail-closed runs are (OpenCode's; Kilo Code's file says why it leaves them to OpenCode). */
const PLUGIN_OWN_FILE = "run by the plugin agents' own file, tests/e2e/plugin_agent_e2e.ts";

/** The plugin agents' row: the model sees the reason the plugin throws, as it is. */
function pluginAgentData(folder: string): AgentData {
  return {
    blocked: /^Blocked .*force/s,
    // A plugin of the person's own, beside the one everyhook writes.
    own: (w) => ({
      path: `${pluginConfigHome(w)}/${folder}/plugin/own.js`,
      text: "export const Own = async () => ({});\n",
    }),
    refusedPrompt: { skip: PLUGIN_OWN_FILE },
    hung: { skip: PLUGIN_OWN_FILE },
    lacks: {
      startContext:
        "session.created is an event a plugin is only told of: no answer adds to the model's context",
      stopSentBack:
        "session.idle is an event a plugin is only told of, so no answer sends the agent back",
    },
  };
}

const AGENT_DATA: Readonly<Record<string, AgentData>> = {
  "claude-code": {
    blocked: /^PreToolUse:Bash hook error: .*Blocked .*force/s,
    // The refusal is the result of `claude -p`, in its stream-json output.
    refusedPrompt: { told: /"result":\s*"[^"]*R-E2E-PROMPT/ },
    hung: /^PreToolUse:Bash hook error/,
    own: (w) => ({
      path: `${w.home}/.claude/settings.json`,
      text: JSON.stringify({ model: "claude-fake", hooks: OWN_SETTINGS_HOOKS }, null, 4) + "\n",
    }),
  },
  "codex": {
    blocked: /blocked by PreToolUse hook: .*force/i,
    refusedPrompt: { told: /hook: UserPromptSubmit Blocked/ },
    hung: /blocked by PreToolUse hook/,
    own: (w) => ({
      path: `${w.home}/.codex/hooks.json`,
      text: JSON.stringify(
        {
          hooks: { SessionStart: [{ hooks: [{ type: "command", command: "true", timeout: 5 }] }] },
        },
        null,
        4,
      ) + "\n",
    }),
  },
  "gemini-cli": {
    blocked: /Tool execution blocked: .*force/i,
    refusedPrompt: { told: /Agent execution blocked: R-E2E-PROMPT/ },
    hung: /Tool execution blocked/,
    own: (w) => ({
      path: `${w.home}/.gemini/settings.json`,
      text: JSON.stringify(
        {
          ...geminiRunSettings(),
          ui: { theme: "Default" },
          hooks: {
            SessionStart: [{
              matcher: "*",
              hooks: [{ name: "mine", type: "command", command: "true", timeout: 5000 }],
            }],
          },
        },
        null,
        4,
      ) + "\n",
    }),
  },
  "copilot-cli": {
    blocked: /^Denied by preToolUse hook: .*force/i,
    refusedPrompt: { told: /R-E2E-PROMPT/ },
    hung: /^Denied by preToolUse hook: .*(ran past its|timed out)/is,
    more: ({ run, after, before, driver }, why) => {
      const o = run.outcome;
      assert.equal(o.kind === "exited" ? o.code : o.kind, 0, `copilot did not exit 0\n${why}`);
      // Copilot loads every hooks/*.json: nothing everyhook leaves there may end in .json.
      const left = [...after.keys()].filter((p) =>
        p.includes("/.copilot/hooks/") && !before.has(p)
      );
      assert.deepEqual(left, [], `left in ${driver.id}'s hooks folder`);
    },
    own: (w) => ({
      path: `${w.home}/.copilot/hooks/mine.json`,
      text: JSON.stringify(
        {
          version: 1,
          hooks: { sessionEnd: [{ type: "command", bash: "true", timeoutSec: 5 }] },
        },
        null,
        4,
      ) + "\n",
    }),
  },
  "qwen-code": {
    blocked: /^Blocked .*force/s,
    refusedPrompt: { told: null },
    hung: /ran past its|timed out/i,
    own: (w) => ({
      path: `${w.home}/.qwen/settings.json`,
      text: JSON.stringify({ ...qwenBaseSettings(), hooks: OWN_SETTINGS_HOOKS }, null, 4) + "\n",
    }),
  },
  "factory-droid": {
    blocked: /^Error: Blocked .*force/s,
    refusedPrompt: { skip: "`droid exec` fires no prompt event" },
    hung: /ran past its|timed out/i,
    own: (w, apiUrl) => ({
      path: `${w.home}/.factory/settings.json`,
      text: JSON.stringify({ ...droidBaseSettings(apiUrl), hooks: OWN_SETTINGS_HOOKS }, null, 4) +
        "\n",
    }),
  },
  "kimi-code": {
    blocked: /Tool execution failed\.<\/system>\s*Blocked .*force/s,
    refusedPrompt: { told: null },
    hung: /Tool execution failed\.<\/system>\s*.*(ran past its|timed out)/is,
    own: (w) => ({
      path: kimiConfigPath(w),
      text: '# my own config\n\n[[hooks]]\nevent = "SessionEnd"\ncommand = "true"\ntimeout = 5\n',
    }),
    lacks: {
      startContext: "Kimi Code passes no context from SessionStart to the model (case ss-message)",
      postTool:
        "Kimi Code's PostToolUse is fire-and-forget: a headless run often ends before the hook runs",
    },
    // The Stop of the turn a stop hook sent back does not fire again.
    stops: [false],
  },
  "auggie": {
    blocked: /^Blocked .*force.*hook returned blocking error$/s,
    refusedPrompt: {
      skip:
        "Auggie sent the prompt on after a PromptSubmit block and an exit 2 (fixtures/conformance/auggie.json: prompt-block, prompt-exit2)",
    },
    hung: /hook returned blocking error/,
    own: (w) => ({
      path: `${w.home}/.augment/settings.json`,
      text: JSON.stringify({ hooks: OWN_SETTINGS_HOOKS }, null, 4) + "\n",
    }),
    lacks: {
      startContext:
        "Auggie did not pass a SessionStart additionalContext to the model (fixtures/conformance/auggie.json: ss-context)",
      stopSentBack:
        "auggie --print ended the turn after a Stop block (fixtures/conformance/auggie.json: stop-block)",
    },
  },
  "cline": {
    // Cline's tool result of the call everyhook rewrote: the command that printed the reason and failed.
    blocked: /printf .*Blocked .*force.*Command exited with code 1.*\[stderr\]\\nBlocked .*force/s,
    // A hook file of the person's own for the same event: Cline runs it beside everyhook's.
    own: (w) => ({
      path: `${w.home}/.cline/hooks/PreToolUse.js`,
      text: "// my own hook: no answer\nprocess.exit(0);\n",
    }),
    refusedPrompt: {
      skip:
        "Cline's UserPromptSubmit did not fire in a headless run (fixtures/conformance/cline.json: cline-prompt-fires), and everyhook offers no prompt event for it",
    },
    hung: /printf .*(ran past its|timed out).*Command exited with code 1/is,
    // The rewritten call ran, and failed: PostToolUse fires for it.
    postRefused: /^printf '%s\\n' 'Blocked .*force.*' >&2; exit 1$/s,
    lacks: {
      startContext:
        "Cline does not wait for TaskStart: no answer is read (fixtures/conformance/cline.json: cline-start-context)",
      stopSentBack:
        "TaskComplete fires after the task has ended: nothing sends Cline back (fixtures/conformance/cline.json: cline-stop-context)",
    },
    stops: [false],
  },
  "opencode": pluginAgentData("opencode"),
  "kilo": pluginAgentData("kilo"),
};

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

Deno.test("the shared scenarios' agent table has one row per driver, and no other", () => {
  assert.deepEqual(Object.keys(AGENT_DATA).sort(), DRIVERS.map((d) => d.id).sort());
});

const cliSkip = await cliMissing();
for (const driver of DRIVERS) {
  const data = AGENT_DATA[driver.id];
  const why = (await skipReason(driver.id)) ?? cliSkip ??
    (data === undefined ? "no row in the shared scenarios' agent table" : undefined);
  if (why) console.log(`${driver.id}: the shared scenarios skip: ${why}`);
  for (const s of SCENARIOS) {
    const skip = why === undefined && data ? s.skip?.(data) : undefined;
    if (skip) console.log(`${driver.id}: "${s.about}" skips: ${skip}`);
  }
  Deno.test({
    name: `everyhook in ${driver.id}, the shared scenarios`,
    ignore: why !== undefined,
    async fn(t) {
      const ran = await runShared(driver, data!);
      const failure = printed(ran.run);
      for (const s of SCENARIOS) {
        await t.step({
          name: s.about,
          ignore: s.skip?.(data!) !== undefined,
          fn: () => s.check(ran, failure),
        });
      }
      const more = data!.more;
      if (more) {
        await t.step(`what only ${driver.id} shows of the shared run`, () => more(ran, failure));
      }
    },
  });
}
