/**
 * What only Codex CLI shows: it runs a hook only once the person has trusted
 * it, in its /hooks review, which writes one `[hooks.state]` table per
 * handler into config.toml holding a hash of the handler. This module makes
 * those hashes the way Codex 0.171.0 does, so that a session can trust its
 * hooks as a person would (codex_test.ts checks an installed hook runs then,
 * and not before).
 *
 * @module
 */

import type { CodexSettingsFile } from "./codex_session.ts";

/** Codex's events whose timeout it clamps to 3 s (the trust hash uses the clamped value). */
const CLAMPED = new Set(["SessionEnd", "Interrupt"]);

/** A value with its object keys sorted, at every depth (serde_json's order for a hash). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value).sort().map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  );
}

/**
 * The `[hooks.state]` tables that mark every command hook of a hooks.json as
 * trusted, as Codex 0.171.0's /hooks "Trust all" writes them: per handler,
 * sha256 of the key-sorted JSON of its event (snake case), its handler
 * (timeout default 600, SessionEnd and Interrupt clamped to 3, async false)
 * and its matcher when set.
 *
 * @param hooksPath The absolute path of the hooks.json.
 * @param file Its content.
 * @returns TOML to append to the user's config.toml.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { trustToml } from "./codex_hook_trust.ts";
 * const toml = await trustToml("/h/.codex/hooks.json", { hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] } });
 * assert(toml.includes('[hooks.state."/h/.codex/hooks.json:stop:0:0"]'));
 * ```
 */
export async function trustToml(hooksPath: string, file: CodexSettingsFile): Promise<string> {
  let out = "";
  for (const [event, groups] of Object.entries(file.hooks)) {
    const snake = event.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
    for (const [g, group] of groups.entries()) {
      for (const [h, handler] of group.hooks.entries()) {
        if (handler.type !== "command") continue;
        let timeout = Math.max(1, handler.timeout ?? 600);
        if (CLAMPED.has(event)) timeout = Math.min(timeout, 3);
        const hook: Record<string, unknown> = {
          type: "command",
          command: handler.command,
          timeout,
          async: false,
        };
        if (handler.statusMessage !== undefined) hook["statusMessage"] = handler.statusMessage;
        const identity: Record<string, unknown> = { "event_name": snake, hooks: [hook] };
        if (group.matcher !== undefined) identity["matcher"] = group.matcher;
        const bytes = new TextEncoder().encode(JSON.stringify(sortedKeys(identity)));
        const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
        const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
        out +=
          `\n[hooks.state."${hooksPath}:${snake}:${g}:${h}"]\ntrusted_hash = "sha256:${hex}"\n`;
      }
    }
  }
  return out;
}
