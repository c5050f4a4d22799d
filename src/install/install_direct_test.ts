import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import { findOurs } from "../settings/settings_file.ts";
import { install, type InstallOptions } from "./install.ts";
import { parseJsonText } from "../settings/json_text.ts";

const claude = findAgent("claude-code")!;
const SDK_HOOK = `#!/usr/bin/env -S deno run --allow-env=X --quiet --allow-read=.
import { defineHook } from "jsr:@everyhook/cli/hook";
export default defineHook(() => {});
`;

async function world() {
  const home = await Deno.makeTempDir({ prefix: "everyhook-direct-" });
  return {
    home,
    world: { env: { HOME: home, PATH: "" }, cwd: home, os: "linux", now: () => new Date() },
    options: (over: Partial<InstallOptions> = {}): InstallOptions => ({
      hook: "hook.ts",
      agents: [claude],
      events: ["pre-tool", "stop"],
      scope: "user",
      timeout: 30,
      failClosed: true,
      dryRun: false,
      self: {
        argv: ["/opt/deno", "run", "/opt/everyhook/cli.ts"],
        warnings: [],
        deno: "/opt/deno",
      },
      ...over,
    }),
    lines: async () => {
      const file = `${home}/.claude/settings.json`;
      const root = parseJsonText(await Deno.readTextFile(file), file) as Record<string, unknown>;
      return findOurs(root, claude.install).map((f) => f.line);
    },
    [Symbol.asyncDispose]: () => Deno.remove(home, { recursive: true }),
  };
}

Deno.test("install() writes direct lines for a hook made with the SDK, with its shebang's permissions", async () => {
  if (Deno.build.os === "windows") return;
  await using w = await world();
  await Deno.writeTextFile(`${w.home}/hook.ts`, SDK_HOOK);
  const report = await install(w.options(), w.world);
  assert.equal(report.mode, "direct");
  const lines = await w.lines();
  assert.deepEqual(lines.map((l) => [l.mode, l.event, l.timeout, l.failClosed]), [
    ["direct", "pre-tool", 28, true],
    ["direct", "stop", 28, true],
  ]);
  assert.deepEqual(lines[0]!.self, [
    "/opt/deno",
    "run",
    "--quiet",
    "--no-prompt",
    "--v8-flags=--no-lazy",
    "--allow-env=X",
    "--allow-read=.",
  ]);
  // The same hook, no longer written with the SDK: the entries become run lines, one per event.
  await Deno.writeTextFile(`${w.home}/hook.ts`, "#!/bin/sh\nexit 0\n");
  assert.equal((await install(w.options(), w.world)).mode, "run");
  assert.deepEqual((await w.lines()).map((l) => [l.mode, l.event]), [
    ["run", "pre-tool"],
    ["run", "stop"],
  ]);
});

Deno.test("install() from a compiled binary takes deno from PATH for direct mode, or goes through run without one", async () => {
  if (Deno.build.os === "windows") return;
  await using w = await world();
  await Deno.writeTextFile(`${w.home}/hook.ts`, SDK_HOOK);
  const binary = { argv: ["/opt/bin/everyhook"], warnings: [] };
  const none = await install(w.options({ self: binary }), w.world);
  assert.equal(none.mode, "run");
  assert.match(none.warnings.join("\n"), /no "deno" is on PATH/);
  await Deno.mkdir(`${w.home}/bin`);
  await Deno.writeTextFile(`${w.home}/bin/deno`, "");
  const onPath = await install(w.options({ self: binary }), {
    ...w.world,
    env: { ...w.world.env, PATH: `${w.home}/bin` },
  });
  assert.equal(onPath.mode, "direct");
  assert.equal((await w.lines())[0]!.self[0], `${w.home}/bin/deno`);
});
