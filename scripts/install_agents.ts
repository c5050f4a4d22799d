// deno-lint-ignore-file no-console -- a script: it reports to the person on the console
/**
 * Install the pinned agents from the npm registry into .cache/agents/<agent>/,
 * one folder each, skipping those already at the pinned version. Prints one line
 * per agent and exits 1 when any failed (the e2e tests then skip that agent and
 * say why).
 *
 * Usage: deno run --allow-read --allow-write --allow-run --allow-env scripts/install_agents.ts [agent...]
 *
 * @module
 */

import { AGENTS_CACHE, PINS } from "../tests/e2e/pins.ts";

const root = new URL("..", import.meta.url).pathname;
const wanted = Deno.args.length > 0 ? Deno.args : Object.keys(PINS);
let failed = 0;
for (const id of wanted) {
  const pin = PINS[id as keyof typeof PINS];
  if (!pin) {
    console.error(`unknown agent "${id}"; known: ${Object.keys(PINS).join(", ")}`);
    Deno.exit(2);
  }
  const dir = `${root}${AGENTS_CACHE}/${id}`;
  const pkgJson = `${dir}/node_modules/${pin.package}/package.json`;
  try {
    const have = JSON.parse(await Deno.readTextFile(pkgJson)).version;
    if (have === pin.version) {
      console.log(`${id}: ${pin.package}@${pin.version} already installed`);
      continue;
    }
  } catch { /* not installed yet */ }
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/package.json`, JSON.stringify({ private: true }) + "\n");
  const started = Date.now();
  console.log(`${id}: installing ${pin.package}@${pin.version} ...`);
  const out = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
      `${pin.package}@${pin.version}`,
    ],
    cwd: dir,
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  if (out.success) console.log(`${id}: installed in ${secs} s`);
  else {
    failed++;
    console.error(`${id}: npm install failed (exit ${out.code}) after ${secs} s`);
  }
}
if (failed > 0) Deno.exit(1);
