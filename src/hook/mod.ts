/**
 * Write an everyhook hook in TypeScript: `defineHook(handler)` reads the
 * document, gives it to the handler typed by its event, checks the answer the
 * handler gives back and prints it. The same file runs under `everyhook run`
 * and `bench` (the contract: document in, answer out) and in direct mode,
 * where the agent starts it and it does everyhook's part itself, in one Deno
 * process, with no permission beyond what its own code uses.
 *
 * ```ts ignore
 * #!/usr/bin/env -S deno run
 * import { defineHook, deny, isShell } from "jsr:@everyhook/cli/hook";
 *
 * export default defineHook((doc) =>
 *   doc.event === "pre-tool" && isShell(doc) && /\brm -rf \/(\s|$)/.test(doc.tool.command)
 *     ? deny("Do not delete the root folder.")
 *     : undefined
 * );
 * ```
 *
 * This module's imports hold no `node:` or `npm:` module, and nothing of
 * install, list, bench or explain.
 *
 * @module
 */

export { defineHook, type Hook } from "./define.ts";
export { allow, type AnswerExtras, ask, context, deny, input, message } from "./answers.ts";
export { isFileChange, isMcp, isPreTool, isRead, isShell, isTool } from "./guards.ts";
export { DECISIONS, EVENTS, STOP_STATUSES, TOOL_KINDS } from "../contract/contract.ts";
export type { ContractEvent, Decision, StopStatus, ToolKind } from "../contract/contract.ts";
export type {
  Document,
  DocumentBase,
  FileCall,
  FileDocument,
  Handler,
  HandlerResult,
  HookAnswer,
  PostToolDocument,
  PreToolDocument,
  PromptDocument,
  SessionEndDocument,
  SessionStartDocument,
  ShellCall,
  ShellDocument,
  StopDocument,
  StopInfo,
  SubagentInfo,
  SubagentStopDocument,
  ToolCall,
  ToolDocument,
} from "./types.ts";
