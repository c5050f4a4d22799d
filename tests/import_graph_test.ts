/**
 * The shape of the code, checked. `run` sits on every tool call of every
 * agent, so what it loads is checked here: the import graph of cli.ts and
 * src/commands/run.ts (the modules loaded when an agent starts `everyhook
 * run`) must hold no `node:` or `npm:` module (the first `node:` import starts
 * Deno's Node compatibility layer), nothing of the other commands, and none of
 * the data that ships (src/readers/shipped.ts, the fixtures, the examples);
 * statically it loads no agent's module, only the registry that loads the one
 * it runs for. The same holds for the SDK (src/hook/mod.ts, which a hook in
 * direct mode loads with its own code), which also loads nothing of install,
 * list, bench or explain, and, in the contract's form, no agent and no adapter.
 * Dynamic imports are followed where noted (they load at run time when
 * needed: one agent, the hook runner, direct mode); type-only imports never
 * load. And the whole project's imports point one way: no circle, static,
 * dynamic or type-only, and every import goes to the same layer or a lower
 * one. A module is sized by its concept: past 600 lines, its module doc says
 * why in a line that starts "Over 600 lines:".
 */
import assert from "node:assert/strict";
import { AGENT_ENTRIES } from "../src/agents/registry.ts";

const ROOT = new URL("..", import.meta.url);

interface InfoDependency {
  code?: { specifier: string };
  type?: { specifier: string };
  isDynamic?: boolean;
}

interface InfoModule {
  specifier: string;
  dependencies?: InfoDependency[];
}

interface Info {
  roots: string[];
  modules: InfoModule[];
  redirects: Record<string, string>;
}

async function denoInfo(root: string, cwd: string | URL): Promise<Info> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", root],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout)) as Info;
}

/**
 * Every module loaded at run time by `roots`, following static, non-type
 * imports, and dynamic ones too with `dynamic`.
 */
async function runtimeGraph(
  roots: string[],
  cwd: string | URL,
  dynamic = false,
): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const root of roots) {
    const info = await denoInfo(root, cwd);
    const bySpecifier = new Map(info.modules.map((m) => [m.specifier, m]));
    const stack = [...info.roots];
    while (stack.length > 0) {
      const specifier = stack.pop() as string;
      const resolved = info.redirects[specifier] ?? specifier;
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      for (const dep of bySpecifier.get(resolved)?.dependencies ?? []) {
        if (dep.code && (dynamic || !dep.isDynamic)) stack.push(dep.code.specifier);
      }
    }
  }
  return seen;
}

/** What `run` must not load. */
const FORBIDDEN_MODULES =
  /\/(settings|install|hook_script|readers|fixtures|examples)\/|\/commands\/(?!run\.ts$)|\/(conformance|install_cli|fixtures|shipped)\.ts$|toml|jsonc/;

function problems(graph: Set<string>): string[] {
  return [...graph].filter((s) =>
    s.startsWith("node:") || s.startsWith("npm:") || FORBIDDEN_MODULES.test(s)
  );
}

const at = (path: string) => new URL(path, ROOT).href;

/** Every agent's own module, from the registry's lines. */
const AGENT_MODULE_PATHS: readonly string[] = AGENT_ENTRIES.map((e) =>
  at(`src/agents/${e.module}.ts`)
);

/** Every agent's own module, and mod.ts, which loads them all. */
const AGENT_MODULES = {
  test: (s: string) => s === at("src/agents/mod.ts") || AGENT_MODULE_PATHS.includes(s),
};

Deno.test("run's import graph holds no node: or npm: module, nothing of other commands, and one agent at a time", async () => {
  const graph = await runtimeGraph(["cli.ts", "src/commands/run.ts"], ROOT);
  assert.ok(graph.has(at("src/run/run.ts")), "the walk missed run.ts");
  assert.ok(graph.has(at("src/agents/registry.ts")), "the walk missed the registry");
  assert.deepEqual([...graph].filter((s) => AGENT_MODULES.test(s)), []);
  // A spoken protocol is loaded only for --speaks, by its own loader.
  assert.deepEqual([...graph].filter((s) => /\/speaks\/claude_code/.test(s)), []);
  assert.deepEqual(problems(graph), []);
  // What it loads when it runs: one of the agents, and the hook runner.
  const loaded = await runtimeGraph(["src/commands/run.ts"], ROOT, true);
  assert.ok(loaded.has(at("src/run/hook_process.ts")), "the walk missed hook_process.ts");
  for (const path of AGENT_MODULE_PATHS) assert.ok(loaded.has(path), `the walk missed ${path}`);
  assert.deepEqual(problems(loaded), []);
});

Deno.test("run loads its one agent in one place: only the run command imports the registry", async () => {
  const edges = await projectEdges(["src/commands/run.ts"], ROOT);
  const loaded = await runtimeGraph(["src/commands/run.ts"], ROOT);
  const importers = [...edges]
    .filter(([m, to]) => loaded.has(at(m)) && to.has("src/agents/registry.ts"))
    .map(([m]) => m);
  assert.deepEqual(importers, ["src/commands/run.ts"]);
});

Deno.test("each agent's module, as run loads it, holds no other agent's module, dynamic imports included", async () => {
  assert.equal(AGENT_MODULE_PATHS.length, AGENT_ENTRIES.length);
  for (const [i, entry] of AGENT_ENTRIES.entries()) {
    const graph = await runtimeGraph([`src/agents/${entry.module}.ts`], ROOT, true);
    assert.ok(graph.has(AGENT_MODULE_PATHS[i]!), `the walk missed ${entry.module}.ts`);
    const others = [...graph].filter((s) => AGENT_MODULES.test(s) && s !== AGENT_MODULE_PATHS[i]);
    assert.deepEqual(others, [], `${entry.id} loads other agents`);
    assert.deepEqual(problems(graph), [], entry.id);
  }
});

Deno.test("run.ts, the entry the line install writes, reaches only run's modules, dynamic imports included", async () => {
  const graph = await runtimeGraph(["run.ts"], ROOT, true);
  assert.ok(graph.has(at("src/commands/run.ts")), "the walk missed the run command");
  assert.ok(graph.has(at("src/run/hook_process.ts")), "the walk missed hook_process.ts");
  assert.deepEqual(problems(graph), []);
  assert.ok(!graph.has(at("cli.ts")), "run.ts loads cli.ts");
  // Far less than cli.ts, whose command table reaches every command.
  const cli = await runtimeGraph(["cli.ts"], ROOT, true);
  assert.ok(graph.size * 2 < cli.size, `run.ts reaches ${graph.size} modules, cli.ts ${cli.size}`);
});

/** What the SDK must not load: install, list, bench, explain and the rest of the CLI. */
const NOT_IN_THE_SDK = {
  test: (s: string) =>
    /\/src\/(settings|install|hook_script|readers|cli|commands)\//.test(s) || s === at("cli.ts") ||
    s === at("mod.ts"),
};

Deno.test("the SDK's import graph holds no node: or npm: module and nothing of install, list, bench or explain", async () => {
  const direct = await runtimeGraph(["src/hook/mod.ts"], ROOT, true);
  assert.ok(direct.has(at("src/hook/direct.ts")), "the walk missed direct mode");
  assert.ok(direct.has(at("src/run/translate.ts")), "the walk missed translate.ts");
  assert.ok(direct.has(at("src/agents/claude_code.ts")), "the walk missed the agents");
  assert.deepEqual([...direct].filter((s) => s.startsWith("node:") || s.startsWith("npm:")), []);
  assert.deepEqual(
    [...direct].filter((s) => NOT_IN_THE_SDK.test(s) || FORBIDDEN_MODULES.test(s)),
    [],
  );
  // Direct mode gives the adapter the handler as its runner: the hook runner never loads.
  const adapter = await runtimeGraph(["src/hook/direct.ts"], ROOT);
  assert.ok(adapter.has(at("src/run/run.ts")), "the walk missed run.ts");
  assert.ok(!adapter.has(at("src/run/hook_process.ts")), "direct mode starts no program");
  // The contract's form (under run, bench, or by hand) loads no agent and no adapter.
  const contract = await runtimeGraph(["src/hook/mod.ts"], ROOT);
  assert.deepEqual(
    [...contract].filter((s) => /\/src\/(agents|run)\//.test(s) || s.endsWith("/direct.ts")),
    [],
  );
  // An example hook loads the SDK and its own code, nothing more.
  const example = await runtimeGraph(["examples/block-force-push.ts"], ROOT, true);
  assert.deepEqual(
    [...example].filter((s) =>
      s.startsWith("node:") || s.startsWith("npm:") || NOT_IN_THE_SDK.test(s)
    ),
    [],
  );
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

/** Every import among the project's own modules: static, dynamic and type-only. */
async function projectEdges(roots: string[], cwd: URL): Promise<Map<string, Set<string>>> {
  const base = cwd.href;
  const edges = new Map<string, Set<string>>();
  for (const root of roots) {
    for (const m of (await denoInfo(root, cwd)).modules) {
      if (!m.specifier.startsWith(base)) continue;
      const from = m.specifier.slice(base.length);
      const to = edges.get(from) ?? new Set<string>();
      edges.set(from, to);
      for (const dep of m.dependencies ?? []) {
        for (const target of [dep.code?.specifier, dep.type?.specifier]) {
          if (target?.startsWith(base) && target.endsWith(".ts")) to.add(target.slice(base.length));
        }
      }
    }
  }
  return edges;
}

/** The circles in a graph: each strongly connected group of more than one module, or a self-import. */
export function circles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || edges.get(v)?.has(v)) found.push(group.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The layers, lowest first: a module may import its own layer's modules or a lower layer's. */
const LAYERS: readonly RegExp[] = [
  /^src\/contract\//,
  /^src\/agents\//,
  /^src\/speaks\//,
  /^src\/os\//,
  /^src\/run\//,
  /^src\/hook\//,
  /^src\/settings\//,
  /^src\/hook_script\//,
  /^src\/install\//,
  /^src\/readers\//,
  /^src\/verify\//,
  /^src\/cli\//,
  /^src\/commands\//,
  /^(cli|mod|run)\.ts$/,
];

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.test(path));
}

/** Imports that point up: from a module to a layer above its own. */
export function upward(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const out: string[] = [];
  for (const [from, targets] of edges) {
    for (const to of targets) {
      if (layerOf(to) > layerOf(from)) out.push(`${from} -> ${to}`);
    }
  }
  return out.sort();
}

async function sourceModules(dir: URL, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory) {
      out.push(...await sourceModules(new URL(`${entry.name}/`, dir), `${path}/`));
    } else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

Deno.test("the project's imports make no circle and never point up a layer", async () => {
  const modules = (await sourceModules(new URL("src/", ROOT), "src/"))
    .filter((m) => !m.endsWith("_test.ts"));
  const edges = await projectEdges(["cli.ts", "mod.ts", "run.ts", ...modules], ROOT);
  assert.ok(edges.has("src/commands/run.ts"), "the walk missed cli.ts's dynamic imports");
  for (const m of edges.keys()) {
    if (m.startsWith("src/") || /^(cli|mod|run)\.ts$/.test(m)) {
      assert.notEqual(layerOf(m), -1, `${m} is in no layer`);
    }
  }
  assert.deepEqual(circles(edges), []);
  assert.deepEqual(upward(edges), []);
});

Deno.test("circles() and upward() find a circle and an import that points up", () => {
  const edges = new Map<string, Set<string>>([
    ["src/run/a.ts", new Set(["src/run/b.ts", "src/contract/c.ts"])],
    ["src/run/b.ts", new Set(["src/cli/d.ts"])],
    ["src/cli/d.ts", new Set(["src/run/a.ts"])],
    ["src/contract/c.ts", new Set(["src/contract/c.ts"])],
  ]);
  assert.deepEqual(circles(edges).sort(), [
    ["src/cli/d.ts", "src/run/a.ts", "src/run/b.ts"],
    ["src/contract/c.ts"],
  ]);
  assert.deepEqual(upward(edges), ["src/run/b.ts -> src/cli/d.ts"]);
});

/** The most lines a module may hold without saying why in its module doc. */
const LONG_MODULE = 600;

/**
 * The reason a module's doc gives for its size: the text after "Over 600
 * lines:" on a line of the doc comment that holds `@module`, or undefined.
 */
export function sizeReason(text: string): string | undefined {
  for (const block of text.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const doc = block[1] as string;
    if (!/@module\b/.test(doc)) continue;
    const line = /^[ \t]*\*[ \t]*Over 600 lines:[ \t]*(\S.*)$/m.exec(doc);
    return line?.[1]?.trim();
  }
  return undefined;
}

Deno.test("sizeReason() reads the reason in the module doc, not in another comment", () => {
  const doc = (line: string) => `/**\n * A module.\n *\n${line}\n *\n * @module\n */\n`;
  assert.equal(sizeReason(doc(" * Over 600 lines: one table.")), "one table.");
  assert.equal(sizeReason(doc(" * Over 600 lines:")), undefined);
  assert.equal(sizeReason(doc(" * It has 700 lines.")), undefined);
  assert.equal(
    sizeReason("/** Over 600 lines: a function's doc. */\nexport const a = 1;\n"),
    undefined,
  );
});

Deno.test("a module past 600 lines says why in its module doc", async () => {
  const modules = [
    "cli.ts",
    "mod.ts",
    "run.ts",
  ];
  for (const dir of ["src", "tests", "scripts", "examples"]) {
    modules.push(...await sourceModules(new URL(`${dir}/`, ROOT), `${dir}/`));
  }
  assert.ok(modules.includes("src/run/run.ts"), "the walk missed src/");
  const unexplained: string[] = [];
  for (const m of modules) {
    const text = await Deno.readTextFile(new URL(m, ROOT));
    const lines = text.split("\n").length - 1;
    if (lines > LONG_MODULE && sizeReason(text) === undefined) {
      unexplained.push(`${m}: ${lines} lines and no "Over 600 lines:" line in its module doc`);
    }
  }
  assert.deepEqual(unexplained, []);
});
