/**
 * `everyhook.json`: one declaration of a project's hooks, which `sync` makes
 * every agent's project files match. JSON with comments; its JSON Schema is
 * schema/manifest.schema.json. Reading it checks every field and says, for the
 * first that is wrong, its line and its path (`hooks[1].events`); nothing is
 * written from a manifest that does not read. Not on `run`'s path.
 *
 * @module
 */

import { findNodeAtLocation, type Node, type ParseError, parseTree } from "jsonc-parser";
import type { Agent } from "../agents/types.ts";
import {
  type ContractEvent,
  EVENTS,
  isContractEvent,
  MAX_TIMEOUT_SECONDS,
  MIN_TIMEOUT_SECONDS,
} from "../contract/contract.ts";
import { EveryhookError } from "../contract/errors.ts";
import { START_FORMS, type StartForm } from "../settings/portable.ts";
import { SPOKEN_ENTRIES } from "../speaks/registry.ts";

/** The manifest's file name, at the project's root. */
export const MANIFEST_FILE = "everyhook.json";

/** One hook the project declares. */
export interface ManifestHook {
  /** The hook's file, relative to the project, with forward slashes. */
  file: string;
  /** The contract events, or every event each agent has. */
  events: ContractEvent[] | "all";
  /** The agents' ids, or every agent everyhook knows. */
  agents: string[] | "all";
  /** The matcher, for events that take one. */
  matcher?: string;
  /** The agent's timeout for the entry, in seconds (default 30). */
  timeout: number;
  /** A failing hook denies (default false). */
  failClosed: boolean;
  /** The agent whose protocol the hook is written in, where it is not the contract's. */
  speaks?: string;
}

/** A manifest, read and checked. */
export interface Manifest {
  /** The manifest's path. */
  path: string;
  /** The exact everyhook version the lines pin (the JSR line's), and `sync` expects. */
  everyhook?: string;
  /** How the lines name everyhook: by name on PATH (default), or the pinned JSR line. */
  start: StartForm;
  /** The hooks. */
  hooks: ManifestHook[];
}

const TOP = new Set(["$schema", "everyhook", "start", "hooks"]);
const HOOK_FIELDS = new Set([
  "file",
  "events",
  "agents",
  "matcher",
  "timeout",
  "failClosed",
  "speaks",
]);
/** The bounds of a timeout, the same as install's --timeout (whole seconds, up to an hour). */
const TIMEOUT_RULE = { min: MIN_TIMEOUT_SECONDS, max: MAX_TIMEOUT_SECONDS } as const;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Read and check a manifest's text.
 *
 * @param text The text (JSON with comments).
 * @param path The manifest's path, for messages.
 * @param agents The agents everyhook knows (`all` is every one of them).
 * @returns The manifest.
 * @throws {EveryhookError} `config-syntax` for text that is not JSON, `config-shape`
 *   for a field that is wrong, each with the line and the field.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseManifest } from "./manifest.ts";
 * import { AGENTS } from "../agents/mod.ts";
 * const m = parseManifest('{ "hooks": [{ "file": "hooks/a.ts", "events": ["pre-tool"] }] }', "everyhook.json", AGENTS);
 * assert.equal(m.hooks[0]!.agents, "all");
 * assert.throws(() => parseManifest('{\n "hooks": [{ "file": "/abs.ts" }]\n}', "everyhook.json", AGENTS), /line 2/);
 * ```
 */
export function parseManifest(text: string, path: string, agents: readonly Agent[]): Manifest {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  const lineOf = (offset: number) => text.slice(0, offset).split("\n").length;
  if (errors[0] || root === undefined) {
    const at = errors[0] ? ` at line ${lineOf(errors[0].offset)}` : "";
    throw new EveryhookError("config-syntax", `Cannot read "${path}": it is not valid JSON${at}`);
  }
  const fail = (where: Array<string | number>, why: string): never => {
    const node = findNodeAtLocation(root, where) ?? root;
    const field = where.map((p) => typeof p === "number" ? `[${p}]` : `.${p}`).join("")
      .replace(/^\./, "");
    throw new EveryhookError(
      "config-shape",
      `Cannot read "${path}", line ${lineOf(node.offset)}: ${field || "the manifest"} ${why}`,
    );
  };
  const value = nodeValue(root);
  if (!isObject(value)) return fail([], "must be an object");
  for (const key of Object.keys(value)) {
    if (!TOP.has(key)) fail([key], `is not a field of the manifest (${[...TOP].join(", ")})`);
  }
  if (value.everyhook !== undefined) {
    if (typeof value.everyhook !== "string" || !VERSION.test(value.everyhook)) {
      fail(["everyhook"], 'must be an exact version such as "0.1.0"');
    }
  }
  const start = value.start ?? "path";
  if (!START_FORMS.includes(start as StartForm)) {
    fail(["start"], `must be one of ${START_FORMS.map((f) => `"${f}"`).join(", ")}`);
  }
  if (!Array.isArray(value.hooks)) return fail(["hooks"], "must be a list of hooks");
  const ids = new Set(agents.map((a) => a.id));
  const hooks = value.hooks.map((h, i) => readHook(h, i, ids, fail));
  const seen = new Set<string>();
  hooks.forEach((h, i) => {
    if (seen.has(h.file)) fail(["hooks", i, "file"], `names "${h.file}" a second time`);
    seen.add(h.file);
  });
  return {
    path,
    ...(typeof value.everyhook === "string" ? { everyhook: value.everyhook } : {}),
    start: start as StartForm,
    hooks,
  };
}

function readHook(
  h: unknown,
  i: number,
  ids: Set<string>,
  fail: (where: Array<string | number>, why: string) => never,
): ManifestHook {
  const at = (k: string) => ["hooks", i, k];
  if (!isObject(h)) return fail(["hooks", i], "must be an object");
  for (const key of Object.keys(h)) {
    if (!HOOK_FIELDS.has(key)) {
      fail(at(key), `is not a field of a hook (${[...HOOK_FIELDS].join(", ")})`);
    }
  }
  const file = h.file;
  if (typeof file !== "string" || file === "") return fail(at("file"), "must name the hook's file");
  if (/^(?:[\\/]|[A-Za-z]:)/.test(file) || file.split(/[\\/]/).includes("..")) {
    fail(at("file"), `must be a path inside the project, relative to it (not "${file}")`);
  }
  if (file.includes("\\")) fail(at("file"), "must use forward slashes");
  const events = h.events ?? "all";
  if (events !== "all") {
    if (!Array.isArray(events) || events.length === 0) {
      fail(at("events"), `must be "all" or a list of contract events (${EVENTS.join(", ")})`);
    }
    (events as unknown[]).forEach((e, j) => {
      if (typeof e !== "string" || !isContractEvent(e)) {
        fail(["hooks", i, "events", j], `is not a contract event (${EVENTS.join(", ")})`);
      }
    });
  }
  const agents = h.agents ?? "all";
  if (agents !== "all") {
    if (!Array.isArray(agents) || agents.length === 0) {
      fail(at("agents"), `must be "all" or a list of agent ids (${[...ids].join(", ")})`);
    }
    (agents as unknown[]).forEach((a, j) => {
      if (typeof a !== "string" || !ids.has(a)) {
        fail(["hooks", i, "agents", j], `is not an agent id (${[...ids].join(", ")})`);
      }
    });
  }
  if (h.matcher !== undefined && (typeof h.matcher !== "string" || h.matcher === "")) {
    fail(at("matcher"), "must be a text");
  }
  const timeout = h.timeout ?? 30;
  if (
    typeof timeout !== "number" || !Number.isInteger(timeout) || timeout < TIMEOUT_RULE.min ||
    timeout > TIMEOUT_RULE.max
  ) {
    fail(at("timeout"), `must be whole seconds from ${TIMEOUT_RULE.min} to ${TIMEOUT_RULE.max}`);
  }
  if (h.failClosed !== undefined && typeof h.failClosed !== "boolean") {
    fail(at("failClosed"), "must be true or false");
  }
  const spoken = SPOKEN_ENTRIES.map((e) => e.id);
  if (h.speaks !== undefined && (typeof h.speaks !== "string" || !spoken.includes(h.speaks))) {
    fail(at("speaks"), `must be an agent whose protocol everyhook speaks (${spoken.join(", ")})`);
  }
  return {
    file,
    events: events === "all" ? "all" : [...events as ContractEvent[]],
    agents: agents === "all" ? "all" : [...agents as string[]],
    ...(typeof h.matcher === "string" ? { matcher: h.matcher } : {}),
    timeout: timeout as number,
    failClosed: h.failClosed === true,
    ...(typeof h.speaks === "string" ? { speaks: h.speaks } : {}),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case "object":
      return Object.fromEntries(
        (node.children ?? []).map((p) => [p.children![0]!.value, nodeValue(p.children![1]!)]),
      );
    case "array":
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}
