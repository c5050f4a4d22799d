/**
 * The agent versions the recordings and the end-to-end tests use: one place.
 * A newer version is one edit here and one re-record (`deno task record`).
 *
 * @module
 */

/** One pinned agent package. */
export interface Pin {
  /** The npm package. */
  package: string;
  /** The exact version. */
  version: string;
  /** The name of its executable in node_modules/.bin. */
  bin: string;
}

/** The pinned agents, by everyhook's agent id. */
export const PINS: Readonly<Record<"claude-code" | "codex" | "gemini-cli" | "copilot-cli", Pin>> = {
  "claude-code": { package: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude" },
  "codex": { package: "@openai/codex", version: "0.171.0", bin: "codex" },
  "gemini-cli": { package: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
  "copilot-cli": { package: "@github/copilot", version: "1.0.102", bin: "copilot" },
};

/** The folder (git ignores it) the agents are installed into, one folder each. */
export const AGENTS_CACHE = ".cache/agents";
