// deno-lint-ignore-file no-console -- a script: it reports to the person on the console
/**
 * Build one self-contained everyhook executable per target with `deno compile`.
 * The binary carries the union of the permissions its commands need (read,
 * write, run, env; no net, no sys) and the recorded fixtures, for explain,
 * bench and demo.
 *
 * `deno compile` downloads the runtime for each target from Deno's release host.
 * Where that host cannot be reached, set DENORT_BIN to a denort binary for the
 * host's own target; otherwise this script fails with Deno's message.
 *
 * Usage: deno run -A scripts/compile.ts [target...]   (default: this machine's target)
 * Test a result: EVERYHOOK_BIN=dist/everyhook deno task test
 *
 * @module
 */

const root = new URL("..", import.meta.url).pathname;
const targets = Deno.args.length > 0 ? Deno.args : [Deno.build.target];
const permissions = ["--allow-read", "--allow-write", "--allow-run", "--allow-env"];
let failed = 0;
for (const target of targets) {
  const suffix = target.includes("windows") ? ".exe" : "";
  const output = targets.length === 1
    ? `dist/everyhook${suffix}`
    : `dist/everyhook-${target}${suffix}`;
  console.log(`compiling ${output} for ${target} ...`);
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "compile",
      "--no-prompt",
      ...permissions,
      "--include",
      "fixtures",
      "--include",
      "examples",
      "--target",
      target,
      "--output",
      output,
      "cli.ts",
    ],
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!out.success) {
    failed++;
    console.error(
      `compiling for ${target} failed (exit ${out.code}); where Deno's release host is out of reach, set DENORT_BIN`,
    );
  }
}
Deno.exit(failed > 0 ? 1 : 0);
