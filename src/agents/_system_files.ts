/**
 * The system-wide settings file an agent reads beside the user's and the
 * project's: one below `/etc` on Linux and one below
 * `/Library/Application Support` on macOS, each under a folder of the agent's
 * own. Claude Code (managed settings), Gemini CLI, Qwen Code and Cursor
 * (enterprise hooks) place theirs so. On `run`'s path: imports only types.
 *
 * @module
 */

import type { ReadLocation } from "./types.ts";

/**
 * The Linux and the macOS place of an agent's system-wide settings file, both
 * read as JSON.
 *
 * @param linux The agent's folder below `/etc`.
 * @param macos The agent's folder below `/Library/Application Support`.
 * @param file The file's name in either folder.
 * @returns The two places, Linux first.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { systemFiles } from "./_system_files.ts";
 * const [linux, macos] = systemFiles("cursor", "Cursor", "hooks.json");
 * assert.deepEqual(linux?.parts, ["etc", "cursor", "hooks.json"]);
 * assert.deepEqual(macos?.os, ["darwin"]);
 * ```
 */
export function systemFiles(linux: string, macos: string, file: string): ReadLocation[] {
  return [
    { scope: "system", parts: ["etc", linux, file], format: "json", os: ["linux"] },
    {
      scope: "system",
      parts: ["Library", "Application Support", macos, file],
      format: "json",
      os: ["darwin"],
    },
  ];
}
