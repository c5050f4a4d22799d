import assert from "node:assert/strict";
import { findDriver } from "./mod.ts";
import { PLUGIN_AGENT_MODEL, pluginConfigHome } from "./_plugin_driver.ts";

const OPENCODE_DRIVER = findDriver("opencode")!;
const KILO_DRIVER = findDriver("kilo")!;

const WORLD = { root: "/w", home: "/w/home", project: "/w/project", tmp: "/w/tmp" };
const API = "http://127.0.0.1:4321";
const RUN = { prompt: "PROMPT-X", autoApprove: true, bypassTrust: false };

Deno.test("a plugin agent's config variable points its one provider at the fake API and allows the tools", () => {
  for (const [d, prefix] of [[OPENCODE_DRIVER, "OPENCODE"], [KILO_DRIVER, "KILO"]] as const) {
    const env = d.env(WORLD, API);
    const config = JSON.parse(env[`${prefix}_CONFIG_CONTENT`] ?? "null");
    assert.equal(config.model, PLUGIN_AGENT_MODEL, d.id);
    assert.deepEqual(Object.keys(config.provider), ["fake"], d.id);
    assert.equal(config.provider.fake.options.baseURL, `${API}/v1`, d.id);
    assert.deepEqual(config.permission, { bash: "allow", edit: "allow" }, d.id);
    assert.equal(env[`${prefix}_DISABLE_AUTOUPDATE`], "1", d.id);
    assert.equal(env.npm_config_offline, "true", d.id);
    assert.deepEqual(d.args(WORLD, API, RUN), [
      "run",
      "--model",
      PLUGIN_AGENT_MODEL,
      "--format",
      "json",
      "PROMPT-X",
    ]);
  }
});

Deno.test("a plugin agent reads its user plugins from the world's home, where its driver names them", () => {
  for (const d of [OPENCODE_DRIVER, KILO_DRIVER]) {
    const configHome = d.env(WORLD, API).XDG_CONFIG_HOME ?? "";
    assert.equal(configHome, pluginConfigHome(WORLD));
    assert.ok(configHome.startsWith(`${WORLD.home}/`), d.id);
    assert.equal(`${WORLD.home}/${d.homeFolders[0]}`, `${configHome}/${d.id}`);
  }
  assert.equal(OPENCODE_DRIVER.env(WORLD, API).KILO_DISABLE_PRESENCE, undefined);
  assert.equal(KILO_DRIVER.env(WORLD, API).KILO_DISABLE_PRESENCE, "1");
  assert.equal(KILO_DRIVER.env(WORLD, API).OPENCODE_CONFIG_CONTENT, undefined);
});

Deno.test("prepare() of a plugin agent leaves the world's files as they are", async () => {
  const root = await Deno.makeTempDir({ prefix: "everyhook-plugin-driver-" });
  try {
    const world = { root, home: `${root}/home`, project: `${root}/project`, tmp: `${root}/tmp` };
    const config = `${world.home}/.config/opencode/opencode.json`;
    await Deno.mkdir(`${world.home}/.config/opencode`, { recursive: true });
    await Deno.writeTextFile(config, '{ "model": "mine/own" }\n');
    await OPENCODE_DRIVER.prepare(world, API);
    assert.equal(await Deno.readTextFile(config), '{ "model": "mine/own" }\n');
    assert.deepEqual(
      (await Array.fromAsync(Deno.readDir(world.home))).map((e) => e.name),
      [".config"],
    );
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
