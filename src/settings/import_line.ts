/**
 * The lines `import` writes: everyhook's `run` with `--speaks <agent>`, then
 * the spoken agent's shell and the hook's command string as the spoken
 * agent's file holds it, in single quotes; and reading that command back.
 * Not on `run`'s path.
 *
 * @module
 */

import { type ParsedLine, runArgv, type RunLine, shellLine } from "./command_line.ts";

/**
 * The words of a `run` line that runs another agent's hook command as that
 * agent runs it: everyhook's words, `run` and its options with `--speaks`,
 * then after `--` the spoken agent's shell and the command string, unchanged.
 *
 * @param self The words that start everyhook.
 * @param line What the line says (its `hook` is not used).
 * @param shell The spoken agent's shell and its first arguments, such as `bash -c`.
 * @param command The hook's command string, as the spoken agent's file holds it.
 * @returns The words, program first; the command string last.
 * @throws {EveryhookError} `path-refused` for a word before the command that cannot be written.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { speaksCommandArgv } from "./import_line.ts";
 * const argv = speaksCommandArgv(["/bin/everyhook"], {
 *   agent: "codex", event: "pre-tool", timeout: 28, failClosed: false, hook: "", speaks: "claude-code",
 * }, ["bash", "-c"], "$HOME/guard.sh");
 * assert.equal(argv.at(-1), "$HOME/guard.sh");
 * assert.ok(argv.join(" ").includes("--speaks claude-code -- bash -c"));
 * ```
 */
export function speaksCommandArgv(
  self: readonly string[],
  line: RunLine,
  shell: readonly string[],
  command: string,
): string[] {
  const head = runArgv(self, { ...line, hook: shell[0] ?? "" });
  return [...head, ...shell.slice(1), command];
}

/**
 * A `run` line's text for {@linkcode speaksCommandArgv}'s words: the words
 * before the command as {@linkcode shellLine} writes them, and the command
 * string in single quotes (POSIX shells take every character inside them as
 * it is; a single quote in it is written `'"'"'`).
 *
 * @param argv The words, the command string last.
 * @returns The line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { speaksCommandLine } from "./import_line.ts";
 * import { splitLine } from "./command_line.ts";
 * const line = speaksCommandLine(["/bin/everyhook", "run", "--", "bash", "-c", "echo 'hi' $X"]);
 * assert.equal(splitLine(line)?.at(-1), "echo 'hi' $X");
 * ```
 */
export function speaksCommandLine(argv: readonly string[]): string {
  const command = argv.at(-1) ?? "";
  return `${shellLine(argv.slice(0, -1))} '${command.replaceAll("'", `'"'"'`)}'`;
}

/**
 * The command string an imported line runs (`--speaks <agent> -- <shell> -c
 * <command>`), or undefined for a line that runs a hook file.
 *
 * @param line A line read back.
 * @returns The command string.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { importedCommand } from "./import_line.ts";
 * import { parseLine } from "./command_line.ts";
 * const line = parseLine("/bin/everyhook run --agent codex --event stop --speaks claude-code -- bash -c 'x.sh'");
 * assert.equal(importedCommand(line!), "x.sh");
 * ```
 */
export function importedCommand(line: ParsedLine): string | undefined {
  if (line.speaks === undefined || line.args.length !== 2 || line.args[0] !== "-c") {
    return undefined;
  }
  return line.args[1];
}
