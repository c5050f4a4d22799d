// deno-lint-ignore-file no-console -- a skipped block prints why
/**
 * Every command the README and docs/ show with its output is run here, and its
 * output must have the shape the page shows. A ```console block holds
 * `$ command` lines, each followed by what it printed; a ```<lang>
 * file=<path> block is a file the page has the reader write, at that path from
 * the home folder, before the commands after it run. One page's blocks run in
 * order, in one throwaway world: a home (`~`) that holds the clone
 * (`~/everyhook`, a link to this repository) and a project (`~/project`, a git
 * repository, where the commands start), with `everyhook` and `npx -y
 * deno@<version>` on PATH as small scripts that run this clone with this deno.
 *
 * The shape: both texts with the world's paths written as the page writes them
 * (`~`, and `deno` for the path of deno), numbers made 0 (digits joined by `-`,
 * as in a date or a backup's name, are one number), a gap of spaces between
 * two columns one gap (times, sizes, counts of milliseconds), trailing spaces
 * dropped and the lines that depend on the machine left out (where deno lives);
 * then each line of the page must be the line printed, a line `...` stands for
 * any lines, and a line ending in `…` needs only to begin the same. A block
 * that runs a real agent (`verify`) skips, saying why, where the agent is not
 * installed (`deno task agents`).
 */
import assert from "node:assert/strict";
import { agentBin, agentNodeBin } from "./e2e/world.ts";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const DENO_VERSION = /deno@(\d+\.\d+\.\d+)/.exec(await Deno.readTextFile(`${ROOT}/.ci/run`))![1]!;

/** One step of a page: a file to write, or a command and what it printed. */
type Step =
  | { kind: "file"; name: string; text: string; line: number }
  | { kind: "command"; command: string; output: string[]; line: number };

/**
 * The steps of a page, in order.
 *
 * @param text The page.
 * @returns Its files and commands.
 */
export function stepsOf(text: string): Step[] {
  const steps: Step[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i]!);
    const file = /\bfile=(\S+)/.exec(open[2] ?? "")?.[1];
    if (file) {
      steps.push({ kind: "file", name: file, text: body.join("\n") + "\n", line: start + 1 });
    }
    if (open[1] !== "console") continue;
    for (let j = 0; j < body.length; j++) {
      if (!body[j]!.startsWith("$ ")) continue;
      const output: string[] = [];
      let k = j + 1;
      for (; k < body.length && !body[k]!.startsWith("$ "); k++) output.push(body[k]!);
      steps.push({ kind: "command", command: body[j]!.slice(2), output, line: start + 2 + j });
      j = k - 1;
    }
  }
  return steps;
}

/** Lines whose words depend on the machine the command ran on, left out of both sides. */
const MACHINE_LINES = [
  /^Warning: The deno this line names lives in npx's cache/,
  /^Download https:\/\//,
];

/**
 * A text as its shape: the path of deno as `deno`, this repository as
 * `~/everyhook` (the world's clone), the world's home as `~`, digits as 0, no
 * trailing spaces, no colours, and no line that depends on the machine.
 */
function shape(lines: readonly string[], home?: string): string[] {
  const out: string[] = [];
  let skipBlank = false;
  for (let line of lines) {
    if (home) {
      line = line.replaceAll(Deno.execPath(), "deno").replaceAll(ROOT, `${home}/everyhook`)
        .replaceAll(home, "~");
      line = cutPath(line, home);
    }
    line = line.replace(new RegExp(`${String.fromCharCode(0x1b)}\\[[0-9;]*m`, "g"), "").replace(
      /\d+(-\d+)*/g,
      "0",
    ).trimEnd();
    // Columns padded to their widest cell: the gap between two is one gap, whatever its width.
    const indent = /^ */.exec(line)![0];
    line = indent + line.slice(indent.length).replace(/ {2,}/g, "  ");
    if (MACHINE_LINES.some((re) => re.test(line))) {
      skipBlank = true;
      continue;
    }
    if (skipBlank && line === "") {
      skipBlank = false;
      continue;
    }
    skipBlank = false;
    out.push(line);
  }
  while (out.at(-1) === "") out.pop();
  return out;
}

/** A line cut with `…` in the middle of the home's path: the part of the path kept is `~`. */
function cutPath(line: string, home: string): string {
  if (!line.endsWith("…")) return line;
  const body = line.slice(0, -1);
  for (let n = Math.min(home.length, body.length); n >= 2; n--) {
    if (body.endsWith(home.slice(0, n))) return `${body.slice(0, -n)}~…`;
  }
  return line;
}

/** Whether a printed line is what the page shows: equal, or the same up to a `…`. */
function sameLine(page: string, printed: string): boolean {
  if (page === printed) return true;
  const stem = (s: string) => s.endsWith("…") ? s.slice(0, -1) : undefined;
  const p = stem(page);
  const q = stem(printed);
  if (p !== undefined && printed.startsWith(p)) return true;
  if (q !== undefined && page.startsWith(q)) return true;
  return p !== undefined && q !== undefined && (p.startsWith(q) || q.startsWith(p));
}

/**
 * Why the printed output does not have the page's shape, or undefined when it does.
 *
 * @param page The lines the page shows.
 * @param printed The lines printed.
 * @returns The first difference, in words.
 */
export function shapeDiff(page: readonly string[], printed: readonly string[]): string | undefined {
  // Matches the page from line i against the printed text from line j; `...` takes any lines.
  const memo = new Map<string, boolean>();
  let furthest = { i: 0, j: 0 };
  const match = (i: number, j: number): boolean => {
    const key = `${i},${j}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    if (i > furthest.i) furthest = { i, j };
    let ok: boolean;
    if (i === page.length) ok = j === printed.length;
    else if (page[i] === "...") {
      ok = false;
      for (let k = j; k <= printed.length && !ok; k++) ok = match(i + 1, k);
    } else ok = j < printed.length && sameLine(page[i]!, printed[j]!) && match(i + 1, j + 1);
    memo.set(key, ok);
    return ok;
  };
  if (match(0, 0)) return undefined;
  const want = page[furthest.i] ?? "(the end)";
  const got = printed[furthest.j] ?? "(the end)";
  return `page line ${furthest.i + 1}: wanted\n  ${want}\nbut printed\n  ${got}`;
}

/** A throwaway world: a home with the clone in it, a project, and the scripts on PATH. */
interface World {
  home: string;
  bin: string;
  cwd: string;
  lastExit: number;
  remove(): Promise<void>;
}

async function makeWorld(): Promise<World> {
  const home = await Deno.realPath(await Deno.makeTempDir({ prefix: "everyhook-docs-" }));
  const bin = `${home}/.bin`;
  await Deno.mkdir(bin);
  await Deno.mkdir(`${home}/project/.git/refs/heads`, { recursive: true });
  await Deno.mkdir(`${home}/project/.git/objects`, { recursive: true });
  await Deno.writeTextFile(`${home}/project/.git/HEAD`, "ref: refs/heads/main\n");
  await Deno.symlink(ROOT, `${home}/everyhook`);
  const deno = Deno.execPath();
  const flags = "--allow-read --allow-write --allow-run --allow-env --allow-net=127.0.0.1";
  const scripts: Record<string, string> = {
    everyhook: `#!/bin/sh\nexec "${deno}" run ${flags} "$HOME/everyhook/cli.ts" "$@"\n`,
    // `npx -y deno@<version> ...` is this deno: the page's version must be the pinned one.
    npx:
      `#!/bin/sh\n[ "$1" = -y ] && [ "$2" = "deno@${DENO_VERSION}" ] || { echo "npx: only -y deno@${DENO_VERSION} here" >&2; exit 127; }\nshift 2\nexec "${deno}" "$@"\n`,
    deno: `#!/bin/sh\nexec "${deno}" "$@"\n`,
  };
  for (const [name, text] of Object.entries(scripts)) {
    await Deno.writeTextFile(`${bin}/${name}`, text);
    await Deno.chmod(`${bin}/${name}`, 0o755);
  }
  return {
    home,
    bin,
    cwd: `${home}/project`,
    lastExit: 0,
    remove: () => Deno.remove(home, { recursive: true }),
  };
}

/** The folders of the agents a command names, when it runs one; undefined when one is missing. */
function agentPath(command: string): { path: string[]; missing?: string } {
  if (!/\beveryhook verify\b/.test(command)) return { path: [] };
  const named = /--agent[ =](\S+)/.exec(command)?.[1]?.split(",") ?? [];
  const path: string[] = [];
  for (const id of named) {
    const bin = agentBin(id);
    if (!bin) return { path, missing: `${id} is not installed (deno task agents)` };
    path.push(bin.replace(/\/[^/]+$/, ""));
    const node = agentNodeBin(id);
    if (node) path.unshift(node);
  }
  return { path };
}

/**
 * What a command gets of this process's environment: Deno's cache (the one in use, not one in the
 * world's home, so nothing is fetched again), and the settings of certificates and proxies.
 */
const PASSED: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([k]) =>
      /^(DENO_|NPM_CONFIG_|npm_config_|SSL_CERT|NODE_EXTRA_CA|HTTPS?_PROXY$|NO_PROXY$)/i.test(k)
    ),
  ),
  DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
};

async function runStep(world: World, command: string, path: string[]): Promise<string[]> {
  const cd = /^cd (\S+)$/.exec(command);
  if (cd) {
    world.cwd = cd[1]!.replace(/^~/, world.home);
    await Deno.stat(world.cwd);
    return [];
  }
  if (command === "echo $?") return [String(world.lastExit)];
  const out = await new Deno.Command("/bin/sh", {
    args: ["-c", `${command} 2>&1`],
    cwd: world.cwd,
    env: {
      ...PASSED,
      HOME: world.home,
      PATH: [world.bin, ...path, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
      NO_COLOR: "1",
      DENO_NO_UPDATE_CHECK: "1",
    },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  world.lastExit = out.code;
  return new TextDecoder().decode(out.stdout).split("\n");
}

/** The pages whose commands are run. */
async function pages(): Promise<string[]> {
  const out = ["README.md"];
  for await (const e of Deno.readDir(`${ROOT}/docs`)) {
    if (e.isFile && e.name.endsWith(".md")) out.push(`docs/${e.name}`);
  }
  return out.sort();
}

Deno.test("stepsOf() and shapeDiff() read a page and compare shapes", () => {
  const page = [
    "```ts file=h.ts",
    "export {};",
    "```",
    "```console",
    "$ everyhook list",
    "1 hook in 2 files",
    "...",
    "the end",
    "$ echo $?",
    "0",
    "```",
    "```sh",
    "$ not run",
    "```",
  ].join("\n");
  const steps = stepsOf(page);
  assert.deepEqual(steps.map((s) => s.kind), ["file", "command", "command"]);
  const list = steps[1]!;
  assert.ok(list.kind === "command");
  assert.deepEqual(list.output, ["1 hook in 2 files", "...", "the end"]);
  const want = shape(list.output);
  assert.equal(shapeDiff(want, shape(["3 hook in 4 files", "a", "b", "the end"])), undefined);
  assert.equal(shapeDiff(want, shape(["3 hook in 4 files", "the end"])), undefined);
  assert.match(shapeDiff(want, shape(["3 hooks in 4 files", "the end"]))!, /page line 1/);
  assert.match(shapeDiff(want, shape(["3 hook in 4 files"]))!, /wanted\n {2}the end/);
  assert.equal(shapeDiff(["a long line…"], ["a long line that goes on"]), undefined);
  assert.equal(shapeDiff(["a long line that goes on"], ["a long li…"]), undefined);
  assert.notEqual(shapeDiff(["a long line…"], ["a short line"]), undefined);
});

for (const page of await pages()) {
  const steps = stepsOf(await Deno.readTextFile(`${ROOT}/${page}`));
  if (!steps.some((s) => s.kind === "command")) continue;
  Deno.test({
    name: `${page}: every command shown prints what the page shows, in shape`,
    ignore: Deno.build.os === "windows",
    fn: async () => {
      const world = await makeWorld();
      try {
        for (const step of steps) {
          if (step.kind === "file") {
            // A file's name is its path from the home folder, never a way out of the world.
            assert.ok(!step.name.split("/").includes(".."), `${page}:${step.line}: ${step.name}`);
            assert.ok(!step.name.startsWith("everyhook/"), `${page}:${step.line}: in the clone`);
            const path = `${world.home}/${step.name}`;
            await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
            await Deno.writeTextFile(path, step.text);
            continue;
          }
          const agents = agentPath(step.command);
          if (agents.missing) {
            console.log(`skipped: ${page}:${step.line} ${step.command}: ${agents.missing}`);
            continue;
          }
          const printed = await runStep(world, step.command, agents.path);
          const diff = shapeDiff(shape(step.output), shape(printed, world.home));
          assert.equal(
            diff,
            undefined,
            `${page}:${step.line}: $ ${step.command}\n${diff}\n--- all it printed:\n${
              printed.join("\n")
            }`,
          );
        }
      } finally {
        await world.remove();
      }
    },
  });
}

Deno.test("every link of the README and docs/ to a file of the repository leads to one", async () => {
  const broken: string[] = [];
  for (const page of await pages()) {
    const text = await Deno.readTextFile(`${ROOT}/${page}`);
    const dir = page.includes("/") ? page.slice(0, page.lastIndexOf("/") + 1) : "";
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.split("#")[0]!;
      if (target === "" || /^[a-z]+:/.test(target)) continue;
      const path = new URL(`${dir}${target}`, `file://${ROOT}/`).pathname;
      if (!await Deno.stat(path).then(() => true, () => false)) broken.push(`${page}: ${m[1]}`);
    }
  }
  assert.deepEqual(broken, []);
});

Deno.test("docs/commands.md's synopsis names every command and every option of each", async () => {
  const { COMMANDS } = await import("../src/cli/commands.ts");
  const page = await Deno.readTextFile(`${ROOT}/docs/commands.md`);
  const synopsis = /^# Commands\n\n```\n([\s\S]*?)\n```/.exec(page)?.[1] ?? "";
  // Each command's lines: its own, and the lines that carry it on.
  const blocks = synopsis.split(/\n(?=everyhook )/);
  for (const c of COMMANDS) {
    const block = blocks.find((b) => b.startsWith(`everyhook ${c.name} `));
    assert.ok(block, `the synopsis has ${c.name}`);
    for (const f of c.flags) assert.ok(block.includes(`--${f.name}`), `${c.name} --${f.name}`);
  }
});
