/**
 * What stops Codex CLI's hooks from running, for `list`: hooks turned off,
 * managed hooks only, a project not trusted, and an entry whose review (its
 * trusted hash in `[hooks.state]`) is missing or stale: Codex skips such an
 * entry without a word.
 *
 * @module
 */

import type { EntryTrust, HookSwitch, ReadLocation, TrustedEntry } from "./types.ts";
import { dotFolderFiles } from "./_settings_files.ts";

// DOCS: https://developers.openai.com/codex/hooks ([features] hooks, review and trust) and
// https://developers.openai.com/codex/enterprise/managed-configuration (requirements.toml).
/**
 * Codex CLI's config.toml, the user's (CODEX_HOME moves it) and the project's.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CODEX_CONFIG_FILES } from "./codex_switches.ts";
 * assert.deepEqual(CODEX_CONFIG_FILES.map((f) => f.scope), ["user", "project"]);
 * ```
 */
export const CODEX_CONFIG_FILES: readonly [ReadLocation, ReadLocation] = dotFolderFiles(
  [".codex", "config.toml"],
  "toml",
  { name: "CODEX_HOME", replaces: 1 },
);
const [USER_CONFIG, PROJECT_CONFIG] = CODEX_CONFIG_FILES;
const REQUIREMENTS: ReadLocation = {
  scope: "system",
  parts: ["etc", "codex", "requirements.toml"],
  format: "toml",
  os: ["linux", "darwin"],
};

/**
 * The settings that stop Codex CLI's hooks.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CODEX_SWITCHES } from "./codex_switches.ts";
 * assert(CODEX_SWITCHES.some((s) => s.key.join(".") === "features.hooks"));
 * ```
 */
export const CODEX_SWITCHES: readonly HookSwitch[] = [
  ...[USER_CONFIG, PROJECT_CONFIG].flatMap((file): HookSwitch[] =>
    ["hooks", "codex_hooks"].map((flag) => ({
      file,
      key: ["features", flag],
      when: { is: false },
      stops: ["user", "project"],
      problem:
        `[features] ${flag} = false in <file>: Codex CLI runs no hook; remove the line or set it to true`,
    }))
  ),
  {
    file: REQUIREMENTS,
    key: ["allow_managed_hooks_only"],
    when: { is: true },
    stops: ["user", "project"],
    problem:
      "allow_managed_hooks_only = true in <file>: Codex CLI runs only managed hooks, not this one; ask an administrator",
  },
  {
    file: USER_CONFIG,
    key: ["projects", "<project>", "trust_level"],
    when: { isNot: "trusted" },
    stops: ["project"],
    problem:
      'the project is not trusted in <file> ([projects."<path>"] trust_level = "trusted"): Codex CLI skips project hooks; trust the folder when Codex asks, or run codex exec --trust once',
  },
];

/** Codex's own name of an event in `[hooks.state]` keys: PreToolUse is pre_tool_use. */
function snake(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, canonical(o[k])]));
  }
  return v;
}

/**
 * The hash Codex CLI keeps for a reviewed entry: sha256 of the key-sorted JSON of
 * its event, its handler (command, timeout (600 when absent; at most 3 at
 * SessionEnd and Interrupt), async, statusMessage) and its matcher.
 *
 * @param entry The entry.
 * @returns `sha256:<hex>`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexTrustHash } from "./codex_switches.ts";
 * const h = await codexTrustHash({ file: "/h/.codex/hooks.json", scope: "user", native: "Stop", group: 0, handler: 0, matcher: undefined, value: { type: "command", command: "true" } });
 * assert(h.startsWith("sha256:"));
 * ```
 */
export async function codexTrustHash(entry: TrustedEntry): Promise<string> {
  const v = entry.value;
  const raw = typeof v.timeout === "number"
    ? v.timeout
    : typeof v.timeoutSec === "number"
    ? v.timeoutSec
    : 600;
  let timeout = Math.max(1, raw);
  if (entry.native === "SessionEnd" || entry.native === "Interrupt") timeout = Math.min(timeout, 3);
  const handler: Record<string, unknown> = {
    type: "command",
    command: v.command,
    timeout,
    async: v.async === true,
  };
  if (v.statusMessage !== undefined) handler.statusMessage = v.statusMessage;
  const identity: Record<string, unknown> = {
    "event_name": snake(entry.native),
    hooks: [handler],
  };
  if (entry.matcher !== undefined && entry.matcher !== null) identity.matcher = entry.matcher;
  const bytes = new TextEncoder().encode(JSON.stringify(canonical(identity)));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return `sha256:${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The `[hooks.state]` key of an entry: its file, event, group and handler.
 *
 * @param entry The entry.
 * @returns The key.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { codexTrustKey } from "./codex_switches.ts";
 * const k = codexTrustKey({ file: "/h/.codex/hooks.json", scope: "user", native: "PreToolUse", group: 1, handler: 0, matcher: "Bash", value: {} });
 * assert(k === "/h/.codex/hooks.json:pre_tool_use:1:0");
 * ```
 */
export function codexTrustKey(entry: TrustedEntry): string {
  return `${entry.file}:${snake(entry.native)}:${entry.group}:${entry.handler}`;
}

/**
 * The trust each Codex CLI entry needs: its hash in `[hooks.state]` of the user's config.toml.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { CODEX_ENTRY_TRUST } from "./codex_switches.ts";
 * assert(CODEX_ENTRY_TRUST.needs.includes("user"));
 * ```
 */
export const CODEX_ENTRY_TRUST: EntryTrust = {
  file: USER_CONFIG,
  needs: ["user", "project"],
  async problem(entry, settings) {
    if (entry.value.type !== undefined && entry.value.type !== "command") return undefined;
    const state = (settings?.hooks as Record<string, unknown> | undefined)?.state as
      | Record<string, unknown>
      | undefined;
    const kept = (state?.[codexTrustKey(entry)] as Record<string, unknown> | undefined)
      ?.trusted_hash;
    if (kept === undefined) {
      return "not reviewed: Codex CLI skips this entry without a word until you trust it in /hooks (codex exec --dangerously-bypass-hook-trust runs it once)";
    }
    if (kept !== await codexTrustHash(entry)) {
      return "changed since it was trusted (its [hooks.state] trusted_hash is stale): Codex CLI skips it without a word until you trust it again in /hooks";
    }
    return undefined;
  },
  async record(entry) {
    return {
      key: ["hooks", "state", codexTrustKey(entry)],
      value: { trusted_hash: await codexTrustHash(entry) },
    };
  },
};
