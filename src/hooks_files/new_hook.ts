/**
 * The files `everyhook new` writes: a first hook written with the SDK, with a
 * short handler for each event asked for, and a sibling test that puts it to
 * the documents the real agents sent (the recorded fixtures everyhook ships).
 * The hook imports the SDK the way that works for this install (see
 * sdk_import.ts), and its shebang names the permissions it needs (none: the
 * handlers read nothing but the document). Text only: the command writes them.
 * Not on `run`'s path.
 *
 * @module
 */

import type { ContractEvent } from "../contract/contract.ts";

/** What a first handler does at one event, as the lines of its `case`. */
const HANDLERS: Readonly<Record<ContractEvent, readonly string[]>> = {
  "pre-tool": [
    "// Before a tool runs: refuse a force push, in any agent's shell tool.",
    "if (isShell(doc) && FORCED.test(doc.tool.command)) {",
    '  return deny("Do not force-push. Push without --force, or ask the person.");',
    "}",
    "return; // no opinion: the agent goes on as it would",
  ],
  "post-tool": [
    "// After a tool ran: add a note for the model when a shell command printed an error.",
    'if (isShell(doc) && /\\berror\\b/i.test(doc.tool.output ?? "")) {',
    '  return context("The last command printed an error: read it before you go on.");',
    "}",
    "return;",
  ],
  "prompt": [
    "// When the person sends a prompt: remind the model of the house rules.",
    'return context("House rules: no force pushes; run the tests before you say done.");',
  ],
  "session-start": [
    "// When a session starts: give the model the project's rules.",
    'return context("House rules: no force pushes; run the tests before you say done.");',
  ],
  "session-end": [
    "// When a session ends: nothing to say (the agent takes no answer here).",
    "return;",
  ],
  "stop": [
    "// When the agent is about to stop: let it (send it back with deny(reason)).",
    "if (doc.stop.continued) return; // a hook sent it back once already",
    "return;",
  ],
  "subagent-stop": [
    "// When a subagent is about to stop: let it.",
    "return;",
  ],
};

/** The helpers each event's handler takes from the SDK. */
const HELPERS: Readonly<Record<ContractEvent, readonly string[]>> = {
  "pre-tool": ["deny", "isShell"],
  "post-tool": ["context", "isShell"],
  "prompt": ["context"],
  "session-start": ["context"],
  "session-end": [],
  "stop": [],
  "subagent-stop": [],
};

/**
 * The text of a first hook.
 *
 * @param name The hook's file name, for its first comment.
 * @param events The events it answers (at least one).
 * @param sdk The SDK's specifier for this install.
 * @returns The hook's text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { newHookText } from "./new_hook.ts";
 * const text = newHookText("guard.ts", ["pre-tool"], "jsr:@everyhook/cli@0.1.0/hook");
 * assert.match(text, /^#!\/usr\/bin\/env -S deno run\n/);
 * assert.match(text, /import \{ defineHook, deny, isShell \} from "jsr:@everyhook\/cli@0.1.0\/hook";/);
 * assert.match(text, /case "pre-tool": \{/);
 * ```
 */
export function newHookText(name: string, events: readonly ContractEvent[], sdk: string): string {
  const helpers = [...new Set(events.flatMap((e) => HELPERS[e]))].sort();
  const forced = events.includes("pre-tool")
    ? ["", "const FORCED = /\\bgit\\s+push\\b.*\\s(--force|-f)(\\s|$)/;"]
    : [];
  const cases = events.flatMap((e) => [
    `    case ${JSON.stringify(e)}: {`,
    ...HANDLERS[e].map((l) => `      ${l}`),
    "    }",
  ]);
  return [
    "#!/usr/bin/env -S deno run",
    `// ${name}: an everyhook hook. The line above is every permission it gets (here: none);`,
    "// add --allow-read, --allow-env=NAME, ... there when the handler needs them.",
    `import { ${["defineHook", ...helpers].join(", ")} } from "${sdk}";`,
    ...forced,
    "",
    "export default defineHook((doc) => {",
    "  switch (doc.event) {",
    ...cases,
    "  }",
    "  return undefined; // no opinion at the other events",
    "});",
    "",
  ].join("\n");
}

/**
 * The text of the hook's sibling test: every document the real agents sent for
 * its events (the recorded fixtures) is read as the agent's module reads it and
 * put to the hook, whose answer must be one; at pre-tool, the recorded force
 * push is refused and nothing else is.
 *
 * @param hookFile The hook's file name (the test imports `./<hookFile>`).
 * @param events The hook's events.
 * @param agents The agents whose documents it is put to (empty: every agent).
 * @param library Where the test takes the agents' modules (`AGENTS`,
 *   `findAgent`) and the recorded fixtures (`loadFixtures`) from, for this
 *   install: the package from JSR, or a clone's own modules (which need no
 *   configuration: the clone's `mod.ts` reaches npm packages through its deno.json).
 * @returns The test's text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { newTestText } from "./new_hook.ts";
 * const lib = { agents: "jsr:@everyhook/cli@0.1.0", fixtures: "jsr:@everyhook/cli@0.1.0" };
 * const text = newTestText("guard.ts", ["pre-tool"], ["codex"], lib);
 * assert.match(text, /import hook from "\.\/guard\.ts";/);
 * assert.match(text, /loadFixtures\(\["codex"\]\)/);
 * ```
 */
export function newTestText(
  hookFile: string,
  events: readonly ContractEvent[],
  agents: readonly string[],
  library: { agents: string; fixtures: string },
): string {
  const agentList = agents.length > 0
    ? `[${agents.map((a) => JSON.stringify(a)).join(", ")}]`
    : "AGENTS.map((a) => a.id)";
  const preTool = events.includes("pre-tool")
    ? [
      '    if (f.event === "pre-tool") {',
      '      const refused = answer.decision === "deny";',
      "      // The recorded force pushes (shell-force-push, and its variants) are refused, nothing else.",
      '      const forced = f.variant.startsWith("shell-force-push");',
      "      assert.equal(refused, forced, `${f.agent} ${f.variant}: ${JSON.stringify(answer)}`);",
      "    }",
    ]
    : [];
  return [
    `// ${hookFile} put to the documents the real agents sent: deno test ${
      hookFile.replace(/\.[^.]+$/, "")
    }_test.ts`,
    'import assert from "node:assert/strict";',
    ...(library.agents === library.fixtures
      ? [`import { AGENTS, findAgent, loadFixtures } from "${library.agents}";`]
      : [
        `import { AGENTS, findAgent } from "${library.agents}";`,
        `import { loadFixtures } from "${library.fixtures}";`,
      ]),
    `import hook from "./${hookFile}";`,
    "",
    `const EVENTS: readonly string[] = ${JSON.stringify(events)};`,
    "",
    `Deno.test("${hookFile} answers every recorded document of its events", async () => {`,
    `  const fixtures = (await loadFixtures(${agentList})).filter((f) => EVENTS.includes(f.event));`,
    '  assert.ok(fixtures.length > 0, "no recorded document for these events");',
    "  for (const f of fixtures) {",
    "    const agent = findAgent(f.agent);",
    '    const event = f.event as keyof NonNullable<typeof agent>["events"];',
    "    if (!agent || !agent.events[event]) continue;",
    "    const doc = agent.read(f.payload, { event });",
    "    // answer() checks the handler's answer as everyhook does, and throws for one that is not.",
    "    const answer = await hook.answer(doc as Parameters<typeof hook.answer>[0]);",
    ...preTool,
    "  }",
    "});",
    "",
  ].join("\n");
}
