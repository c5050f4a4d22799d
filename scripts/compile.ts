// deno-lint-ignore-file no-console -- a script: it reports to the person on the console
/**
 * Build the everyhook binaries with `deno compile`: one per target in
 * {@linkcode TARGETS}, written to `dist/everyhook-<target>[.exe]`, and
 * `dist/SHA256SUMS` for them (the format `sha256sum -c` reads). Each binary is
 * granted exactly the union of the permissions its commands declare in
 * src/cli/commands.ts (read, write, run, env; no net, no ffi, no sys), and
 * carries nothing but its module graph: the recordings and the example hooks
 * are in it through src/readers/shipped.ts, so nothing is `--include`d.
 *
 * `deno compile` downloads the runtime of each target from Deno's release host.
 * Where it cannot (no route to that host), this script says so in one line and
 * exits 1; `DENORT_BIN` (read by deno compile itself) can name a runtime for
 * this machine's own target instead.
 *
 * Usage: deno run -A scripts/compile.ts [target...]   (default: every target)
 * Test a binary: EVERYHOOK_BIN=dist/everyhook-x86_64-unknown-linux-gnu deno task test:unit
 *
 * @module
 */

import { COMMANDS } from "../src/cli/commands.ts";
import { flagFor, type PermissionName } from "../src/os/runtime.ts";

/** The targets a release has a binary for. */
export const TARGETS: readonly string[] = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
];

const ORDER: readonly PermissionName[] = ["read", "write", "run", "env", "net"];

/** The permissions a binary is built with: every one some command needs, and no other. */
export const BINARY_PERMISSIONS: readonly PermissionName[] = ORDER.filter((p) =>
  COMMANDS.some((c) => c.permissions.includes(p))
);

/**
 * The binary's file name for a target.
 *
 * @param target A target such as `x86_64-pc-windows-msvc`.
 * @returns `everyhook-<target>`, with `.exe` for Windows.
 */
export function binaryName(target: string): string {
  return `everyhook-${target}${target.includes("windows") ? ".exe" : ""}`;
}

/**
 * The arguments of `deno compile` for one target.
 *
 * @param target The target.
 * @returns The arguments after `deno`.
 */
export function compileArgs(target: string): string[] {
  return [
    "compile",
    "--no-prompt",
    ...BINARY_PERMISSIONS.map(flagFor),
    "--target",
    target,
    "--output",
    `dist/${binaryName(target)}`,
    "cli.ts",
  ];
}

/**
 * SHA256SUMS as `sha256sum` writes it: `<hex>  <name>`, one line per file, sorted by name.
 *
 * @param sums The file names and their SHA-256 in hex.
 * @returns The text.
 */
export function checksumsText(sums: ReadonlyArray<{ name: string; sha256: string }>): string {
  return [...sums].sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
    .map((s) => `${s.sha256}  ${s.name}\n`).join("");
}

/**
 * The one line that says why `deno compile` failed for a target.
 *
 * @param target The target.
 * @param stderr What deno compile printed.
 * @param code Its exit code.
 * @returns The line, without a newline.
 */
export function failureLine(target: string, stderr: string, code: number): string {
  const plain = stderr.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  const url = /https?:\/\/\S*denort\S*?\.zip/.exec(plain)?.[0];
  if (url && /error sending request|dns error|Connect|timed out/i.test(plain)) {
    const cause = /dns error: ([^\n]+)/.exec(plain)?.[1] ?? "no connection";
    return `compile: deno compile cannot fetch the runtime for ${target} from ${url} (${cause}): nothing was built; build where that host is reachable, or set DENORT_BIN to a denort for this machine's own target`;
  }
  const first = plain.split("\n").find((l) => /^error/.test(l.trim()))?.trim() ??
    plain.trim().split("\n").at(-1) ?? "";
  return `compile: deno compile failed for ${target} (exit ${code}): ${first}`;
}

async function sha256(path: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await Deno.readFile(path));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function main(args: string[]): Promise<number> {
  const root = new URL("..", import.meta.url).pathname.replace(/^\/([A-Za-z]:)/, "$1");
  const targets = args.length > 0 ? args : [...TARGETS];
  const unknown = targets.filter((t) => !TARGETS.includes(t));
  if (unknown.length > 0) {
    console.error(
      `compile: unknown target ${unknown.join(", ")}; the targets: ${TARGETS.join(" ")}`,
    );
    return 2;
  }
  await Deno.mkdir(`${root}/dist`, { recursive: true });
  const sums: Array<{ name: string; sha256: string }> = [];
  for (const target of targets) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: compileArgs(target),
      cwd: root,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    if (!out.success) {
      console.error(failureLine(target, new TextDecoder().decode(out.stderr), out.code));
      return 1;
    }
    const name = binaryName(target);
    sums.push({ name, sha256: await sha256(`${root}/dist/${name}`) });
    console.log(`dist/${name}`);
  }
  await Deno.writeTextFile(`${root}/dist/SHA256SUMS`, checksumsText(sums));
  console.log(
    `dist/SHA256SUMS: ${sums.length} binaries, with ${BINARY_PERMISSIONS.map(flagFor).join(" ")}`,
  );
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
