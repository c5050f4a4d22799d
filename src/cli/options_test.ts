import assert from "node:assert/strict";
import { agentNamed, agentsNamed, eventNamed, eventsNamed } from "./options.ts";
import { AGENTS } from "../agents/mod.ts";
import { EVENTS } from "../contract/contract.ts";
import { EveryhookError } from "../contract/errors.ts";

const usage = (f: () => unknown, pattern: RegExp) =>
  assert.throws(f, (e: unknown) => {
    assert.ok(e instanceof EveryhookError && e.exitCode === 2, String(e));
    assert.match(e.message, pattern);
    return true;
  });

Deno.test("agentNamed() takes ids and short names, and lists the ids otherwise", () => {
  const where = { command: "list", option: "--agent" };
  assert.equal(agentNamed("gemini", where).id, "gemini-cli");
  assert.equal(agentNamed("cursor", where).id, "cursor");
  const ids = AGENTS.map((a) => a.id).join(", ");
  usage(
    () => agentNamed("nobody", where),
    new RegExp(`no agent named "nobody" \\(the agents: ${ids}\\)$`),
  );
  usage(
    () => agentNamed("codx", where),
    /^Cannot read the "list" command line: --agent: no agent named "codx"; did you mean codex\?/,
  );
  usage(
    () => agentNamed("x", { command: "explain" }),
    /^Cannot read the "explain" command line: no agent named "x"/,
  );
  assert.deepEqual(agentsNamed(["claude", "codex", "claude-code"], where)?.map((a) => a.id), [
    "claude-code",
    "codex",
  ]);
  assert.equal(agentsNamed(undefined, where), undefined);
});

Deno.test("eventNamed() lists the contract events and suggests the nearest", () => {
  const where = { command: "explain" };
  assert.equal(eventNamed("stop", where), "stop");
  usage(() => eventNamed("pretool", where), /no event named "pretool"; did you mean pre-tool\?/);
  usage(
    () => eventNamed("lunch", where),
    new RegExp(`no event named "lunch" \\(the events: ${EVENTS.join(", ")}\\)$`),
  );
});

Deno.test("eventNamed() names the contract event an agent's own name stands for", () => {
  const codex = agentNamed("codex", { command: "explain" });
  usage(
    () => eventNamed("PreToolUse", { command: "explain", agent: codex }),
    /no event named "PreToolUse": that is what Codex CLI calls pre-tool; write pre-tool \(the events: /,
  );
  usage(
    () => eventNamed("BeforeTool", { command: "list", option: "--event" }),
    /--event: no event named "BeforeTool": that is what Gemini CLI calls pre-tool/,
  );
  usage(
    () => eventNamed("Stop", { command: "list" }),
    /that is what Claude Code, Codex CLI, GitHub Copilot CLI, Qwen Code, Factory Droid, Kimi Code and Auggie call stop; write stop/,
  );
});

Deno.test("eventNamed() with native takes the agent's own names, and only the agent's", () => {
  const gemini = agentNamed("gemini", { command: "run" });
  const claude = agentNamed("claude", { command: "run" });
  const run = { command: "run", option: "--event", native: true };
  assert.equal(eventNamed("pre-tool", { ...run, agent: gemini }), "pre-tool");
  assert.equal(eventNamed("BeforeTool", { ...run, agent: gemini }), "pre-tool");
  assert.equal(eventNamed("PostToolUseFailure", { ...run, agent: claude }), "post-tool");
  usage(() => eventNamed("PreToolUse", { ...run, agent: gemini }), /what .* call(s)? pre-tool/);
  usage(() => eventNamed("lunch", { ...run, agent: gemini }), /no event named "lunch"/);
});

Deno.test("eventNamed() with an agent refuses an event the agent lacks, naming the ones it has", () => {
  const codex = agentNamed("codex", { command: "explain" });
  const lacking = { ...codex, events: { "pre-tool": codex.events["pre-tool"]! } };
  usage(
    () => eventNamed("stop", { command: "explain", agent: lacking }),
    /: Codex CLI has no stop event \(it has pre-tool\)$/,
  );
});

Deno.test("eventsNamed() reads a list, each once, or all", () => {
  const where = { command: "list", option: "--event" };
  assert.deepEqual(eventsNamed(["stop", "pre-tool", "stop"], where), ["stop", "pre-tool"]);
  assert.equal(eventsNamed(["all"], where), "all");
  assert.equal(eventsNamed(undefined, where), undefined);
  usage(() => eventsNamed(["stop", "later"], where), /no event named "later"/);
});

Deno.test("the option look-ups name the option as the command's table spells it, and refuse one it lacks", async () => {
  const { parseArgs } = await import("./args.ts");
  const { commandSpec } = await import("./commands.ts");
  const { agentsOption, eventsOption, optionSource } = await import("./options.ts");
  const a = parseArgs(commandSpec("bench"), ["--agent", "claud", "hook.ts"]);
  assert.throws(() => agentsOption(a), /"bench" command line: --agent: no agent named "claud"/);
  assert.equal(eventsOption(a), undefined);
  assert.throws(() => optionSource(commandSpec("bench"), "nope"), /declares no option --nope/);
});
