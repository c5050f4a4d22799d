// deno-lint-ignore-file no-console -- a skipped test prints why
/**
 * A published Claude Code guard, unchanged: cc-safety-net, installed from the
 * npm registry at test time into a temporary folder (never committed), run in
 * its Claude Code mode (`hook --claude-code`) through `run --speaks
 * claude-code` with every agent's recorded shell calls. It refuses each
 * agent's recorded force push, in that agent's own JSON, and lets the
 * harmless command through. Skips, saying why, where npm or Node.js cannot be
 * had or the package cannot be fetched.
 */

import assert from "node:assert/strict";
import { AGENTS } from "../../src/agents/mod.ts";
import { loadFixtures } from "../../src/readers/recorded.ts";
import { bench } from "../../src/readers/bench.ts";
import { claudeCodeSpoken } from "../../src/speaks/claude_code.ts";
import { PUBLISHED_GUARD } from "./published_guard.ts";

const PACKAGE = PUBLISHED_GUARD;

async function installed(): Promise<{ dir: string; bin: string } | { skip: string }> {
  if (Deno.build.os === "windows") {
    return { skip: "the package's bin is run with node on POSIX here" };
  }
  const dir = await Deno.makeTempDir({ prefix: "everyhook-ccsn-" });
  try {
    const out = await new Deno.Command("npm", {
      args: [
        "install",
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        // What the test command fetched into npm's cache serves inside the namespace.
        "--prefer-offline",
        "--prefix",
        dir,
        PACKAGE,
      ],
      stdout: "piped",
      stderr: "piped",
      env: { npm_config_update_notifier: "false" },
    }).output();
    if (!out.success) {
      await Deno.remove(dir, { recursive: true });
      const why = new TextDecoder().decode(out.stderr).trim().split("\n").at(-1);
      return { skip: `npm cannot fetch ${PACKAGE}: ${why}` };
    }
  } catch (e) {
    await Deno.remove(dir, { recursive: true });
    return { skip: `npm cannot be started: ${(e as Error).message}` };
  }
  return { dir, bin: `${dir}/node_modules/cc-safety-net/dist/bin/cc-safety-net.js` };
}

const got = await installed();
if ("skip" in got) console.log(`published guard test skipped: ${got.skip}`);

Deno.test({
  name:
    `${PACKAGE} in its Claude Code mode refuses every agent's recorded force push through --speaks`,
  ignore: "skip" in got,
  async fn() {
    if ("skip" in got) return;
    try {
      // The recordings' folder is a placeholder: the documents name a real one (the guard reads it).
      const fixtures = (await loadFixtures(AGENTS.map((a) => a.id))).filter((f) =>
        f.event === "pre-tool" && /^shell-(force-push|harmless)/.test(f.variant)
      ).map((f) => ({
        ...f,
        payload: JSON.parse(JSON.stringify(f.payload).replaceAll("<project>", got.dir)),
      }));
      const results = await bench(["node", got.bin, "hook", "--claude-code"], fixtures, {
        agents: AGENTS,
        events: ["pre-tool"],
        failClosed: false,
        timeoutSeconds: 20,
        env: { PATH: Deno.env.get("PATH") ?? "", HOME: got.dir },
        cwd: got.dir,
        parallel: 2,
        speaks: claudeCodeSpoken,
      });
      const forced = results.filter((r) => r.variant.startsWith("shell-force-push"));
      assert.deepEqual(
        [...new Set(forced.map((r) => r.agent))].sort(),
        AGENTS.map((a) => a.id).sort(),
      );
      for (const r of forced) {
        const where = `${r.agent} ${r.variant}: ${r.result.hook.stdout}${r.result.hook.stderr}`;
        assert.equal(r.result.failure, null, where);
        assert.equal(r.result.spoken?.payload?.tool_name, "Bash", where);
        assert.equal(r.result.effect, "blocked", where);
        assert.match(
          r.result.native.stdout + r.result.native.stderr,
          /BLOCKED by CC Safety Net/,
          where,
        );
      }
      for (const r of results.filter((r) => r.variant.startsWith("shell-harmless"))) {
        assert.equal(r.result.failure, null, `${r.agent}: ${r.result.failure?.detail}`);
        assert.equal(r.result.answer.decision, undefined, r.agent);
      }
    } finally {
      await Deno.remove(got.dir, { recursive: true });
    }
  },
});
