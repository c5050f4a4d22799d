// deno-lint-ignore-file no-console -- a script: it reports to the person on the console
/**
 * Install the pinned agents from the npm registry into .cache/agents/<agent>/,
 * one folder each, skipping those already at the pinned version. An agent that
 * needs a newer Node.js than the machine's gets the pinned `node` package first
 * (into .cache/agents/node-<version>/), and npm runs with that Node first on
 * PATH, so that npm picks the pinned release and not an older one whose engines
 * the machine's Node meets. Prints one line per package and exits 1 when any
 * failed (the e2e tests then skip that agent and say why).
 *
 * Usage: deno run --allow-read --allow-write --allow-run --allow-env scripts/install_agents.ts [agent...]
 *
 * @module
 */

import { AGENTS_CACHE, nodeFolder, type Pin, PINS } from "../tests/e2e/pins.ts";

const root = new URL("..", import.meta.url).pathname;

/** The version of the package installed in `dir`, or undefined. */
async function installed(dir: string, pin: Pin): Promise<string | undefined> {
  try {
    const text = await Deno.readTextFile(`${dir}/node_modules/${pin.package}/package.json`);
    const version: unknown = JSON.parse(text).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Installs `pin` into `dir` unless it is there at its version; with `nodeBin`,
 * npm runs with that folder first on PATH. Returns false when npm failed.
 */
async function installPin(label: string, dir: string, pin: Pin, nodeBin?: string) {
  if (await installed(dir, pin) === pin.version) {
    console.log(`${label}: ${pin.package}@${pin.version} already installed`);
    return true;
  }
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(`${dir}/package.json`, JSON.stringify({ private: true }) + "\n");
  const started = Date.now();
  console.log(`${label}: installing ${pin.package}@${pin.version} ...`);
  const path = Deno.env.get("PATH") ?? "/usr/bin:/bin";
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
    ...(nodeBin === undefined ? {} : { env: { PATH: `${nodeBin}:${path}` } }),
  }).output();
  const secs = ((Date.now() - started) / 1000).toFixed(0);
  if (!out.success) {
    console.error(`${label}: npm install failed (exit ${out.code}) after ${secs} s`);
    return false;
  }
  // npm picks another release without a word when the pin cannot be met: say so here.
  const have = await installed(dir, pin);
  if (have !== pin.version) {
    console.error(
      `${label}: npm installed ${pin.package}@${have ?? "nothing"}, not ${pin.version}`,
    );
    return false;
  }
  console.log(`${label}: installed in ${secs} s`);
  return true;
}

const wanted = Deno.args.length > 0 ? Deno.args : Object.keys(PINS);
let failed = 0;
for (const id of wanted) {
  const pin = PINS[id as keyof typeof PINS];
  if (!pin) {
    console.error(`unknown agent "${id}"; known: ${Object.keys(PINS).join(", ")}`);
    Deno.exit(2);
  }
  let nodeBin: string | undefined;
  if (pin.node !== undefined) {
    const nodeDir = `${root}${AGENTS_CACHE}/${nodeFolder(pin.node)}`;
    if (!await installPin(`${id} (node)`, nodeDir, pin.node)) {
      failed++;
      continue;
    }
    nodeBin = `${nodeDir}/node_modules/.bin`;
  }
  if (!await installPin(id, `${root}${AGENTS_CACHE}/${id}`, pin, nodeBin)) failed++;
}
if (failed > 0) Deno.exit(1);
