/**
 * A fuzz round trip: 1,000 generated JSONC files (a seeded generator, so every
 * run makes the same ones), each installed into and uninstalled from, must come
 * back byte for byte.
 */

import assert from "node:assert/strict";
import { AGENTS } from "../src/agents/mod.ts";
import type { Agent } from "../src/agents/types.ts";
import type { ContractEvent } from "../src/contract/contract.ts";

/** The agents whose hooks are a JSON file (everyhook's plugin is written whole). */
const JSON_AGENTS = AGENTS.filter((a) => a.install.container === undefined);
import { install } from "../src/install/install.ts";
import type { InstallWorld } from "../src/install/config_file.ts";
import { parseJsonText } from "../src/settings/json_text.ts";
import { settingsFilePath } from "../src/settings/locations.ts";
import { uninstall } from "../src/install/uninstall.ts";

const FILES = 1000;
const SEED = 0x5eed;

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Style {
  indent: string;
  eol: string;
  comments: number;
  trailing: number;
}

class Gen {
  constructor(readonly rnd: () => number) {}
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)]!;
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
}

const KEYS = ["model", "env", "permissions", "a", "b", "theme", "ünï", "k y", 'x\\"q', "list"];
const STRINGS = [
  '""',
  '"opus"',
  '"C:\\\\Users\\\\me"',
  '"say \\"hi\\""',
  '"\\u00e9\\ud83d\\ude00"',
  '"tab\\there\\nnext"',
  '"😀 é"',
  '"/usr/bin/env"',
];

function scalar(g: Gen): string {
  return g.pick([
    () => g.pick(STRINGS),
    () => String(Math.floor(g.rnd() * 2000) - 1000),
    () => g.pick(["1.5", "-0", "1e3", "0.25E-2"]),
    () => g.pick(["true", "false", "null"]),
  ])();
}

function comment(g: Gen, s: Style): string {
  if (!g.chance(s.comments)) return "";
  return s.eol === "" || g.chance(0.5) ? "/* c */ " : `// note${s.eol}`;
}

function container(g: Gen, s: Style, level: number, items: string[], open: string): string {
  const close = open === "{" ? "}" : "]";
  if (items.length === 0) return g.chance(0.5) ? `${open}${close}` : `${open} ${close}`;
  const trailing = g.chance(s.trailing) ? "," : "";
  if (s.eol === "") return `${open}${items.join(g.pick([",", ", "]))}${trailing}${close}`;
  const pad = s.indent.repeat(level + 1);
  const body = items.map((item) => `${pad}${comment(g, s)}${comment(g, s) ? pad : ""}${item}`);
  return `${open}${s.eol}${body.join(`,${s.eol}`)}${trailing}${s.eol}${
    s.indent.repeat(level)
  }${close}`;
}

function value(g: Gen, s: Style, level: number): string {
  if (level > 3 || g.chance(0.5)) return scalar(g);
  if (g.chance(0.5)) {
    const n = Math.floor(g.rnd() * 4);
    return container(g, s, level, Array.from({ length: n }, () => value(g, s, level + 1)), "[");
  }
  return object(g, s, level, []);
}

function object(g: Gen, s: Style, level: number, fixed: string[]): string {
  const n = Math.floor(g.rnd() * 4);
  const keys = new Set<string>();
  for (let i = 0; i < n; i++) keys.add(g.pick(KEYS));
  const items = [...keys].map((k) => `"${k}": ${value(g, s, level + 1)}`);
  for (const f of fixed) items.splice(Math.floor(g.rnd() * (items.length + 1)), 0, f);
  return container(g, s, level, items, "{");
}

function ownHooks(g: Gen, s: Style, agent: Agent): string {
  const natives = Object.values(agent.events).map((e) => e.native);
  const keys = new Set<string>();
  const n = Math.floor(g.rnd() * 3);
  for (let i = 0; i < n; i++) keys.add(g.chance(0.8) ? g.pick(natives) : "Notification");
  const lists = [...keys].map((k) => {
    const entries = Array.from({ length: 1 + Math.floor(g.rnd() * 2) }, () => {
      const cmd = `"command": ${
        g.pick(['"echo mine"', '"node /x/y.js \\"$1\\""', '"run --agent x"'])
      }`;
      if (agent.install.layout === "flat") return container(g, s, 4, [cmd], "{");
      const handler = container(g, s, 6, ['"type": "command"', cmd], "{");
      const group = [`"hooks": ${container(g, s, 5, [handler], "[")}`];
      if (g.chance(0.5)) group.unshift('"matcher": "Bash"');
      return container(g, s, 4, group, "{");
    });
    return `"${k}": ${container(g, s, 3, entries, "[")}`;
  });
  return container(g, s, 2, lists, "{");
}

function file(g: Gen, agent: Agent): Uint8Array {
  const s: Style = {
    indent: g.pick(["\t", "  ", "    ", " ", "   "]),
    eol: g.pick(["\n", "\n", "\r\n", ""]),
    comments: g.pick([0, 0, 0.2, 0.5]),
    trailing: g.pick([0, 0, 0.3]),
  };
  const fixed: string[] = [];
  if (agent.install.layout === "flat" && g.chance(0.5)) fixed.push('"version": 1');
  if (g.chance(0.5)) fixed.push(`"hooks": ${ownHooks(g, s, agent)}`);
  let text = object(g, s, 0, fixed);
  if (s.eol !== "" && g.chance(0.2)) text = `// head${s.eol}${text}`;
  if (g.chance(0.7)) text += s.eol || "\n";
  const bytes = new TextEncoder().encode(text);
  return g.chance(0.1) ? new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]) : bytes;
}

/** Whether every character of `old` is in `text`, in order: install only added. */
function keeps(text: string, old: string): boolean {
  let i = 0;
  for (let j = 0; j < text.length && i < old.length; j++) if (text[j] === old[i]) i++;
  return i === old.length;
}

Deno.test(`install() then uninstall() gives back ${FILES} generated files byte for byte`, async () => {
  const g = new Gen(prng(SEED));
  const home = await Deno.makeTempDir({ prefix: "everyhook-fuzz-" });
  let t = Date.UTC(2026, 9, 17, 17, 30, 0);
  const world: InstallWorld = {
    env: { HOME: home, USERPROFILE: home },
    cwd: home,
    os: Deno.build.os,
    now: () => new Date(t += 1000),
  };
  await Deno.writeTextFile(`${home}/hook.ts`, "");
  let withOwnHooks = 0;
  let kept = 0;
  try {
    for (let i = 0; i < FILES; i++) {
      const agent = JSON_AGENTS[i % JSON_AGENTS.length]!;
      const path = settingsFilePath(agent, "user", { env: world.env, os: world.os, project: home });
      const dir = path.slice(0, path.lastIndexOf("/"));
      await Deno.remove(dir, { recursive: true }).catch(() => {});
      await Deno.mkdir(dir, { recursive: true });
      const before = file(g, agent);
      await Deno.writeFile(path, before);
      const text = new TextDecoder().decode(before).replace(/^\ufeff/, "");
      const parsed = parseJsonText(text, path) as Record<string, unknown>;
      if (parsed.hooks !== undefined) withOwnHooks++;
      const have = Object.keys(agent.events) as ContractEvent[];
      const events = have.filter(() => g.chance(0.5));
      const label = `file ${i} (${agent.id}): ${JSON.stringify(text.slice(0, 300))}`;
      const r = await install({
        hook: "hook.ts",
        agents: [agent],
        events: events.length > 0 ? events : ["pre-tool"],
        scope: "user",
        timeout: 1 + Math.floor(g.rnd() * 120),
        failClosed: g.chance(0.5),
        dryRun: false,
        self: { argv: ["/opt/bin/everyhook"], warnings: [] },
        ...(g.chance(0.3) ? { matcher: g.pick(["Bash", "Edit|Write", ".*"]) } : {}),
      }, world);
      assert.equal(r.results[0]!.refused, null, label);
      assert.equal(r.results[0]!.action, "updated", label);
      if (keeps(new TextDecoder().decode(await Deno.readFile(path)), text)) kept++;
      const u = await uninstall(
        { hook: "hook.ts", agents: [agent], scope: "user", dryRun: false },
        world,
      );
      assert.equal(u.results[0]!.refused, null, label);
      assert.notEqual(u.results[0]!.restoredFrom, null, label);
      assert.deepEqual(await Deno.readFile(path), before, label);
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
  assert.ok(withOwnHooks > FILES / 4, "a good share of the files hold hooks of their own");
  assert.equal(kept, FILES, "install only added bytes, to every file");
});
