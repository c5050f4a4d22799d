/**
 * A fake of Augment's backend (the "tenant URL" Auggie talks to; Auggie has no
 * model provider of its own): `POST /get-models` names one model and the
 * account's feature flags, among them `enable_hooks`, without which Auggie
 * runs no hook at all; `POST /chat-stream` answers one model turn from a
 * script as NDJSON, a tool call being a node of type 5 with stop reason 3,
 * and a text a node of type 0 with stop reason 1. Every other path answers
 * `{}`, which was enough for the pinned Auggie (it reports a conversion error
 * of some of them to `/report-error` and goes on). Stateless: the step that
 * answers a request is the number of tool results the request carries, in its
 * nodes and its chat history. Loopback only, like every fake here.
 *
 * @module
 */

import { type FakeServer, startFakeServer } from "./server.ts";

/** One model turn: a tool call, or a final text. */
export type AugmentStep =
  | { kind: "tool"; name: string; input: Record<string, unknown> }
  | { kind: "text"; text: string };

/** What the fake backend says. */
export interface AugmentScript {
  /** The model's turns, in order; past their end it says `done`. */
  steps: readonly AugmentStep[];
  /** The account's `enable_hooks` flag (true when absent). */
  hooks?: boolean;
}

/** The node type of a tool call in a streamed answer. */
const TOOL_USE_NODE = 5;
/** The node type of text in a streamed answer. */
const TEXT_NODE = 0;
/** The node type of a tool result in a request. */
const TOOL_RESULT_NODE = 1;
/** The stop reasons: the turn ended, or it wants a tool run. */
const STOP = { endTurn: 1, toolUse: 3 } as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The tool result nodes of a list of nodes. */
function resultNodes(nodes: unknown): Record<string, unknown>[] {
  if (!Array.isArray(nodes)) return [];
  return nodes.filter((n): n is Record<string, unknown> =>
    isRecord(n) && n.type === TOOL_RESULT_NODE && isRecord(n.tool_result_node)
  ).map((n) => n.tool_result_node as Record<string, unknown>);
}

/**
 * The tool results a `/chat-stream` request carries, oldest first: those of
 * its chat history's exchanges, then those of its own nodes.
 *
 * @param body The request body.
 * @returns Each result's `content` and `is_error`.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { augmentToolResults } from "./augment.ts";
 * const node = { type: 1, tool_result_node: { content: "hi", is_error: false } };
 * assert.deepEqual(augmentToolResults({ nodes: [node] }), [{ content: "hi", isError: false }]);
 * assert.deepEqual(augmentToolResults({}), []);
 * ```
 */
export function augmentToolResults(body: unknown): Array<{ content: string; isError: boolean }> {
  if (!isRecord(body)) return [];
  const history = Array.isArray(body.chat_history) ? body.chat_history : [];
  const nodes = [
    ...history.flatMap((e) => isRecord(e) ? resultNodes(e.request_nodes) : []),
    ...resultNodes(body.nodes),
  ];
  return nodes.map((n) => ({
    content: typeof n.content === "string" ? n.content : JSON.stringify(n.content ?? null),
    isError: n.is_error === true,
  }));
}

/**
 * The NDJSON lines that answer one model turn.
 *
 * @param step The turn.
 * @param id The tool call's id.
 * @returns The lines, as objects.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { augmentLines } from "./augment.ts";
 * const [line] = augmentLines({ kind: "tool", name: "launch-process", input: { command: "ls" } }, "t1");
 * assert.equal((line as { stop_reason: number }).stop_reason, 3);
 * assert.equal(augmentLines({ kind: "text", text: "ok" }, "t2").length, 2);
 * ```
 */
export function augmentLines(step: AugmentStep, id: string): Record<string, unknown>[] {
  if (step.kind === "tool") {
    const toolUse = {
      "tool_use_id": id,
      "tool_name": step.name,
      "input_json": JSON.stringify(step.input),
    };
    return [{
      text: "",
      nodes: [{ id: 1, type: TOOL_USE_NODE, content: "", "tool_use": toolUse }],
      "stop_reason": STOP.toolUse,
    }];
  }
  return [
    { text: step.text, nodes: [{ id: 0, type: TEXT_NODE, content: step.text }] },
    { text: "", nodes: [], "stop_reason": STOP.endTurn },
  ];
}

/** What `/get-models` answers: one model, and the account's flags. */
function models(hooks: boolean): Record<string, unknown> {
  const model = {
    name: "fake-model",
    "internal_name": "fake-model",
    "suggested_prefix_char_count": 0,
    "suggested_suffix_char_count": 0,
  };
  return {
    "default_model": "fake-model",
    models: [model],
    languages: [],
    "user_tier": "ENTERPRISE_TIER",
    "feature_flags": { "enable_hooks": hooks },
  };
}

/**
 * Starts the fake backend on 127.0.0.1 (a port the OS picks). Auggie is
 * pointed at it with `AUGMENT_SESSION_AUTH` (`tenantURL` = its url, a fake
 * access token).
 *
 * @param script What the model says, and whether hooks are on.
 * @returns The running server.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { startFakeAugment } from "./augment.ts";
 * const api = await startFakeAugment({ steps: [{ kind: "text", text: "hi" }] });
 * const res = await fetch(`${api.url}/get-models`, { method: "POST", body: "{}" });
 * assert.equal((await res.json()).feature_flags.enable_hooks, true);
 * await api.close();
 * ```
 */
export async function startFakeAugment(script: AugmentScript): Promise<FakeServer> {
  let served = 0;
  return await startFakeServer((req) => {
    const path = req.path.split("?")[0] ?? "";
    if (path.endsWith("/get-models")) return Response.json(models(script.hooks ?? true));
    if (!path.endsWith("/chat-stream")) return Response.json({});
    served++;
    const step = script.steps[augmentToolResults(req.body).length] ??
      { kind: "text", text: "done" };
    const text = augmentLines(step, `toolu_fake_${served}`)
      .map((l) => JSON.stringify(l) + "\n").join("");
    return new Response(text, { headers: { "content-type": "application/json" } });
  });
}
