import assert from "node:assert/strict";
import { AGENTS, findAgent } from "../agents/mod.ts";
import { EveryhookError } from "../contract/errors.ts";
import { homeFolder, settingsFilePath } from "./locations.ts";

const agent = (name: string) => findAgent(name)!;

Deno.test("settingsFilePath() puts each agent's user file in the home folder", () => {
  const context = { env: { HOME: "/home/me" }, os: "linux", project: "/p" };
  assert.deepEqual(AGENTS.map((a) => settingsFilePath(a, "user", context)), [
    "/home/me/.claude/settings.json",
    "/home/me/.codex/hooks.json",
    "/home/me/.gemini/settings.json",
    "/home/me/.copilot/hooks/everyhook.json",
    "/home/me/.cursor/hooks.json",
    "/home/me/.qwen/settings.json",
    "/home/me/.factory/settings.json",
    "/home/me/.config/opencode/plugin/everyhook.js",
    "/home/me/.config/kilo/plugin/everyhook.js",
    "/home/me/.kimi-code/config.toml",
    "/home/me/.augment/settings.json",
    "/home/me/.cline/hooks/<Event>.mjs",
  ]);
  assert.deepEqual(AGENTS.map((a) => settingsFilePath(a, "project", context)), [
    "/p/.claude/settings.json",
    "/p/.codex/hooks.json",
    "/p/.gemini/settings.json",
    "/p/.github/hooks/everyhook.json",
    "/p/.cursor/hooks.json",
    "/p/.qwen/settings.json",
    "/p/.factory/settings.json",
    "/p/.opencode/plugin/everyhook.js",
    "/p/.kilo/plugin/everyhook.js",
    // Kimi Code reads no project file: install skips that scope (its noProject).
    "/p/.kimi-code/config.toml",
    "/p/.augment/settings.json",
    // Cline's hooks are a file per event: `<Event>` stands for the event's name.
    "/p/.clinerules/hooks/<Event>.mjs",
  ]);
});

Deno.test("settingsFilePath() follows the agents' own variables", () => {
  const context = {
    env: {
      HOME: "/home/me",
      CLAUDE_CONFIG_DIR: "/c",
      CODEX_HOME: "/x",
      GEMINI_CLI_HOME: "/g",
      COPILOT_HOME: "/o",
      QWEN_HOME: "/q",
      FACTORY_HOME_OVERRIDE: "/f",
      XDG_CONFIG_HOME: "/xdg",
      KIMI_CODE_HOME: "/k",
    },
    os: "linux",
    project: "/p",
  };
  assert.equal(settingsFilePath(agent("claude-code"), "user", context), "/c/settings.json");
  assert.equal(settingsFilePath(agent("codex"), "user", context), "/x/hooks.json");
  assert.equal(settingsFilePath(agent("gemini-cli"), "user", context), "/g/.gemini/settings.json");
  assert.equal(settingsFilePath(agent("copilot-cli"), "user", context), "/o/hooks/everyhook.json");
  assert.equal(settingsFilePath(agent("qwen-code"), "user", context), "/q/settings.json");
  assert.equal(settingsFilePath(agent("droid"), "user", context), "/f/.factory/settings.json");
  assert.equal(
    settingsFilePath(agent("opencode"), "user", context),
    "/xdg/opencode/plugin/everyhook.js",
  );
  assert.equal(settingsFilePath(agent("kilo"), "user", context), "/xdg/kilo/plugin/everyhook.js");
  assert.equal(settingsFilePath(agent("kimi"), "user", context), "/k/config.toml");
  assert.equal(settingsFilePath(agent("codex"), "project", context), "/p/.codex/hooks.json");
});

Deno.test("settingsFilePath() on Windows uses USERPROFILE and backslashes", () => {
  const context = {
    env: { USERPROFILE: "C:\\Users\\me", HOME: "/ignored" },
    os: "windows",
    project: "D:\\work",
  };
  assert.equal(
    settingsFilePath(agent("claude-code"), "user", context),
    "C:\\Users\\me\\.claude\\settings.json",
  );
  assert.equal(
    settingsFilePath(agent("copilot-cli"), "project", context),
    "D:\\work\\.github\\hooks\\everyhook.json",
  );
});

Deno.test("homeFolder() says which variable is missing", () => {
  assert.throws(
    () => homeFolder({ env: {}, os: "windows", project: "/" }),
    (e: unknown) => e instanceof EveryhookError && /USERPROFILE/.test(e.message),
  );
  assert.equal(homeFolder({ env: { HOME: "/h" }, os: "windows", project: "/" }), "/h");
});
