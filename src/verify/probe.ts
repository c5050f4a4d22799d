/**
 * How verify sees a hook fire: in the world's copy of a settings file, each
 * command entry's command is wrapped in the probe, a POSIX shell script in
 * the world that runs the entry's own command with the same stdin,
 * environment and folder, passes on its stdout, stderr and exit code
 * unchanged, and keeps a copy of the call (what came in, what went out, when
 * it started and ended) in the world's `calls/` folder. It works alike for
 * everyhook's entries (`run` lines and direct mode) and for anyone else's,
 * and it needs no permission of the hook: a direct-mode hook runs with only
 * its shebang's permissions, and a `run` line with no write permission. What
 * the agent keeps per entry (matcher, event, timeout) is unchanged; where an
 * agent trusts an entry by a hash of its command (Codex CLI), world.ts trusts
 * the wrapped copy of an entry the user trusted. Reading the calls back is
 * here too.
 *
 * @module
 */

/** The fields of an entry that hold a shell command line, besides the agent's own field. */
export const PROBE_FIELDS: readonly string[] = ["command", "bash"];

/** The shell each field's command line is written for (the agent's own shell). */
const SHELL_OF: Readonly<Record<string, string>> = { bash: "bash" };

function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command line that runs an entry's command through the probe.
 *
 * @param root The world's root (holds probe.sh).
 * @param id The entry's probe id.
 * @param field The field the command is in (`bash` is run by bash, any other by sh).
 * @param command The entry's command as written.
 * @returns The wrapped command line.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapCommand } from "./probe.ts";
 * const line = wrapCommand("/tmp/w", "e1-1", "command", "echo 'hi'");
 * assert(line === `/bin/sh '/tmp/w/probe.sh' e1-1 sh 'echo '\\''hi'\\'''`);
 * ```
 */
export function wrapCommand(root: string, id: string, field: string, command: string): string {
  return `/bin/sh ${quoted(`${root}/probe.sh`)} ${id} ${SHELL_OF[field] ?? "sh"} ${
    quoted(command)
  }`;
}

/**
 * The program and arguments that run an entry's program (an entry that starts
 * a program with no shell, such as Copilot CLI's `exec` and `args`) through the probe.
 *
 * @param root The world's root (holds probe.sh).
 * @param id The entry's probe id.
 * @param argv The entry's program and its arguments.
 * @returns The program and arguments to write in their place.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { wrapExec } from "./probe.ts";
 * const w = wrapExec("/tmp/w", "e1-1", ["/bin/guard", "--x"]);
 * assert(w.program === "/bin/sh" && w.args.join(" ") === "/tmp/w/probe.sh e1-1 -- /bin/guard --x");
 * ```
 */
export function wrapExec(
  root: string,
  id: string,
  argv: readonly string[],
): { program: string; args: string[] } {
  return { program: "/bin/sh", args: [`${root}/probe.sh`, id, "--", ...argv] };
}

/**
 * The probe script: `probe.sh <id> <shell> <command>`, or `probe.sh <id> -- <program> [args...]`.
 *
 * @param calls The folder the calls are kept in.
 * @returns The script's text.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { probeScript } from "./probe.ts";
 * assert(probeScript("/tmp/w/calls").includes("/tmp/w/calls"));
 * ```
 */
export function probeScript(calls: string): string {
  return [
    "#!/bin/sh",
    "# everyhook verify: runs one hook entry's own command as the agent would have, with the",
    "# same stdin, environment and folder, passes its output and exit code on, and keeps a copy",
    "# of the call. Written into verify's temporary world and removed with it.",
    'id="$1"; shell="$2"; shift 2',
    `call=${quoted(calls)}/"$id.$$"`,
    'date +%s%N > "$call.start" 2>/dev/null',
    'cat > "$call.in"',
    'if [ "$shell" = "--" ]; then',
    '  "$@" < "$call.in" > "$call.out" 2> "$call.err"',
    "else",
    '  "$shell" -c "$1" < "$call.in" > "$call.out" 2> "$call.err"',
    "fi",
    "code=$?",
    'printf \'%s %s\\n\' "$(date +%s%N 2>/dev/null)" "$code" > "$call.end"',
    'cat "$call.out"',
    'cat "$call.err" >&2',
    'exit "$code"',
    "",
  ].join("\n");
}

/** One call of an entry, as the probe kept it. */
export interface ProbeCall {
  /** The entry's probe id. */
  id: string;
  /** What the agent wrote on stdin: parsed JSON, or the text. */
  input: unknown;
  /** The native event the payload names (`hook_event_name`), or null. */
  payloadEvent: string | null;
  /** What the hook printed on stdout. */
  stdout: string;
  /** What it printed on stderr. */
  stderr: string;
  /** Its exit code, or null when it did not finish (stopped by the agent). */
  exit: number | null;
  /** How long it ran, in milliseconds, or null when that could not be told. */
  ms: number | null;
}

async function text(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch {
    return null;
  }
}

/**
 * Every call the probes kept in a world, oldest first.
 *
 * @param calls The world's calls folder.
 * @returns The calls.
 *
 * @example Usage
 * ```ts
 * import assert from "node:assert/strict";
 * import { readCalls } from "./probe.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/e1-1.7.start`, "1000000000\n");
 * await Deno.writeTextFile(`${dir}/e1-1.7.in`, '{"hook_event_name":"Stop"}');
 * await Deno.writeTextFile(`${dir}/e1-1.7.out`, "");
 * await Deno.writeTextFile(`${dir}/e1-1.7.err`, "");
 * await Deno.writeTextFile(`${dir}/e1-1.7.end`, "3000000000 0\n");
 * const [call] = await readCalls(dir);
 * assert(call!.payloadEvent === "Stop" && call!.ms === 2000 && call!.exit === 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function readCalls(calls: string): Promise<ProbeCall[]> {
  const names: string[] = [];
  try {
    for await (const e of Deno.readDir(calls)) {
      if (e.name.endsWith(".start")) names.push(e.name.slice(0, -".start".length));
    }
  } catch {
    return [];
  }
  const out: Array<ProbeCall & { at: number }> = [];
  for (const name of names) {
    const base = `${calls}/${name}`;
    const start = Number((await text(`${base}.start`))?.trim());
    const [endText, codeText] = ((await text(`${base}.end`)) ?? "").trim().split(" ");
    const end = Number(endText);
    const raw = (await text(`${base}.in`)) ?? "";
    let input: unknown = raw;
    try {
      input = JSON.parse(raw);
    } catch { /* not JSON: kept as text */ }
    const named = (input as { hook_event_name?: unknown } | null)?.hook_event_name;
    out.push({
      id: name.slice(0, name.lastIndexOf(".")),
      input,
      payloadEvent: typeof named === "string" ? named : null,
      stdout: (await text(`${base}.out`)) ?? "",
      stderr: (await text(`${base}.err`)) ?? "",
      exit: codeText === undefined || codeText === "" ? null : Number(codeText),
      ms: Number.isFinite(start) && Number.isFinite(end) && end > 0
        ? Math.round((end - start) / 1e6)
        : null,
      at: Number.isFinite(start) ? start : 0,
    });
  }
  return out.sort((a, b) => a.at - b.at).map(({ at: _, ...call }) => call);
}
