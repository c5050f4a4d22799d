import assert from "node:assert/strict";
import { inProjectHook, projectFolderOf } from "./project_folder.ts";
import { AGENTS, findAgent } from "../agents/mod.ts";

const claude = findAgent("claude-code")!;
const codex = findAgent("codex")!;
const gemini = findAgent("gemini-cli")!;

Deno.test("projectFolderOf() takes the agent's first project variable that is set", () => {
  const world = { cwd: "/p/sub", windows: false, exists: () => false };
  assert.deepEqual(projectFolderOf(claude, { ...world, env: { CLAUDE_PROJECT_DIR: "/p" } }), {
    folder: "/p",
    from: "$CLAUDE_PROJECT_DIR",
  });
  const both = { GEMINI_PROJECT_DIR: "/g", CLAUDE_PROJECT_DIR: "/c" };
  assert.equal(projectFolderOf(gemini, { ...world, env: both }).folder, "/g");
  // A relative or empty value says nothing: the working folder rule decides.
  assert.equal(
    projectFolderOf(claude, { ...world, env: { CLAUDE_PROJECT_DIR: "rel" } }).folder,
    "/p/sub",
  );
  // Codex CLI gives no variable, so CLAUDE_PROJECT_DIR in its environment is not its own.
  assert.equal(
    projectFolderOf(codex, { ...world, env: { CLAUDE_PROJECT_DIR: "/c" } }).folder,
    "/p/sub",
  );
});

Deno.test("projectFolderOf() finds the nearest folder up that holds the agent's project file", () => {
  const files = new Set(["/p/.codex/hooks.json", "/.codex/hooks.json"]);
  const world = { env: {}, windows: false, exists: (p: string) => files.has(p) };
  assert.deepEqual(projectFolderOf(codex, { ...world, cwd: "/p/a/b" }), {
    folder: "/p",
    from: ".codex/hooks.json",
  });
  assert.equal(projectFolderOf(codex, { ...world, cwd: "/q" }).folder, "/");
  const none = { env: {}, windows: false, exists: () => false };
  assert.equal(projectFolderOf(codex, { ...none, cwd: "/q/r" }).folder, "/q/r");
  const win = { env: {}, windows: true, exists: (p: string) => p === "C:\\p\\.codex\\hooks.json" };
  assert.equal(projectFolderOf(codex, { ...win, cwd: "C:\\p\\a" }).folder, "C:\\p");
});

Deno.test("projectFolderOf() takes Cline's working folder and searches for no file", () => {
  const cline = findAgent("cline")!;
  const asked: string[] = [];
  // A file named with the placeholder itself, above: a search for that path would find it.
  const exists = (p: string) => (asked.push(p), p === "/.clinerules/hooks/<Event>.mjs");
  const world = { env: { CLAUDE_PROJECT_DIR: "/c" }, windows: false, exists };
  assert.deepEqual(projectFolderOf(cline, { ...world, cwd: "/p/a" }), {
    folder: "/p/a",
    from: "the working folder",
  });
  assert.deepEqual(asked, []);
});

Deno.test("every agent whose project hooks are no one path takes the working folder", () => {
  for (const agent of AGENTS) {
    const parts = agent.install.files.project.parts;
    if (!parts.some((p) => p.includes("<"))) continue;
    assert.equal(agent.projectFolder?.otherwise, "working-folder", agent.id);
  }
});

Deno.test("inProjectHook() reads a relative hook from the project folder", () => {
  assert.equal(inProjectHook("hooks/a.ts", "/p/", false), "/p/hooks/a.ts");
  assert.equal(inProjectHook("hooks/a.ts", "C:\\p", true), "C:\\p\\hooks\\a.ts");
  assert.equal(inProjectHook("C:/x/a.ts", "C:\\p", true), "C:/x/a.ts");
});
