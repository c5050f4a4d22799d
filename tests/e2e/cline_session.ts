/**
 * Cline in the end-to-end tests: its driver (src/verify/drivers/cline.ts, on
 * the pinned Node.js 22 here), its events, and its hooks: one executable file
 * per event in `<home>/.cline/hooks/` or `<project>/.clinerules/hooks/`, each
 * here a shell script that starts the recording hook. Cline has no matcher:
 * every file of an event runs for every tool.
 *
 * @module
 */

import type { ChatAgent, HooksTable } from "./chat_agent_session.ts";
import { textStep, toolStep } from "../../src/verify/fake/openai_chat.ts";
import { CLINE_DRIVER } from "../../src/verify/drivers/cline.ts";
import type { World } from "./world.ts";

/** everyhook's id for Cline. */
export const CLINE_ID = "cline";

/** Cline's own name (its file name) for each event it was recorded under. */
export const CLINE_EVENTS = {
  "pre-tool": "PreToolUse",
  "post-tool": "PostToolUse",
  "prompt": "UserPromptSubmit",
  "session-start": "TaskStart",
  "session-end": "SessionShutdown",
  "stop": "TaskComplete",
} as const;

/** The native events Cline knows, as file names (others are never run). */
const CLINE_FILES = new Set([
  "TaskStart",
  "TaskResume",
  "TaskCancel",
  "TaskComplete",
  "TaskError",
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "PreCompact",
  "SessionShutdown",
]);

/**
 * The text of one event's hook file: a shell script that runs the hooks
 * table's command lines of that event, one after the other, with the payload.
 *
 * @param commands The command lines.
 * @returns The script.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { clineHookScript } from "./cline_session.ts";
 * assert.equal(clineHookScript(["cat"]), "#!/bin/sh\nexec cat\n");
 * ```
 */
export function clineHookScript(commands: readonly string[]): string {
  if (commands.length === 1) return `#!/bin/sh\nexec ${commands[0]}\n`;
  const lines = commands.map((c) => `printf '%s' "$payload" | ${c}`);
  return `#!/bin/sh\npayload=$(cat)\n${lines.join("\n")}\n`;
}

/**
 * Writes a hooks table as Cline's hook files (one per event it knows) into a folder.
 *
 * @param folder The hooks folder.
 * @param hooks The hooks table (matchers are not read: Cline has none).
 *
 * @example Usage
 * ```ts ignore
 * await writeClineHooks(`${world.home}/.cline/hooks`, hooks);
 * ```
 */
export async function writeClineHooks(folder: string, hooks: HooksTable): Promise<void> {
  await Deno.mkdir(folder, { recursive: true });
  for (const [event, groups] of Object.entries(hooks)) {
    if (!CLINE_FILES.has(event)) continue;
    const commands = groups.flatMap((g) => g.hooks.map((h) => h.command));
    if (commands.length === 0) continue;
    await Deno.writeTextFile(`${folder}/${event}`, clineHookScript(commands), { mode: 0o755 });
  }
}

/**
 * Cline as the chat-agent runner starts it. No sub-agent is played.
 *
 * @example Usage
 * ```ts ignore
 * import { CLINE } from "./cline_session.ts";
 * import { chatWorld } from "./chat_agent_session.ts";
 * await using world = await chatWorld(CLINE.id);
 * ```
 */
export const CLINE: ChatAgent = {
  driver: CLINE_DRIVER,
  id: CLINE_ID,
  toolEvents: [],
  userSettings: (world: World) => `${world.home}/.cline/hooks`,
  projectSettings: (world: World) => `${world.project}/.clinerules/hooks`,
  baseSettings: () => ({}),
  shell: CLINE_DRIVER.shell,
  subagent: (marker: string) => textStep(`${marker} (no sub-agent is played for Cline)`),
  markerInAnyUserMessage: false,
  writeHooks: writeClineHooks,
  writeFile: (path, content) => toolStep("editor", { path, new_text: content }),
};
