import assert from "node:assert/strict";
import { answerFor, type FinishLineWorld, inScope, isQuestion, openItems } from "./finish-line.ts";
import { AGENTS, findAgent } from "../src/agents/mod.ts";
import { bench } from "../src/readers/bench.ts";
import { loadFixtures } from "../src/readers/recorded.ts";

const OPEN: FinishLineWorld = {
  checklist: "# Task\n- [x] parser\n- [ ] tests pass\n- [ ] docs updated\n",
  checklistName: "CHECKLIST.md",
  scope: [],
  scopeMode: "warn",
};

Deno.test("openItems() and isQuestion() read a checklist and a last message", () => {
  assert.deepEqual(openItems(OPEN.checklist!), ["tests pass", "docs updated"]);
  assert.deepEqual(openItems("- [x] a\n-[ ] not an item\n"), []);
  assert.equal(isQuestion("Should I also change the README?"), true);
  assert.equal(isQuestion("Done. The tests pass."), false);
  assert.equal(isQuestion(undefined), false);
});

Deno.test("answerFor() sends the agent back while items are open, once, and not after a question", () => {
  const first = answerFor({ event: "stop", stop: { continued: false } }, OPEN);
  assert.ok(first && "decision" in first);
  assert.match(first.reason, /tests pass; docs updated/);
  assert.equal(answerFor({ event: "stop", stop: { continued: true } }, OPEN), undefined);
  assert.equal(
    answerFor(
      { event: "subagent-stop", stop: { continued: false, lastMessage: "Which file?" } },
      OPEN,
    ),
    undefined,
  );
  assert.ok(
    answerFor({ event: "subagent-stop", stop: { continued: false, lastMessage: "Done." } }, OPEN),
  );
  assert.equal(
    answerFor({ event: "stop", stop: { continued: false } }, { ...OPEN, checklist: "- [x] all" }),
    undefined,
  );
  assert.equal(
    answerFor({ event: "stop", stop: { continued: false } }, { ...OPEN, checklist: undefined }),
    undefined,
  );
});

Deno.test("answerFor() never sends back a turn that was aborted or failed", () => {
  for (const status of ["aborted", "error"]) {
    assert.equal(answerFor({ event: "stop", stop: { continued: false, status } }, OPEN), undefined);
    assert.equal(
      answerFor({ event: "subagent-stop", stop: { continued: false, status } }, OPEN),
      undefined,
    );
  }
  assert.ok(answerFor({ event: "stop", stop: { continued: false, status: "completed" } }, OPEN));
});

Deno.test("answerFor() puts the finish line in the context at session start", () => {
  const a = answerFor({ event: "session-start" }, OPEN);
  assert.ok(a && "context" in a);
  assert.match(a.context, /2 open items: tests pass; docs updated/);
});

Deno.test("answerFor() warns after an edit outside the scope, or refuses it before with block", () => {
  const world = { ...OPEN, scope: ["src/**", "tests"] };
  const edit = (event: string, paths: string[]) => ({
    event,
    cwd: "/p",
    tool: { kind: "edit", paths },
  });
  assert.equal(answerFor(edit("post-tool", ["src/a.ts", "tests/b.ts"]), world), undefined);
  const warn = answerFor(edit("post-tool", ["src/a.ts", "README.md"]), world);
  assert.ok(warn && "context" in warn);
  assert.match(warn.context, /README\.md is outside/);
  assert.equal(answerFor(edit("pre-tool", ["README.md"]), world), undefined);
  const block = answerFor(edit("pre-tool", ["README.md"]), { ...world, scopeMode: "block" });
  assert.ok(block && "decision" in block);
  assert.equal(
    answerFor(edit("post-tool", ["README.md"]), { ...world, scopeMode: "block" }),
    undefined,
  );
  assert.equal(inScope("/p/src/deep/x.ts", ["src/**"], "/p"), true);
});

Deno.test("finish-line through every agent's adapter: sent back at the first stop, not at the second", async () => {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(`${dir}/CHECKLIST.md`, OPEN.checklist!);
  const fixtures = await loadFixtures(AGENTS.map((a) => a.id));
  const results = await bench([new URL("./finish-line.ts", import.meta.url).pathname], fixtures, {
    agents: AGENTS,
    events: ["stop", "subagent-stop", "session-start"],
    failClosed: false,
    timeoutSeconds: 20,
    env: { PATH: Deno.env.get("PATH") ?? "", EVERYHOOK_CHECKLIST: `${dir}/CHECKLIST.md` },
    cwd: dir,
  });
  const stops = results.filter((r) => r.event !== "session-start");
  assert.ok(stops.some((r) => r.agent === "cursor") && stops.some((r) => r.agent === "gemini-cli"));
  for (const r of stops) {
    assert.equal(r.result.failure, null, `${r.agent} ${r.variant}: ${r.result.failure?.detail}`);
    const continued = r.result.document?.stop?.continued === true;
    const question = /\?\s*$/.test(r.result.document?.stop?.lastMessage ?? "");
    // Where the agent cannot send the agent back at this event, the deny is dropped.
    const event = r.event as "stop" | "subagent-stop";
    const cannot = findAgent(r.agent)?.events[event]?.cells.deny.becomes === "dropped";
    if (continued || question || cannot) {
      assert.deepEqual(r.result.effects, ["none"], `${r.agent} ${r.event} ${r.variant}`);
    } else assert.equal(r.result.effect, "sent-back", `${r.agent} ${r.event} ${r.variant}`);
  }
  for (const r of results.filter((r) => r.event === "session-start")) {
    // Where the agent drops context at a session start, nothing is added.
    const dropped =
      findAgent(r.agent)?.events["session-start"]?.cells.context.becomes === "dropped";
    assert.equal(r.result.effect, dropped ? "none" : "context", `${r.agent} ${r.variant}`);
    if (!dropped) assert.match(r.result.native.stdout, /tests pass/);
  }
  await Deno.remove(dir, { recursive: true });
});
