/**
 * install, list and uninstall grow in step with the file: each is timed (in
 * this process's CPU time, which other programs on the machine do not stretch)
 * on a settings file of N and of 4N entries in one run, and the times compared. A
 * step that reads the file once per entry (quadratic) takes about 16 times as
 * long on the larger file; a linear one about 4 times. And list reads a file
 * of more entries than a function call takes arguments.
 */

import assert from "node:assert/strict";
import { cpuUsage } from "node:process";
import { findAgent } from "../src/agents/mod.ts";
import { install } from "../src/install/install.ts";
import { uninstall } from "../src/install/uninstall.ts";
import { listHooks } from "../src/readers/list.ts";
import { installOptions, testWorld } from "./install_world.ts";

const claude = findAgent("claude-code")!;
const N = 4000;
/** Linear work gives about 4; work that grows with the square of the size, about 16. */
const MOST = 10;

/** A settings file with `n` hook entries and `n` variables, comments among them. */
function settings(n: number): string {
  const groups: string[] = [];
  const vars: string[] = [];
  for (let i = 0; i < n; i++) {
    groups.push(
      `      { "matcher": "m${i}", "hooks": [{ "type": "command", "command": "echo ${i}" }] }`,
    );
    vars.push(`    ${i % 100 === 0 ? "/* every hundredth */ " : ""}"V${i}": "${i}"`);
  }
  return `{\n  "env": {\n${vars.join(",\n")}\n  },\n  "hooks": {\n    "PreToolUse": [\n${
    groups.join(",\n")
  }\n    ]\n  }\n}\n`;
}

interface Times {
  install: number;
  list: number;
  uninstall: number;
}

async function timed(n: number): Promise<Times> {
  await using world = await testWorld({
    prefix: "everyhook-scale-",
    files: ["hook.ts"],
    os: Deno.build.os,
  });
  const home = world.home;
  await Deno.mkdir(`${home}/.claude`);
  await Deno.mkdir(`${home}/project`);
  const text = settings(n);
  await Deno.writeTextFile(`${home}/.claude/settings.json`, text);
  const cpu = () => {
    const used = cpuUsage();
    return (used.user + used.system) / 1000;
  };
  const clock = cpu();
  const r = await install(installOptions("hook.ts", [claude]), world);
  const installed = cpu();
  assert.equal(r.results[0]!.action, "updated");
  const listing = await listHooks([claude], {
    env: { HOME: home, PATH: "" },
    os: Deno.build.os,
    project: `${home}/project`,
  });
  const listed = cpu();
  assert.equal(listing.entries.length, n + 2);
  const u = await uninstall({ hook: "hook.ts", agents: [claude], scope: "user", dryRun: false }, {
    ...world,
  });
  const done = cpu();
  assert.equal(u.results[0]!.removed, 2);
  assert.equal(await Deno.readTextFile(`${home}/.claude/settings.json`), text);
  return { install: installed - clock, list: listed - installed, uninstall: done - listed };
}

function best(runs: Times[]): Times {
  return {
    install: Math.min(...runs.map((r) => r.install)),
    list: Math.min(...runs.map((r) => r.list)),
    uninstall: Math.min(...runs.map((r) => r.uninstall)),
  };
}

Deno.test(`install, list and uninstall take about 4 times as long on ${4 * N} entries as on ${N}`, async () => {
  await timed(N); // warm up the compiler
  const smalls: Times[] = [];
  const larges: Times[] = [];
  for (let round = 0; round < 2; round++) {
    // Interleaved, so that a busy moment of the machine slows both sizes alike.
    smalls.push(await timed(N));
    larges.push(await timed(4 * N));
  }
  const small = best(smalls);
  const large = best(larges);
  for (const step of ["install", "list", "uninstall"] as const) {
    const ratio = large[step] / Math.max(small[step], 1);
    assert.ok(
      ratio < MOST,
      `${step}: ${Math.round(small[step])} ms for ${N} entries, ${Math.round(large[step])} ms for ${
        4 * N
      }: ${ratio.toFixed(1)} times`,
    );
  }
});

Deno.test("listHooks() reads a file of 140,000 entries without running out of stack", async () => {
  const home = await Deno.makeTempDir({ prefix: "everyhook-scale-" });
  try {
    await Deno.mkdir(`${home}/.claude`);
    const entry = '{"hooks":[{"command":"x"}]}';
    await Deno.writeTextFile(
      `${home}/.claude/settings.json`,
      `{"hooks":{"Stop":[${Array(140_000).fill(entry).join(",")}]}}`,
    );
    const listing = await listHooks([claude], {
      env: { HOME: home, PATH: "" },
      os: Deno.build.os,
      project: `${home}/project`,
    });
    assert.equal(listing.entries.length, 140_000);
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
