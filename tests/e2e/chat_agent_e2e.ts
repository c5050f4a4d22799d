// deno-lint-ignore-file no-console -- tests print why they skip
/**
 * The end-to-end tests every chat agent (Qwen Code, Factory Droid) runs, given
 * its own parts: its payloads still have the committed fixtures' keys, key
 * conformance cases still hold, and what only it shows of everyhook (a refused
 * prompt, --fail-closed). The scenarios every agent shares (block-force-push,
 * the stop sent back once, uninstall byte for byte) are in scenarios_test.ts.
 *
 * @module
 */

import assert from "node:assert/strict";
import type { ConformanceFile, Fixture } from "./harness_types.ts";
import {
  ANSWER_HOOK,
  cliMissing,
  committedFixtures,
  everyhookCli,
  HANG_HOOK,
  payloadShape,
} from "./everyhook_e2e.ts";
import { textStep } from "../../src/verify/fake/openai_chat.ts";
import { FIXTURES_DIR, requestsMention } from "./fixture_io.ts";
import { inPool } from "./process.ts";
import {
  type ChatAgent,
  type ChatSession,
  chatWorld,
  FORCE_PUSH,
  FORCE_PUSH_RAN,
  runChatAgent,
} from "./chat_agent_session.ts";
import { CHAT_CASES, runChatCase } from "./chat_agent_cases.ts";
import { agentVersion, skipReason, type World } from "./world.ts";

/** What one agent's end-to-end tests need besides the shared parts. */
export interface ChatAgentTests {
  /** How to run the agent. */
  agent: ChatAgent;
  /** Runs the fixture session and picks its fixtures. */
  fixtures(world: World, version: string): Promise<{
    session: ChatSession;
    fixtures: Fixture[];
    missing: string[];
  }>;
  /** The conformance cases re-run each time. */
  keyCases: readonly string[];
  /** How many agent sessions run at once. */
  jobs: number;
  /** What the model is shown for the force push block-force-push refused. */
  blocked: RegExp;
  /** Whether the agent fires the prompt event in a headless run. */
  prompt: boolean;
}

/** What went wrong, for assertion messages. */
function why(s: ChatSession): string {
  return `exit ${s.run.code}${s.run.timedOut ? " (timed out)" : ""}\nstderr:\n${
    s.run.stderr.slice(-1500)
  }\nstdout:\n${s.run.stdout.slice(-1500)}\ntool results:\n${
    JSON.stringify(s.toolResults).slice(0, 1500)
  }`;
}

/**
 * Registers one agent's end-to-end tests; they skip, saying why, when the
 * agent cannot be installed or started here.
 *
 * @param t The agent's parts.
 * @returns When the tests are registered.
 *
 * @example Usage
 * ```ts ignore
 * import { chatAgentTests } from "./chat_agent_e2e.ts";
 * await chatAgentTests({ agent: QWEN, fixtures, keyCases: ["pre-deny-json"], jobs: 2, blocked: /Blocked/, prompt: true });
 * ```
 */
export async function chatAgentTests(t: ChatAgentTests): Promise<void> {
  const id = t.agent.id;
  const skip = await skipReason(id);
  if (skip) console.log(`${id} end-to-end tests skip: ${skip}`);

  Deno.test({
    name: `${id} payloads still have every key of the committed fixtures`,
    ignore: skip !== undefined,
    async fn() {
      const version = await agentVersion(id);
      await using world = await chatWorld(id);
      const { session, fixtures, missing } = await t.fixtures(world, version);
      assert.equal(session.run.code, 0, why(session));
      // Nothing but the chat completions API was called.
      const other = session.requests.filter((r) => !r.path.endsWith("/chat/completions"));
      assert.deepEqual(other.map((r) => `${r.method} ${r.path}`), []);
      assert.deepEqual(missing, [], why(session));
      const committed = await committedFixtures(id);
      assert.equal(fixtures.length, committed.size, "as many fixtures as are committed");
      for (const fresh of fixtures) {
        const name = `${fresh.event}.${fresh.variant}`;
        const old = committed.get(name);
        assert.ok(old, `fixtures/${id}/${name}.json is committed`);
        const have = new Set(payloadShape(fresh.payload));
        const gone = payloadShape(old.payload).filter((k) => !have.has(k));
        assert.deepEqual(gone, [], `${name}: keys gone`);
        assert.equal(fresh.nativeEvent, old.nativeEvent, name);
        assert.equal(fresh.payload["tool_name"], old.payload["tool_name"], name);
      }
    },
  });

  Deno.test({
    name: `${id} still does what fixtures/conformance/${id}.json says for the key cases`,
    ignore: skip !== undefined,
    async fn() {
      const file = JSON.parse(
        await Deno.readTextFile(`${FIXTURES_DIR}/conformance/${id}.json`),
      ) as ConformanceFile;
      const cases = CHAT_CASES.filter((c) => t.keyCases.includes(c.id));
      assert.equal(cases.length, t.keyCases.length);
      const fresh = await inPool(cases, t.jobs, (c) => runChatCase(t.agent, c));
      for (const now of fresh) {
        const then = file.cases.find((c) => c.id === now.id);
        assert.ok(then, `case ${now.id} is recorded`);
        const pick = (c: typeof now) => [c.toolRan, c.reachedModel, c.continued, c.runEnded];
        assert.deepEqual(pick(now), pick(then), `case ${now.id} (${now.notes})`);
      }
    },
  });

  const cliSkip = skip ?? await cliMissing();
  if (cliSkip && !skip) console.log(`${id} everyhook end-to-end tests skip: ${cliSkip}`);
  if (!cliSkip && !t.prompt) {
    console.log(`${id}: the refused-prompt scenario skips: a headless run fires no prompt event`);
  }

  /** Runs `everyhook <args>` with the world's HOME; fails on a non-zero exit. */
  const everyhook = (world: World, args: string[]) =>
    everyhookCli(args, world.env(), world.project);
  const install = (world: World, hook: string, events: string, more: string[] = []) =>
    everyhook(world, [
      "install",
      hook,
      "--agent",
      id,
      "--scope",
      "user",
      "--event",
      events,
      ...more,
    ]);

  Deno.test({
    name: `everyhook in ${id}: a refused prompt never reaches the model`,
    ignore: cliSkip !== undefined || !t.prompt,
    async fn() {
      await using world = await chatWorld(id);
      const answer = `${world.root}/answer.ts`;
      await Deno.writeTextFile(answer, ANSWER_HOOK);
      const s = await runChatAgent(t.agent, {
        world,
        script: { steps: [textStep("FINAL-OK")] },
        prompt: "R-E2E-SECRET-PROMPT",
        before: () => install(world, answer, "prompt").then(() => {}),
      });
      assert.equal(s.turns.length, 0, `requests were sent\n${why(s)}`);
      assert.ok(!requestsMention(s.requests, "R-E2E-SECRET-PROMPT"), why(s));
    },
  });

  Deno.test({
    name: `everyhook in ${id}: --fail-closed denies when the hook hangs`,
    ignore: cliSkip !== undefined,
    async fn() {
      await using world = await chatWorld(id);
      const hang = `${world.root}/hang.ts`;
      await Deno.writeTextFile(hang, HANG_HOOK);
      const s = await runChatAgent(t.agent, {
        world,
        script: { steps: [t.agent.shell(FORCE_PUSH), textStep("FINAL-OK")] },
        before: () =>
          install(world, hang, "pre-tool", ["--fail-closed", "--timeout", "5"]).then(() => {}),
      });
      const push = s.toolResults[0] ?? "";
      assert.doesNotMatch(push, FORCE_PUSH_RAN, `the push ran\n${why(s)}`);
      assert.match(push, /ran past its|timed out/i, why(s));
    },
  });
}
