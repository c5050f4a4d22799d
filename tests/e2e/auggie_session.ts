/**
 * One headless session of Auggie (`auggie --print`) against the fake Augment
 * backend: a world whose project is a git repository with no remote (so that a
 * force push fails harmlessly), the recording hook under the native events
 * asked for in `<home>/.augment/settings.json` (timeouts in milliseconds),
 * the run through the product's driver and the shared run (hooked_run.ts),
 * and what came of it.
 *
 * @module
 */

import { AUGGIE_DRIVER } from "../../src/verify/drivers/auggie.ts";
import type { AugmentStep } from "../../src/verify/fake/augment.ts";
import type { LoggedRequest } from "../../src/verify/fake/server.ts";
import { type HookedRun, hookedRun } from "./hooked_run.ts";
import type { HookRule } from "./record_hook.ts";
import { chatWorld, FORCE_PUSH } from "./chat_agent_session.ts";
import { recordHookCommand, type World } from "./world.ts";

export { FORCE_PUSH };

/** everyhook's id of Auggie. */
export const AUGGIE_ID = "auggie";

/** Every event Auggie fires (its validator's list, less Notification). */
export const AUGGIE_EVENTS: readonly string[] = [
  "SessionStart",
  "PromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SessionEnd",
];

/** What one session runs. */
export interface AuggieRunOptions {
  /** The world (from {@linkcode auggieWorld}). */
  world: World;
  /** The model's turns; past them it says `done`. */
  steps: readonly AugmentStep[];
  /** The native events the recording hook is written under (none when absent). */
  events?: readonly string[];
  /** Each recording hook's timeout, in milliseconds (default 30000). */
  timeoutMs?: number;
  /** What the recording hook answers. */
  rules?: HookRule[];
  /** The prompt. */
  prompt?: string;
  /** The backend's enable_hooks flag (default true). */
  backendHooks?: boolean;
  /** Runs just before Auggie starts, once the settings are written. */
  before?: () => Promise<void>;
  /** Arguments after the driver's (verify's MCP server by --mcp-config, say). */
  moreArgs?: readonly string[];
}

/** What one session did: the shared run's parts, and the model's turns. */
export interface AuggieSession extends HookedRun {
  /** The model turns (`/chat-stream` requests). */
  turns: LoggedRequest[];
  /** Every distinct tool result the model was shown, in order. */
  toolResults: string[];
}

/**
 * A fresh world for Auggie: its project a git repository with no remote.
 *
 * @returns The world; dispose it when done.
 */
export function auggieWorld(): Promise<World> {
  return chatWorld(AUGGIE_ID);
}

/**
 * The recording hook under each event, in Auggie's layout (matcher groups, a
 * timeout in milliseconds).
 *
 * @param events The native events.
 * @param timeoutMs Each handler's timeout.
 * @returns The `hooks` table.
 */
export function auggieHooks(
  events: readonly string[],
  timeoutMs = 30_000,
): Record<string, unknown> {
  const table: Record<string, unknown> = {};
  for (const event of events) {
    const handler = { type: "command", command: recordHookCommand(event), timeout: timeoutMs };
    const tool = event === "PreToolUse" || event === "PostToolUse";
    table[event] = [{ ...(tool ? { matcher: ".*" } : {}), hooks: [handler] }];
  }
  return table;
}

/**
 * Runs Auggie once and collects what it did.
 *
 * @param o What to run.
 * @returns What happened.
 */
export async function runAuggie(o: AuggieRunOptions): Promise<AuggieSession> {
  const r = await hookedRun({
    driver: AUGGIE_DRIVER,
    world: o.world,
    script: { steps: o.steps, hooks: o.backendHooks ?? true },
    prompt: o.prompt ?? "Please do the scripted steps.",
    rules: o.rules ?? [],
    ...(o.moreArgs === undefined ? {} : {
      args: (apiUrl: string) => [
        ...AUGGIE_DRIVER.args(o.world, apiUrl, {
          prompt: o.prompt ?? "Please do the scripted steps.",
          autoApprove: true,
          bypassTrust: false,
        }),
        ...o.moreArgs!,
      ],
    }),
    timeoutMs: 120_000,
    before: async () => {
      const path = `${o.world.home}/.augment/settings.json`;
      await Deno.mkdir(`${o.world.home}/.augment`, { recursive: true });
      const hooks = auggieHooks(o.events ?? [], o.timeoutMs);
      await Deno.writeTextFile(path, JSON.stringify({ hooks }, null, 4) + "\n");
      await o.before?.();
    },
  });
  return {
    ...r,
    turns: r.requests.filter((q) => q.path.startsWith("/chat-stream")),
    toolResults: AUGGIE_DRIVER.toolResults(r.requests),
  };
}
