/**
 * Test helper: make a throwaway world trust what install wrote, as a person who
 * did install's "still to do" would: Claude Code's folder trust accepted, the
 * Codex CLI project trusted and each of its entries reviewed, Gemini CLI's and
 * Copilot CLI's folder trusted.
 *
 * @module
 */

import type { Agent, TrustedEntry } from "../src/agents/types.ts";
import { codexTrustHash, codexTrustKey } from "../src/agents/codex_switches.ts";
import { walkEntries } from "../src/settings/entry_walk.ts";

/** What to trust. */
export interface TrustWorld {
  /** The home folder. */
  home: string;
  /** The project folder. */
  project: string;
  /** The agents install wrote for. */
  agents: readonly Agent[];
}

async function codexState(path: string): Promise<string> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch {
    return "";
  }
  const hooks = JSON.parse(text).hooks as Record<string, unknown>;
  let out = "";
  for (const w of walkEntries(hooks, "matcher-groups")) {
    const entry: TrustedEntry = {
      file: path,
      scope: "user",
      native: w.native,
      group: Number(w.path[2]),
      handler: Number(w.path[4]),
      matcher: w.matcher,
      value: w.value,
    };
    out += `\n[hooks.state.${
      JSON.stringify(codexTrustKey(entry))
    }]\ntrusted_hash = "${await codexTrustHash(entry)}"\n`;
  }
  return out;
}

/**
 * Trust every hook and the project, for every agent given.
 *
 * @param world The world.
 */
export async function trustEverything(world: TrustWorld): Promise<void> {
  const { home, project } = world;
  const ids = new Set(world.agents.map((a) => a.id));
  if (ids.has("claude-code")) {
    await Deno.writeTextFile(
      `${home}/.claude.json`,
      JSON.stringify({ projects: { [project]: { hasTrustDialogAccepted: true } } }),
    );
  }
  if (ids.has("codex")) {
    await Deno.mkdir(`${home}/.codex`, { recursive: true });
    const state = (await codexState(`${home}/.codex/hooks.json`)) +
      (await codexState(`${project}/.codex/hooks.json`));
    await Deno.writeTextFile(
      `${home}/.codex/config.toml`,
      `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n${state}`,
    );
  }
  if (ids.has("gemini-cli")) {
    await Deno.mkdir(`${home}/.gemini`, { recursive: true });
    await Deno.writeTextFile(
      `${home}/.gemini/trustedFolders.json`,
      JSON.stringify({ [project]: "TRUST_FOLDER" }),
    );
  }
  if (ids.has("copilot-cli")) {
    await Deno.mkdir(`${home}/.copilot`, { recursive: true });
    await Deno.writeTextFile(
      `${home}/.copilot/config.json`,
      JSON.stringify({ trustedFolders: [project] }),
    );
  }
}
