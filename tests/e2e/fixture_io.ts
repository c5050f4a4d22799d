/**
 * Writing what the recorders saw: paths and machine names made neutral,
 * fixtures and conformance files written in one format, and a check of
 * whether a text reached the model (from a fake API's request log).
 *
 * @module
 */

import type { ConformanceCase, ConformanceFile, Fixture } from "./harness_types.ts";
import type { World } from "./world.ts";
import { agentVersion, REPO_ROOT } from "./world.ts";

/** Where the fixtures live: `<repo>/fixtures`. */
export const FIXTURES_DIR: string = `${REPO_ROOT}/fixtures`;

/** The machine's user name and host name, when they can be known. */
function machineNames(): { user: string | undefined; host: string | undefined } {
  let host: string | undefined;
  try {
    host = Deno.hostname();
  } catch { /* no --allow-sys */ }
  const user = Deno.env.get("USER") ?? Deno.env.get("LOGNAME") ??
    Deno.env.get("HOME")?.split("/").filter(Boolean).at(-1);
  return { user, host };
}

/**
 * Replaces `word` in `text` where it stands alone (not inside a longer name),
 * and never inside a placeholder already written (`<home>` stays itself for a
 * user named "home").
 */
function replaceWord(text: string, word: string, by: string): string {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const alone = new RegExp(`(^|[^A-Za-z0-9_])${escaped}(?=$|[^A-Za-z0-9_])`, "g");
  return text.split(/(<[a-z-]+>)/).map((part, i) =>
    i % 2 === 1 ? part : part.replace(alone, `$1${by}`)
  ).join("");
}

/** The real path of a folder (macOS /var → /private/var and the like), or the path itself. */
function realPath(path: string): string {
  try {
    return Deno.realPathSync(path);
  } catch {
    return path;
  }
}

/** Redacts one string. */
function redactText(text: string, world: World): string {
  const pairs: Array<[string, string]> = [];
  for (
    const [path, by] of [
      [world.home, "<home>"],
      [world.project, "<project>"],
      [world.tmp, "<tmp>"],
      [world.root, "<tmp>"],
    ] as const
  ) {
    pairs.push([path, by]);
    const real = realPath(path);
    if (real !== path) pairs.push([real, by]);
  }
  // The project path as a folder name, as agents key their per-project data
  // (Claude Code: every character but letters and digits made "-").
  pairs.push([world.project.replace(/[^A-Za-z0-9]/g, "-"), "<project-slug>"]);
  // Longest first, so that a path inside another wins.
  pairs.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [path, by] of pairs) out = out.replaceAll(path, by);
  const { user, host } = machineNames();
  const realHome = Deno.env.get("HOME");
  if (realHome && realHome !== "/") out = out.replaceAll(realHome, "<user-home>");
  // "root" names no person, and as a word it is everywhere ("root" keys, "rootDir"): its
  // home, /root, is caught with the paths above.
  if (user && user.length > 1 && user !== "root") out = replaceWord(out, user, "<user>");
  if (host && host.length > 1) out = replaceWord(out, host, "<host>");
  return out;
}

/**
 * Replaces, in every string (and object key) of a value: world.home → `<home>`,
 * world.project → `<project>` (and its slug, every character but letters and
 * digits made "-", → `<project-slug>`), world.tmp and world.root → `<tmp>`, the test
 * process's real HOME → `<user-home>`, and the machine's user name (unless it
 * is root) and host name (as whole words) → `<user>` / `<host>`.
 *
 * @param value Any JSON value.
 * @param world The world the run used.
 * @returns A copy with those replaced.
 *
 * @example Usage
 * ```ts ignore
 * import { redact } from "./fixture_io.ts";
 * const clean = redact({ cwd: world.project + "/src" }, world); // { cwd: "<project>/src" }
 * ```
 */
export function redact(value: unknown, world: World): unknown {
  if (typeof value === "string") return redactText(value, world);
  if (Array.isArray(value)) return value.map((v) => redact(v, world));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactText(k, world)] = redact(v, world);
    return out;
  }
  return value;
}

/**
 * The operating system as fixtures name it, such as "linux x64".
 *
 * @returns `<os> <arch>`, with x86_64 called x64 and aarch64 arm64.
 *
 * @example Usage
 * ```ts
 * import { fixtureOs } from "./fixture_io.ts";
 * console.log(fixtureOs());
 * ```
 */
export function fixtureOs(): string {
  const arch = Deno.build.arch === "x86_64"
    ? "x64"
    : Deno.build.arch === "aarch64"
    ? "arm64"
    : Deno.build.arch;
  return `${Deno.build.os} ${arch}`;
}

/**
 * Today's date as fixtures write it (UTC, YYYY-MM-DD).
 *
 * @returns The date.
 *
 * @example Usage
 * ```ts
 * import { fixtureDate } from "./fixture_io.ts";
 * console.log(fixtureDate());
 * ```
 */
export function fixtureDate(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Formats a value the way every fixture file is written: 2-space JSON plus a newline. */
function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}

/**
 * Writes a fixture as `<dir>/<event>.<variant>.json`. When `dir` is not the
 * agent's own folder (its last part is not `f.agent`), `<dir>/<agent>/` is used,
 * so both `fixtures` and `fixtures/<agent>` work.
 *
 * @param dir The fixtures folder, or the agent's folder inside it.
 * @param f The fixture (already redacted).
 * @returns The path written.
 *
 * @example Usage
 * ```ts ignore
 * import { writeFixture } from "./fixture_io.ts";
 * await writeFixture("fixtures/claude-code", fixture);
 * ```
 */
export async function writeFixture(dir: string, f: Fixture): Promise<string> {
  const base = dir.replace(/\/+$/, "");
  const folder = base.split("/").at(-1) === f.agent ? base : `${base}/${f.agent}`;
  await Deno.mkdir(folder, { recursive: true });
  const path = `${folder}/${f.event}.${f.variant}.json`;
  await Deno.writeTextFile(path, formatJson(f));
  return path;
}

/**
 * Writes `fixtures/conformance/<agent>.json` (marking it `source: "recorded"`
 * when it does not say).
 *
 * @param f The conformance file (already redacted).
 * @returns The path written.
 *
 * @example Usage
 * ```ts ignore
 * import { writeConformance } from "./fixture_io.ts";
 * await writeConformance(await harness.recordConformance());
 * ```
 */
export async function writeConformance(
  f: ConformanceFile,
  dir: string = FIXTURES_DIR,
): Promise<string> {
  const folder = `${dir}/conformance`;
  await Deno.mkdir(folder, { recursive: true });
  const path = `${folder}/${f.agent}.json`;
  const { agent, version, os, date, source, ...rest } = f;
  await Deno.writeTextFile(
    path,
    formatJson({ agent, version, source: source ?? "recorded", os, date, ...rest }),
  );
  return path;
}

/**
 * A conformance file for recorded cases: the agent's version from its binary,
 * this machine's os, today's date.
 *
 * @param agent The agent id.
 * @param cases The recorded cases.
 * @returns The file, for {@linkcode writeConformance}.
 *
 * @example Usage
 * ```ts ignore
 * import { conformanceFile } from "./fixture_io.ts";
 * const file = await conformanceFile("claude-code", cases);
 * ```
 */
export async function conformanceFile(
  agent: string,
  cases: ConformanceCase[],
): Promise<ConformanceFile> {
  return {
    agent,
    version: await agentVersion(agent),
    source: "recorded",
    os: fixtureOs(),
    date: fixtureDate(),
    cases,
  };
}

/** Every string (values and keys) inside a value. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === "string") yield value;
  else if (Array.isArray(value)) { for (const v of value) yield* stringsOf(v); }
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      yield k;
      yield* stringsOf(v);
    }
  }
}

/**
 * Whether a text reached the model: does any string in any logged request body contain it?
 *
 * @param requests The fake server's request log (anything with a `body`).
 * @param text The text to look for (such as a hook's reason marker).
 * @returns True when some request body holds it.
 *
 * @example Usage
 * ```ts
 * import { requestsMention } from "./fixture_io.ts";
 * const log = [{ body: { messages: [{ content: "hook said R-1" }] } }];
 * console.log(requestsMention(log, "R-1")); // true
 * ```
 */
export function requestsMention(
  requests: ReadonlyArray<{ body: unknown }>,
  text: string,
): boolean {
  for (const r of requests) {
    for (const s of stringsOf(r.body)) if (s.includes(text)) return true;
  }
  return false;
}
