/**
 * everyhook's hook file for the agents that run every file named after an
 * event in a hooks folder (Cline: `<Event>`, `<Event>.sh`, `<Event>.mjs` and
 * a few more, all of them, their answers merged): one executable per event
 * and scope, written whole by install as `<Event>.mjs`, beside any file of the
 * person's. Its `HOOKS` value holds that event's entries in the flat layout
 * (`{"version": 1, "hooks": {<event>: [{type, command, timeout}]}}`), so
 * install, uninstall and list treat it as that JSON; the rest of the file is
 * fixed. It runs each entry's line through the system shell with the agent's
 * payload on stdin, reads each answer the way Cline does (the last
 * `HOOK_CONTROL<tab>` line, else the whole output, as JSON), and prints one
 * answer made of them: `cancel` if any cancels, the contexts and error
 * messages joined, the first `overrideInput`. A line installed with
 * `--fail-closed` (`failClosed: true`) that runs past its timeout or cannot
 * start is answered with Cline's refusal (the call rewritten into a command
 * that prints why and fails). It needs only Node.js, which runs Cline: no
 * network, no npm package.
 *
 * A file whose text around `HOOKS` is not exactly this, or whose `HOOKS` is not
 * written the way install writes it, was not written by everyhook or was
 * edited since: it is refused, never changed. One that bears no mark of
 * everyhook's at all is the person's own (`isPersonsHookText`): it holds
 * nothing of everyhook's, so a command with nothing to write there leaves it
 * alone without a word of refusal. Not on `run`'s path.
 *
 * @module
 */

import { EveryhookError } from "../contract/errors.ts";
import { framedFile } from "./framed_file.ts";

/** The lines before the `HOOKS` value. */
const HEAD = `#!/usr/bin/env node
// everyhook's hook file, written by \`everyhook install\`: the agent runs it for
// the event in its name. It runs each line of HOOKS with the agent's payload on
// stdin and prints one answer made of theirs. \`everyhook uninstall\` removes it;
// a copy edited by hand is left alone, so change it with install and uninstall.
import { spawn } from "node:child_process";

const HOOKS = `;

/** The line of `HEAD` that names the file everyhook's: a copy edited by hand most likely keeps it. */
const MARK = "// everyhook's hook file, written by `everyhook install`";

/** The lines after the `HOOKS` value (no template syntax inside: it is raw). */
const TAIL = String.raw`;

/** An answer as the agent reads one: the last HOOK_CONTROL line, else all the output. */
function parse(out) {
  const marked = out.split("\n").map((l) => l.trim()).filter((l) => l.startsWith("HOOK_CONTROL\t"));
  const text = marked.length > 0 ? marked[marked.length - 1].slice(13) : out.trim();
  try {
    const answer = JSON.parse(text);
    return answer !== null && typeof answer === "object" && !Array.isArray(answer) ? answer : undefined;
  } catch {
    return undefined;
  }
}

/** The agent's refusal of a tool call: the call rewritten into a command that prints why and fails. */
function refusal(reason) {
  const word = "'" + reason.replaceAll("'", "'\\''") + "'";
  return { overrideInput: { commands: ["printf '%s\\n' " + word + " >&2; exit 1"] }, contextModification: reason };
}

/**
 * Runs one line with the payload on stdin; gives its answer (none when it
 * printed none in time, or a refusal for a line installed with --fail-closed).
 */
function ask(entry, payload) {
  const failed = (why) => (entry.failClosed === true ? refusal("everyhook: the hook " + why + " (--fail-closed)") : undefined);
  return new Promise((resolve) => {
    const child = spawn(entry.command, { shell: true, stdio: ["pipe", "pipe", "inherit"] });
    const seconds = entry.timeout ?? 60;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(failed("ran past its " + seconds + " s timeout"));
    }, seconds * 1000);
    let out = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text) => (out += text));
    child.stdin.on("error", () => {});
    child.on("error", () => {
      clearTimeout(timer);
      resolve(failed("could not start"));
    });
    child.on("close", () => {
      clearTimeout(timer);
      resolve(parse(out));
    });
    child.stdin.end(payload);
  });
}

let payload = "";
process.stdin.setEncoding("utf8");
for await (const text of process.stdin) payload += text;
const merged = {};
const contexts = [];
const errors = [];
for (const entry of Object.values(HOOKS.hooks).flat()) {
  const answer = await ask(entry, payload);
  if (answer === undefined) continue;
  if (answer.cancel === true) merged.cancel = true;
  const context = typeof answer.contextModification === "string" ? answer.contextModification : answer.context;
  if (typeof context === "string" && context !== "") contexts.push(context);
  if (typeof answer.errorMessage === "string" && answer.errorMessage !== "") errors.push(answer.errorMessage);
  if (Object.hasOwn(answer, "overrideInput") && !Object.hasOwn(merged, "overrideInput")) {
    merged.overrideInput = answer.overrideInput;
  }
}
if (contexts.length > 0) merged.contextModification = contexts.join("\n");
if (errors.length > 0) merged.errorMessage = errors.join("\n");
if (Object.keys(merged).length > 0) process.stdout.write(JSON.stringify(merged));
`;

const FRAME = framedFile(HEAD, TAIL);

/**
 * The hook file's text around a `HOOKS` value.
 *
 * @param jsonText The `HOOKS` value's JSON text (written again two-space).
 * @returns The whole file.
 * @throws {SyntaxError} When the text is not JSON.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { runnerHooksText, runnerText } from "./runner_file.ts";
 * const text = runnerText('{"version": 1, "hooks": {}}');
 * assert(text.startsWith("#!/usr/bin/env node\n"));
 * assert(JSON.parse(runnerHooksText(text, "PreToolUse.mjs")).version === 1);
 * ```
 */
export function runnerText(jsonText: string): string {
  return FRAME.text(jsonText);
}

/**
 * Whether a file's text is everyhook's hook file (of any entries).
 *
 * @param text The file's text.
 * @returns True when it starts and ends as everyhook writes one.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRunnerText, runnerText } from "./runner_file.ts";
 * assert(isRunnerText(runnerText('{"version": 1, "hooks": {}}')));
 * assert(!isRunnerText("#!/bin/sh\necho hi\n"));
 * ```
 */
export function isRunnerText(text: string): boolean {
  return FRAME.holds(text);
}

/**
 * Whether a file's text is a hook file of the person's own: not empty, and
 * bearing no mark of everyhook's (neither its first lines, nor its last, nor
 * the line that names it everyhook's). A copy of everyhook's edited since it
 * was written keeps a mark, and is not one: it may hold everyhook's entries.
 *
 * @param text The file's text.
 * @returns True for a file everyhook did not write.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { isPersonsHookText, runnerText } from "./runner_file.ts";
 * const ours = runnerText('{"version": 1, "hooks": {}}');
 * assert(isPersonsHookText("#!/usr/bin/env node\nconsole.log('{}');\n"));
 * assert(!isPersonsHookText(ours));
 * assert(!isPersonsHookText(ours.replace("let payload", "console.error(1);\nlet payload")));
 * // Its first and last lines both changed: the line naming it everyhook's still does.
 * assert(!isPersonsHookText(ours.replace("/usr/bin/env node", "/opt/node") + "// mine\n"));
 * assert(!isPersonsHookText(""));
 * ```
 */
export function isPersonsHookText(text: string): boolean {
  // Line endings a checkout may have changed do not make a copy the person's.
  const unix = text.replaceAll("\r\n", "\n");
  return text.trim() !== "" && !unix.startsWith(HEAD) && !unix.endsWith(TAIL) &&
    !text.includes(MARK);
}

/**
 * The `HOOKS` value's JSON text of a hook file everyhook wrote (empty for an
 * empty file, which install writes a new one over).
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
 * import { runnerHooksText } from "./runner_file.ts";
 * assert(runnerHooksText("", "PreToolUse.mjs") === "");
 * assert.throws(() => runnerHooksText("#!/bin/sh\n", "PreToolUse.mjs"));
 * ```
 */
export function runnerHooksText(text: string, file: string): string {
  const refuse = () =>
    new EveryhookError(
      "config-shape",
      `Cannot change "${file}": it is not a hook file everyhook wrote, or it was edited since; left alone (the agent still runs it; move it away to let everyhook write its own)`,
    );
  return FRAME.json(text, refuse);
}
