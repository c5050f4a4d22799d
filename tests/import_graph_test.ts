/**
 * `run` sits on every tool call of every agent, so what it loads is checked
 * here: the static import graph of cli.ts and src/cmd_run.ts (the modules
 * loaded when an agent starts `everyhook run`) must hold no `node:` or `npm:`
 * module (the first `node:` import starts Deno's Node compatibility layer) and
 * nothing of the other commands. Dynamic imports (the other commands' modules,
 * loaded by COMMANDS[].load()) and type-only imports are not loaded, so they
 * are not followed.
 */
import assert from "node:assert/strict";

const ROOT = new URL("..", import.meta.url);

interface InfoDependency {
  code?: { specifier: string };
  isDynamic?: boolean;
}

interface InfoModule {
  specifier: string;
  dependencies?: InfoDependency[];
}

/** Every module loaded at run time by `roots`, following static, non-type imports. */
async function runtimeGraph(roots: string[], cwd: string | URL): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const root of roots) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", root],
      cwd,
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
      roots: string[];
      modules: InfoModule[];
      redirects: Record<string, string>;
    };
    const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
    const stack = [...info.roots];
    while (stack.length > 0) {
      const specifier = stack.pop() as string;
      const resolved = info.redirects[specifier] ?? specifier;
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      for (const dep of bySpecifier.get(resolved)?.dependencies ?? []) {
        if (dep.code && !dep.isDynamic) stack.push(dep.code.specifier);
      }
    }
  }
  return seen;
}

/** What `run` must not load. */
const FORBIDDEN_MODULES =
  /\/(cmd_)?(install|uninstall|restore|list|bench|explain|fixtures|recorded|conformance|hooks_file|json_text|safe_write|install_cli|locations)\.ts$|toml|jsonc/;

function problems(graph: Set<string>): string[] {
  return [...graph].filter((s) =>
    s.startsWith("node:") || s.startsWith("npm:") || FORBIDDEN_MODULES.test(s)
  );
}

Deno.test("run's import graph holds no node: or npm: module and nothing of other commands", async () => {
  const graph = await runtimeGraph(["cli.ts", "src/cmd_run.ts"], ROOT);
  assert.ok(
    graph.has(new URL("src/hook_process.ts", ROOT).href),
    "the walk missed hook_process.ts",
  );
  assert.ok(graph.has(new URL("src/agents/mod.ts", ROOT).href), "the walk missed the agents");
  assert.deepEqual(problems(graph), []);
});

Deno.test("runtimeGraph() finds a node: module added to the graph, but not a dynamic or type-only one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "everyhook-graph-" });
  try {
    await Deno.writeTextFile(`${dir}/deno.json`, "{}\n");
    await Deno.writeTextFile(
      `${dir}/main.ts`,
      [
        'import { helper } from "./helper.ts";',
        'import type { ParseArgsConfig } from "node:util";',
        'export const later = () => import("node:fs");',
        "export const c: ParseArgsConfig | undefined = undefined;",
        "helper();",
        "",
      ].join("\n"),
    );
    await Deno.writeTextFile(
      `${dir}/helper.ts`,
      'import { parseArgs } from "node:util";\nexport const helper = () => parseArgs({ args: [] });\n',
    );
    const graph = await runtimeGraph(["main.ts"], dir);
    assert.deepEqual(problems(graph), ["node:util"]);
    await Deno.writeTextFile(`${dir}/helper.ts`, "export const helper = () => 1;\n");
    assert.deepEqual(problems(await runtimeGraph(["main.ts"], dir)), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
