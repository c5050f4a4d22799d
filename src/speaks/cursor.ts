/**
 * Cursor's hook protocol spoken the other way, from its reference alone (no
 * Cursor binary runs here, so every rule is [docs]): the payload Cursor sends
 * (`conversation_id`, `generation_id`, `hook_event_name`, `workspace_roots`,
 * `tool_name` and `tool_input` for its `Shell`, `Write`, `StrReplace`,
 * `Read` tools), and a Cursor hook's output read by Cursor's own cells read
 * backwards (`permission`, `agent_message`, `user_message`, `updated_input`,
 * `additional_context`, `continue`, `followup_message`), exit 2 a refusal.
 * On `run`'s path: loads Cursor's module alone.
 *
 * @module
 */

import type { ContractEvent, HookAnswer, HookDocument } from "../contract/contract.ts";
import type { Basis, Fact } from "../agents/types.ts";
import { cursor } from "../agents/cursor.ts";
import { documentedAt } from "../agents/_cells.ts";
import { obj, str } from "../agents/_payload.ts";
import type { Heard, HookPrint, Said, SpokenProtocol, WriteContext } from "./types.ts";
import {
  absolutePathField,
  FIELD_NAMES,
  inputBack,
  type ToolShapes,
  writeInput,
} from "./_tool_input.ts";
import { readJsonObject, sameAgentSaid, spokenEvents } from "./_spoken.ts";

const documented = (anchor?: string): Basis => documentedAt(cursor.docs, anchor);

const PATH = absolutePathField("file_path");

const TOOLS: ToolShapes = {
  shell: {
    name: "Shell",
    fields: [{ key: "command", from: FIELD_NAMES.command, doc: "command", required: true }],
    basis: documented("pretooluse"),
  },
  write: {
    name: "Write",
    fields: [PATH, { key: "contents", from: FIELD_NAMES.content, required: true }],
    basis: documented("pretooluse"),
  },
  edit: {
    name: "StrReplace",
    fields: [
      PATH,
      { key: "old_string", from: FIELD_NAMES.oldText, required: true },
      { key: "new_string", from: FIELD_NAMES.newText, required: true },
    ],
    basis: documented("pretooluse"),
  },
  read: { name: "Read", fields: [PATH], basis: documented("pretooluse") },
};

function write(doc: HookDocument, context: WriteContext): Said {
  if (doc.agent === cursor.id) return sameAgentSaid(doc, {}, []);
  const cwd = doc.cwd ?? context.cwd;
  const rules: Fact[] = [{
    text:
      "conversation_id, generation_id, hook_event_name, workspace_roots and transcript_path on every event",
    basis: documented("hook-events"),
  }];
  const native = cursor.events[doc.event]?.native;
  if (native === undefined) return { ok: false, why: `Cursor has no ${doc.event} event`, rules };
  const payload: Record<string, unknown> = {
    "conversation_id": doc.session ?? "",
    "generation_id": "",
    "hook_event_name": native,
    "workspace_roots": [cwd],
    "transcript_path": doc.transcript ?? null,
  };
  let back: Record<string, string> | undefined;
  let toolName = "";
  if (doc.tool) {
    const shape = TOOLS[doc.tool.kind];
    if (!shape) {
      return {
        ok: false,
        why:
          `Cursor's hooks name no ${doc.tool.kind} tool everyhook knows (${doc.tool.name} is one)`,
        rules,
      };
    }
    const written = writeInput(shape, doc, cwd);
    if (!written.ok) return { ok: false, why: written.why, rules };
    if (shape.name === "Shell") written.input.working_directory = cwd;
    rules.push({ text: `a ${doc.tool.kind} call is sent as ${shape.name}`, basis: shape.basis });
    payload.tool_name = shape.name;
    payload.tool_input = written.input;
    back = written.back;
    toolName = shape.name;
    if (doc.event === "post-tool") payload.tool_output = doc.tool.output ?? "";
  }
  if (doc.event === "prompt") {
    if (doc.prompt === undefined) {
      return { ok: false, why: "the call carries no prompt text", rules };
    }
    payload.prompt = doc.prompt;
    payload.attachments = [];
  }
  if (doc.event === "session-start" || doc.event === "session-end") {
    payload.session_id = doc.session ?? "";
  }
  if (doc.event === "session-end") payload.reason = "completed";
  if (doc.event === "stop" || doc.event === "subagent-stop") {
    payload.status = doc.stop?.status ?? "completed";
    payload.loop_count = doc.stop?.continued ? 1 : 0;
    rules.push({
      text: "loop_count counts the times a hook already sent the agent back",
      basis: documented("hook-events"),
    });
  }
  return {
    ok: true,
    nativeEvent: native,
    payload,
    env: {},
    rules,
    inputBack: (input) => {
      if (back === undefined) return { why: "the call had no tool input to rewrite" };
      const { working_directory: _, ...rest } = input;
      return inputBack(doc.tool?.input, rest, back, toolName);
    },
  };
}

function readJson(json: Record<string, unknown>, event: ContractEvent, rules: Fact[]): HookAnswer {
  const answer: HookAnswer = {};
  const agentMessage = str(json.agent_message);
  const userMessage = str(json.user_message);
  if (event === "pre-tool") {
    const permission = json.permission;
    if (permission === "deny" || permission === "ask") {
      answer.decision = "deny";
      const reason = agentMessage ?? userMessage;
      if (reason !== undefined) answer.reason = reason;
      rules.push({
        text: `permission "${permission}" refuses the call${
          permission === "ask" ? " (everyhook's reading of Cursor's ask)" : ""
        }, agent_message the reason`,
        basis: documented("pretooluse"),
      });
    } else if (permission === "allow") {
      answer.decision = "allow";
      rules.push({ text: 'permission "allow" approves the call', basis: documented("pretooluse") });
    }
    const input = obj(json.updated_input);
    if (input) {
      answer.input = input;
      rules.push({
        text: "updated_input replaces the tool input",
        basis: documented("pretooluse"),
      });
    }
    if (userMessage !== undefined && answer.decision !== "deny") answer.message = userMessage;
  }
  if (event === "prompt" && json.continue === false) {
    answer.decision = "deny";
    if (userMessage !== undefined) answer.reason = userMessage;
    rules.push({
      text: "continue false refuses the prompt, user_message the reason",
      basis: documented("beforesubmitprompt"),
    });
  } else if (event === "prompt" && userMessage !== undefined) answer.message = userMessage;
  const context = str(json.additional_context);
  if (context !== undefined && (event === "post-tool" || event === "session-start")) {
    answer.context = context;
    rules.push({
      text: "additional_context is added to the model's context",
      basis: documented(event === "post-tool" ? "posttooluse" : "sessionstart"),
    });
  }
  const followup = str(json.followup_message);
  if (followup !== undefined && (event === "stop" || event === "subagent-stop")) {
    answer.decision = "deny";
    answer.reason = followup;
    rules.push({
      text: "followup_message sends the agent back to work with it",
      basis: documented("hook-events"),
    });
  }
  return answer;
}

function read(print: HookPrint, event: ContractEvent): Heard {
  const rules: Fact[] = [];
  const said = print.stderr.trim();
  if (print.exit === 2) {
    rules.push({
      text: 'exit 2 refuses, as permission "deny" does',
      basis: documented("command-based-hooks"),
    });
    if (event === "pre-tool" || event === "prompt") {
      return {
        answer: said !== "" ? { decision: "deny", reason: said } : { decision: "deny" },
        rules,
      };
    }
    return { answer: {}, rules };
  }
  if (print.exit !== 0) {
    rules.push({
      text: "another exit code is a failed hook: the action proceeds",
      basis: documented("command-based-hooks"),
    });
    return {
      answer: {},
      failure: `The hook exited with ${print.exit}${said !== "" ? `: ${said.split("\n")[0]}` : ""}`,
      rules,
    };
  }
  const json = readJsonObject(print.stdout);
  if (json !== undefined) return { answer: readJson(json, event, rules), rules };
  rules.push({
    text: "output that is not a JSON object decides nothing",
    basis: documented("command-based-hooks"),
  });
  return { answer: {}, rules };
}

/**
 * Cursor's hook protocol, spoken the other way (from its reference).
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { cursorSpoken } from "./cursor.ts";
 * const heard = cursorSpoken.read({ exit: 0, stdout: '{"permission":"deny","agent_message":"no"}', stderr: "" }, "pre-tool", "preToolUse");
 * assert.deepEqual(heard.answer, { decision: "deny", reason: "no" });
 * ```
 */
export const cursorSpoken: SpokenProtocol = {
  id: cursor.id,
  name: cursor.name,
  events: spokenEvents(cursor, () => documented("hook-events")),
  shell: {
    argv: ["sh", "-c"],
    text: "a hook's command runs through the shell",
    basis: documented("command-based-hooks"),
  },
  defaultTimeout: {
    seconds: 30,
    text: "Cursor's reference names no default here: an entry that names none is given 30 seconds",
    basis: documented(),
  },
  write,
  read,
};
