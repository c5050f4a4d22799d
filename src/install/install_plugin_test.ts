import assert from "node:assert/strict";
import { findAgent } from "../agents/mod.ts";
import { install, type InstallOptions } from "./install.ts";
import { uninstall } from "./uninstall.ts";
import { pluginHooksText } from "../settings/plugin_file.ts";
import { installOptions, testWorld } from "../../tests/install_world.ts";

const opencode = findAgent("opencode")!;
const kilo = findAgent("kilo")!;

const world = (env: Record<string, string> = {}) =>
  testWorld({ prefix: "everyhook-plugin-", files: ["a.ts", "b.ts"], env });
const options = (hook: string, over: Partial<InstallOptions> = {}) =>
  installOptions(hook, [opencode, kilo], over);

const exists = (path: string) => Deno.lstat(path).then(() => true, () => false);

Deno.test("install() writes one plugin per agent, adds a second hook to it, and changes nothing the second time", async () => {
  await using w = await world();
  const file = `${w.home}/.config/opencode/plugin/everyhook.js`;
  const r = await install(options("a.ts"), w);
  assert.deepEqual(r.results.map((x) => x.action), ["created", "created"]);
  assert.ok(await exists(`${w.home}/.config/kilo/plugin/everyhook.js`));
  await install(options("b.ts", { events: ["pre-tool"] }), w);
  const hooks = JSON.parse(pluginHooksText(await Deno.readTextFile(file), file)).hooks;
  assert.deepEqual(Object.keys(hooks), ["tool.execute.before", "session.idle"]);
  assert.equal(hooks["tool.execute.before"].length, 2);
  assert.match(hooks["session.idle"][0].command, /--agent opencode --event stop .*a\.ts/);
  const bytes = await Deno.readFile(file);
  const again = await install(options("b.ts", { events: ["pre-tool"] }), w);
  assert.deepEqual(again.results.map((x) => x.action), ["unchanged", "unchanged"]);
  assert.deepEqual(await Deno.readFile(file), bytes);
});

Deno.test("install() follows XDG_CONFIG_HOME and writes the project plugin below the project", async () => {
  await using w = await world({ XDG_CONFIG_HOME: "/nowhere-yet" });
  w.env = { ...w.env, XDG_CONFIG_HOME: `${w.home}/xdg` };
  await install(options("a.ts", { agents: [opencode] }), w);
  assert.ok(await exists(`${w.home}/xdg/opencode/plugin/everyhook.js`));
  await install(options("a.ts", { agents: [kilo], scope: "project" }), w);
  assert.ok(await exists(`${w.home}/.kilo/plugin/everyhook.js`));
});

Deno.test("uninstall() takes out one hook's lines, then deletes the plugin; an edited plugin is refused", async () => {
  await using w = await world();
  const file = `${w.home}/.config/opencode/plugin/everyhook.js`;
  const kiloFile = `${w.home}/.config/kilo/plugin/everyhook.js`;
  await install(options("a.ts"), w);
  await install(options("b.ts"), w);
  // Kilo's plugin, edited by hand, is neither changed nor deleted.
  const edited = (await Deno.readTextFile(kiloFile)).replace("carries out", "does");
  await Deno.writeTextFile(kiloFile, edited);
  const both = [opencode, kilo];
  const once = await uninstall({ hook: "a.ts", agents: both, scope: "user", dryRun: false }, w);
  assert.deepEqual(once.results.map((r) => r.action), ["removed", "refused"]);
  assert.equal(once.removed, 2);
  assert.match(once.results[1]!.refused ?? "", /edited since/);
  assert.doesNotMatch(await Deno.readTextFile(file), /a\.ts/);
  assert.equal(await Deno.readTextFile(kiloFile), edited);
  const last = await uninstall({ hook: "b.ts", agents: both, scope: "user", dryRun: false }, w);
  assert.deepEqual(last.results.map((r) => r.action), ["deleted", "refused"]);
  assert.ok(!await exists(file));
  const over = await install(options("a.ts", { agents: [kilo] }), w);
  assert.equal(over.results[0]!.action, "refused");
  assert.equal(await Deno.readTextFile(kiloFile), edited);
});

Deno.test("install() leaves someone else's everyhook.js alone", async () => {
  await using w = await world();
  const file = `${w.home}/.config/opencode/plugin/everyhook.js`;
  await Deno.mkdir(`${w.home}/.config/opencode/plugin`, { recursive: true });
  await Deno.writeTextFile(file, "export const Mine = async () => ({});\n");
  const r = await install(options("a.ts", { agents: [opencode] }), w);
  assert.equal(r.results[0]!.action, "refused");
  assert.equal(r.ok, false);
  assert.equal(await Deno.readTextFile(file), "export const Mine = async () => ({});\n");
});
