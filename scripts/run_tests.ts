// deno-lint-ignore-file no-console -- a script: it reports to the person on the console
/**
 * The test command CI runs (`deno task test`): installs the pinned agents from
 * the npm registry (skipped when they are there), caches every dependency, then
 * runs the whole suite inside a network namespace that has only loopback, where
 * the machine allows one, so that nothing an agent tries can leave 127.0.0.1.
 * Where no namespace can be made it says so and runs the suite as it is.
 *
 * Usage: deno run -A scripts/run_tests.ts [deno test arguments...]
 *
 * It is named so that `deno test` never takes it for a test module (a file named
 * test.ts is one), and it does nothing when imported.
 *
 * @module
 */

import { PUBLISHED_GUARD } from "../tests/speaks/published_guard.ts";

const root = new URL("..", import.meta.url).pathname;
const deno = Deno.execPath();

async function run(cmd: string, args: string[], env?: Record<string, string>): Promise<number> {
  const child = new Deno.Command(cmd, {
    args,
    cwd: root,
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
    ...(env ? { env } : {}),
  }).spawn();
  return (await child.status).code;
}

async function canRun(cmd: string, args: string[]): Promise<boolean> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: "null", stderr: "null" }).output();
    return out.success;
  } catch {
    return false;
  }
}

/**
 * Caches the registry metadata of every npm package deno.json imports. A
 * resolution that follows the lockfile (`deno install`, `deno cache`) fetches
 * the packages alone; the package as published to JSR resolves its npm imports
 * without our lockfile, which needs that metadata, and inside the namespace no
 * registry can be asked. So a fresh DENO_DIR gets it here, before the network
 * goes away.
 */
async function cacheNpmMetadata(): Promise<void> {
  const config = JSON.parse(await Deno.readTextFile(`${root}deno.json`));
  const imports: Record<string, string> = config.imports ?? {};
  const npm = Object.values(imports).filter((s) => s.startsWith("npm:"));
  if (npm.length === 0) return;
  const file = `${root}.cache/npm_metadata.ts`;
  await Deno.writeTextFile(file, npm.map((s) => `import "${s}";\n`).join(""));
  const code = await run(deno, ["cache", "--no-lock", "--quiet", file]);
  if (code !== 0) console.log("the npm packages' registry metadata could not be cached");
}

/**
 * Has `deno bundle` fetch its bundler (esbuild, from the npm registry) into
 * DENO_DIR now, by bundling run.ts into a scratch file under .cache/: the
 * bundle's staleness test bundles again inside the namespace, where no
 * registry can be asked. The committed run.bundle.js is not touched.
 */
async function cacheBundler(): Promise<void> {
  const out = `${root}.cache/bundle_warmup.js`;
  const code = await run(deno, [
    "bundle",
    "--quiet",
    "--platform",
    "deno",
    "--no-check",
    "-o",
    out,
    `${root}run.ts`,
  ]);
  if (code !== 0) console.log("deno bundle could not fetch its bundler: the bundle test will fail");
}

/**
 * Has npm fetch the published guard that tests/speaks/published_guard_test.ts
 * runs (and what it depends on) into npm's cache, by installing it into a
 * scratch folder under .cache/: inside the namespace the test installs it
 * from that cache. Where npm cannot, the test skips and says why.
 */
async function cachePublishedGuard(): Promise<void> {
  const dir = `${root}.cache/published_guard`;
  let code = 1;
  try {
    code = await run("npm", [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--silent",
      "--prefix",
      dir,
      PUBLISHED_GUARD,
    ], { ...Deno.env.toObject(), npm_config_update_notifier: "false" });
  } catch {
    // no npm: the test says so
  }
  if (code !== 0) console.log(`npm could not fetch ${PUBLISHED_GUARD}: its test will skip`);
}

/**
 * Installs Debian's chromium for the compatibility page's browser test when it
 * is missing and this is root with apt-get; otherwise, or when apt-get fails,
 * says so, and that test skips with its reason.
 */
async function ensureChromium(): Promise<void> {
  if (await canRun("chromium", ["--version"])) return;
  if (Deno.uid() !== 0 || !await canRun("apt-get", ["--version"])) {
    console.log(
      "no chromium, and no apt-get as root to install it: the page's browser test will skip",
    );
    return;
  }
  console.log("chromium: installing Debian's package ...");
  const env = { ...Deno.env.toObject(), DEBIAN_FRONTEND: "noninteractive" };
  const ok = await run("apt-get", ["update", "-qq"], env) === 0 &&
    await run("apt-get", ["install", "-y", "-qq", "chromium"], env) === 0;
  if (!ok) console.log("apt-get could not install chromium: the page's browser test will skip");
}

async function main(): Promise<number> {
  if (Deno.env.get("EVERYHOOK_SKIP_AGENT_INSTALL") !== "1") {
    await ensureChromium();
    const code = await run(deno, ["run", "-A", "scripts/install_agents.ts"]);
    if (code !== 0) {
      console.log(
        "some agents could not be installed: their end-to-end tests will skip and say why",
      );
    }
  }

  const junit = `${root}.cache/junit.xml`;
  await Deno.mkdir(`${root}.cache`, { recursive: true });
  await Deno.remove(junit).catch(() => {});

  // Which real agents the end-to-end tests will run, and why any will not.
  const { skipReason } = await import("../tests/e2e/world.ts");
  const { PINS } = await import("../tests/e2e/pins.ts");
  const ready: string[] = [];
  for (const [id, pin] of Object.entries(PINS)) {
    const why = await skipReason(id);
    if (why) console.log(`e2e: ${id} will skip: ${why}`);
    else ready.push(`${id} ${pin.version}`);
  }
  const agentsLine = `e2e: ${ready.length} of ${Object.keys(PINS).length} real agents run` +
    (ready.length > 0 ? ` (${ready.join(", ")})` : "");
  console.log(agentsLine);

  // Everything the suite imports must be cached before the network goes away.
  await run(deno, ["install", "--quiet"]);
  await run(deno, ["cache", "--quiet", "mod.ts", "cli.ts"]);
  await cacheNpmMetadata();
  await cacheBundler();
  await cachePublishedGuard();

  const testArgs = [
    "test",
    "--allow-read",
    "--allow-write",
    "--allow-run",
    "--allow-env",
    "--allow-net=127.0.0.1,localhost",
    "--allow-sys",
    `--junit-path=${junit}`,
    ...Deno.args,
  ];

  let code: number;
  const quoted = [deno, ...testArgs].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  if (await canRun("unshare", ["-n", "true"])) {
    console.log("running the suite in a loopback-only network namespace (unshare -n)");
    code = await run("unshare", ["-n", "sh", "-c", `ip link set lo up && exec ${quoted}`], {
      ...Deno.env.toObject(),
      EVERYHOOK_NETNS: "1",
    });
  } else if (await canRun("unshare", ["-rn", "true"])) {
    console.log("running the suite in a loopback-only user and network namespace (unshare -rn)");
    code = await run("unshare", ["-rn", "sh", "-c", `ip link set lo up && exec ${quoted}`], {
      ...Deno.env.toObject(),
      EVERYHOOK_NETNS: "1",
    });
  } else {
    console.log(
      "no network namespace can be made here: the suite runs on the host network (agents still talk only to 127.0.0.1)",
    );
    code = await run(deno, testArgs);
  }
  console.log(agentsLine);
  // The closing line in the plain form any reader of test output knows.
  try {
    const xml = await Deno.readTextFile(junit);
    const cases = xml.match(/<testcase\b[^>]*?(\/>|>[\s\S]*?<\/testcase>)/g) ?? [];
    const failed = cases.filter((c) => /<failure\b|<error\b/.test(c)).length;
    const skipped = cases.filter((c) => /<skipped\b/.test(c)).length;
    console.log(`${cases.length - failed - skipped} passed, ${failed} failed, ${skipped} skipped`);
  } catch {
    console.log("no test report was written: the suite did not run to its end");
  }
  return code;
}

if (import.meta.main) Deno.exit(await main());
