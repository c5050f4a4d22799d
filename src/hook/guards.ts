/**
 * Guards that narrow a document by its event and its tool's kind, checking at
 * run time what the type then promises (a shell call's command is a string, a
 * file call's paths are there). Imports only types.
 *
 * @module
 */

import type {
  Document,
  FileDocument,
  PreToolDocument,
  ShellDocument,
  ToolDocument,
} from "./types.ts";

/**
 * True for a document with a tool call: pre-tool or post-tool.
 *
 * @param doc The document.
 * @returns Whether it has a tool call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isTool } from "./guards.ts";
 * assert(!isTool({ everyhook: 1, agent: "codex", event: "stop", nativeEvent: "Stop", stop: { continued: false }, native: {} }));
 * ```
 */
export function isTool(doc: Document): doc is ToolDocument {
  return (doc.event === "pre-tool" || doc.event === "post-tool") &&
    typeof doc.tool === "object" && doc.tool !== null;
}

/**
 * True for a document before a tool runs (where a deny keeps it from running).
 *
 * @param doc The document.
 * @returns Whether it is a pre-tool document with a tool call.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPreTool } from "./guards.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "pre-tool" as const, nativeEvent: "PreToolUse",
 *   tool: { name: "Bash", kind: "shell" as const, input: {} }, native: {} };
 * assert(isPreTool(doc));
 * ```
 */
export function isPreTool(doc: Document): doc is PreToolDocument {
  return doc.event === "pre-tool" && isTool(doc);
}

/**
 * True for a shell call whose command line is there, before or after it runs.
 * Narrow further with `doc.event === "pre-tool"`.
 *
 * @param doc The document.
 * @returns Whether `doc.tool.command` is a shell command line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isShell } from "./guards.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "pre-tool" as const, nativeEvent: "PreToolUse",
 *   tool: { name: "Bash", kind: "shell" as const, command: "ls", input: {} }, native: {} };
 * if (isShell(doc)) assert(doc.tool.command.length === 2);
 * ```
 */
export function isShell(doc: Document): doc is ShellDocument {
  return isTool(doc) && doc.tool.kind === "shell" && typeof doc.tool.command === "string";
}

/**
 * True for a call that changes files (kind edit or write) and names them. An
 * edit whose paths could not be read (`doc.tool.unread` says why) is not one:
 * a hook that guards files should refuse that call rather than let it pass.
 *
 * @param doc The document.
 * @returns Whether `doc.tool.paths` lists the files it changes.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFileChange } from "./guards.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "pre-tool" as const, nativeEvent: "PreToolUse",
 *   tool: { name: "Write", kind: "write" as const, path: "a", paths: ["a"], input: {} }, native: {} };
 * assert(isFileChange(doc) && doc.tool.paths[0] === "a");
 * ```
 */
export function isFileChange(doc: Document): doc is FileDocument {
  return isTool(doc) && (doc.tool.kind === "edit" || doc.tool.kind === "write") &&
    hasPaths(doc.tool);
}

/**
 * True for a call that reads files and names them.
 *
 * @param doc The document.
 * @returns Whether `doc.tool.paths` lists the files it reads.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRead } from "./guards.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "pre-tool" as const, nativeEvent: "PreToolUse",
 *   tool: { name: "Read", kind: "read" as const, path: "a", paths: ["a"], input: {} }, native: {} };
 * assert(isRead(doc));
 * ```
 */
export function isRead(doc: Document): doc is FileDocument {
  return isTool(doc) && doc.tool.kind === "read" && hasPaths(doc.tool);
}

/**
 * True for a call to an MCP server's tool.
 *
 * @param doc The document.
 * @returns Whether the tool is of kind mcp.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isMcp } from "./guards.ts";
 * const doc = { everyhook: 1 as const, agent: "codex", event: "pre-tool" as const, nativeEvent: "PreToolUse",
 *   tool: { name: "mcp__db__query", kind: "mcp" as const, input: {} }, native: {} };
 * assert(isMcp(doc));
 * ```
 */
export function isMcp(doc: Document): doc is ToolDocument {
  return isTool(doc) && doc.tool.kind === "mcp";
}

function hasPaths(tool: { path?: unknown; paths?: unknown }): boolean {
  return typeof tool.path === "string" && Array.isArray(tool.paths) &&
    tool.paths.length > 0 && tool.paths.every((p) => typeof p === "string");
}
