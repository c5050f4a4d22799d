/**
 * Hooks written for this project in Claude Code's own hook protocol (they read
 * Claude Code's payload and answer as Claude Code reads an answer), each with
 * what it should come to in the contract for a document. They run in the
 * test's process through a fake runner, so that every agent's recorded
 * documents go through `run --speaks claude-code` quickly; one runs as a real
 * program in claude_code_test.ts.
 *
 * @module
 */

import type { HookAnswer, HookDocument } from "../../src/contract/contract.ts";
import { inProcessRunner, type Print } from "./in_process.ts";

/** What a Claude Code hook prints. */
export type { Print };

/** A hook in Claude Code's protocol, and the answer it should come to for a document. */
export interface ClaudeHook {
  name: string;
  /** The hook: Claude Code's payload and environment in, its output out. */
  run(payload: Record<string, unknown>, env: Readonly<Record<string, string>>): Print;
  /** The contract's answer the hook means for this document, or undefined when it says nothing. */
  expected(doc: HookDocument): HookAnswer | undefined;
}

// deno-lint-ignore no-explicit-any
type Any = any;

const json = (v: unknown) => JSON.stringify(v);

/** The folder everyhook runs in for these tests: the payload's cwd when it names none. */
export const FALLBACK_CWD = "/everyhook-test-folder";

function isForcePush(command: unknown): boolean {
  return typeof command === "string" && /\bgit\s+push\b.*(--force|\s-f\b)/.test(command);
}

/** Exit-code style: exit 2 with the reason on stderr for a forced push through Bash. */
export const denyForcePushByExit: ClaudeHook = {
  name: "pre-tool deny (exit 2)",
  run(p: Any) {
    if (p.hook_event_name !== "PreToolUse" || p.tool_name !== "Bash") return { exit: 0 };
    if (!isForcePush(p.tool_input?.command)) return { exit: 0 };
    return { exit: 2, stderr: "force push refused by the Claude hook" };
  },
  expected(doc) {
    if (doc.event !== "pre-tool" || doc.tool?.kind !== "shell") return undefined;
    return isForcePush(doc.tool.command)
      ? { decision: "deny", reason: "force push refused by the Claude hook" }
      : undefined;
  },
};

/** JSON style: a file guard refusing writes and edits of a file whose name ends in .env, by permissionDecision. */
export const envFileGuard: ClaudeHook = {
  name: "file guard (permissionDecision deny)",
  run(p: Any) {
    if (p.hook_event_name !== "PreToolUse") return { exit: 0 };
    if (!["Write", "Edit", "MultiEdit"].includes(p.tool_name)) return { exit: 0 };
    const path = String(p.tool_input?.file_path ?? "");
    if (!path.startsWith("/") && !path.startsWith("<")) {
      return { exit: 1, stderr: `not absolute: ${path}` };
    }
    if (!path.endsWith(".env")) return { exit: 0 };
    return {
      exit: 0,
      stdout: json({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: `${p.tool_name} of ${path.split("/").pop()} refused`,
        },
      }),
    };
  },
  expected(doc) {
    const t = doc.tool;
    if (doc.event !== "pre-tool" || (t?.kind !== "write" && t?.kind !== "edit")) return undefined;
    const path = t.path ?? "";
    if (!path.endsWith(".env")) return undefined;
    const tool = t.kind === "write" ? "Write" : "Edit";
    return { decision: "deny", reason: `${tool} of ${path.split("/").pop()} refused` };
  },
};

/** JSON style: context after a shell ran, under the event name it was sent with. */
export const postToolContext: ClaudeHook = {
  name: "post-tool context (additionalContext)",
  run(p: Any) {
    if (p.hook_event_name !== "PostToolUse" && p.hook_event_name !== "PostToolUseFailure") {
      return { exit: 0 };
    }
    if (p.tool_name !== "Bash") return { exit: 0 };
    const failed = p.hook_event_name === "PostToolUseFailure";
    if (!failed && typeof p.tool_response?.stdout !== "string") {
      return { exit: 1, stderr: "no tool_response.stdout" };
    }
    return {
      exit: 0,
      stdout: json({
        hookSpecificOutput: {
          hookEventName: p.hook_event_name,
          additionalContext: failed ? "the command failed" : `ran: ${p.tool_input.command}`,
        },
      }),
    };
  },
  expected(doc) {
    if (doc.event !== "post-tool" || doc.tool?.kind !== "shell") return undefined;
    return { context: doc.tool.failed ? "the command failed" : `ran: ${doc.tool.command}` };
  },
};

/** JSON style: a prompt refused by decision block. */
export const promptBlock: ClaudeHook = {
  name: "prompt block (decision block)",
  run(p: Any) {
    if (p.hook_event_name !== "UserPromptSubmit" || typeof p.prompt !== "string") {
      return { exit: 0 };
    }
    return {
      exit: 0,
      stdout: json({ decision: "block", reason: `no prompts of ${p.prompt.length} characters` }),
    };
  },
  expected(doc) {
    if (doc.event !== "prompt" || doc.prompt === undefined) return undefined;
    return { decision: "deny", reason: `no prompts of ${doc.prompt.length} characters` };
  },
};

/** Exit-code style: a stop sent back once, by exit 2, never when a hook already did. */
export const stopBlock: ClaudeHook = {
  name: "stop block (exit 2, stop_hook_active)",
  run(p: Any) {
    if (p.hook_event_name !== "Stop" && p.hook_event_name !== "SubagentStop") return { exit: 0 };
    if (p.stop_hook_active === true) return { exit: 0 };
    if (typeof p.stop_hook_active !== "boolean") return { exit: 1, stderr: "no stop_hook_active" };
    return { exit: 2, stderr: "run the tests first" };
  },
  expected(doc) {
    if (doc.event !== "stop" && doc.event !== "subagent-stop") return undefined;
    return doc.stop?.continued ? undefined : { decision: "deny", reason: "run the tests first" };
  },
};

/** Plain-stdout style: context at a session start, naming the project from CLAUDE_PROJECT_DIR. */
export const sessionStartContext: ClaudeHook = {
  name: "session-start context (plain stdout)",
  run(p: Any, env) {
    if (p.hook_event_name !== "SessionStart") return { exit: 0 };
    if (env.CLAUDE_PROJECT_DIR !== p.cwd) {
      return { exit: 1, stderr: "CLAUDE_PROJECT_DIR is not cwd" };
    }
    return { exit: 0, stdout: `project ${env.CLAUDE_PROJECT_DIR}, started by ${p.source}\n` };
  },
  expected(doc) {
    if (doc.event !== "session-start") return undefined;
    const source = ["startup", "resume", "clear", "compact", "fork"].includes(doc.source ?? "")
      ? doc.source
      : "startup";
    return { context: `project ${doc.cwd ?? FALLBACK_CWD}, started by ${source}` };
  },
};

/** JSON style: a shell command rewritten by updatedInput. */
export const rewriteInput: ClaudeHook = {
  name: "input rewrite (updatedInput)",
  run(p: Any) {
    if (p.hook_event_name !== "PreToolUse" || p.tool_name !== "Bash") return { exit: 0 };
    return {
      exit: 0,
      stdout: json({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          updatedInput: { ...p.tool_input, command: `echo checked && ${p.tool_input.command}` },
        },
      }),
    };
  },
  expected(doc) {
    if (doc.event !== "pre-tool" || doc.tool?.kind !== "shell") return undefined;
    return { input: {} }; // the shape is the calling agent's: checked apart
  },
};

/** Every hook above. */
export const CLAUDE_HOOKS: readonly ClaudeHook[] = [
  denyForcePushByExit,
  envFileGuard,
  postToolContext,
  promptBlock,
  stopBlock,
  sessionStartContext,
  rewriteInput,
];

/**
 * A runner that runs a Claude Code hook in this process: it reads the payload
 * from the spec's stdin and keeps what the hook was given.
 */
export function inProcess(hook: ClaudeHook, seen: { payload?: Any; env?: Record<string, string> }) {
  return inProcessRunner((payload, env) => hook.run(payload, env), seen);
}
