/**
 * everyhook's plugin for the agents that load JavaScript plugins instead of
 * running command hooks (OpenCode, Kilo Code): one file per agent and scope,
 * written whole by install. Its `HOOKS` value holds the entries in the flat
 * layout (`{"version": 1, "hooks": {<plugin event>: [{type, command,
 * timeout}]}}`), so install, uninstall and list treat it as that JSON; the rest
 * of the file is fixed. For each plugin event with entries, the plugin runs
 * each entry's line through the system shell with `{ event, directory,
 * worktree, input, output }` on stdin and carries out the answer (see
 * src/agents/_plugin_agent.ts). It needs only `node:child_process`, which the
 * agents' runtime has: no network, no npm package.
 *
 * A file whose text around `HOOKS` is not exactly this, or whose `HOOKS` is not
 * written the way install writes it, was not written by everyhook or was
 * edited since: it is refused, never changed. Not on `run`'s path.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";
import { framedFile } from "./framed_file.ts";

/** The lines before the `HOOKS` value. */
const HEAD = `// everyhook's plugin, written by \`everyhook install\`: for each event in HOOKS,
// it runs each line with the event as JSON on stdin and carries out the answer
// ({"block": reason} refuses, {"args": {...}} rewrites a tool's arguments,
// {"append": text} adds to a tool's output). \`everyhook uninstall\` removes it;
// a copy edited by hand is left alone, so change it with install and uninstall.
import { spawn } from "node:child_process";

const HOOKS = `;

/** The lines after the `HOOKS` value. */
const TAIL = `;

/** Runs one line with the payload on stdin; gives its answer ({} when it printed none in time). */
function ask(entry, payload) {
  return new Promise((resolve) => {
    const child = spawn(entry.command, { shell: true, stdio: ["pipe", "pipe", "ignore"] });
    const timer = setTimeout(() => {
      child.kill();
      resolve({});
    }, (entry.timeout ?? 60) * 1000);
    const done = (answer) => {
      clearTimeout(timer);
      resolve(answer);
    };
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => (out += text));
    child.stdin.on("error", () => {});
    child.on("error", () => done({}));
    child.on("close", () => {
      try {
        const answer = JSON.parse(out);
        done(answer !== null && typeof answer === "object" ? answer : {});
      } catch {
        done({});
      }
    });
    child.stdin.end(JSON.stringify(payload));
  });
}

/** Runs every line of an event, then carries out the answers: a block first. */
async function on(event, base, input, output) {
  const answers = [];
  for (const entry of HOOKS.hooks[event] ?? []) {
    answers.push(await ask(entry, { event, ...base, input, output }));
  }
  const block = answers.find((a) => typeof a.block === "string");
  if (block) throw new Error(block.block);
  for (const answer of answers) {
    const args = answer.args;
    if (args && typeof args === "object" && output && typeof output.args === "object") {
      for (const key of Object.keys(output.args)) delete output.args[key];
      Object.assign(output.args, args);
    }
    if (typeof answer.append === "string" && output && typeof output.output === "string") {
      output.output += "\\n\\n" + answer.append;
    }
  }
}

export const EveryhookPlugin = async (ctx) => {
  const base = { directory: ctx.directory, worktree: ctx.worktree };
  const hooks = {};
  for (const event of Object.keys(HOOKS.hooks)) {
    if (event.includes(".execute.") || event === "chat.message") {
      hooks[event] = (input, output) => on(event, base, input, output);
    }
  }
  hooks.event = async ({ event }) => {
    if (HOOKS.hooks[event.type]) await on(event.type, base, event, undefined);
  };
  return hooks;
};
`;

const FRAME = framedFile(HEAD, TAIL);

/**
 * The plugin's text around a `HOOKS` value.
 *
 * @param jsonText The `HOOKS` value's JSON text (written again two-space).
 * @returns The whole plugin.
 * @throws {SyntaxError} When the text is not JSON.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginText, pluginHooksText } from "./plugin_file.ts";
 * const text = pluginText('{"version": 1, "hooks": {}}');
 * assert(JSON.parse(pluginHooksText(text, "p.js")).version === 1);
 * ```
 */
export function pluginText(jsonText: string): string {
  return FRAME.text(jsonText);
}

/**
 * The `HOOKS` value's JSON text of a plugin everyhook wrote (empty for an
 * empty file, which install writes a new plugin over).
 *
 * @param text The file's text.
 * @param file The path, for messages.
 * @returns The JSON text.
 * @throws {EveryhookError} `config-shape` when the file was not written by
 *   everyhook or was edited since.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { pluginHooksText } from "./plugin_file.ts";
 * assert(pluginHooksText("", "p.js") === "");
 * ```
 */
export function pluginHooksText(text: string, file: string): string {
  const refuse = () =>
    new EveryhookError(
      "config-shape",
      `Cannot change "${file}": it is not a plugin everyhook wrote, or it was edited since; left alone`,
    );
  return FRAME.json(text, refuse);
}
