/**
 * The `demo` command: the main job with no set-up. An example hook
 * (examples/block-force-push.ts, which ships inside everyhook and is written to
 * a temporary folder to run) is put through every agent's adapter, with a force
 * push and a harmless command in each agent's own JSON (the recorded fixtures,
 * or an embedded example for an agent with none), and the demo shows what each
 * agent would get and do.
 *
 * @module
 */

import type { Io } from "../cli/io.ts";
import { EveryhookError } from "../contract/errors.ts";
import type { Agent } from "../agents/types.ts";
import { AGENTS } from "../agents/mod.ts";
import { runAdapter } from "../run/run.ts";
import { exampleOnDisk, type Fixture, loadFixtures } from "../readers/recorded.ts";
import { jsonText } from "../cli/report.ts";
import { type DemoCase, demoDocument, type DemoReport, renderDemo } from "../cli/render_demo.ts";

/** The two commands every agent is shown with, by fixture variant. */
export const DEMO_VARIANTS: Readonly<Record<string, string>> = {
  "shell-force-push": "git push --force origin main",
  "shell-harmless": "git status",
};

/**
 * What each agent sent at pre-tool for a shell command, as an example for when
 * no recorded fixture is there. The shapes follow the recorded payloads.
 */
const EXAMPLES: Readonly<Record<string, (command: string) => Record<string, unknown>>> = {
  "claude-code": (command) => ({
    session_id: "3f1c2a9e-5b7d-4e21-9a0c-6d8e2f4b1a37",
    transcript_path: "<home>/.claude/projects/-project/3f1c2a9e.jsonl",
    cwd: "<project>",
    permission_mode: "default",
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command, description: "Run the command" },
    tool_use_id: "toolu_01",
  }),
  codex: (command) => ({
    session_id: "01a22be8-785d-7db1-ad6d-3124e1fe0714",
    turn_id: "01a22be8-7872-78a1-a5b6-11dc36278cc0",
    transcript_path: "<home>/.codex/sessions/2026/11/30/rollout.jsonl",
    cwd: "<project>",
    hook_event_name: "PreToolUse",
    model: "gpt-5.5",
    permission_mode: "default",
    tool_name: "Bash",
    tool_input: { command },
    tool_use_id: "call_0",
  }),
  "gemini-cli": (command) => ({
    session_id: "9d2e7c41-0b8a-4f3e-a6d5-1c7b9e2f8a04",
    transcript_path: "<home>/.gemini/tmp/project/chats/session.json",
    cwd: "<project>",
    hook_event_name: "BeforeTool",
    timestamp: "2026-11-30T10:00:00.000Z",
    tool_name: "run_shell_command",
    tool_input: { command, description: "Run the command" },
  }),
  "copilot-cli": (command) => ({
    sessionId: "2a71adba-f642-468c-994e-0137dcf2b6d7",
    timestamp: 1796033204205,
    cwd: "<project>",
    toolName: "bash",
    toolArgs: { command, description: "Run the command" },
  }),
  cursor: (command) => ({
    conversation_id: "c0ffee00-1111-2222-3333-444455556666",
    generation_id: "g-1",
    model: "default",
    hook_event_name: "preToolUse",
    cursor_version: "docs",
    workspace_roots: ["<project>"],
    user_email: null,
    transcript_path: null,
    tool_name: "Shell",
    tool_input: { command, cwd: "<project>" },
    tool_use_id: "tool-1",
    cwd: "<project>",
    agent_message: "",
  }),
};

/** The hook and the fixtures `demo` uses. */
export interface DemoOptions {
  /** The hook to show, a path; default the shipped examples/block-force-push.ts. */
  hook?: string;
  /** The fixtures to take the payloads from; default the shipped ones. */
  fixtures?: readonly Fixture[];
  /** The agents; default every agent. */
  agents?: readonly Agent[];
}

/**
 * Put the hook through every agent's adapter on a force push and a harmless command.
 *
 * @param io The world (its environment and folder are the hook's).
 * @param options The hook, the fixtures folder and the agents.
 * @returns What each agent would get and do.
 * @throws {EveryhookError} `not-found` when the hook is not there.
 *
 * @example Usage
 * ```ts ignore
 * import { runDemo } from "./demo.ts";
 * import { denoIo } from "../cli/io.ts";
 * const report = await runDemo(denoIo());
 * console.log(report.cases.length);
 * ```
 */
export async function runDemo(io: Io, options: DemoOptions = {}): Promise<DemoReport> {
  if (options.hook !== undefined) return await demoWith(options.hook, options.hook, io, options);
  await using example = await exampleOnDisk(DEFAULT_EXAMPLE);
  return await demoWith(example.path, `examples/${DEFAULT_EXAMPLE}`, io, options);
}

/** The example hook the demo shows when no other is named. */
export const DEFAULT_EXAMPLE = "block-force-push.ts";

async function demoWith(
  hook: string,
  shown: string,
  io: Io,
  options: DemoOptions,
): Promise<DemoReport> {
  if (!exists(hook)) {
    throw new EveryhookError(
      "not-found",
      `Cannot run "demo": the hook "${hook}" is not there`,
    );
  }
  const agents = options.agents ?? AGENTS;
  const fixtures = options.fixtures ?? await loadFixtures(agents.map((a) => a.id));
  const jobs: Array<Promise<DemoCase>> = [];
  for (const agent of agents) {
    if (!agent.events["pre-tool"]) continue;
    for (const [variant, command] of Object.entries(DEMO_VARIANTS)) {
      const found = payloadFor(agent, variant, command, fixtures);
      if (!found) continue;
      jobs.push(
        runAdapter(
          agent,
          "pre-tool",
          {
            bytes: new TextEncoder().encode(JSON.stringify(found.payload)),
            truncated: false,
          },
          [hook],
          { env: io.env, cwd: io.cwd },
        ).then((result) => ({
          agent: agent.id,
          agentName: agent.name,
          variant,
          source: found.source,
          command: result.document?.tool?.command ?? command,
          result,
        })),
      );
    }
  }
  const cases = await Promise.all(jobs);
  return { ok: cases.every((c) => c.result.ok), hook: shown, cases };
}

function payloadFor(
  agent: Agent,
  variant: string,
  command: string,
  fixtures: readonly Fixture[],
): { payload: Record<string, unknown>; source: string } | undefined {
  const fixture = fixtures.find((f) =>
    f.agent === agent.id && f.event === "pre-tool" && f.variant === variant
  );
  if (fixture && typeof fixture.payload === "object" && fixture.payload !== null) {
    const how = fixture.source === "documented" ? "written from the docs" : "recorded";
    return {
      payload: fixture.payload,
      source: `${how}: ${agent.name} ${fixture.version}, ${fixture.os}, ${fixture.date}`,
    };
  }
  const example = EXAMPLES[agent.id];
  return example ? { payload: example(command), source: "embedded example" } : undefined;
}

function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Run `everyhook demo [--hook <file>] [--json]`.
 *
 * @param args The arguments after the command's name.
 * @param io The world.
 * @returns 0, or 1 when the hook failed for some case.
 *
 * @example Usage
 * ```ts ignore
 * import { command } from "./demo.ts";
 * import { denoIo } from "../cli/io.ts";
 * await command([], denoIo());
 * ```
 */
export async function command(args: string[], io: Io): Promise<number> {
  let json = false;
  let hook: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--json") json = true;
    else if (arg === "--hook" && args[i + 1] !== undefined) hook = args[++i];
    else if (arg.startsWith("--hook=")) hook = arg.slice("--hook=".length);
    else {
      throw new EveryhookError("usage", `Cannot read the "demo" command line: unknown "${arg}"`);
    }
  }
  const report = await runDemo(io, hook === undefined ? {} : { hook: absolute(hook, io.cwd) });
  io.out(json ? jsonText(demoDocument(report)) : renderDemo(report));
  return report.ok ? 0 : 1;
}

function absolute(path: string, cwd: string): string {
  return /^([\\/]|[A-Za-z]:[\\/])/.test(path) ? path : `${cwd}/${path}`;
}
